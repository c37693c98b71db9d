"""Answers to the game's questions: playing a trigger and every ``Choose...`` command answering
a ``ChoiceRequested``, and ``Concede``."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from domain.fow import actions, flow, loops, outside
from domain.fow.cards import Cancel, Cost, May, Pay
from domain.fow.commands import COMMANDS, command
from domain.fow.context import Ctx
from domain.fow.state import GameState
from domain.fow.timing import _pay_with
from domain.kernel import Anything, Bool, Fields, Integer, IntRange, ListOf, ObjectId, OneOf, PlayerId, Text


@command(
    "PlayTriggered",
    "trigger",
    args={
        "trigger": Text,
        "targets": ListOf(ObjectId | PlayerId | ListOf(ObjectId | PlayerId)),
        "pay_with": ListOf(Fields(["source"], source=ObjectId, ability=Integer, choice=Anything("the will chosen"))),
    },
)
def play_triggered(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    trig = next((t for t in s.triggered if t.id == args.get("trigger") and t.controller == player), None)
    if trig is None:
        raise ctx.reject("rules/unknown_trigger", "6.2 p2", "choose one of your triggered automatic objects")
    cause = actions.play_trigger(ctx, trig, args.get("targets"), _pay_with(ctx, args), ctx.cause, actor=player)
    flow.open_priority(ctx, s.turn_player, cause)


@command(
    "ChooseCards",
    "discard_to_hand_size",
    "search",
    "discard",
    "look",
    "put_from_hand",
    "put_from_removed",
    "banish",
    "discard_chosen",
    "keep",
    "move_onto",
    "fight",
    "recover",
    "keep_rested",
    "reveal_outside",
    "put_from_outside",
    outside.BEGINNING,
    "reveal_automatic_card",
    args={"cards": ListOf(ObjectId), "order": ListOf(ObjectId)},
)
def choose_cards(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    p = s.pending
    assert p is not None
    cards = args.get("cards")
    if not isinstance(cards, list) or len(set(cards)) != len(cards) or not all(isinstance(c, str) for c in cards):
        raise ctx.reject("command/malformed", "10.13 p1", "'cards' must be a list of distinct object ids")
    if p.kind == "look":
        _choose_looked(ctx, p.options, cards, args.get("order"))
        return
    if p.kind == outside.BEGINNING:  # "At the beginning of the game >>> ... you may reveal this card" (9.2 p2)
        if any(c not in p.options["cards"] for c in cards):
            raise ctx.reject("rules/search_choice", "3.16 p1", f"choose among {p.options['cards']} (or none)")
        cause = outside.answer_beginning_of_game(ctx, player, list(cards), ctx.cause)
        if not outside.ask_beginning_of_game(ctx, cause, after=player):
            flow.open_priority(ctx, s.turn_player, cause)
        return
    if p.kind == "reveal_automatic_card":
        _reveal_automatic_cards(ctx, player, p.options, cards)
        return
    if p.kind == "keep_rested":  # "You may choose not to recover this card during the recovery phase"
        if any(c not in p.options["cards"] for c in cards):
            raise ctx.reject("rules/keep_rested_choice", "5.2 p5", f"choose among {p.options['cards']} (or none)")
        chose = {"player": player, "not_recovered": list(cards)}
        flow.finish_recovery(ctx, list(cards), ctx.emit("OptionChosen", chose, "5.2 p5", actor=player))
        return
    if p.kind == "discard_to_hand_size":
        count = int(p.options["count"])
        hand = s.zones[player]["hand"]
        if len(cards) != count or any(c not in hand for c in cards):
            raise ctx.reject("rules/discard_count", "5.4 p5.4", f"discard exactly {count} card(s) from your hand")
        cause = ctx.cause
        for oid in cards:
            cause = actions.move(ctx, oid, "graveyard", cause, rule="5.4 p5.4", reason="hand size", actor=player)
        ctx.emit("StepBegan", {"phase": "end", "step": "cleanup"}, "5.4 p5.5", cause=cause)
        flow.finish_cleanup(ctx, cause)
        return
    if p.kind in ("search", "put_from_hand", "put_from_removed", "reveal_outside", "put_from_outside"):
        allowed = list(p.options["cards"])
        if not int(p.options.get("min", 0)) <= len(cards) <= int(p.options["max"]) or any(
            c not in allowed for c in cards
        ):
            outside_the_game = "cards outside the game"
            where = {"search": "main deck", "put_from_hand": "hand"}
            where.update(reveal_outside=outside_the_game, put_from_outside=outside_the_game)
            least = int(p.options.get("min", 0))
            how_many = f"from {least} to {p.options['max']}" if least else f"up to {p.options['max']}"
            # a public zone, or a hidden one; outside the game: the removed area and the sideboard (3.16 p1)
            rule = {"put_from_removed": "10.13 p1", "reveal_outside": "3.16 p1", "put_from_outside": "3.16 p1"}.get(
                p.kind, "10.13 p2"
            )
            from_ = where.get(p.kind, "removed area")
            raise ctx.reject("rules/search_choice", rule, f"choose {how_many} matching card(s) from your {from_}")
        pairs = p.options.get("either")
        if isinstance(pairs, list) and len(cards) == 2 and sorted(cards) not in [sorted(x) for x in pairs]:
            raise ctx.reject("rules/search_choice", "10.13 p2", "choose at most one card of each kind searched for")
    elif p.kind == "banish":
        count = int(p.options["count"])
        if len(cards) != count or any(c not in p.options["cards"] for c in cards):
            raise ctx.reject("rules/banish_choice", "10.10 p1", f"banish exactly {count} of the cards the effect names")
        groups = p.options.get("groups")
        if isinstance(groups, list) and any(sum(c not in cards for c in g) != 1 for g in groups):
            raise ctx.reject("rules/banish_choice", "10.10 p1", f"keep exactly one card of each name: {groups}")
    elif p.kind == "move_onto":  # "onto another resonator": one the addition can be added to (10.1 p1)
        if len(cards) != 1 or cards[0] not in p.options["cards"]:
            raise ctx.reject("rules/move_onto_choice", "10.1 p1", f"choose exactly one of {p.options['cards']}")
    elif p.kind == "keep":  # "each player chooses a resonator they control": one of them (10.10 p1)
        if len(cards) != 1 or cards[0] not in p.options["cards"]:
            raise ctx.reject("rules/keep_choice", "10.10 p1", f"choose exactly one of {p.options['cards']}")
    elif p.kind == "fight":  # "this and a J/resonator your opponent controls ... to each other"
        if len(cards) != 1 or cards[0] not in p.options["cards"]:
            raise ctx.reject("rules/fight_choice", "9.3 p3.2", f"choose one of the J/resonators: {p.options['cards']}")
    elif p.kind == "recover":  # "Recover up to two magic stones you control" (9.3 p3.2, 10.12 p1)
        most = int(p.options["max"])
        if len(cards) > most or any(c not in p.options["cards"] for c in cards):
            raise ctx.reject("rules/recover_choice", "9.3 p3.2", f"choose up to {most} of {p.options['cards']}")
    elif p.kind == "discard_chosen":  # chosen in the looked-at hand (10.13 p1)
        count = int(p.options["count"])
        if len(cards) != count or any(c not in p.options["cards"] for c in cards):
            raise ctx.reject(
                "rules/discard_choice",
                "10.13 p1",
                f"choose exactly {count} of the matching cards: {p.options['cards']}",
            )
    else:
        count = int(p.options["count"])
        if len(cards) != count or any(c not in s.zones[player]["hand"] for c in cards):
            raise ctx.reject("rules/discard_count", "10.18 p1", f"discard exactly {count} card(s) from your hand")
    done = actions.resolve_top(ctx, ctx.cause, choice=cards)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


def _reveal_automatic_cards(ctx: Ctx, player: str, options: Mapping[str, Any], cards: list[str]) -> None:
    """The automatic cards ``player`` reveals from their hand or chant-standby area at a happening
    (FoW-5.5 9.6 p2): each revealed becomes triggered (7.9 p2) and is played in the priority
    sequence (9.6 p5), from the hand its cost paid besides its [Trigger] cost (7.9 p4); the others
    stay hidden."""
    allowed = list(options["cards"])
    if any(c not in allowed for c in cards):
        raise ctx.reject("rules/reveal_choice", "9.6 p2", f"reveal any of {allowed} (or none)")
    closed = {"window": options["window"], "player": player, "revealed": list(cards)}
    cause = ctx.emit("RevealWindowClosed", closed, "9.6 p2", actor=player)
    for oid in cards:
        cause = ctx.emit("CardRevealed", {"oid": oid, "player": player}, "7.9 p2", cause=cause, actor=player)
        zone = ctx.s.objects[oid].zone  # the hand or the chant-standby area
        cause = actions.add_trigger(ctx, player, oid, -1, cause, kind="card", rule="9.6 p2", zone=zone)
    flow.open_priority(ctx, str(options["priority"]), cause)


def _choose_looked(ctx: Ctx, options: Mapping[str, Any], cards: list[str], order: Any) -> None:
    """The cards taken from among the looked-at or revealed cards, and the order of the rest
    (``order``, top first as they were when not given): the owner decides it (3.1 p4)."""
    allowed, least, most = list(options["cards"]), int(options["min"]), int(options["max"])
    if not least <= len(cards) <= most or any(c not in allowed for c in cards):
        rule = "10.13 p1" if least else "10.13 p2"
        raise ctx.reject("rules/look_choice", rule, f"choose {least} to {most} of the matching cards: {allowed}")
    rest = [c for c in options["looked"] if c not in cards]
    if order is None:
        order = rest
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(rest) or len(order) != len(rest):
        raise ctx.reject("rules/look_order", "3.1 p4", f"'order' must list the other cards once each: {rest}")
    done = actions.resolve_top(ctx, ctx.cause, choice=(list(cards), list(order)))
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseNumber", "number", "pay_life", "loop_times", args={"number": IntRange(0)})
def choose_number(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "choose a number" with ``number``, an integer of 0 or higher (FoW-5.5 1.4 p5); "pay any
    amount of life" with the life to pay, a multiple of one hundred (1.5 p4.1); the number of times
    a loop is performed (14.1 p1.1, p1.2)."""
    number = args.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise ctx.reject("rules/number_choice", "1.4 p5", "'number' must be an integer of 0 or higher")
    assert ctx.s.pending is not None
    if ctx.s.pending.kind == "loop_times":
        loops.declare_loop_times(ctx, player, number)
        return
    if ctx.s.pending.kind == "pay_life" and number % 100:
        raise ctx.reject("rules/number_choice", "1.5 p4.1", "life is paid by a multiple of one hundred")
    done = actions.resolve_top(ctx, ctx.cause, choice=number)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseOption", "option", args={"option": IntRange(0)})
