"""Force of Will comprehensive rules 5.5: ``start``, ``decide``, ``evolve``,
``legal_actions`` and per-player views.  Registered as ruleset ``FoW-5.5``."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from domain import hidden, labels
from domain.fow import flow, loops, memo, outside, position
from domain.fow.answer_commands import NAMED_CARD_TYPES as NAMED_CARD_TYPES
from domain.fow.answer_commands import REPLACEMENT_ANSWER as REPLACEMENT_ANSWER
from domain.fow.answer_commands import _choose_looked as _choose_looked
from domain.fow.answer_commands import _optional_payment as _optional_payment
from domain.fow.answer_commands import assign_pierce_damage as assign_pierce_damage
from domain.fow.answer_commands import choose_attribute as choose_attribute
from domain.fow.answer_commands import choose_attributes as choose_attributes
from domain.fow.answer_commands import choose_cards as choose_cards
from domain.fow.answer_commands import choose_number as choose_number
from domain.fow.answer_commands import choose_option as choose_option
from domain.fow.answer_commands import choose_optional as choose_optional
from domain.fow.answer_commands import choose_race as choose_race
from domain.fow.answer_commands import choose_replacement as choose_replacement
from domain.fow.answer_commands import choose_skill as choose_skill
from domain.fow.answer_commands import concede as concede
from domain.fow.answer_commands import name_card as name_card
from domain.fow.answer_commands import play_triggered as play_triggered
from domain.fow.battle_commands import declare_attack as declare_attack
from domain.fow.battle_commands import declare_block as declare_block
from domain.fow.battle_commands import decline_block as decline_block
from domain.fow.battle_commands import forfeit_attack as forfeit_attack
from domain.fow.battle_commands import initiate_battle as initiate_battle
from domain.fow.commands import COMMAND_TABLE as COMMAND_TABLE
from domain.fow.commands import COMMANDS as COMMANDS
from domain.fow.commands import LIFEBREAK_CARDS as LIFEBREAK_CARDS
from domain.fow.commands import MAX_X as MAX_X
from domain.fow.commands import OPENING_HAND as OPENING_HAND
from domain.fow.commands import RULESET as RULESET
from domain.fow.commands import STARTING_LIFE as STARTING_LIFE
from domain.fow.commands import VARIANTS as VARIANTS
from domain.fow.commands import CommandHandler as CommandHandler
from domain.fow.commands import command as command
from domain.fow.context import Ctx, RejectedError, ReplacementUnchosenError
from domain.fow.legal import MAX_TARGET_COMBOS as MAX_TARGET_COMBOS
from domain.fow.legal import _ability_use as _ability_use
from domain.fow.legal import _choice_of as _choice_of
from domain.fow.legal import _counters_x_commands as _counters_x_commands
from domain.fow.legal import _judgment_x_commands as _judgment_x_commands
from domain.fow.legal import _may_use_source as _may_use_source
from domain.fow.legal import _priority_actions as _priority_actions
from domain.fow.legal import _target_options as _target_options
from domain.fow.legal import _trigger_commands as _trigger_commands
from domain.fow.legal import _will_sources as _will_sources
from domain.fow.legal import plan_payment as plan_payment
from domain.fow.movement import move
from domain.fow.other_commands import _judgment_cost as _judgment_cost
from domain.fow.other_commands import _judgment_x as _judgment_x
from domain.fow.other_commands import _less as _less
from domain.fow.other_commands import _own_judgment_less as _own_judgment_less
from domain.fow.other_commands import _ruler_for_call as _ruler_for_call
from domain.fow.other_commands import call_magic_stone as call_magic_stone
from domain.fow.other_commands import can_lifebreak as can_lifebreak
from domain.fow.other_commands import lifebreak as lifebreak
from domain.fow.other_commands import pass_ as pass_
from domain.fow.other_commands import perform_judgment as perform_judgment
from domain.fow.other_commands import put_into_standby as put_into_standby
from domain.fow.play_commands import _awakening_less as _awakening_less
from domain.fow.play_commands import _awakening_x as _awakening_x
from domain.fow.play_commands import _check_total_cost_x as _check_total_cost_x
from domain.fow.play_commands import _keyword_activate as _keyword_activate
from domain.fow.play_commands import _own_reduction as _own_reduction
from domain.fow.play_commands import _pay_costs_after_play as _pay_costs_after_play
from domain.fow.play_commands import _pay_incarnation as _pay_incarnation
from domain.fow.play_commands import _play_cost as _play_cost
from domain.fow.play_commands import _play_permission as _play_permission
from domain.fow.play_commands import _total_cost_x_ok as _total_cost_x_ok
from domain.fow.play_commands import _wants_reduction as _wants_reduction
from domain.fow.play_commands import _with_counters_x as _with_counters_x
from domain.fow.play_commands import activate_ability as activate_ability
from domain.fow.play_commands import activate_ability_active as activate_ability_active
from domain.fow.play_commands import play_card as play_card
from domain.fow.setup import ADDITION_NAMES as ADDITION_NAMES
from domain.fow.setup import UNSUPPORTED_POLICIES as UNSUPPORTED_POLICIES
from domain.fow.setup import _all_effects as _all_effects
from domain.fow.setup import _deal_opening_hands as _deal_opening_hands
from domain.fow.setup import _deck_entries as _deck_entries
from domain.fow.setup import _start as _start
from domain.fow.setup import change_hand as change_hand
from domain.fow.setup import check_deck as check_deck
from domain.fow.setup import check_unsupported as check_unsupported
from domain.fow.setup import check_version as check_version
from domain.fow.setup import choose_turn_order as choose_turn_order
from domain.fow.setup import keywords_of as keywords_of
from domain.fow.state import EVENTS, GameState, own_objects, state_from_dict, state_to_dict
from domain.fow.state import apply_event as apply_event
from domain.fow.state import evolve as evolve
from domain.fow.timing import _obj_arg as _obj_arg
from domain.fow.timing import _pay_with as _pay_with
from domain.fow.timing import _unchaseable as _unchaseable
from domain.fow.timing import _with_x as _with_x
from domain.fow.timing import is_main_timing as is_main_timing
from domain.fow.timing import require_chase_open as require_chase_open
from domain.fow.timing import require_main_timing as require_main_timing
from domain.fow.versions import VERSIONS, version
from domain.fow.view import _obj_view as _obj_view
from domain.fow.view import _zone_visible as _zone_visible
from domain.fow.view import is_visible as is_visible
from domain.fow.view import redact_event as redact_event
from domain.fow.view import view as view
from domain.kernel import (
    JSON,
    Choice,
    Command,
    DecideOnCopyError,
    EngineFunctions,
    Event,
    GameSpec,
    Rejection,
    Text,
    checking_choices,
    offer_choice,
    refused_choice,
    rules_engine,
)
from domain.kernel import is_finished as is_finished


def start(spec: GameSpec, catalog: Mapping[str, Mapping[str, Any]]) -> list[Event] | Rejection:
    if spec.ruleset not in VERSIONS:
        known = ", ".join(sorted(VERSIONS))
        return Rejection("ruleset/unknown", f"{RULESET} 1.2 p3", f"unknown ruleset {spec.ruleset!r}; known: {known}")
    state = GameState(ruleset=spec.ruleset)
    ctx = Ctx(state, f"cmd:create:{spec.game_id}")
    try:
        _start(ctx, spec, catalog)
    except RejectedError as exc:
        return exc.rejection
    return ctx.events


@command("DeclineTrigger", "trigger", args={"trigger": Text})
def decline_trigger(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    trig = next((t for t in s.triggered if t.id == args.get("trigger") and t.controller == player), None)
    if trig is None or trig.kind not in ("card", "stealth"):
        raise ctx.reject(
            "rules/must_play_trigger",
            "9.6 p6",
            "triggered automatic abilities must be played; only revealing a card is optional",
        )
    revealed = trig.kind == "card" and s.objects[trig.source].revealed  # revealed as it triggered (9.6 p2)
    if trig.kind == "card" and (revealed or not version(s.ruleset).standby_reveal_optional):
        # a chant-standby card is an automatic ability here, or one revealed already: played unless
        # it cannot be (9.6 p6)
        if any(_accepted(s, c) for c in _trigger_commands(s, trig, player)):
            raise ctx.reject(
                "rules/must_play_trigger",
                "9.6 p6",
                f"{s.card_of(trig.source).name} has triggered and can be played, so it must be played",
            )
        cause = ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "cannot be played"}, "9.6 p6", actor=player)
        if revealed and s.objects[trig.source].zone == trig.zone:  # "put it into owner's graveyard" (9.6 p6.1)
            cause = move(ctx, trig.source, "graveyard", cause, rule="9.6 p6.1", reason="cannot be played", actor=player)
    else:
        cause = ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "not revealed"}, "7.9 p2", actor=player)
    flow.open_priority(ctx, s.turn_player, cause)


# --- decide -----------------------------------------------------------------------------


@memo.within_one_call
def decide(state: GameState, cmd: Command) -> list[Event] | Rejection:
    """The events ``cmd`` produces, or why it is refused.  The answer never depends on what its
    sender cannot see: an object hidden from them is answered as one that does not exist
    (3.1 p2, ``domain.hidden``)."""
    result: list[Event] | Rejection = hidden.decide_blind(
        state,
        cmd,
        _decide,
        may_name,
        lambda oid: Rejection("command/unknown_object", version(state.ruleset).cite("3.1 p2"), hidden.unseen_card(oid)),
    )
    return result


_guarded_decide = position.guard_unknown(decide)
"""The engine's ``decide``: refusing to put a card of unknown identity where it matters."""


