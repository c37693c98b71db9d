"""Force of Will comprehensive rules 5.5: ``start``, ``decide``, ``evolve``,
``legal_actions`` and per-player views.  Registered as ruleset ``FoW-5.5``."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from domain import hidden
from domain.fow import actions, conditions, costs, flow, position
from domain.fow.cards import (
    Ability,
    ActivateCost,
    Cancel,
    Card,
    Cost,
    CostChange,
    JudgmentOption,
    May,
    Pay,
    PutCounter,
    WillSymbol,
    parse_card,
)
from domain.fow.characteristics import (
    activate_forbidden,
    any_attribute_will,
    apply_cost_changes,
    attributes_of,
    banish_alternatives,
    cannot_attack_player,
    cannot_call_magic_stones,
    cannot_play,
    characteristics,
    cost_changes,
    effective_type,
    forbidden_play,
    granted_quickcast,
    is_active_zone,
    may_look_at_top_card,
    moon_will_as,
    once_per_turn_permission,
    overrides_for,
    play_cost_changes,
    play_permissions,
    play_price,
    standby_cost,
    top_card_revealed,
    total_cost,
)
from domain.fow.context import Ctx, RejectedError
from domain.fow.state import (
    EVENTS,
    HIDDEN_ZONES,
    PLAYGROUND,
    GameState,
    Triggered,
    state_from_dict,
    state_to_dict,
)
from domain.fow.state import (
    apply_event as apply_event,
)
from domain.fow.state import (
    evolve as evolve,
)
from domain.fow.versions import VERSIONS, version
from domain.kernel import (
    JSON,
    CardDataError,
    Command,
    CommandTable,
    EngineFunctions,
    Event,
    GameSpec,
    Handler,
    Rejection,
    Shuffler,
    rules_engine,
    seed_commitment,
)
from domain.kernel import (
    is_finished as is_finished,
)

RULESET = "FoW-5.5"
MAX_X = 10
"""legal_actions offers an {X} cost with X from 0 up to this (what the player can pay)."""
VARIANTS = ("valhalla", "bifrost")
STARTING_LIFE = 4000
OPENING_HAND = 5
LIFEBREAK_CARDS = 4

CommandHandler = Handler[Ctx]
COMMAND_TABLE = CommandTable[Ctx](
    Ctx,
    lambda state: version(state.ruleset).cite,
    finished="1.3 p1",
    unknown_player="1.1 p1",
    unknown_type="6.3 p1",
    expected="6.1 p1.3",
    no_priority=True,
)
COMMANDS = COMMAND_TABLE.handlers
"""Every command type, by name (imperative: ``DeclareAttack``)."""
command = COMMAND_TABLE.command
"""Register a command handler; ``pending`` lists the decision kinds it answers."""


# --- setup (4.1, 4.2) -------------------------------------------------------------------


def _deck_entries(ctx: Ctx, pid: str, deck: Mapping[str, Any], key: str) -> list[str]:
    raw = deck.get(key, [])
    if not isinstance(raw, list):
        raise ctx.reject("deck/malformed", "4.1 p1", f"{pid}'s deck field {key!r} must be a list of {{card, count}}")
    out: list[str] = []
    for entry in raw:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
            raise ctx.reject("deck/malformed", "4.1 p1", f"{pid}'s {key} entries need a 'card' id and a 'count'")
        count = entry.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise ctx.reject("deck/malformed", "4.1 p1", f"{pid}'s {key} entry {entry['card']!r}: count must be >= 1")
        out += [entry["card"]] * count
    return out


def check_deck(
    ctx: Ctx, pid: str, deck: Mapping[str, Any], cards: Mapping[str, Card]
) -> tuple[str, list[str], list[str]]:
    """Deck construction (FoW-5.5 4.1)."""
    ruler = deck.get("ruler")
    if not isinstance(ruler, str):
        raise ctx.reject("deck/no_ruler", "4.1 p2", f"{pid} must prepare exactly one ruler card")
    main = _deck_entries(ctx, pid, deck, "main")
    stones = _deck_entries(ctx, pid, deck, "stones")
    for cid in [ruler, *main, *stones]:
        if cid not in cards:
            raise ctx.reject("deck/unknown_card", "4.1 p1", f"{pid}'s deck names unknown card {cid!r}")
    if cards[ruler].type != "ruler":
        raise ctx.reject("deck/no_ruler", "4.1 p2", f"{pid}'s ruler {cid!r} is a {cards[ruler].type}, not a ruler")
    for cid in main:
        if cards[cid].type in ("ruler", "j_ruler", "magic_stone"):
            raise ctx.reject(
                "deck/illegal_main_deck_card",
                "4.1 p3",
                f"{pid}'s main deck holds {cards[cid].name} ({cid}), a {cards[cid].type}: no rulers or magic stones",
            )
    if len(main) < 40:
        raise ctx.reject("deck/main_deck_too_small", "4.1 p3", f"{pid}'s main deck has {len(main)} cards; at least 40")
    for cid in stones:
        if cards[cid].type != "magic_stone":
            raise ctx.reject(
                "deck/illegal_stone_deck_card",
                "4.1 p4",
                f"{pid}'s magic stone deck holds {cards[cid].name} ({cid}), which is not a magic stone",
            )
    if not 10 <= len(stones) <= 20:
        raise ctx.reject(
            "deck/stone_deck_size", "4.1 p4", f"{pid}'s magic stone deck has {len(stones)} cards; it needs 10 to 20"
        )
    names = Counter(
        cards[c].name
        for c in main + stones
        if not (cards[c].type == "magic_stone" and not cards[c].special)
        and not (cards[c].any_number_in_main_deck and c in main)  # "any number of copies" (1.4 p1)
    )
    for name, n in names.items():
        if n > 4:
            raise ctx.reject("deck/too_many_copies", "4.1 p5", f"{pid}'s decks hold {n} copies of {name}; at most 4")
    return ruler, main, stones


def keywords_of(card: Card) -> set[str]:
    found = {
        k
        for k, present in (
            ("awakening", card.awakening is not None),
            ("incarnation", card.incarnation is not None),
            ("quickcast", "quickcast" in card.skills),
            ("gods_art", any(a.gods_art for a in card.abilities)),
            ("stealth", card.stealth is not None),
            ("remnant", card.remnant),
            ("evolution", card.evolution is not None),
            ("shift", card.shift is not None or card.other_side is not None),
        )
        if present
    }
    return found


ADDITION_NAMES = {"j_resonator": "J/resonator", "j_ruler_or_ruler": "J/ruler", "j_ruler": "J-ruler"}


def check_version(ctx: Ctx, cards: Iterable[Card]) -> None:
    """Cards, card types and keyword skills that do not exist under the game's rules version."""
    v = version(ctx.s.ruleset)
    for card in cards:
        if card.type not in v.card_types:
            raise ctx.reject(
                "cards/type_not_in_ruleset",
                "2.1 p2",
                f"{card.name} ({card.id}) is a {card.type}, which does not exist under {v.ruleset}",
            )
        if card.type == "addition" and card.subtype not in v.addition_subtypes:
            raise ctx.reject(
                "cards/subtype_not_in_ruleset",
                "2.1 p3.2",
                f"{card.name} ({card.id}) is an [Addition:{ADDITION_NAMES.get(card.subtype or '', card.subtype)}], "
                f"which does not exist under {v.ruleset}",
            )
        if card.type == "j_ruler" and not v.j_ruler_stats_optional and (card.atk is None or card.def_ is None):
            raise ctx.reject(
                "cards/stats_required",
                "2.6 p1" if card.atk is None else "2.7 p1",
                f"{card.name} ({card.id}) is a J-ruler without ATK or DEF, which {v.ruleset} does not allow",
            )
        missing = sorted(keywords_of(card) - v.keywords)
        if missing:
            raise ctx.reject(
                "cards/keyword_not_in_ruleset",
                "12",
                f"{card.name} ({card.id}) uses {', '.join(missing)}, which does not exist under {v.ruleset}",
            )
        if not v.counters and any(isinstance(e, PutCounter) for e in _all_effects(card)):
            raise ctx.reject(
                "cards/action_not_in_ruleset",
                "10.21 p1",
                f"{card.name} ({card.id}) puts counters, which do not exist under {v.ruleset}",
            )


def _all_effects(card: Card) -> list[Any]:
    abilities = list(card.abilities) + (list(card.awakening.abilities) if card.awakening else [])
    extra = list(card.awakening.effects) if card.awakening else []
    return list(card.effects) + extra + [e for a in abilities for e in a.effects]


UNSUPPORTED_POLICIES = ("refuse", "manual")


def check_unsupported(ctx: Ctx, policy: str, cards: Iterable[Card]) -> list[dict[str, JSON]]:
    """Cards with text the engine cannot adjudicate (``Card.unsupported``).  Under ``refuse``
    a game holding any is rejected, naming every card and ability; under ``manual`` they are
    listed in ``GameStarted`` and every event touching them is marked ``manual``."""
    if policy not in UNSUPPORTED_POLICIES:
        raise ctx.reject(
            "game/unsupported_policy", "1.2 p1", f"unsupported must be one of {', '.join(UNSUPPORTED_POLICIES)}"
        )
    odd = [c for c in sorted(cards, key=lambda c: c.id) if c.unsupported]
    found: list[dict[str, JSON]] = [{"card": c.id, "name": c.name, "abilities": list(c.unsupported)} for c in odd]
    if found and policy == "refuse":
        listing = "; ".join(f"{c.name} ({c.id}): " + " | ".join(c.unsupported) for c in odd)
        raise ctx.reject(
            "cards/unsupported_abilities",
            "2.4 p2",
            f"{len(found)} card(s) have abilities the rules engine cannot adjudicate: {listing}. "
            "Create the game with unsupported='manual' to play them with those abilities adjudicated by hand.",
        )
    return found


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


def _start(ctx: Ctx, spec: GameSpec, catalog: Mapping[str, Mapping[str, Any]]) -> None:
    if spec.variant not in VARIANTS:
        raise ctx.reject("game/unknown_variant", "1.2 p1", f"variant must be one of {', '.join(VARIANTS)}")
    if len(spec.players) != 2 or spec.players[0].id == spec.players[1].id:
        raise ctx.reject("game/players", "1.1 p1", "this game is played by exactly two players with distinct ids")
    try:
        cards = {cid: parse_card(data) for cid, data in catalog.items()}
    except CardDataError as exc:
        raise ctx.reject("cards/invalid", "2 p1", str(exc)) from None
    used: dict[str, Card] = {}
    objects: list[dict[str, str]] = []
    decks: dict[str, tuple[str, list[str], list[str]]] = {}
    for p in spec.players:
        ruler, main, stones = check_deck(ctx, p.id, p.deck, cards)
        decks[p.id] = (ruler, main, stones)
        placed = [(ruler, "outside")] + [(c, "main_deck") for c in main] + [(c, "stone_deck") for c in stones]
        for n, (cid, zone) in enumerate(placed, start=1):
            objects.append({"oid": f"{p.id}-{n:03d}", "card": cid, "owner": p.id, "zone": zone})
        for cid in dict.fromkeys([ruler, *main, *stones]):  # in deck order, never a set's (hash-seed) order
            used[cid] = cards[cid]
    for card in list(used.values()):  # J-ruler sides and the other side of double-sided cards
        for ref in (card.judgment.j_ruler if card.judgment else None, card.other_side):
            if ref is not None:
                if ref not in cards:
                    raise ctx.reject("cards/missing_side", "14.3 p1", f"{card.name} refers to unknown card {ref!r}")
                used[ref] = cards[ref]
    check_version(ctx, used.values())
    manual = check_unsupported(ctx, spec.unsupported, used.values())
    if spec.first_player is not None and spec.first_player not in {p.id for p in spec.players}:
        raise ctx.reject("game/unknown_player", "4.2 p3", f"first_player {spec.first_player!r} is not a player")
    cause = ctx.emit(
        "GameStarted",
        {
            "game_id": spec.game_id,
            "ruleset": ctx.s.ruleset,
            "variant": spec.variant,
            "seed": spec.seed,
            "seed_commitment": seed_commitment(spec.game_id, spec.seed),
            "players": [{"id": p.id, "name": p.name} for p in spec.players],
            "cards": {cid: c.model_dump(mode="json", by_alias=True, exclude_unset=True) for cid, c in used.items()},
            "objects": objects,
            **({"unsupported": "manual", "manual": manual} if manual else {}),
        },
        "4.1 p1",
    )
    for pid in ctx.s.order:
        for zone in ("main_deck", "stone_deck"):
            cause = actions.shuffle(ctx, pid, zone, list(ctx.s.zones[pid][zone]), cause, rule="4.2 p1")
    for pid in ctx.s.order:
        cause = ctx.emit("LifeSet", {"player": pid, "life": STARTING_LIFE}, "4.2 p2", cause=cause)
    if spec.first_player is not None:
        cause = ctx.emit(
            "TurnOrderChosen", {"first_player": spec.first_player, "by": "agreement"}, "4.2 p3", cause=cause
        )
        _deal_opening_hands(ctx, cause)
    else:
        index = ctx.s.shuffles
        chooser = Shuffler(ctx.s.seed, index).choice(ctx.s.order)
        cause = ctx.emit("PlayerChosenAtRandom", {"player": chooser, "shuffle_index": index}, "4.2 p3", cause=cause)
        ctx.ask(chooser, "turn_order", {}, "4.2 p3", cause=cause)


