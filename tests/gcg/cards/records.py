"""Composed records in the shape of the official Godzilla Card Game card list (no real card:
numbers ``CMP01-*``, invented names), phrased like the rules text (GCG-1.00 chapters 5, 9
and 11) and like printed card text: keywords in angle brackets, traits as ``<《Name》>``,
reminder text in parentheses.  ``EXPECTED`` says how each should import."""

from __future__ import annotations

from typing import Any


def monster(n: int, rank: str, text: str, *, threat: str = "10000", color: str = "red", **kw: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "card_number": f"CMP01-{n:03d}",
        "name": f"Composed Monster {n}",
        "type": "Monster",
        "rank": rank,
        "colors": [color],
        "traits": ["Godzilla"],
        "invasion_icon_value": 1,
        "threat_level": threat,
        "counter_power": None,
        "burst": None,
        "description": text,
    }
    record.update(kw)
    return record


def battle(n: int, rank: str, text: str, *, counter: str = "2000", color: str = "red", **kw: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "card_number": f"CMP01-{n:03d}",
        "name": f"Composed Battle {n}",
        "type": "Battle",
        "rank": rank,
        "colors": [color],
        "traits": ["Human"],
        "invasion_icon_value": 1,
        "threat_level": None,
        "counter_power": counter,
        "burst": None,
        "description": text,
    }
    record.update(kw)
    return record


def strategy(n: int, rank: str, text: str, *, color: str = "red", **kw: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "card_number": f"CMP01-{n:03d}",
        "name": f"Composed Strategy {n}",
        "type": "Strategy",
        "rank": rank,
        "colors": [color],
        "traits": [],
        "invasion_icon_value": 0,
        "threat_level": None,
        "counter_power": None,
        "burst": None,
        "description": text,
    }
    record.update(kw)
    return record


