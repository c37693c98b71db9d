"""FoW-5.01 10 (actions by rules), 11 (symbol skills), 12 (keyword skills), 13 (rule
processes) and 14 (other rules), played under the 5.01 ruleset, with the citations the engine
emits checked against the 5.01 text."""

from __future__ import annotations

from typing import Any

from domain.fow import actions
from domain.fow.characteristics import characteristics, effective_type
from tests.fow.cards.copies.test_play_copies import _ayu_story, _become_copy, _copy, _fayli_story
from tests.fow.support import CARDS as SYNTHETIC
from tests.fow.support import cmd, find, rejected, run, types
from tests.fow.test_ch13_rule_processes import judgment
from tests.fow.test_rules_5_01 import attack, card, given, pass_until, put, to_attack_choice
from tests.fow.v5_01.support_b import (
    CHOSEN,
    R1,
    at_main,
    cites,
    moves_of,
    play,
    resolve,
    resonator,
    spell,
    to_end_of_battle,
    will,
)

OPPONENT = {"kind": "opponent"}


def cards(*ids: str) -> dict[str, dict[str, Any]]:
    return {cid: CARDS[cid] for cid in ids}


CARDS: dict[str, dict[str, Any]] = {
    "T-SWORD": {
        "id": "T-SWORD",
        "name": "Sword",
        "type": "addition",
        "subtype": "resonator",
        "cost": R1,
        "attributes": ["R"],
        "abilities": [{"kind": "continuous", "modify_atk": 200, "modify_def": 200}],
    },
    "T-EXILE": spell("T-EXILE", [{"op": "remove_from_game", "target": CHOSEN}]),
    "T-PEEK": spell("T-PEEK", [{"op": "reveal_top", "then": "stay"}]),
    "T-CALM": spell("T-CALM", [{"op": "deal_damage", "amount": 100, "target": OPPONENT}], cannot_be_chased=True),
    "T-STUDY": spell("T-STUDY", [{"op": "draw", "count": 2}]),
    "T-ENTER": resonator("T-ENTER", 100, 100, abilities=[{"kind": "automatic", "trigger": "enter", "effects": []}]),
    "T-PURGE": spell("T-PURGE", [{"op": "discard", "who": "opponent", "count": 1}]),
    "T-EMPTY": spell("T-EMPTY", [{"op": "discard", "who": "you", "whole_hand": True}]),
    "T-CULL": spell("T-CULL", [{"op": "banish", "who": "opponent", "filter": {"types": ["resonator"]}}]),
    "T-NEGATE": spell("T-NEGATE", [{"op": "cancel"}], "chant_instant"),
    "T-SLEEP": spell("T-SLEEP", [{"op": "rest", "target": CHOSEN}], "chant_instant"),
    "T-WAKE": spell("T-WAKE", [{"op": "recover", "target": CHOSEN}], "chant_instant"),
    "T-SEEK": spell("T-SEEK", [{"op": "search", "filter": {"zone": "main_deck", "types": ["resonator"]}}]),
    "T-GOLEM": resonator(
        "T-GOLEM", 300, 300, abilities=[{"kind": "replacement", "replaces": "self_damaged", "instead": "prevent"}]
    ),
    "T-GUARD": spell("T-GUARD", [{"op": "prevent_damage", "amount": 300, "target": CHOSEN}], "chant_instant"),
    "T-SNIPER": resonator("T-SNIPER", 300, 300, skills=["target_attack"]),
    "T-FENCER": resonator("T-FENCER", 600, 300, skills=["first_strike"]),
    "T-BOMB": resonator("T-BOMB", 100, 1500, skills=["explode"]),
    "T-SLAY": spell("T-SLAY", [{"op": "destroy", "target": CHOSEN}]),
    "T-WITHER": spell("T-WITHER", [{"op": "modify", "atk": 0, "def": -500, "target": CHOSEN}], "chant_instant"),
    "T-FLARE": spell(
        "T-FLARE",
        [{"op": "deal_damage", "amount": 300, "target": {"kind": "chosen", "players_allowed": True}}],
        awakening={"cost": R1, "effects": [{"op": "gain_life", "amount": 500, "who": "you"}]},
    ),
    "T-DRAKE": resonator(
        "T-DRAKE",
        500,
        500,
        awakening={"cost": R1, "abilities": [{"kind": "continuous", "modify_atk": 300, "modify_def": 300}]},
    ),
    "T-AVATAR": resonator("T-AVATAR", 1000, 1000, cost={"attribute": {"R": 2}, "free": 1}, incarnation=[["R"]]),
}


