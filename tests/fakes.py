"""A fake game system for the service and API tests: a two-player counting game.

Players take turns adding 1-3 to their own count (``Increment {"by": n}``) or ``Pass``;
the first to reach the target wins.  Each player is dealt a hidden hand from their deck,
so views and events can be checked for redaction.  Events cite ``FAKE-1 <rule>``.

``CountingEngine`` (``FAKE-0``) implements exactly the ``RulesEngine`` protocol;
``FakeEngine`` (``FAKE-1``) adds the optional hooks ``redact_event`` and ``is_finished``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from domain import rulesets
from domain.kernel import (
    JSON,
    Command,
    Event,
    GameSpec,
    Rejection,
    Shuffler,
    command_cause,
    event_cause,
)

TARGETS = {"standard": 10, "short": 4}
HAND_SIZE = 2

CARDS = [{"id": f"F-00{i}", "name": f"Counter {i}"} for i in range(1, 7)]
STARTER_DECKS = {
    "counters": {"name": "Counters", "main": [{"card": "F-001", "count": 3}, {"card": "F-002", "count": 3}]},
    "sixes": {"name": "Sixes", "main": [{"card": "F-006", "count": 6}]},
}
PREFIXES = {"FAKE-": "fake"}


def write_catalog(root: Path) -> Path:
    """Write the fake system's catalog under ``root`` (``root/fake/...``); returns ``root``."""
    (root / "fake" / "decks").mkdir(parents=True, exist_ok=True)
    (root / "fake" / "cards.json").write_text(json.dumps({"cards": CARDS}))
    for name, deck in STARTER_DECKS.items():
        (root / "fake" / "decks" / f"{name}.json").write_text(json.dumps(deck))
    return root


@dataclass(frozen=True)
class CountingState:
    game_id: str = ""
    players: tuple[str, ...] = ()
    target: int = 0
    seed: int = 0
    seq: int = 0
    """The last event applied."""
    turn: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winner: str | None = None


