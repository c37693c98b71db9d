"""Modes whose number depends on a condition and spells with additional card costs, executed
by the engine with real Grimm/Alice cards (given events / when command / then events or a
cited rejection):

* "Choose one. If <condition>, choose up to N instead - ..." (FoW-5.5 9.3 p2.3): the
  condition is read as the card is played; while it holds the player chooses one to N modes;
* "As an additional cost to play this card, rest two recovered light resonators you control"
  (9.3 p2.5): the cards are chosen as the spell is played (``cost_cards``) and rested as it
  is paid; a spell whose cost cannot be paid cannot be played.
"""

from __future__ import annotations

import pytest

from domain.fow.importer import import_cards
from domain.kernel import Event
from service.card_import import load_database
from tests.fow.cards import story as harness
from tests.fow.cards.story import Story, legal
from tests.fow.cards.test_import_database import BATCH_JSON, CARDS_JSON
from tests.fow.support import cmd, find

# Purifying Fire (CMF-032): "Choose one. If your Ruler is "Nameless Girl" or your J-Ruler is
# "Jeanne d'Arc, the Flame of Hatred", choose up to two instead - This card deals 700 damage
# to target player, or this card deals 1000 damage to target Human".  The modes as the
# importer makes them; "target Human" is written here for a J/resonator in a field.
PURIFYING_FIRE_EFFECTS = [
    {
        "op": "choose",
        "modes": [
            [{"op": "deal_damage", "amount": 700, "target": {"kind": "chosen", "players_only": True}}],
            [
                {
                    "op": "deal_damage",
                    "amount": 1000,
                    "target": {
                        "kind": "chosen",
                        "filter": {"zone": "field", "types": ["resonator"], "races": ["Human"]},
                    },
                }
            ],
        ],
        "up_to_if": {
            "kind": "ruler_is",
            "rulers": ["Nameless Girl"],
            "j_rulers": ["Jeanne d'Arc, the Flame of Hatred"],
        },
        "up_to": 2,
    }
]


@pytest.fixture
def purifying_fire(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = harness.database_cards()
    fire = {k: v for k, v in cards["CMF-032"].items() if k != "unsupported"}
    monkeypatch.setattr(
        harness, "database_cards", lambda: {**cards, "CMF-032": {**fire, "effects": PURIFYING_FIRE_EFFECTS}}
    )


def fire_story(ruler: str) -> tuple[Story, str, str]:
    story = Story({"CMF-032": 4, "MPR-007": 4}, ruler=ruler)  # Holy Warrior of Hope: a Human
    fire = story.put("p1", "CMF-032", "hand")
    human = story.put("p2", "MPR-007", "field")
    story.will("p1", "R", "R")
    return story, fire, human


@pytest.mark.usefixtures("purifying_fire")
def test_without_the_condition_exactly_one_mode_is_chosen() -> None:
    story, fire, human = fire_story("T-RULER")
    offered = {tuple(p["modes"]) for p in legal(story, "p1", "PlayCard") if p["card"] == fire}
    assert offered == {(0,), (1,)}
    refusal = story.refused(cmd("PlayCard", "p1", card=fire, targets=[["p2"], [human]], modes=[0, 1]))
    assert (refusal.code, refusal.rule) == ("rules/mode_choice", "FoW-5.5 9.3 p2.3")
    assert "choose 1" in refusal.message


@pytest.mark.usefixtures("purifying_fire")
def test_while_the_condition_holds_one_or_up_to_n_modes_are_chosen() -> None:
    story, fire, human = fire_story("CMF-047")  # Nameless Girl
    offered = {tuple(p["modes"]) for p in legal(story, "p1", "PlayCard") if p["card"] == fire}
    assert offered == {(0,), (1,), (0, 1)}
    for bad in ([], [0, 0], [0, 1, 2]):
        refusal = story.refused(cmd("PlayCard", "p1", card=fire, targets=[["p2"], [human]], modes=bad))
        assert (refusal.code, refusal.rule) == ("rules/mode_choice", "FoW-5.5 9.3 p2.3")
        assert "from 1 to 2" in refusal.message
    life = story.state.players["p2"].life
    events = story.when(cmd("PlayCard", "p1", card=fire, targets=[["p2"], [human]], modes=[0, 1]))
    assert find(events, "CardPlayed").data["modes"] == [0, 1]
    events = story.resolve()
    assert story.state.players["p2"].life == life - 700
    assert story.state.objects[human].zone == "graveyard"  # 1000 damage to a 400 DEF Human
    story.replays()


def test_the_importer_reads_choose_up_to_n_instead() -> None:
    # Sylvia's Roar (TTW-034): the sentence and its condition become 'up_to_if' / 'up_to' of the
    # modes; its second mode, granting an ability to every Dragon J/resonator you control, is
    # expressed too (tests/fow/cards/targets/test_import_filters_and_variable_amounts.py)
    records = load_database(CARDS_JSON) + load_database(BATCH_JSON)
    card = import_cards(records).by_id()["TTW-034"]  # with the whole database, "Dragon" is a known race
    assert card.status == "full" and card.card is not None, card.gaps
    [choose] = card.card.effects
    assert choose.op == "choose" and choose.up_to == 2 and choose.up_to_if is not None
    assert choose.up_to_if.kind == "ruler_is" and len(choose.modes) == 2


def duet_story() -> tuple[Story, str, list[str], str]:
    story = Story({"MOA-002": 4, "MPR-007": 4, "MOA-006": 4})  # two vanilla light resonators
    duet = story.put("p1", "MOA-002", "hand")
    mine = [story.put("p1", "MPR-007", "field"), story.put("p1", "MOA-006", "field")]
    theirs = story.put("p2", "MPR-007", "field")
    story.will("p1", "W")
    return story, duet, mine, theirs


def test_an_additional_card_cost_is_chosen_and_paid_as_the_spell_is_played() -> None:
    # Duet of Light (MOA-002): "Remove target resonator from the game. As an additional cost
    # to play this card, rest two recovered light resonators you control."
    story, duet, mine, theirs = duet_story()
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == duet]
    assert plays and all(sorted(p["cost_cards"][0]) == sorted(mine) for p in plays)
    for bad in (None, [[mine[0]]], [[mine[0], theirs]]):
        refusal = story.refused(cmd("PlayCard", "p1", card=duet, targets=[[theirs]], cost_cards=bad))
        assert (refusal.code, refusal.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("PlayCard", "p1", card=duet, targets=[[theirs]], cost_cards=[mine]))
    rested = [e for e in events if e.type == "CardRested"]
    assert sorted(e.data["oid"] for e in rested) == sorted(mine)
    assert all(e.rule == "FoW-5.5 9.3 p2.5" or "10.12" in e.rule for e in rested)
    story.resolve()
    assert story.state.objects[theirs].zone == "removed"
    story.replays()


