"""Judge read models over one game's event stream, for every ruleset: the timeline with a
one-line human summary per event, time travel (which event a turn/phase starts at) and the
causal chain ("why") of any event back to the player action that started it.

Pure functions over recorded events.  States are rebuilt with the engine's ``evolve`` only
(never ``decide``), so the read models show exactly what was recorded.  Force of Will keeps
the rich :class:`projections.fow_story.Narrator`; other rulesets get :class:`GenericNarrator`,
which builds sentences from the event type, its data and the names of players and cards.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.fow.state import GameState as FowState
from domain.kernel import RULES_AUTHORITY, Event, RulesEngine
from projections.fow_story import Narrator, TimelineEntry

__all__ = [
    "GenericNarrator",
    "RuleLookup",
    "TimelineEntry",
    "WhyLink",
    "fold",
    "locate",
    "position_after",
    "summarize",
    "timeline",
    "why",
]

RuleLookup = Callable[[str], str]
"""Citation -> a text about it (its section title, or its full text); ``""`` if unknown."""

# Data keys that are bookkeeping, not something a judge reads in a one-line summary.
_NOISE = frozenset(
    {
        "resume",
        "fingerprint",
        "order",
        "seed",
        "seed_commitment",
        "options",
        "ability",
        "info",
        "shuffle_index",
        "shuffles_used",
        "detail",
        "players",
    }
)
_MAX_FIELDS = 4


def _words(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def _nice(token: str) -> str:
    return token.replace("_", " ")


def _fresh(e: Event) -> Event:
    """A copy the engine may keep references into without touching the caller's event."""
    return Event.from_dict(copy.deepcopy(e.to_dict()))


def fold(engine: RulesEngine[Any], events: Sequence[Event]) -> Iterator[tuple[Event, Any, Any]]:
    """Yield ``(event, state before, state after)`` for each event (``evolve`` copies)."""
    state = engine.initial_state()
    for e in events:
        after = engine.evolve(state, _fresh(e))
        yield e, state, after
        state = after


def _position(state: Any) -> tuple[int, str, str]:
    """Turn, phase and step of a state of any engine (0/"" where the engine has none)."""
    turn = getattr(state, "turn", 0)
    phase = getattr(state, "phase", "")
    step = getattr(state, "step", "")
    return (
        turn if isinstance(turn, int) and not isinstance(turn, bool) else 0,
        phase if isinstance(phase, str) else "",
        step if isinstance(step, str) else "",
    )


