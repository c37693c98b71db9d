"""A command's answer never depends on what its sender cannot see (FoW-5.5, GCG-1.00, LL-2.04).

Two games that differ only in cards hidden from the sender (which cards the opponent holds,
how every deck is ordered, which card is the sender's own face-down life) must answer any
command naming any object byte for byte alike: same code, rule and message, accepted or not.
The games are real starter-deck games played at random; the second is the first with the card
ids of the objects hidden from the sender shuffled among themselves (per owner, among the
interchangeable hidden zones), which the sender's own view must not tell apart.  See
docs/hidden-information.md.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import sys
from collections import defaultdict
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.gcg import flow as gcg_flow
from domain.kernel import Command, Event, GameSpec, PlayerSpec, Rejection
from domain.rulesets import get_engine
from service.catalog import CardCatalogs
from tests.story import deck_settings

SYSTEMS = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter"),
    "GCG-1.00": ("standard", "red_rampage", "blue_bulwark"),
    "LL-2.04": ("standard", "monolium_starlight", "septpia_tides"),
}
POOLS = {"hand": "drawn", "main_deck": "drawn", "lifebreak": "drawn", "deck": "drawn"}
"""Hidden zones whose cards may be swapped with each other (a card of the deck could as well be
in the hand); the other zones hold cards of their own kind (rulers, stones, gates, monsters)."""
KEYS = (
    "card",
    "source",
    "target",
    "targets",
    "attacker",
    "blocker",
    "choice",
    "cards",
    "materials",
    "tranceunion",
    "swap_with",
    "member",
)
MISSING = ("p1-999", "p2-999", "p1-g99", "nothing")
CATALOGS = CardCatalogs()


def engine_module(ruleset: str) -> Any:
    return sys.modules[get_engine(ruleset).decide.__module__]


def fresh(ruleset: str, seed: int) -> tuple[Any, list[Event]]:
    engine = get_engine(ruleset)
    variant, d1, d2 = SYSTEMS[ruleset]
    players = [
        PlayerSpec("p1", "Alice", {**CATALOGS.starter_deck(ruleset, d1), **deck_settings(ruleset, "ask")}),
        PlayerSpec("p2", "Bob", {**CATALOGS.starter_deck(ruleset, d2), **deck_settings(ruleset, "ask")}),
    ]
    events = engine.start(GameSpec(f"g{seed}", ruleset, variant, players, seed=seed), CATALOGS.cards(ruleset))
    assert not isinstance(events, Rejection), events
    state = engine.initial_state()
    for e in events:
        state = engine.evolve(state, e)
    return state, list(events)


@functools.cache
def positions(ruleset: str) -> list[Any]:
    """States along two random games (every third decision, up to 120 decisions each)."""
    engine = get_engine(ruleset)
    out = []
    for seed in (3, 8):
        state, _ = fresh(ruleset, seed)
        rng = random.Random(seed)
        for n in range(120):
            if state.finished:
                break
            if n % 3 == 0:
                out.append(state)
            legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
            result = engine.decide(state, rng.choice(legal))
            assert not isinstance(result, Rejection), result
            for e in result:
                state = engine.evolve(state, e)
    return out


def twin(ruleset: str, state: Any, viewer: str, rng: random.Random) -> tuple[Any, bool]:
    """``state`` with the cards ``viewer`` may not see shuffled among their objects, and whether
    any object got another card."""
    engine, module = get_engine(ruleset), engine_module(ruleset)
    may_name = (
        module.may_name(state, viewer)
        if hasattr(module, "may_name")
        else (lambda o: module.is_visible(state, o, viewer))
    )
    data = engine.state_to_dict(state)
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for oid, obj in sorted(state.objects.items()):
        if not may_name(oid):
            groups[obj.owner, POOLS.get(obj.zone, obj.zone)].append(oid)
    changed = False
    for oids in groups.values():
        cards = [data["objects"][o]["card"] for o in oids]
        rng.shuffle(cards)
        for oid, card in zip(oids, cards, strict=True):
            changed |= data["objects"][oid]["card"] != card
            data["objects"][oid]["card"] = card
    other = engine.state_from_dict(json.loads(json.dumps(data)))
    if getattr(state, "cycle_log", None):
        # LL 12.1.1.2 refuses an action taken before "from exactly this game state": the log holds
        # digests of whole past states, hidden cards included.  The twin has the same history with
        # other hidden cards, so where the log says "this state was seen" it says so of the twin's
        # state too (a twin whose log still held the original's digest would be a game no history
        # wrote, and the rule would tell the two apart by their hidden cards).
        from domain.ll.state import game_state_digest

        seen, now = game_state_digest(state), game_state_digest(other)
        other.cycle_log = [[now if digest == seen else digest, key] for digest, key in state.cycle_log]
    return other, changed


def answer(ruleset: str, state: Any, command: Command) -> str:
    result = get_engine(ruleset).decide(state, command)
    return json.dumps(result.to_dict() if isinstance(result, Rejection) else "accepted", sort_keys=True)


def renamed(value: Any, pick: Any) -> Any:
    """A legal action's arguments with some object ids replaced by others."""
    if isinstance(value, str) and (value.startswith(("p1-", "p2-"))):
        return pick(value)
    if isinstance(value, list):
        return [renamed(v, pick) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, pick) for k, v in value.items()}
    return value


