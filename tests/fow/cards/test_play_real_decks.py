"""Real cards in play: the vocabulary grown for the imported database is executed by the
engine (rules tests with the real cards' imported form), cards with text the engine cannot
adjudicate are refused or marked ``manual``, and four real decks of the Grimm and Alice
clusters (starter decks in ``service/catalogs/fow/decks``) pass deck construction and play
random legal games to an end that replay exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.app import create_app
from domain.fow import actions, engine
from domain.fow.cards import Filter, Search
from domain.fow.characteristics import characteristics
from domain.fow.context import Ctx
from domain.fow.importer import import_cards
from domain.fow.state import GameState, apply_event
from domain.kernel import Event, GameSpec, PlayerSpec, Rejection
from service.app import GameService, SetupRejectedError
from service.card_import import load_database
from service.catalog import read_catalog_file
from service.settings import Settings
from tests.fow.carddata import CARDDATA_DIR
from tests.fow.cards.story import HERALD, SEER, database_cards
from tests.fow.support import catalog, cmd, deck, find, run, start_game, types
from tests.fow.test_ch4_to_6_setup_and_turns import keep_hands, put, to_main

FOW_DIR = Path(__file__).resolve().parent.parent.parent.parent / "service" / "catalogs" / "fow"
DATA_DIR = CARDDATA_DIR
DECKS = ("alexander-fire", "caesar-water", "faria-light", "yoshitsune-wind")
MAX_COMMANDS = 8000


def real_cards() -> dict[str, dict[str, Any]]:
    return read_catalog_file(FOW_DIR / "cards.json")[1]


def real_deck(name: str) -> dict[str, Any]:
    data = json.loads((FOW_DIR / "decks" / f"{name}.json").read_text(encoding="utf-8"))
    return {k: data[k] for k in ("ruler", "main", "stones")}


def spec(d1: Mapping[str, Any], d2: Mapping[str, Any], *, seed: int = 1, unsupported: str = "manual") -> GameSpec:
    return GameSpec(
        "g1",
        "FoW-5.5",
        "valhalla",
        [PlayerSpec("p1", "Alice", d1), PlayerSpec("p2", "Bob", d2)],
        seed=seed,
        first_player="p1",
        unsupported=unsupported,
    )


# --------------------------------------------------------------------------------------
# the real catalog and decks


def test_real_decks_hold_only_grimm_and_alice_cards_as_the_importer_makes_them() -> None:
    imported = import_cards(load_database(DATA_DIR / "cards.json")).by_id()
    cards = real_cards()
    used = set()
    for name in DECKS:
        d = real_deck(name)
        used |= {d["ruler"], *(e["card"] for e in d["main"]), *(e["card"] for e in d["stones"])}
    sides = {c + "J" for c in (*used, "SKL-001") if c + "J" in cards}
    for card_id in used | sides | {"SKL-001"}:
        c = imported[card_id]
        assert c.cluster in ("Grimm", "Alice"), card_id
        assert c.card is not None
        assert cards[card_id] == c.card.model_dump(mode="json", by_alias=True, exclude_unset=True), card_id
    # every main deck card, stone and ruler is fully expressed; only some J-ruler sides are not
    assert all(imported[c].status == "full" for c in used)
    partial = sorted(c for c in used | sides | {"SKL-001"} if imported[c].status != "full")
    assert partial == ["SKL-001J"]


def arla_light() -> dict[str, Any]:
    """The light deck led by Arla, the Winged Lord (SKL-001), whose J-ruler side (SKL-001J, Arla, the
    Hegemon of the Sky) keeps an unsupported God's Art: the real decks' example of manual
    adjudication."""
    return {**real_deck("faria-light"), "ruler": "SKL-001"}


@pytest.mark.parametrize("name", DECKS)
def test_real_decks_pass_deck_construction(name: str) -> None:
    d = real_deck(name)
    main = sum(e["count"] for e in d["main"])
    stones = sum(e["count"] for e in d["stones"])
    assert 40 <= main <= 60 and 10 <= stones <= 20
    result = engine.start(spec(d, d), real_cards())
    assert not isinstance(result, Rejection), result
    assert result[0].type == "GameStarted"


# --------------------------------------------------------------------------------------
# unsupported abilities: refuse or adjudicate by hand


def test_a_deck_with_unsupported_abilities_is_refused_naming_cards_and_abilities() -> None:
    arla, light = arla_light(), real_deck("faria-light")
    result = engine.start(spec(arla, light, unsupported="refuse"), real_cards())
    assert isinstance(result, Rejection)
    assert (result.code, result.rule) == ("cards/unsupported_abilities", "FoW-5.5 2.4 p2")
    assert "Arla, the Hegemon of the Sky (SKL-001J)" in result.message
    assert 'God\'s Art "Rain of Arrows"' in result.message
    assert "unsupported='manual'" in result.message
    # a game of fully expressed cards only is not refused (the four real decks are)
    for name in DECKS:
        d = real_deck(name)
        assert not isinstance(engine.start(spec(d, light, unsupported="refuse"), real_cards()), Rejection), name


def test_an_unknown_unsupported_policy_is_rejected() -> None:
    light = real_deck("faria-light")
    result = engine.start(spec(light, light, unsupported="ignore"), real_cards())
    assert isinstance(result, Rejection) and result.code == "game/unsupported_policy"


def test_a_manual_game_lists_the_cards_and_marks_every_event_touching_them() -> None:
    arla, light = arla_light(), real_deck("faria-light")
    result = engine.start(spec(arla, light), real_cards())
    assert not isinstance(result, Rejection)
    started = result[0].data
    assert started["unsupported"] == "manual"
    assert started["manual"] == [
        {
            "card": "SKL-001J",
            "name": "Arla, the Hegemon of the Sky",
            "abilities": [real_cards()["SKL-001J"]["unsupported"][0]],
        }
    ]
    state = GameState()
    for e in result:
        apply_event(state, e)
    keep_hands(state)
    to_main(state)
    ruler = state.zones["p1"]["ruler_area"][0]
    for oid in state.zones["p1"]["stone_deck"][-2:]:  # [J-Activate] {W}{W}
        put(state, oid, "stone_area")
    stones = [{"source": o} for o in state.zones["p1"]["stone_area"]]
    events = run(state, cmd("PerformJudgment", "p1", pay_with=stones))
    events += run(state, cmd("Pass", "p1")) + run(state, cmd("Pass", "p2"))
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == ruler)
    assert moved.data["side"] == "j_ruler" and moved.data["manual"] == [ruler]
    assert state.card_of(ruler).id == "SKL-001J"
    # the ruler side is fully expressed: the judgment itself is not marked
    assert "manual" not in find(events, "JudgmentPerformed").data
    # from now on every event naming the J-ruler is marked; events about other cards are not
    ctx = Ctx(state, "given")
    ctx.emit("CardRested", {"oid": ruler, "reason": "effect"}, "10.12 p1")
    ctx.emit("CardRested", {"oid": stones[0]["source"], "reason": "effect"}, "10.12 p1")
    assert ctx.events[0].data["manual"] == [ruler] and "manual" not in ctx.events[1].data
    # a manual card in a hidden zone is not revealed by the mark (3.1 p2)
    assert all("manual" not in e.data for e in result[1:])


def test_the_service_and_api_refuse_or_play_manually(tmp_path: Path) -> None:
    service = GameService(Settings(allow_client_seed=True, store="memory"))
    try:
        players = [
            PlayerSpec("p1", "Alice", {"starter": "fire-starter", "automatic_cards_in_hand": "never"}),
            PlayerSpec("p2", "Bob", {"starter": "water-starter"}),
        ]
        with pytest.raises(SetupRejectedError) as refused:
            service.create_game("FoW-5.5", "valhalla", players, seed=1, unsupported="refuse")
        assert refused.value.rejection.code == "cards/unsupported_abilities"
        created = service.create_game("FoW-5.5", "valhalla", players, seed=1, first_player="p1")
        assert created.events[0].data["unsupported"] == "manual"
        with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
            body: dict[str, Any] = {
                "ruleset": "FoW-5.5",
                "variant": "valhalla",
                "players": [
                    {
                        "id": "p1",
                        "name": "Alice",
                        "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never"},
                    },
                    {"id": "p2", "name": "Bob", "deck": {"starter": "water-starter"}},
                ],
                "seed": 3,
            }
            answer = client.post("/games", json={**body, "unsupported": "refuse"})
            assert answer.status_code == 422, answer.text
            assert "cards/unsupported_abilities" in answer.text and "Majin Madness" in answer.text
            answer = client.post("/games", json=body)
            assert answer.status_code == 201, answer.text
            manual = answer.json()["manual"]
            # the starters' cards with text the importer leaves to a judge: ADK-052's [Awakening] grants [Pierce]
            # to "that resonator", TTW-045J reveals cards from outside the game, ACN-070 has [Mobilize]
            assert {m["card"] for m in manual} == {"ADK-052", "TTW-045J", "ACN-070"}
            assert all(m["abilities"] for m in manual)
    finally:
        service.close()


# --------------------------------------------------------------------------------------
# the vocabulary grown for the database, executed by the engine (real cards' imported form)


def vocab_game(main: Mapping[str, int], stones: Mapping[str, int], ruler: str = "T-RULER") -> GameState:
    cards = catalog({**database_cards(), "T-HERALD": HERALD, "T-SEER": SEER})
    d = {**deck(dict(main), dict(stones)), "ruler": ruler}
    state, _ = start_game(cards=cards, decks=(d, d))
    keep_hands(state)
    to_main(state)
    return state


def own(state: GameState, player: str, card_id: str, to: str) -> str:
    oid = next(
        o.oid
        for o in state.objects.values()
        if o.owner == player and o.card == card_id and o.zone in ("main_deck", "stone_deck")
    )
    put(state, oid, to)
    return oid


def resolve(state: GameState) -> list[Event]:
    events = run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    return events + run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]


def test_enters_field_triggers_when_played_from_the_hand() -> None:
    # Hanzo Hattori (VIN001-034): "When this card enters your field, draw a card."
    state = vocab_game({"VIN001-034": 4, "T-BEAR": 4}, {"T-STONE": 6, "T-DUAL": 4})
    hanzo = own(state, "p1", "VIN001-034", "hand")
    red, dual = own(state, "p1", "T-STONE", "stone_area"), own(state, "p1", "T-DUAL", "stone_area")
    run(state, cmd("PlayCard", "p1", card=hanzo, pay_with=[{"source": red}, {"source": dual, "choice": "U"}]))
    events = resolve(state)
    trig = find(events, "AbilityTriggered")
    assert trig.data["source"] == hanzo and trig.rule == "FoW-5.5 9.6 p5"
    hand = len(state.zones["p1"]["hand"])
    resolve(state)
    assert len(state.zones["p1"]["hand"]) == hand + 1


def test_enters_field_also_triggers_when_put_into_the_field_otherwise_unlike_enter() -> None:
    # [Enter] (9.6 p1.1) fires only when played from the hand or by judgment; "When this card
    # enters your field" fires on any move into the field
    state = vocab_game({"VIN001-034": 4, "T-HERALD": 4}, {"T-STONE": 10})
    hanzo = own(state, "p1", "VIN001-034", "graveyard")
    herald = own(state, "p1", "T-HERALD", "graveyard")
    ctx = Ctx(state, "given")
    actions.move(ctx, hanzo, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    actions.move(ctx, herald, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    triggered = [e for e in ctx.events if e.type == "AbilityTriggered"]
    assert [e.data["source"] for e in triggered] == [hanzo]


def test_put_into_a_graveyard_from_the_field_triggers_when_destroyed_and_when_banished() -> None:
    # Whelp Drake (TTW-036): "When this card is put into a graveyard from your field, it deals
    # 400 damage to target resonator."
    state = vocab_game({"TTW-036": 4, "T-BOLT": 4, "T-BEAR": 4}, {"T-STONE": 10})
    drake = own(state, "p1", "TTW-036", "field")
    bear = own(state, "p2", "T-BEAR", "field")
    bolt = own(state, "p1", "T-BOLT", "hand")
    stone = own(state, "p1", "T-STONE", "stone_area")
    run(state, cmd("PlayCard", "p1", card=bolt, targets=[[drake]], pay_with=[{"source": stone}]))
    events = resolve(state)
    assert state.objects[drake].zone == "graveyard"
    trig = find(events, "AbilityTriggered")
    assert trig.data["source"] == drake and trig.data["controller"] == "p1"
    run(state, cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear]]))
    events = resolve(state)
    dealt = find(events, "DamageDealt")
    assert dealt.data == {"source": drake, "target": bear, "amount": 400, "battle": False, "to_card": True}
    # banished (10.10) rather than destroyed: it triggers as well
    second = own(state, "p1", "TTW-036", "field")
    ctx = Ctx(state, "given")
    actions.move(ctx, second, "graveyard", "given", rule="10.10 p1", reason="banish")
    assert [e.data["source"] for e in ctx.events if e.type == "AbilityTriggered"] == [second]
    # leaving the field for the hand is not "put into a graveyard"
    third = own(state, "p1", "TTW-036", "field")
    ctx = Ctx(state, "given")
    actions.move(ctx, third, "hand", "given", rule="3.1 p5", reason="returned")
    assert "AbilityTriggered" not in types(ctx.events)


def test_put_stone_puts_the_top_magic_stone_into_the_magic_stone_area() -> None:
    # Faria, the Ruler of God Sword (SKL-007J): "When this card enters your field, put the top
    # card of your magic stone deck into your magic stone area." - entered by judgment
    state = vocab_game({"T-BEAR": 4}, {"TTW-108": 12}, ruler="SKL-007")
    stones = [own(state, "p1", "TTW-108", "stone_area") for _ in range(2)]
    run(state, cmd("PerformJudgment", "p1", pay_with=[{"source": s} for s in stones]))
    events = resolve(state)
    trig = find(events, "AbilityTriggered")
    assert trig.data["source"] == state.zones["p1"]["field"][0]
    top = state.zones["p1"]["stone_deck"][-1]
    before = len(state.zones["p1"]["stone_area"])
    events = events + resolve(state)
    moved = [e for e in events if e.type == "CardMoved" and e.data["oid"] == top]
    assert len(moved) == 1 and moved[0].rule == "FoW-5.5 3.7 p1" and moved[0].data["to"] == "stone_area"
    assert len(state.zones["p1"]["stone_area"]) == before + 1


def on_top(state: GameState, oid: str) -> None:
    """Given: ``oid`` is the top card of its owner's main deck."""
    deck = state.zones[state.objects[oid].owner]["main_deck"]
    deck.remove(oid)
    deck.append(oid)


