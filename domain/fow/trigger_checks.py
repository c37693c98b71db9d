"""Triggers (FoW-5.5 9.6): checking what an event triggers, delayed abilities, status abilities,
and what a chase item's source and targets still are ("this card", "that resonator")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.fow import conditions
from domain.fow.cards import HAND_REVEAL_TRIGGERS, STANDBY_CARD_TRIGGERS, Ability, Filter, parse_effects
from domain.fow.cards import Effect as CardEffect
from domain.fow.characteristics import (
    characteristics,
    granted_anywhere,
    is_active_zone,
    matches,
    may_have_automatic,
    own_enter_triggers_suppressed,
    prints_status_ability,
    read_characteristics,
)
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, ChaseItem, GameState, Triggered
from domain.fow.triggers import fires as _more_fires
from domain.fow.triggers import moved_matches

# --- triggers (9.6) -----------------------------------------------------------------------


def add_trigger(
    ctx: Ctx,
    controller: str,
    source: str,
    ability: int,
    cause: str,
    *,
    kind: str = "ability",
    extra: Any = None,
    rule: str | None = None,
    zone: str | None = None,
) -> str:
    data: dict[str, Any] = {
        "trigger": ctx.fresh_id("t"),
        "controller": controller,
        "source": source,
        "ability": ability,
        "kind": kind,
    }
    if extra:
        data["extra"] = extra
    if zone is not None:  # an automatic card revealed from the hand (9.6 p2)
        data["from"] = zone
    rules = {"ability": "9.6 p5", "explode": "11.4 p1", "card": "7.9 p2", "stealth": "12.5 p2", "delayed": "9.6 p8"}
    return ctx.emit("AbilityTriggered", data, rule or rules[kind], cause=cause)


_LEAVES_FIELD = (
    "banished_by_incarnation",
    "destroyed",
    "put_into_graveyard_from_field",
    "card_put_into_graveyard_from_field",
    "card_destroyed",
    "leaves_field",
)


_ENTERING = ("enter", "enters_field", "card_enters_field", "enters_field_from_standby")
"""Trigger conditions a card entering a field meets (9.6 p1)."""


def check_triggers(
    ctx: Ctx,
    kind: str,
    cause: str,
    *,
    player: str | None = None,
    oid: str | None = None,
    amount: int | None = None,
    subject: str | None = None,
) -> None:
    """Make automatic abilities whose trigger condition ``kind`` happened triggered (9.6 p5);
    ``amount`` (the damage dealt) is recorded on them for "that much", ``subject`` (the object
    the condition names) for "that resonator"."""
    s = ctx.s
    if kind == "card_enters_field" and oid is not None:
        _graveyard_triggers(ctx, kind, cause, oid)
    # "Entities entering the field under your opponent's control don't cause their own abilities to
    # trigger" (the card text beats 9.6 p5, 1.4 p1): none of the entering card's own abilities triggers
    quiet = (
        oid
        if kind in _ENTERING
        and oid is not None
        and s.objects[oid].zone == "field"
        and own_enter_triggers_suppressed(s, oid)
        else None
    )
    if kind == "removed_from_main_deck" and oid is not None:
        _removed_from_deck_triggers(ctx, kind, cause, oid)
    for pid in list(s.order):
        for zone in ("field", "ruler_area", "stone_area"):
            for src in list(s.zones[pid][zone]):
                obj = s.objects[src]
                if not is_active_zone(s.card_of(src), obj.zone) or (obj.zone == "ruler_area" and obj.side == "j_ruler"):
                    continue  # (an astral ruler, effective_type: it has no abilities, 3.8 p6)
                if src == quiet or not may_have_automatic(s, src):
                    continue
                for i, ability in read_characteristics(s, src).abilities:
                    if ability.kind == "automatic" and _ability_fires(s, ability, kind, src, pid, player, oid):
                        flt = ability.subject_filter  # "deals damage to a resonator your opponent controls"
                        if flt is not None and (subject is None or not matches(s, flt, subject, pid, src)):
                            continue
                        key = f"{src}:{i}"
                        if ability.once_per_turn and key in s.players[obj.controller].once_per_turn_used:
                            continue  # "This ability triggers only once per turn" (9.6 p4)
                        extra: dict[str, Any] = {"amount": amount} if amount is not None else {}
                        if ability.once_per_turn:
                            extra["once_per_turn_key"] = key
                        if subject is not None:
                            extra["target"] = subject
                        add_trigger(ctx, obj.controller, src, i, cause, extra=extra or None)
        if kind not in _LEAVES_FIELD:
            _standby_triggers(ctx, pid, kind, cause, player)
        if kind in STANDBY_CARD_TRIGGERS and oid is not None:
            _standby_card_triggers(ctx, pid, kind, cause, oid)
    if kind in HAND_REVEAL_TRIGGERS and s.asked_about_hand:
        _open_reveal_windows(ctx, kind, cause, player)
    if kind in _LEAVES_FIELD and oid is not None:
        # "when this card is destroyed" / "is put into a graveyard from your field": refers to
        # the card as it was in the field (9.6 p7.2)
        card = s.card_of(oid)
        controller = str((s.objects[oid].last_known or {}).get("controller", s.objects[oid].owner))
        if (s.objects[oid].last_known or {}).get("lost_abilities"):
            return  # it had lost all abilities as it left (9.11)
        for i, ability in enumerate(card.abilities):
            flt = ability.trigger_filter
            fits = flt is None or moved_matches(s, flt, oid, controller, oid)
            if ability.kind == "automatic" and ability.trigger == kind and fits and not ability.host_trigger:
                key = f"{oid}:{i}"
                if ability.once_per_turn and key in s.players[controller].once_per_turn_used:
                    continue
                add_trigger(
                    ctx, controller, oid, i, cause, extra={"once_per_turn_key": key} if ability.once_per_turn else None
                )


def _removed_from_deck_triggers(ctx: Ctx, kind: str, cause: str, oid: str) -> None:
    """ "When this card in your main deck is removed from the game, put it into your field.": the text
    makes the ability work in the main deck (9.2 p2); it refers to the card in the removed area, the public
    zone it went to (9.6 p7.1), and its owner controls it there (3.1 p5)."""
    s = ctx.s
    owner = s.objects[oid].owner
    for i, ability in enumerate(s.card_of(oid).abilities):
        if ability.kind == "automatic" and ability.trigger == kind:
            add_trigger(ctx, owner, oid, i, cause)


def _graveyard_triggers(ctx: Ctx, kind: str, cause: str, oid: str) -> None:
    """Automatic abilities whose text makes them work in their owner's graveyard ("[Continuous]: When
    you put a Treasury Item into a field, put this card from your graveyard into your hand", 9.2 p2):
    a card entering its controller's field is the one that player put there."""
    s = ctx.s
    for pid in list(s.order):
        for src in list(s.zones[pid]["graveyard"]):
            for i, ability in enumerate(s.card_of(src).abilities):
                if ability.kind != "automatic" or not ability.from_graveyard or ability.trigger != kind:
                    continue
                if moved_matches(s, ability.trigger_filter or Filter(), oid, pid, src):
                    add_trigger(ctx, pid, src, i, cause, extra={"target": oid})  # "that resonator" (9.6 p7)


