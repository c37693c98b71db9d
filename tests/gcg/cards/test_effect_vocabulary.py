"""The effect vocabulary imported cards are played with, rule by rule: given events (a game
and recorded facts), when a command, then the events (GCG-1.00 5.7.3 mill, 5.12 destroy by
zone number and colour, 9.3.3 conditions, 5.8 search asks its player)."""

from __future__ import annotations

from domain.gcg.characteristics import counter_power, threat_level
from tests.gcg.cards.support import game, record
from tests.gcg.support import (
    among,
    choose,
    cmd,
    find,
    find_all,
    pending,
    position,
    put,
    rage,
    run,
    to_hand,
    to_zone,
    tst,
)


def test_mill_sends_the_top_cards_of_the_deck_into_the_discard_pile() -> None:
    """5.7.3: "Send the top 3 cards of your deck to the discard pile. Draw 1 card." (CMP01-020)."""
    state = game(red=[record(20)])
    position(state, "p1", 4)  # 8.3.1: strategy rank 2 needs zone 2 or beyond
    top3 = list(reversed(state.zones["p1"]["deck"][-3:]))
    card = to_hand(state, "p1", "CMP01-020")
    deck = len(state.zones["p1"]["deck"])
    events = run(state, cmd("ActivateStrategy", "p1", card=card, zone=1))
    milled = find_all(events, "CardMoved", reason="sent to discard pile")
    assert [e.data["oid"] for e in milled] == top3
    assert {e.rule for e in milled} == {"GCG-1.00 5.7.3"}
    assert all(state.objects[o].zone == "discard" for o in top3)
    assert len(state.zones["p1"]["deck"]) == deck - 4  # three sent, one drawn


def test_a_count_condition_is_checked_when_the_effect_would_be_performed() -> None:
    """9.3.3: "If you have 3 or more battle cards in your zones, draw 2 cards" (CMP01-029)."""
    state = game(red=[record(29)])
    position(state, "p1", 4)
    to_zone(state, "p1", tst(10), 2)
    to_zone(state, "p1", tst(10), 3)
    card = to_hand(state, "p1", "CMP01-029")
    hand = len(state.zones["p1"]["hand"])
    run(state, cmd("ActivateStrategy", "p1", card=card, zone=1))
    assert len(state.zones["p1"]["hand"]) == hand - 1  # two battle cards: nothing is done
    state = game(red=[record(29)])
    position(state, "p1", 5)
    for zone in (2, 3, 4):
        to_zone(state, "p1", tst(10), zone)
    card = to_hand(state, "p1", "CMP01-029")
    hand = len(state.zones["p1"]["hand"])
    run(state, cmd("ActivateStrategy", "p1", card=card, zone=1))
    assert len(state.zones["p1"]["hand"]) == hand - 1 + 2


def test_a_continuous_ability_active_only_in_zone_8() -> None:
    """9.3.3, 4.4.3: "If this card is in zone 8, this card gains +2000 counter power" (CMP01-024)."""
    state = game(red=[record(24)])
    oid = to_zone(state, "p1", "CMP01-024", 3)
    assert counter_power(state, oid) == 3000
    state = game(red=[record(24)])
    oid = to_zone(state, "p1", "CMP01-024", 8)
    assert counter_power(state, oid) == 5000


def test_a_continuous_ability_by_the_invading_monsters_zone_and_rage() -> None:
    """9.3.3, 3.3.3: "If your monster card is in zone 6 or higher" (CMP01-025); 3.4.3: "If your
    <Rage> is 3 or more, this card gains +5000 threat level" (CMP01-028, counted as a card of
    the main deck here: the condition reads the rage of its master's invading monster)."""
    state = game(red=[record(25)])
    oid = to_zone(state, "p1", "CMP01-025", 2)
    position(state, "p1", 5)
    assert counter_power(state, oid) == 2000
    position(state, "p1", 6)
    assert counter_power(state, oid) == 3000
    before = threat_level(state, "p1")
    rage(state, "p1", 3)
    assert threat_level(state, "p1") == before + 3 * 5000  # 3.4.5 only: no CMP01-028 in play


def test_a_continuous_ability_counting_the_discard_pile() -> None:
    """9.3.3, 9.8: "If you have 5 or more monster cards in your discard pile, this card gains
    +3000 counter power" (CMP01-036): counted by printed type, active while it holds."""
    state = game(red=[record(36)])
    oid = to_zone(state, "p1", "CMP01-036", 2)
    monsters = [o for o in state.zones["p1"]["deck"] if state.cards[state.objects[o].card].type == "monster"]
    for o in monsters[:4]:
        put(state, o, "discard")
    assert counter_power(state, oid) == 2000
    put(state, monsters[4], "discard")
    assert counter_power(state, oid) == 5000


def test_your_other_battle_card_in_zone_8() -> None:
    """9.3.3, 4.4.4.1: "If your monster card has 2 or more <Rage>, your other battle card in
    zone 8 gains +5000 counter power" (CMP01-051)."""
    state = game(red=[record(51)])
    source = to_zone(state, "p1", "CMP01-051", 2)
    other = to_zone(state, "p1", tst(10), 8)
    assert counter_power(state, other) == 3000
    rage(state, "p1", 2)
    assert (counter_power(state, other), counter_power(state, source)) == (8000, 2000)