# --- 10 actions by rules -------------------------------------------------------------------------


def test_an_addition_is_put_into_the_field_added_onto_its_card() -> None:
    """5.01 10.1 p1: to add an addition, put it in a field added onto the specific card."""
    state, f = at_main(cards("T-SWORD"), bear="p1:T-BEAR")
    sword = card(state, "p1", "T-SWORD")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=sword, targets=[f["bear"]]))
    resolve(state)
    assert state.objects[sword].zone == "field" and state.objects[sword].attached_to == f["bear"]
    assert (characteristics(state, f["bear"]).atk, characteristics(state, f["bear"]).def_) == (700, 700)


def test_a_card_removed_from_the_game_goes_to_its_removed_area() -> None:
    """5.01 10.3 p1: to remove a card from the game, move it to the removed area."""
    state, f = at_main(cards("T-EXILE"), bear="p2:T-BEAR")
    events = play(state, "p1", "T-EXILE", [f["bear"]])
    (moved,) = moves_of(events, f["bear"])
    assert moved[0] == "removed" and cites(moved[1], "10.3 p1", "removed area")
    assert f["bear"] in state.zones["p2"]["removed"]


def test_a_revealed_card_is_shown_to_all_players_until_the_reveal_ends() -> None:
    """5.01 10.4 p1: to reveal a card in a hidden zone, show its information to all players;
    it ends when the effect to reveal it ends."""
    state, _ = at_main(cards("T-PEEK"))
    top = state.zones["p1"]["main_deck"][-1]
    events = play(state, "p1", "T-PEEK")
    revealed, ended = find(events, "CardRevealed"), find(events, "RevealEnded")
    assert revealed.data["oid"] == top and ended.data["oid"] == top
    assert cites(revealed.rule, "10.4 p1", "show the information of the card to all players")
    assert types(events).index("CardRevealed") < types(events).index("RevealEnded")
    assert state.zones["p1"]["main_deck"][-1] == top


def test_a_played_resonator_is_a_summon_spell_on_the_chase_area_until_it_resolves() -> None:
    """5.01 10.5 p1: a resonator is put onto the top of the chase area as a summon spell;
    10.5 p2: it is "summoned" when it is put into a field from the chase area by resolving."""
    state, _ = at_main({})
    bear = card(state, "p1", "T-BEAR")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=bear))
    assert state.objects[bear].zone == "chase" and state.chase[-1].source == bear
    moved = find(resolve(state), "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (bear, "chase", "field")


def test_damage_to_a_resonator_is_put_on_it_and_damage_to_a_player_lowers_life() -> None:
    """5.01 10.6 p1: damage dealt to a J/resonator increases the damage on it; 10.6 p2: damage
    dealt to a player decreases their life by that much."""
    state, f = at_main({}, wall="p2:T-WALL")
    events = play(state, "p1", "T-BOLT", [f["wall"]])
    dealt = find(events, "DamageDealt")
    assert state.objects[f["wall"]].damage == 500 and cites(dealt.rule, "10.6 p1", "increase the number of damage")
    events = play(state, "p1", "T-BOLT", ["p2"])
    life = find(events, "LifeChanged")
    assert life.data == {"player": "p2", "delta": -500, "life": 3500}
    assert cites(life.rule, "10.6 p2", "decrease his or her life point")


def test_no_card_may_chase_a_card_that_players_cannot_chase() -> None:
    """5.01 10.7 p1: "to chase" is to put new cards or abilities that are not automatic ones onto
    the chase area by playing them; a card that cannot be chased allows none while it is there."""
    state, f = at_main(cards("T-CALM"), bear="p2:T-BEAR")
    calm = card(state, "p1", "T-CALM")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=calm))
    run(state, cmd("Pass", "p1"))
    grow = card(state, "p2", "T-GROW")
    will(state, "p2", "R")
    refusal = rejected(state, cmd("PlayCard", "p2", card=grow, targets=[f["bear"]]))
    assert refusal.code == "rules/cannot_chase" and cites(refusal.rule, "10.7 p1", "onto chase area by playing them")
    run(state, cmd("Pass", "p2"))
    assert state.players["p2"].life == 3900


