"""Filters matched against a card where it is, outside the characteristics (searches, looks,
prevention sources): what several mechanisms of :mod:`domain.fow.actions` share."""

from __future__ import annotations

from domain.fow import conditions
from domain.fow.cards import Card, Filter, Search
from domain.fow.characteristics import matches_negations_and_skills, names_of, stone_types_of, total_cost
from domain.fow.state import GameState


def _search_match(s: GameState, eff: Search, oid: str, you: str, source: str | None = None) -> bool:
    if eff.to == "field" and not eff.added_to_source and not _fits_field_alone(s, oid):
        return False  # a spell or an addition that needs a host cannot be put into the field so
    equal = eff.total_cost_equal_to  # "with total cost equal to the number of ..." (2.3)
    if equal is not None and total_cost(s.card_of(oid)) != conditions.count_of(s, equal, you, source):
        return False
    return _filter_match(s, eff.filter, oid) or (eff.and_or is not None and _filter_match(s, eff.and_or, oid))


def _fits_field_alone(s: GameState, oid: str) -> bool:
    """Whether an effect can put this card into a field by itself: no spell (3.15 p4), no
    addition that needs a card to be added to."""
    card = s.card_of(oid)
    return not (card.type == "spell" or (card.type == "addition" and card.subtype != "field"))


def _total_cost(s: GameState, oid: str | None) -> int | None:
    """The total cost of the card ``oid`` (its cost's will symbols, 0 without a cost, FoW-5.5 2.3 p5)."""
    if oid is None:
        return None
    card = s.card_of(oid)
    return card.cost.total if card.cost is not None else 0


def _filter_match(s: GameState, flt: Filter, oid: str) -> bool:
    """Whether the card ``oid`` in a hidden zone matches the characteristics of ``flt``."""
    if flt.any_of:  # "a Regalia or Knight of the Round Table"
        return any(_filter_match(s, sub, oid) for sub in flt.any_of)
    card: Card = s.card_of(oid)
    if flt.types and card.type not in flt.types:
        return False
    if flt.attributes and not set(flt.attributes) & set(card.attributes):
        return False
    if flt.races and not set(flt.races) & set(card.races):
        return False
    if flt.name is not None and flt.name not in names_of(s, oid):
        return False
    if not matches_negations_and_skills(s, flt, oid):
        return False
    if flt.stone_types and not set(flt.stone_types) & stone_types_of(s, oid):
        return False
    if flt.min_atk is not None and (card.atk is None or card.atk < flt.min_atk):  # printed, in a hidden zone
        return False
    return flt.max_total_cost is None or (card.cost is not None and card.cost.total <= flt.max_total_cost)
