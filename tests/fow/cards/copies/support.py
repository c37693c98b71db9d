"""The real cards of the copy stories (``tests/fow/cards/copies``), from outside the Grimm/Alice
clusters the card story deck is made of, in the form the importer gives them."""

from __future__ import annotations

from typing import Any

from tests.fow.cards.import_support import imported_database

FAYLI = "ABC-RG-016"
"""Fayli, Genius Rip-Off Artist: "{R}, {Rest}: Put a token copy of another target resonator you control into
the field. At the next end of turn >>> That token's controller banishes it." (its ≪Will of Hope≫ unsupported)."""
LAPIS = "LEL-038"
"""Shadow of Lapis: "Banish this card: Put a token copy of target resonator token you control into your field."."""
AYU = "TSW-074"
"""Rebellious Soul, Ayu: [Flying]; "This card gains "{Rest}: This card becomes a copy of target J-Ruler your
opponent controls, except it doesn't become a J-Ruler and it's still a resonator." as long as your J-Ruler is
"Ayu, Lunar Swordswoman" or "Ayu, Shaman Swordswoman"."."""
AYU_RULER = "ADK-060"
"""Ayu, Lunar Swordswoman, a ruler whose J-ruler side is ADK-060J, Ayu, Shaman Swordswoman (1000/1000,
[Imperishable])."""


def real_cards(*ids: str) -> dict[str, dict[str, Any]]:
    """The imported real cards ``ids`` (with the J-ruler side of a ruler), to add to a story's catalog."""
    db = imported_database()
    out: dict[str, dict[str, Any]] = {}
    for cid in ids:
        card = db[cid].card
        assert card is not None
        out[cid] = card.model_dump(mode="json", by_alias=True, exclude_unset=True)
        if card.judgment is not None:
            out.update(real_cards(card.judgment.j_ruler))
    return out
