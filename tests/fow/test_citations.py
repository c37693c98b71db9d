"""Every rule the Force of Will engine cites resolves to the official text (FoW-5.5)."""

from __future__ import annotations

import re
from pathlib import Path

from service.rules import load_rules_library
from tests.fow.test_properties import play_randomly

DOMAIN = Path(__file__).resolve().parent.parent.parent / "domain" / "fow"
CITED = re.compile(r'"(\d+(?:\.\d+)?(?: p\d+(?:\.\d+)?)?)"')


def test_every_rule_literal_in_the_engine_resolves() -> None:
    library = load_rules_library()
    found = 0
    for path in sorted(DOMAIN.glob("*.py")):
        for lineno, line in enumerate(path.read_text().splitlines(), start=1):
            for ref in CITED.findall(line):
                if " p" not in ref and "rule" not in line and "cite" not in line:
                    continue  # a bare number such as "1" that is not a citation
                found += 1
                entry = library.resolve(f"FoW-5.5 {ref}")
                assert entry.text.strip(), f"{path.name}:{lineno}: FoW-5.5 {ref} has no text"
    assert found > 150  # the scan really saw the engine's citations


def test_every_citation_in_a_played_game_resolves_to_text() -> None:
    library = load_rules_library()
    _, events = play_randomly(21, "valhalla")
    cited = {e.rule for e in events}
    assert len(cited) > 40
    for citation in cited:
        assert library.resolve(citation).text.strip(), citation


def test_key_citations_point_at_the_right_paragraph() -> None:
    """Spot checks that paragraph numbers mean what the engine says they mean."""
    library = load_rules_library()
    expectations = {
        "FoW-5.5 4.2 p2": "4,000",
        "FoW-5.5 5.1 p3": "doesn't draw",
        "FoW-5.5 5.2 p1": "skip the recovery phase",
        "FoW-5.5 5.4 p5.4": "maximum hand size",
        "FoW-5.5 6.4 p1.2": "consecutive pass",
        "FoW-5.5 7.9 p5": "same turn",
        "FoW-5.5 7.10 p1": "1000",
        "FoW-5.5 7.12 p2": "may not pass",
        "FoW-5.5 8.2 p6": "may not initiate battle again",
        "FoW-5.5 8.5 p3": "deals damage equal to its ATK to the attacking",
        "FoW-5.5 9.7 p3": "don't use the chase area",
        "FoW-5.5 10.2 p4": "cannot pay them all",
        "FoW-5.5 13.2 p1": "DEF",
        "FoW-5.5 13.3 p1": "graveyard",
        "FoW-5.5 3.15 p5": "magic stone card",
    }
    for citation, phrase in expectations.items():
        assert phrase in library.resolve(citation).text, citation