def _ability_fires(
    s: GameState, ability: Ability, kind: str, src: str, controller: str, player: str | None, oid: str | None
) -> bool:
    more = _more_fires(s, ability, kind, src, controller, player, oid)
    return _fires(s, ability.trigger or "", kind, src, controller, player, oid) if more is None else more


def _fires(
    s: GameState, trigger: str, kind: str, src: str, controller: str, player: str | None, oid: str | None
) -> bool:
    if trigger != kind:
        return False
    if kind in ("attacks", "blocks", "enter", "enters_field"):
        return oid == src
    if kind in ("beginning_of_turn", "beginning_of_end_phase", "you_play_resonator", "you_play_summon_spell_from_hand"):
        return player == controller
    if kind == "you_play_chant":  # "When you play a [Spell:Chant] or [Spell:Chant-Instant] card"
        return player == controller
    if kind == "you_awaken":  # "Whenever you awaken a card": you play a card paying its [Awakening] cost (12.1)
        return player == controller
    if kind in ("opponent_plays_spell", "opponent_attacks", "opponent_attacks_you"):
        return player is not None and player != controller
    if kind in ("opponent_discards", "your_j_resonator_attacked", "opponent_resonator_attacks_or_blocks"):
        return player is not None and player != controller
    if kind == "you_attack":  # "When a J/resonator you control attacks" (8.2 p3)
        return player == controller
    return False


