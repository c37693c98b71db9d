"""The official card list importer (domain/gcg/importer.py): strict readings of composed
records phrased like the rules (GCG-1.00 2 card information, 5 terms, 9 abilities, 11
keywords); every paragraph fully expressed or kept verbatim with its first gap."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from domain.gcg.cards import parse_catalog
from domain.gcg.importer import RawCardError, check_raw, import_card, import_cards, unsupported_pattern
from tests.gcg.cards.records import EXPECTED, RECORDS, battle, monster, strategy
from tests.gcg.cards.support import record


def _short(value: Any) -> Any:
    """A model as JSON without its default values, but with its ``op`` and ``kind``."""
    if isinstance(value, BaseModel):
        out = {}
        for name, info in type(value).model_fields.items():
            v = getattr(value, name)
            default = info.get_default(call_default_factory=True)
            if name in ("op", "kind") or (v != default and name != "text"):
                out[name] = _short(v)
        return out
    if isinstance(value, list):
        return [_short(v) for v in value]
    return value


def _abilities(rec: dict[str, Any]) -> list[dict[str, Any]]:
    card = import_card(rec).card
    assert card is not None
    return [_short(a) for a in card.abilities]


def _effects(rec: dict[str, Any]) -> list[dict[str, Any]]:
    card = import_card(rec).card
    assert card is not None
    return [_short(e) for e in card.effects]


def test_every_composed_record_imports_as_expected_and_the_coverage_figure() -> None:
    result = import_cards(RECORDS)
    assert {c.id: c.status for c in result.cards} == EXPECTED
    assert (result.count("full"), result.count("partial"), result.count("none")) == (42, 1, 10)
    for c in result.cards:  # one gap per unsupported text, and the card keeps the text verbatim
        assert len(c.gaps) == len(c.unsupported)
        if c.card is not None:
            assert list(c.card.unsupported) == list(c.unsupported)
    assert len(parse_catalog({"cards": result.catalog()})) == 51  # every record that became a card


def test_the_card_information_of_a_monster() -> None:
    """2.1-2.8: name, type, rank (I-IV), colour, traits, threat level, invasion icon; 2.11.2
    card number; a threat level written with a thousands separator."""
    card = import_card(record(2)).card
    assert card is not None
    assert (card.id, card.number, card.type, card.rank, card.color, card.threat, card.invasion) == (
        "CMP01-002",
        "CMP01-002",
        "monster",
        4,
        "red",
        25000,
        1,
    )
    assert card.traits == ["Godzilla"] and card.text.startswith("<Enter>")
    roman = import_card(monster(90, "IV", "", threat="25000")).card
    assert roman is not None and roman.rank == 4


def test_destroy_by_rank_chosen_when_invading() -> None:
    """11.3, 5.12, 9.5.3: "<When Invading> <Destroy> 1 of your opponent's rank 4 or lower battle cards"."""
    assert _abilities(record(1)) == [
        {
            "kind": "auto",
            "trigger": "when_invading",
            "effects": [
                {
                    "op": "destroy",
                    "target": {
                        "kind": "chosen",
                        "filter": {"controller": "opponent", "types": ["battle"], "max_rank": 4},
                    },
                }
            ],
        }
    ]


def test_destroy_all_in_the_same_column_up_to_adjacent_and_by_zone() -> None:
    """4.4.5.4 same column, 4.4.5.2 adjacent, 4.4.4.1 zone numbers; "all" and "up to" (9.5.3.1.1)."""
    (same,) = _abilities(record(6))
    assert same["effects"][0]["target"] == {
        "kind": "all",
        "filter": {"controller": "opponent", "types": ["battle"], "max_rank": 3, "same_column": True},
    }
    (adj,) = _abilities(record(7))
    assert adj["effects"][0]["target"] == {
        "kind": "chosen",
        "filter": {"controller": "opponent", "types": ["battle"], "adjacent": True},
        "up_to": True,
    }
    (zones,) = _abilities(record(8))
    assert zones["effects"][0]["target"]["filter"] == {
        "controller": "opponent",
        "types": ["battle"],
        "min_zone": 6,
        "max_zone": 8,
    }
    (strat,) = _abilities(record(9))
    assert strat["effects"][0]["target"]["filter"] == {
        "area": "strategy",
        "controller": "opponent",
        "types": ["strategy"],
    }


def test_a_condition_on_an_effect() -> None:
    """9.3.3: "If you have 5 or more monster cards in your discard pile, increase this card's <Rage> by 1"."""
    _enter, invading = _abilities(record(2))
    assert invading["effects"] == [
        {
            "op": "gain_rage",
            "condition": {
                "kind": "count",
                "min": 5,
                "filter": {"area": "discard", "controller": "you", "types": ["monster"]},
            },
        }
    ]


def test_reminder_text_is_not_an_ability() -> None:
    """2.9.2: "(If you invaded 2 zones, activate this 2 times.)" is ignored."""
    assert _abilities(record(3)) == [
        {"kind": "auto", "trigger": "when_invading", "effects": [{"op": "lose_rage", "who": "opponent"}]}
    ]


def test_burst_and_awakening() -> None:
    """11.5 <Burst3> (and the record's burst field), 11.4 <Awakening6>."""
    card = import_card(record(4)).card
    assert card is not None and card.burst == 3
    assert _abilities(record(4)) == [{"kind": "continuous", "awakening": 6, "threat": 10000}]
    assert _abilities(record(5))[0]["awakening"] == 4
    # <BurstN> printed on the same line as another ability stands alone
    both = import_card(monster(91, "3", "<Burst2> <Enter> Draw 1 card.", threat="20000"))
    assert both.status == "full" and both.card is not None and both.card.burst == 2
    mismatch = import_card(monster(92, "3", "<Burst2>", threat="20000", burst="1"))
    assert mismatch.status == "partial" and mismatch.gaps == ("burst: the record says 1, the text <Burst2>",)


def test_evolution() -> None:
    """11.6: "<Evolution7> <《Mothra》>"."""
    assert _abilities(record(10)) == [{"kind": "auto", "evolution": {"rank": 7, "trait": "Mothra"}}]


def test_phase_trigger_with_a_zone_condition() -> None:
    """7.5.1, 9.3.3, 3.3.3: "At the beginning of your end phase, if your opponent's monster card
    is in zones 1-5, increase this card's <Rage> by 2"."""
    assert _abilities(record(12)) == [
        {
            "kind": "auto",
            "trigger": "start_of_end_phase",
            "effects": [
                {
                    "op": "gain_rage",
                    "amount": 2,
                    "condition": {"kind": "monster_zone", "who": "opponent", "min": 1, "max": 5},
                }
            ],
        }
    ]


def test_movement() -> None:
    """5.13.1, 5.13.2.2, 5.13.1.2."""
    assert _abilities(record(14))[0]["effects"] == [{"op": "advance"}]
    assert _abilities(record(15))[0]["effects"] == [{"op": "retreat", "to_zone": 5, "who": "opponent"}]
    assert _effects(record(16)) == [{"op": "advance", "to_zone": 6}]


def test_draw_discard_mill_search() -> None:
    """5.4.2, 5.4.3, 5.7.1, 5.7.2, 5.7.3, 5.8 (the spelled-out shuffle is the search's own)."""
    assert _effects(record(17)) == [{"op": "draw", "count": 2}, {"op": "discard"}]
    assert _effects(record(18)) == [{"op": "discard", "count": 3, "until": True, "who": "opponent"}]
    assert _effects(record(20)) == [{"op": "mill", "count": 3}, {"op": "draw"}]
    assert _effects(record(21)) == [{"op": "search", "filter": {"types": ["monster"], "traits": ["Godzilla"]}}]
    assert _abilities(record(23))[0]["effects"] == [{"op": "draw", "count": 2, "up_to": True}]


def test_you_may_and_if_you_do() -> None:
    """9.5.4: "You may discard 1 card from your hand. If you do, draw 2 cards"."""
    assert _abilities(record(22))[0]["effects"] == [
        {"op": "discard", "optional": True, "then": [{"op": "draw", "count": 2}]}
    ]


def test_continuous_abilities_and_their_conditions() -> None:
    """9.2.1.2, 9.3.3: zone 8 (4.4.3), your monster's zone (3.3.3), rage (3.4.3), cannot engage (5.16)."""
    assert _abilities(record(24)) == [
        {"kind": "continuous", "counter": 2000, "condition": {"kind": "self_zone", "min": 8, "max": 8}}
    ]
    assert _abilities(record(25))[0]["condition"] == {"kind": "monster_zone", "min": 6}
    assert _abilities(record(27)) == [
        {
            "kind": "continuous",
            "affects": {"kind": "all", "filter": {"controller": "you", "types": ["battle"]}},
            "counter": 1000,
        }
    ]
    assert _abilities(record(28))[0]["condition"] == {"kind": "rage", "min": 3}
    assert _abilities(record(30)) == [{"kind": "continuous", "cannot_engage": True}]


def test_other_battle_cards_in_one_zone() -> None:
    """4.4.4.1: "your other battle card in zone 8" is every battle card of yours there but this one."""
    (ability,) = _abilities(record(51))
    assert ability["affects"]["filter"] == {
        "controller": "you",
        "types": ["battle"],
        "other_than_self": True,
        "min_zone": 8,
        "max_zone": 8,
    }
    assert ability["condition"] == {"kind": "rage", "min": 2}
    assert import_card(battle(87, "2", "Your battle card gains +1000 counter power.")).gaps == (
        "target: 'Your battle card'",
    )


def test_the_rank_of_a_monster_card() -> None:
    """2.3.2.1, 3.3.4: "If your opponent's monster card is rank IV or higher"."""
    assert _abilities(record(53))[0]["condition"] == {"kind": "monster_rank", "who": "opponent", "min": 4}


def test_do_n_from_the_below() -> None:
    """9.5.2.2.1: "Choose one of the following:" and its options, the strategy card's text as
    its "placed" ability (9.1.1.1.2)."""
    (ability,) = _abilities(record(35))
    assert (ability["trigger"], ability["choose"]) == ("placed", 1)
    assert [[e["op"] for e in mode] for mode in ability["modes"]] == [["destroy"], ["draw"]]


def test_counts_rage_held_and_a_search_in_one_sentence() -> None:
    """9.3.3 with a count on a continuous ability (printed information, 9.8), 3.4.3 "has 2 or
    more <Rage>", 5.8 "reveal it, add it to your hand, then shuffle your deck", 5.7.2."""
    assert _abilities(record(36))[0]["condition"] == {
        "kind": "count",
        "min": 5,
        "filter": {"area": "discard", "controller": "you", "types": ["monster"]},
    }
    assert _abilities(record(48))[0]["condition"]["filter"] == {"controller": "you", "types": ["battle"]}
    assert _effects(record(37)) == [{"op": "draw", "count": 2, "condition": {"kind": "rage", "min": 2}}]
    assert _abilities(record(38))[0]["effects"] == [
        {"op": "search", "filter": {"traits": ["Godzilla"], "max_rank": 3, "min_rank": 3}}
    ]
    assert _effects(record(39)) == [{"op": "discard", "count": 2, "until": True, "who": "opponent"}]


def test_modifiers_until_end_of_turn_are_effects() -> None:
    """9.2.1.2: "until end of turn" makes a resolved effect with a duration (7.5.6)."""
    assert _abilities(record(26))[0]["effects"] == [
        {
            "op": "modify",
            "target": {"kind": "all", "filter": {"controller": "you", "types": ["battle"]}},
            "counter": 1000,
        }
    ]
    assert _effects(record(31)) == [{"op": "modify", "target": {"kind": "opponent_monster"}, "threat": -5000}]


def test_keywords_the_rules_do_not_define_are_unsupported() -> None:
    """GCG-1.00 chapter 11 defines Enter, When invading, Awakening, Burst and Evolution only."""
    for n, keyword in ((40, "<Your Turn>"), (41, "<Step2>")):
        c = import_card(record(n))
        assert c.status == "none" and c.gaps == (f"keyword: {keyword} is not defined in GCG-1.00",)
        assert c.card is not None and c.card.abilities == [] and c.card.effects == []


def test_unsupported_paragraphs_are_kept_verbatim_with_their_first_gap() -> None:
    c = import_card(record(47))
    assert c.status == "partial"
    assert c.unsupported == ("Whenever you play a battle card, draw 1 card.",)
    assert c.gaps == ("trigger: 'Whenever you play a battle card'",)
    assert c.card is not None and len(c.card.abilities) == 1  # the <Enter> paragraph
    assert import_card(record(42)).gaps == ("effect: 'reduce their <Rage> by 2'",)
    assert import_card(record(46)).gaps == ("target: '\"Crystals\"'",)  # a quoted name is not read
    assert import_card(record(50)).gaps == (
        "condition: a count of cards on the field by trait in a continuous ability (9.8.1.3)",
    )
    assert import_card(record(52)).gaps[0].startswith("cost: '(cost): (effect)' is a notation GCG-1.00 does not")
    assert import_card(record(49)).gaps[0].startswith("effect: a search whose text does not shuffle")


def test_characteristics_the_card_format_lacks() -> None:
    """2.4.3: red, blue or white, one colour; 2.2: monster, battle or strategy."""
    green = import_card(record(43))
    assert green.card is None and green.status == "none"
    assert green.unsupported == ("colors: ['green']",) and green.gaps[0].startswith("colors: not red, blue or white")
    two = import_card(record(44))
    assert two.card is None and two.gaps == ("colors: not one colour (GCG-1.00 2.4.3)",)
    token = import_card(dict(record(33), type="Token"))
    assert token.card is None and token.gaps == ("type: not a card type of GCG-1.00 (2.2)",)
    x = import_card(battle(93, "3", "", counter="X"))
    assert x.card is None and x.gaps == ("counter_power: not a number (2.6, 2.7)",)


def test_values_a_type_does_not_have_are_noted() -> None:
    c = import_card(monster(94, "1", "", counter_power="1000"))
    assert c.status == "full" and c.notes == ("counter_power '1000' ignored: a monster card has none (2.6, 2.7)",)


def test_wrong_readings_are_refused() -> None:
    """Nothing is guessed: a card-type mismatch is a gap, not a different reading."""
    assert import_card(battle(95, "2", "<When Invading> Draw 1 card.")).gaps == (
        "keyword: <When Invading> on a card that is not a monster (11.3.1)",
    )
    assert import_card(battle(96, "2", "<Enter> Increase this card's <Rage> by 1.")).gaps == (
        "effect: the <Rage> of a card that is not a monster (3.4.1)",
    )
    assert import_card(monster(86, "2", "<Enter> <Destroy> this card.")).gaps == (
        "effect: destroy a monster card itself (5.12.1.1 destroys zone cards)",
    )
    assert import_card(battle(85, "2", "<Enter> <Destroy> this card.")).status == "full"
    assert (
        import_card(strategy(97, "2", "Draw 1 card. If you do, draw 1 card."))
        .gaps[0]
        .startswith("effect: 'if you do' after an action that is not optional")
    )
    assert (
        import_card(monster(98, "2", "This card gains +5000 threat level until end of turn."))
        .gaps[0]
        .startswith("effect: a modifier with a duration but no trigger")
    )
    assert (
        import_card(battle(99, "2", "<Enter> Your monster card gains +1000 counter power until end of turn."))
        .gaps[0]
        .startswith("effect: counter of 'Your monster card'")
    )
    up_to_bare = strategy(
        89, "1", "Search your deck for up to 2 cards, reveal them and add them to your hand. Shuffle your deck."
    )
    assert import_card(up_to_bare).gaps[0].startswith("effect: search for 'up to N' cards without conditions")


def test_full_width_brackets_and_curly_quotes_read_as_angle_brackets() -> None:
    c = import_card(monster(88, "2", "【When Invading】 Reduce your opponent\u2019s 【Rage】 by 1."))
    assert c.status == "full"


def test_records_that_are_not_card_list_records() -> None:
    assert check_raw([]) == ["a card record must be an object"]
    assert check_raw({"name": "x", "type": "Monster"}) == ["'card_number' must be a non-empty string"]
    with pytest.raises(RawCardError):
        import_card({"card_number": " ", "name": "x", "type": "Battle"})
    # any other odd value is that card's problem, not the list's
    odd = import_card({"card_number": "A-1", "name": "x", "type": "Battle", "rank": "2", "colors": 3})
    assert odd.card is None and odd.gaps == ("colors: not a list of colours (2.4)",)
    one = import_card(dict(record(13), colors="Red", traits="《Human》", type="Battle Card"))
    assert one.status == "full" and one.card is not None and (one.card.color, one.card.traits) == ("red", ["Human"])
    br = import_card(dict(record(2), description=record(2)["description"].replace("\n", "<br>")))
    assert br.status == "full" and br.card is not None and len(br.card.abilities) == 2


def test_unsupported_pattern_abstracts_numbers_traits_and_names() -> None:
    assert (
        unsupported_pattern('If you have 3 "Crystals" and <《Godzilla》> 10,000')
        == "If you have N NAME and <《TRAIT》> N"
    )
