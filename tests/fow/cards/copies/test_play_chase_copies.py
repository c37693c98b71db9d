"""Copying a spell or an ability on the chase (FoW-5.5 10.16 p1, p1.1, p1.2, p1.3) - real cards executed
by the engine in the form the importer gives them (given events / when command / then cited events; each
story replays its whole log):

* Yokoshima, Monarch of the Exploding Flame (TSD2-001J): "{R}{R}: Copy target chant spell. You may choose
  new targets for the copy." - a pseudo-card copy of the spell on top of the chase (p1.1), with the
  copied spell's choices (p1.3), controlled by the player whose effect made it; the card text lets that
  player keep the targets or choose new legal ones (1.4 p1: the text adds a choice the rules do not make);
* The Second Boon: Tachyon, Holy Atom (TST-021): "You may copy target chant spell your opponent controls.
  ..." - the copy of the opponent's spell is yours: "you" in its text is you;
* Welser, the Archmage of Fire (WOM-042): "Whenever you play a chant => Copy it. ..." - the copy is not
  played: no cost is paid for it and it triggers nothing that playing a spell triggers (9.3 p2 is how a
  card is played; a copy is made by an effect, 10.16 p1).

Bolt (T-BOLT, a chant: "deal 500 damage to target J/resonator or player") is the spell copied; stand-ins
specify what no importable real card does yet: a copy canceled (Negate, "Cancel target spell") and the copy of
an ability (Echo copying Zapper's ability, 10.16 p1.2).
"""

from __future__ import annotations

from typing import Any

from domain.fow import engine
from domain.kernel import Event, Rejection
from tests.fow.cards.copies.support import real_cards
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find, types
from tests.fow.test_ch8_battle import to_main

YOKOSHIMA_RULER = "TSD2-001"
"""Yokoshima HANADA, a ruler whose J-ruler side is TSD2-001J, Yokoshima, Monarch of the Exploding Flame."""
TACHYON = "TST-021"
"""The Second Boon: Tachyon, Holy Atom: [Quickcast]; "You may copy target chant spell your opponent controls.
You may choose new targets for the copy." (its other paragraph unsupported)."""
WELSER = "WOM-042"
"""Welser, the Archmage of Fire: "Whenever you play a chant => Copy it. You may choose new targets for the
copy. This ability triggers only once per turn." (its God's Art unsupported)."""


NEGATE = {
    "id": "T-NEGATE",
    "name": "Negate",
    "type": "spell",
    "subtype": "chant",
    "skills": ["quickcast"],
    "cost": {"attribute": {"R": 1}},
    "attributes": ["R"],
    "effects": [{"op": "cancel"}],
}
"""A stand-in for "Cancel target spell." ([Quickcast])."""


def _story(ruleset: str = "FoW-5.5", *, welser: bool = False) -> tuple[Story, str, str]:
    """p1's Yokoshima HANADA turned to its J-ruler side, a Bear in each field, Bolt in p1's hand, and will
    for Bolt and Yokoshima's ability; the J-ruler and the two Bears."""
    cards = real_cards(YOKOSHIMA_RULER, TACHYON, WELSER)
    ruler = YOKOSHIMA_RULER
    if ruleset == "FoW-5.01":  # Yokoshima HANADA's mana counters do not exist under 5.01: a stand-in ruler
        ruler = "T-YOKOSHIMA"
        cards[ruler] = {**cards[YOKOSHIMA_RULER], "id": ruler, "abilities": []}
    cards["T-NEGATE"] = NEGATE
    main = {TACHYON: 4, WELSER: 4, "T-BOLT": 4, "T-BEAR": 4, "T-NEGATE": 4}
    story = Story(main, ruler=ruler, cards=cards, ruleset=ruleset)
    ruler = story.state.zones["p1"]["ruler_area"][0]
    story.moved(ruler, "field", controller="p1", side="j_ruler")
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    if welser:
        story.put("p1", WELSER, "field")
    story.log += to_main(story.state, turn=3)
    story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R", "R", "R")
    return story, mine, theirs