def _standby_triggers(ctx: Ctx, pid: str, kind: str, cause: str, player: str | None) -> None:
    """Chant-standby cards (7.9) and [Stealth] cards (12.5) in the chant-standby area."""
    s = ctx.s
    if kind in ("enter", "enters_field", "attacks", "blocks"):
        return
    for src in s.zones[pid]["standby"]:
        obj = s.objects[src]
        card = s.cards[obj.card]
        already = any(t.source == src for t in s.triggered)
        if already:
            continue  # an automatic card doesn't trigger again (7.9 p2.1)
        # a state the happening needs: "At the end of a turn you're dealt damage"
        cond = card.trigger_condition
        if cond is not None and not conditions.condition_met(s, cond, pid, src):
            continue
        if card.stealth and _fires(s, card.stealth, kind, src, pid, player, None):
            add_trigger(ctx, pid, src, -1, cause, kind="stealth")
        elif (
            card.type == "spell"
            and card.subtype == "chant_standby"
            and card.trigger not in (None, "anytime")
            and obj.standby_turn < s.turn  # not in the turn it was put there (7.9 p5)
            and _card_fires(s, str(card.trigger), kind, src, pid, player)
            and not (kind in HAND_REVEAL_TRIGGERS and pid in s.asked_about_hand)  # asked instead (9.6 p2)
        ):
            add_trigger(ctx, pid, src, -1, cause, kind="card")


def _standby_card_triggers(ctx: Ctx, pid: str, kind: str, cause: str, oid: str) -> None:
    """Chant-standby cards of ``pid`` whose [Trigger] condition names another card ("[Trigger] When a
    resonator you control is destroyed", 7.9 p2): the card ``oid`` matches their ``trigger_filter`` as
    it was in the field (9.6 p7.2); the trigger records it for "the destroyed resonator" (9.6 p5)."""
    s = ctx.s
    for src in list(s.zones[pid]["standby"]):
        obj = s.objects[src]
        card = s.cards[obj.card]
        if card.type != "spell" or card.subtype != "chant_standby" or card.trigger != kind:
            continue
        if obj.standby_turn >= s.turn or any(t.source == src for t in s.triggered):
            continue  # not in the turn it was put there (7.9 p5); not again once triggered (7.9 p2.1)
        if card.trigger_filter is None or not moved_matches(s, card.trigger_filter, oid, pid, src):
            continue
        cond = card.trigger_condition
        if cond is not None and not conditions.condition_met(s, cond, pid, src):
            continue
        add_trigger(ctx, pid, src, -1, cause, kind="card", extra={"target": oid})


_CONCERNS_OPPONENT = ("opponent_attacks", "opponent_resonator_attacks_or_blocks")
_CONCERNS_PLAYER = ("you_play_chant",)