def _deal_opening_hands(ctx: Ctx, cause: str) -> None:
    s = ctx.s
    first = s.first_player
    for pid in [first, s.opponent(first)]:
        cause = actions.draw(ctx, pid, OPENING_HAND, cause, rule="4.2 p4")
    ctx.ask(first, "hand_change", {}, "4.2 p4", cause=cause)


@command("ChooseTurnOrder", "turn_order")
def choose_turn_order(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    play_first = args.get("play_first")
    if not isinstance(play_first, bool):
        raise ctx.reject("command/malformed", "4.2 p3", "ChooseTurnOrder needs play_first: true or false")
    first = player if play_first else ctx.s.opponent(player)
    cause = ctx.emit("TurnOrderChosen", {"first_player": first, "by": player}, "4.2 p3", actor=player)
    _deal_opening_hands(ctx, cause)


@command("ChangeHand", "hand_change")
def change_hand(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    chosen = args.get("cards", [])
    hand = s.zones[player]["hand"]
    if not isinstance(chosen, list) or len(set(map(str, chosen))) != len(chosen) or any(c not in hand for c in chosen):
        raise ctx.reject("rules/not_in_hand", "4.2 p4", "ChangeHand.cards must list distinct cards from your hand")
    cause = ctx.emit("HandChangeDeclared", {"player": player, "cards": list(chosen)}, "4.2 p4", actor=player)
    first = s.first_player
    if player == first:
        ctx.ask(s.opponent(first), "hand_change", {}, "4.2 p4", cause=cause)
        return
    for pid in [first, s.opponent(first)]:
        back = s.hand_changes.get(pid, [])
        for oid in back:
            cause = actions.move(ctx, oid, "main_deck", cause, rule="4.2 p4", reason="hand change", position="bottom")
        cause = actions.draw(ctx, pid, len(back), cause, rule="4.2 p4")
    if s.variant == "valhalla":
        for pid in [first, s.opponent(first)]:
            for _ in range(LIFEBREAK_CARDS):
                deck = s.zones[pid]["main_deck"]
                if deck:
                    cause = actions.move(ctx, deck[-1], "lifebreak", cause, rule="4.2 p5", reason="setup")
    for pid in [first, s.opponent(first)]:
        ruler = next(oid for oid in s.zones[pid]["outside"] if s.cards[s.objects[oid].card].type == "ruler")
        cause = actions.move(ctx, ruler, "ruler_area", cause, rule="4.2 p6", reason="setup", controller=pid)
    flow.start_turn(ctx, first, cause)


# --- timing helpers ---------------------------------------------------------------------


def require_main_timing(ctx: Ctx, player: str, what: str, rule: str, *, during_battle_ok: bool = False) -> None:
    """Turn player, main phase, not in a battle, empty chase area (FoW-5.5 6.3 p2)."""
    s = ctx.s
    if s.turn_player != player:
        raise ctx.reject("rules/not_your_turn", rule, f"{what} is only possible in your own turn")
    if s.phase != "main":
        raise ctx.reject("rules/not_main_phase", rule, f"{what} is only possible in your main phase (now: {s.phase})")
    v = version(s.ruleset)
    if s.battle is not None and not (during_battle_ok and v.resonators_during_battle):
        raise ctx.reject("rules/in_battle", v.in_battle_rule or rule, f"{what} is not possible during a battle")
    if s.chase:
        raise ctx.reject("rules/chase_not_empty", rule, f"{what} needs an empty chase area")


def require_chase_open(ctx: Ctx, what: str) -> None:
    """ "Players cannot chase to this card": while such a card is in the chase area, no card and no
    ability other than an automatic one may be put into it (FoW-5.5 10.7 p2; will abilities do not
    use the chase area, 9.7 p3)."""
    s = ctx.s
    locked = next((c for c in s.chase if c.kind == "card" and _unchaseable(s.card_of(c.source), c.awakened)), None)
    if locked is not None:
        name = s.card_of(locked.source).name
        raise ctx.reject(
            "rules/cannot_chase", "10.7 p2", f"players cannot chase to {name}: {what} cannot be played now"
        )


def _unchaseable(card: Card, awakened: bool) -> bool:
    """ "Players cannot chase this card", printed or gained by paying its [Awakening] cost (12.1)."""
    awakening = card.awakening
    return card.cannot_be_chased or (awakened and awakening is not None and awakening.cannot_be_chased)


def is_main_timing(s: GameState, player: str) -> bool:
    return s.turn_player == player and s.phase == "main" and s.step == "main" and s.battle is None and not s.chase


def _obj_arg(ctx: Ctx, args: Mapping[str, Any], key: str, rule: str) -> str:
    oid = args.get(key)
    if not isinstance(oid, str):
        raise ctx.reject("command/malformed", rule, f"'{key}' must be an object id such as 'p1-007'")
    if oid not in ctx.s.objects:
        raise ctx.reject("command/unknown_object", rule, hidden.unseen_card(oid))
    return oid


def _pay_with(ctx: Ctx, args: Mapping[str, Any]) -> list[Any]:
    raw = args.get("pay_with", [])
    if not isinstance(raw, list):
        raise ctx.reject("command/malformed", "10.2 p5", "'pay_with' must be a list of {source, ability?, choice?}")
    return raw


# --- playing cards (7.1-7.3, 7.7, 7.9, 12.x) ---------------------------------------------


@command("PlayCard", "priority")
def play_card(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _obj_arg(ctx, args, "card", "7.1 p2")
    obj = s.objects[oid]
    card = s.cards[obj.card]
    side = args.get("side", "front")
    if side == "future":
        if card.shift is None or card.other_side is None:
            raise ctx.reject("rules/no_shift", "12.8 p1", f"{card.name} has no [Shift] and no future side to play")
        card = s.cards[card.other_side]
    if obj.owner != player:
        raise ctx.reject("rules/not_your_card", "7.1 p2", f"{card.name} ({oid}) is not your card")
    source_zone = obj.zone
    standby_anytime = source_zone == "standby" and card.subtype == "chant_standby" and card.trigger == "anytime"
    if source_zone == "standby" and standby_anytime and obj.standby_turn >= s.turn:
        raise ctx.reject(
            "rules/standby_same_turn",
            "7.9 p5",
            f"{card.name} was put into the chant-standby area this turn and cannot be played yet",
        )
    if standby_anytime:
        actions.require_stones_shown(ctx, player, card)
    permission = _play_permission(ctx, player, oid, args) if source_zone in ("graveyard", "removed") else None
    allowed_zone = source_zone == "hand" or standby_anytime or permission is not None
    if not allowed_zone:
        rule = "12.6 p2" if source_zone == "graveyard" else "7.1 p2"
        raise ctx.reject("rules/not_in_hand", rule, f"{card.name} ({oid}) is in the {source_zone}, not in your hand")
    if card.type in ("ruler", "j_ruler", "magic_stone"):
        raise ctx.reject("rules/not_playable", "6.3 p1", f"{card.name} is a {card.type} and is not played from a hand")
    if cannot_play(s, player, card):  # "Target player cannot play normal spells ... until end of turn"
        spell = "a summon spell" if card.type == "resonator" else "a normal spell"
        raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {player} to play {spell} ({card.name})")
    forbidden = forbidden_play(s, player, card, source_zone)
    if forbidden is not None:  # "Your opponent cannot play cards from their chant-standby area ..."
        raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {player} to play {forbidden} ({card.name})")
    if card.type == "spell" and card.subtype == "chant_standby" and not standby_anytime:
        raise ctx.reject(
            "rules/chant_standby_trigger", "7.9 p4", f"{card.name} is played only when its [Trigger] condition is met"
        )
    instant = (
        (card.type == "spell" and card.subtype == "chant_instant")
        or "quickcast" in card.skills
        or standby_anytime
        or (side == "front" and granted_quickcast(s, oid))  # "Fairies in your hand gain [Quickcast]" (12.3)
    )
    require_chase_open(ctx, f"playing {card.name}")
    if not instant:
        rule = {"resonator": "7.1 p1", "regalia": "7.1 p1", "addition": "7.2 p1"}.get(card.type, "7.3 p1")
        require_main_timing(ctx, player, f"playing {card.name}", rule, during_battle_ok=card.type == "resonator")
    # 9.3: put the card into the chase area, choose targets, then pay costs
    groups = [actions.addition_target(card.subtype)] if card.type == "addition" and card.subtype != "field" else []
    awaken = bool(args.get("awaken", False))
    if awaken and card.awakening is None:
        raise ctx.reject("rules/no_awakening", "12.1 p2", f"{card.name} has no [Awakening]")
    x = _awakening_x(ctx, card, awaken, args)
    effects = list(card.effects) + (list(card.awakening.effects) if awaken and card.awakening else [])
    modes = conditions.check_modes(
        ctx, effects if card.type == "spell" else [], args.get("modes"), card.name, player, oid
    )
    if card.type == "spell":
        groups = actions.chosen_groups(conditions.expand(effects, modes))
    targets = actions.validate_targets(ctx, groups, args.get("targets"), player, oid, card.name)
    reduced = _reduced_cost(ctx, player, oid, card, args, standby_anytime, targets)
    banish_instead = args.get("banish_instead")
    if banish_instead is not None:  # "You may banish this card rather than pay the cost of ..." (9.3 p2.5)
        if reduced is not None or args.get("incarnation") is not None or standby_anytime:
            raise ctx.reject("rules/no_alternative_cost", "9.3 p2.5", "banishing replaces the whole will cost")
        if banish_instead not in banish_alternatives(s, player, oid):
            raise ctx.reject(
                "rules/no_alternative_cost",
                "9.3 p2.5",
                f"no card of yours lets you banish {banish_instead!r} rather than pay the cost of {card.name}",
            )
    item = ctx.fresh_id("c")
    side_data: dict[str, Any] = {"side": "future"} if side == "future" else {}
    cause = ctx.cause
    if permission is not None and permission != ("remnant", None):  # played by a text's permission (1.4 p1)
        kind, source = permission
        used = {"card": oid, "player": player, "from": source_zone, "permission": kind, "source": source}
        once = once_per_turn_permission(s, source) if kind == "removed" else None
        if once is not None:  # "Once per turn, you may play a card from your removed ... zone"
            used["once_per_turn_key"] = once
        cause = ctx.emit("PlayPermissionUsed", used, "12.6 p2" if kind == "remnant" else "1.4 p1", cause=cause)
    cause = actions.move(
        ctx,
        oid,
        "chase",
        cause,
        rule="9.3 p2.2",
        reason="play",
        actor=player,
        from_remnant=permission is not None and permission[0] == "remnant",
        **side_data,
    )
    cause = ctx.emit(
        "CardPlayed",
        {
            "item": item,
            "kind": "card",
            "player": player,
            "source": oid,
            "targets": targets,
            **actions.chosen_since(s, targets),
            "awakened": awaken,
            "from": source_zone,
            "card": card.id,
            **({"modes": modes} if modes else {}),
            **({"reduced_cost": reduced.model_dump()} if reduced is not None else {}),
            **({"banish_instead": banish_instead} if banish_instead is not None else {}),
            **({"x": x} if x is not None else {}),
        },
        {"resonator": "7.1 p2", "regalia": "7.1 p2", "addition": "7.2 p2"}.get(card.type, "7.3 p2"),
        cause=cause,
        actor=player,
    )
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    incarnation = args.get("incarnation")
    if incarnation is not None:
        base = Cost()  # banishing replaces the cost; increases are still paid (9.3 p2.5)
    elif banish_instead is not None:  # a cost of another quality (9.3 p2.5); increases are still paid
        base = Cost()
    elif standby_anytime:
        base = card.trigger_cost or Cost()
    else:
        assert card.cost is not None
        base = reduced or card.cost
    cost, cause = _play_cost(ctx, player, oid, base, args, cause)
    if incarnation is not None:
        cause = _pay_incarnation(ctx, player, card, incarnation, cause)
    elif banish_instead is not None:  # banish that card (10.10 p1)
        cause = actions.move(ctx, banish_instead, "graveyard", cause, rule="10.10 p1", reason="banish", actor=player)
    any_attribute = any_attribute_will(s, player, oid)  # "with will of any attribute" (1.4 p1)
    # will that may pay only for some cards pays for this one if it matches (1.4 p1)
    cause = actions.pay_will(ctx, player, cost, cause, card.name, any_attribute=any_attribute, use=("play", oid))
    if awaken and card.awakening is not None:  # an additional cost to play the card (12.1 p1)
        extra = _with_x(card.awakening.cost, x, None) if x else card.awakening.cost  # "[Awakening] {X}" (9.3 p2.5)
        extra, cause = _awakening_less(ctx, player, oid, extra, args, cause)
        cause = actions.pay_will(
            ctx, player, extra, cause, f"[Awakening] of {card.name}", use=("awakening", oid), record={"item": item}
        )
    on_cards = list(card.play_cards) + (list(card.awakening.cards) if awaken and card.awakening else [])
    if on_cards:  # "As an additional cost to play this card, banish a Machine", "[Awakening] {U}, discard a card"
        actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=on_cards))
        cause = costs.pay_extra_costs(ctx, player, oid, actions_on_cards, args.get("cost_cards"), cause)
    if card.type == "spell":
        actions.check_triggers(ctx, "opponent_plays_spell", cause, player=player)
    if awaken:  # "Whenever you awaken a card": played paying its [Awakening] cost (12.1 p1)
        actions.check_triggers(ctx, "you_awaken", cause, player=player)
    if card.type == "resonator":
        actions.check_triggers(ctx, "you_play_resonator", cause, player=player)
    if card.type == "spell" and card.subtype in ("chant", "chant_instant"):  # "a [Spell:Chant] or ... card"
        actions.check_triggers(ctx, "you_play_chant", cause, player=player)
    if card.type == "resonator" and source_zone == "hand":  # a summon spell (3.13 p3) from the hand
        actions.check_triggers(ctx, "you_play_summon_spell_from_hand", cause, player=player)
    if card.type == "addition":
        actions.check_triggers(ctx, "you_play_addition", cause, player=player)
    if card.type != "resonator":  # a "normal spell" (3.13 p3)
        actions.check_triggers(ctx, "you_play_normal_spell", cause, player=player)
    cause = actions.check_targeted(ctx, cause)
    flow.after_action(ctx, player, cause)


def _awakening_less(
    ctx: Ctx, player: str, oid: str, cost: Cost, args: Mapping[str, Any], cause: str
) -> tuple[Cost, str]:
    """The [Awakening] cost with "You may pay [Awakening] costs {M} less this turn" applied when the
    player asks (``reduce_awakening: true``), recorded in ``CostChanged`` (9.3 p2.5)."""
    asked = args.get("reduce_awakening", False)
    if not isinstance(asked, bool):
        raise ctx.reject("command/malformed", "9.3 p2.5", "'reduce_awakening' must be true or false")
    if not asked:
        return cost, cause
    made = [e for e in ctx.s.effects if e.kind == "pay_less_awakening" and e.controller == player and e.less]
    if not made:
        raise ctx.reject("rules/no_cost_reduction", "9.3 p2.5", "nothing lets you pay less for [Awakening] costs now")
    changes = [CostChange(of="this_ability", who="you", less_will=Cost.model_validate(e.less)) for e in made]
    less = apply_cost_changes(cost, changes)
    data: dict[str, JSON] = {"player": player, "of": "awakening", "card": oid, "sources": [e.source for e in made]}
    data.update(printed=cost.model_dump(), cost=less.model_dump())
    return less, ctx.emit("CostChanged", data, "9.3 p2.5", cause=cause, actor=player)


def _awakening_x(ctx: Ctx, card: Card, awaken: bool, args: Mapping[str, Any]) -> int | None:
    """The X chosen for an "[Awakening] {X}" cost as the card is played awakened (the ``x`` argument, as
    for an [Activate] ability's {X}, 9.3 p2.5); None when no {X} is paid."""
    x = args.get("x")
    has_x = awaken and card.awakening is not None and card.awakening.x
    if has_x != (x is not None) or (x is not None and (not isinstance(x, int) or isinstance(x, bool) or x < 0)):
        want = "an integer X of 0 or more for its [Awakening] {X}" if has_x else "no X: no {X} cost is paid"
        raise ctx.reject("command/malformed", "9.3 p2.5", f"playing {card.name} takes {want}")
    return x


def _play_permission(ctx: Ctx, player: str, oid: str, args: Mapping[str, Any]) -> tuple[str, str | None] | None:
    """What lets ``player`` play ``oid`` from their graveyard or removed area (:func:`play_permissions`):
    the one ``permission`` names (``remnant`` or the source card's id) or else the first; None if none
    does.  Playing it by [Remnant] or by another text matters: only [Remnant] removes it from the
    game as it leaves the chase area (FoW-5.5 12.6 p2)."""
    permissions = play_permissions(ctx.s, player, oid)
    wanted = args.get("permission")
    if wanted is None:
        return permissions[0] if permissions else None
    for kind, source in permissions:
        if wanted in (source, kind):
            return kind, source
    raise ctx.reject("rules/no_permission", "1.4 p1", f"{wanted!r} does not let you play {oid} from where it is")


def _play_cost(ctx: Ctx, player: str, oid: str, base: Cost, args: Mapping[str, Any], cause: str) -> tuple[Cost, str]:
    """The will to pay for the played card ``oid`` with the continuous abilities changing it ("You pay
    {2} more to play normal spells", "You may pay {1} less to play Card Soldier resonators"; optional
    decreases when the player asks with ``reduce: true``), as :func:`play_price` works it out (FoW-5.5
    9.3 p2.5).  A ``CostChanged`` event records the change and its sources."""
    cost, changes = play_price(ctx.s, player, oid, base, reduce=_wants_reduction(ctx, args))
    if not changes:
        return base, cause
    sources = list(dict.fromkeys(source for source, _ in changes))
    data: dict[str, JSON] = {"player": player, "of": "spell", "card": oid, "sources": sources}
    data.update(printed=base.model_dump(), cost=cost.model_dump())
    return cost, ctx.emit("CostChanged", data, "9.3 p2.5", cause=cause, actor=player)


def _reduced_cost(
    ctx: Ctx,
    player: str,
    oid: str,
    card: Card,
    args: Mapping[str, Any],
    standby_anytime: bool,
    targets: list[list[str]],
) -> Cost | None:
    """ "You may pay <cost> less to play this card [if ...] [for each ...]" when the player
    asks for it with ``reduce: true`` (FoW-5.5 9.3 p2.5); None: the printed cost is paid."""
    if not _wants_reduction(ctx, args):
        return None
    if card.cost_reduction is None:
        if any(change.optional for _, change in play_cost_changes(ctx.s, player, oid)):
            return None  # only other cards' "you may pay {1} less to play ..." (applied by _play_cost)
        raise ctx.reject("rules/no_cost_reduction", "9.3 p2.5", f"nothing lets you pay less to play {card.name}")
    if standby_anytime or args.get("incarnation") is not None:
        raise ctx.reject(
            "rules/no_cost_reduction", "9.3 p2.5", f"the cost reduction of {card.name} reduces its printed cost only"
        )
    cost = conditions.reduced_cost(ctx.s, card, player, oid, [t for group in targets for t in group])
    if cost is None:
        raise ctx.reject(
            "rules/no_cost_reduction",
            "9.3 p2.5",
            f"the condition of {card.name}'s cost reduction does not hold now, so its full cost is paid",
        )
    return cost


def _wants_reduction(ctx: Ctx, args: Mapping[str, Any]) -> bool:
    reduce = args.get("reduce", False)
    if not isinstance(reduce, bool):
        raise ctx.reject("command/malformed", "9.3 p2.5", "'reduce' must be true or false")
    return reduce


def _pay_incarnation(ctx: Ctx, player: str, card: Card, chosen: Any, cause: str) -> str:
    """[Incarnation] (12.2): banish one resonator per listed attribute instead of the cost."""
    s = ctx.s
    if card.incarnation is None:
        raise ctx.reject("rules/no_incarnation", "12.2 p2", f"{card.name} has no [Incarnation]")
    if not isinstance(chosen, list) or len(chosen) != len(card.incarnation) or len(set(chosen)) != len(chosen):
        raise ctx.reject(
            "rules/incarnation",
            "12.2 p2",
            f"[Incarnation] of {card.name} banishes exactly {len(card.incarnation)} resonator(s)",
        )
    for oid, allowed in zip(chosen, card.incarnation, strict=True):
        if oid not in s.objects or s.objects[oid].zone != "field" or s.objects[oid].controller != player:
            raise ctx.reject("rules/banish_not_controlled", "10.10 p2", f"you do not control {oid!r} in your field")
        chars = characteristics(s, oid)
        if "resonator" not in chars.types or not set(allowed) & set(attributes_of(s, oid)):
            raise ctx.reject(
                "rules/incarnation",
                "12.2 p2.1",
                f"{chars.card.name} is not a resonator with attribute {'/'.join(allowed)}",
            )
        cause = actions.move(ctx, oid, "graveyard", cause, rule="12.2 p2", reason="banish", actor=player)
        if s.objects[oid].zone == "graveyard":  # "When this card is banished by [Incarnation]" (9.6 p1)
            actions.check_triggers(ctx, "banished_by_incarnation", cause, oid=oid)
    return cause


@command("ActivateAbility", "priority")
def activate_ability(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _obj_arg(ctx, args, "source", "7.8 p2")
    obj = s.objects[oid]
    chars = characteristics(s, oid)
    name = chars.card.name
    in_graveyard = obj.zone == "graveyard" and obj.owner == player  # abilities "in your graveyard" (9.2 p2)
    if not in_graveyard and (obj.controller != player or obj.zone not in PLAYGROUND):
        raise ctx.reject("rules/not_your_card", "7.8 p2", f"you do not control {name} ({oid}) in your playground")
    index = args.get("ability")
    if index in ("evolution", "shift"):
        _keyword_activate(ctx, player, oid, str(index), args)
        return
    if not isinstance(index, int):
        raise ctx.reject("command/malformed", "7.8 p2", "'ability' must be the index of the ability on the card")
    ability = dict(chars.abilities).get(index)
    if ability is None or ability.kind != "activate" or not activate_ability_active(chars.card, ability, obj.zone):
        raise ctx.reject("rules/no_such_ability", "7.8 p2", f"{name} ({oid}) has no active [Activate] ability {index}")
    if ability.condition is not None and not conditions.condition_met(s, ability.condition, player, oid):
        raise ctx.reject(
            "rules/ability_condition", "1.4 p1", f"{name}'s ability may be played only if its condition holds"
        )
    if activate_forbidden(s, oid):  # "Players cannot play activate abilities ...", "Your opponent cannot ..."
        raise ctx.reject(
            "rules/cannot_play_ability", "1.4 p4", f"an effect forbids playing {name}'s [Activate] abilities"
        )
    if actions.is_will_ability(ability):
        cause = ctx.cause
        if actions.activate_will_cost(s, player, oid, ability).total:  # "Pay {1}, {Rest}: Produce {M}" (9.7 p2)
            cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
        cause = actions.activate_will_ability(
            ctx,
            player,
            oid,
            index,
            args.get("choice"),
            cause,
            cost_cards=args.get("cost_cards"),
            cost_counters=args.get("cost_counters"),
        )
        flow.after_action(ctx, player, cause)
        return
    require_chase_open(ctx, f"{name}'s ability")
    if ability.main_timing:
        require_main_timing(ctx, player, f"{name}'s ability", "7.8 p1")
    modes = conditions.check_modes(ctx, ability.effects, args.get("modes"), f"{name}'s ability", player, oid)
    groups = actions.chosen_groups(conditions.expand(ability.effects, modes))
    targets = actions.validate_targets(ctx, groups, args.get("targets"), player, oid, f"{name}'s ability")
    x = args.get("x")
    if ability.cost.x != (x is not None) or (x is not None and (not isinstance(x, int) or x < 0)):
        want = "an integer X of 0 or more for its {X} cost" if ability.cost.x else "no X: it has no {X} cost"
        raise ctx.reject("command/malformed", "9.3 p2.5", f"{name}'s ability takes {want}")
    counters_x = ability.cost.remove_counters is not None and ability.cost.remove_counters.x
    if x is not None and counters_x:  # "remove X magic counters from this card": X counters (9.3 p2.5)
        ability = _with_counters_x(ability, x)
        _check_total_cost_x(ctx, groups, targets, x, f"{name}'s ability")
    elif x:  # "{X}": X more free will (9.3 p2.5)
        will = ability.cost.will
        more = Cost(attribute=dict(will.attribute), free=will.free + x)
        ability = ability.model_copy(update={"cost": ability.cost.model_copy(update={"will": more})})
    cause = ctx.emit(
        "AbilityPlayed",
        {
            "item": ctx.fresh_id("c"),
            "kind": "ability",
            "player": player,
            "source": oid,
            "ability": index,
            "targets": targets,
            **actions.chosen_since(s, targets),
            "choice": args.get("choice"),
            "once_per_turn_key": f"{oid}:{index}" if ability.once_per_turn or ability.times_per_turn else None,
            "gods_art": ability.name if ability.gods_art else None,
            **({"modes": modes} if modes else {}),
            **({"x": x} if x is not None else {}),
            **actions.known_source(ctx.s, oid),
        },
        "12.4 p2" if ability.gods_art else "7.8 p2",
        actor=player,
    )
    # AbilityPlayed recorded the once-per-turn / God's Art use; a second use shows up as a duplicate
    reduce = _wants_reduction(ctx, args)  # "you may pay {B}{B} less to play its God's Art abilities" (9.3 p2.5)
    if reduce and not actions.optional_cost_changes(s, player, oid, ability):
        raise ctx.reject(
            "rules/no_cost_reduction", "9.3 p2.5", f"no effect lets you pay less to play {name}'s ability now"
        )
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = _pay_costs_after_play(
        ctx, player, oid, index, ability, cause, args.get("cost_cards"), args.get("cost_counters"), reduce=reduce
    )
    cause = actions.check_targeted(ctx, cause)
    flow.after_action(ctx, player, cause)


def _counters_x_commands(
    s: GameState, player: str, oid: str, index: int, ability: Ability, will: Cost, more: dict[str, JSON]
) -> list[Command]:
    """``ActivateAbility`` with each X from 0 up to the counters this card has, for "remove X magic
    counters from this card", and targets of total cost X (9.3 p2.4, p2.5)."""
    rc = ability.cost.remove_counters
    assert rc is not None
    pay = plan_payment(s, player, will, exclude=[oid] if ability.cost.rest else [])
    if pay is None:
        return []
    out: list[Command] = []
    groups = actions.chosen_groups(ability.effects)
    for x in range(min(MAX_X, s.objects[oid].counters.get(rc.counter or "", 0)) + 1):
        paid = _with_counters_x(ability, x)
        if not costs.can_pay_without_choice(s, paid, oid):
            break
        for combo in _target_options(s, groups, player, oid) or []:
            if _total_cost_x_ok(s, groups, combo, x):
                args: dict[str, JSON] = {"source": oid, "ability": index, "targets": combo, "pay_with": pay}
                out.append(Command("ActivateAbility", player, {**args, **more, "x": x}))
                break
    return out


def _with_counters_x(ability: Ability, x: int) -> Ability:
    """``ability`` whose "remove X magic counters from this card" removes ``x`` (none for X = 0)."""
    rc = ability.cost.remove_counters
    assert rc is not None
    removed = rc.model_copy(update={"count": x, "x": False}) if x else None
    return ability.model_copy(update={"cost": ability.cost.model_copy(update={"remove_counters": removed})})


def _total_cost_x_ok(s: GameState, groups: Sequence[Any], targets: Sequence[Sequence[str]], x: int) -> bool:
    """Whether each target of a group "with total cost X" has total cost X (2.3): a card, or a spell in
    the chase area (its item)."""
    cards = {c.id: c.source for c in s.chase if c.kind == "card"}
    return all(
        (t in s.objects or t in cards) and total_cost(s.card_of(cards.get(t, t))) == x
        for group, chosen in zip(groups, targets, strict=False)
        if group.filter.total_cost_x
        for t in chosen
    )


def _check_total_cost_x(ctx: Ctx, groups: Sequence[Any], targets: Sequence[Sequence[str]], x: int, what: str) -> None:
    """ "Cancel target normal spell ... with total cost X": the X chosen as it is played (9.3 p2.4)."""
    if not _total_cost_x_ok(ctx.s, groups, targets, x):
        raise ctx.reject("rules/illegal_target", "9.3 p2.4", f"a target of {what} must have total cost X = {x}")


def activate_ability_active(card: Card, ability: Ability, zone: str) -> bool:
    """Where an [Activate] ability can be played: the zones of 9.2 p1, or only the graveyard for one
    whose text makes it available there (9.2 p2: "remove this card in your graveyard ...")."""
    if ability.from_graveyard:
        return zone == "graveyard"
    return is_active_zone(card, zone)


def _pay_costs_after_play(
    ctx: Ctx,
    player: str,
    oid: str,
    index: int,
    ability: Ability,
    cause: str,
    cost_cards: Any = None,
    cost_counters: Any = None,
    *,
    reduce: bool = False,
) -> str:
    p = ctx.s.players[player]
    key = f"{oid}:{index}"
    if ability.once_per_turn and p.once_per_turn_used.count(key) > 1:
        raise ctx.reject(
            "rules/once_per_turn", "7.8 p2", f"{ctx.s.card_of(oid).name}'s ability can be played only once per turn"
        )
    if ability.times_per_turn is not None and p.once_per_turn_used.count(key) > ability.times_per_turn:
        # "You may play this ability up to twice per turn": the text limits it (1.4 p1), counted
        # with the play just made
        raise ctx.reject(
            "rules/times_per_turn",
            "1.4 p1",
            f"{ctx.s.card_of(oid).name}'s ability can be played only {ability.times_per_turn} times per turn",
        )
    if ability.gods_art and p.gods_arts_used.count(ability.name or "") > 1:
        raise ctx.reject("rules/gods_art_used", "12.4 p2", f"God's Art {ability.name} was already played this game")
    changed, cause = actions.changed_activate_cost(ctx, player, oid, ability, cause, reduce=reduce)  # 9.3 p2.5
    plain = changed.model_copy(update={"once_per_turn": False, "gods_art": False, "times_per_turn": None})
    use = ("gods_art" if ability.gods_art else "activate", oid)  # for will that may pay only for some (1.4 p1)
    return actions.pay_ability_costs(
        ctx, player, oid, index, plain, cause, cost_cards=cost_cards, cost_counters=cost_counters, will_use=use
    )


def _keyword_activate(ctx: Ctx, player: str, oid: str, which: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_chase_open(ctx, f"[{which.capitalize()}]")
    card = s.card_of(oid)
    base = s.cards[s.objects[oid].card]
    cost = base.evolution if which == "evolution" else base.shift
    rule = "12.7 p2" if which == "evolution" else "12.8 p2"
    if cost is None:
        raise ctx.reject(f"rules/no_{which}", rule, f"{card.name} has no [{which.title()}]")
    if which == "shift":
        require_main_timing(ctx, player, f"[Shift] of {card.name}", "12.8 p2")
        if s.objects[oid].side != "front":
            raise ctx.reject("rules/already_shifted", "12.8 p2", f"{card.name} is already future side up")
    cause = ctx.emit(
        "AbilityPlayed",
        {"item": ctx.fresh_id("c"), "kind": which, "player": player, "source": oid, "ability": -1, "targets": []},
        rule,
        actor=player,
    )
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = actions.pay_will(ctx, player, cost, cause, f"[{which.title()}] of {card.name}")
    if which == "evolution" and base.evolution_cards:  # "[Evolution] {1} Discard a Beast" (9.3 p2.5)
        actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=base.evolution_cards))
        cause = costs.pay_extra_costs(ctx, player, oid, actions_on_cards, args.get("cost_cards"), cause)
    flow.after_action(ctx, player, cause)


# --- other actions ----------------------------------------------------------------------


@command("PerformJudgment", "priority")
def perform_judgment(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_main_timing(ctx, player, "judgment", "7.5 p1")
    if s.players[player].judgment_turn == s.turn:
        raise ctx.reject("rules/judgment_done", "7.5 p1", "you have already done judgment this turn")
    ruler = next((oid for oid in s.zones[player]["ruler_area"] if effective_type(s, oid) == "ruler"), None)
    if ruler is None:
        raise ctx.reject("rules/no_ruler", "7.5 p1", "you have no ruler in your ruler area")
    if s.objects[ruler].rested:
        raise ctx.reject("rules/ruler_rested", "7.5 p1", "judgment needs a recovered ruler")
    printed = s.cards[s.objects[ruler].card].judgment
    if printed is None:
        raise ctx.reject("rules/no_judgment", "7.5 p2", f"{s.card_of(ruler).name} has no [Judgment]")
    options: list[JudgmentOption] = [printed, *printed.alternatives]
    which = args.get("judgment", 0)
    if not isinstance(which, int) or isinstance(which, bool) or not 0 <= which < len(options):
        raise ctx.reject(
            "rules/no_judgment",
            "7.5 p2",
            f"{s.card_of(ruler).name} has {len(options)} [Judgment] section(s): give 'judgment' from 0 to "
            f"{len(options) - 1}",
        )
    judgment = options[which]
    if judgment.condition is not None and not conditions.condition_met(s, judgment.condition, player, ruler):
        raise ctx.reject(
            "rules/ability_condition",
            "1.4 p1",
            f"the [Judgment] of {s.card_of(ruler).name} may be played only if its condition holds, and it does not",
        )
    reduced = None
    printed_cost = judgment.cost
    if judgment.any_amount:  # "Pay any number of will. You cannot choose to pay {0}." (7.5 p2)
        amount = args.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise ctx.reject(
                "rules/judgment_amount",
                "7.5 p2",
                f"the [Judgment] of {s.card_of(ruler).name} pays any number of will but not {{0}}: give 'amount' >= 1",
            )
        printed_cost = Cost(free=amount)
    x = _judgment_x(ctx, judgment, args, s.card_of(ruler).name)
    if x:  # "Pay {2}{X}. Spend only {M} will on X.": X more will, of that symbol if it says so (9.3 p2.5)
        printed_cost = _with_x(printed_cost, x, judgment.x_symbol)
    changed, less, changers = _judgment_cost(s, player, printed_cost)
    own = _own_judgment_less(s, player, ruler, judgment)
    if own:  # "If you control "Athos", you pay {3} less to play this ability" (9.3 p2.5)
        less, changers = less + own, [*changers, ruler]
    if _wants_reduction(ctx, args):
        reduced = conditions.reduce(s, changed, judgment.reduction, player, ruler)
        if reduced is None:
            raise ctx.reject(
                "rules/no_cost_reduction",
                "9.3 p2.5",
                f"the [Judgment] of {s.card_of(ruler).name} has no cost reduction that applies now",
            )
    data: dict[str, JSON] = {"item": ctx.fresh_id("c"), "kind": "judgment", "player": player, "source": ruler}
    if which:
        data["judgment"] = which
    if reduced is not None:
        data["reduced_cost"] = reduced.model_dump()
    if judgment.any_amount:
        data["amount"] = printed_cost.free
    if x is not None:
        data["x"] = x
    paid_cards = args.get("cost_cards")
    if judgment.cards and isinstance(paid_cards, list) and all(isinstance(g, list) for g in paid_cards):
        # the cards chosen for "[J-Activate] Banish a fire resonator" (7.5 p2), checked as they are paid
        data["cost_cards"] = [str(oid) for group in paid_cards for oid in group]
    cause = ctx.emit("JudgmentPerformed", data, "7.5 p2", actor=player)
    cost = _less(reduced or changed, less)
    if changers:  # "Your opponent pays {1} more to play [Judgment] abilities" (9.3 p2.5)
        changes: dict[str, JSON] = {"player": player, "of": "judgment", "sources": list(changers)}
        changes.update(printed=printed_cost.model_dump(), cost=cost.model_dump())
        cause = ctx.emit("CostChanged", changes, "9.3 p2.5", cause=cause)
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = actions.pay_will(ctx, player, cost, cause, "judgment", use=("judgment", ruler))
    if judgment.cards:  # "[J-Activate] Banish a fire resonator" (7.5 p2, 9.3 p2.5)
        actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=judgment.cards))
        cause = costs.pay_extra_costs(ctx, player, ruler, actions_on_cards, args.get("cost_cards"), cause)
    flow.after_action(ctx, player, cause)


