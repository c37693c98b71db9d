"""FoW 5.01 played as its own document: given/when/then tests under the FoW-5.01 ruleset, whose
bare rule numbers (``8.5 p3``) are 5.01 numbers (scripts/rule_coverage.py)."""