def test_reveal_top_puts_a_matching_card_into_the_hand_and_leaves_another_on_top() -> None:
    # Water Sprite (TTW-054): "When this card enters your field, reveal the top card of your main
    # deck. If it's a Fairy resonator, put it into your hand." To reveal shows the card to all
    # players (FoW-5.5 10.4 p1); a card that does not match stays where it is
    state = vocab_game({"TTW-054": 4, "T-BEAR": 4}, {"T-STONE": 10})
    sprite = own(state, "p1", "TTW-054", "graveyard")
    fairy = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "TTW-054")
    on_top(state, fairy)
    ctx = Ctx(state, "given")
    actions.move(ctx, sprite, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))  # the lone trigger needs no choice: played automatically
    events = resolve(state)
    revealed = find(events, "CardRevealed")
    assert revealed.data == {"oid": fairy, "player": "p1"} and revealed.rule == "FoW-5.5 10.4 p1"
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (fairy, "main_deck", "hand")
    assert moved.data["revealed"] is True and fairy in state.zones["p1"]["hand"]
    # a Bear on top: revealed, not a Fairy resonator, it stays on top of the main deck
    second = own(state, "p1", "TTW-054", "graveyard")
    bear = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "T-BEAR")
    on_top(state, bear)
    ctx = Ctx(state, "given")
    actions.move(ctx, second, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))
    events = resolve(state)
    assert find(events, "CardRevealed").data["oid"] == bear
    assert not [e for e in events if e.type == "CardMoved" and e.data["oid"] == bear]
    assert state.zones["p1"]["main_deck"][-1] == bear
    # the reveal ends with the effect (10.4 p1): the opponent no longer sees the top card
    ended = find(events, "RevealEnded")
    assert ended.data == {"oid": bear, "player": "p1"} and ended.rule == "FoW-5.5 10.4 p1"
    assert state.objects[bear].revealed is False
    assert not engine.is_visible(state, bear, "p2") and not engine.is_visible(state, bear, "p1")


