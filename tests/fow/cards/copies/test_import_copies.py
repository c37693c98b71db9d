"""Importing copy effects (FoW-5.5 10.16) from real card text (``domain/fow/importer``): "put a token copy of
... into the field" and "this card becomes a copy of ..."; what is not read stays unsupported.  The engine
side is specified in ``tests/fow/cards/copies/test_play_copies.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def _ctx(kind: str = "resonator") -> _Ctx:
    return _Ctx("X", kind, None, frozenset(), None)


def test_token_copy_of_a_resonator_token_you_control(imported: dict[str, ImportedCard]) -> None:
    # Shadow of Lapis (LEL-038): "Banish this card: Put a token copy of target resonator token you control
    # into your field." - a pseudo-card copy (FoW-5.5 10.16 p1.1) of a pseudo-card ("token")
    assert full(imported, "LEL-038")["abilities"] == [
        {
            "kind": "activate",
            "cost": {"banish_self": True},
            "effects": [
                {
                    "op": "put_token_copy",
                    "target": {
                        "kind": "chosen",
                        "filter": {"zone": "field", "controller": "you", "token": True, "types": ["resonator"]},
                    },
                }
            ],
        }
    ]


def test_token_copy_banished_by_its_controller_at_the_next_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Fayli, Genius Rip-Off Artist (ABC-RG-016): "{R}, {Rest}: Put a token copy of another target resonator you
    # control into the field. At the next end of turn >>> That token's controller banishes it." - FoW-5.5
    # 10.16 p1.1; "that token": the copy, named by the delayed ability (9.6 p8); its ≪Will of Hope≫ stays
    # unsupported
    fayli = imported["ABC-RG-016"]
    assert fayli.status == "partial" and fayli.gaps == ("effect: ≪Will of Hope≫",)
    assert fayli.card is not None
    [ability] = [a.model_dump(mode="json", exclude_unset=True) for a in fayli.card.abilities]
    assert ability["effects"] == [
        {
            "op": "put_token_copy",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "controller": "you", "types": ["resonator"], "other_than_self": True},
            },
        },
        {
            "op": "delayed",
            "at": "next_end_of_turn",
            "effects": [{"op": "banish", "target": {"kind": "same"}, "by_controller": True}],
        },
    ]


def test_becomes_a_copy_of_target_j_ruler_except_it_stays_a_resonator(imported: dict[str, ImportedCard]) -> None:
    # Rebellious Soul, Ayu (TSW-074): "This card gains "{Rest}: This card becomes a copy of target J-Ruler your
    # opponent controls, except it doesn't become a J-Ruler and it's still a resonator." as long as your
    # J-Ruler is ..." - FoW-5.5 10.16 p2, the exception keeping its card type
    ayu = imported["TSW-074"]
    assert ayu.card is not None
    granting = ayu.card.abilities[0].model_dump(mode="json", exclude_unset=True)
    [granted] = granting["grant_abilities"]
    assert granted["effects"] == [
        {
            "op": "become_copy",
            "target": {"kind": "chosen", "filter": {"zone": "field", "controller": "opponent", "types": ["j_ruler"]}},
            "except_type": "resonator",
        }
    ]
    assert granting["condition"]["j_rulers"] == ["Ayu, Lunar Swordswoman", "Ayu, Shaman Swordswoman"]
    assert all("copy" not in u for u in ayu.unsupported)


@pytest.mark.parametrize(
    "text",
    [
        # an addition may need a card to be added to (7.2 p4): Mikey, Jack of All Trades (NWE-027)
        "Put a token copy of target addition you control into the field.",
        # a J-ruler side "without copying the J-ruler type" (MC02-001) is not read
        "Put a resonator token copy of target J-ruler you control into the field.",
        # more than one copied card
        "Put a token copy of each resonator you control into the field.",
        # copying a spell on the chase (10.16 p1.1 in the chase area) is not in the vocabulary
        "Copy target chant spell.",
    ],
)
def test_copies_the_vocabulary_cannot_express_stay_gaps(text: str) -> None:
    # FoW-5.5 10.16: what the importer does not read is never expressed in part
    with pytest.raises(_GapError):
        _effects(text, _ctx())


def test_a_token_copy_of_this_card_only_on_a_resonator() -> None:
    # FoW-5.5 10.16 p1.1: "a token copy of this card" on an addition (Forbidden Malus, TWS-041) is an
    # addition copy; on a resonator it is read
    assert _effects("Put a token copy of this card into the field rested.", _ctx()) == [
        {"op": "put_token_copy", "target": {"kind": "self"}, "rested": True}
    ]
    with pytest.raises(_GapError):
        _effects("Put a token copy of this card into the field rested.", _ctx("addition"))