RECORDS: list[dict[str, Any]] = [
    # --- keyword abilities (11) and destroy (5.12) ---
    monster(1, "1", "<When Invading> <Destroy> 1 of your opponent's rank 4 or lower battle cards."),
    monster(
        2,
        "4",
        "<Enter> <Destroy> 1 of your opponent's rank 7 or lower battle cards.\n"
        "<When Invading> If you have 5 or more monster cards in your discard pile, increase this card's <Rage> by 1.",
        threat="25,000",
    ),
    monster(
        3, "3", "<When Invading> Reduce your opponent's <Rage> by 1. (If you invaded 2 zones, activate this 2 times.)"
    ),
    monster(4, "4", "<Burst3>\n<Awakening6> This card gains +10000 threat level.", threat="30000", burst="3"),
    monster(5, "2", "<Awakening4> <When Invading> Draw 1 card."),
    monster(
        6,
        "3",
        "<Enter> <Destroy> all of your opponent's rank 3 or lower battle cards "
        "in the same column as your monster card.",
    ),
    monster(7, "2", "<When Invading> <Destroy> up to 1 of your opponent's battle cards adjacent to your monster card."),
    monster(8, "4", "<Enter> <Destroy> all of your opponent's battle cards in zones 6-8.", threat="28000"),
    monster(9, "3", "<Enter> <Destroy> 1 of your opponent's strategy cards."),
    battle(10, "7", "<Evolution7> <《Mothra》>", counter="7000", traits=["Mothra"]),
    # --- rage (3.4) ---
    monster(11, "2", "<When Invading> Increase this card's <Rage> by 1."),
    monster(
        12,
        "3",
        "At the beginning of your end phase, if your opponent's monster card is in zones 1-5, "
        "increase this card's <Rage> by 2.",
    ),
    battle(13, "2", "<Enter> Reduce your opponent's <Rage> by 1."),
    # --- movement (5.13) ---
    battle(14, "3", "<Enter> Advance your monster card 1 zone."),
    battle(15, "4", "<Enter> Retreat your opponent's monster card to zone 5.", counter="4000"),
    strategy(16, "3", "Advance your monster card to zone 6."),
    # --- draw, discard, mill, search (5.4, 5.7, 5.8) ---
    strategy(17, "1", "Draw 2 cards. Then, discard 1 card from your hand."),
    strategy(18, "4", "Your opponent discards cards until they have 3 cards remaining."),
    monster(19, "4", "<When Invading> Your opponent discards until they have 3 cards in hand.", threat="27000"),
    strategy(20, "2", "Send the top 3 cards of your deck to the discard pile. Draw 1 card."),
    strategy(
        21,
        "2",
        "Search your deck for up to 1 <《Godzilla》> monster card, reveal it and add it to your hand. "
        "Then shuffle your deck.",
    ),
    battle(22, "1", "<Enter> You may discard 1 card from your hand. If you do, draw 2 cards.", counter="1000"),
    battle(23, "2", "<Enter> Draw up to 2 cards."),
    # --- counter power and threat level (2.6, 2.7, 9.8) with conditions (9.3.3) ---
    battle(24, "3", "If this card is in zone 8, this card gains +2000 counter power.", counter="3000"),
    battle(25, "2", "If your monster card is in zone 6 or higher, this card gains +1000 counter power."),
    battle(26, "2", "<Enter> Your battle cards gain +1000 counter power until end of turn."),
    strategy(27, "2", "Your battle cards gain +1000 counter power.", color="white"),
    monster(28, "2", "If your <Rage> is 3 or more, this card gains +5000 threat level."),
    strategy(29, "3", "If you have 3 or more battle cards in your zones, draw 2 cards."),
    battle(30, "5", "This card cannot engage.", counter="6000"),
    strategy(31, "2", "Your opponent's monster card gains -5000 threat level until end of turn.", color="blue"),
    battle(32, "6", "When this card is destroyed, draw 1 card.", counter="5000", color="blue"),
    monster(33, "1", "", threat="9000"),  # no text
    battle(34, "3", "<Enter> <Destroy> 1 of your opponent's rank 3 or lower red battle cards.", color="white"),
    # --- "do N from the below" (9.5.2.2.1), rage held (3.4.3), counts (9.3.3), search (5.8) ---
    strategy(
        35,
        "4",
        "Choose one of the following:\n"
        "\u30fb <Destroy> 1 of your opponent's rank 4 or lower battle cards.\n"
        "\u30fb Draw 2 cards.",
    ),
    battle(36, "4", "If you have 5 or more monster cards in your discard pile, this card gains +3000 counter power."),
    strategy(37, "3", "If your monster card has 2 or more <Rage>, draw 2 cards."),
    monster(
        38,
        "2",
        "<When Invading> Search your deck for up to 1 rank III <《Godzilla》> card, reveal it, add it to your hand, "
        "then shuffle your deck.",
    ),
    strategy(39, "5", "Your opponent discards cards until they have 2 cards remaining in their hand.", color="blue"),
    # --- what the vocabulary does not express (each with its first gap) ---
    strategy(40, "3", "<Your Turn> Your monster card cannot advance nor invade.", color="blue"),
    battle(41, "3", "<Step2> Draw 1 card."),
    monster(42, "3", "<When Invading> If your opponent's monster card is in zones 6-8, reduce their <Rage> by 2."),
    monster(43, "4", "<Enter> Reduce the rank of all battle cards in your opponent's zones by 1.", color="green"),
    battle(44, "2", "<Enter> Draw 1 card.", colors=["red", "blue"]),
    monster(45, "3", "<Enter> You may place 1 monster card from your discard pile under this card."),
    strategy(46, "5", 'If you have 3 or more "Crystals" in your zones, draw 1 card.'),
    battle(47, "4", "Whenever you play a battle card, draw 1 card.\n<Enter> Increase your <Rage> by 1."),
    monster(48, "2", "If you have 3 or more battle cards in your zones, this card gains +5000 threat level."),
    strategy(49, "1", "Search your deck for 1 battle card, reveal it and add it to your hand."),
    battle(
        50, "3", "If you have 3 or more <《Mothra》> battle cards in your zones, this card gains +2000 counter power."
    ),
    battle(
        51,
        "6",
        "If your monster card has 2 or more <Rage>, your other battle card in zone 8 gains +5000 counter power.",
    ),
    monster(52, "2", "<When Invading> Discard 1 card from your hand: <Destroy> 1 of your opponent's battle cards."),
    battle(53, "7", "If your opponent's monster card is rank IV or higher, this card gains +5000 counter power."),
]

EXPECTED: dict[str, str] = {
    **{f"CMP01-{n:03d}": "full" for n in range(1, 40)},
    "CMP01-040": "none",
    "CMP01-041": "none",
    "CMP01-042": "none",
    "CMP01-043": "none",
    "CMP01-044": "none",
    "CMP01-045": "none",
    "CMP01-046": "none",
    "CMP01-047": "partial",
    "CMP01-048": "full",
    "CMP01-049": "none",
    "CMP01-050": "none",
    "CMP01-051": "full",
    "CMP01-052": "none",
    "CMP01-053": "full",
}
