"""Real Grimm/Alice cards of the s3-opt round, executed by the engine in the form the importer
gives them (given events / when command / then events; each story replays its whole log):

* "Reveal the top card of your deck" ("your deck" is the main deck) with a branch on it, and an
  effect with no duration on "all X" ("resonators you control gain [+300/+300]"): it lasts for
  the rest of the game (FoW-5.5 9.1 p2.2) and covers what starts to match later (9.9 p4);
* "[Target player / each player] shuffles all magic stones from their graveyard into their magic
  stone deck and shuffles all other cards from their graveyard into their main deck" (3.1 p5,
  10.20 p1), the player chosen as a target (9.3 p2.4);
* "target resonator with 1000 or more ATK" (9.3 p2.4);
* "You may put a light resonator ... from among them into your field" after a look at the top
  cards (10.13 p2).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def _attack(story: Story, attacker: str) -> None:
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))


def _stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


def test_drill_sergeant_reveals_a_resonator_and_resonators_you_control_gain_while_it_stays() -> None:
    # Drill Sergeant (TMS-036): "Whenever this card attacks or blocks, reveal the top card of your
    # deck. If it's a resonator, resonators you control gain [+300/+300]. Otherwise, return this
    # card to its owner's hand."  A main deck of resonators only: the top card is one.
    story = Story({"TMS-036": 4, "T-BEAR": 4})
    sergeant, bear = story.put("p1", "TMS-036", "field"), story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    before, theirs_before = _stats(story, bear), _stats(story, theirs)
    _attack(story, sergeant)
    events: list = []
    while not any(e.type == "ContinuousEffectCreated" for e in events):
        events += story.when(cmd("Pass", story.pending.player))
    top = story.state.zones["p1"]["main_deck"][-1]
    assert find(events, "CardRevealed").data == {"oid": top, "player": "p1"}
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["atk"], made.data["def"], made.data["duration"]) == (
        "modify",
        300,
        300,
        "source_in_field",
    )
    assert made.data["targets"] == [] and made.data["filter"]["controller"] == "you"
    assert made.rule == "FoW-5.5 10.19 p3"
    assert story.state.objects[sergeant].zone == "field"
    assert _stats(story, bear) == (before[0] + 300, before[1] + 300)  # type: ignore[operator]
    assert _stats(story, theirs) == theirs_before
    # no duration: it applies as long as the ability is active (9.1 p2.2), so not only this turn,
    # and a resonator put into p1's field later gains it too (9.9 p4)
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclineBlock", "p2"))
    story.log += to_main(story.state, turn=5)
    assert _stats(story, bear) == (before[0] + 300, before[1] + 300)  # type: ignore[operator]
    later = story.put("p1", "T-BEAR", "field")
    assert _stats(story, later) == _stats(story, bear)
    # ... and it ends when the Drill Sergeant leaves the field
    ended = story.by_rule(actions.move, sergeant, "graveyard", "given", rule="3.1 p5", reason="effect")
    assert (find(ended, "ContinuousEffectsEnded").data["ids"], find(ended, "ContinuousEffectsEnded").rule) == (
        [made.data["id"]],
        "FoW-5.5 9.1 p2.2",
    )
    assert _stats(story, bear) == before
    story.replays()


def test_drill_sergeant_reveals_a_spell_and_returns_to_its_owners_hand() -> None:
    # Drill Sergeant (TMS-036), "Otherwise, return this card to its owner's hand.": a main deck of
    # spells under it; the revealed card stays on top
    story = Story({"TMS-036": 4, "T-BOLT": 4, "T-GROW": 4})
    sergeant = story.put("p1", "TMS-036", "field")
    story.log += to_main(story.state, turn=3)
    for oid in list(story.state.zones["p1"]["main_deck"]):  # the resonators leave the main deck
        obj = story.state.objects[oid]
        if story.state.cards[obj.card].type == "resonator":
            data = {"oid": oid, "card": obj.card, "owner": "p1", "controller": "p1", "to": "graveyard"}
            story.given("CardMoved", **data, reason="given", **{"from": "main_deck"})
    top = story.state.zones["p1"]["main_deck"][-1]
    assert story.state.cards[story.state.objects[top].card].type == "spell"
    _attack(story, sergeant)
    events: list = []
    while story.state.objects[sergeant].zone == "field":
        events += story.when(cmd("Pass", story.pending.player))
    assert find(events, "CardRevealed").data["oid"] == top
    assert story.state.zones["p1"]["main_deck"][-1] == top
    assert not any(e.type == "ContinuousEffectCreated" for e in events)
    assert story.state.objects[sergeant].zone == "hand"
    story.replays()


# --- shuffling a graveyard back into the decks (3.1 p5, 10.20 p1) -----------------------------


def _to_graveyard(story: Story, player: str, zone: str, count: int) -> list[str]:
    """Given: the top ``count`` cards of ``player``'s ``zone`` are put into their graveyard."""
    moved = []
    for oid in list(story.state.zones[player][zone])[-count:]:
        obj = story.state.objects[oid]
        data = {"oid": oid, "card": obj.card, "owner": player, "controller": player, "to": "graveyard"}
        story.given("CardMoved", **data, reason="given", **{"from": zone})
        moved.append(oid)
    return moved