def test_reveal_top_puts_a_matching_resonator_into_the_field_and_otherwise_into_the_hand() -> None:
    # Shion's effect (TMS-046J): "reveal the top card of your main deck. If it's a resonator with
    # total cost 5 or less, put it into your field. Otherwise, put it into your hand." (10.4 p1)
    state = vocab_game({"T-SEER": 4, "T-BEAR": 4, "T-BOLT": 4}, {"T-STONE": 10})
    seer = own(state, "p1", "T-SEER", "graveyard")
    bear = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "T-BEAR")
    on_top(state, bear)
    ctx = Ctx(state, "given")
    actions.move(ctx, seer, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))
    events = resolve(state)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["controller"]) == (bear, "field", "p1")
    assert state.objects[bear].zone == "field"
    # a spell on top does not match: "Otherwise, put it into your hand"
    second = own(state, "p1", "T-SEER", "graveyard")
    bolt = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "T-BOLT")
    on_top(state, bolt)
    ctx = Ctx(state, "given")
    actions.move(ctx, second, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))
    events = resolve(state)
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bolt)
    assert (moved.data["from"], moved.data["to"]) == ("main_deck", "hand")


def test_search_into_the_field_triggers_enter_when_the_text_says_so() -> None:
    # Hyde, the Chaos (MPR-081): "[Activate] Pay {W}, banish this card: Search your main deck for a
    # card named "Jekyll, the Order" and put it into your field. This triggers its [Enter] ability.
    # Then shuffle your main deck." (FoW-5.5 10.13 p2; the text overrides 9.6 p1.1, golden rule 1.4)
    state = vocab_game({"MPR-081": 4, "MPR-008": 4, "T-BEAR": 4}, {"T-STONE": 10})
    hyde = own(state, "p1", "MPR-081", "field")
    state.players["p1"].will.append("W")  # given: p1 has produced {W}
    run(state, cmd("ActivateAbility", "p1", source=hyde, ability=1, pay_with=[]))
    assert state.objects[hyde].zone == "graveyard"  # banished as a cost
    events = resolve(state)
    asked = find(events, "ChoiceRequested")
    jekylls = [o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "MPR-008"]
    assert asked.data["kind"] == "search" and sorted(asked.data["options"]["cards"]) == sorted(jekylls)
    life = state.players["p1"].life
    events = run(state, cmd("ChooseCards", "p1", cards=[jekylls[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (jekylls[0], "field", "FoW-5.5 10.13 p2")
    trig = find(events, "AbilityTriggered")
    assert trig.data["source"] == jekylls[0]  # Jekyll's [Enter]: "You gain 200 life."
    assert "DeckShuffled" in types(events)
    events = resolve(state)
    assert state.players["p1"].life == life + 200


def test_search_into_the_field_finds_only_cards_that_can_be_put_there() -> None:
    # "put it into your field": a spell cannot be in the field (FoW-5.5 3.15 p4), so it is no
    # candidate of the search (10.13 p2); searching into the hand finds it
    state = vocab_game({"MPR-081": 4, "T-BOLT": 4, "T-BEAR": 4}, {"T-STONE": 10})
    ctx = Ctx(state, "given")
    bolt = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "T-BOLT")
    bear = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "T-BEAR")
    to_field = Search(filter=Filter(zone="main_deck", types=[]), to="field")
    to_hand = Search(filter=Filter(zone="main_deck", types=[]))
    assert actions._search_match(ctx.s, to_field, bear, "p1") and not actions._search_match(ctx.s, to_field, bolt, "p1")
    assert actions._search_match(ctx.s, to_hand, bolt, "p1")


# --------------------------------------------------------------------------------------
# random legal games between the real decks


def play_randomly(d1: str, d2: str, seed: int, variant: str) -> tuple[GameState, list[Event]]:
    s = GameSpec(
        f"real-{seed}",
        "FoW-5.5",
        variant,
        [PlayerSpec("p1", "Alice", real_deck(d1)), PlayerSpec("p2", "Bob", real_deck(d2))],
        seed=seed,
        unsupported="manual",
    )
    started = engine.start(s, real_cards())
    assert not isinstance(started, Rejection), started
    state = GameState()
    for e in started:
        apply_event(state, e)
    events = list(started)
    rng = random.Random(seed)
    for n in range(MAX_COMMANDS):
        if state.finished:
            break
        assert state.pending is not None, "a live game always waits for someone"
        player = state.pending.player
        legal = [c for c in engine.legal_actions(state, player) if c.type != "Concede"]
        assert legal, f"{player} has no legal action at {state.phase}/{state.step}"
        active = [c for c in legal if c.type != "Pass"]
        choice = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        choice = type(choice)(choice.type, choice.player, choice.args, id=f"c{n}")
        result = engine.decide(state, choice)
        assert not isinstance(result, Rejection), f"legal action {choice} was rejected: {result}"
        for e in result:
            assert e.seq == state.seq + 1 and e.rule.startswith("FoW-5.5 ")
            apply_event(state, e)
        events += result
    return state, events


RANDOM_GAMES = given(
    seed=st.integers(min_value=0, max_value=2**32),
    pair=st.sampled_from([(a, b) for a in DECKS for b in DECKS if a != b]),
    variant=st.sampled_from(["valhalla", "bifrost"]),
)


# A real-deck game takes up to a minute: the default run plays two random ones (besides the
# two fixed pairings below), `pytest -m slow` six more.
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@RANDOM_GAMES
def test_real_decks_play_random_legal_games_to_an_end_that_replay_exactly(
    seed: int, pair: tuple[str, str], variant: str
) -> None:
    check_random_game(seed, pair, variant)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@RANDOM_GAMES
def test_real_decks_play_many_random_legal_games_to_an_end_that_replay_exactly(
    seed: int, pair: tuple[str, str], variant: str
) -> None:
    check_random_game(seed, pair, variant)


def check_random_game(seed: int, pair: tuple[str, str], variant: str) -> None:
    state, events = play_randomly(pair[0], pair[1], seed, variant)
    assert state.finished, f"no game end after {MAX_COMMANDS} commands (turn {state.turn})"
    assert state.result in ("win", "draw")
    replayed = GameState()
    for e in events:
        replayed = engine.evolve(replayed, Event.from_dict(e.to_dict()))  # through the stored (JSON) form
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)
    # only cards with text adjudicated by hand are ever marked
    manual = {m["card"] for m in events[0].data.get("manual", [])}  # type: ignore[union-attr]
    for e in events[1:]:
        for oid in e.data.get("manual", []):  # type: ignore[union-attr]
            obj = replayed.objects[str(oid)]
            printed = replayed.cards[obj.card]
            faces = {obj.card, printed.judgment.j_ruler if printed.judgment else "", printed.other_side or ""}
            assert faces & manual, e


@pytest.mark.parametrize(("d1", "d2"), [("alexander-fire", "caesar-water"), ("faria-light", "yoshitsune-wind")])
def test_each_pairing_of_real_decks_finishes(d1: str, d2: str) -> None:
    state, events = play_randomly(d1, d2, 11, "valhalla")
    assert state.finished and state.result in ("win", "draw")
    assert len({e.type for e in events}) > 10


def test_moon_will_pays_only_a_moon_cost() -> None:
    # Pilot of Universe (MPR-048): "[Activate] Pay {M}: This card gains [Flying] until end of turn."
    # Tsukuyomi, the Moon City (MPR-052): "[Activate] Pay {1}, {Rest}: Produce {M}." (10.2 p6)
    state = vocab_game({"MPR-048": 4, "MPR-052": 4}, {"T-STONE": 10})
    pilot = own(state, "p1", "MPR-048", "field")
    city = own(state, "p1", "MPR-052", "field")
    red = [own(state, "p1", "T-STONE", "stone_area") for _ in range(2)]
    refusal = engine.decide(state, cmd("ActivateAbility", "p1", source=pilot, ability=0, pay_with=[{"source": red[0]}]))
    assert isinstance(refusal, Rejection) and refusal.code == "rules/cannot_pay"
    events = run(state, cmd("ActivateAbility", "p1", source=city, ability=0, pay_with=[{"source": red[0]}]))
    assert [e.data["will"] for e in events if e.type in ("WillProduced", "WillPaid")] == [["R"], ["R"], ["M"]]
    assert state.players["p1"].will == ["M"]  # the {1} of the city's own cost was paid
    run(state, cmd("ActivateAbility", "p1", source=pilot, ability=0))
    resolve(state)
    assert "flying" in characteristics(state, pilot).skills


def test_a_target_from_your_graveyard_into_your_hand() -> None:
    # Deadman Prince (CMF-083): "[Enter]: Put target resonator from your graveyard into your hand."
    state = vocab_game({"CMF-083": 4, "T-BEAR": 4}, {"T-STONE": 10})
    bear = own(state, "p1", "T-BEAR", "graveyard")
    theirs = own(state, "p2", "T-BEAR", "graveyard")
    prince = own(state, "p1", "CMF-083", "field")
    ctx = Ctx(state, "given")
    actions.check_triggers(ctx, "enter", "given", oid=prince)
    trig = state.triggered[0]
    run(state, cmd("Pass", "p1"))  # a triggered ability is played when a player would get priority (9.6 p6)
    assert state.pending is not None and state.pending.kind == "trigger"
    options = engine.legal_actions(state, "p1")
    targets = {str(c.args["targets"][0][0]) for c in options if c.type == "PlayTriggered"}
    assert targets == {bear}  # not the opponent's graveyard, not the field
    assert theirs not in targets
    run(state, cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[bear]]))
    events = resolve(state)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (bear, "graveyard", "hand")