def _open_reveal_windows(ctx: Ctx, kind: str, cause: str, player: str | None) -> None:
    """Automatic cards in a hand or a chant-standby area (FoW-5.5 9.6 p2): "become triggered when
    you reveal the cards at the time their trigger condition is fulfilled" (7.9 p2).  Each player
    asked about them (``GameState.asked_about_hand``) who holds a card in their hand or chant-standby
    area gets a window at this happening, asked at the next priority sequence (``flow.open_priority``),
    whatever they hold: only what is public (the kind of happening, who caused it, the number of
    cards in those zones) decides who gets one.  Its ``cards`` (the player's alone to see) are those
    whose [Trigger] condition this happening meets (in the chant-standby area, not in the turn they
    were put there, 7.9 p5)."""
    s = ctx.s
    for pid in s.asked_about_hand:
        held = s.zones[pid]["hand"] + s.zones[pid]["standby"]
        if not held or (kind in _CONCERNS_OPPONENT and (player is None or player == pid)):
            continue
        if kind in _CONCERNS_PLAYER and player != pid:
            continue
        fits: list[str] = []
        for src in held:
            card = s.card_of(src)
            if card.type != "spell" or card.subtype != "chant_standby" or card.trigger != kind:
                continue
            if s.objects[src].zone == "standby" and s.objects[src].standby_turn >= s.turn:
                continue  # not in the turn it was put there (7.9 p5)
            if any(t.source == src for t in s.triggered):
                continue  # an automatic card doesn't trigger again (7.9 p2.1)
            if not _card_fires(s, kind, kind, src, pid, player):
                continue
            cond = card.trigger_condition
            if cond is not None and not conditions.condition_met(s, cond, pid, src):
                continue
            fits.append(src)
        data = {"window": ctx.fresh_id("w"), "player": pid, "trigger": kind, "cards": fits}
        ctx.emit("RevealWindowOpened", data, "9.6 p2", cause=cause)


def _card_fires(s: GameState, trigger: str, kind: str, src: str, pid: str, player: str | None) -> bool:
    if trigger == kind == "end_of_each_turn":  # "At the end of a turn" (5.4 p3)
        return player is not None
    return _fires(s, trigger, kind, src, pid, player, None)


def check_status_triggers(ctx: Ctx, cause: str) -> str:
    """Status automatic cards (FoW-5.5 9.6 p9): a chant-standby card whose [Trigger] condition
    (7.9 p2, not in the turn it was put there, 7.9 p5) or a card whose [Stealth] condition
    (12.5 p2) is a state triggers while that state holds and it is not already triggered
    (9.6 p9.1); one its player chose not to reveal waits for the state to lapse or the game to
    move on (``GameState.status_declined``)."""
    s = ctx.s
    for pid in list(s.order):
        for src in list(s.zones[pid]["standby"]):
            obj = s.objects[src]
            card = s.cards[obj.card]
            cond = card.trigger_condition
            if cond is None:
                continue
            stealth = card.stealth == "status"
            if not stealth and not (card.trigger == "status" and obj.standby_turn < s.turn):
                continue
            if not conditions.condition_met(s, cond, pid, src):
                if src in s.status_declined:
                    cause = ctx.emit("StatusLapsed", {"oid": src}, "9.6 p9.1", cause=cause)
                continue
            if src in s.status_declined or any(t.source == src for t in s.triggered):
                continue
            cause = add_trigger(ctx, pid, src, -1, cause, kind="stealth" if stealth else "card")
    return _status_abilities(ctx, cause)


def _status_abilities(ctx: Ctx, cause: str) -> str:
    """Status automatic abilities of cards in a field or a magic stone area ("When you control a
    J-Ruler, banish this card", FoW-5.5 9.6 p9): each triggers while its status holds for its
    controller and it is not already triggered (9.6 p9.1) - nor waiting on the chase to resolve,
    so that a status its own resolution ends does not trigger it again meanwhile."""
    s = ctx.s
    for pid in list(s.order):
        for zone in ("field", "stone_area"):
            for src in list(s.zones[pid][zone]):
                obj = s.objects[src]
                printed = s.card_of(src)
                if not prints_status_ability(printed) or not is_active_zone(printed, obj.zone):
                    continue  # (no effect grants a status ability)
                for i, ability in read_characteristics(s, src).abilities:
                    if ability.trigger != "status" or ability.condition is None:
                        continue
                    waiting = any(t.source == src and t.ability == i for t in s.triggered) or any(
                        c.kind == "ability" and c.source == src and c.ability == i for c in s.chase
                    )
                    if waiting or not conditions.condition_met(s, ability.condition, obj.controller, src):
                        continue
                    cause = add_trigger(ctx, obj.controller, src, i, cause, rule="9.6 p9.1")
    return cause