def _yokoshima(story: Story) -> str:
    return next(o for o in story.state.zones["p1"]["field"] if story.state.card_of(o).id == "TSD2-001J")


def _priority_to(story: Story, player: str) -> None:
    """The other player passes until ``player`` has priority (the chase does not resolve: 6.4 p1.2)."""
    while story.pending.kind == "priority" and story.pending.player != player:
        story.when(cmd("Pass", story.pending.player))


def _bolt(story: Story, target: str) -> str:
    """When: p1 plays Bolt on ``target``; the Bolt's item on the chase."""
    bolt = next(o for o in story.state.zones["p1"]["hand"] if story.state.objects[o].card == "T-BOLT")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[[target]]))
    return next(c.id for c in story.state.chase if c.source == bolt)


def _copy_with_yokoshima(story: Story, item: str) -> list[Event]:
    """When: p1 plays Yokoshima's ability on the spell ``item`` and it resolves (up to the question)."""
    _priority_to(story, "p1")
    yokoshima = _yokoshima(story)
    [play] = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == yokoshima]
    assert play["targets"] == [[item]]
    story.when(cmd("ActivateAbility", "p1", source=yokoshima, ability=play["ability"], targets=[[item]]))
    return story.resolve()


def _choices(story: Story) -> list[Any]:
    assert story.pending.kind == "option"
    return [c["targets"] for c in story.pending.options["choices"]]


def _chain(events: list[Event], e: Event) -> list[Event]:
    """``e`` and the events it was caused by, back to the command (the judge's why-chain)."""
    by_seq = {x.seq: x for x in events}
    out = [e]
    while out[-1].cause.startswith("ev:") and int(out[-1].cause[3:]) in by_seq:
        out.append(by_seq[int(out[-1].cause[3:])])
    return out


def test_yokoshima_copies_a_chant_spell_as_a_pseudo_card_on_top_of_the_chase() -> None:
    # FoW-5.5 10.16 p1.1: "If the copied object is a card, it makes a pseudo-card with the same information"
    # in the same zone - the chase area, on top of the copied spell; the copy has the choices made for the
    # copied spell (p1.3): the same target; and the player whose effect copied it controls it
    story, _, _ = _story()
    item = _bolt(story, "p2")
    events = _copy_with_yokoshima(story, item)
    copied = find(events, "ChaseItemCopied")
    assert copied.rule == "FoW-5.5 10.16 p1.1"
    assert (copied.data["copied"], copied.data["kind"], copied.data["card"]) == (item, "card", "T-BOLT")
    assert (copied.data["player"], copied.data["targets"]) == ("p1", [["p2"]])
    # under Yokoshima's ability, which waits for the question and leaves the chase once resolved (9.3 p3.2)
    [_, copy, ability] = story.state.chase
    assert (story.state.chase[0].id, copy.id, ability.source) == (item, copied.data["item"], _yokoshima(story))
    assert story.state.objects[copy.source].pseudo and story.state.objects[copy.source].zone == "chase"
    assert story.state.card_of(copy.source).id == "T-BOLT"
    shown = [c["source"] for c in engine.view(story.state, "p2")["chase"]]  # every player sees it as a copy
    assert [x.get("pseudo", False) for x in shown] == [False, True, False]
    # why-chain: the copy is made by Yokoshima's ability resolving
    started = _chain(story.log, copied)[1]
    assert started.type == "ResolutionStarted" and started.data["source"] == _yokoshima(story)
    story.replays()


