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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.fow.state import GameState as FowState
from domain.gcg.characteristics import info as gcg_info
from domain.gcg.characteristics import threat_level as gcg_threat_level
from domain.gcg.state import GameState as GcgState
from domain.kernel import ANNOTATION_TYPES, RULES_AUTHORITY, Event, RulesEngine
from domain.ll.cards import MEMBER_TYPES as LL_MEMBER_TYPES
from domain.ll.characteristics import characteristics as ll_characteristics
from domain.ll.characteristics import level_count as ll_level_count
from domain.ll.state import GameState as LlState
from projections.fow_story import Narrator, SharedSentences, TimelineEntry, _split_camel

__all__ = [
    "GcgNarrator",
    "GenericNarrator",
    "LlNarrator",
    "RuleLookup",
    "TimelineEntry",
    "WhyLink",
    "describe_command",
    "fold",
    "locate",
    "narrator",
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


_words = _split_camel


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


class GenericNarrator(SharedSentences):
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
    def _DeckShuffled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} shuffled their {_nice(d['zone'])} ({len(d['order'])} cards)"

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

    def _AbilityPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"An ability of {self.card(d['source'])} was played"

    def _ChoiceMade(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        choice = self.ref(d.get("choice"))
        return f"{self.player(d['player'])} chose {choice or 'an option'} ({_nice(str(d['kind']))})"

    def _GameWon(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['winner'])} won the game"

    def _SeedRevealed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"The shuffle seed {d['seed']} was revealed (commitment {str(d['commitment'])[:12]}...)"

    def _NothingHappened(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        about = f" to {self.card(d['oid'])}" if isinstance(d.get("oid"), str) else ""
        return f"Nothing happened{about}: {d['why']}"

    # helpers for the ruleset narrators below
    def looked_at(self, d: Mapping[str, Any]) -> str:
        """``CardsLookedAt``: the cards by name where the reader may see them, else how many
        (the event as redacted for a player other than the looker, 5.5.1 / 5.23.1)."""
        who = self.player(d["player"])
        if isinstance(d.get("oids"), list):
            return f"{who} looked at {self.cards(d['oids'], owned=True)}"
        return f"{who} looked at {d.get('count', 0)} card(s)"

    def cards(self, oids: Any, *, owned: bool = False) -> str:
        """Card names (``owned``: with their owners) joined with commas, or ``"nothing"``."""
        if not isinstance(oids, list) or not oids:
            return "nothing"
        return ", ".join(self.card(o) if owned else self.card_name(o) for o in oids)

    def printed(self, card_id: Any) -> str:
        """The name of a card by its catalog id."""
        for state in (self.b, self.a):
            card = getattr(state, "cards", {}).get(card_id) if isinstance(getattr(state, "cards", None), dict) else None
            if card is not None:
                return str(card.name)
        return str(card_id)


def _arrow(before: int, after: int) -> str:
    return f"from {before} to {after}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_GCG_AREAS = {
    "monster_deck": "monster deck",
    "deck": "deck",
    "hand": "hand",
    "discard": "discard pile",
    "field": "field",
    "strategy": "strategy zone",
    "monster": "invading monster zone",
    "resolution": "resolution area",
    "under": "stack",
}


