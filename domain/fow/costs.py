"""The costs of [Activate] abilities beyond will (FoW-5.5 9.3 p2.5): moved to
:mod:`domain.fow.actions.costs`, which pays them with the moves and trigger checks of
:mod:`domain.fow.actions`; this module re-exports its names for their existing importers."""

from domain.fow.actions.costs import (
    COST_RULE,
    MAX_COST_COMBOS,
    can_pay_without_choice,
    cost_card_options,
    cost_choices,
    counter_choice_needed,
    counter_plan,
    counter_supply,
    has_extra_costs,
    pay_extra_costs,
)

__all__ = [
    "COST_RULE",
    "MAX_COST_COMBOS",
    "can_pay_without_choice",
    "cost_card_options",
    "cost_choices",
    "counter_choice_needed",
    "counter_plan",
    "counter_supply",
    "has_extra_costs",
    "pay_extra_costs",
]