@memo.within_one_call
def decide_in_place(state: GameState, cmd: Command) -> list[Event] | Rejection:
    """The engine's ``decide``, applying the events to ``state`` itself as it decides (no copy of the
    game): ``state`` ends with them applied.  After a refusal (or an error) ``state`` is left part-way
    and must not be used.  Where the answer needs the state before the command (a reconstructed
    position with cards of unknown identity, ``position.guard_unknown``; a command naming an object
    its sender may not name, ``hidden.blind_answer``) it is decided as ``decide`` does, on a copy,
    and the events are applied after."""
    cards_unknown = state.reconstructed and any(o.card in position.UNKNOWN_IDS for o in state.objects.values())
    live = not state.finished and cmd.player in state.players
    if cards_unknown or (live and hidden.unnameable(cmd, state.objects, may_name(state, cmd.player))):
        result = _guarded_decide(state, cmd)
        for e in result if not isinstance(result, Rejection) else []:
            apply_event(state, e)
        return result
    spec = pending_choice(state, cmd.player)  # read before the command changes the state
    own_objects(state)  # the handlers may hold an object while events change it
    try:
        answer = COMMAND_TABLE.decide(state, cmd, in_place=True)
    except ReplacementUnchosenError:
        # the command asks which replacement of a move applies, from the state before it (9.10 p2),
        # which deciding in place has changed: the caller decides it again on that state, copying
        raise DecideOnCopyError(f"{cmd.type} asks a replacement choice from the state before it") from None
    if isinstance(answer, Rejection):
        return answer
    return refused_choice(spec, cmd) or answer


