"""Force of Will comprehensive-rules versions as data.

The engine is written against 5.5.  Every other version is expressed *only* as its
differences from 5.5, here, so that a reader sees the diff in one place:

* ``citations`` maps a 5.5 rule id to the id of the same rule in that version (where the
  numbering or paragraphs differ); ids not listed are the same in both.
* the flags and sets below switch the behaviour the engine consults at the rule points.

A game is played under exactly one version, chosen when it is created and recorded in
its first event (``GameStarted.ruleset``); it never changes mid-game.  The table of the
differences between 5.01 and 5.5, with the tests that prove each, is
``docs/fow-5.01-vs-5.5.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ALL_CARD_TYPES = frozenset({"ruler", "j_ruler", "resonator", "addition", "spell", "regalia", "magic_stone"})
ALL_KEYWORDS = frozenset(
    {"awakening", "incarnation", "quickcast", "gods_art", "stealth", "remnant", "evolution", "shift"}
)
ALL_ADDITION_SUBTYPES = frozenset({"field", "resonator", "ruler", "j_ruler", "j_resonator", "j_ruler_or_ruler"})


@dataclass(frozen=True, slots=True)
class Version:
    ruleset: str
    card_types: frozenset[str] = ALL_CARD_TYPES
    """Card types that exist (FoW-5.5 2.1 p2)."""
    addition_subtypes: frozenset[str] = ALL_ADDITION_SUBTYPES
    """Subtypes of additions that exist (FoW-5.5 2.1 p3.2)."""
    keywords: frozenset[str] = ALL_KEYWORDS
    """Keyword skills that exist (FoW-5.5 12); symbol skills are the same in all 5.x versions."""
    j_ruler_stats_optional: bool = True
    """5.5 2.6 p1.1 / 2.7 p2.1: some J-rulers have no ATK or DEF; otherwise every J-ruler has both."""
    counters: bool = True
    """Whether putting counters exists as an action by rules (FoW-5.5 10.21, 9.9 p1.5)."""
    moon_will: bool = True
    """Whether will with the moon characteristic exists (FoW-5.5 9.7 p6, 10.2 p6); otherwise the
    wills are the five attributes and will without attribute (9.7 p5)."""
    standby_any_card: bool = True
    """Whether any card may be put into the chant-standby area (FoW-5.5 7.6 p3)."""
    standby_from_hand: bool = True
    """Whether a [Spell:Chant-Standby] may be played from the hand, its cost paid (FoW-5.5 7.9 p4);
    5.01 7.9 p1 plays one only from the chant-standby area."""
    standby_shows_stones: bool = False
    """Whether playing a card from the chant-standby area needs its controller to show magic
    stones matching the card's cost (the 5.01 text of 9.3 p2.1); 5.5 only turns it face up."""
    standby_reveal_optional: bool = True
    """5.5 7.9 p2: an automatic chant-standby card triggers only if its controller reveals it,
    so it may be left in the area; otherwise it is an automatic ability that has to be played
    when it can be (9.6 p6)."""
    automatic_cards_in_hand: bool = True
    """5.5 9.6 p2, 7.9 p2: an automatic [Spell:Chant-Standby] card in its player's hand triggers when
    they reveal it as its [Trigger] condition is met; 5.01 has no such card (its 9.6 p1 makes
    chant-standby cards automatic abilities, played from the chant-standby area only, 7.9 p1)."""
    in_battle_rule: str | None = None
    """The id cited when a main-timing action is refused during a battle, where the version's
    own rule of that action does not say "not in a battle" but its list of the actions
    available in a main timing does (None: the action's own rule).  Both rules bear on the
    action and both apply: 5.01 7.1 p1 says when a resonator may be played, 6.3 p2 that it is
    one of the actions "not in a battle"; 7.1 p1's silence is no permission."""
    lifebreak_at_threshold: bool = False
    """5.5 7.10 p1: lifebreak while cards > floor((life-1)/1000); with this switch, while
    cards >= floor((life-1)/1000) ("equal or larger than")."""
    forfeit_despite_forced_attack: bool = False
    """5.5 8.2 p3: the turn player must attack if an effect forces it; with this switch the
    player may still forfeit (a forced J/resonator only has to be the one chosen, 8.2 p3.1)."""
    pierce_assigns_damage: bool = True
    """5.5 11.1 p1.2: [Pierce] assigns the blocker damage in multiples of 100, at least its
    capacity, and the rest to the attacked object; otherwise the blocker is dealt the whole
    damage and the excess over its capacity is dealt to the attacked object as well."""
    preventions_among_replacements: bool = False
    """5.5 9.10 p2.1: the replacements of damage that are no prevention apply first, in the order the
    controller of what deals it chooses, then the preventions, in the order the controller of what
    would be dealt it chooses; with this switch a prevention is one of the replacement effects (10.17
    p1) and the controller of what deals the damage orders all of them (9.10 p2)."""
    citations: Mapping[str, str] = field(default_factory=dict)

    def cite(self, rule: str) -> str:
        return f"{self.ruleset} {self.citations.get(rule, rule)}"

    def can_lifebreak(self, cards: int, life: int) -> bool:
        threshold = (life - 1) // 1000  # "(rounded down)" in both versions
        if self.lifebreak_at_threshold:
            return cards > 0 and cards >= threshold
        return cards > 0 and cards > threshold


