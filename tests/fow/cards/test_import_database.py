"""Importing the real Force of Will card database (``../shared/carddata/force-of-will``)
into the declarative card format: hand-written expected forms for real cards, the
strictness guarantees (unsupported text kept verbatim, statuses consistent), the whole
database, and the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.fow import engine
from domain.fow.cards import Card, parse_card
from domain.fow.importer import ImportedCard, ImportResult, RawCardError, import_card, import_cards
from domain.kernel import GameSpec, PlayerSpec, Rejection
from service.card_import import CardImportError, coverage_report, load_database, main, write_catalog
from tests.fow.carddata import CARDDATA_DIR, DEVELOPMENT_COPY, SHIPPED_DIR

DATA_DIR = CARDDATA_DIR
CARDS_JSON = DATA_DIR / "cards.json"
BATCH_JSON = DATA_DIR / "cardBatchImport.json"

ANY_CARD = ["ruler", "j_ruler", "resonator", "addition", "spell", "regalia", "magic_stone"]


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return load_database(CARDS_JSON) + load_database(BATCH_JSON)


@pytest.fixture(scope="module")
def result(records: list[dict[str, Any]]) -> ImportResult:
    return import_cards(records)


@pytest.fixture(scope="module")
def imported(result: ImportResult) -> dict[str, ImportedCard]:
    return result.by_id()


def shape(card: Card | None) -> dict[str, Any]:
    """The card as data, without its text (checked separately) and ability texts."""
    assert card is not None
    data = card.model_dump(mode="json", by_alias=True, exclude_unset=True)
    data.pop("text", None)
    data.pop("unsupported", None)

    def strip(abilities: list[dict[str, Any]]) -> None:
        for ability in abilities:
            ability.pop("text", None)

    strip(data.get("abilities", []))
    strip(data.get("awakening", {}).get("abilities", []))
    return data


def chosen(*types: str, **flt: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"zone": "field", **flt}
    if list(types) != ["resonator", "j_ruler"]:
        f["types"] = list(types)
    return {"kind": "chosen", "filter": f}


def will(free: int = 0, **attribute: int) -> dict[str, Any]:
    return {"attribute": attribute, "free": free}


def produce(*attrs: str) -> dict[str, Any]:
    return {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "will": list(attrs)}]}


# --------------------------------------------------------------------------------------
# real cards, expected forms written out by hand


def test_vanilla_resonator(imported: dict[str, ImportedCard]) -> None:
    c = imported["TAT-012"]  # Pure Spirit of Fantasy: no text
    assert c.status == "full" and c.unsupported == () and c.cluster == "Grimm" and c.set_code == "TAT"
    assert shape(c.card) == {
        "id": "TAT-012",
        "name": "Pure Spirit of Fantasy",
        "type": "resonator",
        "cost": will(1, W=1),
        "attributes": ["W"],
        "races": ["Fantasy"],
        "atk": 500,
        "def": 500,
    }


@pytest.mark.parametrize(
    ("card_id", "skill"),
    [
        ("CMF-073", "pierce"),  # Porthos, the Three Musketeers
        ("VIN001-012", "target_attack"),  # Siegfried
        ("VIN001-024", "first_strike"),  # Musashi Miyamoto
        ("VIN001-042", "flying"),  # Tai Gong Wang
        ("VIN001-020", "swiftness"),  # King Ashoka
    ],
)
def test_resonator_with_a_symbol_skill(imported: dict[str, ImportedCard], card_id: str, skill: str) -> None:
    c = imported[card_id]
    assert c.status == "full"
    data = shape(c.card)
    assert data["type"] == "resonator" and data["skills"] == [skill]
    assert "abilities" not in data  # the reminder text in parentheses is not an ability (2.4 p3)


def test_symbol_skill_paragraphs_in_full(imported: dict[str, ImportedCard]) -> None:
    assert shape(imported["CMF-073"].card) == {
        "id": "CMF-073",
        "name": "Porthos, the Three Musketeers",
        "type": "resonator",
        "cost": will(1, G=2),
        "attributes": ["G"],
        "races": ["Fairy Tale", "Musketeer"],
        "atk": 700,
        "def": 400,
        "skills": ["pierce"],
    }
    # J-ruler with [Imperishable]; its other paragraphs are beyond the vocabulary
    rezzard = imported["SKL-077J"]
    assert rezzard.status == "partial"
    assert shape(rezzard.card)["skills"] == ["imperishable"]
    assert rezzard.unsupported[0].startswith("God's Art <March of Undead>")  # its enter ability: since v_zone


def test_explode_and_swiftiness_spelling(records: list[dict[str, Any]]) -> None:
    # No printed card of the database carries [Explode] as a symbol skill (the one mention,
    # TTT-054, is conditional), and none uses the "[Swiftiness]" spelling: check the
    # grammar on a real resonator whose skill paragraph is replaced.
    base = next(r for r in records if r["id"] == "VIN001-020")
    for text, skill in (("[Explode]", "explode"), ("[Swiftiness] (reminder.)", "swiftness")):
        c = import_card({**base, "abilities": [text]})
        assert c.status == "full" and shape(c.card)["skills"] == [skill]


def test_quickcast(imported: dict[str, ImportedCard]) -> None:
    c = imported["AO1-032"]  # Regalia Break: "[Quickcast]" / "Destroy target regalia. Draw a card."
    assert c.status == "full"
    assert shape(c.card) == {
        "id": "AO1-032",
        "name": "Regalia Break",
        "type": "spell",
        "subtype": "chant",
        "cost": will(R=1),
        "attributes": ["R"],
        "races": ["Sword Art"],
        "skills": ["quickcast"],
        "effects": [
            {"op": "destroy", "target": chosen("regalia")},
            {"op": "draw", "count": 1, "who": "you"},
        ],
    }
    alice = imported["TMS-053"]  # Avatar of the Seven Lands, Alice: a resonator with [Quickcast]
    assert shape(alice.card)["skills"] == ["target_attack", "quickcast"]
    assert (
        alice.status == "full"
    )  # and "it's dealt to this card instead" (damage/test_import_replacements_and_redirection.py)


def test_awakening(imported: dict[str, ImportedCard]) -> None:
    c = imported["TAT-045"]  # Mad Hatter: "[Awakening] {U}: [Enter]: Draw a card. (reminder)"
    assert c.status == "full"
    assert shape(c.card) == {
        "id": "TAT-045",
        "name": "Mad Hatter",
        "type": "resonator",
        "cost": will(U=1),
        "attributes": ["U"],
        "races": ["Fairy Tale"],
        "atk": 300,
        "def": 300,
        "awakening": {
            "cost": will(U=1),
            "abilities": [
                {"kind": "automatic", "trigger": "enter", "effects": [{"op": "draw", "count": 1, "who": "you"}]}
            ],
        },
    }


def test_incarnation(imported: dict[str, ImportedCard]) -> None:
    cthugha = imported["MOA-013"]  # [Swiftness], [Incarnation] {R}
    assert cthugha.status == "full"
    assert shape(cthugha.card) == {
        "id": "MOA-013",
        "name": "Cthugha, the Living Flame",
        "type": "resonator",
        "cost": will(2, R=1),
        "attributes": ["R"],
        "races": ["Cthulhu"],
        "atk": 500,
        "def": 500,
        "skills": ["swiftness"],
        "incarnation": [["R"]],
    }
    yog = imported["MPR-089"]  # [Incarnation] {B}, {R} or {B}, {R} or {B}
    assert yog.status == "full"
    data = shape(yog.card)
    assert data["incarnation"] == [["B"], ["R", "B"], ["R", "B"]]
    assert data["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {
                    "op": "destroy",
                    "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "max_total_cost": 2}},
                }
            ],
        }
    ]


def test_chant_standby(imported: dict[str, ImportedCard], records: list[dict[str, Any]]) -> None:
    # Five Challenges: "[Trigger] Anytime: Draw a card. If you control five or more Treasury
    # Items, return all resonators your opponent controls to their owner's hands instead."
    # The [Trigger] paragraph is expressed ("instead": an "if" whose otherwise is the draw);
    # its second paragraph, a [Continuous] on a spell working in the graveyard, is expressed too
    # (tests/fow/cards/triggers/test_import_status_and_opponent_turn_triggers.py).
    c = imported["CMF-042"]
    raw = next(r for r in records if r["id"] == "CMF-042")
    assert c.status == "full" and list(c.unsupported) == []
    instead = shape(c.card)["effects"][0]
    assert (instead["op"], instead["otherwise"]) == ("if", [{"op": "draw", "count": 1, "who": "you"}])
    # a chant-standby without its [Trigger] is not a valid card: no card, everything kept verbatim
    broken = import_card({**raw, "abilities": ["[Trigger] Anytime: Draw a card if a moon is blue."]})
    assert broken.card is None and broken.status == "none"
    assert list(broken.unsupported) == ["[Trigger] Anytime: Draw a card if a moon is blue."]
    # the same card without the condition: trigger "anytime" and its effect
    simple = import_card({**raw, "abilities": ["[Trigger] Anytime: Draw a card."]})
    assert simple.status == "full"
    data = shape(simple.card)
    assert data["subtype"] == "chant_standby" and data["trigger"] == "anytime"
    assert data["effects"] == [{"op": "draw", "count": 1, "who": "you"}]


def test_additions(imported: dict[str, ImportedCard]) -> None:
    shoes = imported["VIN001-057"]  # Silver Shoes, Addition:Resonator: "Added resonator gains [+300/+300]."
    assert shoes.status == "full"
    assert shape(shoes.card) == {
        "id": "VIN001-057",
        "name": "Silver Shoes",
        "type": "addition",
        "subtype": "resonator",
        "cost": will(G=1),
        "attributes": ["G"],
        "races": [],
        "abilities": [{"kind": "continuous", "modify_atk": 300, "modify_def": 300}],
    }
    palace = imported["CMF-012"]  # Light Palace, the King's Castle, Addition:Field
    assert palace.status == "full"
    assert shape(palace.card)["abilities"] == [
        {
            "kind": "continuous",
            "affects": {
                "kind": "all",
                "filter": {"zone": "field", "types": [], "controller": "you", "races": ["Human"]},
            },
            "modify_atk": 200,
            "modify_def": 200,
        },
        {
            "kind": "activate",
            "cost": {"will": will(W=1), "banish_self": True},
            "effects": [{"op": "destroy", "target": chosen("addition")}],
        },
    ]


def test_regalia(imported: dict[str, ImportedCard]) -> None:
    c = imported["VS01-002"]  # Excalibur, the God's Sword
    assert c.status == "full"  # its {Rest} ability since the t8-opt round
    your_j_ruler = {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    faria = {"kind": "ruler_is", "j_rulers": ["Faria, the Ruler of God Sword"]}
    imperishable = {"op": "grant_skill", "skill": "imperishable", "target": your_j_ruler, "duration": "end_of_turn"}
    assert shape(c.card) == {
        "id": "VS01-002",
        "name": "Excalibur, the God's Sword",
        "type": "regalia",
        "cost": will(),
        "attributes": [],
        "races": [],
        "abilities": [
            {"kind": "continuous", "affects": your_j_ruler, "grant": ["target_attack"]},
            {
                "kind": "activate",
                "cost": {"rest": True},
                "effects": [
                    {"op": "modify", "atk": 200, "def": 200, "target": your_j_ruler, "duration": "end_of_turn"},
                    {
                        "op": "if",
                        "condition": faria,
                        "effects": [imperishable],
                    },
                    {"op": "pay_less", "of": "gods_art", "less": {"attribute": {}, "free": 2}, "condition": faria},
                ],
            },
            {  # 'Discard another card named "Excalibur, the God's Sword": Produce {W}.' (a will ability)
                "kind": "activate",
                "cost": {
                    "cards": [
                        {
                            "action": "discard",
                            "filter": {
                                "zone": "hand",
                                "types": [],
                                "name": "Excalibur, the God's Sword",
                                "other_than_self": True,
                            },
                        }
                    ]
                },
                "effects": [{"op": "produce_will", "will": ["W"]}],
            },
            {
                "kind": "activate",
                "cost": {"banish_self": True},
                "effects": [
                    {"op": "grant_skill", "skill": "imperishable", "target": your_j_ruler, "duration": "end_of_turn"}
                ],
            },
        ],
    }
    assert list(c.unsupported) == []


def test_ruler_judgment_paired_with_its_j_ruler(imported: dict[str, ImportedCard]) -> None:
    pandora = imported["CMF-013"]  # "[J-Activate] Pay {W}{B}{3}."
    assert pandora.status == "full"
    assert shape(pandora.card) == {
        "id": "CMF-013",
        "name": "Pandora, Girl of the Box",
        "type": "ruler",
        "attributes": [],
        "races": ["Human"],
        "judgment": {"cost": will(3, W=1, B=1), "j_ruler": "CMF-013J"},
    }
    j = imported["CMF-013J"]
    assert j.status == "full"
    assert shape(j.card) == {
        "id": "CMF-013J",
        "name": "Pandora of Light",
        "type": "j_ruler",
        "attributes": ["W"],
        "races": ["Human"],
        "atk": 400,
        "def": 800,
        "abilities": [
            {
                "kind": "automatic",
                "trigger": "enter",
                "effects": [
                    {"op": "destroy", "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}}}
                ],
            }
        ],
    }
    melgis = imported["SKL-027"]  # "[Judgment] {R}{R}" (Alice wording)
    assert shape(melgis.card)["judgment"] == {"cost": will(R=2), "j_ruler": "SKL-027J"}


def test_judgment_without_j_ruler_side_is_unsupported(records: list[dict[str, Any]]) -> None:
    raw = next(r for r in records if r["id"] == "CMF-013")
    alone = import_card(raw, ids={"CMF-013"})
    assert alone.card is not None and alone.card.judgment is None
    assert alone.unsupported == ("[J-Activate] Pay {W}{B}{3}.",)
    assert "CMF-013J is not in the database" in alone.gaps[0]


def test_j_ruler_gods_art(imported: dict[str, ImportedCard]) -> None:
    faria = imported["VS01-003J"]  # Faria, the Ruler of God Sword
    data = shape(faria.card)
    assert data["skills"] == ["target_attack"]
    assert data["abilities"] == [
        # "When this card enters your field, put the top card of your magic stone deck into
        # your magic stone area." (any way of entering: not the [Enter] trigger, 9.6 p1.1)
        {"kind": "automatic", "trigger": "enters_field", "effects": [{"op": "put_stone", "who": "you"}]},
        {
            "kind": "automatic",
            "trigger": "attacks",
            "effects": [{"op": "recover", "target": chosen("regalia", controller="you")}],
        },
        {
            "kind": "activate",
            "name": "God's Breath",
            "gods_art": True,
            "cost": {"will": will(4, W=2)},
            "effects": [
                {
                    "op": "recover",
                    "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
                }
            ],
        },
    ]
    assert faria.status == "full" and faria.unsupported == ()
    # a God's Art the vocabulary cannot express lands in unsupported with its text
    melgis = imported["SKL-077J"]  # (SKL-027J Melgis's God's Art is expressed since t5-tgt)
    gods_art = next(u for u in melgis.unsupported if u.startswith("God's Art"))
    assert gods_art == (
        "God's Art <March of Undead> {B}{B}{4}: Remove any number of resonators in your graveyard from the game. "
        "For each card removed this way, each player banishes a resonator and discards a card. (Play God's Art "
        "<March of Undead> only once per game.)"
    )
    assert melgis.card is not None and gods_art in melgis.card.unsupported
    assert not any(a.gods_art for a in melgis.card.abilities)


def test_special_magic_stones(imported: dict[str, ImportedCard]) -> None:
    memoria = imported["BFA-097"]  # Brutal Conqueror's Memoria
    assert memoria.status == "full"
    assert shape(memoria.card) == {
        "id": "BFA-097",
        "name": "Brutal Conqueror's Memoria",
        "type": "magic_stone",
        "special": True,
        "attributes": [],
        "races": [],
        "abilities": [
            produce("R"),
            {
                "kind": "activate",
                "cost": {"will": will(2, R=1), "rest": True},
                "effects": [{"op": "deal_damage", "amount": 100, "target": {"kind": "opponent"}}],
            },
        ],
    }
    dual = imported["CMF-096"]  # Magic Stone of Black Silence: a dual stone with magic stone types
    assert dual.status == "full"
    data = shape(dual.card)
    assert data["abilities"] == [
        {"kind": "continuous", "stone_types": ["Wind Magic Stone", "Darkness Magic Stone"]},
        {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "any_of": ["G", "B"]}]},
    ]
    assert data["stone_types"] == ["Darkness Magic Stone", "Wind Magic Stone"]
    basic = imported["VIN001-091"]  # Fire Magic Stone: its magic stone type is its name (2.1 p5.2)
    assert basic.status == "full" and shape(basic.card)["abilities"] == [produce("R")]
    assert shape(basic.card)["stone_types"] == ["Fire Magic Stone"]
    grimm = imported["CMF-101"]  # Magic Stone of Darkness: a basic stone whose type is not its name
    assert grimm.status == "full" and shape(grimm.card)["stone_types"] == ["Darkness Magic Stone"]


def test_shift_pairs_the_two_sides(imported: dict[str, ImportedCard]) -> None:
    # the reminder of [Shift] is split over two entries in the source: rejoined, then ignored
    past = imported["BFA-076"]
    assert past.card is not None and past.card.shift is not None
    assert past.card.shift.attribute == {"B": 1} and past.card.shift.free == 2
    assert past.card.other_side == "BFA-076^" and imported["BFA-076^"].card is not None
    assert past.status == "full"
    assert shape(past.card)["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [{"op": "gain_life", "amount": 600, "who": "you"}],
    }


def test_cancel_and_search(imported: dict[str, ImportedCard]) -> None:
    assert shape(imported["SDR4-010"].card)["effects"] == [
        {"op": "cancel", "target": {"kind": "chosen", "filter": {"zone": "chase", "types": ANY_CARD}}}
    ]
    assert shape(imported["CMF-085"].card)["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {"op": "search", "filter": {"zone": "main_deck", "types": ["resonator"], "races": ["Vampire"]}}
            ],
        }
    ]


def test_search_into_the_field(imported: dict[str, ImportedCard]) -> None:
    # Hyde, the Chaos (MPR-081): "... Search your main deck for a card named "Jekyll, the Order"
    # and put it into your field. This triggers its [Enter] ability. Then shuffle your main deck."
    hyde = imported["MPR-081"]
    assert hyde.status == "full"
    assert shape(hyde.card)["abilities"][1]["effects"] == [
        {
            "op": "search",
            "filter": {"zone": "main_deck", "types": [], "name": "Jekyll, the Order"},
            "to": "field",
            "triggers_enter": True,
        }
    ]
    # Pandora, the Princess of History Chanter (MOA-006), [Awakening]: "... search your main deck
    # for a card named "Grimm, the Heroic King of Aspiration" and put it into your field. Then
    # shuffle your main deck."
    pandora = imported["MOA-006"].card
    assert pandora is not None and pandora.awakening is not None
    effects = shape(pandora)["awakening"]["abilities"][0]["effects"]
    assert effects == [
        {
            "op": "search",
            "filter": {"zone": "main_deck", "types": [], "name": "Grimm, the Heroic King of Aspiration"},
            "to": "field",
        }
    ]
    # "you may search ... and put it into your field. Then shuffle your main deck." (TMS-072J): the
    # search inside the "may", the shuffle after it (optional/test_import_optional_effects_and_looking.py)
    gill = imported["TMS-072J"].card
    assert gill is not None and not any("You may search" in g for g in imported["TMS-072J"].gaps)
    assert [e["op"] for e in shape(gill)["abilities"][0]["effects"]] == ["may", "shuffle"]


def test_reveal_the_top_card_and_put_it_somewhere_if_it_matches(imported: dict[str, ImportedCard]) -> None:
    # Water Sprite (TTW-054): "When this card enters your field, reveal the top card of your main
    # deck. If it's a Fairy resonator, put it into your hand." (FoW-5.5 10.4)
    sprite = imported["TTW-054"]
    assert sprite.status == "full"
    assert shape(sprite.card)["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [
                {
                    "op": "reveal_top",
                    "filter": {"zone": "main_deck", "types": ["resonator"], "races": ["Fairy"]},
                    "then": "hand",
                }
            ],
        }
    ]
    # Coup d'Etat Mastermind, Shion (TMS-046J): "... If it's a resonator with total cost 5 or
    # less, put it into your field. Otherwise, put it into your hand."
    shion = imported["TMS-046J"].card
    assert shion is not None
    assert shape(shion)["abilities"][1]["effects"] == [  # [0]: "You may look at the top card ..." (t2-cond)
        {
            "op": "reveal_top",
            "filter": {"zone": "main_deck", "types": ["resonator"], "max_total_cost": 5},
            "then": "field",
            "otherwise": "hand",
        }
    ]
    # "If it's a Wererabbit, put it into your field" (MOA-028): a Wererabbit need not be a
    # resonator; the engine puts into the field only a card that can be there by itself (3.15 p4)
    assert imported["MOA-028"].status == "full"


# --------------------------------------------------------------------------------------
# strictness


def test_unsupported_text_is_kept_verbatim(imported: dict[str, ImportedCard], records: list[dict[str, Any]]) -> None:
    raw = next(r for r in records if r["id"] == "CMF-015")
    c = imported["CMF-015"]
    assert c.status == "none"
    assert list(c.unsupported) == raw["abilities"]
    assert c.card is not None and c.card.unsupported == raw["abilities"]
    assert c.card.text == raw["abilities"][0]


def test_nothing_is_guessed(imported: dict[str, ImportedCard]) -> None:
    # conditions, "up to", "you may" and unknown triggers make the whole paragraph unsupported
    for card_id, fragment in (
        ("CMF-077J", "if it was dealt damage by this card this turn, put it into your field"),
        ("BFA-064", "When another card in your chant-standby area becomes targeted"),
    ):
        c = imported[card_id]
        assert any(fragment in u for u in c.unsupported), (card_id, c.unsupported)
        assert c.card is not None and all(fragment not in a.text for a in c.card.abilities)


def test_reminder_only_paragraph_is_not_an_ability(imported: dict[str, ImportedCard]) -> None:
    c = imported["TSW-005^"]  # "(If this card moves to a non-chase zone, flip it over.)"
    assert c.card is not None
    assert not any("flip it over" in u for u in c.unsupported)
    assert "(If this card moves to a non-chase zone, flip it over.)" in c.card.text


# --------------------------------------------------------------------------------------
# the whole database


def test_whole_database_imports(records: list[dict[str, Any]]) -> None:
    assert len(records) == 5709
    result = import_cards(records)  # its speed: bench/bench_parsing.py
    assert len(result.cards) == 5709
    for c in result.cards:
        assert c.status in ("full", "partial", "none")
        assert len(c.gaps) == len(c.unsupported)
        assert (c.status == "full") == (not c.unsupported), c.id
        if c.card is None:
            assert c.status == "none" and c.unsupported
        else:
            assert list(c.unsupported) == c.card.unsupported
            expressed = bool(c.card.abilities or c.card.effects or c.card.skills or c.card.awakening)
            expressed = expressed or bool(c.card.judgment or c.card.incarnation or c.card.shift)
            if c.status == "none":
                assert not expressed, c.id
    assert sum(1 for c in result.cards if c.status == "full") > 0


def test_catalog_round_trips_and_starts_a_game(result: ImportResult, tmp_path: Path) -> None:
    out = tmp_path / "catalog.json"
    written = write_catalog(result, out)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert list(data) == ["cards"] and len(data["cards"]) == written
    cards = {c["id"]: c for c in data["cards"]}
    by_id = result.by_id()
    for card_id, definition in cards.items():
        card = by_id[card_id].card
        assert card is not None and parse_card(definition) == card
    # two Vingolf "Engage Knights" decks made of imported cards start a game
    main_deck = [{"card": cid, "count": 4} for cid in sorted(cid for cid in cards if cid.startswith("VIN001-0"))]
    main_deck = [e for e in main_deck if cards[e["card"]]["type"] == "resonator"][:10]
    deck = {"ruler": "VIN001-016", "main": main_deck, "stones": [{"card": "VIN001-091", "count": 10}]}
    spec = GameSpec("g1", "FoW-5.5", "valhalla", [PlayerSpec("p1", "A", deck), PlayerSpec("p2", "B", deck)], seed=3)
    started = engine.start(spec, cards)
    assert not isinstance(started, Rejection), started


# --------------------------------------------------------------------------------------
# command line


def write_db(path: Path, sets: list[tuple[str, str, str, list[dict[str, Any]]]]) -> Path:
    clusters: dict[str, list[dict[str, Any]]] = {}
    for cluster, code, name, cards in sets:
        clusters.setdefault(cluster, []).append({"name": name, "code": code, "cards": cards})
    data = {"fow": {"clusters": [{"name": k, "sets": v} for k, v in clusters.items()]}}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_coverage_cli_output(records: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def strip(r: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in r.items() if k not in ("set_code", "set_name", "cluster")}

    cmf = [strip(r) for r in records if r["set_code"] == "CMF"][:20]
    skl = [strip(r) for r in records if r["set_code"] == "SKL"][:10]
    src = write_db(tmp_path / "db.json", [("Grimm", "CMF", "Crimson", cmf), ("Alice", "SKL", "Seven Kings", skl)])
    assert main(["coverage", str(src)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert any(line.startswith("CMF (Grimm: Crimson)") for line in lines)
    assert any(line.startswith("SKL (Alice: Seven Kings)") for line in lines)
    overall = next(line for line in lines if line.startswith("overall"))
    cards, full, partial, none = (int(x) for x in overall.split()[1:5])
    assert cards == 30 and full + partial + none == 30
    assert "Top 20 unsupported patterns" in out and "Top 20 vocabulary gaps" in out

    assert main(["coverage", str(src), "--sets", "skl", "--by", "cluster"]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and out.count("\nAlice ") == 1 and "\nGrimm " not in out
    assert main(["coverage", str(src), "--clusters", "Grimm"]) == 0
    assert "SKL" not in capsys.readouterr().out

    assert main(["coverage", str(src), "--sets", "NOPE"]) == 1
    assert "no cards for nope" in capsys.readouterr().err


def test_coverage_report_of_the_real_database(result: ImportResult) -> None:
    grimm_alice = ImportResult(tuple(c for c in result.cards if c.cluster in ("Grimm", "Alice")))
    report = coverage_report(grimm_alice, by="cluster")
    assert "overall" in report and "Top 20 unsupported patterns" in report


def test_import_cli_writes_a_catalog(
    records: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chosen = records[:11] + [r for r in records if r["id"] == "CMF-022"]
    cards = [{k: v for k, v in r.items() if k not in ("set_code", "set_name", "cluster")} for r in chosen]
    src = write_db(tmp_path / "db.json", [("Grimm", "CMF", "Crimson", cards)])
    out = tmp_path / "catalog.json"
    assert main(["import", str(src), "--out", str(out)]) == 0
    summary = capsys.readouterr().out
    assert "imported 12 cards" in summary and "wrote 11 card definitions" in summary
    catalog = json.loads(out.read_text(encoding="utf-8"))["cards"]
    # CMF-022 targets "blocking resonator and blocked resonator", beyond the vocabulary: no card
    assert [parse_card(c).id for c in catalog] == [c["id"] for c in cards if c["id"] != "CMF-022"]


def one_card_db(**card: Any) -> str:
    base: dict[str, Any] = {"id": "S-1", "name": "x", "type": ["Resonator"], "race": [], "colour": ["R"]}
    base.update({"cost": "{R}", "ATK": 100, "DEF": 100, "abilities": []})
    base.update(card)
    base = {k: v for k, v in base.items() if v is not None}
    return json.dumps({"fow": {"clusters": [{"name": "G", "sets": [{"name": "S", "code": "S", "cards": [base]}]}]}})


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"fow": {"clusters": [\n{"name": "Grimm", "sets": [}\n]}}', "invalid JSON at line 2 column"),
        ('{"cards": []}', 'top level: expected an object {"fow"'),
        ('{"fow": {"clusters": [{"name": "Grimm"}]}}', "fow.clusters[0].sets: missing or not a list"),
        (
            one_card_db(abilities=None),
            "fow.clusters[0].sets[0].cards[0] (S-1): field 'abilities': missing or not a list of strings",
        ),
        (one_card_db(cost=3), "fow.clusters[0].sets[0].cards[0] (S-1): field 'cost': unexpected int value 3"),
        (one_card_db(id=""), "fow.clusters[0].sets[0].cards[0]: field 'id': missing or not a non-empty string"),
    ],
)
def test_malformed_input_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, expected: str
) -> None:
    src = tmp_path / "bad.json"
    src.write_text(content, encoding="utf-8")
    assert main(["coverage", str(src)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {src}: ") and expected in err
    assert "Traceback" not in err


def test_unreadable_input_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.json"
    assert main(["import", str(missing), "--out", str(tmp_path / "o.json")]) == 1
    assert capsys.readouterr().err == f"error: {missing}: no such file\n"
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["coverage", str(binary)]) == 1
    assert "not UTF-8 text" in capsys.readouterr().err
    assert main(["coverage", str(tmp_path)]) == 1
    assert "is a directory" in capsys.readouterr().err
    with pytest.raises(CardImportError, match=r"missing\.json: no such file"):
        load_database(missing)


def test_usage_errors_return_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["import"]) == 2  # no database file named
    assert "usage:" in capsys.readouterr().err


def test_import_card_rejects_a_malformed_record() -> None:
    with pytest.raises(RawCardError, match="card X-1: field 'type'"):
        import_card({"id": "X-1", "name": "x", "type": "Resonator", "race": [], "colour": [], "abilities": []})


def test_rules_and_replacement_paragraphs(records: list[dict[str, Any]]) -> None:
    # grammar check on a real resonator with its text replaced (no printed card of the
    # database says exactly these sentences and nothing else)
    base = next(r for r in records if r["id"] == "VIN001-020")
    cases = {
        "This card cannot attack or block.": {
            "kind": "continuous",
            "rules": {"cannot_attack": True, "cannot_block": True},
        },
        "If this card would be destroyed, return it to its owner's hand instead.": {
            "kind": "replacement",
            "replaces": "self_destroyed",
            "instead": "return_to_hand",
        },
        "Prevent all damage that would be dealt to this card.": {
            "kind": "replacement",
            "replaces": "self_damaged",
            "instead": "prevent",
        },
    }
    for text, expected in cases.items():
        c = import_card({**base, "abilities": [text]})
        assert c.status == "full", (text, c.gaps)
        assert shape(c.card)["abilities"] == [expected]
    conditional = import_card(
        {
            **base,
            "abilities": ["This card cannot be destroyed as long as you control more resonators than your opponent."],
        }
    )
    assert conditional.status == "none" and conditional.gaps[0].startswith("condition: ")


# --------------------------------------------------------------------------------------
# vocabulary grown for the database (each executed by the engine: tests/fow/cards/test_play_real_decks.py)


def test_enters_field_and_put_into_graveyard_triggers(imported: dict[str, ImportedCard]) -> None:
    hanzo = imported["VIN001-034"]  # Hanzo Hattori: "When this card enters your field, draw a card."
    assert hanzo.status == "full"
    assert shape(hanzo.card)["abilities"] == [
        {"kind": "automatic", "trigger": "enters_field", "effects": [{"op": "draw", "count": 1, "who": "you"}]}
    ]
    drake = imported["TTW-036"]  # Whelp Drake
    assert drake.status == "full"
    assert shape(drake.card)["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "put_into_graveyard_from_field",
            "effects": [{"op": "deal_damage", "amount": 400, "target": chosen("resonator")}],
        }
    ]
    # "from a chant-standby area" is a narrower trigger of its own
    merlin = imported["SKL-072"].card
    assert merlin is not None and [a.trigger for a in merlin.abilities] == ["enters_field_from_standby"]


def test_magic_stone_to_the_stone_area_and_mill(imported: dict[str, ImportedCard]) -> None:
    prowler = imported["SKL-076"]  # "When this card enters your field, put the top two cards of your main deck ..."
    assert prowler.status == "full"
    assert shape(prowler.card)["abilities"][0]["effects"] == [{"op": "mill", "count": 2, "who": "you"}]
    faria = imported["SKL-007J"]
    assert shape(faria.card)["abilities"][0]["effects"] == [{"op": "put_stone", "who": "you"}]


def test_moon_will(imported: dict[str, ImportedCard]) -> None:
    pilot = imported["MPR-048"]  # Pilot of Universe: "[Activate] Pay {M}: This card gains [Flying] until end of turn."
    assert pilot.status == "full"
    assert shape(pilot.card)["abilities"] == [
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {"M": 1}, "free": 0}},
            "effects": [
                {"op": "grant_skill", "skill": "flying", "target": {"kind": "self"}, "duration": "end_of_turn"}
            ],
        }
    ]
    city = imported["MPR-052"]  # Tsukuyomi, the Moon City: "[Activate] Pay {1}, {Rest}: Produce {M}."
    assert shape(city.card)["abilities"][0] == {
        "kind": "activate",
        "cost": {"will": will(1), "rest": True},
        "effects": [{"op": "produce_will", "will": ["M"]}],
    }


def test_graveyard_to_hand_and_top_of_the_main_deck(imported: dict[str, ImportedCard]) -> None:
    prince = imported["CMF-083"]  # Deadman Prince: "[Enter]: Put target resonator from your graveyard into your hand."
    assert prince.status == "full"
    assert shape(prince.card)["abilities"][0]["effects"] == [
        {
            "op": "return_to_hand",
            "target": {"kind": "chosen", "filter": {"zone": "graveyard", "types": ["resonator"], "controller": "you"}},
        }
    ]
    blast = imported["MPR-092"]  # Apollobreak: "Put target resonator on top of its owner's main deck."
    # (unless awakened with its ruler: tests/fow/cards/conditions/test_import_branches_and_otherwise.py)
    assert shape(blast.card)["effects"][0]["otherwise"] == [{"op": "put_on_main_deck", "target": chosen("resonator")}]


def test_cannot_be_targeted(imported: dict[str, ImportedCard]) -> None:
    soldier = imported["MOA-022"]  # Alice's Soldier: "This card cannot be targeted by spells or abilities."
    assert soldier.status == "full"
    assert shape(soldier.card)["abilities"] == [{"kind": "continuous", "rules": {"cannot_be_targeted": True}}]
    fox = imported["MPR-009"]  # Mind Reading Fox: "... by spells or abilities your opponent controls."
    assert shape(fox.card)["abilities"] == [{"kind": "continuous", "rules": {"cannot_be_targeted_by_opponent": True}}]
    # "Cards named X you control": a ruler in the ruler area is meant too - a playground filter
    rene = imported["VIN002-059"]
    assert rene.status == "full"
    assert shape(rene.card)["abilities"][0]["affects"]["filter"]["playground"] is True


def test_one_target_gaining_several_modifiers_and_attacks_or_blocks(imported: dict[str, ImportedCard]) -> None:
    wings = imported["SKL-008"]  # Give Wings: "Target resonator gains [+200/+200] and [Flying] until end of turn."
    assert wings.status == "full"
    assert shape(wings.card)["effects"] == [
        {
            "op": "modify",
            "atk": 200,
            "def": 200,
            "target": chosen("resonator"),
            "duration": "end_of_turn",
            "skills": ["flying"],
        }
    ]
    gawain = imported["VS01-005"]  # "Whenever this card attacks or blocks, rest target resonator."
    assert gawain.status == "full"
    rest = [{"op": "rest", "target": chosen("resonator")}]
    assert shape(gawain.card)["abilities"][1:] == [
        {"kind": "automatic", "trigger": "attacks", "effects": rest},
        {"kind": "automatic", "trigger": "blocks", "effects": rest},
    ]


@pytest.mark.skipif(
    not DEVELOPMENT_COPY.is_dir(), reason="the development copy ../shared/carddata is not beside the repo"
)
def test_the_shipped_card_database_is_the_development_copy_byte_for_byte() -> None:
    for name in ("cards.json", "cardBatchImport.json", "LICENSE.md", "README.md"):
        shipped, source = SHIPPED_DIR / name, DEVELOPMENT_COPY / name
        assert shipped.read_bytes() == source.read_bytes(), f"{shipped} differs from {source}: copy it again"
