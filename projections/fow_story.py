"""Judge read models over a Force of Will event stream: the timeline with human
summaries, the state at any point, and the causal chain ("why") of any event.

Projections only read events.  They fold them with the engine's pure ``evolve`` (never
``decide``), so they show exactly what was recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.fow.characteristics import characteristics
from domain.fow.state import PLAYGROUND, GameState, apply_event
from domain.kernel import Event

ZONE_NAMES = {
    "main_deck": "main deck",
    "stone_deck": "magic stone deck",
    "hand": "hand",
    "field": "field",
    "stone_area": "magic stone area",
    "ruler_area": "ruler area",
    "graveyard": "graveyard",
    "lifebreak": "lifebreak area",
    "standby": "chant-standby area",
    "removed": "removed area",
    "outside": "outside the game",
    "chase": "chase area",
}
STEP_NAMES = {
    ("draw", "begin"): "draw phase",
    ("draw", "draw"): "draw phase (draw)",
    ("recovery", "begin"): "recovery phase",
    ("recovery", "recover"): "recovery phase (recover)",
    ("recovery", "skipped"): "recovery phase (skipped)",
    ("main", "main"): "main phase",
    ("main", "battle_begin"): "beginning of battle step",
    ("main", "declare_attack"): "declare attack step",
    ("main", "attack_declared"): "declare attack step (after the attack)",
    ("main", "declare_block"): "declare block step",
    ("main", "block_declared"): "declare block step (after blocks)",
    ("main", "first_strike"): "first strike battle resolution step",
    ("main", "normal_damage"): "normal battle resolution step",
    ("main", "end_of_battle"): "end of battle step",
    ("end", "begin"): "end phase",
    ("end", "end_of_turn"): "end phase (end of turn)",
    ("end", "cleanup"): "end phase (final step)",
    ("end", "cleanup_discard"): "end phase (discarding to hand size)",
}


@dataclass(frozen=True, slots=True)
class TimelineEntry:
    seq: int
    type: str
    turn: int
    phase: str
    step: str
    actor: str
    rule: str
    rule_title: str
    summary: str
    cause: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "turn": self.turn,
            "phase": self.phase,
            "step": self.step,
            "actor": self.actor,
            "rule": self.rule,
            "rule_title": self.rule_title,
            "summary": self.summary,
            "cause": self.cause,
        }


RuleTitle = Callable[[str], str]


def _split_camel(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


class SharedSentences:
    """Sentences every ruleset's narrator words the same way (FoW's :class:`Narrator` and
    :class:`projections.judge.GenericNarrator`); subclasses supply ``player`` and ``card``."""

    def player(self, pid: Any) -> str:
        raise NotImplementedError

    def card(self, oid: Any) -> str:
        raise NotImplementedError

    def _GameStarted(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        names = " vs ".join(f"{p['name']} ({p['id']})" for p in d["players"])
        return f"Game {d['game_id']} started under {d.get('ruleset', '')} ({d.get('variant', '')}): {names}"

    def _PositionReconstructed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        names = " vs ".join(f"{p['name']} ({p['id']})" for p in d.get("players", []))
        turn = (d.get("position") or {}).get("turn")
        at = f" at turn {turn}" if turn is not None else ""
        rules = f"{d.get('ruleset', '')} ({d.get('variant', '')})"
        return f"Game {d.get('game_id', '')} reconstructed by a judge{at} under {rules}: {names}"

    def _TurnBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"Turn {d['turn']} began for {self.player(d['player'])}"

    def _ChoiceRequested(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} must choose: {str(d['kind']).replace('_', ' ')}"

    def _AbilityTriggered(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"An automatic ability of {self.card(d['source'])} triggered"

    def _PlayerLost(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} lost the game ({str(d['reason']).replace('_', ' ')})"

    def _GameEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        if d.get("winner") is None:
            return "The game ended in a draw"
        return f"{self.player(d['winner'])} won the game"


class Narrator(SharedSentences):
    """Turns events into one-line sentences, reading names from the state before each event."""

    def __init__(self, before: GameState, after: GameState) -> None:
        self.b = before
        self.a = after

    def player(self, pid: str | None) -> str:
        if pid is None:
            return "nobody"
        p = self.a.players.get(pid) or self.b.players.get(pid)
        return p.name if p else pid

    def card(self, oid: str | None, *, state: GameState | None = None) -> str:
        s = state or self.b
        if oid is None or oid not in s.objects:
            return "a hidden card"
        obj = s.objects[oid]
        return f"{self.player(obj.controller if obj.zone in PLAYGROUND else obj.owner)}'s {s.card_of(oid).name}"

    def target(self, ref: str | None) -> str:
        if ref is None:
            return "nothing"
        if ref in self.b.players:
            return self.player(ref)
        if any(c.id == ref for c in self.b.chase):
            item = next(c for c in self.b.chase if c.id == ref)
            return f"{self.card(item.source)} on the chase area"
        return self.card(ref)

    def summary(self, e: Event) -> str:
        d: Mapping[str, Any] = e.data
        fn = getattr(self, f"_{e.type}", None)
        if fn is not None:
            return str(fn(d))
        who = self.player(d.get("player")) + ": " if "player" in d else ""
        return f"{who}{_split_camel(e.type)}"

    # one method per event type with something worth saying
    def _DeckShuffled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} shuffled their {ZONE_NAMES[d['zone']]} ({len(d['order'])} cards)"

    def _LoopDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        who = ", ".join(self.player(p) for p in d["stoppers"]) or "nobody"
        times = f", {d['times']} time(s)" if "times" in d else ""
        steps = len(d["actions"])
        return f"{self.player(d['player'])} declared a loop of {steps} action(s){times}; {who} can stop it"

    def _LoopTimesDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} declared the loop be performed {d['times']} time(s)"

    def _LoopDetected(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"A loop no player can stop: {d['why']}"

    def _LoopPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"The loop of {self.player(d['player'])} was performed {d['times']} time(s)"

    def _LifeSet(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])}'s life was set to {d['life']}"

    def _LifeChanged(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        before = self.b.players[d["player"]].life
        return f"{self.player(d['player'])}'s life went from {before} to {d['life']}"

    def _LifePaid(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} paid {d['amount']} life (now {d['life']})"

    def _PlayerChosenAtRandom(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} was chosen at random to decide who plays first"

    def _TurnOrderChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['first_player'])} plays first"

    def _HandChangeDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        n = len(d["cards"])
        return f"{self.player(d['player'])} chose to change {n} card{'s' if n != 1 else ''} of their opening hand"

    def _StepBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        name = STEP_NAMES.get((d["phase"], d["step"]), f"{d['phase']} {d['step']}")
        return f"{name[0].upper()}{name[1:]} began"

    def _PriorityGiven(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} received priority"

    def _PriorityPassed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} passed"

    def _CardMoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        oid, reason = d["oid"], d.get("reason", "")
        owner = self.player(d.get("owner"))
        name = self.b.card_of(oid).name if oid in self.b.objects else "a card"
        src, dst = ZONE_NAMES.get(d["from"], d["from"]), ZONE_NAMES.get(d["to"], d["to"])
        if reason == "draw":
            return f"{owner} drew {name}"
        if reason == "destroyed":
            return f"{self.card(oid)} was destroyed and put into the {dst}"
        if reason == "discard" or reason == "hand size":
            return f"{owner} discarded {name}"
        if reason == "play":
            return f"{owner} put {name} from their {src} into the chase area"
        if reason == "resolve":
            return f"{name} resolved and entered {owner}'s {dst}"
        return f"{owner}'s {name} moved from their {src} to their {dst} ({reason})"

    def _CardPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        targets = [self.target(t) for group in d.get("targets", []) for t in group]
        tail = f" targeting {', '.join(targets)}" if targets else ""
        awakened = " with [Awakening]" if d.get("awakened") else ""
        return f"{self.player(d['player'])} played {self.a.card_of(d['source']).name}{awakened}{tail}"

    def _ChaseItemCopied(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        # a copy of a spell or an ability on the chase (FoW-5.5 10.16 p1.1, p1.2): made, not played
        targets = [self.target(t) for group in d.get("targets", []) for t in group]
        tail = f" targeting {', '.join(targets)}" if targets else ""
        what = self.a.card_of(d["source"]).name if d["kind"] == "card" else f"an ability of {self.card(d['source'])}"
        return f"{self.player(d['player'])} got a copy of {what} on the chase (not played){tail}"

    def _CopyTargetsChosen(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        targets = ", ".join(self.target(t) for group in d["targets"] for t in group)
        return f"{self.player(d['player'])} chose new targets for the copy: {targets}"

    def _AbilityPlayed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        targets = [self.target(t) for group in d.get("targets", []) for t in group]
        tail = f" targeting {', '.join(targets)}" if targets else ""
        kind = {"explode": "[Explode] of", "evolution": "[Evolution] of", "shift": "[Shift] of"}.get(
            d.get("kind", ""), "an ability of"
        )
        return f"{self.player(d['player'])} played {kind} {self.card(d['source'])}{tail}"

    def _JudgmentPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} performed judgment with {self.card(d['source'])}"

    def _WillProduced(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} produced {''.join(d['will'])} will with {self.card(d['source'])}"

    def _WillPaid(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} paid {''.join(d['will'])} for {d['for']}"

    def _WillCeased(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])}'s unused will ({''.join(d['will'])}) ceased to exist"

    def _CardRested(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.card(d['oid'])} was rested ({d.get('reason', 'effect')})"

    def _CardRecovered(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.card(d['oid'])} was recovered"

    def _CardsRecovered(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} recovered {len(d['oids'])} card(s)"

    def _DamageDealt(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        src = d["source"]
        atk = ""
        if src in self.b.objects and self.b.objects[src].zone in PLAYGROUND:
            value = characteristics(self.b, src).atk
            atk = f" (ATK {value})" if value is not None else ""
        kind = "battle damage" if d.get("battle") else "damage"
        return f"{self.card(src)}{atk} dealt {d['amount']} {kind} to {self.target(d['target'])}"

    def _DamageReplaced(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{d['amount']} damage to {self.target(d['target'])} became {d['instead']} instead"

    def _DamagePrevented(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{d['amount']} damage to {self.target(d['target'])} was prevented"

    def _AttackDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.card(d['attacker'])} attacked {self.target(d['target'])}"

    def _AttackForfeited(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} forfeited the attack"

    def _BlockDeclared(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        attacker = self.b.battle.attacker if self.b.battle else None
        return f"{self.card(d['blocker'])} blocked {self.card(attacker)}"

    def _BlockDeclined(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} did not block"

    def _BattleBegan(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} initiated a battle"

    def _BattleEnded(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return "The battle ended"

    def _ChaseItemResolved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        item = next((c for c in self.b.chase if c.id == d["item"]), None)
        return f"{self.card(item.source) if item else d['item']} resolved"

    def _ChaseItemCanceled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        item = next((c for c in self.b.chase if c.id == d["item"]), None)
        return f"{self.card(item.source) if item else d['item']} was canceled"

    def _ContinuousEffectCreated(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        targets = ", ".join(self.target(t) for t in d["targets"])
        when = d["duration"].replace("_", " ")
        if d["kind"] == "modify":
            return f"{targets} gained {d['atk']:+}/{d['def']:+} until {when} (from {self.card(d['source'])})"
        if d["kind"] == "grant":
            return f"{targets} gained [{d['skill']}] until {when} (from {self.card(d['source'])})"
        if d["kind"] == "rules":  # "cannot attack / be targeted ... until end of turn"
            rules = " and ".join(str(r).replace("_", " ") for r in d.get("rules", []))
            who = targets or "every object the effect names"
            return f"{who}: {rules} until {when} (from {self.card(d['source'])})"
        if d["kind"] == "lose_abilities":
            more = " and cannot gain abilities" if "cannot_gain" in d.get("rules", []) else ""
            return f"{targets} lost all abilities{more} until {when} (from {self.card(d['source'])})"
        amount = "all" if d.get("amount") is None else str(d["amount"])
        if d.get("next"):
            amount = "the next"
        side = "dealt by" if d.get("by") else "to"
        until = "until it is used" if d["duration"] == "permanent" else "this turn"
        return f"{amount} damage {side} {targets} will be prevented {until} (from {self.card(d['source'])})"

    def _CounterPut(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{d['count']} {d['counter']} counter(s) were put on {self.card(d['oid'])}"

    def _CounterRemoved(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        how = "by an effect" if d.get("reason") == "effect" else "as a cost"
        return f"{d['count']} {d['counter']} counter(s) were removed from {self.card(d['oid'])} {how}"

    def _MagicStoneCalled(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} called a magic stone"

    def _LifebreakPerformed(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} performed a lifebreak"

    def _DrawFromEmptyDeckAttempted(self, d: Mapping[str, Any]) -> str:  # noqa: N802
        return f"{self.player(d['player'])} had to draw from an empty main deck"


def fold(events: Iterable[Event]) -> Iterable[tuple[Event, GameState, GameState]]:
    """Yield ``(event, state before, state after)`` for each event."""
    state = GameState()
    for e in events:
        before = state.clone()
        apply_event(state, e)
        yield e, before, state


def timeline(events: Sequence[Event], rule_title: RuleTitle) -> list[TimelineEntry]:
    out: list[TimelineEntry] = []
    for e, before, after in fold(events):
        out.append(
            TimelineEntry(
                seq=e.seq,
                type=e.type,
                turn=after.turn,
                phase=after.phase,
                step=after.step,
                actor=e.actor,
                rule=e.rule,
                rule_title=rule_title(e.rule),
                summary=Narrator(before, after).summary(e),
                cause=e.cause,
            )
        )
    return out


def state_at(events: Sequence[Event], seq: int) -> GameState:
    """The state after event ``seq`` (replay only; rules are never re-checked)."""
    state = GameState()
    for e in events:
        if e.seq > seq:
            break
        apply_event(state, e)
    return state


def state_at_turn(events: Sequence[Event], turn: int, phase: str | None = None) -> GameState:
    """The state at the first event of ``turn`` (and ``phase``, if given)."""
    state = GameState()
    for e in events:
        apply_event(state, e)
        if state.turn == turn and (phase is None or state.phase == phase) and e.type in ("TurnBegan", "StepBegan"):
            return state
    raise LookupError(f"the game never reached turn {turn}{' ' + phase if phase else ''}")


@dataclass(frozen=True, slots=True)
class WhyLink:
    seq: int | None
    command: str | None
    type: str
    actor: str
    rule: str
    rule_text: str
    summary: str


def why(events: Sequence[Event], seq: int, rule_text: RuleTitle) -> list[WhyLink]:
    """The causal chain from event ``seq`` back to the player action that started it."""
    by_seq = {e.seq: e for e in events}
    if seq not in by_seq:
        raise LookupError(f"event {seq} does not exist (the game has {len(events)} events)")
    summaries = {entry.seq: entry.summary for entry in timeline(events[:seq], lambda r: "")}
    chain: list[WhyLink] = []
    current: Event | None = by_seq[seq]
    while current is not None:
        chain.append(
            WhyLink(
                current.seq,
                None,
                current.type,
                current.actor,
                current.rule,
                rule_text(current.rule),
                summaries.get(current.seq, ""),
            )
        )
        cause = current.cause
        if cause.startswith("ev:"):
            current = by_seq.get(int(cause[3:]))
        else:
            chain.append(WhyLink(None, cause, "Command", current.actor, "", "", f"command {cause[4:]}"))
            current = None
    return chain