def check_delayed(ctx: Ctx, at: str, cause: str) -> None:
    """Delayed automatic abilities created this turn for ``at`` trigger, once only (9.6 p8.1)."""
    s = ctx.s
    for delayed in list(s.delayed):
        if delayed.at in (at, f"next_{at}") and delayed.turn == s.turn and not delayed.fired:
            extra = {"target": delayed.id}
            add_trigger(ctx, delayed.controller, delayed.source, -1, cause, kind="delayed", extra=extra)


def check_delayed_on(ctx: Ctx, at: str, oid: str, since: int, cause: str, *, amount: int | None = None) -> None:
    """Delayed automatic abilities of this turn watching the object ``oid`` (as the object it was
    with ``zone_since`` ``since``, 3.1 p3) for ``at`` ("When it deals or is dealt damage this
    turn", "When that resonator is destroyed this turn"): they trigger once only (9.6 p8.1), those saying
    "whenever" each time ("Whenever this card deals damage this turn"), ``amount`` recorded for "that much"."""
    s = ctx.s
    for delayed in list(s.delayed):
        watched = [oid, since] in [list(o) for o in delayed.objects]
        if delayed.at == at and delayed.turn == s.turn and not delayed.fired and watched:
            extra: dict[str, Any] = {"target": delayed.id}
            if amount is not None:
                extra["amount"] = amount
            add_trigger(ctx, delayed.controller, delayed.source, -1, cause, kind="delayed", extra=extra)


def _delayed_effects(s: GameState, delayed_id: str | None) -> list[CardEffect]:
    found = next((d for d in s.delayed if d.id == delayed_id), None)
    return parse_effects(found.effects) if found is not None else []


def trigger_effects(s: GameState, trig: Triggered) -> list[CardEffect]:
    if trig.kind == "delayed":
        return _delayed_effects(s, trig.target)
    if trig.kind in ("card", "stealth"):
        return list(s.cards[s.objects[trig.source].card].effects)
    if trig.kind == "explode":
        return []
    return list(dict(characteristics_or_printed(s, trig.source)).get(trig.ability, Ability(kind="activate")).effects)


def characteristics_or_printed(s: GameState, oid: str) -> list[tuple[int, Ability]]:
    """Abilities of a card, falling back to printed ones when it has left play (9.6 p10); an
    ability it was granted still resolves after it lost it or left play (9.6 p10)."""
    chars = characteristics(s, oid)
    found = chars.abilities if chars.abilities else list(enumerate(s.card_of(oid).abilities))
    return found + granted_anywhere(s)


def known_source(s: GameState, source: str, triggered_by: str | None = None) -> dict[str, int]:
    """``{"source_since": ...}``, recorded as an ability is played: the ``zone_since`` of the object
    its source is then, the object "this card" names while it stays it ("put it into its owner's
    hand" after "When this card is put into a graveyard", "put this card from your graveyard into
    your hand"), or -1 when the card changed zones after the ability triggered: a new object the
    ability does not know (FoW-5.5 3.1 p3)."""
    obj = s.objects.get(source)
    if obj is None:
        return {}
    seq = triggered_by[3:] if triggered_by and triggered_by.startswith("ev:") else ""
    moved_after = seq.isdigit() and obj.zone_since > int(seq)
    return {"source_since": -1 if moved_after else obj.zone_since}


def _known_subject(s: GameState, trig: Triggered) -> dict[str, int]:
    """``{"subject_since": ...}`` for a trigger naming a card that went out of the field (the card
    where it went, while it stays there, 3.1 p3); nothing if it moved after the trigger."""
    obj = s.objects.get(trig.target or "")
    seq = trig.cause[3:] if trig.cause.startswith("ev:") else ""
    if obj is None or obj.zone in PLAYGROUND or not seq.isdigit() or obj.zone_since > int(seq):
        return {}
    return {"subject_since": obj.zone_since}


