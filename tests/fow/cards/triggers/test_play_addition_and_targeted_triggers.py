"""Real Grimm/Alice cards whose trigger condition the vocabulary lacked (helper t4-trig), executed
by the engine in the form the importer gives them (given events / when command / then events;
each story replays its whole log at the end):

* Blessing of Athena (TMS-020): "Whenever added resonator attacks, it gains [+500/+500] until end
  of turn and deals 500 damage to you." - an addition's ability triggering on the card it is added
  to (7.2 p3, 9.6 p1, 8.2 p5), the damage dealt by that card (10.6 p1);
* Alicia's Lance (VIN002-032): "Whenever damage is dealt to added J/resonator => Draw a card.";
* Bors, Returned Adventurer (BFA-002): "When this card enters your field or attacks, ..." - two
  trigger conditions, one ability each (9.6 p1); Celestial Wing Seraph (SKL-005): "Whenever this
  card attacks you gain 300 life for each Angel you control." (the comma left out by a misprint).
"""

from __future__ import annotations

from typing import Any

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def _add(story: Story, player: str, addition: str, host: str) -> str:
    """Given: ``addition`` from ``player``'s hand is in the field, added to ``host``."""
    oid = story.put(player, addition, "hand")
    story.moved(oid, "field", attached_to=host)
    return oid


def _triggered_by(events: list[Event], source: str) -> list[Event]:
    return [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == source]


def _attack(story: Story, attacker: str) -> list[Event]:
    """p1 begins a battle and declares ``attacker``'s attack on p2."""
    return story.attack(attacker)


def _play_and_resolve(story: Story, trig: Event, targets: list[Any] | None = None) -> list[Event]:
    """Plays the triggered ability (unless it was played for its player, having no choice, 6.2 p2)
    and lets it resolve."""
    if any(t.id == trig.data["trigger"] for t in story.state.triggered):
        player = trig.data["controller"]
        story.when(cmd("PlayTriggered", player, trigger=trig.data["trigger"], targets=targets or [], pay_with=[]))
    return story.resolve()