def swap_some(rng: random.Random, ids: list[str], oid: str) -> str:
    return rng.choice(ids) if rng.random() < 0.5 else oid


@st.composite
def situations(draw: st.DrawFn, ruleset: str) -> tuple[Any, Any, str, list[Command]]:
    states = positions(ruleset)
    state = states[draw(st.integers(0, len(states) - 1))]
    deciding = state.pending.player
    viewer = draw(st.sampled_from([deciding, deciding, deciding, "p2" if deciding == "p1" else "p1"]))
    other, changed = twin(ruleset, state, viewer, random.Random(draw(st.integers(0, 2**16))))
    ids = [*sorted(state.objects), *MISSING]
    may_name = engine_module(ruleset).may_name(state, viewer)
    unseen = [o for o in sorted(state.objects) if not may_name(o)] or ids
    oid = st.one_of(st.sampled_from(unseen), st.sampled_from(ids))  # mostly hidden objects
    legal = [c for c in get_engine(ruleset).legal_actions(state, deciding) if c.type != "Concede"]
    types = [*sorted(engine_module(ruleset).COMMANDS), *sorted({c.type for c in legal}) * 12]
    keys = sorted({*KEYS, *(k for c in legal for k in c.args)})
    commands = []
    for _ in range(6):
        key, value = draw(st.sampled_from(keys)), draw(oid)
        args: dict[str, Any] = {key: draw(st.sampled_from([value, [value], [value, draw(oid)]]))}
        if draw(st.booleans()):
            args["pay_with"] = [{"source": draw(oid), "ability": 0}]
        if draw(st.booleans()):
            args["ability"] = draw(st.integers(0, 2))
        commands.append(Command(draw(st.sampled_from(types)), viewer, args))
    for action in draw(st.lists(st.sampled_from(legal), min_size=1, max_size=6)) if legal else []:
        pick = functools.partial(swap_some, random.Random(draw(st.integers(0, 2**16))), unseen + ids)
        args = renamed(dict(action.args), pick)
        commands.append(Command(action.type, viewer, args))
    return (state, other, viewer, commands) if changed else (state, state, viewer, commands)


def check_same_answers(ruleset: str, situation: tuple[Any, Any, str, list[Command]]) -> None:
    engine = get_engine(ruleset)
    state, other, viewer, commands = situation
    # the two games look the same to the sender: their view and their legal actions
    assert engine.view(state, viewer) == engine.view(other, viewer)
    assert engine.legal_actions(state, viewer) == engine.legal_actions(other, viewer)
    for command in commands:
        assert answer(ruleset, state, command) == answer(ruleset, other, command), command


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@PROPERTY
@given(st.data())
def test_fow_answers_do_not_depend_on_hidden_cards(data: st.DataObject) -> None:
    check_same_answers("FoW-5.5", data.draw(situations("FoW-5.5")))


@PROPERTY
@given(st.data())
def test_gcg_answers_do_not_depend_on_hidden_cards(data: st.DataObject) -> None:
    check_same_answers("GCG-1.00", data.draw(situations("GCG-1.00")))


@PROPERTY
@given(st.data())
def test_ll_answers_do_not_depend_on_hidden_cards(data: st.DataObject) -> None:
    check_same_answers("LL-2.04", data.draw(situations("LL-2.04")))


def test_the_twin_games_really_differ_in_hidden_cards() -> None:
    """The property above compares games that differ: the swap changes cards in most positions."""
    for ruleset in SYSTEMS:
        states = positions(ruleset)
        differing = sum(twin(ruleset, s, "p1", random.Random(n))[1] for n, s in enumerate(states))
        assert differing >= len(states) * 3 // 4, ruleset


# --- examples ---------------------------------------------------------------------------------------


def at(ruleset: str, kind: str, player: str) -> Any:
    """The first position of the random games where ``player`` has a ``kind`` decision."""
    found = [s for s in positions(ruleset) if s.pending.kind == kind and s.pending.player == player]
    assert found, (ruleset, kind, player)
    return found[0]