def test_put_on_top_of_the_main_deck_and_mill() -> None:
    # Apollobreak, the Moon Blast (MPR-092): "Put target resonator on top of its owner's main deck."
    # Prowler of Niflheim (SKL-076): "When this card enters your field, put the top two cards of
    # your main deck into your graveyard."
    state = vocab_game({"MPR-092": 4, "SKL-076": 4, "T-BEAR": 4}, {"T-STONE": 6, "T-DUAL": 4})
    bear = own(state, "p2", "T-BEAR", "field")
    blast = own(state, "p1", "MPR-092", "hand")
    dual = own(state, "p1", "T-DUAL", "stone_area")
    state.players["p1"].will.append("W")  # given: p1 has produced {W} (the test stones make R and R/U)
    run(state, cmd("PlayCard", "p1", card=blast, targets=[[bear]], pay_with=[{"source": dual, "choice": "U"}]))
    events = resolve(state)
    moved = find(events, "CardMoved")
    assert moved.data["oid"] == bear and moved.data["to"] == "main_deck" and moved.rule == "FoW-5.5 3.1 p5"
    assert state.zones["p2"]["main_deck"][-1] == bear  # the top of the pile
    prowler = own(state, "p1", "SKL-076", "graveyard")
    top_two = state.zones["p1"]["main_deck"][-2:]
    ctx = Ctx(state, "given")
    actions.move(ctx, prowler, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))  # the lone trigger needs no choice: played automatically
    events = resolve(state) if state.chase else []
    assert set(top_two) <= set(state.zones["p1"]["graveyard"]), types(events)