def test_a_condition_on_the_opponents_monster_rank() -> None:
    """9.3.3, 2.3.2.1: "If your opponent's monster card is rank IV or higher, this card gains
    +5000 counter power" (CMP01-053): p2's rank I monster does not; a rank IV one does."""
    state = game(red=[record(53)])
    oid = to_zone(state, "p1", "CMP01-053", 2)
    assert counter_power(state, oid) == 2000
    four = next(o for o in state.zones["p2"]["monster_deck"] if state.cards[state.objects[o].card].rank == 4)
    put(state, four, "monster")
    assert counter_power(state, oid) == 7000


def test_do_one_from_the_below_asks_its_master() -> None:
    """9.5.2.2.1: "Choose one of the following" (CMP01-035): its master picks the option."""
    state = game(red=[record(35)])
    position(state, "p1", 5)
    card = to_hand(state, "p1", "CMP01-035")
    hand = len(state.zones["p1"]["hand"])
    run(state, cmd("ActivateStrategy", "p1", card=card, zone=1))
    assert pending(state) == ("modes", "p1")
    choose(state, 1)  # draw 2 cards
    assert len(state.zones["p1"]["hand"]) == hand - 1 + 2


def test_destroy_every_battle_card_in_a_range_of_zones() -> None:
    """5.12.1, 4.4.4.1: "<Destroy> all of your opponent's battle cards in zones 6-8" (a battle
    card with the wording of CMP01-008)."""
    rec = dict(record(8), type="Battle", rank="2", counter_power="5000", threat_level=None)
    state = game(red=[rec])
    position(state, "p2", 2)
    inside = [to_zone(state, "p2", tst(40), z) for z in (6, 8)]
    outside = to_zone(state, "p2", tst(40), 5)
    card = to_hand(state, "p1", "CMP01-008")
    run(state, cmd("PlayBattleCard", "p1", card=card, zone=3))
    assert [state.objects[o].zone for o in inside] == ["discard", "discard"]
    assert state.objects[outside].zone == "field"


def test_destroy_by_rank_and_colour_asks_the_master_to_choose() -> None:
    """9.5.3, 2.4: "<Destroy> 1 of your opponent's rank 3 or lower white battle cards" (the
    wording of CMP01-034): with two legal targets its master chooses; a blue card is not one."""
    text = "<Enter> <Destroy> 1 of your opponent's rank 3 or lower white battle cards."
    state = game(red=[dict(record(34), description=text)])
    position(state, "p2", 3)
    reds = [to_zone(state, "p2", tst(65), 5), to_zone(state, "p2", tst(62), 6)]
    blue = to_zone(state, "p2", tst(40), 7)
    card = to_hand(state, "p1", "CMP01-034")
    run(state, cmd("PlayBattleCard", "p1", card=card, zone=3))
    assert pending(state) == ("targets", "p1")
    assert sorted(among(state)) == sorted(reds) and blue not in among(state)
    choose(state, reds[1])
    assert state.objects[reds[1]].zone == "discard" and state.objects[reds[0]].zone == "field"


def test_search_asks_its_player() -> None:
    """5.8.1, 5.8.1.2: "Search your deck for up to 1 <《Godzilla》> monster card, reveal it and add
    it to your hand. Then shuffle your deck." (CMP01-021): the player chooses, never the engine."""
    state = game(red=[record(21)])
    position(state, "p1", 4)
    card = to_hand(state, "p1", "CMP01-021")
    events = run(state, cmd("ActivateStrategy", "p1", card=card, zone=1))
    asked = find(events, "ChoiceRequested", kind="search")
    assert asked.data["player"] == "p1" and asked.rule == "GCG-1.00 5.8.1"
    assert pending(state) == ("search", "p1")
    assert state.pending is not None and state.pending.options["min"] == 0
    pick = among(state)[0]
    events = choose(state, pick)
    assert state.objects[pick].zone == "hand"
    assert find(events, "CardRevealed", oid=pick) and find(events, "DeckShuffled")


def test_retreat_the_opponents_monster_to_a_zone() -> None:
    """5.13.2.2: "<Enter> Retreat your opponent's monster card to zone 5." (CMP01-015)."""
    state = game(red=[record(15)])
    position(state, "p2", 7)
    card = to_hand(state, "p1", "CMP01-015")
    run(state, cmd("PlayBattleCard", "p1", card=card, zone=2))
    assert state.players["p2"].position == 5


def test_rage_loss_never_goes_below_zero() -> None:
    """3.4.4: "<Enter> Reduce your opponent's <Rage> by 1." (CMP01-013)."""
    state = game(red=[record(13)])
    position(state, "p2", 2)
    card = to_hand(state, "p1", "CMP01-013")
    run(state, cmd("PlayBattleCard", "p1", card=card, zone=3))
    assert state.players["p2"].rage == 0
