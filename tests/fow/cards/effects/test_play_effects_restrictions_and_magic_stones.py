"""Effects, restrictions and magic stones of real Grimm/Alice cards, executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* magic stone types (FoW-5.5 2.1 p5.2): "Treat this card as wind magic stone and water magic
  stone" and references to "water magic stones";
* will with the moon characteristic as a choice ("Produce {M} or {B}", 9.7 p7);
* restrictions made by an effect until the end of the turn ("Target resonator cannot block this
  turn", "... cannot be targeted by spells or abilities your opponent controls until end of turn",
  "Resonators you control cannot be destroyed until end of turn": the text beats the rules and a
  prohibition beats an instruction, 1.4 p1, p4);
* damage prevention by its source ("Prevent all damage that would be dealt by target resonator
  until end of turn") and of the next damage only ("Prevent the next damage that would be dealt
  by / to target resonator [this turn]", 10.17 p1.2);
* putting a card from the hand into the field ("[You may] put a water resonator with total cost 1
  from your hand into your field"): chosen on resolution, choosing none allowed (10.13 p2);
* canceling an ability of a kind ("Cancel target [Activate] ability", 10.11);
* removing counters by an effect ("Then remove all support counters from this card");
* discarding a whole hand ("Discard your hand", 10.18 p2);
* a player banishing what they control ("Each player banishes a non-Shadow resonator", 10.10);
* losing all abilities until the end of the turn (9.9 p1.2), also those it would trigger as it
  leaves the field (9.11);
* prevention abilities naming the damage's source ("Prevent all damage that would be dealt to this
  card by fire resonators") or on an addition ("... dealt to added J/resonator", 10.17);
* "Players cannot chase to this card" (10.7 p2).
"""

from __future__ import annotations

from domain.fow import actions, engine, flow
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def to_turn_3(story: Story) -> None:
    """Pass to p1's second turn, main phase: what p1 put into its field before controls since
    the beginning of the turn (8.2 p3.1)."""
    story.log += to_main(story.state, turn=3)


# --- magic stone types (2.1 p5.2) -------------------------------------------------------------


def test_treat_this_card_as_two_magic_stone_types() -> None:
    # The Overlord's Invasion Party (TTW-051): "This card gains [+100/+100] for each water magic
    # stone you control."  Magic Stone of Deep Wood (CMF-097): "Treat this card as wind magic stone
    # and water magic stone." Water Magic Stone (TTW-109) has the type its name is; Magic Stone of
    # Black Silence (CMF-096, wind and darkness) is no water magic stone.
    story = Story({"TTW-051": 4}, {"CMF-097": 3, "TTW-109": 3, "CMF-096": 4})
    party = story.put("p1", "TTW-051", "field")
    printed = characteristics(story.state, party)
    base = (printed.atk, printed.def_)
    story.put("p1", "CMF-096", "stone_area")
    assert (characteristics(story.state, party).atk, characteristics(story.state, party).def_) == base
    story.put("p1", "CMF-097", "stone_area")
    story.put("p1", "TTW-109", "stone_area")
    story.put("p2", "CMF-097", "stone_area")  # the opponent's is not "you control"
    story.put("p1", "CMF-097", "hand")  # not in the magic stone area: its ability is not active (9.2 p1)
    chars = characteristics(story.state, party)
    assert (chars.atk, chars.def_) == (base[0] + 200, base[1] + 200)  # type: ignore[operator]
    story.replays()


def test_a_condition_on_a_magic_stone_type_the_opponent_controls() -> None:
    # Enraged Knight (BFA-021): "As long as your opponent controls a darkness magic stone, this
    # card gains [+200/+200] and [Swiftness]."  Magic Stone of Black Silence (CMF-096) is treated
    # as a darkness magic stone; Magic Stone of Deep Wood (CMF-097) is not.
    story = Story({"BFA-021": 4}, {"CMF-096": 4, "CMF-097": 4, "TTW-109": 2})
    knight = story.put("p1", "BFA-021", "field")
    printed = characteristics(story.state, knight)
    story.put("p2", "CMF-097", "stone_area")
    story.put("p1", "CMF-096", "stone_area")  # mine does not count
    assert "swiftness" not in characteristics(story.state, knight).skills
    story.put("p2", "CMF-096", "stone_area")
    chars = characteristics(story.state, knight)
    assert "swiftness" in chars.skills and chars.atk == (printed.atk or 0) + 200
    story.replays()


