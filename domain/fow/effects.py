"""Applying one effect of the card vocabulary (:func:`apply_effect`) and the helpers of single
effects."""

from __future__ import annotations

import itertools
from typing import Any

from domain.fow import conditions
from domain.fow.cards import (
    AddFromGraveyard,
    AddSelfTo,
    Banish,
    BecomeAttribute,
    BecomeCopy,
    Cancel,
    ChangeCost,
    ChangeRaces,
    ChooseARace,
    CopyOnChase,
    DealDamage,
    DealMore,
    Delayed,
    Destroy,
    Discard,
    Draw,
    Fight,
    GainControl,
    GainLife,
    GrantAbilities,
    GrantSkill,
    KeepOne,
    LookTop,
    LoseAbilities,
    LoseLife,
    LoseSkill,
    Mill,
    Modify,
    MoveAddition,
    Pay,
    PayAnyLife,
    PayLess,
    PreventDamage,
    ProduceWill,
    PutCounter,
    PutFromHand,
    PutFromOutside,
    PutFromRemoved,
    PutIntoField,
    PutIntoRulerArea,
    PutOnMainDeck,
    PutStone,
    PutTokenCopy,
    Recover,
    RedirectDealt,
    RemoveCounter,
    RemoveDamage,
    RemoveFromGame,
    RemoveInstead,
    ReshuffleGraveyard,
    Rest,
    Restrict,
    ReturnToHand,
    ReturnToRulerSide,
    RevealHand,
    RevealNamed,
    RevealOutside,
    RevealTop,
    Search,
    SetPrintedAtk,
    SetStats,
    Shuffle,
    SwitchStats,
    Target,
)
from domain.fow.cards import Effect as CardEffect
from domain.fow.characteristics import (
    can_gain_life,
    characteristics,
    counter_increases,
    effective_type,
    matches,
    names_of,
    total_cost,
)
from domain.fow.context import Ctx
from domain.fow.copies import become_copy, copy_on_chase, put_token_copy
from domain.fow.damage import _asks_move_replacements, _asks_replacements, _dealt_by_target, deal_damage, destroy
from domain.fow.effect_choices import (
    _ask_from_graveyard,
    _ask_from_hand,
    _choose_a_race,
    _keep_one,
    _look_and_discard,
    _look_top,
    _put_chosen_into_field,
    _search_deck,
    _search_options,
)
from domain.fow.matching import _filter_match, _fits_field_alone, _search_match, _total_cost
from domain.fow.movement import draw, end_source_rested, end_with_control, move, recovery_prohibited, shuffle
from domain.fow.outside import put_from_outside, reveal_outside
from domain.fow.state import PLAYGROUND, ChaseItem, GameState
from domain.fow.targets import _players, _search_field_instead, _targets_of, is_legal_host
from domain.fow.trigger_checks import (
    _is_source_in_field,
    _is_source_rested,
    check_triggers,
    is_same_source,
    removing_since,
)
from domain.fow.will import _stones_could_produce, pay_will, will_choice
from domain.kernel import RULES_AUTHORITY