class CountingEngine:
    ruleset = "FAKE-0"
    variants: tuple[str, ...] = tuple(TARGETS)

    @staticmethod
    def cite(rule: str) -> str:
        return f"FAKE-1 {rule}"

    def start(self, spec: GameSpec, catalog: Any) -> list[Event] | Rejection:
        if len(spec.players) != 2:
            return Rejection("game/player_count", self.cite("1.1"), "the counting game needs exactly two players")
        decks: dict[str, list[str]] = {}
        for p in spec.players:
            cards = [e["card"] for e in p.deck.get("main", []) for _ in range(e["count"])]
            unknown = sorted({c for c in cards if c not in catalog})
            if unknown:
                return Rejection("deck/unknown_card", self.cite("2.1"), f"{p.id}'s deck names unknown cards {unknown}")
            if len(cards) < HAND_SIZE:
                return Rejection("deck/too_small", self.cite("2.2"), f"{p.id}'s deck has fewer than {HAND_SIZE} cards")
            decks[p.id] = cards
        ids = [p.id for p in spec.players]
        shuffler = Shuffler(spec.seed)
        first = spec.first_player or shuffler.choice(ids)
        started = {"game_id": spec.game_id, "players": ids, "target": TARGETS[spec.variant], "seed": spec.seed}
        events = [Event(1, "GameStarted", {**started, "first": first}, self.cite("1.1"), "setup")]
        for pid in ids:
            hand = shuffler.shuffled(decks[pid])[:HAND_SIZE]
            events.append(Event(len(events) + 1, "HandDealt", {"player": pid, "cards": hand}, self.cite("1.2"), "ev:1"))
        return events

    def initial_state(self) -> CountingState:
        return CountingState()

    def decide(self, state: CountingState, command: Command) -> list[Event] | Rejection:
        seq = state.seq + 1
        if state.winner is not None:
            return Rejection("rules/game_over", self.cite("5.1"), f"{state.winner} has already won")
        if command.player != state.turn:
            return Rejection(
                "rules/not_your_turn", self.cite("3.1"), f"it is {state.turn}'s turn, not {command.player}'s"
            )
        cause, actor = command_cause(command.id), command.player
        if command.type == "Pass":
            return [Event(seq, "TurnPassed", {"to": self._other(state, actor)}, self.cite("4.1"), cause, actor)]
        if command.type != "Increment":
            return Rejection("rules/unknown_command", self.cite("3.0"), f"no command {command.type!r}")
        by = command.args.get("by")
        if not isinstance(by, int) or isinstance(by, bool) or not 1 <= by <= 3:
            return Rejection("rules/bad_amount", self.cite("3.2"), f"add 1, 2 or 3, not {by!r}")
        total = state.counts[actor] + by
        counted = Event(seq, "Incremented", {"player": actor, "by": by, "total": total}, self.cite("3.2"), cause, actor)
        if total >= state.target:
            return [counted, Event(seq + 1, "GameWon", {"winner": actor}, self.cite("5.1"), event_cause(seq))]
        return [
            counted,
            Event(seq + 1, "TurnPassed", {"to": self._other(state, actor)}, self.cite("4.1"), event_cause(seq)),
        ]

    @staticmethod
    def _other(state: CountingState, player: str) -> str:
        return next(p for p in state.players if p != player)

    def evolve(self, state: CountingState, event: Event) -> CountingState:
        d = event.data
        seq = event.seq
        # One ``replace`` per event (each costs microseconds, and the store benchmark
        # counts this engine's cost on the service's side).
        if event.type == "GameStarted":
            players = tuple(d["players"])
            return replace(
                state,
                seq=seq,
                game_id=d["game_id"],
                players=players,
                target=d["target"],
                seed=d["seed"],
                turn=d["first"],
                counts=dict.fromkeys(players, 0),
            )
        if event.type == "HandDealt":
            return replace(state, seq=seq, hands={**state.hands, d["player"]: tuple(d["cards"])})
        if event.type == "Incremented":
            return replace(state, seq=seq, counts={**state.counts, d["player"]: d["total"]})
        if event.type == "TurnPassed":
            return replace(state, seq=seq, turn=d["to"])
        if event.type == "GameWon":
            return replace(state, seq=seq, winner=d["winner"], turn=None)
        raise ValueError(f"unknown event {event.type}")

    def legal_actions(self, state: CountingState, player: str) -> list[Command]:
        if state.winner is not None or player != state.turn:
            return []
        return [*(Command("Increment", player, {"by": n}) for n in (1, 2, 3)), Command("Pass", player)]

    def view(self, state: CountingState, viewer: str | None) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "turn": state.turn,
            "target": state.target,
            "counts": {p: state.counts[p] for p in state.players},
            "winner": state.winner,
            "hands": {
                p: list(hand) if viewer in (None, p) else {"count": len(hand)} for p, hand in state.hands.items()
            },
        }
        if viewer is None:
            out["seed"] = state.seed
        return out

    def state_to_dict(self, state: CountingState) -> dict[str, JSON]:
        return {
            "game_id": state.game_id,
            "players": list(state.players),
            "target": state.target,
            "seed": state.seed,
            "seq": state.seq,
            "turn": state.turn,
            "counts": dict(state.counts),
            "hands": {p: list(h) for p, h in state.hands.items()},
            "winner": state.winner,
        }

    def state_from_dict(self, data: Mapping[str, JSON]) -> CountingState:
        return CountingState(
            game_id=data["game_id"],
            players=tuple(data["players"]),
            target=data["target"],
            seed=data["seed"],
            seq=data["seq"],
            turn=data["turn"],
            counts=dict(data["counts"]),
            hands={p: tuple(h) for p, h in data["hands"].items()},
            winner=data["winner"],
        )


class FakeEngine(CountingEngine):
    ruleset = "FAKE-1"

    def redact_event(self, state: CountingState, event: Event, viewer: str | None) -> Event:
        if viewer is None:
            return event
        d = dict(event.data)
        if event.type == "GameStarted":
            d.pop("seed")
        elif event.type == "HandDealt" and d["player"] != viewer:
            d["cards"], d["count"] = None, len(event.data["cards"])
        return Event(event.seq, event.type, d, event.rule, event.cause, event.actor)

    def is_finished(self, state: CountingState) -> bool:
        return state.winner is not None


def register() -> None:
    rulesets.register(CountingEngine())
    rulesets.register(FakeEngine())


def contribute_entropy(service: Any, game_id: str) -> int:
    """Deal a game created without a client seed: every missing player contributes fresh
    entropy (docs/randomness.md).  Returns the game's version once dealt."""
    import secrets

    for player in service.deal_status(game_id).missing:
        status = service.contribute_entropy(game_id, player, secrets.token_hex(32))
    return int(status.version)
