"""Replacement effects of damage on real Grimm/Alice cards (helper bucket ``v_dmg``), executed by the
engine in the form the importer gives them (given events / when command / then cited events or a cited
rejection; each story replays its whole log):

* "If damage would be dealt to a "Queen of Hearts" you control, it's dealt to this card instead" and
  "If damage would be dealt to you, it's dealt to this card instead" (FoW-5.5 9.10 p1);
* "If this card would deal damage to your opponent or to a resonator, it deals double that much instead";
* when two or more replacements that are no prevention apply to the same damage and their order changes
  what is dealt, the controller of what deals it chooses which applies first (9.10 p2.1), each once
  (9.10 p3) - on resolution of an effect and in the battle damage steps alike.
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import attributes_of, characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story, _add, _enter_next_turn, legal
from tests.fow.support import cmd, find


def stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


# --- "it's dealt to this card instead" (9.10 p1) ------------------------------------------------------


def test_card_soldier_heart_is_dealt_the_damage_that_would_be_dealt_to_your_queen_of_hearts() -> None:
    # Card Soldier "Heart" (TAT-022, [0/700]): "[Continuous]: If damage would be dealt to a "Queen of
    # Hearts" you control, it's dealt to this card instead."  Bolt (500) at p2's Queen of Hearts (TAT-086):
    # the soldier is dealt it; the Queen nothing.  A Queen p1 controls is not covered.
    story = Story({"TAT-022": 4, "TAT-086": 4, "T-BOLT": 4})
    soldier = story.put("p2", "TAT-022", "field")
    queen = story.put("p2", "TAT-086", "field")
    mine = story.put("p1", "TAT-086", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[[queen]]))
    events = story.resolve()
    assert "ChoiceRequested" not in [e.type for e in events]  # one replacement: it just applies
    replaced = find(events, "DamageReplaced")
    assert replaced.data == {
        "source": bolt,
        "target": queen,
        "amount": 500,
        "instead": 500,
        "to": soldier,
        "effect": f"{soldier}:0",
    }
    assert replaced.rule == "FoW-5.5 9.10 p1"
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.cause) == (soldier, 500, f"ev:{replaced.seq}")
    assert (story.state.objects[soldier].damage, story.state.objects[queen].damage) == (500, 0)
    story.by_rule(actions.deal_damage, bolt, mine, 100, "given")  # p1's own Queen: not p2's soldier's
    assert story.state.objects[mine].damage == 100
    story.by_rule(actions.deal_damage, bolt, soldier, 100, "given")  # the soldier itself: no Queen
    assert story.state.objects[soldier].damage == 600
    story.replays()


def test_maurits_von_borg_is_dealt_the_damage_that_would_be_dealt_to_cordelia() -> None:
    # Maurits von Borg (VIN002-040, [200/1000]): "If damage would be dealt to a "Cordelia Gi Randgriz"
    # you control, it's dealt to this card instead."  (p1 cannot target her: Maurits's other ability.)  A
    # Bear's 500 damage: Maurits is dealt it.  Once Maurits is gone, Cordelia is dealt it.
    story = Story({"VIN002-040": 4, "VIN002-034": 4, "T-BEAR": 4})
    maurits = story.put("p2", "VIN002-040", "field")
    cordelia = story.put("p2", "VIN002-034", "field")
    bolt = story.put("p1", "T-BEAR", "field")
    events = story.by_rule(actions.deal_damage, bolt, cordelia, 500, "given")
    assert find(events, "DamageReplaced").data["to"] == maurits
    assert (story.state.objects[maurits].damage, story.state.objects[cordelia].damage) == (500, 0)
    story.by_rule(actions.destroy, maurits, "given")
    story.by_rule(actions.deal_damage, bolt, cordelia, 100, "given")
    assert story.state.objects[cordelia].damage == 100
    story.replays()


def test_alice_is_dealt_the_damage_that_would_be_dealt_to_her_controller_even_in_battle() -> None:
    # Avatar of the Seven Lands, Alice (TMS-053, [1500/1500]): "If damage would be dealt to you, it's
    # dealt to this card instead."  Bolt at p2 and a Bear's attack on p2: Alice is dealt both, p2's life
    # stays; damage p1 would be dealt is not covered.
    story = Story({"TMS-053": 4, "T-BEAR": 4, "T-BOLT": 4})
    alice = story.put("p2", "TMS-053", "field")
    bear = story.put("p1", "T-BEAR", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[["p2"]]))
    events = story.resolve()
    replaced = find(events, "DamageReplaced")
    assert (replaced.data["target"], replaced.data["to"], replaced.rule) == ("p2", alice, "FoW-5.5 9.10 p1")
    assert "LifeChanged" not in [e.type for e in events]
    assert (story.state.players["p2"].life, story.state.objects[alice].damage) == (4000, 500)
    _enter_next_turn(story)
    story.attack(bear, until="declare_block")
    story.when(cmd("DeclineBlock", "p2"))
    events = story.resolve_all()
    while story.state.battle is not None and story.state.objects[alice].damage == 500:
        events += story.when(cmd("Pass", story.pending.player))
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.data["battle"]) == (alice, 500, True)
    assert (story.state.players["p2"].life, story.state.objects[alice].damage) == (4000, 1000)
    story.by_rule(actions.deal_damage, alice, "p1", 300, "given")
    assert story.state.players["p1"].life == 3700
    story.replays()


# --- "it deals double that much instead" (9.10 p1) ------------------------------------------------------


def test_beowulf_deals_double_damage_to_your_opponent_and_to_resonators_only() -> None:
    # Beowulf, the Blazing Wolf (TAT-019, [300/500]): "[Continuous]: If this card would deal damage to your
    # opponent or to a resonator, it deals double that much instead."  Its attack on p2: 600.  To its own
    # controller: 300 (neither the opponent nor a resonator).  Another card's damage is not doubled.
    story = Story({"TAT-019": 4, "T-WALL": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    wall = story.put("p2", "T-WALL", "field")
    _enter_next_turn(story)
    events = story.attack(beowulf, until="declare_block")
    events = story.when(cmd("DeclineBlock", "p2"))
    while "DamageDealt" not in [e.type for e in events]:
        events = story.when(cmd("Pass", story.pending.player))
    replaced = find(events, "DamageReplaced")
    assert replaced.data == {"source": beowulf, "target": "p2", "amount": 300, "instead": 600, "effect": f"{beowulf}:0"}
    assert replaced.rule == "FoW-5.5 9.10 p1"
    assert story.state.players["p2"].life == 3400
    story.by_rule(actions.deal_damage, beowulf, wall, 300, "given")
    assert story.state.objects[wall].damage == 600
    story.by_rule(actions.deal_damage, beowulf, "p1", 300, "given")
    assert story.state.players["p1"].life == 3700
    story.by_rule(actions.deal_damage, wall, "p2", 100, "given")
    assert story.state.players["p2"].life == 3300
    story.replays()


# --- the order of replacements: chosen by the controller of the source (9.10 p2.1) ----------------------


def test_beowulf_with_kusanagi_its_controller_chooses_double_or_plus_200_first_in_battle() -> None:
    # Kusanagi Sword (TAT-030) on Beowulf: "If resonator with this would deal damage, it deals that much
    # +200 instead."  (300 + 200) x 2 = 1000 or 300 x 2 + 200 = 800: the order changes the damage, so
    # p1, the controller of the card dealing it, chooses which applies first; each applies once (9.10 p3).
    story = Story({"TAT-019": 4, "TAT-030": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    _enter_next_turn(story)
    sword = _add(story, "p1", "TAT-030", beowulf)
    story.attack(beowulf, until="declare_block")
    events = story.when(cmd("DeclineBlock", "p2"))
    while story.pending.kind != "replacement":
        events = story.when(cmd("Pass", story.pending.player))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.5 9.10 p2.1")
    assert asked.data["options"]["choices"] == [f"{sword}:1", f"{beowulf}:0"]
    assert "DamageDealt" not in [e.type for e in events]
    assert legal(story, "p1", "ChooseReplacement") == [{"effect": f"{sword}:1"}, {"effect": f"{beowulf}:0"}]
    assert story.refused(cmd("ChooseReplacement", "p2", effect=f"{sword}:1")).code == "rules/not_your_decision"
    wrong = story.refused(cmd("ChooseReplacement", "p1", effect="nothing"))
    assert (wrong.code, wrong.rule) == ("rules/replacement_choice", "FoW-5.5 9.10 p2.1")
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{sword}:1"))
    assert find(events, "OptionChosen").data == {"player": "p1", "replacement": f"{sword}:1"}
    steps = [(e.data["effect"], e.data["amount"], e.data["instead"]) for e in events if e.type == "DamageReplaced"]
    assert steps == [(f"{sword}:1", 300, 500), (f"{beowulf}:0", 500, 1000)]
    assert story.state.players["p2"].life == 3000
    assert story.pending.kind == "priority"  # the damage step goes on (8.5)
    story.replays()


def test_the_other_order_deals_double_first() -> None:
    story = Story({"TAT-019": 4, "TAT-030": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    _enter_next_turn(story)
    sword = _add(story, "p1", "TAT-030", beowulf)
    story.attack(beowulf, until="declare_block")
    story.when(cmd("DeclineBlock", "p2"))
    while story.pending.kind != "replacement":
        story.when(cmd("Pass", story.pending.player))
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{beowulf}:0"))
    steps = [(e.data["effect"], e.data["instead"]) for e in events if e.type == "DamageReplaced"]
    assert steps == [(f"{beowulf}:0", 600), (f"{sword}:1", 800)]
    assert story.state.players["p2"].life == 3200
    story.replays()


def test_two_card_soldiers_the_controller_of_the_spell_chooses_which_one_is_dealt_the_damage() -> None:
    # Two Card Soldier "Heart" of p2 and p2's Queen of Hearts: p1's Bolt at the Queen.  Either soldier's
    # replacement applies, and then the other no longer does (the damage is no longer dealt to a Queen):
    # p1, who controls the Bolt, chooses (9.10 p2.1) as the Bolt resolves; the Bolt waits for it.
    story = Story({"TAT-022": 4, "TAT-086": 4, "T-BOLT": 4})
    first = story.put("p2", "TAT-022", "field")
    second = story.put("p2", "TAT-022", "field")
    queen = story.put("p2", "TAT-086", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[[queen]]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.5 9.10 p2.1")
    options = asked.data["options"]
    assert (options["target"], options["amount"], options["choices"]) == (queen, 500, [f"{first}:0", f"{second}:0"])
    assert "DamageDealt" not in [e.type for e in events] and story.state.chase
    assert story.refused(cmd("Pass", "p1")).code == "rules/not_expected"
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{second}:0"))
    assert [e.data["to"] for e in events if e.type == "DamageReplaced"] == [second]
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"]) == (second, 500)
    assert [story.state.objects[o].damage for o in (first, second, queen)] == [0, 500, 0]
    assert story.state.objects[bolt].zone == "graveyard" and not story.state.chase
    story.replays()


def test_when_the_order_changes_nothing_nobody_is_asked() -> None:
    # Beowulf attacks p2, who controls Alice (TMS-053): doubled then dealt to Alice, or dealt to Alice (a
    # resonator) then doubled - 600 to Alice either way: the replacements apply without a question.
    story = Story({"TAT-019": 4, "TMS-053": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    alice = story.put("p2", "TMS-053", "field")
    _enter_next_turn(story)
    story.attack(beowulf, until="declare_block")
    events = story.when(cmd("DeclineBlock", "p2"))
    while "DamageDealt" not in [e.type for e in events]:
        events = story.when(cmd("Pass", story.pending.player))
        assert story.pending.kind != "replacement"
    assert len([e for e in events if e.type == "DamageReplaced"]) == 2
    assert (story.state.objects[alice].damage, story.state.players["p2"].life) == (600, 4000)
    story.replays()


# --- "the next damage this card would deal this turn is dealt to you instead" (9.10 p1) -----------------


def _hare_attacks(top: str) -> tuple[Story, str]:
    """March Hare (TAT-047, [500/300]) of p1 attacks p2 with ``top`` on top of p1's main deck; its trigger
    resolves and nobody blocks: the damage step begins."""
    story = Story({"TAT-047": 4, "TAT-086": 4, "T-BEAR": 4})
    hare = story.put("p1", "TAT-047", "field")
    story.on_top("p1", top)
    _enter_next_turn(story)
    story.attack(hare)
    return story, hare


def _until_damage(story: Story) -> list[Event]:
    """Players pass (p2 declines to block) until battle damage is dealt: the events of that command."""
    events: list[Event] = []
    while "DamageDealt" not in [e.type for e in events]:
        p = story.pending
        events = story.when(cmd("DeclineBlock", p.player) if p.kind == "declare_block" else cmd("Pass", p.player))
    return events


def test_march_hare_deals_its_next_damage_to_you_if_the_revealed_total_cost_is_even() -> None:
    # "[Continuous]: Whenever this card attacks, reveal the top card of your main deck. If its total cost
    # is even, the next damage this card would deal this turn is dealt to you instead."  Queen of Hearts
    # ({B}{B}{2}: 4) on top: the Hare's 500 battle damage is dealt to p1; its next damage to p2 again.
    story, hare = _hare_attacks("TAT-086")
    events = story.resolve_all()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.data["controller"], made.rule) == (
        "redirect_dealt",
        [hare],
        "p1",
        "FoW-5.5 9.10 p1",
    )
    events = _until_damage(story)
    replaced = find(events, "DamageReplaced")
    assert replaced.data == {
        "source": hare,
        "target": "p2",
        "amount": 500,
        "instead": 500,
        "to": "p1",
        "effect": made.data["id"],
    }
    assert (story.state.players["p1"].life, story.state.players["p2"].life) == (3500, 4000)
    assert not [e for e in story.state.effects if e.kind == "redirect_dealt"]  # the next damage only
    story.by_rule(actions.deal_damage, hare, "p2", 200, "given")
    assert story.state.players["p2"].life == 3800
    story.replays()


def test_march_hare_deals_its_damage_as_usual_if_the_revealed_total_cost_is_odd() -> None:
    story, _ = _hare_attacks("T-BEAR")  # {R}: 1
    events = story.resolve_all()
    assert "redirect_dealt" not in [e.data.get("kind") for e in events if e.type == "ContinuousEffectCreated"]
    events = _until_damage(story)
    assert (story.state.players["p1"].life, story.state.players["p2"].life) == (4000, 3500)
    story.replays()


# --- "[Trigger] When you play a [Spell:Chant] or [Spell:Chant-Instant] card: ... +600 instead" ---------


def test_memory_of_flame_makes_the_chant_just_played_deal_600_more() -> None:
    # Memory of Flame (TMS-027, chant-standby {R}{1}): "[Trigger] When you play a [Spell:Chant] or
    # [Spell:Chant-Instant] card: If target [Spell:Chant] or [Spell:Chant-Instant] spell would deal damage,
    # it deals that much +600 instead."  p1 plays Bolt ([Spell:Chant], 500) at p2: Memory of Flame
    # triggers (7.9 p2), is played targeting the Bolt and resolves first; the Bolt deals 1100.
    story = Story({"TMS-027": 4, "T-BOLT": 4, "T-BEAR": 4})
    memory = story.put("p1", "TMS-027", "standby")
    _enter_next_turn(story)  # not the turn it was put there (7.9 p5)
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R", "R", "R")
    events = story.when(cmd("PlayCard", "p1", card=bolt, targets=[["p2"]]))
    [fired] = [e for e in events if e.type == "AbilityTriggered"]
    assert (fired.data["source"], fired.data["kind"]) == (memory, "card")
    [spell] = [c.id for c in story.state.chase if c.source == bolt]
    assert legal(story, "p1", "PlayTriggered")[0]["targets"] == [[spell]]  # only a chant in the chase area
    story.when(cmd("PlayTriggered", "p1", trigger=fired.data["trigger"], targets=[[spell]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.data["amount"]) == ("deal_more", [bolt], 600)
    events = story.resolve()
    replaced = find(events, "DamageReplaced")
    assert (replaced.data["amount"], replaced.data["instead"], replaced.data["effect"]) == (500, 1100, made.data["id"])
    assert story.state.players["p2"].life == 4000 - 1100
    story.replays()


def test_memory_of_flame_does_not_trigger_on_a_resonator() -> None:
    story = Story({"TMS-027": 4, "T-BEAR": 4})
    story.put("p1", "TMS-027", "standby")
    _enter_next_turn(story)
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=bear))
    assert "AbilityTriggered" not in [e.type for e in events]
    story.replays()


# --- "Each turn, prevent the first damage that would be dealt to a Fantasy or Human J/resonator you control"


def test_jeanne_prevents_the_first_damage_to_a_fantasy_or_human_you_control_each_turn() -> None:
    # Jeanne d'Arc, the Awakening Purity (TAT-006, Human [700/700]): "[Continuous]: Each turn, prevent the
    # first damage that would be dealt to a Fantasy or Human J/resonator you control."  Pure Spirit of
    # Fantasy (TAT-012) of p2 is dealt 300: prevented; then 200 more: dealt.  A Bear (no race) is not
    # covered; next turn the first damage (to Jeanne herself) is prevented again.
    story = Story({"TAT-006": 4, "TAT-012": 4, "T-BEAR": 4})
    jeanne = story.put("p2", "TAT-006", "field")
    spirit = story.put("p2", "TAT-012", "field")
    bear = story.put("p2", "T-BEAR", "field")
    source = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, source, bear, 100, "given")
    assert story.state.objects[bear].damage == 100
    events = story.by_rule(actions.deal_damage, source, spirit, 300, "given")
    prevented = find(events, "DamagePrevented")
    assert (prevented.data["target"], prevented.data["amount"], prevented.data["effect"], prevented.rule) == (
        spirit,
        300,
        f"{jeanne}:0",
        "FoW-5.5 10.17 p1.2",
    )
    assert "DamageDealt" not in [e.type for e in events] and story.state.objects[spirit].damage == 0
    story.by_rule(actions.deal_damage, source, spirit, 200, "given")
    story.by_rule(actions.deal_damage, source, jeanne, 200, "given")
    assert (story.state.objects[spirit].damage, story.state.objects[jeanne].damage) == (200, 200)
    _enter_next_turn(story)
    story.by_rule(actions.deal_damage, source, jeanne, 300, "given")
    assert story.state.objects[jeanne].damage == 200
    story.replays()


def test_jeanne_applies_after_the_other_preventions_of_that_damage() -> None:
    # A Human of p1 is not "you control" for p2's Jeanne; and damage another prevention already prevents
    # whole does not use Jeanne's up: dealt by a rule action that cannot stop to ask p2 the order (9.10
    # p2.1, asked in battle and on resolution: test_play_prevention_order.py), Jeanne's applies last
    story = Story({"TAT-006": 4, "T-BEAR": 4})
    jeanne = story.put("p2", "TAT-006", "field")
    mine = story.put("p1", "TAT-006", "field")
    source = story.put("p1", "T-BEAR", "field")
    shield = {"id": "x-shield", "kind": "prevent", "source": jeanne, "controller": "p2", "targets": [jeanne]}
    story.given("ContinuousEffectCreated", **shield, next=True, duration="end_of_turn")  # "the next damage"
    events = story.by_rule(actions.deal_damage, source, jeanne, 300, "given")
    assert [e.data["effect"] for e in events if e.type == "DamagePrevented"] == ["x-shield"]
    events = story.by_rule(actions.deal_damage, source, jeanne, 100, "given")
    assert [e.data["effect"] for e in events if e.type == "DamagePrevented"] == [f"{jeanne}:0"]
    story.by_rule(actions.deal_damage, jeanne, mine, 100, "given")  # p1's Jeanne: its own, once
    assert (story.state.objects[jeanne].damage, story.state.objects[mine].damage) == (0, 0)
    story.replays()


def test_awakened_jeanne_puts_a_nonspell_fantasy_card_from_your_hand_into_your_field() -> None:
    # "[Awakening] {W}: [Enter]: You may put a nonspell Fantasy Card from your hand into your field."
    story = Story({"TAT-006": 4, "TAT-012": 4, "T-BEAR": 4})
    jeanne = story.put("p1", "TAT-006", "hand")
    spirit = story.put("p1", "TAT-012", "hand")
    story.put("p1", "T-BEAR", "hand")
    story.will("p1", "W", "W", "W", "W")
    story.when(cmd("PlayCard", "p1", card=jeanne, awaken=True))
    story.resolve()
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["cards"]) == ("put_from_hand", [spirit])
    story.when(cmd("ChooseCards", "p1", cards=[spirit]))
    assert story.state.objects[spirit].zone == "field"
    story.replays()


# --- "If a spell or ability would increase ATK or DEF ..., it increases double that much instead" --------


def _little_red(story: Story) -> str:
    """Given: p1's ruler Crimson Girl in the Sky (TAT-057) in the field as its J-ruler Little Red, the True
    Fairy Tale (TAT-057J)."""
    ruler = story.state.zones["p1"]["ruler_area"][0]
    moved = {"oid": ruler, "from": "ruler_area", "to": "field", "controller": "p1", "side": "j_ruler"}
    story.given("CardMoved", **moved, reason="given")
    return ruler


def _grow(story: Story, player: str, target: str) -> None:
    """When: ``player`` plays Grow ([+200/+200] until end of turn) on ``target`` and it resolves."""
    grow = story.put(player, "T-GROW", "hand")
    story.will(player, "R")
    story.when(cmd("PlayCard", player, card=grow, targets=[[target]]))
    story.resolve()


def test_little_red_doubles_increases_and_cancels_decreases_of_resonators_you_control() -> None:
    # Little Red, the True Fairy Tale (TAT-057J): "[Continuous]: If a spell or ability would increase ATK or
    # DEF of resonators you control, it increases double that much instead." and "... would decrease ATK or
    # DEF of resonators you control, it decreases none instead."  Grow on p1's Bear: [+400/+400]; p2's
    # Bear: [+200/+200]; a [-300/-100] on p1's Bear: none; on p2's Bear it applies.
    story = Story({"T-GROW": 4, "T-BEAR": 4}, ruler="TAT-057")
    red = _little_red(story)
    assert story.state.card_of(red).id == "TAT-057J"
    mine = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    _grow(story, "p1", mine)
    _grow(story, "p1", theirs)
    assert (stats(story, mine), stats(story, theirs)) == ((900, 900), (700, 700))
    story.modified(mine, "p2", atk=-300, def_=-100)
    story.modified(theirs, "p2", atk=-300, def_=-100)
    assert (stats(story, mine), stats(story, theirs)) == ((900, 900), (400, 600))
    assert stats(story, red) == (800, 1000)  # a J-ruler is no resonator
    story.replays()


def test_pricia_doubles_increases_of_her_own_values_and_little_red_doubles_them_again() -> None:
    # Pricia, Beast Queen in Hiding (TTW-062, [700/700]): "If a spell or ability would increase this card's
    # ATK or DEF, it increases by double that much instead."  Grow: [1100/1100]; with Little Red too, both
    # replacements apply, once each (9.10 p3): [+800/+800] - another resonator only [+400/+400].
    story = Story({"TTW-062": 4, "T-GROW": 4, "T-BEAR": 4}, ruler="TAT-057")
    pricia = story.put("p1", "TTW-062", "field")
    bear = story.put("p1", "T-BEAR", "field")
    _grow(story, "p1", pricia)
    assert stats(story, pricia) == (1100, 1100)
    _little_red(story)
    assert stats(story, pricia) == (1500, 1500)
    _grow(story, "p1", bear)
    assert stats(story, bear) == (900, 900)
    story.modified(pricia, "p2", atk=-300)  # Pricia alone does not stop decreases; Little Red does
    assert stats(story, pricia) == (1500, 1500)
    story.replays()


def test_little_red_doubles_the_increase_of_a_counter_an_ability_puts_on_a_resonator_you_control() -> None:
    # Kaguya, Rabbit Princess of the Lunar Halo (BFA-008): "Whenever a resonator is put into a graveyard
    # from your field, put a [+100/+100] counter on this card."  The counter gives [+100/+100], a
    # continuous effect (10.21 p2) of the ability that put it, so Little Red's "If a spell or ability would
    # increase ATK or DEF of resonators you control, it increases double that much instead" (9.10 p1)
    # doubles it: [+200/+200]; the counter still applies after the other value changes (9.9 p1.5).  A
    # Kaguya of p2 keeps [+100/+100]; without Little Red in the field the counter gives [+100/+100] again.
    story = Story({"BFA-008": 4, "T-BEAR": 4, "T-GROW": 4}, ruler="TAT-057")
    red = _little_red(story)
    kaguya = story.put("p1", "BFA-008", "field")
    printed = story.state.cards["BFA-008"]
    bear = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.move, bear, "graveyard", "given", rule="3.1 p5", reason="effect")
    assert len(story.state.triggered) == 1
    put = find(story.resolve_all(), "CounterPut")
    assert (put.data["oid"], put.data["counter"]) == (kaguya, "+100/+100")
    assert stats(story, kaguya) == ((printed.atk or 0) + 200, (printed.def_ or 0) + 200)
    _grow(story, "p1", kaguya)  # Grow's [+200/+200] doubled too, the counter's after it
    assert stats(story, kaguya) == ((printed.atk or 0) + 600, (printed.def_ or 0) + 600)
    theirs = story.put("p2", "BFA-008", "field")
    story.given("CounterPut", oid=theirs, counter="+100/+100", count=1)
    assert stats(story, theirs) == ((printed.atk or 0) + 100, (printed.def_ or 0) + 100)
    story.moved(red, "ruler_area", side="front")  # Little Red leaves the field: no doubling
    assert stats(story, kaguya) == ((printed.atk or 0) + 300, (printed.def_ or 0) + 300)
    story.replays()


def test_pricia_becomes_any_number_of_chosen_attributes_until_end_of_turn() -> None:
    # "{G}: Choose any number of attributes. This card becomes those attributes until end of turn." (2.8 p2)
    story = Story({"TTW-062": 4, "T-BEAR": 4})
    pricia = story.put("p1", "TTW-062", "field")
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=pricia, ability=2))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "attributes", "FoW-5.5 2.8 p2")
    choices = legal(story, "p1", "ChooseAttributes")
    assert len(choices) == 32 and {"attributes": []} in choices and {"attributes": ["R", "U"]} in choices
    wrong = story.refused(cmd("ChooseAttributes", "p1", attributes=["R", "R"]))
    assert (wrong.code, wrong.rule) == ("rules/attribute_choice", "FoW-5.5 2.8 p2")
    events = story.when(cmd("ChooseAttributes", "p1", attributes=["U", "R"]))
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["attributes"], made.data["targets"]) == (
        "set_attributes",
        ["R", "U"],
        [pricia],
    )
    assert attributes_of(story.state, pricia) == ["R", "U"]
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=pricia, ability=2))
    story.resolve()
    story.when(cmd("ChooseAttributes", "p1", attributes=[]))
    assert attributes_of(story.state, pricia) == []  # no attribute (2.8 p1)
    story.replays()


# --- "Prevent the next damage ... For each 100 damage prevented this way, put a [+100/+100] counter on it"


def test_kaguyas_premonition_awakened_prevents_the_next_damage_and_turns_it_into_counters() -> None:
    # Kaguya's Premonition (TMS-006, {W}): "Target resonator gains [+200/+400] until end of turn." /
    # "[Awakening] {M}: Prevent the next damage that would be dealt to that resonator this turn. For each
    # 100 damage prevented this way, put a [+100/+100] counter on it."  "That resonator": the target.
    # 500 damage: prevented, five counters; the next 300 is dealt.
    story = Story({"TMS-006": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    source = story.put("p2", "T-BEAR", "field")
    premonition = story.put("p1", "TMS-006", "hand")
    story.will("p1", "W", "M")
    story.when(cmd("PlayCard", "p1", card=premonition, targets=[[bear]], awaken=True))
    story.resolve()
    assert stats(story, bear) == (700, 900)
    events = story.by_rule(actions.deal_damage, source, bear, 500, "given")
    prevented = find(events, "DamagePrevented")
    assert (prevented.data["amount"], prevented.rule) == (500, "FoW-5.5 10.17 p1.2")
    put = find(events, "CounterPut")
    assert (put.data, put.rule, put.cause) == (
        {"oid": bear, "counter": "+100/+100", "count": 5},
        "FoW-5.5 10.21 p1",
        f"ev:{prevented.seq}",
    )
    assert stats(story, bear) == (1200, 1400) and story.state.objects[bear].damage == 0
    story.by_rule(actions.deal_damage, source, bear, 300, "given")
    assert story.state.objects[bear].damage == 300
    story.replays()


def test_kaguyas_premonition_not_awakened_only_gains() -> None:
    story = Story({"TMS-006": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    premonition = story.put("p1", "TMS-006", "hand")
    story.will("p1", "W")
    story.when(cmd("PlayCard", "p1", card=premonition, targets=[[bear]]))
    story.resolve()
    story.by_rule(actions.deal_damage, premonition, bear, 500, "given")
    assert story.state.objects[bear].damage == 500 and not story.state.objects[bear].counters
    story.replays()
