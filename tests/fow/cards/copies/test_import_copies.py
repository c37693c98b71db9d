"""Importing copy effects (FoW-5.5 10.16) from real card text (``domain/fow/importer``): "put a token copy of
... into the field", "this card becomes a copy of ..." and "copy target chant spell. You may choose new targets
for the copy"; what is not read stays unsupported.  The engine side is specified in
``tests/fow/cards/copies/test_play_copies.py`` and ``test_play_chase_copies.py``."""

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


# --- copying a spell or an ability on the chase (10.16 p1.1, p1.2, p1.3) ---------------------------------


def _abilities(imported: dict[str, ImportedCard], card_id: str) -> list[dict[str, object]]:
    card = imported[card_id].card
    assert card is not None
    return [a.model_dump(mode="json", exclude_unset=True) for a in card.abilities]


def test_copy_target_chant_spell_and_choose_new_targets(imported: dict[str, ImportedCard]) -> None:
    # Yokoshima, Monarch of the Exploding Flame (TSD2-001J): "{R}{R}: Copy target chant spell. You may choose
    # new targets for the copy. Play this ability only once per turn." - FoW-5.5 10.16 p1.1, p1.3; a "chant
    # spell" is a spell with the subtype chant in the chase area (2.1 p3)
    copying = [a for a in _abilities(imported, "TSD2-001J") if a["effects"][0]["op"] == "copy_on_chase"]
    assert [a["effects"] for a in copying] == [
        [
            {
                "op": "copy_on_chase",
                "target": {"kind": "chosen", "filter": {"zone": "chase", "types": ["spell"], "subtypes": ["chant"]}},
                "new_targets": True,
            }
        ]
    ]
    assert copying[0]["cost"] == {"will": {"attribute": {"R": 2}, "free": 0}} and copying[0]["once_per_turn"]


def test_you_may_copy_target_chant_spell_your_opponent_controls(imported: dict[str, ImportedCard]) -> None:
    # The Second Boon: Tachyon, Holy Atom (TST-021, and its ABC print ABC-RD-059): "You may copy target chant
    # spell your opponent controls. You may choose new targets for the copy." - the "you may" holds both
    # sentences (9.3 p3.2); its discard trigger stays unsupported
    for cid in ("TST-021", "ABC-RD-059"):
        card = imported[cid].card
        assert card is not None and imported[cid].status == "partial"
        assert [e.model_dump(mode="json", exclude_unset=True) for e in card.effects] == [
            {
                "op": "may",
                "effects": [
                    {
                        "op": "copy_on_chase",
                        "target": {
                            "kind": "chosen",
                            "filter": {
                                "zone": "chase",
                                "types": ["spell"],
                                "subtypes": ["chant"],
                                "controller": "opponent",
                            },
                        },
                        "new_targets": True,
                    }
                ],
            }
        ]
        assert len(card.unsupported) == 1 and card.unsupported[0].startswith("When this card is discarded")


def test_whenever_you_play_a_chant_copy_it(imported: dict[str, ImportedCard]) -> None:
    # Welser, the Archmage of Fire (WOM-042): "Whenever you play a chant => Copy it. You may choose new targets
    # for the copy. This ability triggers only once per turn." - "it" is the spell on the chase (10.16 p1.1)
    [ability] = _abilities(imported, "WOM-042")
    assert (ability["trigger"], ability["once_per_turn"]) == ("you_play_chant", True)
    assert ability["effects"] == [
        {
            "op": "copy_on_chase",
            "target": {"kind": "that", "filter": {"zone": "chase", "types": []}},
            "new_targets": True,
        }
    ]
    # the same trigger form with other effects: Student at the Academy (EDL-071) is now full
    assert full(imported, "EDL-071")["abilities"][0]["trigger"] == "you_play_chant"


def test_copy_forms_not_read_stay_unsupported(imported: dict[str, ImportedCard]) -> None:
    # "Copy it" needs a spell or ability named before; without the second sentence the copy's targets are
    # never asked, so the bare "Copy target chant spell." is not read; "copy this spell X times" neither
    with pytest.raises(_GapError):
        _effects("Copy it. You may choose new targets for the copy.", _ctx())
    with pytest.raises(_GapError):
        _effects("Copy target chant spell.", _ctx())
    blade = imported["CMB-019"]
    assert blade.card is not None and any("Copy this spell X times" in u for u in blade.card.unsupported)