def test_drawing_two_cards_draws_the_top_card_twice() -> None:
    """5.01 10.8 p1: to draw, move the top card of the main deck to the hand; 10.8 p2: to draw
    two cards, draw one card twice."""
    state, _ = at_main(cards("T-STUDY"))
    top, second = state.zones["p1"]["main_deck"][-1], state.zones["p1"]["main_deck"][-2]
    events = play(state, "p1", "T-STUDY")
    draws = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert [e.data["oid"] for e in draws] == [top, second]
    assert all(cites(e.rule, "10.8 p1", "top card of his or her main deck") for e in draws)


def test_a_banished_resonator_goes_to_the_graveyard_and_only_its_controller_banishes_it() -> None:
    """5.01 10.10 p1: to banish a card, put it into its owner's graveyard; 10.10 p2: a player may
    not banish cards he or she doesn't control (the opponent banishes one of their own)."""
    state, f = at_main(cards("T-CULL"), mine="p1:T-BEAR", theirs="p2:T-BEAR", wall="p2:T-WALL")
    play(state, "p1", "T-CULL")
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("banish", "p2")
    assert sorted(state.pending.options["cards"]) == sorted([f["theirs"], f["wall"]])
    refusal = rejected(state, cmd("ChooseCards", "p2", cards=[f["mine"]]))
    assert refusal.code == "rules/banish_choice" and cites(refusal.rule, "10.10 p1", "To banish a card")
    events = run(state, cmd("ChooseCards", "p2", cards=[f["theirs"]]))
    (moved,) = moves_of(events, f["theirs"])
    assert moved[0] == "graveyard" and cites(moved[1], "10.10 p1", "owner's graveyard")
    assert state.objects[f["mine"]].zone == "field"


def test_a_canceled_card_is_removed_from_the_chase_area_into_the_graveyard() -> None:
    """5.01 10.11 p1: a canceled card is removed from the chase area and put into its owner's
    graveyard; its effect is not applied."""
    state, _ = at_main(cards("T-NEGATE"))
    bolt = card(state, "p1", "T-BOLT")
    will(state, "p1", "R")
    item = find(run(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"])), "CardPlayed").data["item"]
    run(state, cmd("Pass", "p1"))
    negate = card(state, "p2", "T-NEGATE")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=negate, targets=[item]))
    events = resolve(state)
    canceled = find(events, "ChaseItemCanceled")
    assert canceled.data["item"] == item and cites(canceled.rule, "10.11 p1", "remove it from chase area")
    assert ("graveyard", "FoW-5.01 10.11 p1") in moves_of(events, bolt)
    pass_until(state, lambda s: not s.chase)
    assert state.players["p2"].life == 4000


def test_an_effect_rests_and_recovers_a_card() -> None:
    """5.01 10.12 p1: to rest a card, make it rested; to recover it, make it recovered."""
    state, f = at_main(cards("T-SLEEP", "T-WAKE"), wall="p2:T-WALL")
    rested = find(play(state, "p1", "T-SLEEP", [f["wall"]]), "CardRested")
    assert rested.data["oid"] == f["wall"] and state.objects[f["wall"]].rested
    assert cites(rested.rule, "10.12 p1", "make the card rested")
    recovered = find(play(state, "p1", "T-WAKE", [f["wall"]]), "CardRecovered")
    assert recovered.data["oid"] == f["wall"] and not state.objects[f["wall"]].rested
    assert cites(recovered.rule, "10.12 p1", "make the card recovered")


def test_a_search_of_the_hidden_main_deck_may_find_nothing() -> None:
    """5.01 10.13 p2: choosing a card of a specific kind in a hidden zone, the player looks at the
    zone and may choose not to find one even if there is one."""
    state, _ = at_main(cards("T-SEEK"))
    play(state, "p1", "T-SEEK")
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("search", "p1")
    found = state.pending.options["cards"]
    assert found and all(state.objects[o].zone == "main_deck" for o in found)
    hand, deck = list(state.zones["p1"]["hand"]), sorted(state.zones["p1"]["main_deck"])
    events = run(state, cmd("ChooseCards", "p1", cards=[]))
    assert not [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert state.zones["p1"]["hand"] == hand and sorted(state.zones["p1"]["main_deck"]) == deck


def test_a_searched_card_is_put_into_the_hand() -> None:
    """5.01 10.13 p2: the player looks at all the cards of the hidden zone and chooses."""
    state, _ = at_main(cards("T-SEEK"))
    play(state, "p1", "T-SEEK")
    assert state.pending is not None
    chosen = state.pending.options["cards"][0]
    events = run(state, cmd("ChooseCards", "p1", cards=[chosen]))
    (moved,) = moves_of(events, chosen)
    assert moved[0] == "hand" and cites(moved[1], "10.13 p2", "chooses a card in hidden zone")


def test_an_automatic_ability_triggers_when_its_condition_is_fulfilled() -> None:
    """5.01 10.14 p1: "to trigger" an automatic ability is fulfilling its triggering condition
    (the [Enter] of a resonator played from the hand, 9.6 p1.1) and making it triggered."""
    state, _ = at_main(cards("T-ENTER"))
    herald = card(state, "p1", "T-ENTER")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=herald))
    events = resolve(state)
    triggered = find(events, "AbilityTriggered")
    assert triggered.data["source"] == herald and cites(triggered.rule, "9.6 p3", "triggered automatic abilities")
    assert cites(find(events, "AbilityPlayed").rule, "9.6 p4", "have to be played")