def choose_option(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer a choice an effect names on resolution ("gains [-800/0] or [0/+800]") with ``option``,
    the index of one of the ``choices`` the question lists (FoW-5.5 9.3 p3.2)."""
    option = args.get("option")
    assert ctx.s.pending is not None
    choices = ctx.s.pending.options.get("choices")
    count = len(choices) if isinstance(choices, list) else 0
    if not isinstance(option, int) or isinstance(option, bool) or not 0 <= option < count:
        raise ctx.reject("rules/option_choice", "9.3 p3.2", f"'option' must be the index of one of {choices}")
    done = actions.resolve_top(ctx, ctx.cause, choice=option)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseReplacement", "replacement", args={"effect": Anything("one of the decision's choices")})
def choose_replacement(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer which replacement effect applies first to damage (``effect``: one of the ``choices``):
    the controller of what deals it chooses among those that are no prevention (FoW-5.5 9.10 p2.1;
    under 5.01 among all of them, preventions included, 9.10 p2), the controller of what is dealt it
    among preventions; the damage is then dealt with that choice and those made before it
    (``chosen``).  Or which replacement of a card's move applies (``move``, 9.10 p2): the controller
    of the card chooses; the rule processes, the effect or the command (``resume``) that moved it go
    on with that choice and those made before it (``moves_chosen``)."""
    s = ctx.s
    assert s.pending is not None
    options = s.pending.options
    effect = args.get("effect")
    choices = options.get("choices")
    if not isinstance(choices, list) or effect not in choices:
        rule = "9.10 p2" if "move" in options else "9.10 p2.1"
        raise ctx.reject("rules/replacement_choice", rule, f"'effect' must be one of {choices}")
    if "move" in options:  # which replacement of a destroyed card's move to a graveyard applies (9.10 p2)
        oid = str(options["move"])
        before = options.get("moves_chosen")
        ctx.move_picks = {str(k): str(v) for k, v in before.items()} if isinstance(before, dict) else {}
        ctx.move_picks[oid] = str(effect)
        chosen = {"player": player, "replacement": effect, "oid": oid}
        resume = options.get("resume")
        if isinstance(resume, dict):  # a command moved it: decided again with the choices made, answering
            # the decision it answered (``commands.ask_move_choice``)
            cause = ctx.emit("OptionChosen", {**chosen, "resumes": True}, "9.10 p2", actor=player)
            _decide_again(ctx, resume["command"], cause)
            return
        cause = ctx.emit("OptionChosen", chosen, "9.10 p2", actor=player)
        if "priority" in options:  # the rule processes destroy it (13.2): they go on, then the priority
            flow.open_priority(ctx, str(options["priority"]), cause)
            return
        _resume_where_asked(ctx, options, cause)  # an effect destroys it
        return
    ctx.replacement_picks = [*[str(c) for c in options.get("chosen", [])], str(effect)]
    chosen = {"player": player, "replacement": effect}
    cause = ctx.emit("OptionChosen", chosen, "9.10 p2.1", actor=player)
    if "battle" in options:  # with the [Pierce] assignment made before it, if any (11.1 p1.2)
        to_blocker = options.get("to_blocker")
        flow.resume_battle_damage(ctx, str(options["battle"]), cause, None if to_blocker is None else int(to_blocker))
        return
    _resume_where_asked(ctx, options, cause)


def _decide_again(ctx: Ctx, resumed: Mapping[str, Any], cause: str) -> None:
    """The command that stopped to ask which replacement of a move applies (``resumed``: its type, player
    and arguments), decided again after the answer (``cause``) with every choice made so far; it may stop
    again for the next such choice, rewinding only to here."""
    ctx.cause = cause
    ctx.origin = (ctx.s.clone(), len(ctx.events))
    COMMANDS[str(resumed["type"])](ctx, str(resumed["player"]), copy.deepcopy(dict(resumed["args"])))


def _resume_where_asked(ctx: Ctx, options: Mapping[str, Any], cause: str) -> None:
    """The effect that asked which replacement applies resumes where it asked: inside its "you
    may"/"if" (``wrapper``), in a fight with the J/resonator chosen (``fight``), or at its effect."""
    answer: Any = REPLACEMENT_ANSWER
    if "wrapper" in options:
        answer = {"wrapper": [dict(f) for f in options["wrapper"]]}
    elif "fight" in options:
        answer = [str(c) for c in options["fight"]]
    done = actions.resolve_top(ctx, cause, choice=answer)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("AssignPierceDamage", "pierce", args={"to_blocker": IntRange(0)})
def assign_pierce_damage(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer how an attacker with [Pierce] deals its damage (FoW-5.5 11.1 p1.2): ``to_blocker``, the
    damage assigned to the blocking J/resonator - a multiple of 100, equal to or more than its capacity,
    at most the attacker's ATK; the rest (piercing damage) is assigned to the attacked object.  The
    damage is then dealt (11.1 p1.3), after the question which replacement applies first (9.10 p2.1)."""
    s = ctx.s
    assert s.pending is not None
    options = s.pending.options
    amount = args.get("to_blocker")
    atk, capacity, amounts = int(options["atk"]), int(options["capacity"]), list(options["amounts"])
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise ctx.reject("command/malformed", "11.1 p1.2", "'to_blocker' must be an integer")
    if amount not in amounts:
        if amount % 100:
            raise ctx.reject("rules/pierce_not_multiple_of_100", "11.1 p1.2", "assign damage in multiples of 100")
        if amount < capacity:
            message = f"assign the blocker at least its capacity ({capacity}): its DEF minus the damage on it"
            raise ctx.reject("rules/pierce_below_capacity", "11.1 p1.2", message)
        raise ctx.reject("rules/pierce_above_atk", "11.1 p1.2", f"assign at most the attacker's ATK ({atk})")
    chosen = {"player": player, "attacker": options["attacker"], "blocker": options["blocker"]}
    chosen.update(target=options["target"], to_blocker=amount)
    cause = ctx.emit("OptionChosen", chosen, "11.1 p1.2", actor=player)
    flow.resume_battle_damage(ctx, str(options["battle"]), cause, amount)


REPLACEMENT_ANSWER = "replacement"
"""The ``choice`` an effect resumes with once the replacement asked about is chosen (the picks are
read from ``Ctx.replacement_picks``)."""


NAMED_CARD_TYPES = ("ruler", "j_ruler", "resonator", "addition", "spell", "regalia", "magic_stone")
"""The card types a player may name (FoW-5.5 2.1 p1)."""


@command("NameCard", "name_card", "name_card_type", args={"name": Text})
def name_card(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "name a card" with ``name``, a card name (FoW-5.5 2.2 p3); "name a card type" with one of
    the card types (2.1 p1)."""
    name = args.get("name")
    assert ctx.s.pending is not None
    if ctx.s.pending.kind == "name_card_type" and name not in NAMED_CARD_TYPES:
        raise ctx.reject("rules/name_choice", "2.1 p1", f"'name' must be a card type: one of {NAMED_CARD_TYPES}")
    if not isinstance(name, str) or not name.strip():
        raise ctx.reject("rules/name_choice", "2.2 p3", "'name' must be a card name")
    done = actions.resolve_top(ctx, ctx.cause, choice=name)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseAttribute", "attribute", args={"attribute": OneOf("W", "R", "U", "G", "B")})
def choose_attribute(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "choose an attribute" with ``attribute``: one of the five, W R U G B (FoW-5.5 2.8)."""
    attribute = args.get("attribute")
    if attribute not in ("W", "R", "U", "G", "B"):
        raise ctx.reject("rules/attribute_choice", "2.8 p2", "'attribute' must be one of W, R, U, G, B")
    done = actions.resolve_top(ctx, ctx.cause, choice=attribute)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseRace", "race", args={"race": Text})
def choose_race(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "gains a race of your choice" with ``race``: one of the races offered, those of the card
    database (a race is a phrase of the race line of a card, FoW-5.5 2.5 p1)."""
    races = (ctx.s.pending.options.get("races") if ctx.s.pending is not None else None) or []
    race = args.get("race")
    if not isinstance(race, str) or race not in races:
        raise ctx.reject("rules/race_choice", "2.5 p1", "'race' must be a race of a card (see the choice's 'races')")
    done = actions.resolve_top(ctx, ctx.cause, choice=race)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseAttributes", "attributes", args={"attributes": ListOf(OneOf("W", "R", "U", "G", "B"))})
def choose_attributes(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "choose any number of attributes" with ``attributes``: distinct ones of W R U G B, in that
    order (FoW-5.5 2.8)."""
    chosen = args.get("attributes")
    five = ("W", "R", "U", "G", "B")
    if not isinstance(chosen, list) or any(a not in five for a in chosen) or len(set(chosen)) != len(chosen):
        raise ctx.reject("rules/attribute_choice", "2.8 p2", "'attributes' must be distinct ones of W, R, U, G, B")
    done = actions.resolve_top(ctx, ctx.cause, choice=[a for a in five if a in chosen])
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseSkill", "skill", args={"skill": Text})
def choose_skill(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "gains [Swiftness], [Flying] or [Target Attack]" with ``skill``: one of those offered
    (FoW-5.5 9.3 p3.2)."""
    skills = (ctx.s.pending.options.get("skills") if ctx.s.pending is not None else None) or []
    skill = args.get("skill")
    if skill not in skills:
        raise ctx.reject("rules/skill_choice", "9.3 p3.2", f"'skill' must be one of {', '.join(skills)}")
    done = actions.resolve_top(ctx, ctx.cause, choice=skill)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command(
    "ChooseOptional",
    "optional",
    args={
        "accept": Bool,
        "pay_with": ListOf(Fields(["source"], source=ObjectId, ability=Integer, choice=Anything("the will chosen"))),
    },
)
def choose_optional(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "you may ...": ``accept`` true applies the effects, false skips them (9.3 p3.2).
    Accepting "you may pay {R}" may name will abilities to play first in ``pay_with`` (10.2 p5)."""
    accept = args.get("accept")
    if not isinstance(accept, bool):
        raise ctx.reject(
            "command/malformed", "9.3 p3.2", "'accept' must be true (do what the card says you may) or false"
        )
    pay_with = _pay_with(ctx, args)
    cause = ctx.cause
    if pay_with:
        if not accept or _optional_payment(ctx.s) is None:
            raise ctx.reject("command/malformed", "10.2 p5", "'pay_with' only serves to accept paying will")
        cause = actions.produce_from_sources(ctx, player, pay_with, cause)
    done = actions.resolve_top(ctx, cause, choice=accept)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


def _optional_payment(s: GameState) -> Cost | None:
    """The will a pending "you may pay {R}" asks for, or None (nothing to pay in will)."""
    p = s.pending
    item = next((i for i in s.chase if p is not None and i.id == p.options.get("item")), None)
    if item is None:
        return None
    effects = actions.item_effects(s, item)
    eff = effects[item.resolved_effects] if item.resolved_effects < len(effects) else None
    if isinstance(eff, Cancel) and eff.unless_pays is not None:  # "unless its controller pays {2}"
        return eff.unless_pays
    paid = [e.will for e in getattr(eff, "effects", []) if isinstance(e, Pay) and e.will.total]
    return paid[0] if isinstance(eff, May) and paid else None


@command("Concede")
def concede(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    cause = ctx.emit("PlayerLost", {"player": player, "reason": "conceded"}, "1.3 p4", actor=player)
    flow.end_game(ctx, ctx.s.opponent(player), "1.3 p4", cause)
