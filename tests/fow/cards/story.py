"""The story harness of the real-card tests (``tests/fow/cards/**/test_play_*.py``): a game
between two copies of a deck of real Grimm/Alice cards in the form the importer gives them
(:class:`Story`: given events / when command / then events or a cited rejection, with the
whole log to replay), the stand-in cards HERALD and SEER and the imported database."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from domain.fow import engine
from domain.fow.context import Ctx
from domain.fow.importer import import_cards
from domain.fow.state import GameState, apply_event
from domain.kernel import Command, Event, Rejection, expanded
from service.card_import import load_database
from tests.fow.carddata import CARDDATA_DIR
from tests.fow.support import catalog, cmd, deck, rejected, run, start_game

DATA_DIR = CARDDATA_DIR


HERALD = {
    "id": "T-HERALD",
    "name": "Herald",
    "type": "resonator",
    "cost": {"attribute": {"R": 1}},
    "attributes": ["R"],
    "atk": 100,
    "def": 100,
    "abilities": [{"kind": "automatic", "trigger": "enter", "effects": [{"op": "draw", "count": 1}]}],
}

# the effect of Coup d'Etat Mastermind, Shion (TMS-046J, a J-ruler) on a resonator
SEER = {
    "id": "T-SEER",
    "name": "Seer",
    "type": "resonator",
    "cost": {"attribute": {"U": 1}},
    "attributes": ["U"],
    "atk": 100,
    "def": 100,
    "abilities": [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [
                {
                    "op": "reveal_top",
                    "filter": {"zone": "main_deck", "types": ["resonator"], "max_total_cost": 5},
                    "then": "field",
                    "otherwise": "hand",
                }
            ],
        }
    ],
}


@functools.cache
def database_cards() -> dict[str, dict[str, Any]]:
    """Every card of the Grimm and Alice clusters the importer makes a Card of."""
    result = import_cards(load_database(DATA_DIR / "cards.json"))
    return {
        c.id: c.card.model_dump(mode="json", by_alias=True, exclude_unset=True)
        for c in result.cards
        if c.card is not None and c.cluster in ("Grimm", "Alice")
    }


class Story:
    """A game between two copies of a deck of real cards, with its whole event log."""

    def __init__(
        self,
        main: Mapping[str, int],
        stones: Mapping[str, int] | None = None,
        ruler: str = "T-RULER",
        cards: Mapping[str, dict[str, Any]] | None = None,
        ruleset: str = "FoW-5.5",
        sideboard: Mapping[str, int] | None = None,
        to_main: bool = True,
        second_sideboard: Mapping[str, int] | None = None,
        automatic_cards: str = "never",
    ) -> None:
        """``cards``: stand-in cards to add to the real ones (an invented ruler, say); ``sideboard``: the
        cards each player owns outside the game (FoW-5.5 3.16 p1), ``second_sideboard`` the second player's
        when they differ; ``to_main``: players pass on to the first main phase (else the story stops after
        the hand changes, before the first turn's draw phase); ``automatic_cards``: each deck's
        ``automatic_cards_in_hand`` (FoW-5.5 9.6 p2)."""
        cards = catalog({**database_cards(), "T-HERALD": HERALD, "T-SEER": SEER, **(cards or {})})
        d = {**deck(dict(main), dict(stones or {"T-STONE": 10}), automatic_cards=automatic_cards), "ruler": ruler}
        if sideboard:
            d["sideboard"] = [{"card": c, "count": n} for c, n in sideboard.items()]
        d2 = dict(d)
        if second_sideboard is not None:
            d2["sideboard"] = [{"card": c, "count": n} for c, n in second_sideboard.items()]
        self.state, started = start_game(cards=cards, decks=(d, d2), ruleset=ruleset)
        self.log: list[Event] = list(started)
        self.steps: list[tuple[Command, list[Event]]] = []
        """Every command accepted since the game started, with its events (a replay log's steps)."""
        self.spec = {"cards": cards, "decks": (d, d2), "ruleset": ruleset}
        """What the game was started from (a replay log's header)."""
        self.when(cmd("ChangeHand", "p1", cards=[]))
        self.when(cmd("ChangeHand", "p2", cards=[]))
        while to_main and not (self.state.phase == "main" and self.state.step == "main"):
            if self.pending.kind == "search":  # "At the beginning of the game, search ..." (MPR-064): the first
                least = int(self.pending.options.get("min", 0))
                self.when(cmd("ChooseCards", self.pending.player, cards=list(self.pending.options["cards"])[:least]))
                continue
            if self.pending.kind == "trigger":  # "At the beginning of the game" abilities outside the game
                self.when(cmd("PlayTriggered", self.pending.player, trigger=self.pending.options["triggers"][0]))
                continue
            if self.pending.kind in ("reveal_outside", "beginning_of_game_reveal"):  # "you may reveal": declined
                self.when(cmd("ChooseCards", self.pending.player, cards=[]))
                continue
            self.when(cmd("Pass", self.pending.player))

    @property
    def pending(self) -> Any:
        assert self.state.pending is not None
        return self.state.pending

    def given(self, type_: str, **data: Any) -> None:
        event = Event(self.state.seq + 1, type_, data, "FoW-5.5 given", "given")
        apply_event(self.state, event)
        self.log.append(event)

    def put(self, player: str, card_id: str, to: str) -> str:
        """Given: a copy of ``card_id`` from ``player``'s decks (else hand) is moved to ``to``."""
        obj = min(
            (o for o in self.state.objects.values() if o.owner == player and o.card == card_id and o.zone != to),
            key=lambda o: (
                ("main_deck", "stone_deck", "hand").index(o.zone)
                if o.zone in ("main_deck", "stone_deck", "hand")
                else 9
            ),
        )
        assert obj.zone in ("main_deck", "stone_deck", "hand"), f"no {card_id} of {player} left in a deck or hand"
        data = {"oid": obj.oid, "card": obj.card, "owner": player, "controller": player, "to": to, "reason": "given"}
        self.given("CardMoved", **data, **{"from": obj.zone})
        return obj.oid

    def moved(self, oid: str, to: str, **extra: Any) -> None:
        """Given: the card ``oid`` is moved from its zone to ``to`` (``extra``: more ``CardMoved``
        data, or other values for its ``controller`` and ``reason``)."""
        obj = self.state.objects[oid]
        data = {"oid": oid, "card": obj.card, "owner": obj.owner, "controller": obj.owner, "to": to, "reason": "given"}
        self.given("CardMoved", **{**data, **extra, "from": obj.zone})

    def on_top(self, player: str, card_id: str, deck: str = "main_deck") -> str:
        """Given: a copy of ``card_id`` in ``player``'s ``deck`` is put on top of it."""
        oid = next(o for o in self.state.zones[player][deck] if self.state.objects[o].card == card_id)
        self.moved(oid, deck)
        return oid

    def modified(self, oid: str, controller: str, atk: int = 0, def_: int = 0) -> None:
        """Given: ``oid`` gains [+atk/+def_] until end of turn (an effect ``controller`` made)."""
        made = {"id": "x-given", "kind": "modify", "source": oid, "controller": controller, "targets": [oid]}
        made["atk"] = atk
        self.given("ContinuousEffectCreated", **made, **({"def": def_} if def_ else {}), duration="end_of_turn")

    def will(self, player: str, *will: str) -> None:
        self.given("WillProduced", player=player, will=list(will), source="given")

    def by_rule(self, fn: Any, *args: Any, **kwargs: Any) -> list[Event]:
        """Given: a rule action of ``domain.fow.actions`` (a move, a destruction, a trigger check)."""
        ctx = Ctx(self.state, "given")
        fn(ctx, *args, **kwargs)
        self.log += ctx.events
        return ctx.events

    def when(self, command: Command) -> list[Event]:
        events = run(self.state, command)
        self.log += events
        self.steps.append((command, events))
        return events

    def refused(self, command: Command) -> Rejection:
        return rejected(self.state, command)

    def resolve(self) -> list[Event]:
        """Both players pass: the last item of the chase area resolves (FoW-5.5 6.4 p1.2)."""
        events = self.when(cmd("Pass", self.pending.player))
        return events + self.when(cmd("Pass", self.pending.player))

    def attack(self, attacker: str, *, player: str = "p1", target: str = "p2", until: str | None = None) -> list[Event]:
        """When: ``player`` begins a battle and, once attackers are declared, declares ``attacker``'s
        attack on ``target``; then players pass until the pending decision is ``until`` (if given).
        All the events from the battle's beginning on."""
        events = self.when(cmd("InitiateBattle", player))
        while self.pending.kind != "declare_attack":
            events += self.when(cmd("Pass", self.pending.player))
        events += self.when(cmd("DeclareAttack", player, attacker=attacker, target=target))
        while until is not None and self.pending.kind != until:
            events += self.when(cmd("Pass", self.pending.player))
        return events

    def resolve_all(self) -> list[Event]:
        """Players pass until the chase area is empty and no trigger waits to be played."""
        events: list[Event] = []
        while self.state.chase or self.state.triggered:
            events += self.when(cmd("Pass", self.pending.player))
        return events

    def replays(self) -> None:
        replayed = GameState()
        for event in self.log:
            apply_event(replayed, event)
        assert engine.state_to_dict(replayed) == engine.state_to_dict(self.state)


def legal(story: Story, player: str, type_: str) -> list[dict[str, Any]]:
    """The arguments of each legal ``type_`` command, a choice of N from M expanded into its selections."""
    return [dict(c.args) for c in expanded(engine.legal_actions(story.state, player)) if c.type == type_]


def _enter_next_turn(story: Story) -> None:
    story.given("TurnBegan", player="p1", turn=story.state.turn + 1)


def _add(story: Story, player: str, addition: str, host: str) -> str:
    """Given: ``addition`` from ``player``'s hand is in the field, added to ``host``."""
    oid = story.put(player, addition, "hand")
    story.given("CardMoved", oid=oid, card=addition, owner=player, controller=player, to="field",
                reason="given", attached_to=host, **{"from": "hand"})  # fmt: skip
    return oid
