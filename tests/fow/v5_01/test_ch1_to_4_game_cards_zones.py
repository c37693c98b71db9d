"""FoW-5.01 1 (overview), 2 (characteristics of cards), 3 (zones) and 4.1 (constructing the
deck) as specifications of games played under the 5.01 comprehensive rules: each test cites
the 5.01 number it checks, and where the engine cites a rule, that the citation is the 5.01
one and resolves to 5.01 text."""

from __future__ import annotations

from typing import Any

from domain.fow import engine
from domain.fow.characteristics import characteristics
from domain.fow.state import GameState
from domain.kernel import Event, GameSpec, PlayerSpec, Rejection
from service.rules import load_rules_library
from tests.fow.support import catalog, cmd, deck, rejected, run
from tests.fow.test_rules_5_01 import EXTRA, OLD, card, create, game, given, pass_until, put, ready, spell
from tests.story import find

LIBRARY = load_rules_library()


def cites(rule: str, number: str, phrase: str) -> None:
    """``rule`` is the 5.01 rule ``number``, and its 5.01 text says ``phrase``."""
    assert rule == f"{OLD} {number}", rule
    assert phrase in LIBRARY.resolve(rule).text, (rule, LIBRARY.resolve(rule).text)


def main_phase(state: GameState) -> GameState:
    pass_until(state, lambda s: (s.phase, s.step) == ("main", "main") and s.pending is not None)
    return state


def resolve_chase(state: GameState) -> list[Event]:
    return pass_until(state, lambda s: not s.chase)


def opponents_view(state: GameState, zone: str, owner: str = "p1") -> Any:
    return engine.view(state, "p2" if owner == "p1" else "p1")["players"][owner]["zones"][zone]


def own_view(state: GameState, zone: str, owner: str = "p1") -> Any:
    return engine.view(state, owner)["players"][owner]["zones"][zone]


def stone(state: GameState, player: str = "p1", card_id: str = "T-STONE") -> str:
    return card(state, player, card_id, to="stone_area")


def pay(*oids: str) -> list[dict[str, str]]:
    return [{"source": o} for o in oids]


def players(n: int) -> GameSpec:
    ids = [f"p{i}" for i in range(1, n + 1)]
    return GameSpec("g1", OLD, "valhalla", [PlayerSpec(p, p, deck()) for p in ids], seed=7, first_player="p1")


# --- 1 overview -----------------------------------------------------------------------------


def test_a_5_01_game_is_played_by_two_players() -> None:
    """FoW-5.01 1.1 p1: "This game is played by two players": a game of three is not created,
    and a command of a third player is refused."""
    refused = engine.start(players(3), catalog())
    assert isinstance(refused, Rejection) and refused.code == "game/players"
    cites(refused.rule, "1.1 p1", "played by two players")
    state = game(OLD)
    refusal = rejected(state, cmd("Pass", "p3"))
    assert refusal.code == "game/unknown_player"
    cites(refusal.rule, "1.1 p1", "two players")


def test_a_player_at_zero_life_loses_and_the_other_wins() -> None:
    """FoW-5.01 1.3 p1, p2: the player fulfilling the losing condition (1.5 p4: life 0 or below)
    loses, and the player not losing wins; nothing more is done in the finished game."""
    state = main_phase(game(OLD))
    given(state, "LifeChanged", player="p2", delta=-3500, life=500)
    bolt, s = card(state, "p1", "T-BOLT"), stone(state)
    run(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], pay_with=pay(s)))
    events = run(state, cmd("Pass", "p1"))
    events += run(state, cmd("Pass", "p2"))
    ended = find(events, "GameEnded")
    assert ended.data == {"winner": "p1", "result": "win"}
    cites(ended.rule, "1.3 p2", "the player not losing the game wins")
    assert state.finished and state.winner == "p1"
    refusal = rejected(state, cmd("Pass", "p2"))
    assert refusal.code == "game/finished"
    cites(refusal.rule, "1.3 p1", "loses the game")


def test_a_conceding_player_loses_and_the_opponent_wins() -> None:
    """FoW-5.01 1.3 p4: "players may concede the game ... his or her opponent wins"."""
    state = game(OLD)
    events = run(state, cmd("Concede", "p2"))
    assert find(events, "GameEnded").data == {"winner": "p1", "result": "win"}
    cites(find(events, "PlayerLost").rule, "1.3 p4", "concede")


