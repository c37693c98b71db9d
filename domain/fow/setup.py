"""Setting up a game (FoW-5.5 4.1, 4.2): checking the decks and the cards' version support,
the start events, the turn order and the hand change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from domain.fow import actions, flow
from domain.fow.cards import HAND_REVEAL_TRIGGERS, Card, PutCounter, parse_card
from domain.fow.commands import LIFEBREAK_CARDS, OPENING_HAND, STARTING_LIFE, VARIANTS, command
from domain.fow.context import Ctx
from domain.fow.versions import version
from domain.kernel import JSON, Bool, CardDataError, GameSpec, ListOf, ObjectId, Shuffler, event_cause, seed_commitment

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
        raise ctx.reject("deck/no_ruler", "4.1 p2", f"{pid}'s ruler {ruler!r} is a {cards[ruler].type}, not a ruler")
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


def check_sideboard(ctx: Ctx, pid: str, deck: Mapping[str, Any], cards: Mapping[str, Card]) -> list[str]:
    """The cards ``pid`` owns outside the game as it begins (FoW-5.5 3.16 p1): in a tournament their
    sideboard (3.16 p1.2), otherwise the cards of their collection not in their deck (3.16 p1.1) that
    they bring - declared either way as the deck's ``sideboard``, ``{card, count}`` entries like the
    main deck's.  The deck construction rules (4.1) govern the main deck, the magic stone deck and the
    ruler only: a sideboard may hold any cards (rulers, J-rulers' rulers, magic stones), in any number."""
    sideboard = _deck_entries(ctx, pid, deck, "sideboard")
    for cid in sideboard:
        if cid not in cards:
            raise ctx.reject("deck/unknown_card", "3.16 p1", f"{pid}'s sideboard names unknown card {cid!r}")
    return sideboard


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
        if not v.moon_will and _uses_moon_will(card):
            raise ctx.reject(
                "cards/will_not_in_ruleset",
                "9.7 p6",
                f"{card.name} ({card.id}) uses will with the moon characteristic, "
                f"which does not exist under {v.ruleset}",
            )


def _uses_moon_will(card: Card) -> bool:
    """A {M} in any cost, "Produce {M}", or "you may spend moon will as ..." (FoW-5.5 9.7 p6, 10.2 p6)."""
    stack: list[Any] = [card.model_dump()]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            attribute = item.get("attribute")
            if isinstance(attribute, dict) and "M" in attribute:
                return True
            if item.get("op") == "produce_will" and "M" in [*item.get("will", []), *item.get("any_of", [])]:
                return True
            if item.get("spend_moon_as"):
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _all_effects(card: Card) -> list[Any]:
    abilities = list(card.abilities) + (list(card.awakening.abilities) if card.awakening else [])
    extra = list(card.awakening.effects) if card.awakening else []
    return list(card.effects) + extra + [e for a in abilities for e in a.effects]


UNSUPPORTED_POLICIES = ("refuse", "manual")


AUTOMATIC_CARDS_SETTING = "automatic_cards_in_hand"
"""The deck's setting (FoW-5.5 9.6 p2, 7.9 p2) of whether its player is asked, at each happening
of ``cards.HAND_REVEAL_TRIGGERS``, whether to reveal an automatic card from their hand or
chant-standby area: ``"ask"`` or ``"never"`` (they never reveal one from the hand; one in the
chant-standby area triggers, and is revealed as it is played)."""
AUTOMATIC_CARDS_CHOICES = ("ask", "never")


def is_automatic_card(card: Card) -> bool:
    """A [Spell:Chant-Standby] card with a triggering condition before the colon of its [Trigger]
    text (an automatic card, FoW-5.5 7.9 p1.1): not "anytime" (7.9 p6)."""
    return card.type == "spell" and card.subtype == "chant_standby" and card.trigger not in (None, "anytime")


def check_automatic_cards(
    ctx: Ctx, spec: GameSpec, owned: Mapping[str, list[str]], cards: Mapping[str, Card]
) -> dict[str, str]:
    """Each player's answer to "may you reveal an automatic card from your hand?" (FoW-5.5 9.6 p2):
    the deck's ``automatic_cards_in_hand``.  A deck whose main deck or sideboard (``owned``) holds
    an automatic card must say it: the engine would otherwise choose for the player.  ``"ask"``
    needs every such card's [Trigger] condition to be one the engine asks about
    (``HAND_REVEAL_TRIGGERS``).  Under 5.01 no card is revealed from the hand (7.9 p1): none is asked."""
    out: dict[str, str] = {}
    for p in spec.players:
        if not version(ctx.s.ruleset).automatic_cards_in_hand:
            continue
        given = p.deck.get(AUTOMATIC_CARDS_SETTING)
        if given is not None and given not in AUTOMATIC_CARDS_CHOICES:
            raise ctx.reject(
                "deck/automatic_cards_in_hand",
                "9.6 p2",
                f"{p.id}'s deck field {AUTOMATIC_CARDS_SETTING!r} must be one of {', '.join(AUTOMATIC_CARDS_CHOICES)}",
            )
        automatic = [cards[c] for c in dict.fromkeys(owned[p.id]) if is_automatic_card(cards[c])]
        if given is None and automatic:
            raise ctx.reject(
                "deck/automatic_cards_in_hand_unset",
                "9.6 p2",
                f"{p.id}'s deck holds {automatic[0].name} ({automatic[0].id}), an automatic card its player may "
                "reveal from the hand as its [Trigger] condition is met; set the deck's "
                f"{AUTOMATIC_CARDS_SETTING!r} to 'ask' (asked at each such happening) or 'never'",
            )
        if given == "ask":
            unasked = next((c for c in automatic if c.trigger not in HAND_REVEAL_TRIGGERS), None)
            if unasked is not None:
                raise ctx.reject(
                    "deck/automatic_card_not_asked",
                    "9.6 p2",
                    f"{unasked.name} ({unasked.id}) triggers on {unasked.trigger!r}, a happening at which the engine "
                    f"does not ask about cards in hand (it asks at: {', '.join(HAND_REVEAL_TRIGGERS)})",
                )
        out[p.id] = str(given or "never")
    return out


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


def _start(ctx: Ctx, spec: GameSpec, catalog: Mapping[str, Mapping[str, Any]]) -> None:
    if spec.variant not in VARIANTS:
        raise ctx.reject("game/unknown_variant", "1.2 p1", f"variant must be one of {', '.join(VARIANTS)}")
    if len(spec.players) != 2 or spec.players[0].id == spec.players[1].id:
        raise ctx.reject("game/players", "1.1 p1", "this game is played by exactly two players with distinct ids")
    try:
        cards = {cid: parse_card(data) for cid, data in catalog.items()}
    except CardDataError as exc:
        raise ctx.reject("cards/invalid", exc.rule or "2 p1", str(exc)) from None
    used: dict[str, Card] = {}
    objects: list[dict[str, str]] = []
    decks: dict[str, tuple[str, list[str], list[str]]] = {}
    owned: dict[str, list[str]] = {}
    for p in spec.players:
        ruler, main, stones = check_deck(ctx, p.id, p.deck, cards)
        sideboard = check_sideboard(ctx, p.id, p.deck, cards)
        decks[p.id] = (ruler, main, stones)
        owned[p.id] = main + sideboard
        placed = [(ruler, "outside")] + [(c, "main_deck") for c in main] + [(c, "stone_deck") for c in stones]
        placed += [(c, "outside") for c in sideboard]  # out of the game from the start (3.16 p1)
        for n, (cid, zone) in enumerate(placed, start=1):
            objects.append({"oid": f"{p.id}-{n:03d}", "card": cid, "owner": p.id, "zone": zone})
        for cid in dict.fromkeys([ruler, *main, *stones, *sideboard]):  # in deck order, never a set's (hash-seed) order
            used[cid] = cards[cid]
    for card in list(used.values()):  # J-ruler sides and the other side of double-sided cards
        for ref in (card.judgment.j_ruler if card.judgment else None, card.other_side):
            if ref is not None:
                if ref not in cards:
                    raise ctx.reject("cards/missing_side", "14.3 p1", f"{card.name} refers to unknown card {ref!r}")
                used[ref] = cards[ref]
    check_version(ctx, used.values())
    manual = check_unsupported(ctx, spec.unsupported, used.values())
    automatic = check_automatic_cards(ctx, spec, owned, cards)
    # recorded only when a player is asked: a game where no one is reads as one from before the setting
    asked = {AUTOMATIC_CARDS_SETTING: automatic} if "ask" in automatic.values() else {}
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
            **asked,
        },
        "4.1 p1",
    )
    # Each step of the setup procedure (4.2 p1-p3) follows from the game's start, not from the
    # step recorded before it: the shuffles and life totals are independent of each other.
    started = cause
    for pid in ctx.s.order:
        for zone in ("main_deck", "stone_deck"):
            actions.shuffle(ctx, pid, zone, list(ctx.s.zones[pid][zone]), started, rule="4.2 p1")
    for pid in ctx.s.order:
        ctx.emit("LifeSet", {"player": pid, "life": STARTING_LIFE}, "4.2 p2", cause=started)
    if spec.first_player is not None:
        cause = ctx.emit(
            "TurnOrderChosen", {"first_player": spec.first_player, "by": "agreement"}, "4.2 p3", cause=started
        )
        _deal_opening_hands(ctx, cause)
    else:
        index = ctx.s.shuffles
        chooser = Shuffler(ctx.s.seed, index).choice(ctx.s.order)
        cause = ctx.emit("PlayerChosenAtRandom", {"player": chooser, "shuffle_index": index}, "4.2 p3", cause=started)
        ctx.ask(chooser, "turn_order", {}, "4.2 p3", cause=cause)