def test_a_card_that_cannot_be_targeted_is_no_legal_target() -> None:
    # Alice's Soldier (MOA-022): "This card cannot be targeted by spells or abilities."
    # Mind Reading Fox (MPR-009): "... cannot be targeted by spells or abilities your opponent controls."
    state = vocab_game({"MOA-022": 4, "MPR-009": 4, "T-BOLT": 4, "T-GROW": 4}, {"T-STONE": 10})
    soldier = own(state, "p2", "MOA-022", "field")
    fox = own(state, "p2", "MPR-009", "field")
    my_fox = own(state, "p1", "MPR-009", "field")
    bolt = own(state, "p1", "T-BOLT", "hand")
    stone = own(state, "p1", "T-STONE", "stone_area")
    for target in (soldier, fox):
        refusal = engine.decide(
            state, cmd("PlayCard", "p1", card=bolt, targets=[[target]], pay_with=[{"source": stone}])
        )
        assert isinstance(refusal, Rejection) and refusal.code == "rules/illegal_target", refusal
    # the fox's controller may target it
    events = run(state, cmd("PlayCard", "p1", card=bolt, targets=[[my_fox]], pay_with=[{"source": stone}]))
    assert find(events, "CardPlayed").data["targets"] == [[my_fox]]


def test_one_target_gains_an_atk_def_change_and_a_symbol_skill() -> None:
    # Give Wings (SKL-008): "Target resonator gains [+200/+200] and [Flying] until end of turn."
    state = vocab_game({"SKL-008": 4, "T-BEAR": 4}, {"T-STONE": 10})
    bear = own(state, "p1", "T-BEAR", "field")
    wings = own(state, "p1", "SKL-008", "hand")
    state.players["p1"].will.append("W")  # given: p1 has produced {W}
    run(state, cmd("PlayCard", "p1", card=wings, targets=[[bear]]))
    events = resolve(state)
    created = [e for e in events if e.type == "ContinuousEffectCreated"]
    assert [e.rule for e in created] == ["FoW-5.5 10.19 p1", "FoW-5.5 10.19 p3"]
    assert all(e.data["targets"] == [bear] for e in created)
    chars = characteristics(state, bear)
    assert (chars.atk, chars.def_) == (700, 700) and "flying" in chars.skills