class GcgNarrator(GenericNarrator):
    """Godzilla Card Game sentences with threat levels, counter power, rage and zones."""

    b: GcgState
    a: GcgState

    def stats(self, oid: str, state: GcgState | None = None) -> str:
        """``rank 2, threat level 10000`` for a monster, ``counter power 3000`` for a battle
        card: the current values on the field (9.8), else the printed ones."""
        s = state or self.b
        if oid not in s.objects:
            return ""
        card = s.card_of(oid)
        found = gcg_info(s, oid)
        threat = found.threat if found is not None else card.threat
        counter = found.counter if found is not None else card.counter
        if card.type == "monster":
            return f"rank {card.rank}" + (f", threat level {threat}" if threat is not None else "")
        return f"counter power {counter}" if counter is not None else ""

    def with_stats(self, oid: str, state: GcgState | None = None, *, owned: bool = True) -> str:
        shown = self.stats(oid, state)
        name = self.card(oid) if owned else self.card_name(oid)
        return f"{name} ({shown})" if shown else name

    def where(self, area: str, slot: Any = None) -> str:
        if area == "field" and slot:
            return f"zone {slot}"
        if area == "strategy" and slot:
            return f"strategy zone {slot}"
        return _GCG_AREAS.get(area, _nice(area))

    def standby_source(self, ability_id: Any) -> str:
        for state in (self.b, self.a):
            for a in state.standby:
                if a.id == ability_id:
                    return f"the ability of {self.card(a.source)}"
        return f"ability {ability_id}"

    def monster_line(self, player: str, state: GcgState, *, owned: bool = True) -> str:
        top = state.monster(player)
        if top is None:
            return f"{self.player(player)}'s invading monster"
        name = self.card(top) if owned else self.card_name(top)
        return f"{name} (threat level {gcg_threat_level(state, player)})"

    def _CardMoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid = d["oid"]
        owner = self.player(d.get("owner") or self.b.objects[oid].owner)
        name = self.card_name(oid)
        src_obj = self.b.objects[oid]
        src = self.where(src_obj.zone, src_obj.slot)
        dst = self.where(str(d["to"]), d.get("slot"))
        reason = str(d.get("reason", ""))
        if reason in ("draw", "opening hand"):
            return f"{owner} drew {name}" + (" (opening hand)" if reason == "opening hand" else "")
        known = d.get("last_known") or {}
        figures = ""
        if isinstance(known, dict) and known.get("counter") is not None:
            figures = f" (counter power {known['counter']})"
        elif isinstance(known, dict) and known.get("threat") is not None:
            figures = f" (threat level {known['threat']})"
        if reason == "destroyed":
            return f"{owner}'s {name}{figures} in {src} was destroyed and put into their {dst}"
        onto = f" onto {self.card_name(d['onto'])}" if isinstance(d.get("onto"), str) else ""
        tail = f" ({_nice(reason)})" if reason else ""
        return f"{owner}'s {name}{figures} moved from their {src} to their {dst}{onto}{tail}"

    def _CardPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid, kind = d["oid"], d.get("type")
        who = self.player(d["player"])
        shown = self.with_stats(oid, self.a, owned=False)
        src = _GCG_AREAS.get(str(d.get("from", "hand")), _nice(str(d.get("from"))))
        if kind == "monster":
            return f"{who} played {shown} from their {src} as their invading monster"
        if kind == "strategy":
            return f"{who} played {shown} from their {src} into strategy zone {d['zone']}"
        return f"{who} played {shown} from their {src} into zone {d['zone']}"

    def _CardsSwapped(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        b_obj = self.b.objects[d["b"]]
        return (
            f"{self.player(d['player'])} swapped {self.with_stats(d['a'], owned=False)}"
            f" in {self.where(d['area'], d['slot'])}"
            f" with {self.card_name(d['b'])} from their {self.where(b_obj.zone, b_obj.slot)}"
        )

    def _MonsterMoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        pid, how = d["player"], d["how"]
        monster = self.monster_line(pid, self.a)
        if how == "set":
            monster = self.monster_line(pid, self.a, owned=False)
            return f"{self.player(pid)} set {monster} as their invading monster in zone {d['to']}"
        if how == "countered":
            return f"{monster} was countered and pushed back from zone {d['from']} to zone {d['to']}"
        verb = {"advance": "advanced", "retreat": "retreated"}.get(how, f"moved ({_nice(how)})")
        return f"{monster} {verb} from zone {d['from']} to zone {d['to']}" + (
            " (invasion)" if d.get("invasion") else ""
        )

    def _RageChanged(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        who = self.player(d["player"])
        before = d["rage"] - d.get("delta", 0)
        threat = f" (threat level now {gcg_threat_level(self.a, d['player'])})" if self.a.monster(d["player"]) else ""
        if before == d["rage"]:
            return f"{who}'s rage was set to {d['rage']}{threat}"
        return f"{who}'s rage went {_arrow(before, d['rage'])}{threat}"

    def _PhaseBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])}'s {_nice(d['phase'])} phase began (turn {self.a.turn})"

    def _ChoiceRequested(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        if d["kind"] == "main":
            return f"{self.player(d['player'])} may take a main phase action or end the main phase"
        return super()._ChoiceRequested(d)

    def _ChoiceMade(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        who, kind, choice = self.player(d["player"]), _nice(str(d["kind"])), d["choice"]
        if d["kind"] == "main" and choice == "end":
            return f"{who} ended their main phase actions"
        if isinstance(choice, list) and choice and all(isinstance(c, str) and c in self.b.objects for c in choice):
            return f"{who} chose {', '.join(self.with_stats(c) for c in choice)} ({kind})"
        shown = self.ref(choice) if choice != [] else "nothing"
        return f"{who} chose {shown or 'an option'} ({kind})"

    def _MainActionTaken(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        kind, *rest = str(d["action"]).split(":")
        what = _words(kind)
        if rest:
            what += f" {self.printed(rest[0])}"
        if len(rest) > 1:
            what += f" (zone {rest[1]})"
        return f"{self.player(d['player'])} took a main phase action: {what}"

    def _LoopDetected(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        actions = ", ".join(_words(str(a).split(":")[0]) for a in d["actions"])
        return f"A loop was detected: {self.player(d['player'])} may not repeat {actions} this turn"

    def _LoopDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        steps = len(d["actions"])
        return f"{self.player(d['player'])} declared an infinite loop of {steps} actions, {d['times']} time(s)"

    def _LoopPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        done = f"The loop was performed {d['times']} of the {d['declared']} time(s) declared"
        stopped = d.get("stopped_by")
        return f"{done}; {self.player(stopped)} stops it with another action" if stopped else done

    def _InvasionDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} invaded with {self.card_name(d['oid'])} (invasion value {d.get('icon', 0)})"

    def _AbilityTriggered(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"An automatic ability of {self.card(d['source'])} triggered ({_nice(str(d['trigger']))})"

    def _AbilityPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid = d["source"]
        source = self.card_name(oid) if self.b.objects[oid].owner == d["master"] else self.card(oid)
        return f"{self.player(d['master'])} played the automatic ability of {source}"

    def _AbilityResolved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{_cap(self.standby_source(d['id']))} finished resolving"

    def _AbilityRemoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{_cap(self.standby_source(d['id']))} was removed from standby"

    def _TargetsChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        targets = ", ".join(self.with_stats(t) for t in d["targets"]) or "nothing"
        return f"{_cap(self.standby_source(d['auto']))} targets {targets}"

    def _ContinuousEffectCreated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        changes: list[str] = []
        if d.get("threat"):
            changes.append(f"threat level {d['threat']:+}")
        if d.get("counter"):
            changes.append(f"counter power {d['counter']:+}")
        if d.get("set_threat") is not None:
            changes.append(f"threat level set to {d['set_threat']}")
        if d.get("cannot_engage"):
            changes.append("cannot engage")
        if d.get("gain_traits"):
            changes.append(f"gains {', '.join(d['gain_traits'])}")
        if d.get("nullify"):
            changes.append("abilities nullified")
        targets = self.cards(d["targets"], owned=True)
        what = "; ".join(changes) or "an effect"
        return f"{self.card(d['source'])} gave {targets} {what} until {_nice(str(d['duration']))}"

    def _ContinuousEffectsEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        sources = [self.card(e.source) for e in self.b.effects if e.id in d["ids"]]
        shown = ", ".join(dict.fromkeys(sources)) or ", ".join(d["ids"])
        return f"Continuous effects of {shown} ended ({d.get('why', 'expired')})"

    def _TimedTriggerCreated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return (
            f"A timed trigger for {self.card(d['card'])} was set for the {_nice(str(d['trigger']))}"
            f" ({_nice(str(d['kind']))})"
        )

    def _CardRevealed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} revealed {self.with_stats(d['oid'], owned=False)}"

    def _RevealEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        verb = "is" if len(d["oids"]) == 1 else "are"
        return f"{self.cards(d['oids'], owned=True)} {verb} no longer revealed"

    def _CardsLookedAt(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return self.looked_at(d)

    def _LookEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        owner = f" of {self.player(d['owner'])}'s deck" if d.get("owner") else ""
        return f"{self.player(d['player'])} finished looking at {d.get('count', 0)} card(s){owner}"

    def _CounterPowerTotalled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        who, opp = self.player(d["player"]), self.player(d["opponent"])
        verdict = "countered" if d["countered"] else "not countered"
        sign = ">=" if d["countered"] else "<"
        return (
            f"{who}'s total counter power {d['total']} {sign} {opp}'s threat level {d['threat']}:"
            f" {opp}'s invading monster is {verdict}"
        )

    def _DeckReshuffled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])}'s deck ran out: {d['count']} cards of the discard pile form a new deck"

    def _DrawNotPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} could not draw {d['left']} more card(s)"

    def _AdvanceNotPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.monster_line(d['player'], self.b)} did not advance: {d['why']}"

    def _ReplacementApplied(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.card(d['source'])} replaced what happens to {self.card(d['oid'])}: {d['instead']}"

    def _PlayerWon(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} won by {_nice(str(d['how']))}"

    def _PlayerLost(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        reason = str(d["reason"])
        if reason.startswith("opponent_won:"):
            winner = self.player(self.b.opponent(d["player"]))
            return f"{self.player(d['player'])} lost the game ({winner} won by {_nice(reason.split(':', 1)[1])})"
        return super()._PlayerLost(d)

    def _StrategyActivated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} activated {self.card_name(d['oid'])}"

    def _RageGainDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} declared a rage gain"