def test_calling_a_magic_stone_puts_the_top_card_of_the_magic_stone_deck_into_the_area() -> None:
    """5.01 10.15 p1: "to call" a magic stone is to perform the calling magic stone action (7.11)."""
    state, _ = at_main({})
    top = state.zones["p1"]["stone_deck"][-1]
    events = run(state, cmd("CallMagicStone", "p1"))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (top, "stone_area")
    assert cites(moved.rule, "7.11 p1", "magic stone")


def test_preventing_all_damage_deals_none_and_preventing_some_deals_the_rest() -> None:
    """5.01 10.17 p1.2: damage prevented without a value is not dealt; 10.17 p1.1: damage
    prevented by some points is reduced by them and dealt."""
    state, f = at_main(cards("T-GOLEM", "T-GUARD"), golem="p2:T-GOLEM", wall="p2:T-WALL")
    events = play(state, "p1", "T-BOLT", [f["golem"]])
    prevented = find(events, "DamagePrevented")
    assert prevented.data["amount"] == 500 and cites(prevented.rule, "10.17 p1.2", "not dealt instead")
    assert "DamageDealt" not in types(events) and state.objects[f["golem"]].damage == 0
    play(state, "p1", "T-GUARD", [f["wall"]])
    events = play(state, "p1", "T-BOLT", [f["wall"]])
    prevented = find(events, "DamagePrevented")
    assert prevented.data["amount"] == 300 and cites(prevented.rule, "10.17 p1.1", "reduced by that point")
    assert find(events, "DamageDealt").data["amount"] == 200 and state.objects[f["wall"]].damage == 200


def test_the_discarding_player_chooses_the_card_from_their_hand() -> None:
    """5.01 10.18 p1: to discard is to move a card in your hand to your graveyard."""
    state, _ = at_main(cards("T-PURGE"))
    play(state, "p1", "T-PURGE")
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("discard", "p2")
    chosen = state.zones["p2"]["hand"][0]
    events = run(state, cmd("ChooseCards", "p2", cards=[chosen]))
    (moved,) = moves_of(events, chosen)
    assert moved[0] == "graveyard" and cites(moved[1], "10.18 p1", "move a card in your hand to your graveyard")


def test_discard_your_hand_discards_every_card_without_a_choice() -> None:
    """5.01 10.18 p2: "discard hand" without a number discards all cards of the hand."""
    state, _ = at_main(cards("T-EMPTY"))
    hand = list(state.zones["p1"]["hand"])
    events = play(state, "p1", "T-EMPTY")
    discarded = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "discard"]
    assert sorted(e.data["oid"] for e in discarded) == sorted(hand) and state.zones["p1"]["hand"] == []
    assert all(cites(e.rule, "10.18 p2", "discards all cards") for e in discarded)


# --- 11 symbol skills ------------------------------------------------------------------------------


def test_target_attack_lets_a_resonator_attack_a_recovered_j_resonator() -> None:
    """5.01 11.2 p1: a J/resonator with [Target Attack] can attack a recovered J/resonator; one
    without it may attack only a rested one (8.2 p3.2)."""
    state, f = at_main(cards("T-SNIPER"), sniper="p1:T-SNIPER", bear="p1:T-BEAR", up="p2:T-WALL")
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target=f["up"]))
    assert refusal.code == "rules/illegal_attack_target" and cites(refusal.rule, "8.2 p3.2", "rested <J/resonator>")
    events = run(state, cmd("DeclareAttack", "p1", attacker=f["sniper"], target=f["up"]))
    assert find(events, "AttackDeclared").data == {"attacker": f["sniper"], "target": f["up"]}