FOW_5_5 = Version(ruleset="FoW-5.5")


def _citation_table(text: str) -> dict[str, str]:
    """``<5.5 id> -> <other id>`` lines (``#`` starts a comment) as a mapping."""
    table: dict[str, str] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            old, _, new = line.partition("->")
            table[old.strip()] = new.strip()
    return table


FOW_5_01_CITATIONS: Mapping[str, str] = _citation_table(
    """
# 2.8 p2 (the five attributes): 5.01 has no attribute section; a card's attributes are those of
# its attribute cost (2.3 p6).
2.8 p2    -> 2.3 p6
# 10.1 p2 (an effect moving an addition to a field adds it to a card it can be added to): 5.01
# has only 10.1 p1, adding an addition onto a specific card.
10.1 p2   -> 10.1 p1
# 2.1 p2.3 (astral ruler type) and 3.15 p6 (astral ruler movement): 5.01 has no astral
# ruler; a J-ruler card in a ruler area loses its abilities and cannot be moved (3.8 p6).
2.1 p2.3  -> 3.8 p6
3.15 p6   -> 3.8 p6
# 2.6 p1.1 / 2.7 p2.1 (J-rulers without ATK/DEF) do not exist: J-rulers have both.
2.6 p1.1  -> 2.6 p1
2.7 p2.1  -> 2.7 p1
# 3.12 p2.1 (a card removed from the game face down is hidden) does not exist: the removed area.
3.12 p2.1 -> 3.12 p2
# 3.16 p1 (cards "out of the game": the removed area and the sideboard or collection) does not exist:
# the removed area is the one zone 5.01 gives cards out of the game.
3.16 p1   -> 3.12 p1
# 7.6 p3 (any card may be put into the chant-standby area) does not exist: 6.3 p2.4 "Put
# [Spell:chant-standby] card in his or her hand into his or her chant-standby area" (7.6 p1 says
# "[Spell:Chant] card" under the title "Put [Spell:Chant-standby] Card"; 3.11 p1 agrees with 6.3).
7.6 p3    -> 6.3 p2.4
# 7.9: 5.01 7.9 has two paragraphs; automatic chant-standby cards are automatic abilities (9.6).
7.9 p1    -> 9.6 p1
7.9 p1.1  -> 9.6 p1
7.9 p2    -> 9.6 p2
7.9 p2.1  -> 9.6 p2
7.9 p3    -> 9.6 p4
7.9 p3.1  -> 9.6 p4
7.9 p4    -> 7.9 p1
7.9 p5    -> 7.9 p1
7.9 p6    -> 7.9 p1
7.9 p7    -> 7.9 p2
# 10.16: 5.5 made "the copy also has the same choice" a part of p1 (p1.3; 5.01 p2) and added p2 ("becomes
# a copy"): 5.01 has no card becoming a copy - the closest rule is p1, a copy made "without any continues
# effects on them".
10.16 p1.3 -> 10.16 p2
10.16 p2   -> 10.16 p1
# 9.6: 5.5 added "automatic cards" (p2, p3) and renumbered the rest.
9.6 p2    -> 9.6 p1
9.6 p3    -> 9.6 p1
9.6 p4    -> 9.6 p2
9.6 p4.1  -> 9.6 p2.1
9.6 p5    -> 9.6 p3
9.6 p5.1  -> 9.6 p3
9.6 p6    -> 9.6 p4
9.6 p6.1  -> 9.6 p4
9.6 p7    -> 9.6 p5
9.6 p7.1  -> 9.6 p5.1
9.6 p7.2  -> 9.6 p5.2
9.6 p7.3  -> 9.6 p5.3
9.6 p8    -> 9.6 p6
9.6 p8.1  -> 9.6 p6.1
9.6 p8.2  -> 9.6 p6.2
9.6 p9    -> 9.6 p7
9.6 p9.1  -> 9.6 p7.1
# 9.6 p10 (a triggered automatic card that changed zones cannot be played): 5.01 9.6 p8
# says abilities are still played; the card itself is played only from the area (7.9 p1).
9.6 p10   -> 7.9 p1
# 9.10 p2.1 (who chooses among replacements of damage: the dealer's controller first among the
# non-preventions) does not exist: 5.01 9.10 p2, the controller of the original situation chooses.
9.10 p2.1 -> 9.10 p2
# 9.7 p6 (the moon characteristic of will) does not exist: 9.7 p5 lists the wills there are.
9.7 p6    -> 9.7 p5
# 9.9 p1.5 (counters layer) does not exist; counters are refused under 5.01.
9.9 p1.5  -> 9.9 p1.4
# 9.9 p8 ("as long as" effects not made when their condition is off on resolution) does not
# exist: an effect applies for its duration (9.1 p2.2).
9.9 p8    -> 9.1 p2.2
# 10.1 p2 (an addition an effect moves into a field comes added to a card it can legally be
# added to) does not exist: 5.01 10.1 p1 defines adding an addition.
10.1 p2   -> 10.1 p1
# 10.6 p3-p4 do not exist (5.01 10.6 p3 is empty); damage is put only on J/resonators (p1).
10.6 p3   -> 10.6 p1
10.6 p3.1 -> 10.6 p1
10.6 p4   -> 10.6 p1
# 10.7 p2 ("cannot chase" to a card) does not exist: 5.01 10.7 p1 defines "to chase".
10.7 p2   -> 10.7 p1
# 10.9: 5.01 p2 is "destroying a J-ruler in a ruler area does nothing".
10.9 p2   -> 10.9 p3
10.9 p3   -> 10.9 p4
# 10.19 (become/gain), 10.20 (shuffle), 10.21 (counters) do not exist: the continuous
# effect layers (9.9 p1) govern gain; shuffling is defined only for the set-up (4.2 p1);
# counters are not an action by rules (10).
10.19 p1  -> 9.9 p1.2
10.19 p2  -> 9.9 p1.4
10.19 p3  -> 9.9 p1.4
10.20 p1  -> 4.2 p1
10.20 p2  -> 4.2 p1
10.20 p2.1 -> 4.2 p1
10.21 p1  -> 10
10.21 p2  -> 9.9 p1.4
10.21 p3  -> 10
# 11.1: 5.01 has no assignment; p1 defines the capacity, p2 the excess damage.
11.1 p1   -> 11.1 p2
11.1 p1.1 -> 11.1 p1
11.1 p1.2 -> 11.1 p2
11.1 p1.3 -> 11.1 p2
11.1 p2   -> 11.1 p3
11.1 p3   -> 11.1 p4
12.3 p2.1 -> 12.3 p2
# 12.4-12.8 (God's Art, Stealth, Remnant, Evolution, Shift) do not exist: keyword skills (12).
12.4 p1   -> 12
12.4 p2   -> 12
12.5 p1   -> 12
12.5 p2   -> 12
12.6 p1   -> 12
12.6 p2   -> 7.1 p2     # only a hand card is played (Remnant does not exist)
12.7 p1   -> 12
12.7 p2   -> 12
12.8 p1   -> 12
12.8 p2   -> 12
12.8 p2.1 -> 12
# 14.3 (double-sided cards) does not exist; the only two-sided card is a ruler with its
# J-ruler side, put J-ruler side up by judgment (7.5 p3).
14.3 p1   -> 7.5 p3
"""
)
"""The 5.5 rule ids whose rule has another id in 5.01, or no 5.01 counterpart (then the
closest 5.01 rule governing the behaviour, as noted).  Every other id the engine cites is
the same rule under the same id in both texts (``tests/fow/test_rules_5_01.py`` checks them)."""