def _judgment_x(ctx: Ctx, judgment: JudgmentOption, args: Mapping[str, Any], name: str) -> int | None:
    """The X chosen for a [Judgment] with an {X} cost (the ``x`` argument, as for an [Activate]
    ability's {X}, 9.3 p2.5); None when the section has no {X}."""
    x = args.get("x")
    if judgment.x != (x is not None) or (x is not None and (not isinstance(x, int) or isinstance(x, bool) or x < 0)):
        want = "an integer X of 0 or more for its {X} cost" if judgment.x else "no X: it has no {X} cost"
        raise ctx.reject("command/malformed", "9.3 p2.5", f"the [Judgment] of {name} takes {want}")
    return x


def _with_x(cost: Cost, x: int, symbol: WillSymbol | None) -> Cost:
    """``cost`` with the X will of an {X} added: free, or of ``symbol`` ("Spend only {M} will on X")."""
    if symbol is None:
        return Cost(attribute=dict(cost.attribute), free=cost.free + x)
    return Cost(attribute={**cost.attribute, symbol: cost.attribute.get(symbol, 0) + x}, free=cost.free)


def _judgment_x_commands(
    s: GameState, player: str, ruler: str, judgment: JudgmentOption, section: dict[str, JSON]
) -> list[Command]:
    """``PerformJudgment`` with each X from 0 up the player can pay for a [Judgment] with an {X} cost."""
    out: list[Command] = []
    for x in range(MAX_X + 1):
        changed, fewer, _ = _judgment_cost(s, player, _with_x(judgment.cost, x, judgment.x_symbol))
        fewer += _own_judgment_less(s, player, ruler, judgment)
        pay = plan_payment(s, player, _less(changed, fewer))
        if pay is None:
            break
        out.append(Command("PerformJudgment", player, {"pay_with": pay, **section, "x": x}))
    return out