class GenericNarrator:
    """One-line sentences for any engine whose state has ``players`` (with ``name``) and
    ``objects`` (with ``owner``) and ``card_of(oid).name``; falls back to ids otherwise."""

    def __init__(self, before: Any, after: Any, names: Mapping[str, str]) -> None:
        self.b = before
        self.a = after
        self.names = dict(names)

    def player(self, pid: Any) -> str:
        if not isinstance(pid, str):
            return "nobody"
        if pid in self.names:
            return self.names[pid]
        for state in (self.a, self.b):
            p = getattr(state, "players", {}).get(pid) if isinstance(getattr(state, "players", None), dict) else None
            name = getattr(p, "name", None)
            if isinstance(name, str):
                return name
        return pid

    def _object(self, oid: str) -> tuple[Any, Any] | None:
        for state in (self.b, self.a):
            objects = getattr(state, "objects", None)
            if isinstance(objects, dict) and oid in objects:
                return state, objects[oid]
        return None

    def is_card(self, ref: Any) -> bool:
        return isinstance(ref, str) and self._object(ref) is not None

    def card_name(self, oid: str) -> str:
        found = self._object(oid)
        if found is None:
            return oid
        state, obj = found
        try:
            return str(state.card_of(oid).name)
        except (AttributeError, KeyError, LookupError):
            return str(getattr(obj, "card", oid))

    def card(self, oid: Any) -> str:
        if not isinstance(oid, str):
            return "a card"
        found = self._object(oid)
        if found is None:
            return oid
        owner = getattr(found[1], "controller", None) or getattr(found[1], "owner", None)
        return f"{self.player(owner)}'s {self.card_name(oid)}" if owner else self.card_name(oid)

    def ref(self, value: Any) -> str | None:
        """A value as words, or ``None`` if it is not worth a summary."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int | float):
            return str(value)
        if isinstance(value, str):
            if value in self.names:
                return self.names[value]
            if self.is_card(value):
                return self.card(value)
            return _nice(value) if len(value) <= 60 else value[:57] + "..."
        if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
            if len(value) > 6:
                return f"{len(value)} items"
            return ", ".join(self.ref(v) or "" for v in value) or "none"
        return None

    def summary(self, e: Event) -> str:
        d: Mapping[str, Any] = e.data
        fn = getattr(self, f"_{e.type}", None)
        if fn is not None:
            try:
                return str(fn(d))
            except (KeyError, TypeError, AttributeError):
                pass  # data of an unexpected shape: fall back to the generic sentence
        return self.generic(e)

    def generic(self, e: Event) -> str:
        d: Mapping[str, Any] = e.data
        who_id = d.get("player") if isinstance(d.get("player"), str) else None
        if who_id is None and e.actor != RULES_AUTHORITY:
            who_id = e.actor
        head = f"{self.player(who_id)}: {_words(e.type)}" if who_id else _words(e.type).capitalize()
        parts: list[str] = []
        for key, value in d.items():
            if key in _NOISE or key == "player" or value is None or (key == "card" and "oid" in d):
                continue
            shown = self.ref(value)
            if shown is not None:
                parts.append(f"{_nice(key)} {shown}")
            if len(parts) == _MAX_FIELDS:
                break
        return f"{head} ({'; '.join(parts)})" if parts else head

    # Sentences for event types most rulesets share.
    def _GameStarted(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        names = " vs ".join(f"{p['name']} ({p['id']})" for p in d["players"])
        return f"Game {d['game_id']} started under {d['ruleset']} ({d['variant']}): {names}"

    def _DeckShuffled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} shuffled their {_nice(d['zone'])} ({len(d['order'])} cards)"

    def _TurnBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"Turn {d['turn']} began for {self.player(d['player'])}"

    def _PhaseBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        whose = f"{self.player(d['player'])}'s " if "player" in d else "The "
        return f"{whose}{_nice(d['phase'])} phase began"

    def _StepBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        phase, step = _nice(d["phase"]), _nice(d.get("step", ""))
        if not step or step == phase:
            return f"{phase.capitalize()} phase began"
        return f"{phase.capitalize()} phase: {step} step began"

    def _FirstPlayerDecided(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} goes first (chosen at random)"

    _FirstPlayerChosen = _FirstPlayerDecided

    def _CardMoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid = d["oid"]
        owner = self.player(d.get("owner") or getattr(self._object(oid), "owner", None))
        name = self.card_name(oid)
        src, dst = _nice(str(d["from"])), _nice(str(d["to"]))
        reason = str(d.get("reason", ""))
        if reason == "draw":
            return f"{owner} drew {name}"
        tail = f" ({_nice(reason)})" if reason else ""
        return f"{owner}'s {name} moved from their {src} to their {dst}{tail}"

    def _CardPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} played {self.card_name(d['oid'])}"

    def _AttackDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        attacker = self.card(d["attacker"])
        if isinstance(d.get("circle"), str):
            found = self._object(d["attacker"])
            owner = getattr(found[1], "owner", None) if found else None
            others = [pid for pid in self.names if pid != owner]
            whose = f"{self.player(others[0])}'s " if len(others) == 1 else ""
            return f"{attacker} attacked {whose}{d['circle']} circle"
        target = d.get("target")
        shown = self.ref(target) if target is not None else None
        return f"{attacker} attacked" + (f" {shown}" if shown else "")

    def _CardRested(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        reason = d.get("reason")
        return f"{self.card(d['oid'])} was rested" + (f" ({_nice(str(reason))})" if reason else "")

    def _CardRevealed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.card(d['oid'])} was revealed"

    def _DamageDealt(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        target = self.ref(d.get("target")) or "a target"
        return f"{self.card(d['source'])} dealt {d['amount']} damage to {target}"

    def _GateDestroyed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.card(d['oid'])} was destroyed by {self.card(d['by'])}"

    def _MemberDeployed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        circles = ", ".join(d.get("circles", []))
        return f"{self.player(d['player'])} deployed {self.card_name(d['oid'])}" + (f" to {circles}" if circles else "")

    def _InvasionDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} invaded with {self.card_name(d['oid'])}"

    def _AbilityTriggered(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"An automatic ability of {self.card(d['source'])} triggered"

    def _AbilityPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"An ability of {self.card(d['source'])} was played"

    def _ChoiceRequested(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} must choose: {_nice(str(d['kind']))}"

    def _ChoiceMade(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        choice = self.ref(d.get("choice"))
        return f"{self.player(d['player'])} chose {choice or 'an option'} ({_nice(str(d['kind']))})"

    def _PlayerLost(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} lost the game ({_nice(str(d['reason']))})"

    def _GameEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        if d.get("winner") is None:
            return "The game ended in a draw"
        return f"{self.player(d['winner'])} won the game"

    def _GameWon(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['winner'])} won the game"


def summarize(e: Event, before: Any, after: Any, names: Mapping[str, str]) -> str:
    """The one-line summary of ``e`` (FoW's narrator for FoW states, else the generic one)."""
    if isinstance(before, FowState) and isinstance(after, FowState):
        try:
            return Narrator(before, after).summary(e)
        except (KeyError, TypeError, AttributeError, StopIteration):
            pass
    return GenericNarrator(before, after, names).summary(e)


def timeline(
    engine: RulesEngine[Any], events: Sequence[Event], names: Mapping[str, str], rule_title: RuleLookup
) -> list[TimelineEntry]:
    """Every event in order with its turn/phase/step (after it), actor, citation and title,
    summary and cause."""
    out: list[TimelineEntry] = []
    for e, before, after in fold(engine, events):
        turn, phase, step = _position(after)
        out.append(
            TimelineEntry(
                seq=e.seq,
                type=e.type,
                turn=turn,
                phase=phase,
                step=step,
                actor=e.actor,
                rule=e.rule,
                rule_title=rule_title(e.rule),
                summary=summarize(e, before, after, names),
                cause=e.cause,
            )
        )
    return out


def position_after(engine: RulesEngine[Any], events: Sequence[Event]) -> tuple[int, str, str]:
    """Turn, phase and step after the last of ``events``."""
    state = engine.initial_state()
    for _, _, after in fold(engine, events):
        state = after
    return _position(state)


def locate(engine: RulesEngine[Any], events: Sequence[Event], turn: int, phase: str | None = None) -> int:
    """The seq of the first event after which the game is in ``turn`` (and ``phase``)."""
    for e, _, after in fold(engine, events):
        t, p, _step = _position(after)
        if t == turn and (phase is None or p == phase):
            return e.seq
    raise LookupError(f"the game never reached turn {turn}{' ' + phase + ' phase' if phase else ''}")


@dataclass(frozen=True, slots=True)
class WhyLink:
    """One link of a causal chain: an event (``seq``) or the player command (``command``)."""

    seq: int | None
    command: str | None
    type: str
    actor: str
    rule: str
    rule_title: str
    rule_text: str
    summary: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "command": self.command,
            "type": self.type,
            "actor": self.actor,
            "rule": self.rule,
            "rule_title": self.rule_title,
            "rule_text": self.rule_text,
            "summary": self.summary,
        }


