"""Card text about cards outside the game (FoW-5.5 3.16 p1) -> the declarative form: revealing a card from
outside the game and keeping it revealed (``reveal_outside``), an ability working outside the game
(``from_outside``, 9.2 p2), playing a revealed card from there (``playable_from_outside``), counting the
cards revealed outside the game (a filter of zone ``outside`` with ``revealed``) and putting cards from
outside the game into the field, a hand or the ruler area (``put_from_outside``)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard
from domain.fow.importer.records import _GapError
from domain.fow.importer.sentences import _effects
from domain.fow.importer.text import _Ctx
from tests.fow.cards.import_support import full, imported_database

SEVEN_KINGS_RULER = {"zone": "outside", "types": ["ruler"], "controller": "you", "races": ["Seven Kings"]}
REVEAL_A_SEVEN_KINGS_RULER = {
    "op": "reveal_outside",
    "filter": {**SEVEN_KINGS_RULER, "not_sharing_name_with": {**SEVEN_KINGS_RULER, "revealed": True}},
}
PER_REVEALED_SEVEN_KINGS_RULER = {"filter": {**SEVEN_KINGS_RULER, "revealed": True}}


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def _ability(imported: dict[str, ImportedCard], card_id: str, starts: str) -> dict[str, Any]:
    card = imported[card_id].card
    assert card is not None
    dumped = card.model_dump(mode="json", by_alias=True, exclude_unset=True)
    [ability] = [a for a in dumped["abilities"] if a["text"].startswith(starts)]
    return dict(ability)


def test_lake_of_the_world_tree_reveals_a_seven_kings_ruler_from_outside_the_game(
    imported: dict[str, ImportedCard],
) -> None:
    # Lake of the World Tree (CST-041): "[Enter] >>> You may reveal a Seven Kings ruler you own from outside the
    # game that does not share a name with other Seven Kings rulers you own revealed outside the game and keep
    # it revealed until end of game. Draw a card." (FoW-5.5 3.16 p1: choosing none declines the "you may")
    card = full(imported, "CST-041")
    [ability] = card["abilities"]
    assert ability["trigger"] == "enter"
    assert ability["effects"] == [REVEAL_A_SEVEN_KINGS_RULER, {"op": "draw", "count": 1, "who": "you"}]


def test_world_tree_mermaid_counts_the_seven_kings_rulers_revealed_outside_the_game(
    imported: dict[str, ImportedCard],
) -> None:
    # World Tree Mermaid (CST-036): "This card gains [+200/+200] for each Seven Kings ruler you own revealed
    # outside the game." (FoW-5.5 3.16 p1); its other abilities stay unsupported
    gains = _ability(imported, "CST-036", "This card gains")
    assert gains["per"] == PER_REVEALED_SEVEN_KINGS_RULER
    assert (gains["modify_atk"], gains["modify_def"]) == (200, 200)
    enters = _ability(imported, "CST-036", "[Enter]")
    assert enters["effects"] == [REVEAL_A_SEVEN_KINGS_RULER]
    assert imported["CST-036"].status == "partial"


def test_world_tree_fairy_omits_from_and_reads_the_same(imported: dict[str, ImportedCard]) -> None:
    # World Tree Fairy (CST-008): "You may reveal a Seven Kings ruler you own outside the game ..." (3.16 p1)
    assert _ability(imported, "CST-008", "[Enter]")["effects"] == [REVEAL_A_SEVEN_KINGS_RULER]


@pytest.mark.parametrize("card_id", ["GRL-021", "GRL-019", "JRP-071"])
def test_a_card_revealed_from_outside_the_game_at_the_beginning_of_the_game_may_be_played_from_there(
    imported: dict[str, ImportedCard], card_id: str
) -> None:
    # Rogue Spectator (GRL-021) and others: "At the beginning of the game >>> If you did not already reveal a
    # card that shares a name with this card this game, you may reveal this card you own from outside the game
    # and keep it revealed until end of game. You may play it from outside the game as long as it is revealed."
    # (FoW-5.5 3.16 p1; the ability works outside the game, 9.2 p2)
    ability = _ability(imported, card_id, "At the beginning of the game")
    assert ability["trigger"] == "beginning_of_game"
    assert ability["from_outside"] is True
    assert ability["effects"] == [{"op": "reveal_outside", "new_name": True}]
    card = imported[card_id].card
    assert card is not None and card.playable_from_outside


def test_a_beginning_of_the_game_reveal_without_the_play_permission_still_works_outside_the_game(
    imported: dict[str, ImportedCard],
) -> None:
    # Shiva, God of Destruction (DBV-100): "At the beginning of the game => You may reveal this card from outside
    # the game and keep it revealed until end of game." (FoW-5.5 3.16 p1, 9.2 p2)
    ability = _ability(imported, "DBV-100", "At the beginning of the game")
    assert ability["from_outside"] is True and ability["effects"] == [{"op": "reveal_outside"}]
    card = imported["DBV-100"].card
    assert card is not None and not card.playable_from_outside


def test_an_activate_ability_revealing_its_card_from_outside_the_game_stays_unsupported(
    imported: dict[str, ImportedCard],
) -> None:
    # Satan (TST-094): "{0}: You may reveal this card from outside the game ..." - an ability played outside the
    # game, which the engine does not offer (FoW-5.5 3.16 p1, 9.2 p2): not expressed in part
    assert any("an ability played outside the game" in gap for gap in imported["TST-094"].gaps)


# --- putting cards from outside the game into the field, a hand or the ruler area (put_from_outside) -----


def test_ulga_reveals_a_named_card_from_outside_the_game_and_puts_it_into_the_field(
    imported: dict[str, ImportedCard],
) -> None:
    # Ulga, Eclipser (TWS-067): "At the beginning of the game >>> You may reveal a card named "Magog, Artificial
    # Eclipse" you own from outside the game and put it into the field." (FoW-5.5 3.16 p1, 10.4 p1); its
    # [Partner] stays unsupported
    ability = _ability(imported, "TWS-067", "At the beginning of the game")
    assert ability["trigger"] == "beginning_of_game" and "from_outside" not in ability  # it works in the ruler area
    assert ability["effects"] == [
        {
            "op": "put_from_outside",
            "filter": {"zone": "outside", "types": [], "controller": "you", "name": "Magog, Artificial Eclipse"},
            "to": "field",
            "up_to": True,
        }
    ]
    assert imported["TWS-067"].status == "partial"


def test_attoractia_puts_up_to_seven_seven_stars_rulers_from_outside_the_game_into_the_ruler_area(
    imported: dict[str, ImportedCard],
) -> None:
    # Attoractia, City of the Virtual Star (MP01-ACV): "Banish a card named "The Virtuous versus The Virtual":
    # Put up to seven Seven Stars rulers you own from outside the game in your ruler area." (3.16 p1, 3.8 p1)
    ability = _ability(imported, "MP01-ACV", "Banish a card named")
    assert ability["kind"] == "activate"
    assert ability["effects"] == [
        {
            "op": "put_from_outside",
            "filter": {"zone": "outside", "types": ["ruler"], "controller": "you", "races": ["Seven Stars"]},
            "count": 7,
            "to": "ruler_area",
            "up_to": True,
        }
    ]


def _ctx(imported: dict[str, ImportedCard]) -> _Ctx:
    races = frozenset(r for c in imported.values() if c.card for r in c.card.races or [])
    return _Ctx("T-READ", "resonator", None, races, None)


def test_a_revealed_machine_from_outside_the_game_is_put_into_the_hand(imported: dict[str, ImportedCard]) -> None:
    # Mechanical Engineer of Ma'at (GRV-028)'s second mode: "Put a revealed non-magic stone, non-J/ruler
    # Machine you own from outside the game into your hand." - a magic stone or a ruler cannot go to a hand
    # anyway (3.15 p1, p5); not "you may": the revealed (public) cards must be chosen if there are some.  The
    # card stays unsupported: modes on an [Enter] ability are not in the vocabulary.
    sentence = "Put a revealed non-magic stone, non-J/ruler Machine you own from outside the game into your hand."
    assert _effects(sentence, _ctx(imported)) == [
        {
            "op": "put_from_outside",
            "filter": {"zone": "outside", "races": ["Machine"], "types": [], "controller": "you", "revealed": True},
            "to": "hand",
        }
    ]
    assert imported["GRV-028"].status == "none"


def test_only_a_ruler_is_put_from_outside_the_game_into_the_ruler_area(imported: dict[str, ImportedCard]) -> None:
    # FoW-5.5 3.15 p3: a resonator put into a ruler area does not move - the importer does not read it
    with pytest.raises(_GapError):
        _effects("Put a Machine you own from outside the game into your ruler area.", _ctx(imported))
