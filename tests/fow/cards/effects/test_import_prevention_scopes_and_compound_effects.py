"""Importing effects the vocabulary lacked, on real card text (``domain/fow/importer.py``); the
engine side is specified in ``tests/fow/cards/effects/test_play_prevention_scopes_and_compound_effects.py``:

* damage preventions covering you, every card a filter names, only battle or non-battle damage, and
  the damage an added resonator deals (FoW-5.5 10.17, 3.13 p3, 8.4, 8.5);
* "Your opponent discards a card and banishes a resonator": two effects of one player, in order;
* "Non-Wererabbit resonators gain [-500/0] and Wererabbit resonators gain [+500/0]": two effects;
* "... cannot attack resonators you control until end of turn" (8.2 p3.2, 1.4 p1)."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _continuous, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database

NORMAL_SPELL = {"zone": "chase", "types": ["spell"]}


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_prevent_200_of_damage_a_normal_spell_would_deal_to_you(imported: dict[str, ImportedCard]) -> None:
    # Barrier Field (MPR-058, [Addition:Field]): "[Continuous]: If damage would be dealt to you by a
    # normal spell, prevent 200 of it."
    assert full(imported, "MPR-058")["abilities"] == [
        {
            "kind": "replacement",
            "affects": {"kind": "you"},
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_from": NORMAL_SPELL,
            "prevent_amount": 200,
        }
    ]


def test_prevent_damage_normal_spells_would_deal_to_resonators_you_control(
    imported: dict[str, ImportedCard],
) -> None:
    # Refarth, the Wind Castle (MOA-038): "[Continuous]: Prevent all damage that would be dealt by
    # normal spells to resonators you control."
    assert full(imported, "MOA-038")["abilities"] == [
        {
            "kind": "replacement",
            "affects": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_from": NORMAL_SPELL,
        }
    ]


def test_prevent_non_battle_damage_by_fire_cards_to_added_resonator(imported: dict[str, ImportedCard]) -> None:
    # Reflective Water Shield (BFA-013): "Prevent all non-battle damage that would be dealt to added
    # resonator by fire cards."  A fire card in any playground, or a spell (3.14 p1, 9.11)
    assert full(imported, "BFA-013")["abilities"][1] == {
        "kind": "replacement",
        "replaces": "self_damaged",
        "instead": "prevent",
        "damage_from": {"zone": "field", "types": [], "attributes": ["R"], "playground": True},
        "damage_battle": False,
    }


def test_prevent_battle_damage_dealt_to_or_by_added_resonator(imported: dict[str, ImportedCard]) -> None:
    # Elixir of Immortality (MPR-040): "[Continuous]: Prevent all battle damage that would be dealt to
    # or dealt by added resonator."
    assert full(imported, "MPR-040")["abilities"] == [
        {
            "kind": "replacement",
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_battle": True,
            "or_dealt_by": True,
        }
    ]


def test_dealt_by_is_said_of_added_resonator_only() -> None:
    # a resonator's own "dealt to or dealt by this card" is no text of a real card: left unsupported
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    text = "Prevent all battle damage that would be dealt to or dealt by this card."
    with pytest.raises(_GapError):
        _continuous(text, text.rstrip("."), ctx)


def test_your_opponent_discards_a_card_and_banishes_a_resonator(imported: dict[str, ImportedCard]) -> None:
    # Dark Rezzard, the Dying Shadow (TTW-082): "... you may banish another resonator. If you do, your
    # opponent discards a card and banishes a resonator."
    ability = full(imported, "TTW-082")["abilities"][0]
    assert ability["trigger"] == "enters_field_from_standby"
    assert ability["effects"][1] == {
        "op": "if",
        "condition": {"kind": "did"},
        "effects": [
            {"op": "discard", "count": 1, "who": "opponent"},
            {
                "op": "banish",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
                "who": "opponent",
            },
        ],
    }


def test_two_subjects_gain_two_modifications(imported: dict[str, ImportedCard]) -> None:
    # Total Eclipse (MPR-051): "[Trigger] While you control a Moon: Non-Wererabbit resonators gain
    # [-500/0] and Wererabbit resonators gain [+500/0] until end of turn."
    assert full(imported, "MPR-051")["effects"] == [
        {
            "op": "modify",
            "atk": -500,
            "def": 0,
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "not_races": ["Wererabbit"]}},
            "duration": "end_of_turn",
        },
        {
            "op": "modify",
            "atk": 500,
            "def": 0,
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "races": ["Wererabbit"]}},
            "duration": "end_of_turn",
        },
    ]


def test_cannot_attack_resonators_you_control_until_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Tunnel Vision (VIN001-074): "Resonators your opponent controls cannot attack resonators you
    # control until end of turn."
    assert full(imported, "VIN001-074")["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"}},
            "rules": ["cannot_attack_resonators"],
        }
    ]
    # your own resonators attack only what your opponent controls: not this restriction
    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):
        _effects("Resonators you control cannot attack resonators you control until end of turn.", ctx)


def test_cost_changes_of_regalia_abilities_and_of_gods_arts(imported: dict[str, ImportedCard]) -> None:
    # Conqueror of the Black Moon, Gill Lapis (TMS-072): "Your opponent plays {1} more to play regalia's
    # activate abilities." ("plays" for "pays", a misprint); Barrier of Shadows (TTW-073): "Your opponent
    # pays {1} more to play [Judgment] or God's Art abilities." / "... regalia's activate abilities."
    regalia = {"kind": "continuous", "cost_change": {"of": "regalia_activate", "who": "opponent", "more": 1}}
    assert full(imported, "TMS-072")["abilities"] == [regalia]
    assert full(imported, "TTW-073")["abilities"] == [
        {"kind": "continuous", "cost_change": {"of": "judgment_or_gods_art", "who": "opponent", "more": 1}},
        regalia,
    ]
    # "You play {1} less": no such misprint on a real card, and "play ... to play" says nothing clear
    ctx = _Ctx("X", "addition", "field", frozenset(), None)
    text = "You plays {1} less to play regalia's activate abilities."
    with pytest.raises(_GapError):
        _continuous(text, text.rstrip("."), ctx)


def test_can_block_resonators_with_flying_as_long_as_your_ruler_is_named(imported: dict[str, ImportedCard]) -> None:
    # Child of the Forest (TMS-054): "As long as your ruler is "Yggdrasil, the World Tree", this card can
    # block resonators with [Flying]."  A rule override (the text beats [Flying], 11.5, 1.4 p1)
    assert full(imported, "TMS-054")["abilities"][0] == {
        "kind": "continuous",
        "rules": {"can_block_flying_resonators": True},
        "condition": {"kind": "ruler_is", "rulers": ["Yggdrasil, the World Tree"]},
    }


def test_switch_the_atk_and_def_of_this_card(imported: dict[str, ImportedCard]) -> None:
    # Suseri-hime, Goddess of Passion (TTW-049): "{U}: Switch the ATK and DEF of this card until end of turn."
    assert full(imported, "TTW-049")["abilities"][0] == {
        "kind": "activate",
        "cost": {"will": {"attribute": {"U": 1}, "free": 0}},
        "effects": [{"op": "switch_stats", "target": {"kind": "self"}}],
    }


def test_added_resonator_becomes_a_200_300(imported: dict[str, ImportedCard]) -> None:
    # Fairy Flower Extract (BFA-037, [Addition:Resonator]): "Added resonator becomes a [200/300]."
    assert full(imported, "BFA-037")["abilities"] == [{"kind": "continuous", "set_stats": [200, 300]}]
    # said by a resonator of itself, "added resonator" names nothing
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    with pytest.raises(_GapError):
        _continuous("Added resonator becomes a [200/300].", "Added resonator becomes a [200/300]", ctx)


def test_your_opponent_discards_a_card_at_random_then_discards_a_card(imported: dict[str, ImportedCard]) -> None:
    # Lapis' Dark Storm (BFA-070): "Your opponent discards a card at random, then discards a card."
    assert full(imported, "BFA-070")["effects"] == [
        {"op": "discard", "count": 1, "who": "opponent", "at_random": True},
        {"op": "discard", "count": 1, "who": "opponent"},
    ]


def test_add_this_card_to_another_target_resonator(imported: dict[str, ImportedCard]) -> None:
    # Fear of Battle (SKL-023, [Addition:Resonator]): "{R}{R}: Add this card to another target resonator."
    target = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "not_host": True}}
    assert full(imported, "SKL-023")["abilities"][1]["effects"] == [{"op": "add_self_to", "target": target}]
    # on a resonator, "this card" is no addition
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    with pytest.raises(_GapError):
        _effects("Add this card to another target resonator.", ctx)


def test_each_resonator_your_opponent_controls_loses_its_symbol_skills(imported: dict[str, ImportedCard]) -> None:
    # Fina, the Silver Player (CMF-068): "[Continuous]: If your Ruler is "Christie, the Wind Tracker" or
    # your J-Ruler is "Helsing, the Vampire Hunter", each resonator your opponent controls loses its
    # symbol skills."
    assert full(imported, "CMF-068")["abilities"][0] == {
        "kind": "continuous",
        "affects": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"}},
        "lose_skills": True,
        "condition": {
            "kind": "ruler_is",
            "rulers": ["Christie, the Wind Tracker"],
            "j_rulers": ["Helsing, the Vampire Hunter"],
        },
    }


def test_they_dont_recover_during_their_controllers_next_recovery_phase(imported: dict[str, ImportedCard]) -> None:
    # Momentary Respite (VIN002-041): "Rest up to two target resonators your opponent controls. They don't
    # recover during their controller's next recovery phase."  "They": the targets of the rest effect
    assert full(imported, "VIN002-041")["effects"] == [
        {
            "op": "rest",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"},
                "count": 2,
                "up_to": True,
            },
        },
        {
            "op": "restrict",
            "target": {"kind": "same"},
            "rules": ["doesnt_recover_in_recovery_phase"],
            "duration": "next_recovery_phase",
        },
    ]