def may_name(state: GameState, player: str) -> Callable[[str], bool]:
    """Whether ``player`` may name an object in a command: they may see it (:func:`is_visible`),
    or their pending decision offers it (a search shows the searched cards, 3.1 p2), or one of
    their legal actions names it."""
    return hidden.nameable(state, player, is_visible, legal_actions)


_CHOICE_RULES = {
    "hand_change": "4.2 p4",
    "discard_to_hand_size": "5.4 p5.4",
    "discard": "10.18 p1",
    "banish": "10.10 p1",
    "discard_chosen": "10.13 p1",
    "keep": "10.10 p1",
    "move_onto": "10.1 p1",
    "fight": "9.3 p3.2",
    "keep_rested": "5.2 p5",
    "put_from_removed": "10.13 p1",
    "look": "10.13 p1",
    "attributes": "2.8 p2",
    "search": "10.13 p2",
    "put_from_hand": "10.13 p2",
    "recover": "9.3 p3.2",
    "reveal_outside": "3.16 p1",
    outside.BEGINNING: "3.16 p1",
    "put_from_outside": "3.16 p1",
    "reveal_automatic_card": "9.6 p2",
}
"""The decisions that are a choice of N from M (one parameterised legal action) and the rule that asks."""


def pending_choice(s: GameState, player: str) -> Command | None:
    """``player``'s pending decision as one parameterised legal action (a :class:`Choice` of
    N from M, docs/legal-actions.md), or None when it is not such a choice."""
    p = s.pending
    if p is None or p.player != player or p.kind not in _CHOICE_RULES:
        return None
    constraints: tuple[str, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()
    rule = version(s.ruleset).cite(_CHOICE_RULES[p.kind])
    cards = [str(c) for c in p.options.get("cards", [])]
    hand = list(s.zones[player]["hand"])
    kind, arg = "ChooseCards", "cards"
    if p.kind == "hand_change":  # any of the cards in hand (4.2 p4)
        kind, cards, lo, hi = "ChangeHand", hand, 0, len(hand)
    elif p.kind in ("discard_to_hand_size", "discard"):
        cards = hand
        lo = hi = min(int(p.options["count"]), len(hand))
    elif p.kind in ("keep_rested", "put_from_removed", "reveal_automatic_card"):  # any of them
        lo, hi = 0, len(cards)
    elif p.kind == outside.BEGINNING:  # any of them, one of a name if its text says so (3.16 p1, 2.2)
        lo, hi = 0, len(cards)
        if isinstance(p.options.get("groups"), list):
            constraints, groups = ("one_per_group",), tuple(tuple(map(str, g)) for g in p.options["groups"])
    elif p.kind == "look":
        lo, hi = int(p.options["min"]), min(int(p.options["max"]), len(cards))
    elif p.kind == "attributes":  # any number of the five (2.8 p2)
        kind, arg, cards, lo, hi = "ChooseAttributes", "attributes", ["W", "R", "U", "G", "B"], 0, 5
    elif p.kind in (
        "search",
        "put_from_hand",
        "recover",
        "reveal_outside",
        "put_from_outside",
    ):  # "up to N" (a search "for a card": min, 10.13 p2)
        lo, hi = int(p.options.get("min", 0)), min(int(p.options["max"]), len(cards))
        if isinstance(p.options.get("kinds"), list):  # "a X and/or a Y": one of each kind (10.13 p2)
            constraints, groups = ("one_per_group",), tuple(tuple(map(str, g)) for g in p.options["kinds"])
    else:
        lo = hi = int(p.options["count"])
        if p.kind == "banish" and isinstance(p.options.get("groups"), list):  # one kept of each name (10.10 p1)
            constraints, groups = ("one_left_per_group",), tuple(tuple(map(str, g)) for g in p.options["groups"])
    return Command(kind, player, {}, choice=Choice(arg, tuple(cards), lo, hi, rule, constraints, groups))


_decide = memo.within_one_call(checking_choices(COMMAND_TABLE.decide, pending_choice))

_probe = memo.within_one_call(checking_choices(lambda s, c: COMMAND_TABLE.accepts(s, c) or [], pending_choice))


def _accepted(s: GameState, cmd: Command) -> bool:
    """Whether ``_decide`` accepts ``cmd``, without carrying it out (``CommandTable.accepts``): the
    handler runs on ``s`` itself until it would emit an event (then again on a copy), and stops
    where it hands over to the rules flow (``flow.after_action``, ``flow.pass_priority``), which
    refuses nothing."""
    return not isinstance(_probe(s, cmd), Rejection)


DECISION_KINDS: tuple[str, ...] = (
    "attribute",
    "attributes",
    "banish",
    outside.BEGINNING,
    "declare_attack",
    "declare_block",
    "discard",
    "discard_chosen",
    "discard_to_hand_size",
    "fight",
    "hand_change",
    "keep",
    "keep_rested",
    "look",
    "loop_times",
    "move_onto",
    "name_card",
    "name_card_type",
    "number",
    "option",
    "optional",
    "pay_life",
    "pierce",
    "priority",
    "put_from_hand",
    "put_from_outside",
    "put_from_removed",
    "race",
    "recover",
    "replacement",
    "reveal_automatic_card",
    "reveal_outside",
    "search",
    "skill",
    "trigger",
    "turn_order",
)
"""Every kind of pending decision (``state.pending.kind``) of this ruleset: the ``kind`` of the
HTTP API's ``decision`` (docs/legal-actions.md)."""


@memo.within_one_call
def legal_actions(state: GameState, player: str) -> list[Command]:
    """Every command ``player`` may submit now (targets and payments filled in; for very
    large choice spaces a representative subset of target combinations)."""
    s = state
    out: list[Command] = []
    if s.finished or player not in s.players:
        return out
    p = s.pending
    if p is None or p.player != player:
        return [Command("Concede", player)]
    if p.kind == "turn_order":
        out = [Command("ChooseTurnOrder", player, {"play_first": v}) for v in (True, False)]
    elif (spec := pending_choice(s, player)) is not None:
        out = offer_choice(spec, lambda c: _accepted(s, c), MAX_TARGET_COMBOS)
    elif p.kind == "priority":
        out = _priority_actions(s, player)
    elif p.kind == "loop_times":  # every number the player may declare (14.1 p1.1, p1.2): each is possible
        return [*loops.loop_times_commands(s, player), Command("Concede", player)]
    elif p.kind == "trigger":
        for trig in s.triggered:
            if trig.controller != player:
                continue
            out += _trigger_commands(s, trig, player)
            if trig.kind in ("card", "stealth"):
                out.append(Command("DeclineTrigger", player, {"trigger": trig.id}))
    elif p.kind == "declare_attack":
        required = flow.required_attackers(s)
        for oid in list(s.zones[player]["field"]):
            if flow.can_attack_with(s, oid) and (not required or oid in required):
                out += [
                    Command("DeclareAttack", player, {"attacker": oid, "target": t})
                    for t in flow.attack_targets(s, oid)
                ]
        out.append(Command("ForfeitAttack", player))
    elif p.kind == "declare_block":
        required = flow.required_blockers(s)
        out = [
            Command("DeclareBlock", player, {"blocker": oid})
            for oid in s.zones[player]["field"]
            if flow.can_block_with(s, oid) and (not required or oid in required)
        ]
        if not flow.block_required(s):
            out.append(Command("DeclineBlock", player))
    elif p.kind == "number":  # any integer of 0 or higher (1.4 p5): 0 and each total cost in a field
        costs_now = {
            c.cost.total for o in s.objects.values() if o.zone == "field" for c in [s.card_of(o.oid)] if c.cost
        }
        out = [Command("ChooseNumber", player, {"number": n}) for n in sorted(costs_now | {0})]
    elif p.kind == "pay_life":  # any multiple of 100 (1.5 p4.1): those up to the life the player has
        life = max(0, s.players[player].life)
        out = [Command("ChooseNumber", player, {"number": n}) for n in range(0, life + 1, 100)]
    elif p.kind == "pierce":  # every legal split of [Pierce] damage (11.1 p1.2)
        out = [Command("AssignPierceDamage", player, {"to_blocker": n}) for n in p.options["amounts"]]
    elif p.kind == "replacement":  # which replacement applies first (9.10 p2.1)
        out = [Command("ChooseReplacement", player, {"effect": c}) for c in p.options["choices"]]
    elif p.kind == "option":
        choices = p.options.get("choices")
        count = len(choices) if isinstance(choices, list) else 0
        out = [Command("ChooseOption", player, {"option": i}) for i in range(count)]
    elif p.kind == "name_card_type":
        out = [Command("NameCard", player, {"name": t}) for t in NAMED_CARD_TYPES]
    elif p.kind == "name_card":  # any card name: those of the player's deck and of the cards they can see
        seen = {s.cards[o.card].name for o in s.objects.values() if o.owner == player or is_visible(s, o.oid, player)}
        out = [Command("NameCard", player, {"name": n}) for n in sorted(seen)]
    elif p.kind == "attribute":
        out = [Command("ChooseAttribute", player, {"attribute": a}) for a in ("W", "R", "U", "G", "B")]
    elif p.kind == "skill":
        out = [Command("ChooseSkill", player, {"skill": k}) for k in p.options.get("skills", [])]
    elif p.kind == "race":
        out = [Command("ChooseRace", player, {"race": r}) for r in p.options.get("races", [])]
    elif p.kind == "optional":
        out = [Command("ChooseOptional", player, {"accept": False})]
        will = _optional_payment(s)
        plan = [] if will is None else plan_payment(s, player, will)
        if plan is not None:  # "you may pay {R}": only when the will can be paid (10.2 p4)
            out.insert(0, Command("ChooseOptional", player, {"accept": True, **({"pay_with": plan} if plan else {})}))
    out = [c for c in out if _accepted(s, c)]
    out.append(Command("Concede", player))
    return out


def _will_text(cost: Any) -> str:
    """``{R}{R}{2}``: one symbol per attribute will, then the free will (FoW-5.5 2.3)."""
    symbols = "".join(f"{{{a}}}" * n for a, n in sorted(cost.attribute.items()))
    return symbols + (f"{{{cost.free}}}" if cost.free or not symbols else "")


def label(state: GameState, cmd: Command) -> str:
    """The label of ``cmd``, one of its player's legal actions, from what that player may see
    (``domain.labels``); a card played shows its will cost."""

    def cost_of(oid: str) -> str | None:
        cost = state.card_of(oid).cost
        return None if cost is None or cmd.type != "PlayCard" else "cost " + _will_text(cost)

    return labels.label_in(state, cmd, is_visible, cost_of)


def start_from_position(spec: GameSpec, data: Any, catalog: Any) -> tuple[list[Event], list[dict[str, JSON]]]:
    """Start a game from a declared position (``docs/position-format.md``): the events,
    or every reason the position is refused (``code``, ``path``, ``rule``, ``message``)."""
    events, errors = position.reconstruct(spec, data, catalog)
    return events, [e.to_dict() for e in errors]


def engine_for(ruleset: str) -> EngineFunctions[GameState]:
    """Force of Will under one comprehensive rules version (``FoW-5.5``, ...)."""
    return rules_engine(
        ruleset,
        VARIANTS,
        initial_state=functools.partial(GameState, ruleset=ruleset),
        start=start,
        decide=_guarded_decide,
        decide_in_place=decide_in_place,
        legal_actions=legal_actions,
        label=label,
        view=view,
        events=EVENTS,
        state_to_dict=state_to_dict,
        state_from_dict=state_from_dict,
        redact_event=redact_event,
        start_from_position=start_from_position,
    )


ENGINES = tuple(engine_for(_ruleset) for _ruleset in VERSIONS)
"""Force of Will under every rules version (``domain.rulesets`` registers them)."""
ENGINE = engine_for(RULESET)