FOW_5_01 = Version(
    ruleset="FoW-5.01",
    card_types=ALL_CARD_TYPES - {"regalia"},  # 2.1 p2
    # 2.1 p3.2 "field", "resonator" or "ruler/J-ruler"; 7.2 p3.1 and 13.3 p1.1 name [Addition: J-ruler];
    # [Addition:J/Resonator] is "resonator or J-ruler" (2.1 p2.1) for the type X of 7.2 p3.  No 5.01
    # text names an [Addition: Ruler] (7.2 p3 needs its target in a field, where no ruler is).
    addition_subtypes=frozenset({"field", "resonator", "j_ruler_or_ruler", "j_ruler", "j_resonator"}),
    keywords=frozenset({"awakening", "incarnation", "quickcast"}),  # 12.1-12.3
    j_ruler_stats_optional=False,  # 2.6 p1, 2.7 p1
    counters=False,  # no 10.21
    moon_will=False,  # 9.7 p5 (no 9.7 p6, 10.2 p6)
    standby_any_card=False,  # 6.3 p2.4, 3.11 p1, the title of 7.6
    standby_shows_stones=True,  # 9.3 p2.1
    standby_from_hand=False,  # 7.9 p1: "in his or her chant-standby area"
    standby_reveal_optional=False,  # 9.6 p1, 9.6 p4
    automatic_cards_in_hand=False,  # 9.6 p1, 7.9 p1: "in his or her chant-standby area"
    in_battle_rule="6.3 p2",  # 7.1-7.6, 7.11 say nothing about battles; 6.3 p2 does
    lifebreak_at_threshold=True,  # 7.10 p1 "equal or larger than"
    forfeit_despite_forced_attack=True,  # 8.2 p3
    pierce_assigns_damage=False,  # 11.1 p2
    preventions_among_replacements=True,  # 9.10 p2 with 10.17 p1 (no 9.10 p2.1)
    citations=FOW_5_01_CITATIONS,
)

VERSIONS: dict[str, Version] = {v.ruleset: v for v in (FOW_5_5, FOW_5_01)}


def version(ruleset: str) -> Version:
    return VERSIONS[ruleset]