def as_missing(ruleset: str, state: Any, command: Command, oid: str, missing: str) -> dict[str, str]:
    """The answer to ``command`` with ``oid`` replaced by an id no object has, and put back."""
    args = json.loads(json.dumps(dict(command.args)).replace(f'"{oid}"', f'"{missing}"'))
    result = get_engine(ruleset).decide(state, Command(command.type, command.player, args))
    assert isinstance(result, Rejection)
    return {**result.to_dict(), "message": result.message.replace(missing, oid)}


def test_deploying_the_opponents_face_down_gate_does_not_name_it_ll() -> None:
    state = at("LL-2.04", "main", "p1")
    gate = next(o for o in state.zones["p2"]["gate"] if state.objects[o].face_down)
    command = Command("Deploy", "p1", {"card": gate, "circles": ["FL"]})
    result = get_engine("LL-2.04").decide(state, command)
    assert isinstance(result, Rejection)
    assert state.card_of(gate).name not in result.message
    assert result.to_dict() == as_missing("LL-2.04", state, command, gate, "p2-g99")
    assert result.to_dict() == {
        "code": "command/unknown_card",
        "rule": "LL-2.04 7.5.3.1",
        "message": f"there is no card {gate!r} in this game that you can see",
    }


def test_naming_a_card_of_ones_own_deck_or_gates_is_answered_as_a_missing_card_ll() -> None:
    state = at("LL-2.04", "main", "p1")
    engine = get_engine("LL-2.04")
    for oid in [state.zones["p1"]["deck"][0], next(o for o in state.zones["p1"]["gate"] if state.objects[o].face_down)]:
        command = Command("UseAbility", "p1", {"source": oid, "ability": 0})
        result = engine.decide(state, command)
        assert isinstance(result, Rejection)
        assert state.card_of(oid).name not in result.message
        assert result.to_dict() == as_missing("LL-2.04", state, command, oid, "p1-zz9")


def test_a_trance_searching_the_deck_is_offered_every_tranceunion_there_ll() -> None:
    """The legal actions offer every Tranceunion of the deck (5.13.1.2: the deck is searched); any
    other card of the deck is refused as an id of no card, so the refusals do not tell which cards
    of the deck are Tranceunions, and the offer does not depend on the deck's order."""
    engine = get_engine("LL-2.04")
    for state in positions("LL-2.04"):
        player = state.pending.player
        searches = [
            c
            for c in engine.legal_actions(state, player)
            if c.type == "Trance" and state.objects[c.args["tranceunion"]].zone == "deck"
        ]
        if not searches:
            continue
        deck = state.zones[player]["deck"]
        offered = {c.args["tranceunion"] for c in searches}
        assert offered == {o for o in deck if state.card_of(o).type == "tranceunion"}
        assert all(not isinstance(engine.decide(state, c), Rejection) for c in searches)
        for oid in [o for o in deck if o not in offered][:8]:
            command = Command("Trance", player, {**searches[0].args, "tranceunion": oid})
            assert engine.decide(state, command) == Rejection(**as_missing("LL-2.04", state, command, oid, "p1-zz9"))
        return
    raise AssertionError("no Trance from the deck in the sample games")  # pragma: no cover


def test_playing_ones_own_lifebreak_card_does_not_name_it_fow() -> None:
    """The lifebreak is hidden from its owner too (FoW-5.5 3.1 p2; their view shows a count)."""
    state = at("FoW-5.5", "priority", "p1")
    engine = get_engine("FoW-5.5")
    life = state.zones["p1"]["lifebreak"][0]
    assert engine.view(state, "p1")["players"]["p1"]["zones"]["lifebreak"] == {
        "count": len(state.zones["p1"]["lifebreak"])
    }
    command = Command("PlayCard", "p1", {"card": life, "pay_with": []})
    result = engine.decide(state, command)
    assert isinstance(result, Rejection)
    assert state.card_of(life).name not in result.message and "lifebreak" not in result.message
    assert result.to_dict() == {
        "code": "command/unknown_object",
        "rule": "FoW-5.5 7.1 p2",
        "message": f"there is no card {life!r} in this game that you can see",
    }
    assert result.to_dict() == as_missing("FoW-5.5", state, command, life, "p1-999")


def test_the_opponents_hand_is_answered_as_a_missing_card_fow() -> None:
    state = at("FoW-5.5", "priority", "p1")
    engine = get_engine("FoW-5.5")
    theirs = state.zones["p2"]["hand"][0]
    for command in (
        Command("PlayCard", "p1", {"card": theirs}),
        Command("ActivateAbility", "p1", {"source": theirs, "ability": 0}),
        Command("PlayCard", "p1", {"card": state.zones["p1"]["hand"][0], "pay_with": [{"source": theirs}]}),
    ):
        result = engine.decide(state, command)
        assert isinstance(result, Rejection)
        assert state.card_of(theirs).name not in result.message, command
        assert result.to_dict() == as_missing("FoW-5.5", state, command, theirs, "p2-999")