def check_targeted(ctx: Ctx, cause: str) -> str:
    """ "When this card becomes targeted by ...": each card chosen as a target of the card or
    ability just put into the chase area (the last item, its targets chosen as it was played,
    FoW-5.5 9.3 p2) triggers once for it (9.6 p1)."""
    s = ctx.s
    if not s.chase:
        return cause
    chosen = dict.fromkeys(t for group in s.chase[-1].targets for t in group if t in s.objects)
    for oid in chosen:
        check_triggers(ctx, "becomes_targeted", cause, oid=oid, player=s.chase[-1].controller)
    if chosen:  # "When a spell or ability your opponent controls targets a J/resonator you control": once
        # for that spell or ability, which the ability names ("cancel that spell or ability")
        check_triggers(ctx, "your_j_resonator_targeted", cause, subject=s.chase[-1].id)
    return cause


def _is_source_in_field(s: GameState, item: ChaseItem) -> bool:
    """For an effect lasting "as long as this card is in a field" (or as long as an ability of a
    card in a field is active): its source is there, as the object that played it (3.1 p3)."""
    return s.objects[item.source].zone == "field" and is_same_source(s, item)


def _is_source_rested(s: GameState, item: ChaseItem) -> bool:
    """For an effect lasting "as long as this card is rested": its source is rested in the field, as
    the object that played the ability (3.1 p3; otherwise the effect is not made, 9.9 p8)."""
    return _is_source_in_field(s, item) and s.objects[item.source].rested


def removing_since(s: GameState, item: ChaseItem) -> int:
    """The ``zone_since`` of the object the source of ``item`` (an ability) was as it was played, or
    its present one for a log that did not record it: the object "removed from the game by this card"
    names (FoW-5.5 3.1 p3)."""
    if item.source_since is not None and item.source_since >= 0:
        return item.source_since
    obj = s.objects[item.source]
    return obj.zone_since if obj.zone in PLAYGROUND else (obj.playground_since or obj.zone_since)


def is_same_source(s: GameState, item: ChaseItem) -> bool:
    """Whether the source of ``item`` (an ability) is still the object it was as the ability was
    played: it has not changed zones since (FoW-5.5 3.1 p3). Always true for a card on the chase."""
    obj = s.objects.get(item.source)
    return obj is not None and (item.source_since is None or obj.zone_since == item.source_since)


def chosen_since(s: GameState, targets: Sequence[Sequence[str]]) -> dict[str, dict[str, int]]:
    """``{"target_since": ...}``, recorded as a card or ability is played: the ``object_since`` of
    each card chosen as a target (FoW-5.5 9.3 p2.4), so that on resolution a target that has
    become a new object is no longer legal (3.1 p3, 9.3 p3.1). Nothing when no card is targeted."""
    since = {t: s.objects[t].object_since for group in targets for t in group if t in s.objects}
    return {"target_since": since} if since else {}


def is_same_target(s: GameState, item: ChaseItem, oid: str) -> bool:
    """Whether the target ``oid`` of ``item`` is still the object it was as it was chosen: it has
    not changed zones since, other than from playground to playground (FoW-5.5 3.1 p3). True for
    a player, and for a log from before it was recorded."""
    obj = s.objects.get(oid)
    if obj is None or item.target_since is None or oid not in item.target_since:
        return True
    return obj.object_since == item.target_since[oid]


def _check_target_objects(ctx: Ctx, item: ChaseItem, cause: str) -> str:
    """On resolution the targets are checked (FoW-5.5 9.3 p3.1): a target that has become a new
    object since it was chosen (3.1 p3) is illegal; every effect involving it is not applied to
    it, while the other effects still resolve."""
    gone = [t for group in item.targets for t in group if not is_same_target(ctx.s, item, t)]
    if not gone:
        return cause
    data = {"item": item.id, "targets": list(dict.fromkeys(gone)), "why": "new object"}
    return ctx.emit("TargetsIllegal", data, "9.3 p3.1", cause=cause)


def _explode_target(ctx: Ctx, trig: Triggered) -> str:
    return trig.target or ""