def test_first_strike_destroys_the_blocker_before_it_deals_damage() -> None:
    """5.01 11.3 p1: an attacking J/resonator with [First Strike] deals damage before any without it."""
    state, f = at_main(cards("T-FENCER"), fencer="p1:T-FENCER", bear="p2:T-BEAR")
    attack(state, f["fencer"], "p2", blocker=f["bear"])
    events = pass_until(state, lambda s: s.step == "first_strike")
    assert moves_of(events, f["bear"])[0][0] == "graveyard"
    assert cites(moves_of(events, f["bear"])[0][1], "13.2 p1", "equal or more than its DEF")
    assert "DamageDealt" not in types(to_end_of_battle(state)) and state.objects[f["fencer"]].damage == 0


def test_explode_destroys_the_resonator_and_the_one_it_dealt_battle_damage_to() -> None:
    """5.01 11.4 p1: when a resonator with [Explode] deals damage by rules in a battle resolution
    step, it destroys itself and the resonator the damage was dealt to (an automatic ability)."""
    state, f = at_main(cards("T-BOMB"), bomb="p1:T-BOMB", wall="p2:T-WALL")
    attack(state, f["bomb"], "p2", blocker=f["wall"])
    events = pass_until(state, lambda s: s.step == "normal_damage")
    trig = find(events, "AbilityTriggered")
    assert trig.data["kind"] == "explode" and trig.data["extra"] == {"target": f["wall"]}
    assert cites(trig.rule, "11.4 p1", "destroy itself and resonator the damage dealt")
    events += resolve(state)
    assert moves_of(events, f["bomb"])[0][0] == moves_of(events, f["wall"])[0][0] == "graveyard"


def test_explode_destroys_no_j_ruler() -> None:
    """5.01 11.4 p2: [Explode] is not applied to J-rulers: a blocking J-ruler stays."""
    state, f = at_main(cards("T-BOMB"), bomb="p1:T-BOMB")
    theirs = state.zones["p2"]["ruler_area"][0]
    judged = {"oid": theirs, "card": "T-RULER", "from": "ruler_area", "to": "field", "side": "j_ruler"}
    given(state, "CardMoved", **judged, reason="given", owner="p2", controller="p2")
    attack(state, f["bomb"], "p2", blocker=theirs)
    events = pass_until(state, lambda s: s.step == "normal_damage") + resolve(state)
    gone = [e for e in events if e.type == "CardMoved" and e.data["from"] == "field"]
    assert [e.data["oid"] for e in gone] == [f["bomb"]] and state.objects[theirs].zone == "field"


def test_only_a_flying_j_resonator_blocks_a_flying_attacker() -> None:
    """5.01 11.5 p1: an attack by a J/resonator with [Flying] can be blocked only by one with [Flying]."""
    state, f = at_main({}, bird="p1:T-BIRD", wall="p2:T-WALL", bird2="p2:T-BIRD")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bird"], target="p2"))
    pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_block")
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["wall"]))
    assert refusal.code == "rules/blocker_lacks_flying" and cites(refusal.rule, "11.5 p1", "[Flying]")
    events = run(state, cmd("DeclareBlock", "p2", blocker=f["bird2"]))
    assert find(events, "BlockDeclared").data == {"blocker": f["bird2"]}


def test_swiftness_lets_a_resonator_attack_the_turn_it_is_put_into_the_field() -> None:
    """5.01 11.6 p1: a J/resonator with [Swiftness] can attack in the turn it is put into a field;
    one without it cannot (8.2 p3.1)."""
    state, _ = at_main({})
    fast, bear = card(state, "p1", "T-FAST", to="field"), card(state, "p1", "T-BEAR", to="field")
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=bear, target="p2"))
    assert refusal.code == "rules/cannot_attack" and cites(refusal.rule, "8.2 p3.1", "from the beginning of this turn")
    events = run(state, cmd("DeclareAttack", "p1", attacker=fast, target="p2"))
    assert find(events, "AttackDeclared").data == {"attacker": fast, "target": "p2"}


IMPERISHABLE = {"T-SLAY": CARDS["T-SLAY"], "T-JRULER": {**SYNTHETIC["T-JRULER"], "skills": ["imperishable"]}}


