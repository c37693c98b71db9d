"""Every citation the engines emit in seeded random games resolves to rules text, in every
ruleset (FoW-5.5 Valhalla and Bifrost, FoW-5.01, GCG-1.00, LL-2.04): the rules of the events
recorded and of every refusal ``decide`` gives to the commands tried along the way (the listed
commands and the candidates of ``test_legal_actions_agree``), and the rules the rejection table
(``rejection_rows``) expects.  The per-ruleset ``test_citations`` files check the rule literals
in the source and the events of played games; this adds the refusals and the variants."""

from __future__ import annotations

import random

import pytest

from domain.kernel import Command, Rejection
from service.rules import RulesLibrary, load_rules_library
from tests.kernel.rejection_rows import ROWS
from tests.kernel.test_legal_actions_agree import PLAYERS, RULESETS

SEEDS = (3, 11)
STEPS = 40


@pytest.fixture(scope="module")
def library() -> RulesLibrary:
    return load_rules_library()


def cited_in_a_random_game(name: str, seed: int) -> tuple[set[str], set[str]]:
    """The rules of the events of a seeded random game of ``name`` and of the refusals met."""
    rs = RULESETS[name]
    state, events = rs.start(seed)
    by_events = {e.rule for e in events}
    by_refusals: set[str] = set()
    rng = random.Random(seed)
    for n in range(STEPS):
        if state.finished:
            break
        acting: list[Command] = []
        for player in PLAYERS:
            legal = rs.engine.legal_actions(state, player)
            if state.pending is not None and state.pending.player == player:
                acting = [c for c in legal if c.type != "Concede"]
            for c in [*legal, *rs.candidates(state, player)]:
                answer = rs.engine.decide(state, c)
                if isinstance(answer, Rejection):
                    by_refusals.add(answer.rule)
                else:
                    by_events |= {e.rule for e in answer}
        pick = rng.choice(acting)
        answer = rs.engine.decide(state, Command(pick.type, pick.player, pick.args, id=f"c{n}"))
        assert not isinstance(answer, Rejection)
        state = state.clone()
        for e in answer:
            rs.engine.apply_event(state, e)
    return by_events, by_refusals


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_citation_of_a_random_game_and_its_refusals_resolves_to_text(library: RulesLibrary, name: str) -> None:
    events: set[str] = set()
    refusals: set[str] = set()
    for seed in SEEDS:
        e, r = cited_in_a_random_game(name, seed)
        events, refusals = events | e, refusals | r
    assert len(events) > 15 and len(refusals) > 3  # the games really cited rules
    for citation in sorted(events | refusals):
        assert library.resolve(citation).text.strip(), citation


def test_every_citation_the_rejection_table_expects_resolves_to_text(library: RulesLibrary) -> None:
    for rows in ROWS.values():
        for row in rows:
            if row.rule:
                assert library.resolve(row.rule).text.strip(), f"{row.code}: {row.rule}"