def test_card_text_precedes_the_maximum_hand_size_of_the_rules() -> None:
    """FoW-5.01 1.4 p1: "If comprehensive rules and texts of a card is contradicted, card texts
    precede": a field addition raising the maximum hand size (3.5 p3: seven) to ten leaves one
    card to discard of eleven in the end phase (5.4 p5.4)."""
    library = {
        "T-LIBRARY": {
            "id": "T-LIBRARY",
            "name": "Library",
            "type": "addition",
            "subtype": "field",
            "cost": {"free": 1},
            "abilities": [{"kind": "continuous", "rules": {"max_hand_size": 10}}],
        }
    }
    state = game(OLD, {**EXTRA, **library})
    put(state, card(state, "p1", "T-LIBRARY", to="field"), "field")
    for oid in state.zones["p1"]["main_deck"][-6:]:
        put(state, oid, "hand")
    assert len(state.zones["p1"]["hand"]) == 11
    events = pass_until(state, lambda s: s.pending is not None and s.pending.kind == "discard_to_hand_size")
    assert state.pending is not None and state.pending.options == {"count": 1, "max_hand_size": 10}
    cites(find(events, "ChoiceRequested").rule, "5.4 p5.4", "maximum hand size")


def test_you_in_an_effect_is_its_controller_and_life_changes_by_hundreds() -> None:
    """FoW-5.01 1.5 p3: "If a card or an ability refers "you", it refers its controller" (the
    controller of a card is its owner, 1.5 p3.1): a chant-instant p2 plays in p1's turn gains
    p2 the life; 1.5 p4.1: life changes by multiples of one hundred."""
    heal = spell("T-HEAL", "chant_instant", effects=[{"op": "gain_life", "amount": 300, "who": "you"}])
    state = main_phase(game(OLD, {**EXTRA, "T-HEAL": heal}))
    run(state, cmd("Pass", "p1"))
    potion, s = card(state, "p2", "T-HEAL"), stone(state, "p2")
    played = find(run(state, cmd("PlayCard", "p2", card=potion, pay_with=pay(s))), "CardPlayed")
    assert played.data["player"] == "p2"
    events = resolve_chase(state)
    assert find(events, "LifeChanged").data == {"player": "p2", "delta": 300, "life": 4300}
    assert state.players["p1"].life == 4000 and state.players["p2"].life % 100 == 0


# --- 2 characteristics of cards ---------------------------------------------------------------


def test_the_four_copies_restriction_is_by_name() -> None:
    """FoW-5.01 2.2 p2: the name "is referred when you build your deck as its restrictions"
    (4.1 p5): three "Bear" and two other cards also named "Bear" are five copies of a name."""
    twin = {**catalog()["T-BEAR"], "id": "T-BEAR-ALT"}
    main = {"T-BEAR": 3, "T-BEAR-ALT": 2, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}
    legal = {"T-BEAR": 3, "T-BEAR-ALT": 1, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}
    assert not isinstance(create(OLD, {"T-BEAR-ALT": twin}, p1=deck(legal), p2=deck()), Rejection)
    refused = create(OLD, {"T-BEAR-ALT": twin}, p1=deck(main), p2=deck())
    assert isinstance(refused, Rejection) and refused.code == "deck/too_many_copies" and "Bear" in refused.message
    cites(refused.rule, "4.1 p5", "same name")


def test_an_effect_referring_a_name_refers_the_card_with_that_name() -> None:
    """FoW-5.01 2.2 p3: an effect referring a name with "" refers a card with that name: a chant
    dealing damage to target "Wall" cannot target the Bear."""
    hunt = spell(
        "T-HUNT",
        "chant",
        effects=[{"op": "deal_damage", "amount": 1000, "target": {"kind": "chosen", "filter": {"name": "Wall"}}}],
    )
    state, f = ready(OLD, {**EXTRA, "T-HUNT": hunt}, bear="p2:T-BEAR", wall="p2:T-WALL")
    oid, s = card(state, "p1", "T-HUNT"), stone(state)
    refusal = rejected(state, cmd("PlayCard", "p1", card=oid, targets=[f["bear"]], pay_with=pay(s)))
    assert refusal.code == "rules/illegal_target"
    cites(refusal.rule, "9.3 p2.4", "target")
    run(state, cmd("PlayCard", "p1", card=oid, targets=[f["wall"]], pay_with=pay(s)))
    resolve_chase(state)
    assert state.objects[f["wall"]].zone == "graveyard" and state.objects[f["bear"]].zone == "field"