def test_the_copys_controller_is_asked_to_keep_the_targets_or_choose_new_legal_ones() -> None:
    # FoW-5.5 10.16 p1.3 and the card text ("You may choose new targets for the copy", 1.4 p1): p1 is asked
    # - the copied target first, then every other legal target of Bolt's "target J/resonator or player"
    # (9.3 p2.4): the J-ruler and both Bears, both players - never the copy itself or a card in a hand
    story, mine, theirs = _story()
    item = _bolt(story, "p2")
    events = _copy_with_yokoshima(story, item)
    asked = find(events, "ChoiceRequested")
    assert (asked.rule, asked.data["player"], asked.data["kind"]) == ("FoW-5.5 10.16 p1.3", "p1", "option")
    assert _chain(story.log, asked)[1].type == "ChaseItemCopied"
    choices = _choices(story)
    assert choices[0] == [["p2"]]
    assert sorted(c[0][0] for c in choices[1:]) == sorted([_yokoshima(story), mine, theirs, "p1"])
    # every choice listed is accepted (legal_actions and decide agree)
    offered = [a for a in engine.legal_actions(story.state, "p1") if a.type == "ChooseOption"]
    assert [a.args["option"] for a in offered] == list(range(len(choices)))
    for action in offered:
        assert not isinstance(engine.decide(story.state, action), Rejection)
    assert not legal(story, "p2", "ChooseOption")  # the copy's controller chooses, no one else
    story.replays()


def test_new_targets_chosen_for_the_copy_and_the_copy_ceases_to_exist_as_it_leaves_the_chase() -> None:
    # FoW-5.5 10.16 p1.3: the copy deals its 500 damage to the Bear p1 chose for it, the original Bolt to
    # p2; 10.16 p1.1: once resolved the copy leaves the chase and ceases to exist (no card in a graveyard)
    story, _, theirs = _story()
    item = _bolt(story, "p2")
    _copy_with_yokoshima(story, item)
    copy = story.state.chase[-2]
    option = _choices(story).index([[theirs]])
    chosen = find(story.when(cmd("ChooseOption", "p1", option=option)), "CopyTargetsChosen")
    assert (chosen.rule, chosen.data["item"], chosen.data["targets"]) == ("FoW-5.5 10.16 p1.3", copy.id, [[theirs]])
    assert [c.id for c in story.state.chase] == [item, copy.id]  # the ability finished: the copy on top
    assert story.state.chase[-1].targets == [[theirs]]
    events = story.resolve()  # the copy, on top, resolves first
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.data["source"]) == (theirs, 500, copy.source)
    ceased = find(events, "CopyCeasedToExist")
    assert (ceased.data, ceased.rule) == ({"oid": copy.source, "zone": "chase"}, "FoW-5.5 10.16 p1.1")
    assert story.state.objects[copy.source].zone == "none"
    assert all(copy.source not in z for zones in story.state.zones.values() for z in zones.values())
    assert [c.id for c in story.state.chase] == [item]
    life = story.state.players["p2"].life
    story.resolve()  # then Bolt on its own target, put into the graveyard (7.3 p3)
    assert story.state.players["p2"].life == life - 500
    assert [story.state.objects[o].card for o in story.state.zones["p1"]["graveyard"]] == ["T-BOLT"]
    story.replays()


def test_keeping_the_targets_the_copy_has_the_copied_ones() -> None:
    # FoW-5.5 10.16 p1.3: "the copy also has the same choice": kept, both deal 500 damage to p2
    story, _, _ = _story()
    life = story.state.players["p2"].life
    item = _bolt(story, "p2")
    _copy_with_yokoshima(story, item)
    kept = find(story.when(cmd("ChooseOption", "p1", option=0)), "OptionChosen")
    assert (kept.rule, kept.data["kept"]) == ("FoW-5.5 10.16 p1.3", True)
    story.resolve_all()
    assert story.state.players["p2"].life == life - 1000
    story.replays()


