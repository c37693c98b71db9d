"""Conditions and durations of real Grimm/Alice cards executed by the engine in the form the
importer gives them (given events / when command / then events; each story replays its whole log):

* Spiral of Despair: "If your Ruler is ... instead": the opponent chooses the two cards, or they
  are picked at random (FoW-5.5 10.20 p1) when the condition holds on resolution (9.3 p3.2).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics, races_of
from domain.kernel import Shuffler
from tests.fow.cards.story import Story, _add, legal
from tests.fow.support import cmd, find, types
from tests.fow.test_ch8_battle import to_main

# --- "he or she discards two cards at random instead" ------------------------------------------


def _spiral(ruler: str) -> tuple[Story, list[str]]:
    story = Story({"CMF-093": 4, "T-BEAR": 4, "T-WALL": 4}, ruler=ruler)
    for card in ("T-BEAR", "T-WALL", "T-BEAR"):
        story.put("p2", card, "hand")
    hand = list(story.state.zones["p2"]["hand"])
    spiral = story.put("p1", "CMF-093", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=spiral, targets=[]))
    return story, hand


def test_spiral_of_despair_the_opponent_chooses_without_pandora() -> None:
    # Spiral of Despair (CMF-093): "Your opponent discards two cards. If your Ruler is "Pandora, Girl
    # of the Box" or your J-Ruler is "Pandora of Light" or "Pandora of Dark", he or she discards two
    # cards at random instead."  With another ruler, p2 chooses the two cards.
    story, hand = _spiral("T-RULER")
    events = story.resolve()
    checked = [e for e in events if e.type == "ConditionChecked"]
    assert [(e.data["met"], e.rule) for e in checked] == [(True, "FoW-5.5 9.3 p3.2")]
    assert "CardsChosenAtRandom" not in [e.type for e in events]
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p2", "discard")
    story.when(cmd("ChooseCards", "p2", cards=hand[:2]))
    assert [story.state.objects[o].zone for o in hand] == ["graveyard"] * 2 + ["hand"] * (len(hand) - 2)
    story.replays()


def test_spiral_of_despair_discards_at_random_with_pandora_as_ruler() -> None:
    # The same card with Pandora, Girl of the Box (CMF-013) as p1's ruler: the two cards are
    # picked by the recorded seed (10.20 p1), nobody chooses.
    story, hand = _spiral("CMF-013")
    index = story.state.shuffles
    events = story.resolve()
    checked = [e for e in events if e.type == "ConditionChecked"]
    assert [e.data["met"] for e in checked] == [False, True]
    assert "ChoiceRequested" not in [e.type for e in events]
    chosen = find(events, "CardsChosenAtRandom")
    assert (chosen.data["player"], chosen.data["shuffle_index"], chosen.rule) == ("p2", index, "FoW-5.5 10.18 p1")
    assert chosen.data["cards"] == Shuffler(story.state.seed, index).shuffled(hand)[:2]
    discarded = [o for o in hand if story.state.objects[o].zone == "graveyard"]
    assert discarded == [o for o in hand if o in chosen.data["cards"]] and len(discarded) == 2
    story.replays()


# --- "for each of your fire magic stone"; "banish three of your fire magic stones. If you do" -------


def test_gilles_de_rais_grows_with_fire_stones_and_returns_from_the_graveyard() -> None:
    # Gilles de Rais, the Golden Dragon (CMF-024, [800/1200]): "[Continuous]: This card gains
    # [+200/+0] for each of your fire magic stone."  "[Continuous]: When this card is destroyed, you
    # may banish three of your fire magic stones. If you do, put this card from its owner's graveyard
    # into your field."  Fire Magic Stone (CMF-102) has the fire magic stone type; Water Magic Stone
    # (CMF-097) does not.  p1 banishes three fire stones (10.10 p1): Gilles comes back from the
    # graveyard as a new object (3.1 p3), not played (no [Enter], 9.6 p1.1).
    story = Story({"CMF-024": 4, "T-BEAR": 4}, {"CMF-102": 6, "CMF-097": 4})
    gilles = story.put("p1", "CMF-024", "field")
    fire = [story.put("p1", "CMF-102", "stone_area") for _ in range(4)]
    story.put("p1", "CMF-097", "stone_area")
    story.put("p2", "CMF-102", "stone_area")  # not p1's
    assert characteristics(story.state, gilles).atk == 800 + 4 * 200
    story.by_rule(actions.destroy, gilles, "given")
    assert story.state.objects[gilles].zone == "graveyard"
    trig = story.state.triggered[-1]
    assert trig.source == gilles
    played = story.when(cmd("Pass", story.pending.player))  # no choice: played at once (9.6 p6)
    assert find(played, "AbilityPlayed").data["source"] == gilles
    story.resolve()
    assert story.pending.kind == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert (story.pending.player, story.pending.kind) == ("p1", "banish")  # three of four (10.10 p1)
    events += story.when(cmd("ChooseCards", "p1", cards=fire[:3]))
    banished = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "banish"]
    assert sorted(e.data["oid"] for e in banished) == sorted(fire[:3])
    back = [e for e in events if e.type == "CardMoved" and e.data["oid"] == gilles and e.data["to"] == "field"]
    assert [(e.data["from"], e.data["controller"]) for e in back] == [("graveyard", "p1")]
    assert story.state.objects[gilles].zone == "field"
    assert characteristics(story.state, gilles).atk == 800 + 1 * 200  # one fire stone left
    story.replays()


def test_gilles_de_rais_stays_in_the_graveyard_if_not_banished() -> None:
    # The same card: declining the "you may" (9.3 p3.2) leaves it in the graveyard ("If you do").
    story = Story({"CMF-024": 4, "T-BEAR": 4}, {"CMF-102": 6, "CMF-097": 4})
    gilles = story.put("p1", "CMF-024", "field")
    fire = [story.put("p1", "CMF-102", "stone_area") for _ in range(3)]
    story.by_rule(actions.destroy, gilles, "given")
    played = story.when(cmd("Pass", story.pending.player))  # no choice: played at once (9.6 p6)
    assert find(played, "AbilityPlayed").data["source"] == gilles
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert "CardMoved" not in types(events)
    assert story.state.objects[gilles].zone == "graveyard"
    assert [story.state.objects[o].zone for o in fire] == ["stone_area"] * 3
    story.replays()


# --- "You may pay {1} less to play Card Soldier resonators"; "... a card with the same name" ------


def test_queen_of_hearts_lets_its_controller_pay_less_for_card_soldiers() -> None:
    # Queen of Hearts (TAT-086): "[Continuous]: You may pay {1} less to play Card Soldier
    # resonators."  Card Soldier "Diamond" (TAT-021) costs {R}{1}: with the Queen, p1 may pay {R}
    # (FoW-5.5 9.3 p2.5); a Bear (no Card Soldier) gets no reduction, nor does p2 from p1's Queen.
    story = Story({"TAT-086": 4, "TAT-021": 4, "T-BEAR": 4})
    queen = story.put("p1", "TAT-086", "field")
    diamond = story.put("p1", "TAT-021", "hand")
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R")
    plays = [a for a in legal(story, "p1", "PlayCard") if a["card"] == diamond]
    # reduced, the {R} in the pool pays it; at full price the ruler's will ability must add {1}
    assert {"card": diamond, "targets": [], "pay_with": [], "reduce": True} in plays
    assert [a["pay_with"] != [] for a in plays if not a.get("reduce")] == [True]
    no_bear = story.refused(cmd("PlayCard", "p1", card=bear, targets=[], reduce=True))
    assert (no_bear.code, no_bear.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    full_price = story.refused(cmd("PlayCard", "p1", card=diamond, targets=[]))  # {R} for {R}{1}
    assert full_price.code.startswith("rules/")
    events = story.when(cmd("PlayCard", "p1", card=diamond, targets=[], reduce=True))
    changed = find(events, "CostChanged")  # the Queen's decrease (9.3 p2.5)
    assert (changed.data["cost"], changed.data["sources"]) == ({"attribute": {"R": 1}, "free": 0}, [queen])
    assert changed.rule == "FoW-5.5 9.3 p2.5"
    assert story.state.players["p1"].will == []
    story.resolve()
    assert story.state.objects[diamond].zone == "field"
    story.replays()


def test_the_opponents_queen_of_hearts_does_not_reduce_your_cost() -> None:
    story = Story({"TAT-086": 4, "TAT-021": 4})
    story.put("p2", "TAT-086", "field")
    diamond = story.put("p1", "TAT-021", "hand")
    story.will("p1", "R", "R")
    refused = story.refused(cmd("PlayCard", "p1", card=diamond, targets=[], reduce=True))
    assert (refused.code, refused.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    assert [a.get("reduce", False) for a in legal(story, "p1", "PlayCard") if a["card"] == diamond] == [False]
    story.when(cmd("PlayCard", "p1", card=diamond, targets=[]))
    story.replays()


def test_queen_of_hearts_enter_returns_up_to_one_card_soldier_of_each_name() -> None:
    # Queen of Hearts (TAT-086): "[Enter]: Put up to one target card named "Card Soldier "Spade"", up to
    # one target card named "Card Soldier "Club"", up to one target card named "Card Soldier
    # "Diamond"" and up to one target card named "Card Soldier "Heart"" from your graveyard into your
    # hand."  Four target groups, zero or one card each (9.3 p2.4); a card of another name is no
    # legal target of a group.  Spade TAT-075, Club TAT-074, Diamond TAT-021.
    story = Story({"TAT-086": 4, "TAT-021": 4, "TAT-074": 4, "TAT-075": 4})
    spade = story.put("p1", "TAT-075", "graveyard")
    diamond = story.put("p1", "TAT-021", "graveyard")
    story.put("p2", "TAT-074", "graveyard")  # p2's Club: not in p1's graveyard
    queen = story.put("p1", "TAT-086", "hand")
    story.will("p1", "B", "B", "B", "B")
    story.when(cmd("PlayCard", "p1", card=queen, targets=[]))
    story.resolve()  # the Queen enters; its [Enter] triggers (9.6 p1.1)
    trig = story.state.triggered[-1]
    wrong = story.refused(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[diamond], [], [], []]))
    assert wrong.code.startswith("rules/")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[spade], [], [diamond], []]))
    events = story.resolve()
    moved = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert sorted(e.data["oid"] for e in moved) == sorted([spade, diamond])
    assert story.state.objects[spade].zone == story.state.objects[diamond].zone == "hand"
    story.replays()


def test_akashic_records_reduce_a_card_whose_name_is_in_your_graveyard() -> None:
    # Akashic Records of Eternal Flame (MPR-019): "[Continuous]: You may pay {2} less to play a card if
    # a card with the same name is in your graveyard."  Gilles de Rais (CMF-024) costs {R}{R}{4}: with
    # a Gilles in p1's graveyard, {R}{R}{2} (9.3 p2.5); with none there, no reduction.
    story = Story({"MPR-019": 4, "CMF-024": 4, "T-BEAR": 4})
    records = story.put("p1", "MPR-019", "field")
    gilles = story.put("p1", "CMF-024", "hand")
    bear = story.put("p1", "T-BEAR", "hand")
    story.put("p2", "T-BEAR", "graveyard")  # a Bear in p2's graveyard does not count
    story.will("p1", "R", "R", "R", "R")
    refused = story.refused(cmd("PlayCard", "p1", card=bear, targets=[], reduce=True))
    assert (refused.code, refused.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    assert [a.get("reduce") for a in legal(story, "p1", "PlayCard") if a["card"] == gilles] == []  # 5 will at most
    story.put("p1", "CMF-024", "graveyard")
    assert [a.get("reduce") for a in legal(story, "p1", "PlayCard") if a["card"] == gilles] == [True]
    events = story.when(cmd("PlayCard", "p1", card=gilles, targets=[], reduce=True))
    changed = find(events, "CostChanged")
    assert (changed.data["cost"], changed.data["sources"]) == ({"attribute": {"R": 2}, "free": 2}, [records])
    assert story.state.players["p1"].will == []
    story.replays()


# --- "If it's a Demon, it cannot be recovered as long as this card is in a field" -----------------


def _scepter(story: Story) -> tuple[str, int]:
    """p1's Bear with Sacred Scepter of Exorcism (TAT-015) added, in the field since the turn began;
    the index of the ability it gains."""
    bear = story.put("p1", "T-BEAR", "field")
    _add(story, "p1", "TAT-015", bear)
    story.log += to_main(story.state, turn=3)
    [index] = [i for i, a in characteristics(story.state, bear).abilities if a.kind == "activate"]
    return bear, index


def test_sacred_scepter_a_demon_rested_cannot_be_recovered_while_the_holder_stays() -> None:
    # Sacred Scepter of Exorcism (TAT-015): '[Continuous]: Resonator with this gains "[Activate]
    # {Rest}: Rest target resonator. If it's a Demon, it cannot be recovered as long as this card is in
    # a field."'  TTW-085 is a Demon.  Rested, it stays rested in its controller's recovery
    # phase (5.2 p5) and an effect cannot recover it (10.12 p1, 1.4 p4), until the Bear that has the
    # ability leaves the field (9.9 p8).  Power Supply Team (SKL-089): "Banish this card: Recover
    # target resonator."
    story = Story({"TAT-015": 4, "T-BEAR": 4, "TTW-085": 4, "SKL-089": 4})
    demon = story.put("p2", "TTW-085", "field")
    bear, index = _scepter(story)
    story.when(cmd("ActivateAbility", "p1", source=bear, ability=index, targets=[[demon]]))
    events = story.resolve()
    assert find(events, "CardRested").data["oid"] == demon
    checked = find(events, "ConditionChecked")
    assert (checked.data["met"], checked.rule) == (True, "FoW-5.5 9.3 p3.2")
    made = [e for e in events if e.type == "ContinuousEffectCreated"]
    assert [(e.data["targets"], e.data["rules"], e.data["duration"]) for e in made] == [
        ([demon], ["cannot_be_recovered"], "source_in_field")
    ]
    supply = story.put("p1", "SKL-089", "field")
    story.when(cmd("ActivateAbility", "p1", source=supply, ability=0, targets=[[demon]]))
    events = story.resolve()
    assert "CardRecovered" not in types(events) and story.state.objects[demon].rested
    story.log += to_main(story.state, turn=4)  # p2's turn: its recovery phase leaves the Demon rested
    recovered = [e for e in story.log if e.type == "CardsRecovered" and e.data["player"] == "p2"][-1]
    assert demon in recovered.data["not_recovered"]
    assert story.state.objects[demon].rested
    story.by_rule(actions.destroy, bear, "given")  # the source leaves: the effect ends (9.9 p8)
    assert any(e.type == "ContinuousEffectsEnded" for e in story.log[-6:])
    story.log += to_main(story.state, turn=6)
    assert not story.state.objects[demon].rested
    story.replays()


def test_sacred_scepter_a_resonator_other_than_a_demon_is_only_rested() -> None:
    story = Story({"TAT-015": 4, "T-BEAR": 4, "T-WALL": 4, "SKL-089": 4})
    wall = story.put("p2", "T-WALL", "field")
    bear, index = _scepter(story)
    story.when(cmd("ActivateAbility", "p1", source=bear, ability=index, targets=[[wall]]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert "ContinuousEffectCreated" not in types(events) and story.state.objects[wall].rested
    supply = story.put("p1", "SKL-089", "field")
    story.when(cmd("ActivateAbility", "p1", source=supply, ability=0, targets=[[wall]]))
    assert find(story.resolve(), "CardRecovered").data["oid"] == wall
    story.replays()


# --- "As long as you control X, each Nightmare resonator loses Nightmare and gains Fairy Tale" -----


def test_juliet_turns_nightmares_into_fairy_tales_while_you_control_romeo() -> None:
    # Juliet, the Hope (CMF-008): "[Continuous]: As long as you control "Romeo, the Despair", each
    # Nightmare resonator loses Nightmare and gains Fairy Tale."  Romeo, the Despair (CMF-090) and
    # Commander of Wolves (CMF-023) are Nightmares; Tinker Bell, the Spirit (CMF-019): "[Continuous]:
    # This card gains [+200/+200] for each Fairy Tale you control" counts them once they are Fairy
    # Tales (races are characteristics, FoW-5.5 2.5; the ability applies while its condition holds,
    # 9.4 p1).  p2's Commander changes too ("each"), but p1 does not control it.
    story = Story({"CMF-008": 4, "CMF-090": 4, "CMF-023": 4, "CMF-019": 4})
    story.put("p1", "CMF-008", "field")
    tinker = story.put("p1", "CMF-019", "field")
    wolves = story.put("p1", "CMF-023", "field")
    theirs = story.put("p2", "CMF-023", "field")
    assert characteristics(story.state, tinker).atk == 2 * 200  # Juliet and Tinker Bell
    assert races_of(story.state, wolves) == ["Nightmare", "Werewolf"]
    romeo = story.put("p1", "CMF-090", "field")
    assert races_of(story.state, wolves) == ["Werewolf", "Fairy Tale"]
    assert races_of(story.state, romeo) == ["Immortal", "Fairy Tale"]
    assert races_of(story.state, theirs) == ["Werewolf", "Fairy Tale"]
    assert characteristics(story.state, tinker).atk == 4 * 200  # and Romeo and p1's Commander
    story.by_rule(actions.destroy, romeo, "given")  # no Romeo: the condition no longer holds
    assert races_of(story.state, wolves) == ["Nightmare", "Werewolf"]
    assert characteristics(story.state, tinker).atk == 2 * 200
    story.replays()


def test_the_opponents_romeo_does_not_satisfy_juliet() -> None:
    story = Story({"CMF-008": 4, "CMF-090": 4, "CMF-023": 4})
    story.put("p1", "CMF-008", "field")
    story.put("p2", "CMF-090", "field")
    wolves = story.put("p1", "CMF-023", "field")
    assert races_of(story.state, wolves) == ["Nightmare", "Werewolf"]
    story.replays()


# --- "You may banish this card rather than pay the cost of a water [Spell:Chant-Instant]" -----------


def test_apollosphere_is_banished_instead_of_paying_for_a_water_chant_instant() -> None:
    # Apollosphere, the Moon Lance (MPR-037, [Addition:J/Resonator]): "[Continuous]: You may banish this
    # card rather than pay the cost of a water [Spell:Chant-Instant]."  Alice's Pursuit (MOA-021) is a
    # water [Spell:Chant-Instant] ({U}): p1 plays it with no will by banishing the Apollosphere (a cost
    # of another quality, FoW-5.5 9.3 p2.5; banish: 10.10 p1).  Whirlpool of Knowledge (TAT-053) is a
    # [Spell:Chant]: no such play.
    # Its target: "target resonator your opponent controls with total cost 5 or more" (Gilles de Rais
    # CMF-024, total cost 6).
    story = Story({"MPR-037": 4, "MOA-021": 4, "TAT-053": 4, "T-BEAR": 4, "CMF-024": 4})
    bear = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "CMF-024", "field")
    sphere = _add(story, "p1", "MPR-037", bear)
    pursuit = story.put("p1", "MOA-021", "hand")
    whirlpool = story.put("p1", "TAT-053", "hand")
    offered = [a for a in legal(story, "p1", "PlayCard") if a.get("banish_instead")]
    assert {a["card"] for a in offered} == {pursuit} and {a["banish_instead"] for a in offered} == {sphere}
    refused = story.refused(cmd("PlayCard", "p1", card=whirlpool, targets=[], banish_instead=sphere))
    assert (refused.code, refused.rule) == ("rules/no_alternative_cost", "FoW-5.5 9.3 p2.5")
    not_a_sphere = story.refused(cmd("PlayCard", "p1", card=pursuit, targets=[[theirs]], banish_instead=bear))
    assert (not_a_sphere.code, not_a_sphere.rule) == ("rules/no_alternative_cost", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("PlayCard", "p1", card=pursuit, targets=[[theirs]], banish_instead=sphere))
    played = find(events, "CardPlayed")
    assert played.data["banish_instead"] == sphere
    banished = [e for e in events if e.type == "CardMoved" and e.data["oid"] == sphere]
    assert [(e.data["to"], e.data["reason"], e.rule) for e in banished] == [("graveyard", "banish", "FoW-5.5 10.10 p1")]
    assert "WillPaid" not in types(events) and story.state.objects[sphere].zone == "graveyard"
    story.resolve()
    assert story.state.objects[theirs].zone == "hand"
    story.replays()


def test_the_opponents_apollosphere_offers_nothing() -> None:
    story = Story({"MPR-037": 4, "MOA-021": 4, "CMF-024": 4})
    gilles = story.put("p2", "CMF-024", "field")
    sphere = _add(story, "p2", "MPR-037", gilles)
    pursuit = story.put("p1", "MOA-021", "hand")
    refused = story.refused(cmd("PlayCard", "p1", card=pursuit, targets=[[gilles]], banish_instead=sphere))
    assert (refused.code, refused.rule) == ("rules/no_alternative_cost", "FoW-5.5 9.3 p2.5")
    story.replays()