def test_ring_of_fate_reshuffles_each_graveyard_into_both_decks() -> None:
    # Ring of Fate (BFA-026): "Each player discards their hand, shuffles all magic stones from their
    # graveyard into their magic stone deck and shuffles all other cards from their graveyard into
    # their main deck. Then each player draws five cards. Remove the top five cards of your main
    # deck from the game."
    story = Story({"BFA-026": 4, "T-BEAR": 4})
    ring = story.put("p1", "BFA-026", "hand")
    stones = {p: _to_graveyard(story, p, "stone_deck", 2) for p in ("p1", "p2")}
    cards = {p: _to_graveyard(story, p, "main_deck", 3) for p in ("p1", "p2")}
    hands = {p: [o for o in story.state.zones[p]["hand"] if o != ring] for p in ("p1", "p2")}
    sizes = {p: (len(story.state.zones[p]["main_deck"]), len(story.state.zones[p]["stone_deck"])) for p in ("p1", "p2")}
    story.will("p1", "R", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=ring))
    events = story.resolve()
    for p in ("p1", "p2"):
        moved = {(e.data["oid"], e.data["to"], e.rule) for e in events if e.type == "CardMoved"}
        for oid in stones[p]:  # the magic stones into the magic stone deck
            assert (oid, "stone_deck", "FoW-5.5 3.1 p5") in moved
        for oid in cards[p] + hands[p]:  # the discarded hand too: discarded first (10.18 p2)
            assert oid in cards[p] or (oid, "graveyard", "FoW-5.5 10.18 p2") in moved
            assert (oid, "main_deck", "FoW-5.5 3.1 p5") in moved
        shuffled = [e for e in events if e.type == "DeckShuffled" and e.data["player"] == p]
        assert {e.data["zone"] for e in shuffled} == {"main_deck", "stone_deck"}
        assert {e.rule for e in shuffled} == {"FoW-5.5 10.20 p1"}
        assert story.state.zones[p]["graveyard"] == ([ring] if p == "p1" else [])
        assert len(story.state.zones[p]["stone_deck"]) == sizes[p][1] + 2
        assert len(story.state.zones[p]["hand"]) == 5
    # p1: the main deck got back 3 cards and the hand, gave 5 to the hand and 5 removed
    assert len(story.state.zones["p1"]["main_deck"]) == sizes["p1"][0] + 3 + len(hands["p1"]) - 10
    assert len(story.state.zones["p1"]["removed"]) == 5
    assert len(story.state.zones["p2"]["main_deck"]) == sizes["p2"][0] + 3 + len(hands["p2"]) - 5
    story.replays()


