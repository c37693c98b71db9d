"""One digest of seeded random legal games: every event, and every ``legal_actions`` answer of
both players at every decision (in order, with the parameterised choices), and each game's final
state dump.

Performance work on an engine must leave games byte-identical: run this on the base commit and
on the changed tree and compare the last line (the same seeds, the same decks)::

    .venv/bin/python scripts/playout_digest.py                 # FoW-5.5 (both variants) and FoW-5.01
    .venv/bin/python scripts/playout_digest.py --games 12 --decisions 400 GCG-1.00 LL-2.04

On a base commit without this file, run it from the changed tree with ``PYTHONPATH`` set to the
base tree's root (the script imports only ``domain`` and ``service``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from domain.kernel import Command, GameSpec, PlayerSpec, Rejection
from domain.rulesets import get_engine
from service.catalog import CardCatalogs

SETUPS: dict[str, list[tuple[str, tuple[str, str], frozenset[str]]]] = {
    "FoW-5.5": [
        ("valhalla", ("fire-starter", "water-starter"), frozenset({"Pass"})),
        ("bifrost", ("water-starter", "fire-starter"), frozenset({"Pass"})),
    ],
    "FoW-5.01": [("valhalla", ("fire-starter-5-01", "water-starter-5-01"), frozenset({"Pass"}))],
    "GCG-1.00": [("standard", ("red_rampage", "blue_bulwark"), frozenset({"EndMainPhase"}))],
    "LL-2.04": [
        (
            "standard",
            ("monolium_starlight", "septpia_tides"),
            frozenset({"EndMainPhase", "EndAttacks", "PassLogic", "DeclineIntercept", "SkipLevel"}),
        )
    ],
}


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr).encode()


def _command(c: Command) -> Any:
    choice = c.choice
    among = None if choice is None else [choice.arg, list(choice.candidates), choice.min_count, choice.max_count]
    return [c.to_dict(), among if choice is None else [*among, choice.rule, list(choice.constraints)]]


def play(ruleset: str, variant: str, decks: tuple[str, str], quiet: frozenset[str], seed: int, decisions: int) -> str:
    """The digest of one game: ``decisions`` random legal decisions at most."""
    h = hashlib.sha256()
    engine = get_engine(ruleset)
    cats = CardCatalogs()
    never = {"automatic_cards_in_hand": "never"}  # not asked about automatic cards in hand (FoW-5.5 9.6 p2)
    players = [
        PlayerSpec(p, p, {**cats.starter_deck(ruleset, d), **never}) for p, d in zip(("p1", "p2"), decks, strict=True)
    ]
    events = engine.start(GameSpec(f"g{seed}", ruleset, variant, players, seed), cats.cards(ruleset))
    assert not isinstance(events, Rejection), events
    state = engine.initial_state()
    for e in events:
        h.update(_dump(e.to_dict()))
        state = engine.evolve(state, e)
    rng = random.Random(seed)
    for n in range(decisions):
        if state.finished:
            break
        answers = {p: engine.legal_actions(state, p) for p in ("p1", "p2")}
        h.update(_dump({p: [_command(c) for c in cs] for p, cs in answers.items()}))
        legal = [c for c in answers[state.pending.player] if c.type != "Concede"]
        active = [c for c in legal if c.type not in quiet]
        choice = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        if choice.choice is not None:
            among = choice.choice
            picked = among.complete(choice, rng.sample(among.candidates, rng.randint(among.min_count, among.max_count)))
            choice = picked if not isinstance(engine.decide(state, picked), Rejection) else choice
        result = engine.decide(state, Command(choice.type, choice.player, choice.args, id=f"c{n + 1}"))
        assert not isinstance(result, Rejection), (choice, result)
        for e in result:
            h.update(_dump(e.to_dict()))
            state = engine.evolve(state, e)
    h.update(_dump(engine.state_to_dict(state)))
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=["FoW-5.5", "FoW-5.01"])
    parser.add_argument("--games", type=int, default=6, help="seeds 1..N per setup")
    parser.add_argument("--decisions", type=int, default=300, help="decisions per game at most")
    args = parser.parse_args()
    total = hashlib.sha256()
    for ruleset in args.rulesets:
        for variant, decks, quiet in SETUPS[ruleset]:
            for seed in range(1, args.games + 1):
                digest = play(ruleset, variant, decks, quiet, seed, args.decisions)
                print(f"{ruleset} {variant} seed {seed}: {digest}", flush=True)
                total.update(digest.encode())
    print(f"all: {total.hexdigest()}")


if __name__ == "__main__":
    main()