def _own_judgment_less(s: GameState, player: str, ruler: str, judgment: JudgmentOption) -> int:
    """The free will a [Judgment] section's own decreases take off its cost: each whose condition
    holds as the judgment is performed ("If you control "Athos", you pay {3} less to play this
    ability", 9.3 p2.5)."""
    return sum(
        change.less
        for change in judgment.cost_changes
        if change.condition is None or conditions.condition_met(s, change.condition, player, ruler)
    )


def _judgment_cost(s: GameState, player: str, cost: Cost) -> tuple[Cost, int, list[str]]:
    """The [Judgment] cost with the increases of continuous abilities applied, the free will they
    take off afterwards and the cards changing it: increases first, then decreases (9.3 p2.5)."""
    more, less, sources = cost_changes(s, player, "judgment")
    return Cost(attribute=dict(cost.attribute), free=cost.free + more), less, sources


def _less(cost: Cost, less: int) -> Cost:
    """``cost`` with ``less`` free will taken off its free part (9.3 p2.5)."""
    return cost if not less else Cost(attribute=dict(cost.attribute), free=max(0, cost.free - less))


@command("CallMagicStone", "priority")
def call_magic_stone(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_main_timing(ctx, player, "calling a magic stone", "7.11 p1")
    p = s.players[player]
    if p.called_stone_turn == s.turn:
        raise ctx.reject("rules/stone_already_called", "7.11 p1", "you have already called a magic stone this turn")
    if p.judgment_turn == s.turn:
        raise ctx.reject("rules/called_after_judgment", "7.11 p1", "you cannot call a magic stone after judgment")
    if cannot_call_magic_stones(s, player):  # "You cannot call magic stones": the text beats 7.11 (1.4 p4)
        raise ctx.reject("rules/cannot_call", "1.4 p4", "an effect forbids you to call magic stones")
    ruler = _ruler_for_call(s, player)
    if ruler is None:
        raise ctx.reject("rules/ruler_rested", "7.11 p1", "calling a magic stone rests your recovered ruler or J-ruler")
    if not s.zones[player]["stone_deck"]:
        raise ctx.reject("rules/stone_deck_empty", "7.11 p1", "your magic stone deck is empty")
    cause = ctx.emit("MagicStoneCalled", {"player": player, "rested": ruler}, "7.11 p1", actor=player)
    cause = ctx.emit("CardRested", {"oid": ruler, "reason": "call"}, "7.11 p1", cause=cause, actor=player)
    cause = actions.move(
        ctx, s.zones[player]["stone_deck"][-1], "stone_area", cause, rule="7.11 p1", reason="call", controller=player
    )
    flow.after_action(ctx, player, cause)


def _ruler_for_call(s: GameState, player: str) -> str | None:
    for oid in s.zones[player]["ruler_area"] + s.zones[player]["field"]:
        if effective_type(s, oid) in ("ruler", "astral_ruler", "j_ruler") and not s.objects[oid].rested:
            return oid
    return None


@command("PutIntoStandby", "priority")
def put_into_standby(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_main_timing(ctx, player, "putting a card into the chant-standby area", "7.6 p1")
    oid = _obj_arg(ctx, args, "card", "7.6 p1")
    if s.objects[oid].zone != "hand" or s.objects[oid].owner != player:
        raise ctx.reject("rules/not_in_hand", "7.6 p1", f"{oid} is not in your hand")
    card = s.cards[s.objects[oid].card]
    if not version(s.ruleset).standby_any_card and card.subtype != "chant_standby":
        raise ctx.reject(
            "rules/standby_chant_standby_only",
            "7.6 p1",
            f"only [Spell:Chant-standby] cards may be put into the chant-standby area under {s.ruleset}",
        )
    cause = ctx.cause
    free, changers = standby_cost(s, player)
    if changers:  # "You pay {1} to put cards into your chant-standby area rather than pay {2}" (1.4 p1)
        changes: dict[str, JSON] = {"player": player, "of": "standby", "sources": list(changers)}
        changes.update(printed=Cost(free=2).model_dump(), cost=Cost(free=free).model_dump())
        cause = ctx.emit("CostChanged", changes, "9.3 p2.5", cause=cause, actor=player)
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = actions.pay_will(ctx, player, Cost(free=free), cause, "the chant-standby area")
    cause = actions.move(ctx, oid, "standby", cause, rule="7.6 p2", reason="standby", face_down=True, actor=player)
    cause = ctx.emit("CardPutIntoStandby", {"player": player, "oid": oid}, "7.6 p2", cause=cause, actor=player)
    flow.after_action(ctx, player, cause)


def can_lifebreak(s: GameState, player: str) -> bool:
    n = len(s.zones[player]["lifebreak"])
    return s.variant == "valhalla" and version(s.ruleset).can_lifebreak(n, s.players[player].life)


@command("Lifebreak", "priority")
def lifebreak(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    if s.variant != "valhalla":
        raise ctx.reject("rules/valhalla_only", "7.10 p1", "lifebreak exists only under the Valhalla rule")
    if not can_lifebreak(s, player):
        n = len(s.zones[player]["lifebreak"])
        raise ctx.reject(
            "rules/lifebreak_threshold",
            "7.10 p1",
            f"you may lifebreak only while your lifebreak area ({n}) holds "
            f"{'at least' if version(s.ruleset).lifebreak_at_threshold else 'more than'} (life-1)/1000 cards",
        )
    oid = s.zones[player]["lifebreak"][-1]
    cause = ctx.emit("LifebreakPerformed", {"player": player, "oid": oid}, "7.10 p1", actor=player)
    card = s.cards[s.objects[oid].card]
    if any(a.kind == "break" for a in card.abilities):
        cause = actions.move(ctx, oid, "chase", cause, rule="7.10 p2", reason="lifebreak", revealed=True)
        cause = ctx.emit(
            "BreakPlayed",
            {"item": ctx.fresh_id("c"), "kind": "break", "player": player, "source": oid},
            "7.10 p2",
            cause=cause,
            actor=player,
        )
    else:
        cause = actions.move(ctx, oid, "graveyard", cause, rule="7.10 p4", reason="lifebreak")
    flow.after_action(ctx, player, cause)


@command("Pass", "priority")
def pass_(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    if is_main_timing(s, player) and flow.must_attack(s):
        raise ctx.reject(
            "rules/must_attack",
            "7.12 p2",
            "you control a J/resonator that must attack and can attack: you may not pass",
        )
    flow.pass_priority(ctx, player, ctx.cause)


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


@command("DeclareAttack", "declare_attack")
def declare_attack(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    attacker = _obj_arg(ctx, args, "attacker", "8.2 p3.1")
    target = args.get("target")
    if not flow.can_attack_with(s, attacker):
        raise ctx.reject(
            "rules/cannot_attack",
            "8.2 p3.1",
            f"{s.card_of(attacker).name} ({attacker}) is not a recovered J/resonator you have controlled "
            "since the beginning of the turn",
        )
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
            "rules/cannot_attack_resonators", "1.4 p1", f"{name} ({attacker}) cannot attack resonators: its text says"
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


@command("DeclareBlock", "declare_block")
def declare_block(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    blocker = _obj_arg(ctx, args, "blocker", "8.3 p3")
    attacker = s.battle.attacker if s.battle is not None else None
    if attacker is not None and overrides_for(s, attacker).cannot_be_blocked:
        name = s.card_of(attacker).name
        raise ctx.reject(
            "rules/cannot_be_blocked", "1.4 p1", f"{name} ({attacker}) cannot be blocked: its text says so"
        )
    if attacker is not None and flow.blocked_by(s, attacker, blocker):
        name = s.card_of(attacker).name
        raise ctx.reject(
            "rules/cannot_be_blocked",
            "1.4 p1",
            f"{name} ({attacker}) cannot be blocked by {s.card_of(blocker).name} ({blocker}): its text says so",
        )
    if not flow.can_block_with(s, blocker):
        raise ctx.reject(
            "rules/cannot_block",
            "8.3 p3",
            f"{s.card_of(blocker).name} ({blocker}) cannot block: it must be a recovered J/resonator of yours "
            "other than the attacked object (and have [Flying] to block a flying attacker)",
        )
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


@command("PlayTriggered", "trigger")
def play_triggered(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    trig = next((t for t in s.triggered if t.id == args.get("trigger") and t.controller == player), None)
    if trig is None:
        raise ctx.reject("rules/unknown_trigger", "6.2 p2", "choose one of your triggered automatic objects")
    cause = actions.play_trigger(ctx, trig, args.get("targets"), _pay_with(ctx, args), ctx.cause, actor=player)
    flow.open_priority(ctx, s.turn_player, cause)


@command("DeclineTrigger", "trigger")
def decline_trigger(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    trig = next((t for t in s.triggered if t.id == args.get("trigger") and t.controller == player), None)
    if trig is None or trig.kind not in ("card", "stealth"):
        raise ctx.reject(
            "rules/must_play_trigger",
            "9.6 p6",
            "triggered automatic abilities must be played; only revealing a card is optional",
        )
    if trig.kind == "card" and not version(s.ruleset).standby_reveal_optional:
        # a chant-standby card is an automatic ability here: played unless it cannot be (9.6 p6)
        if any(_accepted(s, c) for c in _trigger_commands(s, trig, player)):
            raise ctx.reject(
                "rules/must_play_trigger",
                "9.6 p6",
                f"{s.card_of(trig.source).name} has triggered and can be played, so it must be played",
            )
        cause = ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "cannot be played"}, "9.6 p6", actor=player)
    else:
        cause = ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "not revealed"}, "7.9 p2", actor=player)
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
    if p.kind in ("search", "put_from_hand", "put_from_removed"):
        allowed = list(p.options["cards"])
        if not int(p.options.get("min", 0)) <= len(cards) <= int(p.options["max"]) or any(
            c not in allowed for c in cards
        ):
            where = {"search": "main deck", "put_from_hand": "hand"}.get(p.kind, "removed area")
            least = int(p.options.get("min", 0))
            how_many = f"from {least} to {p.options['max']}" if least else f"up to {p.options['max']}"
            rule = "10.13 p1" if p.kind == "put_from_removed" else "10.13 p2"  # a public zone, or a hidden one
            raise ctx.reject("rules/search_choice", rule, f"choose {how_many} matching card(s) from your {where}")
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


@command("ChooseNumber", "number", "pay_life")
def choose_number(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "choose a number" with ``number``, an integer of 0 or higher (FoW-5.5 1.4 p5); "pay any
    amount of life" with the life to pay, a multiple of one hundred (1.5 p4.1)."""
    number = args.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise ctx.reject("rules/number_choice", "1.4 p5", "'number' must be an integer of 0 or higher")
    assert ctx.s.pending is not None
    if ctx.s.pending.kind == "pay_life" and number % 100:
        raise ctx.reject("rules/number_choice", "1.5 p4.1", "life is paid by a multiple of one hundred")
    done = actions.resolve_top(ctx, ctx.cause, choice=number)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseOption", "option")
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


@command("ChooseReplacement", "replacement")
def choose_replacement(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer which replacement effect applies first to damage (``effect``: one of the ``choices``):
    the controller of what deals it chooses among those that are no prevention (FoW-5.5 9.10 p2.1);
    the damage is then dealt with that choice and those made before it (``chosen``)."""
    s = ctx.s
    assert s.pending is not None
    options = s.pending.options
    effect = args.get("effect")
    choices = options.get("choices")
    if not isinstance(choices, list) or effect not in choices:
        raise ctx.reject("rules/replacement_choice", "9.10 p2.1", f"'effect' must be one of {choices}")
    ctx.replacement_picks = [*[str(c) for c in options.get("chosen", [])], str(effect)]
    chosen = {"player": player, "replacement": effect}
    cause = ctx.emit("OptionChosen", chosen, "9.10 p2.1", actor=player)
    if "battle" in options:
        flow.resume_battle_damage(ctx, str(options["battle"]), cause)
        return
    done = actions.resolve_top(ctx, cause, choice=REPLACEMENT_ANSWER)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


REPLACEMENT_ANSWER = "replacement"
"""The ``choice`` an effect resumes with once the replacement asked about is chosen (the picks are
read from ``Ctx.replacement_picks``)."""


NAMED_CARD_TYPES = ("ruler", "j_ruler", "resonator", "addition", "spell", "regalia", "magic_stone")
"""The card types a player may name (FoW-5.5 2.1 p1)."""


@command("NameCard", "name_card", "name_card_type")
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


@command("ChooseAttribute", "attribute")
def choose_attribute(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """Answer "choose an attribute" with ``attribute``: one of the five, W R U G B (FoW-5.5 2.8)."""
    attribute = args.get("attribute")
    if attribute not in ("W", "R", "U", "G", "B"):
        raise ctx.reject("rules/attribute_choice", "2.8 p2", "'attribute' must be one of W, R, U, G, B")
    done = actions.resolve_top(ctx, ctx.cause, choice=attribute)
    if done is not None:
        flow.continue_after_resolution(ctx, done)


@command("ChooseRace", "race")
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


@command("ChooseAttributes", "attributes")
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


@command("ChooseSkill", "skill")
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


@command("ChooseOptional", "optional")
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


# --- decide -----------------------------------------------------------------------------


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


def may_name(state: GameState, player: str) -> Callable[[str], bool]:
    """Whether ``player`` may name an object in a command: they may see it (:func:`is_visible`),
    or their pending decision offers it (a search shows the searched cards, 3.1 p2), or one of
    their legal actions names it."""
    return hidden.nameable(state, player, is_visible, legal_actions)


_decide = COMMAND_TABLE.decide


# --- legal actions ----------------------------------------------------------------------

MAX_TARGET_COMBOS = 12


def _will_sources(s: GameState, player: str) -> list[tuple[str, int, list[list[str]]]]:
    out = []
    for zone in ("stone_area", "ruler_area", "field"):
        for oid in s.zones[player][zone]:
            obj = s.objects[oid]
            if activate_forbidden(s, oid):  # will abilities too (1.4 p4)
                continue
            for i, a in characteristics(s, oid).abilities:
                if actions.is_will_ability(a) and is_active_zone(s.card_of(oid), obj.zone):
                    if a.cost.rest and (obj.rested or not actions.sickness_ok(s, oid)):
                        continue
                    if a.cost.banish_self or a.cost.pay_life or costs.has_extra_costs(a):
                        continue
                    if actions.activate_will_cost(s, player, oid, a).total:  # also "pays {1} more" (9.3 p2.5)
                        continue
                    if a.once_per_turn and f"{oid}:{i}" in s.players[player].once_per_turn_used:
                        continue
                    out.append((oid, i, actions.will_options(a, s, player)))
    return out


def plan_payment(
    s: GameState, player: str, cost: Cost, exclude: Sequence[str] = (), use: actions.Use | None = None
) -> list[dict[str, JSON]] | None:
    """A ``pay_with`` list that pays ``cost`` from the pool plus will abilities, or None.  Will that
    may pay only for some things ("Spend that will only to play Fairy resonators", 1.4 p1) is used
    only for such a ``use``."""
    restricted = [w["will"] for w in actions.usable_restricted(s, player, use)]
    pool = restricted + list(s.players[player].will)
    moon_as = moon_will_as(s, player)  # "You may spend {M} as though it were {G}"
    if actions.allocate(pool, cost, moon_as) is not None:
        return []
    sources = [
        src
        for src in _will_sources(s, player)
        if src[0] not in exclude and _may_use_source(s, player, src[0], src[1], use)
    ]
    plan: list[dict[str, JSON]] = []
    need: Counter[str] = Counter({str(k): v for k, v in cost.attribute.items()})
    for w in pool:
        if need[w] > 0:
            need[w] -= 1
    used: set[str] = set()
    # produce the needed attributes first, preferring sources with a single option
    for attr in list(need.elements()):
        found = None
        for oid, idx, options in sorted(sources, key=lambda x: len(x[2])):
            opt = next((o for o in options if attr in o), None)
            if opt is None and attr in moon_as:  # moon will pays it too
                opt = next((o for o in options if "M" in o), None)
            if oid not in used and opt is not None:
                found = (oid, idx, opt, len(options) > 1)
                break
        if found is None:
            return None
        oid, idx, opt, multi = found
        used.add(oid)
        pool += opt
        plan.append({"source": oid, "ability": idx, **({"choice": _choice_of(s, oid, idx, opt)} if multi else {})})
    for oid, idx, options in sources:
        if actions.allocate(pool, cost, moon_as) is not None:
            break
        if oid in used:
            continue
        used.add(oid)
        pool += options[0]
        multi = len(options) > 1
        plan.append(
            {"source": oid, "ability": idx, **({"choice": _choice_of(s, oid, idx, options[0])} if multi else {})}
        )
    return plan if actions.allocate(pool, cost, moon_as) is not None else None


def _ability_use(ability: Ability, oid: str) -> actions.Use:
    """What the will paid for ``ability`` of ``oid`` pays for: a God's Art or another [Activate] ability."""
    return ("gods_art" if ability.gods_art else "activate", oid)


def _choice_of(s: GameState, oid: str, index: int, option: list[str]) -> str:
    """The ``choice`` of a will ability producing ``option`` (its last will, or all of them)."""
    ability = dict(characteristics(s, oid).abilities)[index]
    return actions.will_choice(actions.will_options(ability, s, s.objects[oid].controller), option)


def _may_use_source(s: GameState, player: str, oid: str, index: int, use: actions.Use | None) -> bool:
    """Whether a will ability's will could pay here: any will, or will that may pay only for some
    things when ``use`` is one of them (1.4 p1)."""
    spend_only = actions.spend_only_of(dict(characteristics(s, oid).abilities)[index])
    return actions.may_spend_on(s, spend_only, player, use)


def _target_options(s: GameState, groups: Sequence[Any], player: str, source: str) -> list[list[list[str]]] | None:
    per_group: list[list[list[str]]] = []
    for g in groups:
        legal = actions.legal_targets(s, g, player, source)
        if not legal and not g.up_to:
            return None
        sizes = range(min(g.count, len(legal)), -1, -1) if g.up_to else [min(g.count, len(legal))]
        per_group.append([list(c) for n in sizes for c in itertools.combinations(legal, n)])
    combos = (c for c in itertools.product(*per_group) if actions.distinct_seconds(groups, c))
    return [list(combo) for combo in itertools.islice(combos, MAX_TARGET_COMBOS)]


def _accepted(s: GameState, cmd: Command) -> bool:
    return not isinstance(_decide(s, cmd), Rejection)


def _trigger_commands(s: GameState, trig: Triggered, player: str) -> list[Command]:
    """The ways to play one triggered automatic object (targets and payment filled in)."""
    groups = actions.chosen_groups(actions.trigger_effects(s, trig))
    combos = _target_options(s, groups, player, trig.source) or [[]]
    pay: list[dict[str, JSON]] | None = []
    if trig.kind == "card":
        cost = s.cards[s.objects[trig.source].card].trigger_cost
        pay = plan_payment(s, player, cost) if cost else []
    return [Command("PlayTriggered", player, {"trigger": trig.id, "targets": c, "pay_with": pay or []}) for c in combos]


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
    elif p.kind == "hand_change":
        hand = s.zones[player]["hand"]
        out = [
            Command("ChangeHand", player, {"cards": list(c)})
            for n in range(len(hand) + 1)
            for c in itertools.combinations(hand, n)
        ]
    elif p.kind == "priority":
        out = _priority_actions(s, player)
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
    elif p.kind == "attributes":  # any number of the five (2.8 p2)
        five = ["W", "R", "U", "G", "B"]
        subsets = itertools.chain.from_iterable(itertools.combinations(five, n) for n in range(6))
        out = [Command("ChooseAttributes", player, {"attributes": list(c)}) for c in subsets]
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
    elif p.kind in ("discard_to_hand_size", "discard"):
        hand = s.zones[player]["hand"]
        count = int(p.options["count"])
        out = [
            Command("ChooseCards", player, {"cards": list(c)})
            for c in itertools.islice(itertools.combinations(hand, count), MAX_TARGET_COMBOS)
        ]
    elif p.kind == "banish" and isinstance(p.options.get("groups"), list):  # one kept of each name
        kept = itertools.islice(itertools.product(*p.options["groups"]), MAX_TARGET_COMBOS)
        out = [Command("ChooseCards", player, {"cards": [c for c in p.options["cards"] if c not in k]}) for k in kept]
    elif p.kind == "keep_rested":  # any of them may stay rested (5.2 p5, 1.4 p1)
        offered = list(p.options["cards"])
        subsets = itertools.chain.from_iterable(itertools.combinations(offered, n) for n in range(len(offered) + 1))
        out = [Command("ChooseCards", player, {"cards": list(c)}) for c in itertools.islice(subsets, MAX_TARGET_COMBOS)]
    elif p.kind in ("banish", "discard_chosen", "keep", "move_onto", "fight"):
        out = [
            Command("ChooseCards", player, {"cards": list(c)})
            for c in itertools.islice(
                itertools.combinations(p.options["cards"], int(p.options["count"])), MAX_TARGET_COMBOS
            )
        ]
    elif p.kind == "recover":  # up to "max" of them: as many as allowed, or none
        cards = list(p.options["cards"])
        n = min(int(p.options["max"]), len(cards))
        out = [
            Command("ChooseCards", player, {"cards": list(c)})
            for c in itertools.islice(itertools.combinations(cards, n), MAX_TARGET_COMBOS)
        ]
        out.append(Command("ChooseCards", player, {"cards": []}))
    elif p.kind == "put_from_removed":  # any number of them (a representative subset of the choices)
        cards = list(p.options["cards"])
        out = [Command("ChooseCards", player, {"cards": cards[:n]}) for n in range(len(cards) + 1)]
    elif p.kind == "search" and isinstance(p.options.get("either"), list):  # "a X and/or a Y"
        pairs = [list(x) for x in p.options["either"]]
        singles = [[c] for c in p.options["cards"]]
        out = [Command("ChooseCards", player, {"cards": c}) for c in [*pairs, *singles, []]]
    elif p.kind in ("search", "put_from_hand"):
        cards = list(p.options["cards"])
        n = min(int(p.options["max"]), len(cards))
        out = [
            Command("ChooseCards", player, {"cards": list(c)})
            for c in itertools.islice(itertools.combinations(cards, n), MAX_TARGET_COMBOS)
        ]
        if n and not int(p.options.get("min", 0)):  # "for a card": one must be found if any (10.13 p2)
            out.append(Command("ChooseCards", player, {"cards": []}))
    elif p.kind == "look":  # every choice of cards; the rest in their present order
        cards = list(p.options["cards"])
        out = [
            Command("ChooseCards", player, {"cards": list(c)})
            for n in range(int(p.options["min"]), min(int(p.options["max"]), len(cards)) + 1)
            for c in itertools.islice(itertools.combinations(cards, n), MAX_TARGET_COMBOS)
        ]
    out = [c for c in out if _accepted(s, c)]
    out.append(Command("Concede", player))
    return out


def _priority_actions(s: GameState, player: str) -> list[Command]:
    out: list[Command] = [Command("Pass", player)]
    main = is_main_timing(s, player)
    # a version may allow resonators in a battle of the main phase (5.01 7.1 p1)
    battle_main = version(s.ruleset).resonators_during_battle and s.turn_player == player and s.phase == "main"
    battle_main = battle_main and s.battle is not None and not s.chase
    elsewhere = list(s.zones[player]["graveyard"]) + list(s.zones[player]["removed"])
    for oid in list(s.zones[player]["hand"]) + list(s.zones[player]["standby"]) + elsewhere:
        card = s.cards[s.objects[oid].card]
        if card.type in ("ruler", "j_ruler", "magic_stone"):
            continue
        zone = s.objects[oid].zone
        if zone in ("graveyard", "removed") and not play_permissions(s, player, oid):
            continue  # [Remnant], "You may play cards in your graveyard", "... from the removed area"
        if zone == "standby" and not (card.subtype == "chant_standby" and card.trigger == "anytime"):
            continue
        if card.type == "spell" and card.subtype == "chant_standby" and zone != "standby":
            continue
        instant = card.subtype == "chant_instant" or "quickcast" in card.skills or zone == "standby"
        instant = instant or granted_quickcast(s, oid)  # "Wind resonators in your hand gain [Quickcast]"
        if not (instant or main or (battle_main and card.type == "resonator")):
            continue
        cost = (card.trigger_cost or Cost()) if zone == "standby" else card.cost
        if cost is None:
            continue
        paid_with: dict[str, JSON] = {}
        if card.play_cards:  # "As an additional cost to play this card, ..." (9.3 p2.5)
            play_choices = costs.cost_choices(
                s, Ability(kind="activate", cost=ActivateCost(cards=card.play_cards)), player, oid
            )
            if play_choices is None:
                continue
            paid_with = {"cost_cards": play_choices[0]}
        targeted = zone != "standby" and conditions.reads_targets(card.cost_reduction)
        reduced = conditions.reduced_cost(s, card, player, oid, any_target=True) if zone != "standby" else None
        # other cards' increases and decreases of the cost (9.3 p2.5); "you may" ones on request
        prices: list[tuple[dict[str, JSON], Cost]] = [({}, play_price(s, player, oid, cost, reduce=False)[0])]
        if reduced is not None or any(change.optional for _, change in play_cost_changes(s, player, oid)):
            prices.append(({"reduce": True}, play_price(s, player, oid, reduced or cost, reduce=True)[0]))
        if zone != "standby":  # "You may banish this card rather than pay the cost of ..." (9.3 p2.5)
            no_will = play_price(s, player, oid, Cost(), reduce=False)[0]  # increases are still paid
            prices += [({"banish_instead": src}, no_will) for src in banish_alternatives(s, player, oid)]
        for reduce_arg, price in prices:
            pay = plan_payment(s, player, price, use=("play", oid))
            if pay is None:
                continue
            for modes in conditions.mode_options(s, card.effects if card.type == "spell" else [], player, oid):
                if card.type == "addition" and card.subtype != "field":
                    groups = [actions.addition_target(card.subtype)]
                elif card.type == "spell":
                    groups = actions.chosen_groups(conditions.expand(card.effects, modes))
                else:
                    groups = []
                combos = _target_options(s, groups, player, oid)
                if combos is None:
                    continue
                chosen: dict[str, JSON] = {"modes": list(modes)} if modes else {}
                for c in combos:
                    flat = [t for g in c for t in g]  # "if it targets a Saint": these targets? (9.3 p2.4)
                    if (
                        "reduce" in reduce_arg
                        and targeted
                        and conditions.reduced_cost(s, card, player, oid, flat) is None
                    ):
                        continue
                    out.append(
                        Command(
                            "PlayCard",
                            player,
                            {"card": oid, "targets": c, "pay_with": pay, **chosen, **reduce_arg, **paid_with},
                        )
                    )
        priced = prices[0][1]  # the cost with other cards' changes, as play_card pays it
        pay = plan_payment(s, player, priced, use=("play", oid))
        if pay is None:
            continue
        if card.awakening is not None:
            total = Cost(
                attribute=dict(Counter(priced.attribute) + Counter(card.awakening.cost.attribute)),
                free=priced.free + card.awakening.cost.free,
            )
            pay2 = plan_payment(s, player, total, use=("play", oid))
            combos2 = _target_options(s, actions.chosen_groups(card.effects + card.awakening.effects), player, oid)
            awaken_with: dict[str, JSON] | None = paid_with
            if card.awakening.cards:  # "[Awakening] {U}, discard a card" (12.1 p1, 9.3 p2.5)
                on_cards = ActivateCost(cards=[*card.play_cards, *card.awakening.cards])
                choices = costs.cost_choices(s, Ability(kind="activate", cost=on_cards), player, oid)
                awaken_with = {"cost_cards": choices[0]} if choices else None
            if card.awakening.x and combos2 and awaken_with is not None:  # "[Awakening] {X}": each X payable
                for x in range(MAX_X + 1):
                    pay_x = plan_payment(s, player, _with_x(total, x, None))
                    if pay_x is None:
                        break
                    awaken_x = {"targets": combos2[0], "pay_with": pay_x, "awaken": True, **awaken_with, "x": x}
                    out.append(Command("PlayCard", player, {"card": oid, **awaken_x}))
            elif pay2 is not None and combos2 and awaken_with is not None:
                out.append(
                    Command(
                        "PlayCard",
                        player,
                        {"card": oid, "targets": combos2[0], "pay_with": pay2, "awaken": True, **awaken_with},
                    )
                )
    for zone in ("field", "ruler_area", "stone_area", "graveyard"):
        for oid in s.zones[player][zone]:
            if zone != "graveyard" and activate_forbidden(s, oid):
                continue  # "Players cannot play activate abilities of resonators ..." (1.4 p4)
            for i, a in characteristics(s, oid).abilities:
                if a.kind != "activate" or a.from_graveyard != (zone == "graveyard"):
                    continue
                if a.condition is not None and not conditions.condition_met(s, a.condition, player, oid):
                    continue  # "Play this ability only if ..." (1.4 p1)
                paid_with_cards = costs.cost_choices(s, a, player, oid) if a.cost.cards else [[]]
                if not paid_with_cards or not costs.can_pay_without_choice(s, a, oid):
                    continue
                more: dict[str, JSON] = {"cost_cards": paid_with_cards[0]} if a.cost.cards else {}
                rc = a.cost.remove_counters
                if rc is not None and costs.counter_choice_needed(s, rc, player, oid):
                    more["cost_counters"] = costs.counter_plan(s, rc, player, oid)  # one way (9.3 p2.5)
                if actions.is_will_ability(a):
                    extra: dict[str, JSON] = dict(more)
                    will = actions.activate_will_cost(s, player, oid, a)
                    if will.total:
                        will_pay = plan_payment(
                            s, player, will, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid)
                        )
                        if will_pay is None:
                            continue
                        extra["pay_with"] = list(will_pay)
                    will_opts = actions.will_options(a, s, player)
                    out += [
                        Command(
                            "ActivateAbility",
                            player,
                            {"source": oid, "ability": i, "choice": actions.will_choice(will_opts, option), **extra},
                        )
                        if len(will_opts) > 1
                        else Command("ActivateAbility", player, {"source": oid, "ability": i, **extra})
                        for option in will_opts
                    ]
                    continue
                if a.main_timing and not main:
                    continue
                will = actions.activate_will_cost(s, player, oid, a)
                if a.cost.x and a.cost.remove_counters is not None and a.cost.remove_counters.x:
                    out += _counters_x_commands(s, player, oid, i, a, will, more)  # "remove X magic counters"
                    continue
                if a.cost.x:  # "{X}": each X the player can pay (9.3 p2.5)
                    for x in range(MAX_X + 1):
                        more_will = Cost(attribute=dict(will.attribute), free=will.free + x)
                        x_pay = plan_payment(
                            s, player, more_will, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid)
                        )
                        if x_pay is None:
                            break
                        for c in _target_options(s, actions.chosen_groups(a.effects), player, oid) or []:
                            x_args: dict[str, JSON] = {"source": oid, "ability": i, "targets": c, "pay_with": x_pay}
                            out.append(Command("ActivateAbility", player, {**x_args, **more, "x": x}))
                    continue
                pay = plan_payment(s, player, will, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid))
                art_less = (
                    actions.activate_will_cost(s, player, oid, a, reduce=True)
                    if actions.optional_cost_changes(s, player, oid, a)
                    else None
                )
                pay_less = (
                    plan_payment(s, player, art_less, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid))
                    if art_less is not None
                    else None
                )
                if pay_less is not None:  # "you may pay {B}{B} less to play its God's Art abilities" (9.3 p2.5)
                    for modes in conditions.mode_options(s, a.effects, player, oid):
                        groups = actions.chosen_groups(conditions.expand(a.effects, modes))
                        for c in _target_options(s, groups, player, oid) or []:
                            cheaper: dict[str, JSON] = {"source": oid, "ability": i, "targets": c, "pay_with": pay_less}
                            cheaper.update(reduce=True, **more, **({"modes": list(modes)} if modes else {}))
                            out.append(Command("ActivateAbility", player, cheaper))
                if pay is None:
                    continue
                for modes in conditions.mode_options(s, a.effects, player, oid):
                    groups = actions.chosen_groups(conditions.expand(a.effects, modes))
                    combos = _target_options(s, groups, player, oid)
                    if combos is None:
                        continue
                    picked: dict[str, JSON] = {"modes": list(modes)} if modes else {}
                    out += [
                        Command(
                            "ActivateAbility",
                            player,
                            {"source": oid, "ability": i, "targets": c, "pay_with": pay, **more, **picked},
                        )
                        for c in combos
                    ]
                    out += [
                        Command(
                            "ActivateAbility",
                            player,
                            {
                                "source": oid,
                                "ability": i,
                                "targets": combos[0],
                                "pay_with": pay,
                                **more,
                                "cost_cards": other,
                                **picked,
                            },
                        )
                        for other in (paid_with_cards[1:] if a.cost.cards else [])
                    ]
    if main:
        out.append(Command("CallMagicStone", player))
        out.append(Command("InitiateBattle", player))
        ruler = next((o for o in s.zones[player]["ruler_area"] if effective_type(s, o) == "ruler"), None)
        if ruler is not None:
            printed = s.cards[s.objects[ruler].card].judgment
            options: list[JudgmentOption] = [printed, *printed.alternatives] if printed is not None else []
            for which, judgment in enumerate(options):
                section: dict[str, JSON] = {"judgment": which} if which else {}
                if judgment.cards:
                    actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=judgment.cards))
                    ways = costs.cost_choices(s, actions_on_cards, player, ruler)
                    if ways is None:
                        continue
                    section["cost_cards"] = [[oid for oid in group] for group in ways[0]]
                if judgment.any_amount:  # any number of will, one or more: one is offered (7.5 p2)
                    section["amount"] = 1
                if judgment.x:  # "Pay {2}{X}": each X the player can pay (9.3 p2.5)
                    out += _judgment_x_commands(s, player, ruler, judgment, section)
                    continue
                changed, fewer, _ = _judgment_cost(s, player, Cost(free=1) if judgment.any_amount else judgment.cost)
                fewer += _own_judgment_less(s, player, ruler, judgment)
                pay = plan_payment(s, player, _less(changed, fewer), use=("judgment", ruler))
                if pay is not None:
                    out.append(Command("PerformJudgment", player, {"pay_with": pay, **section}))
                less = conditions.reduce(s, changed, judgment.reduction, player, ruler)
                pay = plan_payment(s, player, _less(less, fewer), use=("judgment", ruler)) if less is not None else None
                if pay is not None:
                    out.append(Command("PerformJudgment", player, {"pay_with": pay, "reduce": True, **section}))
        pay = plan_payment(s, player, Cost(free=standby_cost(s, player)[0]))
        if pay is not None:
            out += [
                Command("PutIntoStandby", player, {"card": oid, "pay_with": pay}) for oid in s.zones[player]["hand"]
            ]
    if can_lifebreak(s, player):
        out.append(Command("Lifebreak", player))
    return out