# --- will with the moon characteristic (9.7 p7) -------------------------------------------------


def test_produce_moon_or_darkness_will() -> None:
    # Black Moon's Memoria (TMS-096): "{Rest}: Produce {M} or {B}."  One will with the moon
    # characteristic and no attribute, or one darkness will: the player chooses (9.7 p7)
    story = Story({"T-BEAR": 4}, {"TMS-096": 4, "T-STONE": 6})
    memoria = story.put("p1", "TMS-096", "stone_area")
    other = story.put("p1", "TMS-096", "stone_area")
    choices = sorted(
        c.args.get("choice") for c in engine.legal_actions(story.state, "p1") if c.args.get("source") == memoria
    )
    assert choices == ["B", "M"]
    events = story.when(cmd("ActivateAbility", "p1", source=memoria, ability=0, choice="M"))
    produced = find(events, "WillProduced")
    assert (produced.data["will"], produced.rule) == (["M"], "FoW-5.5 9.7 p4")
    assert story.state.players["p1"].will == ["M"]
    wrong = story.refused(cmd("ActivateAbility", "p1", source=other, ability=0, choice="R"))
    assert (wrong.code, wrong.rule) == ("rules/will_choice", "FoW-5.5 9.7 p1")
    story.replays()


# --- restrictions until the end of the turn (1.4 p1, p4) ------------------------------------------


def test_up_to_two_target_resonators_cannot_attack_this_turn() -> None:
    # Symbol of Peace (VIN002-014, chant-instant): "Up to two target resonators cannot attack this turn."
    story = Story({"VIN002-014": 4, "T-BEAR": 4})
    calm, free = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    to_turn_3(story)
    peace = story.put("p2", "VIN002-014", "hand")
    story.when(cmd("Pass", "p1"))
    story.will("p2", "W", "R")
    story.when(cmd("PlayCard", "p2", card=peace, targets=[[calm]]))
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.data["rules"], made.rule) == (
        "rules",
        [calm],
        ["cannot_attack"],
        "FoW-5.5 1.4 p4",
    )
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    no = story.refused(cmd("DeclareAttack", "p1", attacker=calm, target="p2"))
    assert (no.code, no.rule) == ("rules/cannot_attack", "FoW-5.5 1.4 p1")  # an effect forbids it: it beats the rules
    story.when(cmd("DeclareAttack", "p1", attacker=free, target="p2"))
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclineBlock", "p2"))
    # the effect ends with the turn (5.4 p4)
    story.log += to_main(story.state, turn=4)
    assert story.state.effects == []
    story.replays()


def test_cannot_be_targeted_by_the_opponent_of_the_effects_controller() -> None:
    # Achilles (VIN001-002): "Banish this card: Target resonator cannot be targeted by spells or
    # abilities your opponent controls until end of turn."  Symbol of Peace (VIN002-014) targets.
    story = Story({"VIN001-002": 4, "VIN002-014": 4, "T-BEAR": 4})
    achilles, bear = story.put("p1", "VIN001-002", "field"), story.put("p1", "T-BEAR", "field")
    story.when(cmd("ActivateAbility", "p1", source=achilles, ability=0, targets=[[bear]]))
    events = story.resolve()
    assert find(events, "ContinuousEffectCreated").data["rules"] == ["cannot_be_targeted_by_opponent"]
    mine = story.put("p1", "VIN002-014", "hand")  # its controller's own spells still may target it
    story.will("p1", "W", "R")
    story.when(cmd("PlayCard", "p1", card=mine, targets=[[bear]]))
    story.when(cmd("Pass", "p1"))
    peace = story.put("p2", "VIN002-014", "hand")
    story.will("p2", "W", "R")
    no = story.refused(cmd("PlayCard", "p2", card=peace, targets=[[bear]]))
    assert (no.code, no.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.replays()


def test_resonators_you_control_cannot_be_destroyed_also_those_entering_later() -> None:
    # Don Quijote, the Wandering Knight (TAT-003): "[Awakening] {W}: ... [Enter]: Resonators you
    # control cannot be destroyed until end of turn."  The effect applies to every resonator that
    # matches while it lasts (9.9 p4); the opponent's are not covered.
    story = Story({"TAT-003": 4, "T-BEAR": 4})
    quijote = story.put("p1", "TAT-003", "hand")
    theirs = story.put("p2", "T-BEAR", "field")
    story.will("p1", "W", "W", "W", "R", "R")
    story.when(cmd("PlayCard", "p1", card=quijote, awaken=True))
    story.resolve()  # the resonator resolves; [Enter] triggers (9.6 p1.1)
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["filter"]["controller"]) == ([], "you")
    later = story.put("p1", "T-BEAR", "field")
    for oid in (quijote, later):
        ignored = story.by_rule(actions.destroy, oid, "given")
        assert [(e.type, e.rule) for e in ignored] == [("DestructionIgnored", "FoW-5.5 10.9 p3")]
    gone = story.by_rule(actions.destroy, theirs, "given")
    assert "DestructionIgnored" not in [e.type for e in gone] and story.state.objects[theirs].zone == "graveyard"
    story.replays()