def _deal_opening_hands(ctx: Ctx, cause: str) -> None:
    """Both opening hands, and the first player's hand change, follow from the turn order (4.2 p4)."""
    s = ctx.s
    first = s.first_player
    for pid in [first, s.opponent(first)]:
        actions.draw(ctx, pid, OPENING_HAND, cause, rule="4.2 p4")
    ctx.ask(first, "hand_change", {}, "4.2 p4", cause=cause)


@command("ChooseTurnOrder", "turn_order", args={"play_first": Bool})
def choose_turn_order(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    play_first = args.get("play_first")
    if not isinstance(play_first, bool):
        raise ctx.reject("command/malformed", "4.2 p3", "ChooseTurnOrder needs play_first: true or false")
    first = player if play_first else ctx.s.opponent(player)
    cause = ctx.emit("TurnOrderChosen", {"first_player": first, "by": player}, "4.2 p3", actor=player)
    _deal_opening_hands(ctx, cause)


@command("ChangeHand", "hand_change", args={"cards": ListOf(ObjectId)})
def change_hand(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    chosen = args.get("cards", [])
    hand = s.zones[player]["hand"]
    if not isinstance(chosen, list) or len(set(map(str, chosen))) != len(chosen) or any(c not in hand for c in chosen):
        raise ctx.reject("rules/not_in_hand", "4.2 p4", "ChangeHand.cards must list distinct cards from your hand")
    # The first player's declaration is the event before the ChoiceRequested its ChangeHand
    # emitted, the last event of the game so far (see the first branch below).
    first_declared = event_cause(s.seq - 1)
    cause = ctx.emit("HandChangeDeclared", {"player": player, "cards": list(chosen)}, "4.2 p4", actor=player)
    first = s.first_player
    if player == first:
        # "then the other player does the same" (4.2 p4): asked once the first player has chosen
        ctx.ask(s.opponent(first), "hand_change", {}, "4.2 p4", cause=cause)
        return
    done = cause
    for pid in [first, s.opponent(first)]:
        # each player's changed cards go back, and are replaced, because of that player's choice
        declared = done if pid == player else first_declared
        back = s.hand_changes.get(pid, [])
        for oid in back:
            actions.move(
                ctx, oid, "main_deck", declared, rule="4.2 p4", reason="hand change", position="bottom", actor=pid
            )
        actions.draw(ctx, pid, len(back), declared, rule="4.2 p4", actor=pid)
    # the rest of the setup procedure (4.2 p5-p7) follows once every player has changed their hand
    if s.variant == "valhalla":
        for pid in [first, s.opponent(first)]:
            for _ in range(LIFEBREAK_CARDS):
                deck = s.zones[pid]["main_deck"]
                if deck:
                    actions.move(ctx, deck[-1], "lifebreak", done, rule="4.2 p5", reason="setup")
    for pid in [first, s.opponent(first)]:
        ruler = f"{pid}-001"  # the ruler prepared (4.1 p2), not a ruler of the sideboard (3.16 p1)
        actions.move(ctx, ruler, "ruler_area", done, rule="4.2 p6", reason="setup", controller=pid)
    flow.start_turn(ctx, first, done)
