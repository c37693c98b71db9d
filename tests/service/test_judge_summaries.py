"""The judge timeline's one-line summaries for Godzilla Card Game and Luck & Logic: player
names, card names (never object ids) and the figures a judge needs (threat level, counter
power, rage, zones; power, level, stock, refresh points, circles), exact for known games; a
sentence of its own for every event type those engines record; and the why chain's command
link with card names."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.gcg.state import EVENT_TYPES as GCG_EVENT_TYPES
from domain.kernel import Command, Event, expanded
from domain.ll.state import EVENT_TYPES as LL_EVENT_TYPES
from domain.rulesets import get_engine
from projections.judge import GcgNarrator, LlNarrator, describe_command, fold, narrator, timeline, why
from service.app import GameService, PlayerSpec
from service.catalog import CardCatalogs
from service.settings import Settings

NAMES = {"p1": "Alice", "p2": "Bob"}
GCG = ("GCG-1.00", ("blue_bulwark", "red_rampage"))
LL = ("LL-2.04", ("monolium_starlight", "septpia_tides"))


@pytest.fixture
def games() -> Iterator[GameService]:
    service = GameService(Settings(allow_client_seed=True, store="memory"), CardCatalogs())
    yield service
    service.close()


def play(
    games: GameService,
    ruleset: str,
    decks: tuple[str, str],
    commands: int,
    game_id: str,
    rng: random.Random | None = None,
) -> dict[str, dict[str, Any]]:
    """A starter-deck game (seed 3) driven over the legal actions by a fixed policy, or at
    random with ``rng``; returns the commands sent, by cause (``cmd:<id>``)."""
    players = [PlayerSpec("p1", "Alice", {"starter": decks[0]}), PlayerSpec("p2", "Bob", {"starter": decks[1]})]
    games.create_game(ruleset, "standard", players, seed=3, game_id=game_id)
    sent: dict[str, dict[str, Any]] = {}
    for i in range(commands):
        listed = [c for p in ("p1", "p2") for c in games.legal_actions(game_id, p).actions if c.type != "Concede"]
        legal = expanded(listed)  # a choice of N from M read as its selections, smallest first
        if not legal:
            break
        fixed = legal[-1] if i % 3 == 0 else legal[0]
        chosen = rng.choice(legal) if rng is not None else fixed
        games.submit(game_id, Command(chosen.type, chosen.player, chosen.args, id=f"c{i}"))
        sent[f"cmd:c{i}"] = {"type": chosen.type, "args": dict(chosen.args)}
    return sent


def summaries(games: GameService, ruleset: str, game_id: str) -> dict[int, str]:
    entries = timeline(get_engine(ruleset), games.events(game_id), NAMES, lambda citation: "")
    return {e.seq: e.summary for e in entries}


# ------------------------------------------------------------------ known games


def test_godzilla_summaries_of_a_known_game(games: GameService) -> None:
    play(games, GCG[0], GCG[1], 40, "gz")
    got = summaries(games, GCG[0], "gz")
    expected = {
        4: "Bob goes first (chosen at random)",
        16: "Alice set MechaGodzilla Prototype (threat level 10000) as their invading monster in zone 1",
        17: "Alice's rage was set to 0 (threat level now 10000)",
        21: "Turn 1 began for Bob",
        22: "Bob's start phase began (turn 1)",
        28: "Bob's total counter power 0 < Alice's threat level 10000: Alice's invading monster is not countered",
        30: "Bob's Godzilla, Juvenile (threat level 10000) advanced from zone 1 to zone 2",
        36: "Alice took a main phase action: play battle card Swarm Drone (zone 2)",
        38: "Alice played Swarm Drone (counter power 1000) from their hand into zone 2",
        45: "Alice's Swarm Drone (counter power 1000) in zone 2 was destroyed and put into their discard pile",
        59: "Bob took a main phase action: invade Nuclear Pulse",
        60: "Bob invaded with Nuclear Pulse (invasion value 2)",
        62: "Bob's Godzilla, Juvenile (threat level 10000) advanced from zone 2 to zone 3 (invasion)",
        69: "An automatic ability of Bob's Tail Lash triggered (enter)",
        70: "Bob played the automatic ability of Tail Lash",
        71: "The ability of Bob's Tail Lash finished resolving",
        128: "Bob chose Bob's Redeploy (counter power 3000) (discard)",
        130: "Bob's rage went from 0 to 1 (threat level now 15000)",
        145: "Bob's rage went from 1 to 0 (threat level now 10000)",
        160: "Bob chose Alice's Maser Tank (counter power 3000) (targets)",
        161: "The ability of Bob's Tail Lash targets Alice's Maser Tank (counter power 3000)",
        172: "Bob revealed Atomic Breath (counter power 3000)",
        201: "Alice played Emergency Call from their hand into strategy zone 1",
        206: "Alice chose Alice's Absolute Zero (counter power 5000) (invade)",
        207: "Alice invaded with Absolute Zero (invasion value 1)",
        209: "Alice's MechaGodzilla Prototype (threat level 10000) advanced from zone 4 to zone 5 (invasion)",
    }
    assert {seq: got[seq] for seq in expected} == expected


def test_luck_and_logic_summaries_of_a_known_game(games: GameService) -> None:
    play(games, LL[0], LL[1], 40, "ll")
    got = summaries(games, LL[0], "ll")
    expected = {
        26: "Bob goes first (chosen at random)",
        38: "Bob redrew 5 cards: Mina & Sol, Tidal Bond, Power Paradox, Tidecaller Duo, Sol, Tool Smith",
        53: "Alice's refresh points were set to 0",
        56: "Bob's stand phase began",
        63: "Bob placed Steel Resolve as a level card (level from 0 to 1)",
        67: "Bob deployed Sol (power 3000) to BR",
        69: "Bob's Sol moved from their hand to their Resolution Zone (played)",
        70: "Bob paid no stock for Sol (stock 1)",
        71: "Bob's Sol moved from their Resolution Zone to their circle (BR) (deploy)",
        74: "Bob's battle phase: attack declaration step began",
        76: "Bob's attacks ended (attack limit reached)",
        94: "Alice paid 1 stock for Knight Trainee (stock from 1 to 0)",
        102: "Alice chose to attack (attack 1 of the turn)",
        103: "Alice began battle 1",
        104: "Alice's Knight Trainee (power 3000) was rested (attack)",
        105: "Alice's Knight Trainee (power 3000) attacked Bob's FL circle",
        106: "Bob's Gate of Dawn was destroyed by Alice's Knight Trainee (power 3000)",
        108: "Bob played the ability of Gate of Dawn",
        110: "An effect of Bob's Gate of Dawn resolved",
        111: "The ability of Bob's Gate of Dawn finished resolving",
        114: "Battle 1 ended",
        127: "Bob skipped their level phase (level 1)",
        138: "Alice stood Knight Trainee",
        145: "Alice placed Ren & Lyra, Starlight Pact as a level card (level from 1 to 2)",
        149: "Alice rearranged their members: Knight Trainee to FL",
        160: "Nothing happened to Bob's Gate of Dawn: the gate is already destroyed",
        165: "Alice's attacks ended (no standing member)",
        186: "Bob discarded 1 card(s) down to the hand limit (kept 9)",
    }
    assert {seq: got[seq] for seq in expected} == expected


# ------------------------------------------------------------------ no bare class names


@pytest.mark.parametrize("cls, types", [(GcgNarrator, GCG_EVENT_TYPES), (LlNarrator, LL_EVENT_TYPES)])
def test_every_event_type_the_engine_records_has_its_own_sentence(cls: type, types: Any) -> None:
    missing = sorted(t for t in types if not callable(getattr(cls, f"_{t}", None)))
    assert missing == []


def _own_sentence(n: Any, e: Event) -> str:
    """The event type's own sentence; raises if there is none or it cannot read the data
    (which :meth:`GenericNarrator.summary` would hide behind the generic fallback)."""
    return str(getattr(n, f"_{e.type}")(e.data))


@pytest.mark.parametrize("ruleset, decks", [GCG, LL])
@pytest.mark.parametrize("seed", [11, 29])
def test_no_event_of_a_random_game_falls_back_to_a_class_name_sentence(
    games: GameService, ruleset: str, decks: tuple[str, str], seed: int
) -> None:
    play(games, ruleset, decks, 250, "rnd", rng=random.Random(seed))
    events = games.events("rnd")
    assert len({e.type for e in events}) > 20
    for e, before, after in fold(get_engine(ruleset), events):
        n = narrator(before, after, NAMES)
        sentence = _own_sentence(n, e)
        assert sentence == n.summary(e) and sentence != n.generic(e), (e.seq, e.type)
        for oid in before.objects.keys() | after.objects.keys():
            assert oid not in sentence, (e.seq, e.type, sentence)


# ------------------------------------------------------------------ why: the command link


def test_the_why_chain_shows_the_command_with_card_names(games: GameService) -> None:
    sent = play(games, LL[0], LL[1], 10, "ll")
    engine, events = get_engine(LL[0]), games.events("ll")
    entries = timeline(engine, events[:106], NAMES, lambda citation: "")
    assert entries[-1].type == "GateDestroyed"
    chain = why(entries, 106, lambda c: "", lambda c: "", NAMES, commands=sent, engine=engine, events=events)
    assert [(link.seq, link.type, link.summary) for link in chain] == [
        (106, "GateDestroyed", "Bob's Gate of Dawn was destroyed by Alice's Knight Trainee (power 3000)"),
        (105, "AttackDeclared", "Alice's Knight Trainee (power 3000) attacked Bob's FL circle"),
        (104, "CardRested", "Alice's Knight Trainee (power 3000) was rested (attack)"),
        (103, "BattleBegan", "Alice began battle 1"),
        (102, "AttackChosen", "Alice chose to attack (attack 1 of the turn)"),
        (None, "DeclareAttack", "Alice sent DeclareAttack(attacker=Knight Trainee, circle=FL)"),
    ]
    assert sent[chain[-1].command or ""]["args"] == {"attacker": "p1-d39", "circle": "FL"}
    # without the commands the link still names the command id
    plain = why(entries, 106, lambda c: "", lambda c: "", NAMES)
    assert plain[-1].summary == f"Alice sent command {chain[-1].command[4:] if chain[-1].command else ''}"


def test_describe_command_names_objects_and_players_in_lists_and_mappings(games: GameService) -> None:
    play(games, GCG[0], GCG[1], 5, "gz")
    engine = get_engine(GCG[0])
    state = engine.initial_state()
    for _, _, after in fold(engine, games.events("gz")):
        state = after
    hand = state.zones["p1"]["hand"][:2]
    names = [state.card_of(o).name for o in hand]
    command = {"type": "Choose", "args": {"choice": hand, "player": "p2", "moves": {hand[0]: 3}, "zone": 2}}
    assert describe_command(command, "Alice", state, NAMES) == (
        f"Alice sent Choose(choice=[{names[0]}, {names[1]}], moves={{{names[0]}: 3}}, player=Bob, zone=2)"
    )