def test_an_attribute_cost_needs_one_will_of_its_attribute_per_symbol() -> None:
    """FoW-5.01 2.3 p3: "You need one specified will for each of will symbol shown": the Bear's
    {R} is not paid with the will of a water magic stone, and is with a fire one."""
    state = main_phase(game(OLD))
    bear, water, fire = card(state, "p1", "T-BEAR"), stone(state, "p1", "T-WATER"), stone(state)
    refusal = rejected(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(water)))
    assert refusal.code == "rules/cannot_pay"
    cites(refusal.rule, "10.2 p4", "you cannot pay them at all")
    assert not state.objects[water].rested
    run(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(fire)))
    assert state.objects[fire].rested and state.objects[bear].zone == "chase"


def test_a_free_cost_is_paid_with_will_of_any_attribute() -> None:
    """FoW-5.01 2.3 p4: "You need numbers of any will equal to the number on here": a card
    costing {1} is paid with the will of a water magic stone; 2.3 p5: its total cost is 1."""
    any_will = {"T-COLOURLESS": {**catalog()["T-BEAR"], "id": "T-COLOURLESS", "name": "Golem", "cost": {"free": 1}}}
    state = main_phase(game(OLD, {**EXTRA, **any_will}))
    golem, water = card(state, "p1", "T-COLOURLESS"), stone(state, "p1", "T-WATER")
    assert state.card_of(golem).cost is not None and state.card_of(golem).cost.total == 1
    run(state, cmd("PlayCard", "p1", card=golem, pay_with=pay(water)))
    resolve_chase(state)
    assert state.objects[golem].zone == "field"


def test_each_paragraph_of_a_text_is_a_different_ability() -> None:
    """FoW-5.01 2.4 p2: "If a card has more than one paragraph on its text, each of them is
    different ability": a resonator with two [Activate] abilities plays the second one alone."""
    twice = {
        "T-TWICE": {
            **catalog()["T-BEAR"],
            "id": "T-TWICE",
            "name": "Twice",
            "abilities": [
                {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "draw", "count": 1}]},
                {"kind": "activate", "cost": {}, "effects": [{"op": "gain_life", "amount": 200, "who": "you"}]},
            ],
        }
    }
    state, f = ready(OLD, {**EXTRA, **twice}, twice="p1:T-TWICE")
    events = run(state, cmd("ActivateAbility", "p1", source=f["twice"], ability=1))
    assert find(events, "AbilityPlayed").data["source"] == f["twice"]
    hand = len(state.zones["p1"]["hand"])
    resolve_chase(state)
    assert state.players["p1"].life == 4200 and len(state.zones["p1"]["hand"]) == hand
    assert not state.objects[f["twice"]].rested  # the first ability's cost was not paid


def test_a_race_is_referred_by_an_effect() -> None:
    """FoW-5.01 2.5 p4: a race "is referred by some abilities and effects": a chant destroying
    target Beast cannot target a resonator of another race."""
    beast = {**catalog()["T-BEAR"], "id": "T-BEAST", "name": "Beast", "races": ["Beast"]}
    hunt = spell(
        "T-HUNT",
        "chant",
        effects=[{"op": "destroy", "target": {"kind": "chosen", "filter": {"races": ["Beast"]}}}],
    )
    state, f = ready(OLD, {**EXTRA, "T-BEAST": beast, "T-HUNT": hunt}, beast="p2:T-BEAST", bear="p2:T-BEAR")
    oid, s = card(state, "p1", "T-HUNT"), stone(state)
    refusal = rejected(state, cmd("PlayCard", "p1", card=oid, targets=[f["bear"]], pay_with=pay(s)))
    assert refusal.code == "rules/illegal_target"
    cites(refusal.rule, "9.3 p2.4", "target")
    run(state, cmd("PlayCard", "p1", card=oid, targets=[f["beast"]], pay_with=pay(s)))
    resolve_chase(state)
    assert state.objects[f["beast"]].zone == "graveyard"