def _move_addition(
    ctx: Ctx, item: ChaseItem, eff: MoveAddition, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """The target addition, still legal (9.3 p3.1), is moved onto a resonator its controller chooses
    now among those it can legally be added to, other than its own (10.1 p1, p2, 7.2 p3; 10.13 p1)."""
    s = ctx.s
    moved = _targets_of(ctx, item, eff.target, group)
    if not moved:
        return cause
    addition = s.objects[moved[0]]
    onto = [
        o
        for pid in s.order
        for o in s.zones[pid]["field"]
        if o != addition.attached_to and effective_type(s, o) == "resonator" and is_legal_host(s, moved[0], o)
    ]
    if not onto:
        return cause  # no other resonator it can be added to: it stays where it is (10.1 p2)
    if choice is None:
        asked = {"item": item.id, "addition": moved[0], "cards": onto, "count": 1}
        ctx.ask(item.controller, "move_onto", asked, "10.1 p1", cause=cause)
        return None
    data = {"oid": moved[0], "from": addition.attached_to, "to": choice[0]}
    cause = ctx.emit("AdditionMoved", data, "10.1 p1", cause=cause, actor=item.controller)
    check_triggers(ctx, "addition_added", cause, oid=choice[0])  # added to it (7.2 p4)
    return cause


def _add_from_graveyard(
    ctx: Ctx, item: ChaseItem, eff: AddFromGraveyard, group: list[str] | None, you: str, cause: str
) -> str:
    """This addition, in the graveyard as the object that played the ability (3.1 p3), into its
    controller's field added onto the target, if it can legally be added to it (10.1 p2, 7.2 p3)."""
    src = item.source
    here = is_same_source(ctx.s, item) and ctx.s.objects[src].zone == "graveyard" and item.source_since is not None
    onto = _targets_of(ctx, item, eff.target, group)
    if not here or not onto or not is_legal_host(ctx.s, src, onto[0]):
        return cause  # it left the graveyard (a new object) or no card it can be added to: it stays
    cause = move(ctx, src, "field", cause, rule="10.1 p2", reason="add", controller=you, actor=you, attached_to=onto[0])
    check_triggers(ctx, "addition_added", cause, oid=onto[0])  # added to it (7.2 p4)
    return cause


def _change_races(
    ctx: Ctx, item: ChaseItem, eff: ChangeRaces, group: list[str] | None, you: str, src: str, cause: str, choice: Any
) -> str | None:
    """ "Target J/resonator loses all races and gains a race of your choice until end of turn": the race
    is chosen as the effect resolves (``ChoiceRequested`` kind ``race``, answered by ``ChooseRace``, 2.5),
    then a continuous effect changing the targets' races is made (non-value information, 9.9 p1)."""
    changed = _targets_of(ctx, item, eff.target, group)
    if not changed:
        return cause
    gained = list(eff.gain)
    if eff.of_choice:
        if choice is None:
            asked = {"item": item.id, "source": src, "races": list(eff.choices)}
            ctx.ask(you, "race", asked, "2.5 p1", cause=cause)
            return None
        chosen = {"item": item.id, "player": you, "race": choice}
        cause = ctx.emit("OptionChosen", chosen, "2.5 p1", cause=cause, actor=you)
        gained += [choice] if choice not in gained else []
    made: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": changed}
    made.update(kind="change_races", races=gained, lose_races=eff.lose_all, duration=eff.duration)
    return ctx.emit("ContinuousEffectCreated", made, "9.9 p1", cause=cause)


def apply_effect(
    ctx: Ctx,
    item: ChaseItem,
    eff: CardEffect,
    group: list[str] | None,
    cause: str,
    choice: Any,
    *,
    other: list[str] | None = None,
    previous: list[tuple[str, int]] | None = None,
    removed: list[str] | None = None,
    dealt: int = 0,
) -> str | None:
    """``other``: for a ``fight``, the target group of its second J/resonator; ``previous``: the
    legal targets of the last single chosen target group, as objects (for "its DEF"); ``removed``: the
    cards the last ``mill`` removed from the game ("the cards removed this way"); ``dealt``: the
    damage the effect just before dealt ("half of that much damage")."""
    s = ctx.s
    you = item.controller
    src = item.source
    if isinstance(eff, Fight):
        return _fight(ctx, item, eff, group, other, cause, choice)
    if isinstance(eff, RevealOutside):  # "reveal ... from outside the game and keep it revealed" (3.16 p1)
        return reveal_outside(ctx, item, eff, cause, choice)
    if isinstance(eff, PutFromOutside):  # "reveal ... from outside the game and put it into ..." (3.16 p1)
        return put_from_outside(ctx, item, eff, cause, choice)
    if isinstance(eff, Delayed):  # "At the end of turn, destroy that resonator" (9.6 p8)
        made: dict[str, Any] = {"delayed": ctx.fresh_id("d"), "controller": you, "source": src, "at": eff.at}
        past = s.phase == "end" and s.step in ("end_of_turn", "cleanup")  # this turn's end of turn happened
        made["turn"] = s.turn + 1 if eff.at == "next_end_of_turn" and past else s.turn
        made["effects"] = [e.model_dump(mode="json", by_alias=True) for e in eff.effects]
        if eff.target is not None:  # "Recover target resonator at the end of turn": its target, if legal (9.3 p3.1)
            group = _targets_of(ctx, item, eff.target, group)
        made["objects"] = [[oid, s.objects[oid].zone_since] for oid in group or []]
        if eff.at == "this_card_deals_damage":  # this card, as the object whose ability made it (3.1 p3)
            made["objects"] = [[src, item.source_since if item.source_since is not None else s.objects[src].zone_since]]
        if item.source_since is not None:  # its "this card" is the object that created it (3.1 p3)
            made["source_since"] = item.source_since
        return ctx.emit("DelayedAbilityCreated", made, "9.6 p8", cause=cause)
    if isinstance(eff, Draw):
        count = eff.count if eff.per is None else eff.count * conditions.count_of(s, eff.per, you, src)
        if eff.that_many:  # "then draw that many cards plus one": the cards just put from the hand
            count += len(previous or [])
        for p in _players(s, you, eff.who) if count else []:  # "draw cards equal to the number of X"
            cause = draw(ctx, p, count, cause)
        return cause
    if isinstance(eff, DealDamage):
        # "for each X" counted on resolution; "that much": the damage of the triggering happening
        amount = (item.amount or 0) if eff.that_much else conditions.amount_of(s, eff, you, src)
        if eff.per_cost_removed:  # "multiplied by the combined total cost of the cards removed this way"
            amount = eff.amount * sum(total_cost(s.card_of(o)) for o in removed or [])
        if eff.by is not None:  # "Target Vampire you control deals damage equal to its ATK to another target"
            by = _targets_of(ctx, item, eff.by, group)
            if not by or by[0] not in s.objects or s.objects[by[0]].zone != "field":
                return cause  # the dealer is no longer a legal target: no damage (9.3 p3.1)
            amount = conditions.source_stat(s, by[0], eff.equal_to or "atk")
            dealing = [(by[0], t, amount) for t in _targets_of(ctx, item, eff.target, other)]
            if _asks_replacements(ctx, item, dealing, cause):
                return None
            for t in _targets_of(ctx, item, eff.target, other):
                cause = deal_damage(ctx, by[0], t, amount, cause)
            return cause
        if eff.per is not None and eff.per.this_way:  # "for each resonator removed this way" (9.3 p3)
            flt = eff.per.filter
            assert flt is not None
            moved = [t for t, since in previous or [] if s.objects[t].zone_since == since]
            amount = eff.amount * sum(1 for t in moved if _filter_match(s, flt, t))
        dealer = src
        if eff.dealt_by == "host":  # "added resonator deals 500 damage to you", while it is added (7.2 p3)
            hosts = _targets_of(ctx, item, Target(kind="host"), None)
            if not hosts:
                return cause
            dealer = hosts[0]
        targets = _targets_of(ctx, item, eff.target, group)
        if eff.per is not None and eff.per.of_each_player:  # "for each X that he or she controls"
            each = {t: conditions.amount_of(s, eff, t, src) for t in targets}  # all counted first
            if _asks_replacements(ctx, item, [(dealer, t, each[t]) for t in targets], cause):
                return None
            for t in targets:
                cause = deal_damage(ctx, dealer, t, each[t], cause)
            return cause
        dealing = [(dealer, t, _dealt_by_target(s, t) if eff.dealt_by_target else amount) for t in targets]
        if _asks_replacements(ctx, item, dealing, cause):
            return None
        for t in targets:
            if eff.dealt_by_target:  # "X is the damage it dealt this turn": that object's (3.1 p3)
                amount = s.objects[t].dealt if t in s.objects and s.objects[t].dealt_turn == s.turn else 0
            cause = deal_damage(ctx, dealer, t, amount, cause)
        return cause
    if isinstance(eff, Destroy) and eff.chosen_total_cost:  # "Choose a number. Destroy all ... equal to it"
        if choice is None:
            number = {"item": item.id, "source": src}
            ctx.ask(you, "number", number, "1.4 p5", cause=cause)
            return None
        chosen: dict[str, Any] = {"item": item.id, "player": you, "number": choice}
        cause = ctx.emit("OptionChosen", chosen, "1.4 p5", cause=cause, actor=you)
        for t in _targets_of(ctx, item, eff.target, group):
            card = s.card_of(t)
            if (card.cost.total if card.cost is not None else 0) == choice:  # no cost: total cost 0
                cause = destroy(ctx, t, cause)
        return cause
    if isinstance(eff, Destroy):
        targets = _targets_of(ctx, item, eff.target, group)
        if _asks_move_replacements(ctx, item, targets, cause):
            return None
        for t in targets:
            cause = destroy(ctx, t, cause)
        return cause
    if isinstance(eff, (Modify, GrantSkill, LoseSkill, PreventDamage)):
        data: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # every object that matches, whenever, while the effect lasts (9.9 p4)
            data.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            data["targets"] = _targets_of(ctx, item, eff.target, group)
            if not data["targets"]:
                return cause
        if eff.duration == "source_in_field" and not _is_source_in_field(s, item):  # its source left (9.1 p2.2)
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.1 p2.2", cause=cause)
        if eff.duration == "source_rested" and not _is_source_rested(s, item):  # "as long as this card is rested"
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        if isinstance(eff, Modify) and eff.same_name_too:  # "and all other resonators with the same name":
            # whatever shares a name with the target now (2.2), whenever it does while it lasts (9.9 p4)
            same_names = sorted(names_of(s, data["targets"][0]))
            data["filter"] = {"zone": "field", "types": ["resonator"], "controller": "any", "names": same_names}
        if isinstance(eff, Modify):
            times = 1 if eff.per is None else conditions.count_of(s, eff.per, you, src)  # counted now
            if eff.x_of_destroyed is not None:  # "[+X/+0], where X is the ATK of the destroyed resonator"
                times = _destroyed_stat(s, previous or [], eff.x_of_destroyed)
            data.update(kind="modify", atk=eff.atk * times, duration=eff.duration)
            data["def"] = eff.def_ * times
            if eff.of_subject:  # "[+X/+Y], where X is the destroyed resonator's ATK and Y ... its DEF"
                data["atk"] = eff.atk * _subject_stat(s, item, "atk")
                data["def"] = eff.def_ * _subject_stat(s, item, "def")
            if eff.or_gains is not None:  # "gains [-800/0] or [0/+800]": the controller picks one now
                both = [[eff.atk, eff.def_], list(eff.or_gains)]
                if choice is None:
                    asked = {"item": item.id, "source": src, "targets": data["targets"], "choices": both}
                    ctx.ask(you, "option", asked, "9.3 p3.2", cause=cause)
                    return None
                option = {"item": item.id, "player": you, "option": choice, "gains": both[choice]}
                cause = ctx.emit("OptionChosen", option, "9.3 p3.2", cause=cause, actor=you)
                data["atk"], data["def"] = both[choice]
            rule = "10.19 p3"
            for skill in eff.skills:  # the same target also gains these symbol skills (10.19 p1)
                grant = {**data, "id": ctx.fresh_id("x"), "kind": "grant", "skill": skill}
                grant.pop("atk"), grant.pop("def")
                cause = ctx.emit("ContinuousEffectCreated", grant, "10.19 p1", cause=cause)
            data["id"] = ctx.fresh_id("x")
        elif isinstance(eff, GrantSkill):
            granted = eff.skill
            if eff.or_skills:  # "gains [Swiftness], [Flying] or [Target Attack]": chosen now (9.3 p3.2)
                skills = [eff.skill, *eff.or_skills]
                if choice is None:
                    skills_asked = {"item": item.id, "source": src, "skills": skills}
                    ctx.ask(you, "skill", skills_asked, "9.3 p3.2", cause=cause)
                    return None
                skill_picked = {"item": item.id, "player": you, "skill": choice}
                cause = ctx.emit("OptionChosen", skill_picked, "9.3 p3.2", cause=cause, actor=you)
                granted = choice
            data.update(kind="grant", skill=granted, duration=eff.duration)
            rule = "10.19 p1"
        elif isinstance(eff, LoseSkill):  # "... lose [Flying] until end of turn": removes an ability (9.9 p1)
            data.update(kind="lose_skill", skill=eff.skill, duration=eff.duration)
            rule = "9.9 p1"
        else:
            data.update(kind="prevent", amount=eff.amount, duration=eff.duration)
            data.update({k: True for k in ("by", "next") if getattr(eff, k)})
            if eff.counter_per_100 is not None:  # "For each 100 damage prevented this way, put ... on it"
                data["counter_per_100"] = eff.counter_per_100
            rule = "10.17 p1"
        return ctx.emit("ContinuousEffectCreated", data, rule, cause=cause)
    if isinstance(eff, DealMore):  # "If target resonator / your J-Ruler would deal damage this turn, it deals
        # that much +200 instead" (9.10 p1): the targets, or whatever matches an "all" filter then (9.9 p4)
        mdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": []}
        if eff.target.kind == "all":
            mdata.update(filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            mdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if eff.target.filter.zone == "chase":  # "target [Spell:Chant] spell": the card being played there,
                # which is what deals its damage (9.12 p1)
                mdata["targets"] = [c.source for c in s.chase if c.id in mdata["targets"] and c.kind == "card"]
            if not mdata["targets"]:
                return cause
        mdata.update(kind="deal_more", amount=eff.extra, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", mdata, "9.10 p1", cause=cause)
    if isinstance(eff, RedirectDealt):  # "the next damage this card would deal this turn is dealt to you
        # instead" (9.10 p1): a replacement effect on that object's next damage, for the turn
        dealers = _targets_of(ctx, item, eff.target, group)
        if not dealers:
            return cause
        redirect: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": dealers}
        redirect.update(kind="redirect_dealt", next=True, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", redirect, "9.10 p1", cause=cause)
    if isinstance(eff, MoveAddition):  # "Move target [Addition: Resonator] you control onto another resonator"
        return _move_addition(ctx, item, eff, group, cause, choice)
    if isinstance(eff, AddFromGraveyard):  # "you may add this card from your graveyard to that resonator"
        return _add_from_graveyard(ctx, item, eff, group, you, cause)
    if isinstance(eff, AddSelfTo):  # "Add this card to another target resonator" (10.1 p1)
        onto = _targets_of(ctx, item, eff.target, group)
        addition = s.objects[src]
        if not onto or addition.zone != "field" or not is_same_source(s, item):
            return cause  # it left the field: a new object, which the ability no longer moves (3.1 p3)
        if not is_legal_host(s, src, onto[0]) or addition.attached_to == onto[0]:
            return cause  # "if it can legally be added to it" (7.2 p3)
        data = {"oid": src, "from": addition.attached_to, "to": onto[0]}
        cause = ctx.emit("AdditionMoved", data, "10.1 p1", cause=cause)
        check_triggers(ctx, "addition_added", cause, oid=onto[0])  # added to it (7.2 p4)
        return cause
    if isinstance(eff, SwitchStats):  # "Switch the ATK and DEF of this card until end of turn" (9.9 p1.4)
        switched = _targets_of(ctx, item, eff.target, group)
        if not switched:
            return cause
        sdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": switched}
        sdata.update(kind="atk_becomes_def" if eff.atk_becomes_def else "switch", duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", sdata, "9.9 p1.4", cause=cause)
    if isinstance(eff, SetStats):  # "... becomes [0/200] until end of turn" (9.9 p1.4)
        setdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # every object that matches while it lasts, later ones too (9.9 p4)
            setdata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            setdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not setdata["targets"]:
                return cause
        setdata.update(kind="set", atk=eff.atk, duration=eff.duration)
        setdata["def"] = eff.def_
        return ctx.emit("ContinuousEffectCreated", setdata, "9.9 p1.4", cause=cause)
    if isinstance(eff, SetPrintedAtk):  # "Target resonator's printed ATK becomes 0 until end of turn" (9.9 p1.1)
        based = _targets_of(ctx, item, eff.target, group)
        if not based:
            return cause
        bdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": based}
        bdata.update(kind="set_printed_atk", atk=eff.atk, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", bdata, "9.9 p1.1", cause=cause)
    if isinstance(eff, GrantAbilities):  # "gains "<ability>" until end of turn" (10.19 p1, 9.9)
        gdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # "Dragon J/resonators you control gain "..." until end of turn": every
            # object that matches, while the effect lasts, also those that match it later (9.9 p4)
            gdata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            gdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not gdata["targets"]:
                return cause
        abilities = [a.model_dump(mode="json", by_alias=True) for a in eff.abilities]
        gdata.update(kind="grant_abilities", abilities=abilities, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", gdata, "10.19 p1", cause=cause)
    if isinstance(eff, LoseAbilities):
        ldata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # "J/resonators your opponent controls lose all abilities": every
            # object that matches, while the effect lasts, also those that match it later (9.9 p4)
            ldata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            ldata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not ldata["targets"]:
                return cause
        ldata.update(kind="lose_abilities", rules=["cannot_gain"] if eff.cannot_gain else [], duration=eff.duration)
        if eff.duration == "source_in_field" and not _is_source_in_field(s, item):  # "as long as this card ..."
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        return ctx.emit("ContinuousEffectCreated", ldata, "9.9 p1.2", cause=cause)
    if isinstance(eff, Restrict):
        rdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "kind": "rules"}
        if eff.target.kind == "all":  # every object that matches, while the effect lasts (9.9 p4)
            rdata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            rdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not rdata["targets"]:
                return cause
        rdata.update(rules=list(eff.rules), duration=eff.duration)
        if eff.blocked_by is not None:  # "cannot be blocked by water resonators"
            rdata["blocked_by"] = eff.blocked_by.model_dump(mode="json", exclude_defaults=True)
        if eff.duration == "source_in_field" and not _is_source_in_field(s, item):
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        if eff.duration == "source_rested" and not _is_source_rested(s, item):  # "as long as this card is rested"
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        controlled = _is_source_in_field(s, item) and s.objects[src].controller == you  # "as long as you control"
        if eff.duration == "source_controlled" and not controlled:
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        return ctx.emit("ContinuousEffectCreated", rdata, "1.4 p4", cause=cause)
    if isinstance(eff, RemoveInstead):  # "If it would leave your field this turn, remove it ... instead"
        kept_out = _targets_of(ctx, item, eff.target, group)
        if not kept_out:
            return cause
        idata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": kept_out}
        idata.update(kind="remove_instead", rules=[eff.leaving], duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", idata, "9.10 p1", cause=cause)
    if isinstance(eff, PayLess):  # "you may pay {B}{B} less to play its God's Art abilities this turn"
        pdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": []}
        pdata.update(kind="pay_less", duration=eff.duration, less=eff.less.model_dump(mode="json"))
        if eff.of == "awakening":  # "You may pay [Awakening] costs {M} less this turn" (12.1 p1)
            pdata["kind"] = "pay_less_awakening"
        if eff.condition is not None:  # part of the effect, checked as each ability is played (9.9 p4)
            pdata["condition"] = eff.condition.model_dump(mode="json", exclude_defaults=True)
        return ctx.emit("ContinuousEffectCreated", pdata, "9.3 p2.5", cause=cause)
    if isinstance(eff, ProduceWill):
        any_of = sorted(_stones_could_produce(s, you), key="WRUGB".index) if eff.like_stones else eff.any_of
        options = [[*eff.will, c] for c in any_of] if any_of else [list(eff.will)]
        if eff.any_count > 1:  # "two wills in any combination of attributes"
            picks = itertools.combinations_with_replacement(any_of, eff.any_count)
            options = [[*eff.will, *combo] for combo in picks]
        produced = (
            options[0]
            if len(options) == 1
            else next((o for o in options if will_choice(options, o) == item.choice), options[0])
        )
        if eff.per is not None:  # "Produce {G} for each Musketeer resonator you control", counted now
            produced = produced * conditions.count_of(s, eff.per, you, src)
            if not produced:
                return cause
        wdata: dict[str, Any] = {"player": you, "will": produced, "source": src}
        if eff.spend_only:  # "Spend this will only to play Dragons" (1.4 p1)
            wdata["spend_only"] = [
                {"on": u.on, **u.model_dump(mode="json", exclude_defaults=True)} for u in eff.spend_only
            ]
        return ctx.emit("WillProduced", wdata, "9.7 p4", cause=cause)
    if isinstance(eff, Search) and (eff.deck != "main_deck" or eff.to in ("top", "stone_area")):
        return _search_deck(ctx, item, eff, cause, choice)
    if isinstance(eff, Search):
        deck = s.zones[you]["main_deck"]
        candidates = [oid for oid in deck if _search_match(s, eff, oid, you, src)]
        if eff.same_total_cost_as_that:  # "with the same total cost as that resonator" (2.3, 9.6 p8)
            that = _total_cost(s, previous[0][0]) if previous else None
            candidates = [oid for oid in candidates if total_cost(s.card_of(oid)) == that]
        if eff.added_to_source:  # "... and put it into the field, added to this card": if it can be (10.1 p2)
            here = s.objects[src].zone == "field" and is_same_source(s, item)
            candidates = [oid for oid in candidates if here and is_legal_host(s, oid, src)]
        if eff.target is not None:  # "a card named as target resonator": sharing a name with it (2.2)
            named_as = _targets_of(ctx, item, eff.target, group)
            if not named_as:
                return cause  # no legal target: the effect involving it is not applied (9.3 p3.1)
            names = names_of(s, named_as[0])
            candidates = [oid for oid in candidates if names & names_of(s, oid)]
        if eff.filter.max_total_cost_x:  # "with total cost X or less": the X paid (9.3 p2.5, 2.3)
            candidates = [oid for oid in candidates if total_cost(s.card_of(oid)) <= item.x]
        if choice is None:
            if not deck:
                return cause
            asked = _search_options(s, item, eff, candidates)
            ctx.ask(you, "search", asked, "10.13 p2", cause=cause)
            return None
        instead = _search_field_instead(ctx, item, eff, choice, cause)
        if instead is None:
            return None
        choice, to_field, cause = instead
        for oid in choice:
            if eff.added_to_source or (to_field and eff.added_instead):  # "... added to this card" (10.1 p1)
                cause = move(
                    ctx,
                    oid,
                    "field",
                    cause,
                    rule="10.1 p1",
                    reason="search",
                    controller=you,
                    actor=you,
                    attached_to=src,
                )
            elif eff.to == "field" or to_field:  # to_field: "you may put it into your field instead"
                cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="search", controller=you, actor=you)
                if eff.rested and ctx.s.objects[oid].zone == "field":  # "put it into your field rested"
                    cause = ctx.emit("CardRested", {"oid": oid, "reason": "effect"}, "10.12 p1", cause=cause)
                if eff.triggers_enter and ctx.s.objects[oid].zone == "field":
                    check_triggers(ctx, "enter", cause, oid=oid)
            elif eff.to == "standby":  # "... put it into your chant-standby area face down" (3.11)
                cause = move(ctx, oid, "standby", cause, rule="10.13 p2", reason="search", face_down=True, actor=you)
            else:
                cause = move(ctx, oid, "hand", cause, rule="10.13 p2", reason="search", revealed=eff.reveal, actor=you)
        if not eff.shuffle:  # a "shuffle" effect of its own follows
            return cause
        order = ctx.s.zones[you]["main_deck"]
        return shuffle(ctx, you, "main_deck", list(order), cause, rule="10.20 p1")
    if isinstance(eff, RevealHand):  # "you may reveal your hand": shown, hidden again as the effect ends (10.4 p1)
        hand = list(s.zones[you]["hand"])
        for oid in hand:
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        for oid in hand:
            cause = ctx.emit("RevealEnded", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        return cause
    if isinstance(eff, Shuffle):  # "Then shuffle your main deck", searched or not
        return shuffle(ctx, you, "main_deck", list(s.zones[you]["main_deck"]), cause, rule="10.20 p1")
    if isinstance(eff, RevealNamed):  # "Name a card. Reveal the top four cards ... with that name ..."
        if choice is None:
            asked = {"item": item.id, "source": src}
            kind = "name_card_type" if eff.name == "card_type" else "name_card"
            ctx.ask(you, kind, asked, "10.4 p1", cause=cause)
            return None
        named = {"item": item.id, "player": you, "name": choice}
        rule = "2.1 p1" if eff.name == "card_type" else "2.2 p3"
        cause = ctx.emit("OptionChosen", named, rule, cause=cause, actor=you)
        revealed = list(reversed(s.zones[you]["main_deck"]))[: eff.count]
        for oid in revealed:
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        for oid in revealed:  # "with that name" (2.2 p3) / "the named type" (2.1 p1)
            if (s.card_of(oid).type == choice) if eff.name == "card_type" else (choice in names_of(s, oid)):
                cause = move(ctx, oid, "hand", cause, rule="10.4 p1", reason="reveal", revealed=True)
        if eff.rest == "stay":  # the others stay on top, hidden again as the effect ends (10.4 p1)
            for oid in revealed:
                if s.objects[oid].zone == "main_deck":
                    cause = ctx.emit("RevealEnded", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
            return cause
        return shuffle(ctx, you, "main_deck", list(s.zones[you]["main_deck"]), cause, rule="10.20 p1")
    if isinstance(eff, RevealTop) and eff.until:
        for oid in reversed(list(s.zones[you]["main_deck"])):  # from the top, one by one
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
            if _filter_match(s, eff.filter, oid):  # the first match ends the revealing
                # a spell that would move into a field moves to the graveyard instead (3.15 p4, in
                # ``move``); an addition needing a host is put there and then into the graveyard by
                # rule process (13.3 p1)
                into = "field" if eff.then == "field" else "hand"
                cause = move(ctx, oid, into, cause, rule="10.4 p1", reason="reveal", revealed=True, controller=you)
                break
        order = ctx.s.zones[you]["main_deck"]  # the rest is shuffled into the main deck
        return shuffle(ctx, you, "main_deck", list(order), cause, rule="10.20 p1")
    if isinstance(eff, BecomeAttribute) and eff.any_number:  # "Choose any number of attributes. This card
        # becomes those attributes until end of turn." (2.8 p2, 9.9 p1)
        if choice is None:
            asked = {"item": item.id, "source": src}
            ctx.ask(you, "attributes", asked, "2.8 p2", cause=cause)
            return None
        chosen = {"item": item.id, "player": you, "attributes": list(choice)}
        cause = ctx.emit("OptionChosen", chosen, "2.8 p2", cause=cause, actor=you)
        became = _targets_of(ctx, item, eff.target, group)
        if not became:
            return cause
        made = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": became}
        made.update(kind="set_attributes", attributes=list(choice), duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", made, "9.9 p1", cause=cause)
    if isinstance(eff, BecomeAttribute):  # "Choose an attribute. This card becomes the chosen attribute"
        if choice is None:
            asked = {"item": item.id, "source": src}
            ctx.ask(you, "attribute", asked, "2.8 p2", cause=cause)
            return None
        chosen = {"item": item.id, "player": you, "attribute": choice}
        cause = ctx.emit("OptionChosen", chosen, "2.8 p2", cause=cause, actor=you)
        became = _targets_of(ctx, item, eff.target, group)
        if not became:
            return cause
        made = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": became}
        made.update(kind="set_attributes", attributes=[choice], duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", made, "9.9 p1", cause=cause)
    if isinstance(eff, ChooseARace):  # "Choose a race."
        return _choose_a_race(ctx, item, eff, you, cause, choice)
    if isinstance(eff, ChangeRaces):  # "Target resonator loses all races and becomes a Fairy Tale ..."
        return _change_races(ctx, item, eff, group, you, src, cause, choice)
    if isinstance(eff, PutFromRemoved):  # "you may put any number of cards from your removed area ..."
        if choice is None:
            candidates = [oid for oid in s.zones[you]["removed"] if _filter_match(s, eff.filter, oid)]
            if not candidates:
                return cause
            asked = {"item": item.id, "cards": candidates, "min": 0, "max": len(candidates)}
            ctx.ask(you, "put_from_removed", asked, "10.13 p1", cause=cause)
            return None
        for oid in choice:  # into its owner's graveyard (3.1 p5)
            if s.objects[oid].zone == "removed":
                cause = move(ctx, oid, eff.to, cause, rule="3.1 p5", reason="put", actor=you)
        return cause
    if isinstance(eff, PutFromHand) and eff.to_this_card:  # "add ... from your hand to this card" (10.1)
        here = s.objects[src].zone == "field" and is_same_source(s, item)
        if choice is None:
            candidates = [
                oid
                for oid in s.zones[you]["hand"]
                if here and _filter_match(s, eff.filter, oid) and is_legal_host(s, oid, src)
            ]
            # asked whenever the hand holds a card, as a search is: whether any fits is the player's
            # to know (the hand is hidden, 3.1 p2); where this card is, and the hand's size, are public
            if not here or not s.zones[you]["hand"]:
                return cause
            asked = {"item": item.id, "cards": candidates, "max": eff.count}
            ctx.ask(you, "put_from_hand", asked, "10.1 p2", cause=cause)
            return None
        for oid in choice:  # put, not played: no [Enter] (9.6 p1.1)
            if here and is_legal_host(s, oid, src):
                cause = move(
                    ctx, oid, "field", cause, rule="10.1 p1", reason="put", controller=you, actor=you, attached_to=src
                )
        return cause
    if isinstance(eff, PutFromHand) and eff.to_standby:  # "... into your chant-standby area face down"
        if choice is None:
            candidates = [oid for oid in s.zones[you]["hand"] if _filter_match(s, eff.filter, oid)]
            if not s.zones[you]["hand"]:  # asked whenever the hand holds a card (see above)
                return cause
            asked = {"item": item.id, "cards": candidates, "max": eff.count}
            ctx.ask(you, "put_from_hand", asked, "3.11 p1", cause=cause)
            return None
        for oid in choice:  # face down, seen by their owner only (3.11 p2)
            cause = move(ctx, oid, "standby", cause, rule="3.11 p1", reason="put", actor=you, face_down=True)
        return cause
    if isinstance(eff, PutFromHand):
        if choice is None:
            candidates = [
                oid for oid in s.zones[you]["hand"] if _fits_field_alone(s, oid) and _filter_match(s, eff.filter, oid)
            ]
            if eff.same_total_cost:  # "with the same total cost" as the first target (9.11)
                first = item.targets[0][0] if item.targets and item.targets[0] else None
                total = _total_cost(s, first) if first in s.objects else None
                candidates = [oid for oid in candidates if _total_cost(s, oid) == total]
            if not s.zones[you]["hand"]:  # asked whenever the hand holds a card (see above)
                return cause
            asked = {"item": item.id, "cards": candidates, "max": eff.count}
            ctx.ask(you, "put_from_hand", asked, "10.13 p2", cause=cause)
            return None
        for oid in choice:  # put, not played: no [Enter] (9.6 p1.1)
            cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="put", controller=you, actor=you)
        return cause
    if isinstance(eff, RevealTop):
        deck = s.zones[you][eff.deck]
        if not deck:
            return cause
        top = deck[-1]
        cause = ctx.emit("CardRevealed", {"oid": top, "player": you}, "10.4 p1", cause=cause)
        to: str | None = eff.then if _filter_match(s, eff.filter, top) else eff.otherwise
        if to == "stay":
            to = None
        # "put it into your field": a spell moves to the graveyard instead (3.15 p4, in ``move``);
        # an addition needing a host enters unattached and is put into the graveyard by rule
        # process (13.3 p1)
        if to is None:  # it stays on top of the main deck, hidden again once the effect ends (10.4 p1)
            return ctx.emit("RevealEnded", {"oid": top, "player": you}, "10.4 p1", cause=cause)
        return move(ctx, top, to, cause, rule="10.4 p1", reason="reveal", revealed=True, controller=you, actor=you)
    if isinstance(eff, LookTop):
        return _look_top(ctx, item, eff, cause, choice)
    if isinstance(eff, Cancel):
        for t in _targets_of(ctx, item, eff.target, group):
            target_item = next((c for c in s.chase if c.id == t), None)
            if target_item is None:
                continue
            if eff.unless_pays is not None:  # "unless its controller pays {2}": their decision
                payer = target_item.controller
                if choice is None:
                    ctx.ask(payer, "optional", {"item": item.id, "source": src}, "9.3 p3.2", cause=cause)
                    return None
                data = {"player": payer, "item": item.id, "accepted": bool(choice)}
                cause = ctx.emit("OptionChosen", data, "9.3 p3.2", cause=cause, actor=payer)
                if choice:  # paid in full or not at all (10.2 p4): then it is not canceled
                    cause = pay_will(ctx, payer, eff.unless_pays, cause, f"{s.card_of(src).name} (not to cancel)")
                    continue
            cause = ctx.emit("ChaseItemCanceled", {"item": t, "by": item.id}, "10.11 p1", cause=cause)
            if target_item.kind == "card":
                cause = move(ctx, target_item.source, "graveyard", cause, rule="10.11 p1", reason="canceled")
            elif target_item.kind == "break":
                cause = move(ctx, target_item.source, "graveyard", cause, rule="7.10 p4", reason="canceled")
        return cause
    if isinstance(eff, ReturnToHand):
        returned = _targets_of(ctx, item, eff.target, group)
        if eff.max_total_cost_that_many:  # "... less than or equal to the number of cards discarded this way"
            returned = [t for t in returned if total_cost(s.card_of(t)) <= len(previous or [])]
        for t in returned:  # "this card" only as the same object (3.1 p3)
            if t in s.objects:
                cause = move(ctx, t, "hand", cause, rule="3.1 p5", reason="returned")
        return cause
    if isinstance(eff, RemoveFromGame) and eff.from_hand:
        if choice is None:
            return _ask_from_hand(ctx, item, eff.from_hand, cause)
        for oid in choice[0]:  # face up (10.3 p1)
            cause = move(ctx, oid, "removed", cause, rule="10.3 p1", reason="removed", actor=you)
        return cause
    if isinstance(eff, RemoveFromGame) and eff.from_graveyard:
        if choice is None:  # "remove up to two cards in your graveyard": a public zone (10.13 p1)
            return _ask_from_graveyard(ctx, item, eff.from_graveyard, eff.up_to, cause)
        removal_by: dict[str, Any] = {}
        if item.kind == "ability":  # "removed from the game by this card" (3.1 p3)
            removal_by = {"removed_by": item.source, "removed_by_since": removing_since(s, item)}
        for oid in choice[0]:  # face up (10.3 p1)
            cause = move(ctx, oid, "removed", cause, rule="10.3 p1", reason="removed", actor=you, **removal_by)
        return cause
    if isinstance(eff, RemoveFromGame) and eff.whole_graveyard:  # "all cards in target player's graveyard"
        assert eff.target is not None
        for p in _targets_of(ctx, item, eff.target, group):
            for t in list(s.zones[p]["graveyard"]) if p in s.players else []:
                cause = move(ctx, t, "removed", cause, rule="10.3 p1", reason="removed")
        return cause
    if isinstance(eff, RemoveFromGame):
        assert eff.target is not None
        # an ability's removals are counted on its source ("with this card's ability")
        removal: dict[str, Any] = {"removed_by": item.source} if item.kind == "ability" else {}
        if removal:  # "removed from the game by this card": that card as the object that played it (3.1 p3)
            removal["removed_by_since"] = removing_since(s, item)
        for t in _targets_of(ctx, item, eff.target, group):
            if t in s.objects:
                cause = move(ctx, t, "removed", cause, rule="10.3 p1", reason="removed", **removal)
        return cause
    if isinstance(eff, PutCounter):
        for t in _targets_of(ctx, item, eff.target, group):
            if t in s.objects and s.objects[t].zone in PLAYGROUND:
                count = eff.count if eff.per is None else eff.count * conditions.count_of(s, eff.per, you, src)
                if count == 0:  # "counters equal to the number of X" with no X: none is put
                    continue
                for holder, index, extra in counter_increases(s, t, eff.counter):  # "that many plus one instead"
                    data = {"oid": t, "counter": eff.counter, "count": count, "instead": count + extra}
                    data["effect"] = f"{holder}:{index}"
                    cause = ctx.emit("CountersReplaced", data, "9.10 p1", cause=cause)
                    count += extra
                cause = ctx.emit(
                    "CounterPut", {"oid": t, "counter": eff.counter, "count": count}, "10.21 p1", cause=cause
                )
                if eff.counter == "evolution":  # "Whenever an evolution counter is put on this card"
                    check_triggers(ctx, "evolution_counter_put", cause, oid=t)
        return cause
    if isinstance(eff, RemoveCounter):
        for t in _targets_of(ctx, item, eff.target, group):
            have = s.objects[t].counters.get(eff.counter, 0) if t in s.objects else 0
            if have and s.objects[t].zone in PLAYGROUND:  # as many as there are (1.4 p2)
                n = have if eff.all else min(eff.count, have)
                data = {"oid": t, "counter": eff.counter, "count": n, "reason": "effect"}
                cause = ctx.emit("CounterRemoved", data, "10.21 p1", cause=cause)
        return cause
    if isinstance(eff, PayAnyLife):  # "Pay any amount of life. Draw a card for each 500 life you lost"
        if choice is None:
            asked = {"item": item.id, "source": src, "multiple_of": 100, "life": s.players[you].life}
            ctx.ask(you, "pay_life", asked, "1.5 p4.1", cause=cause)
            return None
        cause = ctx.emit(
            "OptionChosen", {"item": item.id, "player": you, "life": choice}, "1.5 p4.1", cause=cause, actor=you
        )
        if choice:
            paid = {"player": you, "amount": choice, "life": s.players[you].life - choice}
            cause = ctx.emit("LifePaid", paid, "1.5 p4.1", cause=cause, actor=you)
        return draw(ctx, you, choice // eff.draw_per, cause) if choice >= eff.draw_per else cause
    if isinstance(eff, Pay):  # "you may pay {R}{R}" / "you may pay 200 life", accepted
        name = s.card_of(src).name
        cause = pay_will(ctx, you, eff.will, cause, name)
        if eff.life:
            data = {"player": you, "amount": eff.life, "life": s.players[you].life - eff.life}
            cause = ctx.emit("LifePaid", data, "1.5 p4.1", cause=cause, actor=you)
        return cause
    if isinstance(eff, (GainLife, LoseLife)):
        sign = 1 if isinstance(eff, GainLife) else -1
        amount = (item.amount or 0) if getattr(eff, "that_much", False) else conditions.amount_of(s, eff, you, src)
        if isinstance(eff, GainLife) and eff.half_of_damage:  # "half of that much damage", rounded up to 100
            amount = -(-dealt // 200) * 100
        if isinstance(eff, GainLife) and eff.of_same and eff.equal_to is not None:  # "... equal to its DEF"
            amount = _previous_stat(s, previous or [], eff.equal_to)
        if getattr(eff, "dealt_to_you", False):  # "the damage that was dealt to you this turn"
            taken = s.players[you]
            amount = taken.damage_taken if taken.dealt_damage_turn == s.turn else 0
        for p in _players(s, you, eff.who):
            if sign > 0 and amount and not can_gain_life(s, p):
                # "Players cannot gain life": the prohibition takes precedence (golden rule)
                cause = ctx.emit("LifeGainPrevented", {"player": p, "amount": amount}, "1.4 p4", cause=cause)
                continue
            life = s.players[p].life + sign * amount
            cause = ctx.emit("LifeChanged", {"player": p, "delta": sign * amount, "life": life}, "1.5 p4", cause=cause)
            if sign > 0 and amount:
                check_triggers(ctx, "you_gain_life", cause, player=p)  # "Whenever you gain life"
        return cause
    if isinstance(eff, Discard) and eff.target is not None:
        return _look_and_discard(ctx, item, eff, eff.target, group, cause, choice)
    if isinstance(eff, Discard):
        for p in _players(s, you, eff.who):
            hand = s.zones[p]["hand"]
            chooser = RULES_AUTHORITY
            if len(hand) <= eff.count or eff.whole_hand:  # "discard your hand" (10.18 p2)
                picked = list(hand)
            elif eff.at_random:  # "discards a card at random": picked by the recorded seed (10.20 p1)
                from domain.kernel import Shuffler

                index = s.shuffles
                picked = Shuffler(s.seed, index).shuffled(hand)[: eff.count]
                data = {"player": p, "cards": picked, "shuffle_index": index}
                cause = ctx.emit("CardsChosenAtRandom", data, "10.18 p1", cause=cause)
            elif choice is None:
                ctx.ask(p, "discard", {"item": item.id, "count": eff.count}, "10.18 p1", cause=cause)
                return None
            else:
                picked, chooser = list(choice), p  # the cards that player chose (10.18 p1)
            rule = "10.18 p2" if eff.whole_hand else "10.18 p1"
            for oid in picked:
                cause = move(ctx, oid, "graveyard", cause, rule=rule, reason="discard", actor=chooser)
        return cause
    if isinstance(eff, ChangeCost):  # "You pay {1} less to play [Judgment] abilities ... this turn" (9.3 p2.5)
        made = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": [], "kind": "cost_change"}
        made.update(change=eff.change.model_dump(mode="json", exclude_defaults=True), duration=eff.duration)
        if eff.change.same_name_as_found:  # "cards with the same name as the card you searched" (2.2)
            found = sorted({n for t, _ in previous or [] if t in s.objects for n in names_of(s, t)})
            if not found:
                return cause  # nothing was found: no card is named like it
            del made["change"]["same_name_as_found"]
            made["change"]["filter"] = {"types": [], "names": found}
        return ctx.emit("ContinuousEffectCreated", made, "9.3 p2.5", cause=cause)
    if isinstance(eff, ReturnToRulerSide):  # "return this card to its Ruler side" (1.4 p1, 3.15 p2)
        for t in _targets_of(ctx, item, eff.target, group):  # "this card" only as the same object (3.1 p3)
            obj = s.objects.get(t)
            if obj is None or obj.zone != "field" or obj.side != "j_ruler":
                continue
            had_damage = bool(obj.damage)
            cause = move(ctx, t, "ruler_area", cause, rule="1.4 p1", reason="returned", side="front")
            if s.objects[t].zone == "ruler_area" and had_damage:  # a ruler holds no damage (10.6 p1)
                cause = ctx.emit("DamageCleared", {"oids": [t]}, "10.6 p1", cause=cause)
        return cause
    if isinstance(eff, RemoveDamage):  # "Remove all damage that was dealt to target J-Ruler this turn"
        damaged = [t for t in _targets_of(ctx, item, eff.target, group) if t in s.objects and s.objects[t].damage]
        if damaged:
            cause = ctx.emit("DamageCleared", {"oids": damaged}, "10.6 p1", cause=cause)
        return cause
    if isinstance(eff, Banish) and eff.target is not None:  # "Banish this card" / "banish it"
        for t in _targets_of(ctx, item, eff.target, group):
            obj = s.objects.get(t)
            if obj is None or obj.zone not in ("field", "stone_area"):
                continue  # no longer there: a new object, which "it" does not name (3.1 p3)
            banisher = obj.controller if eff.by_controller else you  # "That token's controller banishes it"
            if obj.controller != banisher:  # a player may not banish cards they don't control (10.10 p2)
                data = {"oid": t, "to": "graveyard", "reason": "banish"}
                cause = ctx.emit("CardMoveIgnored", data, "10.10 p2", cause=cause, actor=you)
                continue
            cause = move(ctx, t, "graveyard", cause, rule="10.10 p1", reason="banish", actor=banisher)
        return cause
    if isinstance(eff, Banish):
        assert eff.filter is not None
        p = _players(s, you, eff.who)[0]
        zones = ("stone_area",) if eff.filter.zone == "stone_area" else ("field",)
        mine = [o for z in zones for o in s.zones[p][z] if s.objects[o].controller == p]  # 10.10 p2
        can_banish = [o for o in mine if matches(s, eff.filter, o, p, src)]
        if eff.all_but_one:  # "banish all but one of them": one of each name is kept (2.2)
            groups = [g for g in conditions.same_name_groups(s, can_banish) if len(g) > 1]
            if not groups:
                return cause
            if choice is None:
                count = sum(len(g) - 1 for g in groups)
                asked = {"item": item.id, "cards": [o for g in groups for o in g], "count": count, "groups": groups}
                ctx.ask(p, "banish", asked, "10.10 p1", cause=cause)
                return None
            for oid in list(choice):
                cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=p)
            return cause
        if len(can_banish) <= eff.count:
            banished = can_banish
        elif choice is None:
            asked = {"item": item.id, "cards": can_banish, "count": eff.count}
            ctx.ask(p, "banish", asked, "10.10 p1", cause=cause)
            return None
        else:
            banished = list(choice)
        for oid in banished:
            cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=p)
        return cause
    if isinstance(eff, KeepOne):
        return _keep_one(ctx, item, eff, cause, choice)
    if isinstance(eff, GainControl):  # "gain control of target resonator" (1.5 p3)
        stolen = [t for t in _targets_of(ctx, item, eff.target, group) if t in s.objects]
        if eff.duration == "source_in_field" and stolen and not _is_source_in_field(s, item):
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        for t in stolen:
            obj = s.objects[t]
            if obj.zone != "field":
                continue
            data = {"oid": t, "from": obj.controller, "to": you}
            if eff.duration != "permanent":  # "... as long as this card is in a field", "... until end of turn"
                # a continuous effect (9.9): when it ends, the card returns to the controller the other
                # controller-changing effects give it, or to the one it had before them (1.5 p3)
                base = next((e.base for e in s.effects if e.kind == "control" and t in e.targets), obj.controller)
                lasting_control: dict[str, Any] = {"id": ctx.fresh_id("x"), "kind": "control", "source": src}
                lasting_control.update(controller=you, targets=[t], duration=eff.duration, base=base)
                cause = ctx.emit("ContinuousEffectCreated", lasting_control, "1.5 p3", cause=cause)
                data["effect"] = lasting_control["id"]
            if obj.controller != you:
                cause = ctx.emit("ControlChanged", data, "1.5 p3", cause=cause)
                cause = end_with_control(ctx, t, cause)
        return cause
    if isinstance(eff, PutOnMainDeck) and (eff.from_hand or eff.any_number):
        if choice is None:  # "any number of cards from your hand": none to all of them (10.13 p2)
            return _ask_from_hand(ctx, item, eff.from_hand, cause, any_number=eff.any_number)
        for oid in choice[0]:  # one by one, in the order the player listed them (3.1 p4)
            cause = move(ctx, oid, "main_deck", cause, rule="3.1 p5", reason="put", position=eff.position, actor=you)
        return cause
    if isinstance(eff, PutOnMainDeck):
        assert eff.target is not None
        for t in _targets_of(ctx, item, eff.target, group):
            if eff.position == "shuffled":  # "shuffle it into its owner's main deck" (10.20 p1)
                if t in s.objects:
                    owner = s.objects[t].owner
                    cause = move(ctx, t, "main_deck", cause, rule="3.1 p5", reason="put")
                    cause = shuffle(ctx, owner, "main_deck", list(s.zones[owner]["main_deck"]), cause, rule="10.20 p1")
                continue
            gone = eff.target.filter.zone != "graveyard"  # "... put it on the bottom": the card in the graveyard
            if eff.target.kind == "self" and t in s.objects and s.objects[t].zone != "field" and gone:
                continue  # "put this card on top": the card that left the field is a new object (3.1 p3)
            if t in s.objects:
                cause = move(ctx, t, "main_deck", cause, rule="3.1 p5", reason="put", position=eff.position)
        return cause
    if isinstance(eff, PutIntoRulerArea):  # "Put your J-Ruler into your ruler area, as a ruler" (3.8 p1)
        for t in _targets_of(ctx, item, eff.target, group):
            obj = s.objects[t]
            if obj.zone != "field" or obj.side != "j_ruler":
                continue
            cause = move(ctx, t, "ruler_area", cause, rule="3.8 p1", reason="effect", side="front")
            if obj.zone == "ruler_area" and obj.damage:  # a ruler holds no damage (10.6 p1)
                cause = ctx.emit("DamageCleared", {"oids": [t]}, "10.6 p1", cause=cause)
        return cause
    if isinstance(eff, Mill):
        pile = "stone_deck" if eff.deck == "stone" else "main_deck"  # "from your magic stone deck" (3.7)
        for p in _players(s, you, eff.who):
            for _ in range(len(s.zones[p][pile]) if eff.all else eff.count):
                deck = s.zones[p][pile]
                if not deck:
                    break
                if eff.to == "removed" and (eff.face_down or item.kind == "ability"):
                    # "... from the game face down" (3.12 p2.1); "removed by this card" (3.1 p3)
                    linked: dict[str, Any] = {"face_down": True} if eff.face_down else {}
                    if eff.unseen:  # no "You may look at them": hidden from their owner too (3.12 p2.1)
                        linked["unseen"] = True
                    if item.kind == "ability":
                        linked.update(removed_by=item.source, removed_by_since=removing_since(s, item))
                    how = "3.12 p2.1" if eff.face_down else "10.3 p1"
                    cause = move(ctx, deck[-1], "removed", cause, rule=how, reason="removed", **linked)
                elif eff.to == "removed":  # "remove the top card of your main deck from the game"
                    cause = move(ctx, deck[-1], "removed", cause, rule="10.3 p1", reason="removed")
                elif eff.to == "standby":  # "... into your chant-standby area face down" (3.11 p1, p2)
                    cause = move(ctx, deck[-1], "standby", cause, rule="3.11 p1", reason="put", face_down=True)
                elif eff.to == "bottom":  # "put the top card of your main deck on the bottom of it"
                    cause = move(ctx, deck[-1], "main_deck", cause, rule="3.1 p5", reason="put", position="bottom")
                else:
                    cause = move(ctx, deck[-1], "graveyard", cause, rule="3.1 p5", reason="put")
        return cause
    if isinstance(eff, ReshuffleGraveyard):
        return _reshuffle_graveyard(ctx, item, eff, group, cause)
    if isinstance(eff, PutStone):
        for p in _players(s, you, eff.who):
            deck = s.zones[p]["stone_deck"]
            if deck:
                stone = deck[-1]
                cause = move(ctx, stone, "stone_area", cause, rule="3.7 p1", reason="put", controller=p)
                if eff.rested and s.objects[stone].zone == "stone_area":
                    cause = ctx.emit("CardRested", {"oid": stone, "reason": "effect"}, "10.12 p1", cause=cause)
        return cause
    if isinstance(eff, PutTokenCopy):  # "Put a token copy of target resonator ... into the field" (10.16 p1.1)
        return put_token_copy(ctx, item, eff, group, cause)
    if isinstance(eff, BecomeCopy):  # "This card becomes a copy of target J-Ruler ..." (10.16 p2)
        return become_copy(ctx, item, eff, group, cause)
    if isinstance(eff, CopyOnChase):  # "Copy target chant spell. You may choose new targets ..." (10.16 p1)
        return copy_on_chase(ctx, item, eff, group, cause, choice)
    if isinstance(eff, PutIntoField) and eff.chosen_from is not None:
        return _put_chosen_into_field(ctx, item, eff, eff.chosen_from, cause, choice)
    if isinstance(eff, PutIntoField):
        assert eff.target is not None
        if eff.target.kind == "self" and (item.source_since is None or not is_same_source(s, item)):
            return cause  # "put this card into its owner's field": only the card where it went (3.1 p3)
        for t in _targets_of(ctx, item, eff.target, group):
            card = s.card_of(t)
            if card.type == "spell" or (card.type == "addition" and card.subtype != "field"):
                continue  # it cannot be in a field without a host (3.15 p4, 7.2 p4)
            owner = s.objects[t].owner
            to = eff.zone  # "... into your magic stone area": a magic stone (3.7)
            # "the resonator put into your field by this card": that card as the object that played it (3.1 p3)
            put_by: dict[str, Any] = {}
            if item.kind == "ability":
                put_by = {"put_by": item.source, "put_by_since": removing_since(s, item)}
            cause = move(
                ctx, t, to, cause, rule="3.1 p5", reason="put", controller=owner if eff.owners_field else you, **put_by
            )
            if eff.rested and s.objects[t].zone == to:
                cause = ctx.emit("CardRested", {"oid": t, "reason": "effect"}, "10.12 p1", cause=cause)
        return cause
    if isinstance(eff, Recover) and eff.up_to is not None:
        return _recover_up_to(ctx, item, eff, group, cause, choice)
    if isinstance(eff, (Rest, Recover)):
        for t in _targets_of(ctx, item, eff.target, group):
            if t in s.objects and s.objects[t].zone in PLAYGROUND and s.objects[t].rested != isinstance(eff, Rest):
                if isinstance(eff, Recover) and recovery_prohibited(s, t):
                    continue  # "cannot (be) recover(ed) ...": the prohibition wins (1.4 p4)
                ev_type = "CardRested" if isinstance(eff, Rest) else "CardRecovered"
                cause = ctx.emit(ev_type, {"oid": t, "reason": "effect"}, "10.12 p1", cause=cause)
                if isinstance(eff, Rest):  # "Whenever resonator with this becomes rested" (9.6 p1)
                    check_triggers(ctx, "becomes_rested", cause, oid=t)
                else:  # "as long as this card is rested": it is not any more (9.9 p8)
                    cause = end_source_rested(ctx, [t], cause)
        return cause
    raise AssertionError(f"unhandled effect {eff!r}")  # pragma: no cover


def _subject_stat(s: GameState, item: ChaseItem, stat: str) -> int:
    """The ATK/DEF of the object the trigger condition named ("the destroyed resonator"), as it last
    was in the field (9.6 p7.2, 9.11), while it is still the object it became as it left (3.1 p3)."""
    obj = s.objects.get(item.subject or "")
    if obj is None or item.subject_since is None or obj.zone_since != item.subject_since:
        return 0
    return conditions.source_stat(s, obj.oid, stat)


def _recover_up_to(
    ctx: Ctx, item: ChaseItem, eff: Recover, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """ "Recover up to two magic stones you control": the controller chooses, as the effect resolves,
    up to ``eff.up_to`` of the rested cards it names (9.3 p3.2) and recovers them (10.12 p1); a card
    that cannot be recovered is not offered (1.4 p4)."""
    s = ctx.s
    assert eff.up_to is not None
    you = item.controller
    rested = [
        t
        for t in _targets_of(ctx, item, eff.target, group)
        if t in s.objects and s.objects[t].zone in PLAYGROUND and s.objects[t].rested and not recovery_prohibited(s, t)
    ]
    if not rested:
        return cause
    if choice is None:
        asked = {"item": item.id, "cards": rested, "max": eff.up_to}
        ctx.ask(you, "recover", asked, "9.3 p3.2", cause=cause)
        return None
    for t in [c for c in choice if c in rested]:
        cause = ctx.emit("CardRecovered", {"oid": t, "reason": "effect"}, "10.12 p1", cause=cause, actor=you)
        cause = end_source_rested(ctx, [t], cause)  # "as long as this card is rested" ends (9.9 p8)
    return cause


def _destroyed_stat(s: GameState, previous: list[tuple[str, int]], stat: str) -> int:
    """The ATK/DEF of the previous effect's single target if that effect destroyed it (it went from
    the field to a graveyard since it was chosen), as it last was in the field (9.11); else 0."""
    if len(previous) != 1 or previous[0][0] not in s.objects:
        return 0
    oid, since = previous[0]
    obj = s.objects[oid]
    if obj.zone_since == since or obj.zone != "graveyard" or obj.moved_from != "field":
        return 0
    return conditions.source_stat(s, oid, stat)


def _previous_stat(s: GameState, previous: list[tuple[str, int]], stat: str) -> int:
    """The ATK/DEF of the previous effect's single target: now while it is the same object in the
    field, else as it was there when it has just left it (last known information, 9.11)."""
    if len(previous) != 1 or previous[0][0] not in s.objects:
        return 0
    oid, since = previous[0]
    obj = s.objects[oid]
    if obj.zone_since != since and obj.moved_from not in PLAYGROUND:
        return 0
    return conditions.source_stat(s, oid, stat)


def _reshuffle_graveyard(
    ctx: Ctx, item: ChaseItem, eff: ReshuffleGraveyard, group: list[str] | None, cause: str
) -> str:
    """The player's magic stones from their graveyard into their magic stone deck, every other
    card into their main deck (3.1 p5), then both decks shuffled (10.20 p1)."""
    s = ctx.s
    if eff.target is not None:
        players = [t for t in _targets_of(ctx, item, eff.target, group) if t in s.players]
    else:
        players = _players(s, item.controller, eff.who)
    for p in players:
        for oid in list(s.zones[p]["graveyard"]):
            to = "stone_deck" if s.card_of(oid).type == "magic_stone" else "main_deck"
            cause = move(ctx, oid, to, cause, rule="3.1 p5", reason="put")
        for deck in ("stone_deck", "main_deck"):
            cause = shuffle(ctx, p, deck, list(s.zones[p][deck]), cause, rule="10.20 p1")
    return cause


def _fight(
    ctx: Ctx,
    item: ChaseItem,
    eff: Fight,
    group: list[str] | None,
    other: list[str] | None,
    cause: str,
    choice: Any = None,
) -> str | None:
    """ "A and B deal damage equal to their ATK to each other" (FoW-5.5 10.6): both ATKs are read
    first, then each deals that damage to the other.  If either is gone from the field or no
    longer a legal target, the effect involves it and is not applied (9.3 p3.1).  With ``versus``
    ("this and a J/resonator your opponent controls"), B is chosen as the effect resolves (9.3 p3.2)."""
    s = ctx.s
    first = _targets_of(ctx, item, eff.target, group)[:1]
    if eff.versus is not None:
        if not first or first[0] not in s.objects or s.objects[first[0]].zone != "field":
            return cause  # "this": no longer in the field, no damage either way (3.1 p3)
        you = item.controller
        candidates = [
            o
            for p in s.order
            for o in s.zones[p]["field"]
            if o != first[0] and matches(s, eff.versus, o, you, item.source) and characteristics(s, o).def_ is not None
        ]
        if not candidates:
            return cause
        if len(candidates) > 1 and choice is None:
            asked = {"item": item.id, "cards": candidates, "count": 1}
            ctx.ask(you, "fight", asked, "9.3 p3.2", cause=cause)
            return None
        picked = candidates if len(candidates) == 1 else [str(c) for c in choice]
        pair = first + picked[:1]
        chose: dict[str, Any] = {"fight": picked[:1]} if len(candidates) > 1 else {}
    else:
        assert eff.other is not None
        pair = first + _targets_of(ctx, item, eff.other, other)[:1]
        chose = {}
    in_field = [t for t in pair if t in s.objects and s.objects[t].zone == "field"]
    if len(in_field) != 2 or pair[0] == pair[1]:
        return cause
    if any(characteristics(s, t).def_ is None for t in pair):
        return cause  # no J/resonator: it has no ATK to deal, no DEF to be dealt damage (10.6 p4)
    atks = [characteristics(s, t).atk or 0 for t in pair]
    # which replacement applies first to either damage, where the order matters (9.10 p2.1); the answer
    # resumes the fight with the J/resonator it chose, if it chose one
    if _asks_replacements(ctx, item, [(pair[0], pair[1], atks[0]), (pair[1], pair[0], atks[1])], cause, **chose):
        return None
    cause = deal_damage(ctx, pair[0], pair[1], atks[0], cause)
    return deal_damage(ctx, pair[1], pair[0], atks[1], cause)