def test_an_imperishable_j_ruler_destroyed_returns_ruler_side_up_with_its_abilities() -> None:
    """5.01 11.7 p1: a destroyed J-ruler with [Imperishable] is put into the ruler area ruler
    side up instead, and the ruler keeps its abilities."""
    state, _ = at_main(IMPERISHABLE)
    ruler = judgment(state)
    events = play(state, "p1", "T-SLAY", [ruler])
    (moved,) = moves_of(events, ruler)
    assert moved[0] == "ruler_area" and cites(moved[1], "11.7 p1", "ruler side up instead")
    assert state.objects[ruler].side == "front" and effective_type(state, ruler) == "ruler"
    events = run(state, cmd("ActivateAbility", "p1", source=ruler, ability=0))
    assert find(events, "WillProduced").data == {"player": "p1", "will": ["R"], "source": ruler}


# --- 12 keyword skills -------------------------------------------------------------------------------


def test_an_awakened_spell_pays_the_additional_cost_and_resolves_with_the_extra_text() -> None:
    """5.01 12.1 p2: "[Awakening] (cost): (text)": as the card is played its controller may pay
    the cost as an additional cost; if they do, it resolves with the text."""
    state, _ = at_main(cards("T-FLARE"))
    flare = card(state, "p1", "T-FLARE")
    will(state, "p1", "R", "R")
    events = run(state, cmd("PlayCard", "p1", card=flare, targets=["p2"], awaken=True))
    assert find(events, "CardPlayed").data["awakened"] is True
    assert [e.data["for"] for e in events if e.type == "WillPaid"] == ["T-Flare", "[Awakening] of T-Flare"]
    events = resolve(state)
    assert (state.players["p1"].life, state.players["p2"].life) == (4500, 3700)
    refusal = rejected(state, cmd("PlayCard", "p1", card=card(state, "p1", "T-BOLT"), targets=["p2"], awaken=True))
    assert refusal.code == "rules/no_awakening" and cites(refusal.rule, "12.1 p2", "As you play this card")


def test_abilities_gained_by_awakening_are_not_lost_at_the_end_of_turn() -> None:
    """5.01 12.1 p3: an awakened resonator comes into the field with the ability and keeps it."""
    state, _ = at_main(cards("T-DRAKE"))
    drake = card(state, "p1", "T-DRAKE")
    will(state, "p1", "R", "R")
    run(state, cmd("PlayCard", "p1", card=drake, awaken=True))
    resolve(state)
    assert characteristics(state, drake).atk == 800
    pass_until(state, lambda s: s.turn == 4)
    assert characteristics(state, drake).atk == 800


def test_incarnation_banishes_a_resonator_of_the_attribute_instead_of_paying_the_cost() -> None:
    """5.01 12.2 p2: "[Incarnation] [R]": rather than paying its cost, the player may banish a
    resonator with that attribute; 10.10 p2: only one he or she controls."""
    state, f = at_main(cards("T-AVATAR"), bear="p1:T-BEAR", theirs="p2:T-BEAR")
    avatar = card(state, "p1", "T-AVATAR")
    refusal = rejected(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["theirs"]]))
    assert refusal.code == "rules/banish_not_controlled" and cites(refusal.rule, "10.10 p2", "doesn't control")
    events = run(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["bear"]]))
    assert "WillPaid" not in types(events)
    (banished,) = moves_of(events, f["bear"])
    assert banished[0] == "graveyard" and cites(banished[1], "12.2 p2", "rather than paying its cost")
    resolve(state)
    assert state.objects[avatar].zone == "field"


# --- 13 rule processes ----------------------------------------------------------------------------------


def test_a_player_at_zero_life_loses_by_rule_process() -> None:
    """5.01 13.1 p1: a player whose life is 0 or less loses the game by rule process (1.3)."""
    state, _ = at_main({})
    given(state, "LifeChanged", player="p2", delta=-3500, life=500)
    events = play(state, "p1", "T-BOLT", ["p2"])
    lost = find(events, "PlayerLost")
    assert lost.data == {"player": "p2", "reason": "life_zero"} and cites(lost.rule, "13.1 p1", "0 or less")
    assert state.finished and state.winner == "p1"