# --- views (3.1 hidden information) -------------------------------------------------------


def _obj_view(s: GameState, oid: str) -> dict[str, JSON]:
    obj = s.objects[oid]
    card = s.card_of(oid)
    view: dict[str, JSON] = {"oid": oid, "card": card.id, "name": card.name}
    if obj.zone in PLAYGROUND:
        chars = characteristics(s, oid)
        view.update(
            type=effective_type(s, oid),
            rested=obj.rested,
            atk=chars.atk,
            def_=chars.def_,
            damage=obj.damage,
            skills=sorted(chars.skills),
            counters=dict(obj.counters),
            attached_to=obj.attached_to,
        )
        if obj.side != "front":
            view["side"] = obj.side
    return view


def is_visible(s: GameState, oid: str, viewer: str | None) -> bool:
    obj = s.objects[oid]
    if viewer is None:
        return True
    if obj.zone in ("hand", "standby"):
        return obj.owner == viewer or obj.revealed
    if obj.zone == "main_deck" and s.zones[obj.owner]["main_deck"][-1:] == [oid] and top_card_revealed(s, obj.owner):
        return True  # "Your opponent plays with the top card of their main deck revealed" (10.4 p1)
    if obj.zone == "main_deck" and obj.owner == viewer and s.zones[viewer]["main_deck"][-1:] == [oid]:
        # "You may look at the top card of your main deck at any time" (3.1 p2)
        return obj.revealed or may_look_at_top_card(s, viewer)
    if obj.zone in HIDDEN_ZONES or obj.zone == "outside":
        return obj.revealed
    return not (obj.zone == "removed" and obj.face_down and obj.owner != viewer)