def test_the_opponents_hand_and_decks_are_answered_as_missing_cards_gcg() -> None:
    state = at("GCG-1.00", "main", "p1")
    engine = get_engine("GCG-1.00")
    for oid in (state.zones["p2"]["hand"][0], state.zones["p2"]["deck"][0], state.zones["p1"]["deck"][0]):
        for command in (
            Command("PlayBattleCard", "p1", {"card": oid, "zone": 3}),
            Command("ActivateStrategy", "p1", {"card": oid}),
        ):
            result = engine.decide(state, command)
            assert isinstance(result, Rejection)
            assert result.to_dict() == as_missing("GCG-1.00", state, command, oid, "p2-999")
            assert (result.code, result.message) == ("rules/not_in_hand", f"{oid} is not a card in your hand")


def test_a_card_a_search_offers_may_be_named() -> None:
    """Cards shown to a searcher may be chosen: the hidden-card rule does not refuse them."""
    engine = get_engine("GCG-1.00")
    for state in positions("GCG-1.00"):
        if state.pending.kind != "search":
            continue
        player = state.pending.player
        chosen = [
            c.choice.complete(c, [c.choice.candidates[0]])
            for c in engine.legal_actions(state, player)
            if c.type == "Choose" and c.choice is not None and c.choice.candidates and c.choice.max_count
        ]
        assert chosen and not isinstance(engine.decide(state, chosen[0]), Rejection)
        return
    raise AssertionError("no search in the sample games")  # pragma: no cover


# --- the GCG state fingerprint (12.1.1.2) ---------------------------------------------------------------


def test_players_never_see_an_unkeyed_digest_of_the_gcg_state() -> None:
    engine, module = get_engine("GCG-1.00"), engine_module("GCG-1.00")
    state, _ = fresh("GCG-1.00", 8)
    rng = random.Random(8)
    unkeyed: set[str] = set()
    shown: dict[str, list[Any]] = {"p1": [], "p2": []}
    keyed = []
    for _ in range(150):
        if state.finished:
            break
        for player in shown:
            shown[player].append(engine.view(state, player))
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        result = engine.decide(state, rng.choice(legal))
        assert not isinstance(result, Rejection)
        for e in result:
            state = engine.evolve(state, e)
            payload = json.dumps(gcg_flow.fingerprint_data(state), sort_keys=True, default=str).encode()
            unkeyed.add(hashlib.sha256(payload).hexdigest()[:24])
            for player in shown:
                shown[player].append(module.redact_event(state, e, player).to_dict())
            if e.type == "MainActionTaken":
                keyed.append(e.data["fingerprint"])
    assert keyed, "the sample game has main phase actions"
    for player, payloads in shown.items():
        text = json.dumps(payloads, default=str)
        assert all(digest not in text for digest in unkeyed), player
    # the fingerprint is keyed by the (secret) seed: the same state under another seed differs
    reseeded = engine.state_from_dict({**engine.state_to_dict(state), "seed": state.seed + 1})
    assert gcg_flow.fingerprint(reseeded) != gcg_flow.fingerprint(state)
    assert gcg_flow.fingerprint(engine.state_from_dict(engine.state_to_dict(state))) == gcg_flow.fingerprint(state)


# --- what a player sees of the decks at the start (docs/hidden-information.md) ---------------------


def test_game_started_shows_a_player_their_own_deck_list_only() -> None:
    for ruleset in SYSTEMS:
        module = engine_module(ruleset)
        state, events = fresh(ruleset, 5)
        started = events[0]
        assert started.type == "GameStarted"
        owned = {p: {o["card"] for o in started.data["objects"] if o["owner"] == p} for p in ("p1", "p2")}
        assert owned["p2"] - owned["p1"], f"{ruleset}: the starter decks share every card"
        for viewer, opponent in (("p1", "p2"), ("p2", "p1")):
            seen = module.redact_event(state, started, viewer).data
            assert owned[viewer] <= set(seen["cards"]), ruleset
            assert not (set(seen["cards"]) & (owned[opponent] - owned[viewer])), ruleset
            theirs = [o for o in seen["objects"] if o["owner"] == opponent]
            assert len(theirs) == len(owned_objects(started, opponent)) and all(o["card"] is None for o in theirs)
        assert module.redact_event(state, started, None) == started  # the judge sees everything


def owned_objects(started: Event, player: str) -> list[Any]:
    return [o for o in started.data["objects"] if o["owner"] == player]