def test_a_resonator_dealt_damage_equal_to_its_def_is_destroyed() -> None:
    """FoW-5.01 2.7 p2: "if the card in a field suffers equal or more damage than its DEF, it's
    destroyed": Bolt's 500 damage destroys the Bear (DEF 500), not the Wall (DEF 1000)."""
    state, f = ready(OLD, bear="p2:T-BEAR", wall="p2:T-WALL")
    assert characteristics(state, f["bear"]).def_ == 500
    for target in (f["bear"], f["wall"]):
        bolt, s = card(state, "p1", "T-BOLT"), stone(state)
        run(state, cmd("PlayCard", "p1", card=bolt, targets=[target], pay_with=pay(s)))
        resolve_chase(state)
    assert state.objects[f["bear"]].zone == "graveyard"
    assert state.objects[f["wall"]].zone == "field" and state.objects[f["wall"]].damage == 500


# --- 3 zones --------------------------------------------------------------------------------------


def test_paying_rests_a_magic_stone_and_a_resonator_is_placed_recovered() -> None:
    """FoW-5.01 3.2 p1.1: paying with a magic stone rests it; 3.2 p1.2: "When a card is placed
    in a zone that the cards orientation is specified, it's placed recovered"."""
    state = main_phase(game(OLD))
    bear, s = card(state, "p1", "T-BEAR"), stone(state)
    run(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(s)))
    assert state.objects[s].rested
    resolve_chase(state)
    assert state.objects[bear].zone == "field" and not state.objects[bear].rested


def test_the_main_deck_is_hidden_and_a_draw_takes_its_top_card() -> None:
    """FoW-5.01 3.3 p2: the main deck is hidden (the opponent sees a count, 3.1 p2.1) and its
    order managed: p2's draw of turn 2 (5.1 p3) moves its top card."""
    state = game(OLD)
    assert opponents_view(state, "main_deck") == {"count": len(state.zones["p1"]["main_deck"])}
    top = state.zones["p2"]["main_deck"][-1]
    events = pass_until(state, lambda s: s.turn == 2 and s.phase == "main")
    drawn = find(events, "CardMoved", reason="draw")
    assert drawn.data["oid"] == top and state.zones["p2"]["hand"][-1] == top
    cites(drawn.rule, "5.1 p3", "draws a card")


def test_calling_a_magic_stone_takes_the_top_of_the_hidden_magic_stone_deck() -> None:
    """FoW-5.01 3.4 p2: the magic stone deck is hidden and ordered; a call (7.11 p1) puts its
    top card into the magic stone area, which is public (3.7 p2) and placed recovered."""
    state = main_phase(game(OLD))
    assert opponents_view(state, "stone_deck") == {"count": len(state.zones["p1"]["stone_deck"])}
    top = state.zones["p1"]["stone_deck"][-1]
    events = run(state, cmd("CallMagicStone", "p1"))
    cites(find(events, "MagicStoneCalled").rule, "7.11 p1", "calling magic stone")
    assert state.zones["p1"]["stone_area"] == [top] and not state.objects[top].rested
    assert [c["oid"] for c in opponents_view(state, "stone_area")] == [top]


def test_the_hand_is_hidden_from_the_opponent_but_seen_by_its_owner() -> None:
    """FoW-5.01 3.5 p2: "Hand is hidden zone but the player the zone belongs can see any
    information of cards in that zone"."""
    state = game(OLD)
    hand = state.zones["p1"]["hand"]
    assert opponents_view(state, "hand") == {"count": len(hand), "cards": []}
    assert [c["oid"] for c in own_view(state, "hand")["cards"]] == hand
    assert not engine.is_visible(state, hand[0], "p2") and engine.is_visible(state, hand[0], "p1")


def test_the_field_is_public() -> None:
    """FoW-5.01 3.6 p1, p2: a resonator resolved into its controller's field is seen by both."""
    state = main_phase(game(OLD))
    bear, s = card(state, "p1", "T-BEAR"), stone(state)
    run(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(s)))
    events = resolve_chase(state)
    cites(find(events, "ChaseItemResolved").rule, "7.1 p3", "put into its controller's field")
    assert bear in state.zones["p1"]["field"] and engine.is_visible(state, bear, "p2")
    assert [c["card"] for c in opponents_view(state, "field")] == ["T-BEAR"]


