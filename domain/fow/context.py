"""The working context of ``decide``: a private copy of the state plus the events emitted
so far.  Every emitted event is applied to the copy at once, so later rule logic in the
same decision sees its effect, and the list of events replays to the same state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.fow.state import EVENTS, HIDDEN_ZONES, GameState, apply_event
from domain.fow.versions import version
from domain.kernel import RULES_AUTHORITY, CopyNeededError, DecisionContext, Event, event_cause
from domain.kernel import RejectedError as RejectedError

_OBJECT_KEYS = ("oid", "oids", "source", "target", "targets", "attacker", "blocker", "attached_to", "item")
"""Event data keys that name objects (or chase items, standing for their source)."""


class Ctx(DecisionContext[GameState]):
    """FoW's context cites the game's own rules version, marks the events touching cards
    adjudicated by hand, and an event without an explicit cause follows from the command."""

    def __init__(self, state: GameState, cause: str) -> None:
        super().__init__(state, cause, EVENTS)
        self.damage_cause: dict[str, str] = {}
        self.replacement_picks: list[str] = []
        """The replacement effects a player chose to apply first to damage (FoW-5.5 9.10 p2.1), in the
        order the damage events ask for them (``ChooseReplacement``); ``replacement_next`` is the next."""
        self.replacement_next = 0
        self.replacement_asks = False
        """Whether an effect being applied may stop to ask that question."""
        self.move_picks: dict[str, str] = {}
        """For an object about to be put into a graveyard, the replacement its controller chose to apply
        (FoW-5.5 9.10 p2; ``movement.graveyard_replacement_choices``)."""
        self.origin: tuple[GameState, int] | None = None
        """The state the command being decided started from and how many events this decision had then,
        while no command handler has taken it (``commands.command``): where a ``ReplacementUnchosenError`` rewinds
        to before it asks (``ask_move_choice``)."""
        self.wrapper_frames: list[dict[str, Any]] = []
        """Where in the "you may"/"if" effects being applied the effect that may ask it is (each: the answer
        or condition, ``answer``, and the index of the effect it holds, ``inner``; outermost first), recorded
        with the question so that the effect resumes there (``conditions.apply_wrapper``)."""
        self.manual_cards = frozenset(cid for cid, card in state.cards.items() if card.unsupported)
        """Cards with text adjudicated by hand (``Card.unsupported``): events touching them are marked."""

    def rewind(self, origin: tuple[GameState, int]) -> None:
        """Back to where the command being decided started (``origin``): its state and events undone."""
        state, mark = origin
        self.s = state.clone()
        del self.events[mark:]
        self.damage_cause = {}
        self.replacement_picks, self.replacement_next, self.replacement_asks = [], 0, False
        self.wrapper_frames = []

    def cite(self, rule: str) -> str:
        """The citation of a 5.5 rule id under the game's own rules version."""
        return version(self.s.ruleset).cite(rule)

    def emit(
        self, type_: str, data: Mapping[str, Any], rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
    ) -> str:
        """Record an event; returns its id (``ev:<seq>``) for use as the cause of what follows."""
        if self.in_place:  # a probe on the caller's state: it goes on on a copy (``CommandTable.accepts``)
            raise CopyNeededError
        body = dict(data)
        if self.manual_cards and type_ != "GameStarted":
            marked = self._manual_objects(type_, body)
            if marked:
                body["manual"] = marked
        event = Event(
            seq=self.s.seq + 1,
            type=type_,
            data=body,
            rule=self.cite(rule),
            cause=cause or self.cause,
            actor=actor,
        )
        apply_event(self.s, event)
        if type_ == "GameStarted":
            self.manual_cards = frozenset(cid for cid, card in self.s.cards.items() if card.unsupported)
        self.events.append(event)
        return event_cause(event.seq)

    def _manual_objects(self, type_: str, data: Mapping[str, Any]) -> list[str]:
        """Objects named by an event (before it applies) whose card has text adjudicated by
        hand, when that is public knowledge: the object is, or goes to, a public zone (3.1 p2)."""
        s = self.s
        refs: list[str] = []

        def collect(value: Any) -> None:
            if isinstance(value, str):
                if value in s.objects:
                    refs.append(value)
                else:
                    item = next((c for c in s.chase if c.id == value), None)
                    if item is not None:
                        refs.append(item.source)
            elif isinstance(value, list):
                for v in value:
                    collect(v)

        for key in _OBJECT_KEYS:
            if key in data:
                collect(data[key])
        out: list[str] = []
        for oid in dict.fromkeys(refs):
            obj = s.objects[oid]
            faces = {s.card_of(oid).id}
            printed = s.cards[obj.card]
            if data.get("side") == "j_ruler" and printed.judgment is not None:
                faces.add(printed.judgment.j_ruler)  # a ruler turned to its J-ruler side (7.5 p3)
            elif data.get("side") == "future" and printed.other_side is not None:
                faces.add(printed.other_side)
            if not faces & self.manual_cards:
                continue
            public = obj.zone not in HIDDEN_ZONES and obj.zone != "outside"
            if public or (type_ == "CardMoved" and data.get("to") not in HIDDEN_ZONES):
                out.append(oid)
        return out


class ReplacementUnchosenError(Exception):
    """Two or more replacements of a card's move apply and which one does changes what happens; its
    controller, ``player``, has not chosen yet (FoW-5.5 9.10 p2): the command stops and asks them
    (``commands.ask_move_choice``), and is decided again with the answer."""

    def __init__(self, oid: str, to: str, choices: list[str], player: str) -> None:
        super().__init__(f"{player} chooses which replacement of the move of {oid} to {to} applies")
        self.oid, self.to, self.choices, self.player = oid, to, choices, player