def test_drawing_from_a_main_deck_with_too_few_cards_loses_the_game() -> None:
    """5.01 13.1 p2: a player who needed to draw more cards than the main deck holds in the draw
    phase loses the game by rule process."""
    state, _ = at_main({})
    for oid in list(state.zones["p2"]["main_deck"]):
        put(state, oid, "graveyard")
    events = pass_until(state, lambda s: s.finished)
    lost = find(events, "PlayerLost")
    assert lost.data == {"player": "p2", "reason": "deck_out"} and cites(lost.rule, "13.1 p2", "less cards in it")
    assert (state.turn, state.turn_player, state.winner) == (4, "p2", "p1")


def test_damage_reaching_def_or_def_of_zero_destroys_by_rule_process() -> None:
    """5.01 13.2 p1: a J/resonator with damage equal or more than its DEF is destroyed; 13.2 p2:
    so is one with 0 or less DEF."""
    state, f = at_main(cards("T-WITHER"), bear="p2:T-BEAR", other="p2:T-BEAR", wall="p2:T-WALL")
    events = play(state, "p1", "T-BOLT", [f["bear"]])
    (moved,) = moves_of(events, f["bear"])
    assert moved[0] == "graveyard" and cites(moved[1], "13.2 p1", "equal or more than its DEF")
    events = play(state, "p1", "T-BOLT", [f["wall"]])
    assert moves_of(events, f["wall"]) == [] and state.objects[f["wall"]].damage == 500
    events = play(state, "p1", "T-WITHER", [f["other"]])
    (moved,) = moves_of(events, f["other"])
    assert moved[0] == "graveyard" and cites(moved[1], "13.2 p2", "0 or less DEF")


def test_cards_beyond_the_maximum_lifebreak_size_go_to_the_graveyard() -> None:
    """5.01 13.4 p1: of a lifebreak area with more cards than its maximum, cards are chosen from
    the bottom and the others put into the owner's graveyard."""
    state, _ = at_main({})
    bottom_four = list(state.zones["p1"]["lifebreak"])
    extra = card(state, "p1", "T-BEAR", to="lifebreak")
    events = run(state, cmd("Pass", "p1"))
    (moved,) = moves_of(events, extra)
    assert moved[0] == "graveyard" and cites(moved[1], "13.4 p1", "choose cards from bottom")
    assert state.zones["p1"]["lifebreak"] == bottom_four


# --- 10.16 copy --------------------------------------------------------------------------------------------


def test_5_01_token_copy_is_a_pseudo_card_without_continuous_effects_that_ceases_out_of_its_zone() -> None:
    # FoW-5.01 10.16 p1, p1.1: Fayli (ABC-RG-016) copies the Bear, 800/600 with a counter and [+200/+0]:
    # the pseudo-card is the printed 500/500; returned to the hand, it ceases to exist
    story, fayli, bear = _fayli_story("FoW-5.01")
    token = _copy(story, fayli, bear)
    made = next(e for e in story.log if e.type == "CopyMade")
    assert made.rule == "FoW-5.01 10.16 p1.1"
    assert (characteristics(story.state, token).atk, characteristics(story.state, token).def_) == (500, 500)
    ceased = find(
        story.by_rule(actions.move, token, "hand", "given", rule="3.1 p5", reason="effect"), "CopyCeasedToExist"
    )
    assert ceased.rule == "FoW-5.01 10.16 p1.1"
    story.replays()


def test_5_01_the_copy_has_the_choices_made_for_the_copied_card() -> None:
    # FoW-5.01 10.16 p2 ("it is considered that the copy also has the same choice"; 5.5 makes it p1.3):
    # the X chosen for the copied card goes with the copy
    story, fayli, _ = _fayli_story("FoW-5.01")
    chosen = story.put("p1", "T-BEAR", "hand")
    story.moved(chosen, "field", controller="p1", x=2)
    token = _copy(story, fayli, chosen)
    assert story.state.objects[token].x == 2
    story.replays()


def test_5_01_becoming_a_copy_cites_the_copy_rule() -> None:
    # FoW-5.01 10.16 p1: 5.01 has no "becomes a copy" paragraph (5.5 10.16 p2); Rebellious Soul, Ayu
    # (TSW-074) becoming a copy of the J-ruler is made "the same object without any continues effects" of it
    story, ayu, j_ruler = _ayu_story("FoW-5.01")
    became = find(_become_copy(story, ayu, j_ruler), "BecameCopy")
    assert became.rule == "FoW-5.01 10.16 p1"
    assert effective_type(story.state, ayu) == "resonator"
    assert characteristics(story.state, ayu).atk == 1100
    story.replays()