def test_blessing_of_athena_triggers_when_added_resonator_attacks() -> None:
    story = Story({"TMS-020": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    other = story.put("p1", "T-BEAR", "field")
    blessing = _add(story, "p1", "TMS-020", bear)
    story.log += to_main(story.state, turn=3)
    events = _attack(story, bear)
    rested = find(events, "CardRested")  # the attack declared, the attacker rested (8.2 p3, p5)
    [trig] = _triggered_by(events, blessing)
    assert (trig.rule, trig.cause, rested.data["oid"]) == ("FoW-5.5 9.6 p5", f"ev:{rested.seq}", bear)
    life = story.state.players["p1"].life
    resolved = _play_and_resolve(story, trig)
    shown, base = characteristics(story.state, bear), story.state.cards["T-BEAR"]
    assert (shown.atk, shown.def_) == (base.atk + 500, base.def_ + 500)
    dealt = find(resolved, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (bear, "p1", 500)
    assert story.state.players["p1"].life == life - 500
    assert characteristics(story.state, other).atk == base.atk
    story.replays()


def test_blessing_of_athena_ignores_another_attacker() -> None:
    story = Story({"TMS-020": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    other = story.put("p1", "T-BEAR", "field")
    blessing = _add(story, "p1", "TMS-020", bear)
    story.log += to_main(story.state, turn=3)
    events = _attack(story, other)
    assert not _triggered_by(events, blessing)
    story.replays()


def test_alicias_lance_draws_when_damage_is_dealt_to_added_j_resonator() -> None:
    story = Story({"VIN002-032": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    other = story.put("p1", "T-BEAR", "field")
    lance = _add(story, "p1", "VIN002-032", bear)
    hit = story.by_rule(actions.deal_damage, other, other, 100, "given")  # not the added one
    assert not _triggered_by(hit, lance)
    hit = story.by_rule(actions.deal_damage, other, bear, 100, "given")
    [trig] = _triggered_by(hit, lance)
    assert (trig.rule, trig.cause) == ("FoW-5.5 9.6 p5", f"ev:{find(hit, 'DamageDealt').seq}")
    hand = len(story.state.zones["p1"]["hand"])
    story.when(cmd("Pass", "p1"))  # the next priority: the trigger is played (6.2 p2)
    resolved = _play_and_resolve(story, trig)
    assert find(resolved, "CardMoved").data["to"] == "hand"
    assert len(story.state.zones["p1"]["hand"]) == hand + 1
    story.replays()


def test_bors_triggers_as_it_attacks_too() -> None:
    # "When this card enters your field or attacks, target Knigh[t] of the Round Table gains
    # [+400/+400] until end of turn.": two trigger conditions (9.6 p1); Bors is such a Knight
    story = Story({"BFA-002": 4, "T-BEAR": 4})
    bors = story.put("p1", "BFA-002", "field")
    story.log += to_main(story.state, turn=3)
    events = _attack(story, bors)
    [trig] = _triggered_by(events, bors)
    assert trig.rule == "FoW-5.5 9.6 p5"
    _play_and_resolve(story, trig, [[bors]])
    assert characteristics(story.state, bors).atk == 600 + 400
    story.replays()


def test_celestial_wing_seraph_gains_life_for_each_angel_as_it_attacks() -> None:
    # "Whenever this card attacks you gain 300 life for each Angel you control." (8.2 p5, 9.6 p1)
    story = Story({"SKL-005": 4, "T-BEAR": 4})
    seraph = story.put("p1", "SKL-005", "field")
    story.put("p1", "SKL-005", "field")
    story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    life = story.state.players["p1"].life
    events = _attack(story, seraph)
    [trig] = _triggered_by(events, seraph)
    _play_and_resolve(story, trig)
    assert story.state.players["p1"].life == life + 600  # two Angels
    story.replays()


# --- "When this card becomes targeted by ..." (9.3 p2, 9.6 p1) ---------------------------------


def test_mephistopheles_makes_the_opponent_targeting_it_lose_life() -> None:
    # Mephistopheles, the Abyssal Tyrant (TAT-083): "When this card becomes targeted by spells or
    # abilities your opponent controls, he or she loses 500 life."
    story = Story({"TAT-083": 4, "T-BOLT": 4, "T-BEAR": 4})
    meph = story.put("p2", "TAT-083", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=bolt, targets=[[meph]]))
    played = find(events, "CardPlayed")
    [trig] = _triggered_by(events, meph)
    assert trig.rule == "FoW-5.5 9.6 p5" and int(trig.cause[3:]) >= played.seq
    life = story.state.players["p1"].life
    resolved = _play_and_resolve(story, trig)
    assert find(resolved, "LifeChanged").data["player"] == "p1"
    assert story.state.players["p1"].life == life - 500
    story.replays()


def test_mephistopheles_ignores_its_controllers_own_spells() -> None:
    story = Story({"TAT-083": 4, "T-BOLT": 4, "T-BEAR": 4})
    meph = story.put("p1", "TAT-083", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=bolt, targets=[[meph]]))
    assert not _triggered_by(events, meph)
    story.replays()


def test_wicked_witch_is_destroyed_when_a_water_spell_targets_it() -> None:
    # Wicked Witch of the West (TAT-035): "When this card becomes targeted by water spells or water
    # card's abilities, destroy it."  A fire spell (T-BOLT) does not; a water one (SKL-042) does.
    story = Story({"TAT-035": 4, "T-BOLT": 4, "SKL-042": 4})
    witch = story.put("p2", "TAT-035", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    water = story.put("p1", "SKL-042", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=bolt, targets=[[witch]]))
    assert not _triggered_by(events, witch)
    story.resolve()
    witch = story.put("p2", "TAT-035", "field")
    story.will("p1", "U", "U", "U")
    events = story.when(cmd("PlayCard", "p1", card=water, targets=[[witch]]))
    [trig] = _triggered_by(events, witch)
    assert trig.data["controller"] == "p2"
    resolved = _play_and_resolve(story, trig)
    moved = find(resolved, "CardMoved")
    assert (moved.data["oid"], moved.data["reason"]) == (witch, "destroyed")
    story.replays()


# --- "Whenever a non-Dragon resonator comes into a field" (9.6 p7) -----------------------------


def test_realm_of_the_dragon_king_damages_a_resonator_coming_into_any_field() -> None:
    # Realm of the Dragon King (TAT-033): "Whenever a non-Dragon resonator comes into a field, this
    # card deals 500 damage to it. If you control "Bahamut, the Dragon King", this card deals 800
    # damage instead."  A Bear (500 DEF) put into the opponent's field is dealt 500 and destroyed.
    story = Story({"TAT-033": 4, "T-BEAR": 4})
    realm = story.put("p1", "TAT-033", "field")
    bear = story.put("p2", "T-BEAR", "hand")
    moved = story.by_rule(actions.move, bear, "field", "given", rule="3.1 p5", reason="effect", controller="p2")
    [trig] = _triggered_by(moved, realm)
    assert (trig.rule, trig.data["extra"]["target"]) == ("FoW-5.5 9.6 p5", bear)
    story.when(cmd("Pass", "p1"))  # the next priority: the trigger is played (6.2 p2)
    resolved = _play_and_resolve(story, trig)
    dealt = find(resolved, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (realm, bear, 500)
    assert story.state.objects[bear].zone == "graveyard"  # destroyed by a rule process: damage as great as its DEF
    story.replays()


def test_realm_of_the_dragon_king_ignores_non_resonators() -> None:
    story = Story({"TAT-033": 4, "TMS-020": 4, "T-BEAR": 4})
    realm = story.put("p1", "TAT-033", "field")
    other = story.put("p1", "TAT-033", "hand")  # an addition, not a resonator
    moved = story.by_rule(actions.move, other, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    assert not _triggered_by(moved, realm)
    story.replays()


# --- "shuffle it into its owner's main deck" (3.1 p3, 10.20 p1) --------------------------------


def test_cheshire_cat_is_shuffled_into_its_owners_main_deck() -> None:
    # Cheshire Cat, the Grinning Remnant (TAT-039): "[Continuous]: When this card it put into a
    # graveyard from a field, shuffle it into its owner's main deck."
    story = Story({"TAT-039": 4, "T-BEAR": 4})
    cat = story.put("p1", "TAT-039", "field")
    destroyed = story.by_rule(actions.destroy, cat, "given")
    [trig] = _triggered_by(destroyed, cat)
    assert story.state.objects[cat].zone == "graveyard"
    story.when(cmd("Pass", "p1"))  # the next priority: the trigger is played (6.2 p2)
    resolved = _play_and_resolve(story, trig)
    moved = find(resolved, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (cat, "graveyard", "main_deck")
    shuffled = find(resolved, "DeckShuffled")
    assert (shuffled.data["player"], shuffled.rule, cat in shuffled.data["order"]) == ("p1", "FoW-5.5 10.20 p1", True)
    assert story.state.objects[cat].zone == "main_deck"
    story.replays()


def test_cheshire_cat_that_left_the_graveyard_stays_where_it_went() -> None:
    # the card that went to the graveyard is a new object once it moves on (3.1 p3)
    story = Story({"TAT-039": 4, "T-BEAR": 4})
    cat = story.put("p1", "TAT-039", "field")
    [trig] = _triggered_by(story.by_rule(actions.destroy, cat, "given"), cat)
    story.when(cmd("Pass", "p1"))
    story.by_rule(actions.move, cat, "removed", "given", rule="3.1 p5", reason="removed")
    resolved = _play_and_resolve(story, trig)
    assert "DeckShuffled" not in [e.type for e in resolved]
    assert story.state.objects[cat].zone == "removed"
    story.replays()


# --- "Whenever resonator with this becomes rested" (9.6 p1, 10.12) -----------------------------


def test_red_hot_iron_shoes_burn_the_controller_of_the_resonator_as_it_rests() -> None:
    # Red Hot Iron Shoes (CMF-033): "[Continuous]: Whenever resonator with this becomes rested, this
    # card deals 500 damage to that resonator's controller."  p1's shoes on p2's Bear: p2 attacks
    # with it (resting it, 8.2 p5); the other Bear stays recovered.
    story = Story({"CMF-033": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    other = story.put("p2", "T-BEAR", "field")
    shoes = _add(story, "p1", "CMF-033", bear)
    story.log += to_main(story.state, turn=2)
    story.when(cmd("InitiateBattle", "p2"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    events = story.when(cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    rested = find(events, "CardRested")
    [trig] = _triggered_by(events, shoes)
    assert (trig.rule, trig.cause, trig.data["controller"]) == ("FoW-5.5 9.6 p5", f"ev:{rested.seq}", "p1")
    life = story.state.players["p2"].life
    resolved = _play_and_resolve(story, trig)
    dealt = find(resolved, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (shoes, "p2", 500)
    assert story.state.players["p2"].life == life - 500
    assert not story.state.objects[other].rested
    story.replays()


# --- "At the beginning of each player's turn, that player banishes a resonator." (5.1 p1, 10.10) --


def test_collapsing_world_makes_each_turn_player_banish_a_resonator() -> None:
    # Collapsing World (BFA-062, p1's): on p2's turn p2 banishes its only resonator; on p1's turn p1
    # chooses one of its two
    story = Story({"BFA-062": 4, "T-BEAR": 4})
    story.put("p1", "BFA-062", "field")
    mine = [story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")]
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=2)
    banished = [e for e in story.log if e.type == "CardMoved" and e.data["reason"] == "banish"]
    assert [(e.data["oid"], e.rule, e.actor) for e in banished] == [(theirs, "FoW-5.5 10.10 p1", "p2")]
    assert all(story.state.objects[b].zone == "field" for b in mine)
    while story.pending.kind != "banish":
        story.when(cmd("Pass", story.pending.player))
    assert (story.state.turn, story.pending.player, story.pending.options["cards"]) == (3, "p1", mine)
    events = story.when(cmd("ChooseCards", "p1", cards=[mine[1]]))
    assert find(events, "CardMoved").data["oid"] == mine[1]
    assert story.state.objects[mine[0]].zone == "field" and story.state.objects[mine[1]].zone == "graveyard"
    story.replays()


# --- "Whenever added resonator deals damage to a resonator your opponent controls" (9.6 p5, 9.11) --


def test_ame_no_habakiri_deals_that_much_to_the_damaged_resonators_controller() -> None:
    # Ame-no-Habakiri (MOA-011): "[Continuous]: Whenever added resonator deals damage to a resonator
    # your opponent controls, this card deals that much damage to that resonator's controller."
    # The damaged Bear is destroyed first: its controller is read as it last was in the field (9.11).
    story = Story({"MOA-011": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    mine = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    sword = _add(story, "p1", "MOA-011", bear)
    hit = story.by_rule(actions.deal_damage, bear, mine, 100, "given")  # a resonator p1 controls: no
    assert not _triggered_by(hit, sword)
    hit = story.by_rule(actions.deal_damage, mine, theirs, 100, "given")  # not dealt by the added one
    assert not _triggered_by(hit, sword)
    hit = story.by_rule(actions.deal_damage, bear, theirs, 600, "given")
    [trig] = _triggered_by(hit, sword)
    assert (trig.data["extra"], trig.cause) == ({"amount": 600, "target": theirs}, f"ev:{find(hit, 'DamageDealt').seq}")
    life = story.state.players["p2"].life
    story.when(cmd("Pass", "p1"))  # rule processes destroy the Bear, then the trigger is played (6.2 p2)
    assert story.state.objects[theirs].zone == "graveyard"
    resolved = _play_and_resolve(story, trig)
    dealt = find(resolved, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (sword, "p2", 600)
    assert story.state.players["p2"].life == life - 600
    story.replays()


# --- "When an addition is added to a resonator you control or an [Addition:Field] is put into
# your field" (7.2 p3, 9.6 p1) ------------------------------------------------------------------


def _counters(story: Story, oid: str) -> int:
    return sum(story.state.objects[oid].counters.values())


def test_heartless_tin_man_counts_additions_added_to_your_resonators_and_field_additions() -> None:
    # Heartless Tin Man (TAT-064): "[Continuous]: When an addition is added to a resonator you control
    # or an [Addition:Field] is put into your field, put an achievement counter on this card."
    story = Story({"TAT-064": 4, "TMS-020": 4, "TAT-033": 4, "T-BEAR": 4})
    tin = story.put("p1", "TAT-064", "field")
    bear = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    blessing = story.put("p1", "TMS-020", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=blessing, targets=[[theirs]]))  # to p2's resonator: no
    events = story.resolve()
    assert story.state.objects[blessing].attached_to == theirs and not _triggered_by(events, tin)
    blessing = story.put("p1", "TMS-020", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=blessing, targets=[[bear]]))
    events = story.resolve()
    [trig] = _triggered_by(events, tin)
    assert trig.cause == f"ev:{next(e.seq for e in events if e.type == 'CardMoved' and e.data['oid'] == blessing)}"
    _play_and_resolve(story, trig)
    assert story.state.objects[tin].counters == {"achievement": 1}
    realm = story.put("p1", "TAT-033", "hand")  # an [Addition:Field] put into p1's field
    moved = story.by_rule(actions.move, realm, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = _triggered_by(moved, tin)
    story.when(cmd("Pass", "p1"))
    _play_and_resolve(story, trig)
    assert _counters(story, tin) == 2
    story.replays()


# --- "When added resonator is put into a graveyard from a field, put that resonator into its
# owner's field." (9.6 p7, 9.6 p10, 3.1 p3) ------------------------------------------------------


def test_leaves_of_yggdrasil_puts_the_resonator_back_into_its_owners_field() -> None:
    # Leaves of Yggdrasil (MOA-035), p1's, on p2's Bear: the Bear is destroyed; the Leaves, put into
    # the graveyard by a rule process, still has its ability played (9.6 p10); the Bear comes back
    # into p2's field (its owner's)
    story = Story({"MOA-035": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    leaves = _add(story, "p1", "MOA-035", bear)
    destroyed = story.by_rule(actions.destroy, bear, "given")
    [trig] = _triggered_by(destroyed, leaves)
    assert (trig.data["controller"], trig.data["extra"]) == ("p1", {"target": bear})
    story.when(cmd("Pass", "p1"))
    assert story.state.objects[leaves].zone == "graveyard"  # no host: a rule process (7.2 p4)
    assert len(_triggered_by(story.log, leaves)) == 1  # its own move does not trigger it
    resolved = _play_and_resolve(story, trig)
    moved = find(resolved, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.data["controller"]) == (
        bear,
        "graveyard",
        "field",
        "p2",
    )
    story.replays()


def test_leaves_of_yggdrasil_loses_a_resonator_that_left_the_graveyard() -> None:
    story = Story({"MOA-035": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    leaves = _add(story, "p1", "MOA-035", bear)
    [trig] = _triggered_by(story.by_rule(actions.destroy, bear, "given"), leaves)
    story.when(cmd("Pass", "p1"))
    story.by_rule(actions.move, bear, "removed", "given", rule="3.1 p5", reason="removed")
    story.by_rule(actions.move, bear, "graveyard", "given", rule="3.1 p5", reason="put")  # a new object
    _play_and_resolve(story, trig)
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()