def test_a_magic_stone_is_targeted_in_the_magic_stone_area() -> None:
    """FoW-5.01 3.7 p4: "If a text refers "magic stone" without the zone it's in, it refers cards
    with magic stone type in magic stone area": a chant destroying target magic stone (its
    data names the area) destroys one there and cannot target one in a magic stone deck."""
    target = {"kind": "chosen", "filter": {"zone": "magic_stone_area", "types": ["magic_stone"]}}
    quake = spell("T-QUAKE", "chant", effects=[{"op": "destroy", "target": target}])
    state = main_phase(game(OLD, {**EXTRA, "T-QUAKE": quake}))
    theirs, s = stone(state, "p2"), stone(state)
    in_deck = state.zones["p2"]["stone_deck"][-1]
    oid = card(state, "p1", "T-QUAKE")
    refusal = rejected(state, cmd("PlayCard", "p1", card=oid, targets=[in_deck], pay_with=pay(s)))
    assert refusal.code == "rules/illegal_target"
    cites(refusal.rule, "9.3 p2.4", "target")
    run(state, cmd("PlayCard", "p1", card=oid, targets=[theirs], pay_with=pay(s)))
    resolve_chase(state)
    assert state.objects[theirs].zone == "graveyard"


def test_a_used_chant_is_put_onto_the_top_of_the_public_graveyard() -> None:
    """FoW-5.01 3.9 p2: the graveyard is public and ordered, a new card is put onto the top;
    7.3 p3: a resolved [Spell:Chant] is put into its owner's graveyard."""
    state = main_phase(game(OLD))
    put(state, state.zones["p1"]["main_deck"][-1], "graveyard")
    bolt, s = card(state, "p1", "T-BOLT"), stone(state)
    run(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], pay_with=pay(s)))
    events = resolve_chase(state)
    cites(find(events, "ChaseItemResolved").rule, "7.3 p3", "put it into the owner's graveyard")
    assert state.zones["p1"]["graveyard"][-1] == bolt and len(state.zones["p1"]["graveyard"]) == 2
    assert opponents_view(state, "graveyard")[-1]["card"] == "T-BOLT"


def test_the_lifebreak_area_is_hidden_and_holds_four_cards_at_the_beginning() -> None:
    """FoW-5.01 3.10 p2: the lifebreak area is hidden and ordered; 3.10 p3: the maximum
    lifebreak size is four at the beginning of a game (Valhalla, 4.2 p5)."""
    state = game(OLD)
    assert [len(state.zones[p]["lifebreak"]) for p in state.order] == [4, 4]
    assert opponents_view(state, "lifebreak") == {"count": 4}
    assert not any(engine.is_visible(state, o, "p1") for o in state.zones["p1"]["lifebreak"])
    assert not any(engine.is_visible(state, o, "p2") for o in state.zones["p1"]["lifebreak"])


def test_the_chant_standby_area_is_hidden_but_seen_by_its_owner() -> None:
    """FoW-5.01 3.11 p2: "Chant-standby area is hidden zone but the player the zone belongs can
    see any information of cards in that zone"; 3.11 p1: a [Spell:Chant-standby] is put there."""
    state = main_phase(game(OLD))
    ambush, s1, s2 = card(state, "p1", "T-AMBUSH"), stone(state), stone(state)
    events = run(state, cmd("PutIntoStandby", "p1", card=ambush, pay_with=pay(s1, s2)))
    assert find(events, "CardMoved").data["face_down"] is True
    assert opponents_view(state, "standby") == {"count": 1, "cards": []}
    assert [c["oid"] for c in own_view(state, "standby")["cards"]] == [ambush]
    assert not engine.is_visible(state, ambush, "p2")


def test_a_card_removed_from_the_game_is_in_the_public_removed_area() -> None:
    """FoW-5.01 3.12 p1, p2: a removed card is put into its owner's removed area, which is
    public (10.3 p1: "remove from the game")."""
    exile = spell("T-EXILE", "chant", effects=[{"op": "remove_from_game", "target": {"kind": "chosen"}}])
    state, f = ready(OLD, {**EXTRA, "T-EXILE": exile}, bear="p2:T-BEAR")
    oid, s = card(state, "p1", "T-EXILE"), stone(state)
    run(state, cmd("PlayCard", "p1", card=oid, targets=[f["bear"]], pay_with=pay(s)))
    events = resolve_chase(state)
    moved = find(events, "CardMoved", oid=f["bear"])
    assert moved.data["to"] == "removed"
    cites(moved.rule, "10.3 p1", "removed area")
    assert [c["card"] for c in engine.view(state, "p1")["players"]["p2"]["zones"]["removed"]] == ["T-BEAR"]


