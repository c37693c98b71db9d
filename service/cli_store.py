"""The event store the ``adjudicator`` subcommands open, from the ``ADJUDICATOR_*``
environment (:meth:`Settings.from_env`), exactly as the API does.

A command that only reads a store (``timeline``, ``state``, ``export``, ``verify``...)
refuses to run when the configured SQLite file does not exist, naming the path and how to
point at a store, rather than create an empty store there and answer "no game".
"""

from __future__ import annotations

import os

from service.settings import Settings, SettingsError

__all__ = ["MissingStoreError", "store_settings"]


class MissingStoreError(SettingsError):
    """The SQLite file a reading command was pointed at does not exist."""


def store_settings(*, create: bool = False) -> Settings:
    """The settings of the store to open; unless ``create``, the SQLite file must exist
    (raises :class:`MissingStoreError`, and creates nothing)."""
    settings = Settings.from_env()
    if create or settings.store != "sqlite" or settings.sqlite_path.is_file():
        return settings
    path = settings.sqlite_path
    where = (
        "ADJUDICATOR_SQLITE_PATH names it"
        if os.environ.get("ADJUDICATOR_SQLITE_PATH", "").strip()
        else "the default, ./data/adjudicator.db, as ADJUDICATOR_SQLITE_PATH is not set"
    )
    raise MissingStoreError(
        f"no event store at {path} ({path.absolute()}; {where}); nothing was created. "
        "Run the command where the store is, or point at it with ADJUDICATOR_SQLITE_PATH=/path/to/adjudicator.db "
        "(or ADJUDICATOR_STORE=postgres and ADJUDICATOR_PG_*)"
    )