def why(
    entries: Sequence[TimelineEntry],
    seq: int,
    rule_title: RuleLookup,
    rule_text: RuleLookup,
    names: Mapping[str, str],
) -> list[WhyLink]:
    """The chain from event ``seq`` back through ``ev:`` causes to the command (or game
    creation) that started it; the last link is that command."""
    by_seq = {e.seq: e for e in entries}
    if seq not in by_seq:
        raise LookupError(f"event {seq} does not exist (the game has {len(entries)} events)")
    chain: list[WhyLink] = []
    current: TimelineEntry | None = by_seq[seq]
    seen: set[int] = set()
    while current is not None and current.seq not in seen:
        seen.add(current.seq)
        chain.append(
            WhyLink(
                current.seq,
                None,
                current.type,
                current.actor,
                current.rule,
                current.rule_title,
                rule_text(current.rule),
                current.summary,
            )
        )
        cause = current.cause
        if cause.startswith("ev:") and cause[3:].isdigit():
            current = by_seq.get(int(cause[3:]))
            continue
        current = None
        if cause.startswith("cmd:create:"):
            chain.append(WhyLink(None, cause, "CreateGame", "", "", "", "", "The game was created"))
        elif cause.startswith("cmd:"):
            actor = chain[-1].actor
            who = names.get(actor, actor)
            summary = f"{who} sent command {cause[4:]}" if actor != RULES_AUTHORITY else f"command {cause[4:]}"
            chain.append(WhyLink(None, cause, "Command", actor, "", "", "", summary))
        elif cause:
            chain.append(WhyLink(None, cause, "Origin", "", "", "", "", _nice(cause)))
    return chain
