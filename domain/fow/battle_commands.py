"""Battle commands (FoW-5.5 8): ``InitiateBattle``, ``DeclareAttack``, ``ForfeitAttack``,
``DeclareBlock`` and ``DeclineBlock``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.fow import actions, flow
from domain.fow.characteristics import cannot_attack_player, effective_type, overrides_for
from domain.fow.commands import command
from domain.fow.context import Ctx
from domain.fow.timing import _obj_arg, require_main_timing
from domain.fow.versions import version
from domain.kernel import ObjectId, PlayerId


@command("InitiateBattle", "priority")
def initiate_battle(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    require_main_timing(ctx, player, "initiating a battle", "7.4 p1")
    if ctx.s.no_more_battle:
        raise ctx.reject(
            "rules/no_more_battle",
            "8.2 p6",
            "you forfeited an attack the opponent did not respond to; no more battles this turn",
        )
    flow.initiate_battle(ctx, player, ctx.cause)


@command("DeclareAttack", "declare_attack", args={"attacker": ObjectId, "target": ObjectId | PlayerId})
def declare_attack(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    attacker = _obj_arg(ctx, args, "attacker", "8.2 p3.1")
    target = args.get("target")
    refusal = flow.attack_refusal(s, attacker)
    if refusal is not None:
        raise ctx.reject("rules/cannot_attack", *refusal)
    forced = flow.required_attackers(s)
    if forced and attacker not in forced:
        raise ctx.reject("rules/must_attack", "8.2 p3.1", "a J/resonator that must attack has to be chosen")
    their_field = s.zones[s.opponent(player)]["field"]
    if isinstance(target, str) and target in their_field and overrides_for(s, target).cannot_be_attacked:
        name = s.card_of(target).name
        raise ctx.reject(
            "rules/cannot_be_attacked", "1.4 p1", f"{name} ({target}) cannot be attacked: its text says so"
        )
    if target == s.opponent(player) and cannot_attack_player(s, attacker, target):
        name = s.card_of(attacker).name
        why = f"{name} ({attacker}) cannot attack {target}: an effect says so"
        raise ctx.reject("rules/cannot_attack_player", "1.4 p4", why)
    at_resonator = isinstance(target, str) and target in their_field and effective_type(s, target) == "resonator"
    if at_resonator and overrides_for(s, attacker).cannot_attack_resonators:
        name = s.card_of(attacker).name
        raise ctx.reject(
            "rules/cannot_attack_resonators",
            "1.4 p1",
            f"{name} ({attacker}) cannot attack resonators: its text (or an effect) says so",
        )
    if not isinstance(target, str) or target not in flow.attack_targets(s, attacker):
        raise ctx.reject(
            "rules/illegal_attack_target",
            "8.2 p3.2",
            "the attacked object must be the opponent or a rested J/resonator of theirs",
        )
    cause = ctx.emit("AttackDeclared", {"attacker": attacker, "target": target}, "8.2 p3", actor=player)
    cause = ctx.emit("CardRested", {"oid": attacker, "reason": "attack"}, "8.2 p5", cause=cause)
    actions.check_triggers(ctx, "becomes_rested", cause, oid=attacker)
    actions.check_triggers(ctx, "attacks", cause, oid=attacker)
    actions.check_triggers(ctx, "opponent_attacks", cause, player=player)
    actions.check_triggers(ctx, "you_attack", cause, player=player)
    actions.check_triggers(ctx, "card_attacks", cause, oid=attacker)
    if effective_type(s, attacker) == "resonator":  # "When a resonator your opponent controls attacks or blocks"
        actions.check_triggers(ctx, "opponent_resonator_attacks_or_blocks", cause, player=player)
    if target in s.players:  # "When a J/resonator your opponent controls attacks you"
        actions.check_triggers(ctx, "opponent_attacks_you", cause, player=player)
    else:  # "When a J/resonator you control is attacked" (an attack on a J/resonator, 8.2 p3.2)
        actions.check_triggers(ctx, "your_j_resonator_attacked", cause, player=player)
    flow.enter_battle_step(ctx, "attack_declared", cause)


@command("ForfeitAttack", "declare_attack")
def forfeit_attack(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    if flow.must_attack(s) and not version(s.ruleset).forfeit_despite_forced_attack:
        raise ctx.reject("rules/must_attack", "8.2 p3", "an effect forces you to attack")
    assert s.battle is not None
    no_more = not s.battle.opponent_acted
    cause = ctx.emit("AttackForfeited", {"player": player, "no_more_battle": no_more}, "8.2 p3", actor=player)
    flow.enter_battle_step(ctx, "end_of_battle", cause)


@command("DeclareBlock", "declare_block", args={"blocker": ObjectId})
def declare_block(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    blocker = _obj_arg(ctx, args, "blocker", "8.3 p3")
    attacker = s.battle.attacker if s.battle is not None else None
    refusal = flow.attacker_block_refusal(s, attacker, blocker) if attacker is not None else None
    refusal = refusal or flow.block_refusal(s, blocker)
    if refusal is not None:
        raise ctx.reject(*refusal)
    required = flow.required_blockers(s)
    if required and blocker not in required:  # "Target resonator must block this turn if able"
        raise ctx.reject("rules/must_block", "1.4 p1", f"the block must be declared with one of {required}")
    cause = ctx.cause
    if not s.objects[blocker].rested and not overrides_for(s, blocker).blocks_without_resting:
        # the blocker rests (8.3 p4), unless "Blocking does not cause this card to rest" (1.4 p1); one
        # that "can block while rested" may already be rested
        cause = ctx.emit("CardRested", {"oid": blocker, "reason": "block"}, "8.3 p4", actor=player)
        actions.check_triggers(ctx, "becomes_rested", cause, oid=blocker)
    cause = ctx.emit("BlockDeclared", {"blocker": blocker}, "8.3 p4", cause=cause, actor=player)
    actions.check_triggers(ctx, "blocks", cause, oid=blocker)
    if effective_type(s, blocker) == "resonator":
        actions.check_triggers(ctx, "opponent_resonator_attacks_or_blocks", cause, player=player)
    if s.battle is not None and s.battle.attacker is not None:
        attacker = s.battle.attacker
        actions.check_triggers(ctx, "is_blocked", cause, oid=attacker)  # "whenever this card is blocked"
        # "Whenever this card blocks or is blocked by a resonator": the other one, if a resonator
        if effective_type(s, attacker) == "resonator":
            actions.check_triggers(ctx, "blocks_resonator", cause, oid=blocker, subject=attacker)
        if effective_type(s, blocker) == "resonator":
            actions.check_triggers(ctx, "is_blocked_by_resonator", cause, oid=attacker, subject=blocker)
    flow.enter_battle_step(ctx, "block_declared", cause)


@command("DeclineBlock", "declare_block")
def decline_block(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    if flow.block_required(ctx.s):  # "... must block (this card) if able", and one can (1.4 p1)
        raise ctx.reject("rules/must_block", "1.4 p1", "a block must be declared: card text requires it if able")
    cause = ctx.emit("BlockDeclined", {"player": player}, "8.3 p3", actor=player)
    flow.enter_battle_step(ctx, "block_declared", cause)