def test_xeex_target_player_reshuffles_their_graveyard() -> None:
    # Xeex the Ancient Magic (TAT-072), its fourth mode: "... or target player shuffles all magic
    # stones from his or her graveyard into his magic stone deck, then shuffles all other cards from
    # his or her graveyard into his of her main deck."  The player is a target (9.3 p2.4): only
    # the chosen player's graveyard moves
    story = Story({"TAT-072": 4, "T-BEAR": 4})
    xeex = story.put("p1", "TAT-072", "hand")
    stone = _to_graveyard(story, "p2", "stone_deck", 1)[0]
    card = _to_graveyard(story, "p2", "main_deck", 1)[0]
    mine = _to_graveyard(story, "p1", "main_deck", 1)[0]
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=xeex, targets=[["p2"]], modes=[3]))
    events = story.resolve()
    assert story.state.objects[stone].zone == "stone_deck" and story.state.objects[card].zone == "main_deck"
    assert story.state.objects[mine].zone == "graveyard"
    assert {(e.data["player"], e.data["zone"]) for e in events if e.type == "DeckShuffled"} == {
        ("p2", "main_deck"),
        ("p2", "stone_deck"),
    }
    story.replays()


# --- "target resonator with 1000 or more ATK" -------------------------------------------------


def test_bedivere_may_remove_target_resonator_with_1000_or_more_atk() -> None:
    # Bedivere, the Restorer of Souls (SKL-003): "When this card enters your field, you may remove
    # target resonator with 1000 or more ATK from the game."  Dante (VIN001-062, 1000 ATK) is a
    # legal target, a Bear (500 ATK) is not (9.3 p2.4); whether to remove it is decided on
    # resolution (9.3 p3.2)
    story = Story({"SKL-003": 4, "VIN001-062": 4, "T-BEAR": 4})
    dante, bear = story.put("p2", "VIN001-062", "field"), story.put("p2", "T-BEAR", "field")
    bedivere = story.put("p1", "SKL-003", "graveyard")
    story.by_rule(actions.move, bedivere, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    trig = story.state.triggered[0]
    story.when(cmd("Pass", "p1"))
    no = story.refused(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[bear]]))
    assert no.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[dante]]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (dante, "removed")
    assert story.state.objects[bear].zone == "field"
    story.replays()


# --- "you may put a ... from among them into your field" (10.13 p2) ------------------------------


def test_invigoration_puts_a_light_resonator_from_the_top_four_into_the_field() -> None:
    # Invigoration of the Winged Lord (SKL-012), its second mode: "look at the top four cards of
    # your main deck. You may put a light resonator with total cost 4 or less from among them into
    # your field. Put the rest on the bottom of your main deck in any order."  Bedivere (SKL-003,
    # light, total cost 3) matches; Bolt (a spell) does not
    story = Story({"SKL-012": 4, "SKL-003": 4, "T-BOLT": 4})
    spell = story.put("p1", "SKL-012", "hand")
    story.will("p1", "W", "W", "W")
    story.when(cmd("PlayCard", "p1", card=spell, modes=[1]))
    top4 = list(reversed(story.state.zones["p1"]["main_deck"][-4:]))
    asked = find(story.resolve(), "ChoiceRequested")
    matching = [o for o in top4 if story.state.objects[o].card == "SKL-003"]
    assert matching, "the seeded deck has a Bedivere in its top four"
    opts = asked.data["options"]
    assert (asked.data["kind"], opts["looked"], opts["cards"], opts["min"], opts["max"]) == (
        "look",
        top4,
        matching,
        0,
        1,
    )
    rest = [o for o in top4 if o != matching[0]]
    events = story.when(cmd("ChooseCards", "p1", cards=[matching[0]], order=rest))
    put = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == matching[0])
    assert (put.data["to"], put.data["controller"], put.rule) == ("field", "p1", "FoW-5.5 10.13 p2")
    assert story.state.objects[matching[0]].zone == "field"
    assert set(story.state.zones["p1"]["main_deck"][: len(rest)]) == set(rest)  # the rest on the bottom
    story.replays()
