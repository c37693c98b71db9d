"""Where the tests find the public Force of Will card database (Force-of-Wind/fowsim,
``cardDatabase/static/``, GNU AGPL-3.0; the card text belongs to its publisher).

A copy ships in ``tests/data/carddata/force-of-will`` (its README.md gives the source and
commit, LICENSE.md the licence), so a bare clone runs every test with nothing beside it;
``CARDDATA_DIR`` points the tests elsewhere.  It is test data only: the service plays with
the catalog generated from it, ``service/catalogs/fow/cards.json`` (``adjudicator cards catalog``)."""

from __future__ import annotations

import os
from pathlib import Path

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "data" / "carddata" / "force-of-will"
CARDDATA_DIR = Path(os.environ.get("CARDDATA_DIR") or SHIPPED_DIR)
"""The folder holding ``cards.json`` and ``cardBatchImport.json``."""
DEVELOPMENT_COPY = Path(__file__).resolve().parent.parent.parent.parent / "shared" / "carddata" / "force-of-will"
"""The development copy beside the repository (``../shared``), when there is one."""