def view(state: GameState, viewer: str | None) -> dict[str, JSON]:
    """The game as ``viewer`` may see it (a judge when None): hidden zones show counts only."""
    s = state
    players: dict[str, JSON] = {}
    for pid in s.order:
        p = s.players[pid]
        zones: dict[str, JSON] = {}
        for zone, oids in s.zones[pid].items():
            if zone == "outside":
                continue
            if viewer is None:
                zones[zone] = [_obj_view(s, o) for o in oids]
            elif zone in HIDDEN_ZONES:
                visible = [_obj_view(s, o) for o in oids if is_visible(s, o, viewer)]
                zones[zone] = (
                    {"count": len(oids), "cards": visible} if zone in ("hand", "standby") else {"count": len(oids)}
                )
                if zone == "main_deck" and oids and pid == viewer and may_look_at_top_card(s, viewer):
                    # "You may look at the top card of your main deck at any time" (3.1 p2)
                    zones[zone] = {"count": len(oids), "top": _obj_view(s, oids[-1])}
                if zone == "main_deck" and oids and top_card_revealed(s, pid):
                    # "Your opponent plays with the top card of their main deck revealed" (10.4 p1)
                    zones[zone] = {"count": len(oids), "top": _obj_view(s, oids[-1])}
            else:
                zones[zone] = [_obj_view(s, o) for o in oids if is_visible(s, o, viewer)]
        players[pid] = {"name": p.name, "life": p.life, "will": list(p.will), "lost": p.lost, "zones": zones}
    chase = [
        {
            "item": c.id,
            "kind": c.kind,
            "controller": c.controller,
            "source": _obj_view(s, c.source),
            "targets": c.targets,
        }
        for c in s.chase
    ]
    out: dict[str, JSON] = {
        "game_id": s.game_id,
        "ruleset": s.ruleset,
        "variant": s.variant,
        "version": s.seq,
        "turn": s.turn,
        "turn_player": s.turn_player,
        "phase": s.phase,
        "step": s.step,
        "pending": {"kind": s.pending.kind, "player": s.pending.player} if s.pending else None,
        "battle": None
        if s.battle is None
        else {"attacker": s.battle.attacker, "target": s.battle.target, "blocker": s.battle.blocker},
        "chase": chase,
        "players": players,
        "finished": s.finished,
        "winner": s.winner,
        "result": s.result,
        "viewer": viewer or "judge",
    }
    if s.reconstructed:
        out["reconstructed"] = True  # started from a declared position (domain.fow.position)
    if viewer is None:
        out["seed"] = s.seed
        out["pending"] = (
            {"kind": s.pending.kind, "player": s.pending.player, "options": s.pending.options} if s.pending else None
        )
    return out


