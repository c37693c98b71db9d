"""Cards and abilities are copied into events (``AbilityTriggered`` carries its ability), so
the fields the official-card-list vocabulary added must not show up in the events of games
that never use them: an audit of a GCG log recorded before they existed re-adjudicates it
to the same events (docs/verifiable-adjudication.md)."""

from __future__ import annotations

from domain.gcg.actions import ability_json
from domain.gcg.cards import Ability, Card, Filter, effect_to_json

LATER = {"condition", "colors", "min_zone", "max_zone", "unsupported"}


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_an_ability_without_the_new_fields_dumps_as_before() -> None:
    ability = Ability.model_validate(
        {
            "kind": "auto",
            "trigger": "placed",
            "effects": [{"op": "search", "count": 1, "filter": {"area": "deck", "types": ["battle"], "max_rank": 2}}],
        }
    )
    dumped = ability_json(ability)
    assert _keys(dumped) & LATER == set()
    assert dumped["effects"][0]["filter"]["max_rank"] == 2


def test_the_new_fields_are_dumped_when_used() -> None:
    ability = Ability.model_validate(
        {
            "kind": "auto",
            "trigger": "placed",
            "effects": [
                {
                    "op": "draw",
                    "count": 1,
                    "condition": {"kind": "self_zone", "min": 8, "max": 8},
                }
            ],
        }
    )
    effect = effect_to_json(ability.effects[0])
    assert effect["condition"] == {
        "kind": "self_zone",
        "who": "you",
        "min": 8,
        "max": 8,
        "filter": effect["condition"]["filter"],
    }
    assert Filter(colors=["red"], min_zone=6).model_dump(mode="json")["colors"] == ["red"]
    assert "min_zone" in Filter(min_zone=6).model_dump(mode="json")
    card = Card.model_validate(
        {
            "id": "X-1",
            "name": "X",
            "type": "battle",
            "color": "red",
            "rank": 1,
            "counter": 1000,
            "unsupported": ["text"],
        }
    )
    assert card.model_dump(mode="json")["unsupported"] == ["text"]