def test_a_spell_whose_additional_cost_cannot_be_paid_is_not_playable() -> None:
    story, duet, mine, theirs = duet_story()
    story.given("CardRested", oid=mine[0])
    assert not [p for p in legal(story, "p1", "PlayCard") if p["card"] == duet]
    refusal = story.refused(cmd("PlayCard", "p1", card=duet, targets=[[theirs]], cost_cards=[mine]))
    assert (refusal.code, refusal.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")


# --- attack triggers (8.2 p3, 9.6 p1) -----------------------------------------------------------


def to_declare_attack(story: Story) -> None:
    """To p1's next turn (the cards given into the field have been controlled since it began),
    then into the battle, up to the declaration of an attacker."""
    first_turn = story.state.turn
    for _ in range(80):
        s = story.state
        if s.turn > first_turn and s.turn_player == "p1" and (s.phase, s.step) == ("main", "main"):
            break
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))


def triggered_from(events: list[Event], source: str) -> list[Event]:
    return [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == source]


@pytest.mark.parametrize("attacker_card, fires", [("CMF-028", True), ("T-BEAR", False)])
def test_whenever_a_werewolf_you_control_attacks(attacker_card: str, fires: bool) -> None:
    # Loup-Garou, the New Moon (CMF-028): "Whenever a Werewolf you control attacks, this card
    # deals 100 damage to an opponent. ..." (a Werewolf itself); a non-Werewolf attacking does not
    story = Story({"CMF-028": 4, "T-BEAR": 4})
    loup = story.put("p1", "CMF-028", "field")
    attacker = loup if attacker_card == "CMF-028" else story.put("p1", "T-BEAR", "field")
    to_declare_attack(story)
    events = story.when(cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))
    triggered = triggered_from(events, loup)
    assert bool(triggered) == fires
    if fires:
        assert triggered[0].rule.startswith("FoW-5.5 9.6") and triggered[0].cause.startswith("ev:")
        life = story.state.players["p2"].life
        while story.state.triggered or story.state.chase:
            pending = story.pending
            if pending.kind == "trigger":
                story.when(cmd("PlayTriggered", pending.player, trigger=story.state.triggered[0].id, targets=[]))
            else:
                story.when(cmd("Pass", pending.player))
        assert story.state.players["p2"].life == life - 100
    story.replays()


@pytest.mark.parametrize("target_player, fires", [(True, True), (False, False)])
def test_trigger_when_a_j_resonator_your_opponent_controls_attacks_you(target_player: bool, fires: bool) -> None:
    # Rabbit Trap (BFA-012): "[Trigger] When a J/resonator your opponent controls attacks you:
    # Put up to three target Rabbits with total cost 1 from your graveyard into your field."
    # It triggers in the chant-standby area (7.9 p2) when p2 is attacked, not their resonator
    story = Story({"BFA-012": 4, "T-BEAR": 4})
    trap = story.put("p2", "BFA-012", "standby")
    bear = story.put("p1", "T-BEAR", "field")
    their_bear = story.put("p2", "T-BEAR", "field")
    to_declare_attack(story)
    story.given("CardRested", oid=their_bear, reason="given")
    target = "p2" if target_player else their_bear
    story.when(cmd("DeclareAttack", "p1", attacker=bear, target=target))
    assert any(t.source == trap for t in story.state.triggered) == fires
    story.replays()