def _zone_visible(zone: str, owner: Any, viewer: str) -> bool:
    """Public zones, plus the hand and chant-standby area for their owner (3.5 p2, 3.11 p2)."""
    if zone in ("hand", "standby"):
        return bool(owner == viewer)
    return zone not in HIDDEN_ZONES and zone != "outside"


def redact_event(state: GameState, event: Event, viewer: str | None) -> Event:
    """An event as ``viewer`` may see it.  ``state`` is the state *after* the event (only
    card ownership is read from it)."""
    if viewer is None:
        return event
    d = dict(event.data)
    t = event.type
    if t == "GameStarted":
        d.pop("seed", None)
        d["objects"] = [o if o["owner"] == viewer else {**o, "card": None} for o in d["objects"]]
        d["cards"] = hidden.own_deck_list(event.data["cards"], event.data["objects"], viewer)
    elif t == "DeckShuffled":
        d["order"] = None
        d["count"] = len(event.data["order"])
    elif t == "CardMoved":
        owner = d.get("owner")
        # a card removed face down is hidden from all but its owner here (3.12 p2.1)
        into = _zone_visible(d["to"], owner, viewer) and (not d.get("face_down") or owner == viewer)
        seen = _zone_visible(d["from"], owner, viewer) or into or d.get("revealed")
        if not seen:
            d["oid"] = None
            d["card"] = None
    elif t == "HandChangeDeclared" and d.get("player") != viewer:
        d["cards"] = None
        d["count"] = len(event.data["cards"])
    elif t == "ChoiceRequested" and d.get("player") != viewer:
        d["options"] = {}
    elif t == "CardLookedAt" and d.get("player") != viewer:
        d["card"] = None  # only the looker sees the card (3.1 p2)
    elif t == position.EVENT:
        d = position.redact(d, viewer)
    return Event(event.seq, event.type, d, event.rule, event.cause, event.actor)


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
        decide=decide,
        legal_actions=legal_actions,
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
