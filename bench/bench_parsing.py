"""Reading the reference data: the rules texts and the public card database.

These used to be timed assertions inside the tests (a parse under 0.1 s, an import under
10 s), which measure the machine as much as the code and fail under load.  Here each is a
ratio against a baseline measured in the same run:

* parsing every comprehensive rules file into its numbered index vs merely splitting the
  same texts into lines (the least any parser must do);
* importing the whole Force of Will card database into the card vocabulary vs decoding
  the same database's JSON (what any importer must do first).
"""

from __future__ import annotations

import json
from pathlib import Path

from bench import Row, compare
from domain.fow.importer import import_cards
from domain.rules_text import parse_rules
from service.card_import import load_database
from service.rules import RULESET_FILES, default_rules_dir

CARD_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "carddata" / "force-of-will"
CARD_FILES = ("cards.json", "cardBatchImport.json")


def _rules_row() -> Row:
    rules_dir = default_rules_dir()
    texts = [(prefix, (rules_dir / name).read_text(encoding="utf-8")) for prefix, name in RULESET_FILES.items()]

    def parse_all() -> None:
        for prefix, text in texts:
            parse_rules(prefix, text)

    def split_all() -> None:
        for _, text in texts:
            text.splitlines()

    value, baseline = compare(parse_all, split_all, number=3, repeat=5)
    return Row(f"parse_rules x{len(texts)} rules files vs splitlines", value, baseline)


def _cards_row() -> Row:
    paths = [CARD_DIR / name for name in CARD_FILES]
    records = [r for p in paths for r in load_database(p)]
    raw = [p.read_text(encoding="utf-8") for p in paths]
    value, baseline = compare(
        lambda: import_cards(records), lambda: [json.loads(text) for text in raw], number=1, repeat=3
    )
    return Row(f"import_cards({len(records)} FoW cards) vs json.loads", value, baseline)


def run() -> list[Row]:
    return [_rules_row(), _cards_row()]