def test_the_copy_is_not_played_no_cost_and_no_play_trigger() -> None:
    # FoW-5.5 10.16 p1 (a copy is made, not played: 9.3 p2 is how a card is played): Welser's "Whenever you
    # play a chant => Copy it" triggers on the Bolt p1 plays, its copy is paid nothing and triggers nothing
    story, _, _ = _story(welser=True)
    item = _bolt(story, "p2")
    triggered = [e for e in story.log if e.type == "AbilityTriggered"]
    assert triggered[-1].data["extra"]["target"] == item  # "it": the spell on the chase
    if story.pending.kind == "trigger":
        story.when(cmd("PlayTriggered", "p1", trigger=story.pending.options["triggers"][0]))
    assert story.state.chase[-1].source != story.state.chase[0].source  # Welser's ability on top of Bolt
    before = len(story.log)
    events = story.resolve()
    copied = find(events, "ChaseItemCopied")
    assert (copied.data["copied"], copied.data["player"]) == (item, "p1")
    made = story.log[before:]
    assert not [e for e in made if e.type in ("CardPlayed", "AbilityPlayed", "WillPaid", "AbilityTriggered")]
    story.replays()


def test_tachyon_copies_the_opponents_spell_for_its_controller() -> None:
    # FoW-5.5 10.16 p1.1, p1.3: p2's Bolt targets p1's Bear; p1's Tachyon ("you may copy target chant spell
    # your opponent controls") makes a copy p1 controls, and p1 chooses p2's Bear for it
    story, mine, theirs = _story()
    story.given("TurnBegan", player="p2", turn=story.state.turn + 1)
    bolt = story.put("p2", "T-BOLT", "hand")
    story.will("p2", "R")
    _priority_to(story, "p2")
    story.when(cmd("PlayCard", "p2", card=bolt, targets=[[mine]]))
    item = story.state.chase[-1].id
    tachyon = story.put("p1", TACHYON, "hand")
    story.will("p1", "R", "R")
    _priority_to(story, "p1")
    plays = [a for a in legal(story, "p1", "PlayCard") if a["card"] == tachyon]
    assert [a["targets"] for a in plays] == [[[item]]]  # only the opponent's chant spell
    story.when(cmd("PlayCard", "p1", card=tachyon, targets=[[item]]))
    story.resolve()
    assert story.pending.kind == "optional"  # "you may copy"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    copied = find(events, "ChaseItemCopied")
    assert (copied.data["copied"], copied.data["player"], copied.data["targets"]) == (item, "p1", [[mine]])
    assert story.state.chase[-2].controller == "p1"
    option = _choices(story).index([[theirs]])
    story.when(cmd("ChooseOption", "p1", option=option))
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"]) == (theirs, 500)
    story.replays()


def test_a_copy_is_not_made_of_a_spell_that_left_the_chase() -> None:
    # FoW-5.5 10.16 p1 with 9.3 p3.1: the copied spell gone by resolution, nothing is copied
    story, _, _ = _story()
    item = _bolt(story, "p2")
    _priority_to(story, "p1")
    yokoshima = _yokoshima(story)
    [play] = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == yokoshima]
    story.when(cmd("ActivateAbility", "p1", source=yokoshima, ability=play["ability"], targets=[[item]]))
    story.given("ChaseItemRemoved", item=item)
    events = story.resolve()
    assert "ChaseItemCopied" not in types(events)
    story.replays()


def test_a_canceled_copy_ceases_to_exist() -> None:
    # FoW-5.5 10.16 p1.1: "If the copy moves out of the zone, it ceases to exist": canceled by p2 (10.11 p1),
    # the copy of Bolt goes into no graveyard; the original Bolt still resolves
    story, _, _ = _story()
    negate = story.put("p2", "T-NEGATE", "hand")
    item = _bolt(story, "p2")
    _copy_with_yokoshima(story, item)
    story.when(cmd("ChooseOption", "p1", option=0))
    copy = story.state.chase[-1]
    story.will("p2", "R")
    _priority_to(story, "p2")
    story.when(cmd("PlayCard", "p2", card=negate, targets=[[copy.id]]))
    events = story.resolve()
    canceled = find(events, "ChaseItemCanceled")
    assert (canceled.data["item"], canceled.rule) == (copy.id, "FoW-5.5 10.11 p1")
    ceased = find(events, "CopyCeasedToExist")
    assert (ceased.data, ceased.rule) == ({"oid": copy.source, "zone": "graveyard"}, "FoW-5.5 10.16 p1.1")
    assert all(copy.source not in z for zones in story.state.zones.values() for z in zones.values())
    assert [c.id for c in story.state.chase] == [item]
    story.replays()