_LL_ZONES = {
    "gate_deck": "gate deck",
    "my_logicalist": "My Logicalist zone",
    "level": "level zone",
    "stock": "stock",
    "drop": "drop zone",
    "remove": "remove zone",
    "circle": "circle",
    "gate": "gate",
    "resolution": "Resolution Zone",
}


class LlNarrator(GenericNarrator):
    """Luck & Logic sentences with power, levels, stock, refresh points and circles."""

    b: LlState
    a: LlState

    def power(self, oid: str, state: LlState | None = None) -> int:
        s = state or self.b
        try:
            return int(ll_characteristics(s, oid).power)
        except (KeyError, LookupError, AttributeError, TypeError, AssertionError):
            return int(s.card_of(oid).power)

    def with_power(self, oid: str, state: LlState | None = None, *, owned: bool = True) -> str:
        s = state or self.b
        name = self.card(oid) if owned else self.card_name(oid)
        if oid not in s.objects or s.card_of(oid).type not in LL_MEMBER_TYPES:
            return name
        return f"{name} (power {self.power(oid, s)})"

    def frame_source(self, frame_id: Any) -> str:
        for state in (self.b, self.a):
            for f in state.frames:
                if f.id == frame_id:
                    return self.card(f.source)
        return f"effect {frame_id}"

    def primed_source(self, primed_id: Any) -> str:
        for state in (self.b, self.a):
            for p in state.primed:
                if p.id == primed_id:
                    return self.card(p.source)
        return f"ability {primed_id}"

    def stock(self, pid: str, state: LlState) -> int:
        return len(state.zones[pid]["stock"])

    def _CardsLookedAt(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return self.looked_at(d)

    def _LookEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])}'s look at {d.get('count', 0)} card(s) ended"

    def _LookProgressed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        step = {"more": "may look at one more card", "take": "chooses among the cards looked at"}
        said = str(d.get("step"))
        return f"The look goes on: the player {step.get(said, _nice(said))}"

    def _StepBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        phase, step = _nice(d["phase"]), _nice(d.get("step", ""))
        whose = f"{self.player(self.a.turn_player)}'s " if self.a.turn_player else ""
        if not step or step == phase:
            return f"{whose}{phase} phase began"
        return f"{whose}{phase} phase: {step} step began"

    def _CardMoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid = d["oid"]
        owner = self.player(d.get("owner") or self.b.objects[oid].owner)
        name = self.card_name(oid)
        src, dst = (
            _LL_ZONES.get(str(d["from"]), _nice(str(d["from"]))),
            _LL_ZONES.get(str(d["to"]), _nice(str(d["to"]))),
        )
        reason = str(d.get("reason", ""))
        if reason == "draw":
            return f"{owner} drew {name}"
        circles = d.get("circles")
        at = f" ({', '.join(circles)})" if isinstance(circles, list) and circles else ""
        down = " face down" if d.get("face_down") else ""
        tail = f" ({_nice(reason)})" if reason else ""
        return f"{owner}'s {name} moved{down} from their {src} to their {dst}{at}{tail}"

    def _CardTurned(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        side = "face down" if d.get("face_down") else "face up"
        reason = f" ({_nice(str(d['reason']))})" if d.get("reason") else ""
        return f"{self.card(d['oid'])} was turned {side}{reason}"

    def _CardRested(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        reason = d.get("reason")
        return f"{self.with_power(d['oid'])} was rested" + (f" ({_nice(str(reason))})" if reason else "")

    def _CardStood(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        reason = d.get("reason")
        return f"{self.card(d['oid'])} was stood" + (f" ({_nice(str(reason))})" if reason else "")

    def _CardsStood(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} stood {self.cards(d['oids'])}"

    def _CardRevealed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.with_power(d['oid'])} was revealed"

    def _CardsDrawn(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} drew {d.get('count', len(d.get('oids', [])))} card(s)"

    def _CheckTiming(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return "Check timing: automatic abilities and rule processes are handled"

    def _LoopDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        steps = len(d["actions"])
        return f"{self.player(d['player'])} announced a perpetual cycle of {steps} action(s), {d['times']} time(s)"

    def _LoopPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        done = f"The perpetual cycle was performed {d['times']} of the {d['declared']} time(s) announced"
        stopped = d.get("stopped_by")
        return f"{done}; {self.player(stopped)} stops it with another action" if stopped else done

    def _RedrawDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        n = len(d["cards"])
        return f"{self.player(d['player'])} redrew {n} card{'s' if n != 1 else ''}: {self.cards(d['cards'])}"

    def _ChoiceMade(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        choice = d["choice"]
        shown = self.cards(choice) if isinstance(choice, list) else (self.ref(choice) or "an option")
        kind = f" ({_nice(str(d['kind']))})" if d.get("kind") else ""
        return f"{self.player(d['player'])} chose {shown}{kind}"

    def _RuleChoiceMade(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        picked = self.cards(d["cards"]) if "cards" in d else "an option"
        return f"{self.player(d['player'])} chose {picked} for rule process {d['process']}"

    def _RefreshPointsChanged(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        who, now = self.player(d["player"]), d["points"]
        before = now - d.get("delta", 0)
        if before == now:
            return f"{who}'s refresh points were set to {now}"
        return f"{who}'s refresh points went {_arrow(before, now)}"

    def _LevelCardPlaced(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        pid = d["player"]
        swap = f", swapping out {self.card_name(d['swap_with'])}" if isinstance(d.get("swap_with"), str) else ""
        before = ll_level_count(self.b, pid)
        after = before if d.get("swap_with") else before + 1  # the card moves with the next event
        placed = self.card_name(d["oid"])
        return f"{self.player(pid)} placed {placed} as a level card{swap} (level {_arrow(before, after)})"

    def _LevelPhaseSkipped(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} skipped their level phase (level {ll_level_count(self.b, d['player'])})"

    def _CostPaid(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        pid, amount = d["player"], d["stock"]
        have = self.stock(pid, self.b)
        if not amount:
            return f"{self.player(pid)} paid no stock for {d['for']} (stock {have})"
        return f"{self.player(pid)} paid {amount} stock for {d['for']} (stock {_arrow(have, have - amount)})"

    def _MemberDeployed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        circles = ", ".join(d.get("circles", []))
        shown = self.with_power(d["oid"], self.a, owned=False)
        return f"{self.player(d['player'])} deployed {shown}" + (f" to {circles}" if circles else "")

    def _MembersRearranged(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        moves = d.get("moves") or {}
        if not moves:
            return f"{self.player(d['player'])} kept their members where they were"
        shown = ", ".join(f"{self.card_name(o)} to {'/'.join(c)}" for o, c in moves.items())
        return f"{self.player(d['player'])} rearranged their members: {shown}"

    def _MakeUpPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        at = ", ".join(d.get("circles", []))
        return f"{self.card(d['oid'])} made up into {self.card_name(d['with'])}" + (f" at {at}" if at else "")

    def _BlinkStepPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        at = ", ".join(d.get("circles", []))
        return f"{self.card(d['oid'])} performed a blink step" + (f" (returns to {at})" if at else "")

    def _SynthesisPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} synthesized {self.card_name(d['oid'])}"

    def _SynthesisSkipped(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} had no tool to synthesize (level {d['level']} or less)"

    def _TranceDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        via = " by Trance Change" if d.get("via_trance_change") else ""
        src = _LL_ZONES.get(str(d.get("from", "")), _nice(str(d.get("from", ""))))
        return (
            f"{self.player(d['player'])} declared a trance{via}: {self.cards(d['materials'])}"
            f" into {self.card_name(d['tranceunion'])} from their {src}"
        )

    def _TranceCompleted(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return (
            f"{self.player(d['player'])} completed a trance: {self.with_power(d['tranceunion'], self.a, owned=False)}"
        )

    def _LuckDrivePerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} performed a Luck Drive (stock {self.stock(d['player'], self.b)})"

    def _MainPhaseEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} ended their main phase"

    def _HandLimitApplied(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        kept = len(d["keep"]) if isinstance(d.get("keep"), list) else d.get("keep")
        return f"{self.player(d['player'])} discarded {d['discarded']} card(s) down to the hand limit (kept {kept})"

    def _AttackChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        p = self.b.players[d["player"]]
        return f"{self.player(d['player'])} chose to attack (attack {p.attacks + 1} of the turn)"

    def _AttacksEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        why = f" ({d['why']})" if d.get("why") else ""
        return f"{self.player(d['player'])}'s attacks ended{why}"

    def _BattleBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} began battle {d['attack_no']}"

    def _AttackDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        attacker = self.with_power(d["attacker"])
        owner = self.b.objects[d["attacker"]].owner
        return f"{attacker} attacked {self.player(self.b.opponent(owner))}'s {d['circle']} circle"

    def _DefenderDesignated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.with_power(d['defender'])} in circle {d['circle']} became the defending member"

    def _InterceptDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        members = ", ".join(self.with_power(m, owned=False) for m in d["members"])
        return f"{self.player(d['player'])} intercepted with {members}"

    def _InterceptDeclined(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} did not intercept" + (" (no member could)" if d.get("auto") else "")

    def _LogicDefined(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} defined logic with {self.card_name(d['oid'])}"

    def _LogicDefinitionPassed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} passed logic definition" + (" (nothing to define)" if d.get("auto") else "")

    def _LevelBoosted(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} performed a level boost with {self.card_name(d['level_card'])}"

    def _BattleDecided(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        attacker, defender, winner = d.get("attacker"), d.get("defender"), d.get("winner")
        if attacker is None or defender is None or "attacker_value" not in d:
            if winner is None:
                return "The battle had no winner (neither member remains)"
            return (
                f"{self.card(attacker if winner == 'attacker' else defender)} won the battle (the other member is gone)"
            )
        by = str(d.get("by", "power"))
        a = f"{self.card(attacker)} ({by} {d['attacker_value']})"
        b = f"{self.card(defender)} ({by} {d['defender_value']})"
        paradox = f", {self.card_name(d['paradox'])} in effect" if isinstance(d.get("paradox"), str) else ""
        if winner == "attacker":
            return f"{a} beat {b}{paradox}"
        return f"{b} held off {a}{paradox}"

    def _BattleEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        n = self.b.battle.attack_no if self.b.battle else 0
        return f"Battle {n} ended" if n else "The battle ended"

    def _GateDestroyed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        by = f" by {self.with_power(d['by'])}" if isinstance(d.get("by"), str) else ""
        return f"{self.card(d['oid'])} was destroyed{by}"

    def _TriggersFired(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        scope, _, when = str(d["key"]).partition(":")
        return f"Automatic abilities checked for: {_nice(when or scope)}"

    def _AbilityTriggered(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"An automatic ability of {self.card(d['source'])} triggered ({_nice(str(d['trigger']))})"

    def _AbilityPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid = d["source"]
        source = self.card_name(oid) if self.b.objects[oid].owner == d["controller"] else self.card(oid)
        return f"{self.player(d['controller'])} played the ability of {source}"

    def _AbilityUsed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} used an ability of {self.card(d['source'])}"

    def _AutoAbilityChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} chose to play the automatic ability of {self.primed_source(d['primed'])}"

    def _PrimedCanceled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"The automatic ability of {self.primed_source(d['primed'])} was canceled ({d['why']})"

    def _OptionalCostDecided(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        verb = "paid" if d["pay"] else "did not pay"
        frame = next((f for st in (self.b, self.a) for f in st.frames if f.id == d["frame"]), None)
        if frame is None:
            return f"The optional cost of effect {d['frame']} was {'paid' if d['pay'] else 'not paid'}"
        who = self.player(d.get("player") or frame.controller)
        return f"{who} {verb} the optional cost of {self.card_name(frame.source)}'s ability"

    def _EffectResolved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        chosen = d.get("chosen") or []
        picked = f" (chose {self.cards(chosen, owned=True)})" if chosen else ""
        return f"An effect of {self.frame_source(d['frame'])} resolved{picked}"

    def _RepetitionStarted(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"The effect of {self.card(d['source'])} repeats {d.get('repeat', 1)} time(s)"

    def _RepetitionAdvanced(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"The effect of {self.frame_source(d['frame'])} repeats (iteration {d['iteration']})"

    def _ResolutionFinished(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"The ability of {self.frame_source(d['frame'])} finished resolving"

    def _ContinuousEffectCreated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        changes = [f"{k} {d[k]:+}" for k in ("power", "aura", "limit", "heart") if d.get(k)]
        if d.get("set_power") is not None:
            changes.append(f"power set to {d['set_power']}")
        if d.get("auras_are_hearts"):
            changes.append("auras count as hearts")
        if d.get("lose_abilities"):
            changes.append("loses its abilities")
        if d.get("no_attacks"):
            players = " and ".join(self.player(p) for p in d.get("players", []))
            return f"{self.card(d['source'])} made {players} unable to attack for the {_nice(str(d['duration']))}"
        what = "; ".join(changes) or "an effect"
        targets = self.cards(d["targets"], owned=True)
        return f"{self.card(d['source'])} gave {targets} {what} for the {_nice(str(d['duration']))}"

    def _ContinuousEffectsEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        sources = [self.card(e.source) for e in self.b.effects if e.id in d["ids"]]
        shown = ", ".join(dict.fromkeys(sources)) or ", ".join(d["ids"])
        return f"Continuous effects of {shown} ended ({d.get('why', 'expired')})"

    def _ReplacementApplied(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        source = f" by {self.card(d['source'])}" if isinstance(d.get("source"), str) else ""
        target = f" to {self.card(d['oid'])}" if isinstance(d.get("oid"), str) else ""
        return f"A replacement effect{source} was applied{target}"

    def _ReplacementChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        who = self.player(d["player"])
        if d.get("choice") == "none":
            return f"{who} chose not to apply an optional replacement effect to {self.card(d['oid'])}"
        source = str(d.get("choice", "")).rsplit(":", 1)[0]
        shown = self.card(source) if source in self.b.objects else "a replacement effect"
        return f"{who} chose to apply the replacement effect of {shown} to {self.card(d['oid'])}"

    def _XChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} chose X = {d['x']} for the ability of {self.card(d['source'])}"

    def _DelayedTriggerCreated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        when = _nice(str(d["trigger"]))
        repeat = " (each time this turn)" if not d.get("once") else ""
        return f"{self.card(d['source'])} set up an automatic ability for the {when}{repeat}"

    def _DelayedTriggersEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        sources = [self.card(x.source) for x in self.b.delayed if x.id in d["ids"]]
        shown = ", ".join(dict.fromkeys(sources)) or ", ".join(d["ids"])
        return f"Delayed automatic abilities of {shown} ended ({d.get('why', 'expired')})"


def narrator(before: Any, after: Any, names: Mapping[str, str]) -> GenericNarrator:
    """The generic narrator for the ruleset of these states (GCG and LL get their own)."""
    if isinstance(before, GcgState) and isinstance(after, GcgState):
        return GcgNarrator(before, after, names)
    if isinstance(before, LlState) and isinstance(after, LlState):
        return LlNarrator(before, after, names)
    return GenericNarrator(before, after, names)


def summarize(e: Event, before: Any, after: Any, names: Mapping[str, str]) -> str:
    """The one-line summary of ``e`` (FoW's narrator for FoW states, else the ruleset's
    :func:`narrator`)."""
    if e.type in ANNOTATION_TYPES:  # a judge's ruling note (docs/judge-interventions.md)
        cited = e.data.get("rules") or []
        rules = f" [{', '.join(str(r) for r in cited)}]" if isinstance(cited, list) and cited else ""
        return f"Judge's ruling on event {e.data.get('on')}: {e.data.get('text', '')}{rules}"
    if isinstance(before, FowState) and isinstance(after, FowState):
        try:
            return Narrator(before, after).summary(e)
        except (KeyError, TypeError, AttributeError, StopIteration):
            pass
    return narrator(before, after, names).summary(e)


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


def _argument(n: GenericNarrator, value: Any) -> str:
    if isinstance(value, str) and value in n.names:
        return n.names[value]
    if isinstance(value, str) and n.is_card(value):
        return n.card_name(value)
    if isinstance(value, list):
        return "[" + ", ".join(_argument(n, v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_argument(n, k)}: {_argument(n, v)}" for k, v in value.items()) + "}"
    return str(value)


def describe_command(command: Mapping[str, Any], who: str, state: Any, names: Mapping[str, str]) -> str:
    """``Alice sent DeclareAttack(attacker=Knight Trainee, circle=FL)``: a submitted command
    (``{"type", "args"}``) with the objects its arguments name shown by their card names in
    ``state`` (the state the command was decided against) and player ids by player names."""
    n = GenericNarrator(state, state, names)
    args = ", ".join(f"{k}={_argument(n, v)}" for k, v in sorted(dict(command.get("args") or {}).items()))
    return f"{who} sent {command['type']}({args})"


def why(
    entries: Sequence[TimelineEntry],
    seq: int,
    rule_title: RuleLookup,
    rule_text: RuleLookup,
    names: Mapping[str, str],
    *,
    commands: Mapping[str, Mapping[str, Any]] | None = None,
    engine: RulesEngine[Any] | None = None,
    events: Sequence[Event] = (),
) -> list[WhyLink]:
    """The chain from event ``seq`` back through ``ev:`` causes to the command (or game
    creation) that started it; the last link is that command.  With ``commands``
    (``cmd:<id>`` -> the submitted command), ``engine`` and the game's ``events``, the
    command link shows the command with card names (:func:`describe_command`)."""
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
        elif cause.startswith("cmd:") and commands is not None and cause in commands and engine is not None:
            sent = commands[cause]
            # the command is its sender's act even where its first event is the rules' (an
            # answer to a ChoiceRequested the rules then carry out)
            actor, first = str(sent.get("player") or chain[-1].actor), chain[-1].seq or 0
            state = engine.initial_state()
            for _, _, after in fold(engine, [e for e in events if e.seq < first]):
                state = after
            summary = describe_command(sent, names.get(actor, actor), state, names)
            chain.append(WhyLink(None, cause, str(sent["type"]), actor, "", "", "", summary))
        elif cause.startswith("cmd:"):
            actor = chain[-1].actor
            who = names.get(actor, actor)
            summary = f"{who} sent command {cause[4:]}" if actor != RULES_AUTHORITY else f"command {cause[4:]}"
            chain.append(WhyLink(None, cause, "Command", actor, "", "", "", summary))
        elif cause:
            chain.append(WhyLink(None, cause, "Origin", "", "", "", "", _nice(cause)))
    return chain