def test_the_chase_area_is_public_and_the_last_card_put_resolves_first() -> None:
    """FoW-5.01 3.13 p2: there is one chase area, public and ordered; the last card put into it
    resolves first (6.4 p1.2): p2's Grow answers p1's Bolt and resolves before it, so the Bear
    (500 + 200 DEF) survives the Bolt."""
    state, f = ready(OLD, bear="p2:T-BEAR")
    bolt, s = card(state, "p1", "T-BOLT"), stone(state)
    run(state, cmd("PlayCard", "p1", card=bolt, targets=[f["bear"]], pay_with=pay(s)))
    assert engine.is_visible(state, bolt, "p2") and len(state.chase) == 1
    run(state, cmd("Pass", "p1"))
    grow, s2 = card(state, "p2", "T-GROW"), stone(state, "p2")
    run(state, cmd("PlayCard", "p2", card=grow, targets=[f["bear"]], pay_with=pay(s2)))
    assert len(state.chase) == 2
    run(state, cmd("Pass", "p2"))
    events = run(state, cmd("Pass", "p1"))
    assert state.objects[grow].zone == "graveyard" and state.objects[bolt].zone == "chase"
    cites(find(events, "ChaseItemResolved").rule, "7.7 p3", "perform the text")
    resolve_chase(state)
    assert state.objects[f["bear"]].zone == "field" and state.objects[f["bear"]].damage == 500


def test_a_card_in_a_players_play_ground_is_controlled_by_that_player() -> None:
    """FoW-5.01 3.14 p2: "A card in a player's play ground is controlled by the player": p1
    plays the [Activate] ability of the ruler in its ruler area, p2 may not."""
    state = main_phase(game(OLD))
    ruler = state.zones["p1"]["ruler_area"][0]
    assert state.objects[ruler].controller == "p1"
    run(state, cmd("Pass", "p1"))
    refusal = rejected(state, cmd("ActivateAbility", "p2", source=ruler, ability=0))
    assert refusal.code == "rules/not_your_card"
    cites(refusal.rule, "7.8 p2", "on a card he or she control")
    run(state, cmd("Pass", "p2"))
    run(state, cmd("ActivateAbility", "p1", source=ruler, ability=0))
    assert state.players["p1"].will == ["R"]


# --- 4.1 constructing the deck -----------------------------------------------------------------


def test_the_main_deck_needs_forty_cards_and_no_ruler_or_magic_stone() -> None:
    """FoW-5.01 4.1 p3: "Main deck must contains forty or more cards" of cards other than ruler
    or magic stone; 4.1 p2: exactly one ruler card."""
    small = create(OLD, {}, p1={**deck(), "main": [{"card": "T-BEAR", "count": 4}]})
    assert isinstance(small, Rejection) and small.code == "deck/main_deck_too_small"
    cites(small.rule, "4.1 p3", "forty or more cards")
    stony = deck()
    stony["main"].append({"card": "T-STONE", "count": 1})
    illegal = create(OLD, {}, p1=stony)
    assert isinstance(illegal, Rejection) and illegal.code == "deck/illegal_main_deck_card"
    cites(illegal.rule, "4.1 p3", "other than ruler or magic stone")
    no_ruler = create(OLD, {}, p1={**deck(), "ruler": "T-BEAR"})
    assert isinstance(no_ruler, Rejection) and no_ruler.code == "deck/no_ruler"
    cites(no_ruler.rule, "4.1 p2", "exact one ruler card")


def test_the_magic_stone_deck_holds_ten_to_twenty_and_basic_stones_are_not_limited() -> None:
    """FoW-5.01 4.1 p4: ten to twenty magic stones; 4.1 p5: non-special magic stones are the
    exception of the four copies rule, special ones are not."""
    for n in (9, 21):
        refused = create(OLD, {}, p1=deck(stones={"T-STONE": n}))
        assert isinstance(refused, Rejection) and refused.code == "deck/stone_deck_size"
        cites(refused.rule, "4.1 p4", "no less than ten and no more than twenty")
    assert not isinstance(create(OLD, {}, p1=deck(stones={"T-STONE": 20})), Rejection)
    special = create(OLD, {}, p1=deck(stones={"T-STONE": 5, "T-DUAL": 5}))
    assert isinstance(special, Rejection) and special.code == "deck/too_many_copies"
    cites(special.rule, "4.1 p5", "Non-special magic stone")