# --- preventing damage by its source, and the next damage only (10.17) -----------------------------


def test_prevent_the_next_damage_dealt_by_target_resonator_lasts_until_used() -> None:
    # Art of Sinbad (MPR-057, chant-instant): "Prevent the next damage that would be dealt by
    # target resonator."  No duration: the shield waits, over the end of the turn, until the
    # resonator next deals damage; it prevents all of it (10.17 p1.2), then it is gone.
    story = Story({"MPR-057": 4, "T-BEAR": 4})
    bear, other = story.put("p2", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    art = story.put("p1", "MPR-057", "hand")
    story.will("p1", "G")
    story.when(cmd("PlayCard", "p1", card=art, targets=[[bear]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["by"], made.data["next"], made.data["duration"]) == (
        "prevent",
        True,
        True,
        "permanent",
    )
    story.log += to_main(story.state, turn=2)
    assert [e.id for e in story.state.effects] == [made.data["id"]]
    # damage dealt TO the resonator is not what the shield prevents
    hit = story.by_rule(actions.deal_damage, other, bear, 100, "given")
    assert find(hit, "DamageDealt").data["amount"] == 100 and "DamagePrevented" not in [e.type for e in hit]
    first = story.by_rule(actions.deal_damage, bear, "p1", 500, "given")
    prevented = find(first, "DamagePrevented")
    assert (prevented.data["amount"], prevented.data["source"], prevented.rule) == (500, bear, "FoW-5.5 10.17 p1.2")
    assert "DamageDealt" not in [e.type for e in first] and story.state.effects == []
    second = story.by_rule(actions.deal_damage, bear, "p1", 500, "given")
    assert find(second, "DamageDealt").data["amount"] == 500
    story.replays()


def test_prevent_all_damage_dealt_by_target_resonator_until_end_of_turn() -> None:
    # Alice's Little Guardian (SKL-051): "Banish this card: Prevent all damage that would be dealt by
    # target resonator until end of turn."  Bulletproof Barrier (VIN002-051): "Prevent the next
    # damage that would be dealt to target resonator this turn."
    story = Story({"SKL-051": 4, "VIN002-051": 4, "T-BEAR": 4})
    guardian, bear = story.put("p1", "SKL-051", "field"), story.put("p2", "T-BEAR", "field")
    mine = story.put("p1", "T-BEAR", "field")
    story.when(cmd("ActivateAbility", "p1", source=guardian, ability=0, targets=[[bear]]))
    story.resolve()
    for _ in range(2):  # all of its damage, as often as it deals damage
        events = story.by_rule(actions.deal_damage, bear, mine, 300, "given")
        assert [(e.type, e.rule) for e in events] == [("DamagePrevented", "FoW-5.5 10.17 p1.2")]
    barrier = story.put("p1", "VIN002-051", "hand")
    story.will("p1", "G")
    story.when(cmd("PlayCard", "p1", card=barrier, targets=[[mine]]))
    story.resolve()
    first = story.by_rule(actions.deal_damage, guardian, mine, 200, "given")  # a stand-in source
    assert [e.type for e in first] == ["DamagePrevented"]
    second = story.by_rule(actions.deal_damage, guardian, mine, 200, "given")
    assert find(second, "DamageDealt").data["amount"] == 200
    story.log += to_main(story.state, turn=2)
    assert story.state.effects == []  # "until end of turn" (5.4 p4)
    story.replays()


# --- putting a card from the hand into the field (10.13 p2) ----------------------------------------


def phantom_played() -> tuple[Story, str, str, str]:
    """Given Herald and a Bear in p1's hand, when p1 plays Phantom of Primogenitor (SKL-029): the story,
    Phantom, Herald and the Bear."""
    story = Story({"SKL-029": 4, "T-HERALD": 4, "T-BEAR": 4})
    phantom = story.put("p1", "SKL-029", "hand")
    herald, bear = story.put("p1", "T-HERALD", "hand"), story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R", "R", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=phantom))
    return story, phantom, herald, bear


def test_put_a_resonator_from_your_hand_into_your_field_is_not_playing_it() -> None:
    # Phantom of Primogenitor (SKL-029, chant): "You may put a resonator from your hand into your
    # field."  Herald has "[Enter]: draw a card": put, not played, it does not trigger (9.6 p1.1)
    story, phantom, herald, bear = phantom_played()
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("put_from_hand", "FoW-5.5 10.13 p2")
    assert set(asked.data["options"]["cards"]) >= {herald, bear} and phantom not in asked.data["options"]["cards"]
    offered = legal(story, "p1", "ChooseCards")  # one choice of up to one of them (10.13 p2)
    assert {"cards": [herald]} in offered and {"cards": []} in offered
    too_many = story.refused(cmd("ChooseCards", "p1", cards=[herald, bear]))
    assert (too_many.code, too_many.rule) == ("rules/search_choice", "FoW-5.5 10.13 p2")
    events = story.when(cmd("ChooseCards", "p1", cards=[herald]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (herald, "field", "FoW-5.5 10.13 p2")
    assert "AbilityTriggered" not in [e.type for e in events]
    assert story.state.objects[herald].zone == "field" and story.state.objects[bear].zone == "hand"
    story.replays()


def test_you_may_put_only_a_matching_card_and_may_put_none() -> None:
    # Peasant Revolt (TMS-042): "When this card enters your field, you may put a water resonator
    # with total cost 1 from your hand into your field."  Seer is one; Bear is fire.
    story = Story({"TMS-042": 4, "T-SEER": 4, "T-BEAR": 4})
    seer, bear = story.put("p1", "T-SEER", "hand"), story.put("p1", "T-BEAR", "hand")
    revolt = story.put("p1", "TMS-042", "graveyard")
    story.by_rule(actions.move, revolt, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["options"]["cards"] == [seer] and bear not in asked.data["options"]["cards"]
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert "CardMoved" not in [e.type for e in events] and story.state.objects[seer].zone == "hand"
    story.replays()


def _peasant_revolt_question(hand: list[str]) -> tuple[Story, Event]:
    """Given ``hand`` in p1's hand, when Peasant Revolt (TMS-042) enters p1's field and its trigger
    resolves: the story and the question it asks."""
    story = Story({"TMS-042": 4, "T-SEER": 4, "T-BEAR": 4})
    for card in hand:
        story.put("p1", card, "hand")
    revolt = story.put("p1", "TMS-042", "graveyard")
    story.by_rule(actions.move, revolt, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    return story, find(story.resolve(), "ChoiceRequested")


def test_put_from_hand_is_asked_even_when_nothing_in_the_hand_fits_and_the_opponent_cannot_tell() -> None:
    # The hand is hidden (FoW-5.5 3.1 p2): Peasant Revolt asks p1 whether the hand holds a water
    # resonator of total cost 1 or not (10.13 p2), so that p2 learns nothing from the question; p1, with
    # only a fire Bear, can answer nothing but "none"
    story, asked = _peasant_revolt_question(["T-BEAR"])
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "put_from_hand", "FoW-5.5 10.13 p2")
    assert asked.data["options"]["cards"] == []
    assert legal(story, "p1", "ChooseCards") == [{"cards": []}]
    fitting_story, fitting = _peasant_revolt_question(["T-SEER"])
    assert fitting.data["options"]["cards"] != []
    told = engine.redact_event(story.state, asked, "p2")
    assert (
        told.data
        == engine.redact_event(fitting_story.state, fitting, "p2").data
        == {
            "player": "p1",
            "kind": "put_from_hand",
            "options": {},
        }
    )
    story.when(cmd("ChooseCards", "p1", cards=[]))
    story.replays()


# --- cancel target [Activate] ability (10.11) --------------------------------------------------------


def glimpse_in_hand_with_a_spell_on_the_chase() -> tuple[Story, str, str, str, str]:
    """Given Achilles (VIN001-002) and a Bear in p1's field, when p1 plays Symbol of Peace (VIN002-014) on
    the Bear and passes, and p2 has Glimpse of Kaguya (VIN001-040) and its will: the story, Achilles, the
    Bear, Glimpse and Symbol of Peace's chase item."""
    story = Story({"VIN001-040": 4, "VIN001-002": 4, "VIN002-014": 4, "T-BEAR": 4})
    achilles, bear = story.put("p1", "VIN001-002", "field"), story.put("p1", "T-BEAR", "field")
    peace = story.put("p1", "VIN002-014", "hand")
    story.will("p1", "W", "R")
    played = find(story.when(cmd("PlayCard", "p1", card=peace, targets=[[bear]])), "CardPlayed")
    story.when(cmd("Pass", "p1"))
    glimpse = story.put("p2", "VIN001-040", "hand")
    story.will("p2", "U", "R")
    return story, achilles, bear, glimpse, played.data["item"]


def test_cancel_target_activate_ability_but_not_a_card() -> None:
    # Glimpse of Kaguya (VIN001-040, chant-instant): "Cancel target activate ability. Draw a card."
    # Achilles (VIN001-002): "Banish this card: Target resonator cannot be targeted ... until end of
    # turn."  Symbol of Peace (VIN002-014) is a card in the chase area, not an ability.
    story, achilles, bear, glimpse, spell_item = glimpse_in_hand_with_a_spell_on_the_chase()
    no = story.refused(cmd("PlayCard", "p2", card=glimpse, targets=[[spell_item]]))
    assert (no.code, no.rule) == ("rules/no_legal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("Pass", "p2"))  # Symbol of Peace resolves
    story.when(cmd("ActivateAbility", "p1", source=achilles, ability=0, targets=[[bear]]))
    ability_item = story.state.chase[-1].id
    story.when(cmd("Pass", "p1"))
    hand = len(story.state.zones["p2"]["hand"])
    story.when(cmd("PlayCard", "p2", card=glimpse, targets=[[ability_item]]))
    events = story.resolve()
    canceled = find(events, "ChaseItemCanceled")
    assert (canceled.data["item"], canceled.rule) == (ability_item, "FoW-5.5 10.11 p1")
    assert len(story.state.zones["p2"]["hand"]) == hand  # Glimpse left the hand, one card was drawn
    assert [c.id for c in story.state.chase] == []
    # Achilles' effect never happened; Symbol of Peace's did
    assert [e.rules for e in story.state.effects] == [["cannot_attack"]]
    story.replays()


# --- removing counters, discarding the hand ---------------------------------------------------------


def test_then_remove_all_support_counters_from_this_card() -> None:
    # Thumbelina (TMS-048): "{Rest}: Target J/resonator gains [+200/+200] for each support counter on
    # this card until end of turn. Then remove all support counters from this card."
    story = Story({"TMS-048": 4, "T-BEAR": 4})
    thumbelina, bear = story.put("p1", "TMS-048", "field"), story.put("p1", "T-BEAR", "field")
    to_turn_3(story)
    story.given("CounterPut", oid=thumbelina, counter="support", count=3)
    story.when(cmd("ActivateAbility", "p1", source=thumbelina, ability=1, targets=[[bear]]))
    events = story.resolve()
    removed = find(events, "CounterRemoved")
    assert removed.data == {"oid": thumbelina, "counter": "support", "count": 3, "reason": "effect"}
    assert removed.rule == "FoW-5.5 10.21 p1" and story.state.objects[thumbelina].counters == {}
    assert characteristics(story.state, bear).atk == 500 + 600  # counted before they were removed
    story.replays()


def test_discard_your_hand_discards_every_card_without_a_choice() -> None:
    # Necronomicon (TAT-084), its third paragraph: "[Continuous]: At the end of your turn, discard
    # your hand." Every card of the hand, no choice asked (10.18 p2)
    story = Story({"TAT-084": 4, "T-BEAR": 4})
    story.put("p1", "TAT-084", "field")
    hand = list(story.state.zones["p1"]["hand"])
    assert len(hand) > 1
    events: list[Event] = []
    while not any(e.type == "CardMoved" and e.data.get("reason") == "discard" for e in events):
        if story.pending.kind == "trigger":
            trig = story.state.triggered[0].id
            events += story.when(cmd("PlayTriggered", story.pending.player, trigger=trig))
        else:
            events += story.when(cmd("Pass", story.pending.player))
    discarded = [e for e in events if e.type == "CardMoved" and e.data.get("reason") == "discard"]
    assert sorted(e.data["oid"] for e in discarded) == sorted(hand)
    # its second paragraph removes them from the game instead of putting them into the graveyard (9.10 p1)
    assert {(e.rule, e.data["replaced_rule"], e.data["to"]) for e in discarded} == {
        ("FoW-5.5 9.10 p1", "10.18 p2", "removed")
    }
    assert not [e for e in events if e.type == "ChoiceRequested" and e.data["kind"] == "discard"]
    assert story.state.zones["p1"]["hand"] == []
    story.replays()


# --- a player banishes a card they control (10.10) ---------------------------------------------------


def test_each_player_banishes_a_non_shadow_resonator_of_their_choice() -> None:
    # Knight's Shade (TMS-079, a Knight Shadow): "When this card is put into a graveyard from your
    # field, each player banishes a non-Shadow resonator."  p1 has only one: no choice; p2 chooses
    # which of its two, and only p2 may answer (10.10 p2: a player banishes what they control)
    story = Story({"TMS-079": 4, "T-BEAR": 4, "T-WALL": 4})
    shade, other_shade = story.put("p1", "TMS-079", "field"), story.put("p1", "TMS-079", "field")
    mine = story.put("p1", "T-BEAR", "field")
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    story.by_rule(actions.destroy, shade, "given")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    events = story.resolve()
    first = find(events, "CardMoved")
    assert (first.data["oid"], first.data["to"], first.rule) == (mine, "graveyard", "FoW-5.5 10.10 p1")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p2", "banish")
    assert sorted(asked.data["options"]["cards"]) == sorted([bear, wall])  # its own, no Shadow
    assert story.state.objects[other_shade].zone == "field"
    wrong = story.refused(cmd("ChooseCards", "p1", cards=[bear]))
    assert wrong.code == "rules/not_your_decision"
    both = story.refused(cmd("ChooseCards", "p2", cards=[bear, wall]))
    assert (both.code, both.rule) == ("rules/banish_choice", "FoW-5.5 10.10 p1")
    events = story.when(cmd("ChooseCards", "p2", cards=[wall]))
    assert find(events, "CardMoved").data["oid"] == wall and story.state.objects[bear].zone == "field"
    story.replays()


# --- losing all abilities (9.9 p1.2) -------------------------------------------------------------


def test_a_resonator_that_lost_its_abilities_does_not_trigger_as_it_is_destroyed() -> None:
    # Riina, the Girl with Nothing (TAT-048): "[Activate] Pay {0}: Target resonator you control loses
    # all abilities until end of turn."  Wolf-Haunted in Black Forest (CMF-037): "When this card is
    # destroyed, if you don't control any Moon, this card deals 500 damage to you."  Tai Gong Wang
    # (VIN001-042) has [Flying], a symbol skill, an ability too (11).
    story = Story({"TAT-048": 4, "CMF-037": 4, "VIN001-042": 4})
    riina, wolf = story.put("p1", "TAT-048", "field"), story.put("p1", "CMF-037", "field")
    tai = story.put("p1", "VIN001-042", "field")
    story.when(cmd("ActivateAbility", "p1", source=riina, ability=0, targets=[[tai]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("lose_abilities", [tai], "FoW-5.5 9.9 p1.2")
    assert characteristics(story.state, tai).skills == set()
    # a gain newer than the loss applies (the effects apply in timestamp order)
    story.given(
        "ContinuousEffectCreated",
        id="x-later",
        kind="grant",
        source=riina,
        controller="p1",
        targets=[tai],
        skill="pierce",
        duration="end_of_turn",
    )
    assert characteristics(story.state, tai).skills == {"pierce"}
    story.when(cmd("ActivateAbility", "p1", source=riina, ability=0, targets=[[wolf]]))
    story.resolve()
    events = story.by_rule(actions.destroy, wolf, "given")
    assert find(events, "CardMoved").data["last_known"]["lost_abilities"] is True
    assert "AbilityTriggered" not in [e.type for e in events]
    # the effect ends with the turn: Tai Gong Wang has [Flying] again
    story.log += to_main(story.state, turn=2)
    assert characteristics(story.state, tai).skills == {"flying"}
    story.replays()


def test_cannot_gain_abilities_either() -> None:
    # Final Forfeit (TTW-058, chant-instant): "Target J/resonator loses all abilities and cannot gain
    # abilities until end of turn."
    story = Story({"TTW-058": 4, "VIN001-042": 4})
    tai = story.put("p2", "VIN001-042", "field")
    forfeit = story.put("p1", "TTW-058", "hand")
    story.will("p1", "G")
    story.when(cmd("PlayCard", "p1", card=forfeit, targets=[[tai]]))
    story.resolve()
    story.given(
        "ContinuousEffectCreated",
        id="x-later",
        kind="grant",
        source=forfeit,
        controller="p1",
        targets=[tai],
        skill="pierce",
        duration="end_of_turn",
    )
    assert characteristics(story.state, tai).skills == set()
    story.replays()


# --- prevention abilities: by a kind of source, on an addition (10.17) ------------------------------


def test_prevent_all_damage_dealt_to_this_card_by_fire_resonators() -> None:
    # Herald of the Winged Lord (SKL-011): "Prevent all damage that would be dealt to this card by
    # fire resonators."  Bear is a fire resonator; Herald of the Winged Lord itself is light.  A fire
    # resonator card out of the field is read by its printed characteristics (9.11, 9.12).
    story = Story({"SKL-011": 4, "T-BEAR": 4})
    herald, bear = story.put("p1", "SKL-011", "field"), story.put("p2", "T-BEAR", "field")
    other = story.put("p2", "SKL-011", "field")
    events = story.by_rule(actions.deal_damage, bear, herald, 500, "given")
    assert [(e.type, e.rule) for e in events] == [("DamagePrevented", "FoW-5.5 10.17 p1.2")]
    assert find(events, "DamagePrevented").data["effect"] == f"{herald}:0"
    events = story.by_rule(actions.deal_damage, other, herald, 300, "given")
    assert find(events, "DamageDealt").data["amount"] == 300
    gone = story.put("p2", "T-BEAR", "graveyard")
    assert [e.type for e in story.by_rule(actions.deal_damage, gone, herald, 100, "given")] == ["DamagePrevented"]
    story.replays()


def test_prevent_all_damage_dealt_to_added_j_resonator() -> None:
    # Flak Jacket (VIN002-006, [Addition:J/Resonator]): "Prevent all damage that would be dealt to
    # added J/resonator."
    story = Story({"VIN002-006": 4, "T-BEAR": 4})
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    jacket = story.put("p1", "VIN002-006", "hand")
    story.will("p1", "W", "R", "R")
    story.when(cmd("PlayCard", "p1", card=jacket, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[jacket].attached_to == bear
    events = story.by_rule(actions.deal_damage, other, bear, 500, "given")
    assert [e.type for e in events] == ["DamagePrevented"]
    assert find(events, "DamagePrevented").data["effect"] == f"{jacket}:0"
    assert find(story.by_rule(actions.deal_damage, bear, other, 200, "given"), "DamageDealt").data["target"] == other
    story.replays()


# --- players cannot chase to this card (10.7 p2) ----------------------------------------------------


def test_players_cannot_chase_to_this_card() -> None:
    # Flame of Outer World (MPR-093, chant-instant): "This card deals 800 damage to target
    # J/resonator. Players cannot chase to this card."  While it is in the chase area no card and no
    # non-automatic ability may be put there (10.7 p2): Bulletproof Barrier (VIN002-051) cannot save
    # the target, nor can Alice's Little Guardian (SKL-051) use its ability; a will ability, which
    # does not use the chase area (9.7 p3), may still be played.
    story = Story({"MPR-093": 4, "VIN002-051": 4, "SKL-051": 4, "T-BEAR": 4})
    bear, guardian = story.put("p2", "T-BEAR", "field"), story.put("p2", "SKL-051", "field")
    flame = story.put("p1", "MPR-093", "hand")
    story.will("p1", "R", "B")
    story.when(cmd("PlayCard", "p1", card=flame, targets=[[bear]]))
    story.when(cmd("Pass", "p1"))
    barrier = story.put("p2", "VIN002-051", "hand")
    story.will("p2", "G")
    no = story.refused(cmd("PlayCard", "p2", card=barrier, targets=[[bear]]))
    assert (no.code, no.rule) == ("rules/cannot_chase", "FoW-5.5 10.7 p2")
    no = story.refused(cmd("ActivateAbility", "p2", source=guardian, ability=0, targets=[[bear]]))
    assert (no.code, no.rule) == ("rules/cannot_chase", "FoW-5.5 10.7 p2")
    offered = {c.type for c in engine.legal_actions(story.state, "p2")}
    assert "PlayCard" not in offered and "Pass" in offered
    ruler = story.state.zones["p2"]["ruler_area"][0]
    assert find(story.when(cmd("ActivateAbility", "p2", source=ruler, ability=0)), "WillProduced")
    events = story.resolve()
    assert find(events, "DamageDealt").data == {
        "source": flame,
        "target": bear,
        "amount": 800,
        "battle": False,
        "to_card": True,
    }
    # once it has left the chase area, cards may be played again
    story.when(cmd("Pass", "p1"))
    story.will("p2", "G")
    assert find(story.when(cmd("PlayCard", "p2", card=barrier, targets=[[guardian]])), "CardPlayed")
    story.replays()


def test_added_resonator_cannot_be_attacked_or_targeted_by_the_opponent() -> None:
    # Protection of the Seraph (SKL-015, [Addition:Resonator]): "Added resonator cannot be attacked or
    # targeted by spells or abilities your opponent controls." (1.4 p1)
    story = Story({"SKL-015": 4, "VIN002-014": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    seraph = story.put("p1", "SKL-015", "hand")
    story.will("p1", "W")
    story.when(cmd("PlayCard", "p1", card=seraph, targets=[[bear]]))
    story.resolve()
    story.when(cmd("Pass", "p1"))
    peace = story.put("p2", "VIN002-014", "hand")
    story.will("p2", "W", "R")
    no = story.refused(cmd("PlayCard", "p2", card=peace, targets=[[bear]]))
    assert (no.code, no.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.log += to_main(story.state, turn=2)
    story.given("CardRested", oid=bear, reason="given")
    attacker = story.put("p2", "T-BEAR", "field")
    assert bear not in flow.attack_targets(story.state, attacker)
    story.replays()


def test_the_judge_timeline_tells_the_new_effects() -> None:
    # the read model's summaries of the effects above (projections/fow_story.py)
    from projections.fow_story import timeline

    story = Story({"VIN001-002": 4, "MPR-057": 4, "TMS-048": 4, "T-BEAR": 4})
    achilles, bear = story.put("p1", "VIN001-002", "field"), story.put("p1", "T-BEAR", "field")
    story.when(cmd("ActivateAbility", "p1", source=achilles, ability=0, targets=[[bear]]))
    story.resolve()
    art, theirs = story.put("p1", "MPR-057", "hand"), story.put("p2", "T-BEAR", "field")
    story.will("p1", "G")
    story.when(cmd("PlayCard", "p1", card=art, targets=[[theirs]]))
    story.resolve()
    made = [e for e in timeline(story.log, lambda rule: rule) if e.type == "ContinuousEffectCreated"]
    assert "cannot be targeted by opponent until end of turn" in made[0].summary
    assert made[1].summary.startswith("the next damage dealt by ") and "until it is used" in made[1].summary