def test_under_5_01_the_copys_choices_cite_10_16_p2() -> None:
    # FoW-5.01 10.16 p2 ("it is considered that the copy also has the same choice") is 5.5's p1.3; 10.16 p1
    # ("If the copied object is a card, it makes a pseudo-card") reads the same
    story, _, theirs = _story("FoW-5.01")
    item = _bolt(story, "p2")
    events = _copy_with_yokoshima(story, item)
    assert find(events, "ChaseItemCopied").rule == "FoW-5.01 10.16 p1.1"
    assert find(events, "ChoiceRequested").rule == "FoW-5.01 10.16 p2"
    option = _choices(story).index([[theirs]])
    assert find(story.when(cmd("ChooseOption", "p1", option=option)), "CopyTargetsChosen").rule == "FoW-5.01 10.16 p2"
    story.replays()


# a stand-in for the ability copies of the database the importer does not read yet (Alice, the Valkyrie of
# Fairy Tales SKL-093J "copy this ability", Cloning Magic CFC-053 "Copy that ability"): the same effect op
def _one_ability_resonator(cid: str, name: str, effect: dict[str, Any]) -> dict[str, Any]:
    """A 100/100 fire resonator with one ability "{R}: <effect>"."""
    ability = {"kind": "activate", "cost": {"will": {"attribute": {"R": 1}}}, "effects": [effect]}
    red = {"attribute": {"R": 1}}
    return {"id": cid, "name": name, "type": "resonator", "cost": red, "attributes": ["R"], "atk": 100, "def": 100,
            "abilities": [ability]}  # fmt: skip


ZAPPER = _one_ability_resonator(
    "T-ZAPPER", "Zapper", {"op": "deal_damage", "amount": 100, "target": {"kind": "chosen", "players_allowed": True}}
)
ECHO = _one_ability_resonator(
    "T-ECHO",
    "Echo",
    {
        "op": "copy_on_chase",
        "target": {"kind": "chosen", "filter": {"zone": "chase", "types": [], "abilities": ["activate"]}},
        "new_targets": True,
    },
)


def test_a_copy_of_an_ability_is_the_same_ability_of_the_same_source() -> None:
    # FoW-5.5 10.16 p1.2: "If the copied object is an ability in the chase area, put the same ability into that
    # zone": no pseudo-card; the copy is the Zapper's ability, with its target kept or chosen anew (p1.3), and
    # leaves the chase once resolved (9.3 p3.2)
    story = Story({"T-ZAPPER": 4, "T-ECHO": 4, "T-BEAR": 4}, cards={"T-ZAPPER": ZAPPER, "T-ECHO": ECHO})
    zapper, echo = story.put("p1", "T-ZAPPER", "field"), story.put("p1", "T-ECHO", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=zapper, ability=0, targets=[["p2"]]))
    ability = story.state.chase[-1].id
    _priority_to(story, "p1")
    story.when(cmd("ActivateAbility", "p1", source=echo, ability=0, targets=[[ability]]))
    events = story.resolve()
    copied = find(events, "ChaseItemCopied")
    assert (copied.rule, copied.data["kind"], copied.data["source"]) == ("FoW-5.5 10.16 p1.2", "ability", zapper)
    assert "card" not in copied.data and not any(o.pseudo for o in story.state.objects.values())
    story.when(cmd("ChooseOption", "p1", option=_choices(story).index([[theirs]])))
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (zapper, theirs, 100)
    assert [c.id for c in story.state.chase] == [ability]
    story.replays()
