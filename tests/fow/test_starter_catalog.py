"""The Force of Will starter catalog ``service/catalogs/fow``: card data, starter decks, coverage.

The JSON files are read directly (json + pathlib), not through service code.  Every card
must validate with :func:`domain.fow.cards.parse_card`; the starter decks must be legal under
FoW-5.5 4.1 (checked inline here, independently of the engine); between them the catalog
must use every word of the card vocabulary (the expected sets are derived from the pydantic
types of ``domain/fow/cards.py``, so this test fails when the vocabulary grows); and every
card with a real id must match the public card database
(``../shared/carddata/force-of-will/cards.json``) in name, type, cost, attributes, races,
ATK/DEF and text (the text as corrected by the reviewed errata of ``errata.json``).
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest
from pydantic import BaseModel

from domain.fow import cards as vocab
from domain.fow.cards import Ability, Card, parse_card
from domain.fow.engine import keywords_of
from domain.fow.versions import ALL_KEYWORDS
from tests.fow.carddata import CARDDATA_DIR

ROOT = Path(__file__).resolve().parent.parent.parent
CATALOG_DIR = ROOT / "service" / "catalogs" / "fow"
CARDS_FILE = CATALOG_DIR / "cards.json"
DECK_FILES = {name: CATALOG_DIR / "decks" / f"{name}.json" for name in ("fire-starter", "water-starter")}
DATABASE = CARDDATA_DIR / "cards.json"

INVENTED_PREFIX = "TST-"


# --------------------------------------------------------------------------------------
# loading


@cache
def raw_cards() -> tuple[dict[str, Any], ...]:
    data = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    assert set(data) == {"source", "cards"}, "the catalog file is {'source': ..., 'cards': [...]}"
    assert isinstance(data["cards"], list)
    return tuple(data["cards"])


@cache
def catalog() -> dict[str, Card]:
    return {raw["id"]: parse_card(raw) for raw in raw_cards()}


@cache
def deck(name: str) -> dict[str, Any]:
    data = json.loads(DECK_FILES[name].read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def database() -> dict[str, list[dict[str, Any]]]:
    data = json.loads(DATABASE.read_text(encoding="utf-8"))
    out: dict[str, list[dict[str, Any]]] = {}
    for cluster in data["fow"]["clusters"]:
        for card_set in cluster["sets"]:
            for record in card_set["cards"]:
                out.setdefault(record["id"], []).append(record)
    return out


@cache
def errata() -> dict[str, tuple[str, str]]:
    """Card id -> (printed paragraph, corrected paragraph) of ``errata.json``."""
    data = json.loads((CATALOG_DIR / "errata.json").read_text(encoding="utf-8"))
    return {e["card"]: (e["printed"], e["corrected"]) for e in data["errata"]}


def real_ids() -> list[str]:
    return [raw["id"] for raw in raw_cards() if not raw["id"].startswith(INVENTED_PREFIX)]


# --------------------------------------------------------------------------------------
# walking the vocabulary


def literals(tp: Any) -> set[str]:
    """Every Literal value reachable from a type: unions, Optional, Annotated, and the
    ``op`` field of the effect models in the ``Effect`` union."""
    origin = get_origin(tp)
    if origin is Literal:
        return {str(v) for v in get_args(tp)}
    if origin is typing.Annotated:
        return literals(get_args(tp)[0])
    if origin is typing.Union or origin is types.UnionType:
        found: set[str] = set()
        for arg in get_args(tp):
            found |= literals(arg)
        return found
    if isinstance(tp, type) and issubclass(tp, BaseModel) and "op" in tp.model_fields:
        return literals(tp.model_fields["op"].annotation)
    return set()


def field_literals(model: type[BaseModel], field: str) -> set[str]:
    return literals(model.model_fields[field].annotation)


def all_abilities(card: Card) -> Iterator[Ability]:
    """Its abilities, those gained by [Awakening] and those its continuous abilities grant ("This card gains
    "{Rest}: This card becomes a copy of ..." as long as ...")."""

    def with_granted(abilities: Iterable[Ability]) -> Iterator[Ability]:
        for ability in abilities:
            yield ability
            yield from with_granted(ability.grant_abilities)

    yield from with_granted(card.abilities)
    if card.awakening is not None:
        yield from with_granted(card.awakening.abilities)


def nested(effects: Iterable[Any]) -> Iterator[Any]:
    """The effects and those held inside them ("you may", "if ... otherwise", at any depth)."""
    for e in effects:
        yield e
        for key in ("effects", "otherwise"):
            inner = getattr(e, key, None)
            if isinstance(inner, (list, tuple)):
                yield from nested(inner)


def all_effects(card: Card) -> Iterator[Any]:
    yield from nested(card.effects)
    if card.awakening is not None:
        yield from nested(card.awakening.effects)
    for ability in all_abilities(card):
        yield from nested(ability.effects)


def deck_entries(d: dict[str, Any], key: str) -> list[str]:
    out: list[str] = []
    for entry in d[key]:
        assert set(entry) == {"card", "count"}, entry
        assert isinstance(entry["count"], int) and entry["count"] >= 1, entry
        out += [entry["card"]] * entry["count"]
    return out


# --------------------------------------------------------------------------------------
# the catalog itself


def test_every_card_validates() -> None:
    assert 60 <= len(raw_cards()) <= 300  # the starter catalog, not the card database
    for raw in raw_cards():
        card = parse_card(raw)  # raises CardDataError naming the card and the field
        vanilla = not (card.abilities or card.skills or card.effects or card.judgment)
        assert card.text or vanilla, f"{card.id} has no text"


def test_ids_are_unique() -> None:
    counts = Counter(raw["id"] for raw in raw_cards())
    assert [cid for cid, n in counts.items() if n > 1] == []


def test_references_resolve() -> None:
    cards = catalog()
    rulers = [c for c in cards.values() if c.type == "ruler"]
    judged = [c for c in rulers if c.judgment is not None]
    assert len(judged) >= 4
    for ruler in judged:
        assert ruler.judgment is not None
        j_ruler = cards.get(ruler.judgment.j_ruler)
        assert j_ruler is not None, f"{ruler.id}: J-ruler {ruler.judgment.j_ruler} is not in the catalog"
        assert j_ruler.type == "j_ruler", f"{ruler.id}: {j_ruler.id} is a {j_ruler.type}"
        assert j_ruler.atk is not None and j_ruler.def_ is not None
    referenced = {c.judgment.j_ruler for c in judged if c.judgment}
    for card in cards.values():
        if card.type == "j_ruler":
            assert card.id in referenced, f"J-ruler {card.id} has no ruler in the catalog"
        if card.other_side is not None:
            future = cards.get(card.other_side)
            assert future is not None, f"{card.id}: other side {card.other_side} is not in the catalog"
            assert future.id != card.id and future.shift is None
            assert card.shift is not None, f"{card.id} has another side but no [Shift] cost"
        if card.shift is not None:
            assert card.other_side is not None, f"{card.id} has [Shift] but no other side"


def test_invented_cards_say_so() -> None:
    for card in catalog().values():
        if card.id.startswith(INVENTED_PREFIX):
            assert "Invented test card" in card.text, card.id


# --------------------------------------------------------------------------------------
# starter decks (FoW-5.5 4.1)


@pytest.mark.parametrize("name", sorted(DECK_FILES))
def test_starter_deck_is_legal(name: str) -> None:
    cards = catalog()
    d = deck(name)
    assert set(d) == {"name", "description", "ruler", "main", "stones", "rulesets"}
    assert d["name"] and d["description"]
    assert d["rulesets"] == ["FoW-5.5"], "the 5.5 starters use regalia and remnant, which 5.01 lacks"

    # 4.1 p2: exactly one ruler card, and it is a ruler; its J-ruler side exists
    ruler_id = d["ruler"]
    assert isinstance(ruler_id, str), "exactly one ruler"
    ruler = cards[ruler_id]
    assert ruler.type == "ruler"
    assert ruler.judgment is not None and cards[ruler.judgment.j_ruler].type == "j_ruler"

    main = deck_entries(d, "main")
    stones = deck_entries(d, "stones")
    for key in ("main", "stones"):
        ids = [e["card"] for e in d[key]]
        assert len(ids) == len(set(ids)), f"{name}: {key} lists a card twice"
    unknown = [cid for cid in main + stones if cid not in cards]
    assert unknown == [], f"{name}: cards not in the catalog"

    # 4.1 p3: the main deck holds no rulers or magic stones and at least 40 cards
    assert all(cards[cid].type not in ("ruler", "j_ruler", "magic_stone") for cid in main)
    assert len(main) == 40

    # 4.1 p4: the magic stone deck holds only magic stones, 10 to 20 of them
    assert all(cards[cid].type == "magic_stone" for cid in stones)
    assert 10 <= len(stones) <= 20
    assert 10 <= len(stones) <= 12  # the starter decks keep to the small end
    assert any(cards[cid].special for cid in stones), f"{name}: no special magic stone"

    # 4.1 p5: at most four cards with the same name, basic (non-special) magic stones excepted
    names = Counter(
        cards[cid].name for cid in main + stones if not (cards[cid].type == "magic_stone" and not cards[cid].special)
    )
    assert {n: k for n, k in names.items() if k > 4} == {}

    # a starter deck people can play: cheap resonators, spells of each kind, an addition
    cheap = [cid for cid in main if cards[cid].type == "resonator" and (cards[cid].cost or vocab.Cost()).total <= 2]
    assert len(cheap) >= 12, f"{name}: only {len(cheap)} resonators with total cost 2 or less"
    subtypes = Counter(cards[cid].subtype for cid in main if cards[cid].type == "spell")
    for sub in literals(vocab.SpellSubtype):
        assert subtypes[sub] >= 1, f"{name}: no {sub}"
    assert any(cards[cid].type == "addition" for cid in main)


def test_starter_decks_oppose_each_other() -> None:
    rulers = {deck(name)["ruler"] for name in DECK_FILES}
    assert len(rulers) == len(DECK_FILES)
    attributes = {name: set(catalog()[deck(name)["ruler"]].attributes) for name in DECK_FILES}
    assert attributes["fire-starter"] == {"R"}
    assert attributes["water-starter"] == {"U"}


# --------------------------------------------------------------------------------------
# coverage of the vocabulary


UNUSED_BY_REAL_CARDS = {
    "trigger": {"beginning_of_end_phase"},
    "rule override": {"max_hand_size"},
    "effect op": {"reveal_outside", "put_from_outside", "copy_on_chase"},
}
"""Vocabulary words that no card of the catalog uses since its cards are the importer's
reading of the database: the importer reads "At the end of your turn" as ``end_of_turn``
(GOG-008) and leaves "Your maximum hand size is increased by one" unsupported (ADW-019,
which the hand-written catalog approximated with ``max_hand_size: 8``).  The engine's rules
tests exercise both words with cards of their own.  "Reveal ... from outside the game" and "put ...
you own from outside the game into the field" (FoW-5.5 3.16 p1) are printed only on cards of later
clusters (CST, GRL, TWS, MP01, ...), which ``tests/fow/cards/outside`` plays from the database; so is
"Copy target chant spell" (FoW-5.5 10.16 p1.1: TSD2, TST, WOM, ...), played by ``tests/fow/cards/copies``."""


def test_catalog_covers_the_vocabulary() -> None:
    cards = list(catalog().values())
    missing: dict[str, set[str]] = {}

    def need(what: str, expected: set[str], found: set[str]) -> None:
        assert expected, f"no expected values derived for {what}"
        if expected - found:
            missing[what] = expected - found

    need("card type", literals(vocab.CardType), {c.type for c in cards})
    need("spell subtype", literals(vocab.SpellSubtype), {c.subtype or "" for c in cards if c.type == "spell"})
    need("symbol skill (printed)", literals(vocab.SymbolSkill), {s for c in cards for s in c.skills})
    need("keyword skill", set(ALL_KEYWORDS), set().union(*(keywords_of(c) for c in cards)))
    need("effect op", literals(vocab.Effect), {e.op for c in cards for e in all_effects(c)})
    need("ability kind", field_literals(Ability, "kind"), {a.kind for c in cards for a in all_abilities(c)})
    triggers = field_literals(Ability, "trigger") | field_literals(Card, "trigger") | field_literals(Card, "stealth")
    used_triggers = (
        {a.trigger for c in cards for a in all_abilities(c) if a.trigger}
        | {c.trigger for c in cards if c.trigger}
        | {c.stealth for c in cards if c.stealth}
    )
    need("trigger", triggers, used_triggers)
    need(
        "rule override",
        set(vocab.RuleOverrides.model_fields),
        {k for c in cards for a in all_abilities(c) if a.rules for k in a.rules.model_dump(exclude_defaults=True)},
    )
    need("replacement", field_literals(Ability, "replaces"), {a.replaces or "" for c in cards for a in c.abilities})
    need("replacement result", {"return_to_hand", "prevent"}, {a.instead or "" for c in cards for a in c.abilities})
    need(
        "addition subtype",
        {"field", "resonator", "j_resonator", "j_ruler"},
        {c.subtype or "" for c in cards if c.type == "addition"},
    )
    assert missing == UNUSED_BY_REAL_CARDS, f"the catalog never uses: {missing}"


def test_catalog_covers_the_listed_features() -> None:
    cards = list(catalog().values())
    abilities = [(c, a) for c in cards for a in all_abilities(c)]

    assert any(c.type == "j_ruler" and "imperishable" in c.skills for c in cards), "[Imperishable] on a J-ruler"
    assert any(c.type == "j_ruler" and a.gods_art for c, a in abilities), "God's Art on a J-ruler"
    assert any(c.awakening and c.type == "spell" for c in cards), "[Awakening] on a spell"
    assert any(c.awakening and c.type == "resonator" for c in cards), "[Awakening] on a resonator"
    assert any(c.type == "regalia" and any(a.kind == "activate" for a in c.abilities) for c in cards)
    # no chant-standby of the catalog has a [Trigger] cost: the hand-written Five Challenges (CMF-042) had an
    # invented cost of {0}; the database prints "[Trigger] Anytime:" with none
    assert any(c.type == "spell" and c.subtype == "chant_standby" and c.trigger == "anytime" for c in cards)
    # vanilla resonators of several costs and attributes, one of them void
    vanilla = [c for c in cards if c.type == "resonator" and not c.abilities and not c.skills and not c.unsupported]
    assert len({c.cost.total for c in vanilla if c.cost}) >= 2
    assert len({tuple(c.attributes) for c in vanilla}) >= 3
    assert any(not c.attributes for c in vanilla)
    # magic stones: the five basic stones and a special dual stone choosing between two attributes
    basic = {c.name for c in cards if c.type == "magic_stone" and not c.special}
    assert basic == {f"{n} Magic Stone" for n in ("Light", "Fire", "Water", "Wind", "Darkness")}
    for c in cards:
        if c.type == "magic_stone":
            assert any(e.op == "produce_will" for e in all_effects(c)), c.id
    assert any(c.special and any(e.op == "produce_will" and len(e.any_of) == 2 for e in all_effects(c)) for c in cards)
    # activate abilities: rest, will costs, will production by a non-stone, once per turn
    assert any(a.kind == "activate" and a.cost.rest for _, a in abilities)
    assert any(a.kind == "activate" and a.cost.will.total > 0 for _, a in abilities)
    assert any(c.type == "resonator" and any(e.op == "produce_will" for e in a.effects) for c, a in abilities)
    assert any(a.once_per_turn for _, a in abilities)
    # continuous abilities: a global buff through a filter, granted skills, an addition buffing its host
    assert any(a.kind == "continuous" and a.affects and a.affects.kind == "all" and a.modify_atk for _, a in abilities)
    assert any(a.kind == "continuous" and a.grant for _, a in abilities)
    assert any(
        c.type == "addition" and c.subtype == "resonator" and (a.affects is None or a.affects.kind == "self")
        for c, a in abilities
        if a.kind == "continuous" and (a.modify_atk or a.modify_def)
    )
    # counters, [Break] in the Valhalla lifebreak
    assert any(e.op == "put_counter" and e.counter == "+100/+100" for c in cards for e in all_effects(c))
    assert any(a.kind == "break" and a.effects for _, a in abilities)


# --------------------------------------------------------------------------------------
# real cards against the public database


DB_TYPES: dict[str, tuple[str, str | None]] = {
    "Ruler": ("ruler", None),
    "J-Ruler": ("j_ruler", None),
    "Resonator": ("resonator", None),
    "Resonator (Shift)": ("resonator", None),
    "Regalia": ("regalia", None),
    "Spell:Chant": ("spell", "chant"),
    "Chant": ("spell", "chant"),
    "Spell:Chant-Instant": ("spell", "chant_instant"),
    "Spell:Chant-Standby": ("spell", "chant_standby"),
    "Addition": ("addition", "field"),
    "Addition:Field": ("addition", "field"),
    "Addition:Resonator": ("addition", "resonator"),
    "Addition:J/Resonator": ("addition", "j_resonator"),
}


def parse_db_cost(text: str | None) -> tuple[dict[str, int], int] | None:
    """``"{R}{R}{2}"`` -> ({"R": 2}, 2); ``"0"`` -> ({}, 0); None -> None (rulers, stones)."""
    if text is None:
        return None
    if re.fullmatch(r"\d+", text.strip()):
        return {}, int(text)
    symbols = re.findall(r"\{([^}]*)\}", text)
    assert "".join(f"{{{s}}}" for s in symbols) == text.replace(" ", ""), f"unparsed cost {text!r}"
    attribute: dict[str, int] = {}
    free = 0
    for symbol in symbols:
        if symbol in ("W", "R", "U", "G", "B"):
            attribute[symbol] = attribute.get(symbol, 0) + 1
        else:
            assert symbol.isdigit(), f"cost symbol {symbol!r} is not in the vocabulary"
            free += int(symbol)
    return attribute, free


def db_stat(value: Any, card: Card) -> int | None:
    if card.type in ("resonator", "j_ruler"):
        return value if isinstance(value, int) else 0  # a blank ATK is printed as no value: 0
    assert value in ("", None), f"{card.id}: a {card.type} with a printed ATK/DEF"
    return None


def test_parse_db_cost() -> None:
    assert parse_db_cost("{R}{R}{2}") == ({"R": 2}, 2)
    assert parse_db_cost("{W}{B}{3}") == ({"W": 1, "B": 1}, 3)
    assert parse_db_cost("{10}") == ({}, 10)
    assert parse_db_cost("0") == ({}, 0)
    assert parse_db_cost(None) is None


def test_real_ids_exist_in_the_database() -> None:
    db = database()
    assert [cid for cid in real_ids() if cid not in db] == []


@pytest.mark.parametrize("card_id", real_ids())
def test_real_card_matches_database(card_id: str) -> None:
    card = catalog()[card_id]
    records = database()[card_id]
    fields = ("name", "type", "race", "cost", "colour", "ATK", "DEF", "abilities")
    assert len({json.dumps([r[f] for f in fields]) for r in records}) == 1, f"{card_id}: conflicting records"
    record = records[0]

    assert card.name == record["name"]
    db_types = record["type"]
    if any("Magic Stone" in t for t in db_types):
        assert card.type == "magic_stone"
        assert card.special == ("Special Magic Stone" in db_types)
    else:
        assert (card.type, card.subtype) == DB_TYPES[db_types[0]]
    assert card.races == record["race"]

    expected_cost = parse_db_cost(record["cost"])
    if expected_cost is None:
        assert card.cost is None
    else:
        assert card.cost is not None
        assert (card.cost.attribute, card.cost.free) == expected_cost

    assert sorted(card.attributes) == sorted(c for c in record["colour"] if c != "V")
    assert card.atk == db_stat(record["ATK"], card)
    assert card.def_ == db_stat(record["DEF"], card)
    printed, corrected = errata().get(card_id, ("", ""))
    assert card.text == "\n".join(corrected if a == printed else a for a in record["abilities"])
