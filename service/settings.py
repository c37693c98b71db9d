"""Settings, read once from the environment (``ADJUDICATOR_*``).

==============================  =============================================================
variable                        meaning (default)
==============================  =============================================================
``ADJUDICATOR_STORE``           ``sqlite`` (default), ``postgres`` or ``memory``
``ADJUDICATOR_SQLITE_PATH``     SQLite file (``./data/adjudicator.db``)
``ADJUDICATOR_PG_HOST``         PostgreSQL host (``127.0.0.1``)
``ADJUDICATOR_PG_PORT``         port (``5432``)
``ADJUDICATOR_PG_USER``         role (``postgres``)
``ADJUDICATOR_PG_PASSWORD``     password (empty: trust auth)
``ADJUDICATOR_PG_DBNAME``       database (``postgres``)
``ADJUDICATOR_PG_SCHEMA``       schema, which must exist (none: ``public``)
``ADJUDICATOR_SNAPSHOT_INTERVAL``  snapshot every N events of a game (``100``)
``ADJUDICATOR_CARD_CATALOG``    extra card catalog JSON merged over the built-in ones (none)
``ADJUDICATOR_CREATE_TABLES``   ``true`` (default): create missing PostgreSQL tables at start-up;
                                ``false`` for API replicas when a migration job creates them
                                (``python -m service.worker migrate`` always creates them).
                                SQLite files always get their tables.
``ADJUDICATOR_TOKEN_LIFETIME_SECONDS``  a player token expires this long after it was issued
                                (``86400``: one day); a judge can reissue it
``ADJUDICATOR_ALLOW_CLIENT_SEED``  ``false`` (default): a ``seed`` in ``POST /games`` or
                                ``POST /games/reconstruct`` is refused; ``true`` (tests,
                                reconstruction) creates such games at once, marked
                                ``client_seeded`` everywhere (docs/randomness.md)
``ADJUDICATOR_ENTROPY_DEADLINE_SECONDS``  how long after creation a game waits for its
                                players' entropy before one who contributed, or a judge,
                                may deal without the rest (``300``)
``ADJUDICATOR_ENV``             ``development`` (default) or ``production``
``ADJUDICATOR_JUDGE_TOKEN``     the judge/admin bearer token; generated per process in
                                development, required (>= 32 chars, not a placeholder) in
                                production
``ADJUDICATOR_CHAIN_KEYS``      the keys of the tamper-evident chain, receipts and snapshot
                                MACs (docs/integrity.md): ``kid1:secret1,kid0:secret0``; the
                                first signs, the others only verify (key rotation).  In
                                development, when unset: a key generated once per SQLite
                                file and kept beside it (``<db>.chain-key``, mode 0600), or
                                one per process for the memory store and PostgreSQL.
                                Required in production (secrets >= 32 characters).
``ADJUDICATOR_MAX_STREAMS``     concurrent ``GET /games/{id}/stream`` per process (``16``); one
                                more answers 503 ``stream/too_many`` (docs/streaming.md)
``ADJUDICATOR_STREAM_HEARTBEAT_SECONDS``  a heartbeat comment on an idle stream this often
                                (``15``)
``ADJUDICATOR_REQUIRE_API_KEY``  creating a game needs a platform API key
                                (docs/platform-accounts.md): default ``true`` when
                                ``ADJUDICATOR_ENV=production``, ``false`` in development
                                ("open mode": logged loudly, and ``/ready`` says
                                ``"open_mode": true``)
``ADJUDICATOR_PLATFORM_RATE``   requests per second per platform key, in each process
                                (``20``; ``0``: unlimited); a key may set its own
``ADJUDICATOR_PLATFORM_BURST``  the burst a key may spend at once (``40``)
``ADJUDICATOR_PLATFORM_DAILY_GAMES``  games a key may create per UTC day, counted in the
                                store (``1000``; ``0``: unlimited); a key may set its own
``ADJUDICATOR_HEAD_WITNESS``    a file outside the database where each process appends the
                                receipts it signs, read back at start-up so truncation of
                                the store is found after restarts too (none: off)
==============================  =============================================================

The event store is configured only from these settings (:meth:`Settings.eventsourcing_env`);
the application ignores eventsourcing's own variables in the process environment.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal, cast, get_args

__all__ = [
    "KNOWN_DEFAULT_TOKENS",
    "MIN_CHAIN_SECRET_LENGTH",
    "MIN_JUDGE_TOKEN_LENGTH",
    "Settings",
    "SettingsError",
    "parse_chain_keys",
]

Store = Literal["memory", "sqlite", "postgres"]
Env = Literal["development", "production"]

MIN_JUDGE_TOKEN_LENGTH = 32
KNOWN_DEFAULT_TOKENS = frozenset(
    {
        "change-me-to-a-long-random-secret",
        "replace-with-a-long-random-judge-token",
        "your-judge-token-goes-here-please-change",
        "00000000000000000000000000000000",
        "0123456789abcdef0123456789abcdef",
    }
)
"""Placeholders that must never guard a production deployment."""
MIN_CHAIN_SECRET_LENGTH = 32
KID_PATTERN = re.compile(r"[A-Za-z0-9_.-]{1,32}")


class SettingsError(ValueError):
    """A setting is missing or invalid; the message names the variable."""


@cache
def _development_judge_token() -> str:
    """One random judge token per process, so every Settings of the process agrees."""
    return secrets.token_urlsafe(32)


@cache
def _development_chain_secret() -> str:
    """One random chain key per process (memory store, PostgreSQL in development)."""
    return secrets.token_urlsafe(32)


def parse_chain_keys(value: str, production: bool = False) -> list[tuple[str, str]]:
    """``kid1:secret1,kid0:secret0`` as ``[(kid, secret), ...]`` (signing key first).
    Raises ``SettingsError`` naming the variable."""
    keys: list[tuple[str, str]] = []
    for n, part in enumerate(value.split(","), start=1):
        kid, sep, secret = part.strip().partition(":")
        if not sep or not KID_PATTERN.fullmatch(kid) or not secret:
            raise SettingsError(
                f"ADJUDICATOR_CHAIN_KEYS entry {n} must be <kid>:<secret> with a kid matching {KID_PATTERN.pattern}"
            )
        if any(kid == k for k, _ in keys):
            raise SettingsError(f"ADJUDICATOR_CHAIN_KEYS names the key id {kid!r} twice")
        if production and (len(secret) < MIN_CHAIN_SECRET_LENGTH or secret in KNOWN_DEFAULT_TOKENS):
            raise SettingsError(
                f"ADJUDICATOR_CHAIN_KEYS key {kid!r} is too weak for production "
                f"(at least {MIN_CHAIN_SECRET_LENGTH} random characters, not a placeholder)"
            )
        keys.append((kid, secret))
    return keys


@dataclass(frozen=True, slots=True)
class Settings:
    store: Store = "sqlite"
    sqlite_path: Path = Path("data/adjudicator.db")
    pg_host: str = "127.0.0.1"
    pg_port: int = 5432
    pg_user: str = "postgres"
    pg_password: str = field(default="", repr=False)
    pg_dbname: str = "postgres"
    pg_schema: str | None = None
    snapshot_interval: int = 100
    card_catalog: Path | None = None
    create_tables: bool = True
    token_lifetime_seconds: int = 86400
    allow_client_seed: bool = False
    entropy_deadline_seconds: int = 300
    env: Env = "development"
    judge_token: str = field(default_factory=_development_judge_token, repr=False)
    chain_keys: str = field(default="", repr=False)
    """``ADJUDICATOR_CHAIN_KEYS``; empty: a development key (:meth:`chain_key_list`)."""
    head_witness: Path | None = None
    max_streams: int = 16
    stream_heartbeat_seconds: int = 15
    require_api_key: bool | None = None
    """``None``: required in production only (:attr:`api_key_required`)."""
    platform_rate: float = 20.0
    platform_burst: int = 40
    platform_daily_games: int = 1000
    gc_freeze: bool = True
    """``ADJUDICATOR_GC_FREEZE``: at start-up the API process freezes what it has loaded
    out of the garbage collector's way (:meth:`GameService.prepare_for_serving`)."""
    gc_full_threshold: int = 1000
    """``ADJUDICATOR_GC_FULL_THRESHOLD``: the API process runs a full garbage collection after
    this many collections of the middle generation (CPython's third threshold; its default is
    10).  Each full collection scans every cached game and pauses the commands in flight for
    100-350 ms (python -m bench bench_live), so the API spaces them out."""

    def __post_init__(self) -> None:
        if self.snapshot_interval < 1:
            raise SettingsError(f"ADJUDICATOR_SNAPSHOT_INTERVAL must be >= 1, got {self.snapshot_interval}")
        if self.token_lifetime_seconds < 1:
            raise SettingsError(
                f"ADJUDICATOR_TOKEN_LIFETIME_SECONDS must be >= 1 (seconds), got {self.token_lifetime_seconds}"
            )
        if self.entropy_deadline_seconds < 0:
            raise SettingsError(
                f"ADJUDICATOR_ENTROPY_DEADLINE_SECONDS must be >= 0 (seconds), got {self.entropy_deadline_seconds}"
            )
        if self.max_streams < 0:
            raise SettingsError(f"ADJUDICATOR_MAX_STREAMS must be >= 0, got {self.max_streams}")
        if self.stream_heartbeat_seconds < 1:
            raise SettingsError(
                f"ADJUDICATOR_STREAM_HEARTBEAT_SECONDS must be >= 1 (seconds), got {self.stream_heartbeat_seconds}"
            )
        if self.platform_rate < 0 or self.platform_burst < 1 or self.platform_daily_games < 0:
            raise SettingsError(
                "ADJUDICATOR_PLATFORM_RATE and ADJUDICATOR_PLATFORM_DAILY_GAMES must be >= 0 "
                "and ADJUDICATOR_PLATFORM_BURST >= 1"
            )
        if self.gc_full_threshold < 1:
            raise SettingsError(f"ADJUDICATOR_GC_FULL_THRESHOLD must be >= 1, got {self.gc_full_threshold}")
        if self.env == "production":
            _check_production_token("" if self.judge_token_generated else self.judge_token)
            if not self.chain_keys:
                raise SettingsError("ADJUDICATOR_CHAIN_KEYS must be set when ADJUDICATOR_ENV=production")
        if self.chain_keys:
            parse_chain_keys(self.chain_keys, production=self.env == "production")

    def chain_key_list(self) -> list[tuple[str, str]]:
        """The chain keys, signing key first.  In development without
        ``ADJUDICATOR_CHAIN_KEYS``: a key generated for the SQLite file and kept beside it
        (created here, mode 0600), or one per process for the other stores."""
        if self.chain_keys:
            return parse_chain_keys(self.chain_keys, production=self.env == "production")
        if self.store != "sqlite":
            return [("dev", _development_chain_secret())]
        return [_sqlite_chain_key(self.sqlite_path)]

    @property
    def api_key_required(self) -> bool:
        """Whether ``POST /games`` needs a platform API key (off: "open mode")."""
        return self.env == "production" if self.require_api_key is None else self.require_api_key

    @property
    def judge_token_generated(self) -> bool:
        """True when the judge token was generated for this process (development only)."""
        return self.judge_token == _development_judge_token()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read ``ADJUDICATOR_*`` from ``environ`` (default: ``os.environ``)."""
        e = os.environ if environ is None else environ

        def get(name: str, default: str = "") -> str:
            return e.get(f"ADJUDICATOR_{name}", "").strip() or default

        catalog = get("CARD_CATALOG")
        return cls(
            store=cast(Store, _choice("ADJUDICATOR_STORE", get("STORE", "sqlite"), get_args(Store))),
            sqlite_path=Path(get("SQLITE_PATH", "./data/adjudicator.db")),
            pg_host=get("PG_HOST", "127.0.0.1"),
            pg_port=_integer("ADJUDICATOR_PG_PORT", get("PG_PORT", "5432")),
            pg_user=get("PG_USER", "postgres"),
            pg_password=e.get("ADJUDICATOR_PG_PASSWORD", ""),
            pg_dbname=get("PG_DBNAME", "postgres"),
            pg_schema=get("PG_SCHEMA") or None,
            snapshot_interval=_integer("ADJUDICATOR_SNAPSHOT_INTERVAL", get("SNAPSHOT_INTERVAL", "100")),
            card_catalog=Path(catalog) if catalog else None,
            create_tables=_boolean("ADJUDICATOR_CREATE_TABLES", get("CREATE_TABLES", "true")),
            token_lifetime_seconds=_integer(
                "ADJUDICATOR_TOKEN_LIFETIME_SECONDS", get("TOKEN_LIFETIME_SECONDS", "86400")
            ),
            allow_client_seed=_boolean("ADJUDICATOR_ALLOW_CLIENT_SEED", get("ALLOW_CLIENT_SEED", "false")),
            entropy_deadline_seconds=_integer(
                "ADJUDICATOR_ENTROPY_DEADLINE_SECONDS", get("ENTROPY_DEADLINE_SECONDS", "300")
            ),
            env=cast(Env, _choice("ADJUDICATOR_ENV", get("ENV", "development"), get_args(Env))),
            judge_token=e.get("ADJUDICATOR_JUDGE_TOKEN") or _development_judge_token(),
            chain_keys=get("CHAIN_KEYS"),
            head_witness=Path(witness) if (witness := get("HEAD_WITNESS")) else None,
            max_streams=_integer("ADJUDICATOR_MAX_STREAMS", get("MAX_STREAMS", "16")),
            stream_heartbeat_seconds=_integer(
                "ADJUDICATOR_STREAM_HEARTBEAT_SECONDS", get("STREAM_HEARTBEAT_SECONDS", "15")
            ),
            require_api_key=(
                _boolean("ADJUDICATOR_REQUIRE_API_KEY", required) if (required := get("REQUIRE_API_KEY")) else None
            ),
            platform_rate=_number("ADJUDICATOR_PLATFORM_RATE", get("PLATFORM_RATE", "20")),
            platform_burst=_integer("ADJUDICATOR_PLATFORM_BURST", get("PLATFORM_BURST", "40")),
            platform_daily_games=_integer("ADJUDICATOR_PLATFORM_DAILY_GAMES", get("PLATFORM_DAILY_GAMES", "1000")),
            gc_freeze=_boolean("ADJUDICATOR_GC_FREEZE", get("GC_FREEZE", "true")),
            gc_full_threshold=_integer("ADJUDICATOR_GC_FULL_THRESHOLD", get("GC_FULL_THRESHOLD", "1000")),
        )

    def eventsourcing_env(self) -> dict[str, str]:
        """The eventsourcing configuration for these settings (creates no files)."""
        base = {"IS_SNAPSHOTTING_ENABLED": "y"}
        if self.store == "memory":
            return {**base, "PERSISTENCE_MODULE": "eventsourcing.popo"}
        if self.store == "sqlite":
            return {**base, "PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(self.sqlite_path)}
        return {
            **base,
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_HOST": self.pg_host,
            "POSTGRES_PORT": str(self.pg_port),
            "POSTGRES_USER": self.pg_user,
            "POSTGRES_PASSWORD": self.pg_password,
            "POSTGRES_DBNAME": self.pg_dbname,
            "POSTGRES_SCHEMA": self.pg_schema or "",
            "CREATE_TABLE": "y" if self.create_tables else "n",
        }


def _sqlite_chain_key(db: Path) -> tuple[str, str]:
    """The development key of a SQLite file, kept in ``<db>.chain-key`` (``kid:secret``,
    mode 0600; generated on first use, so it survives restarts)."""
    path = db.with_name(db.name + ".chain-key")
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = f"dev-{secrets.token_hex(4)}:{secrets.token_urlsafe(32)}"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process made it first
            text = path.read_text(encoding="ascii").strip()
        else:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(text + "\n")
    keys = parse_chain_keys(text)
    return keys[0]


def _check_production_token(token: str) -> None:
    if not token:
        raise SettingsError("ADJUDICATOR_JUDGE_TOKEN must be set when ADJUDICATOR_ENV=production")
    if len(token) < MIN_JUDGE_TOKEN_LENGTH:
        raise SettingsError(
            f"ADJUDICATOR_JUDGE_TOKEN is too short for production ({len(token)} characters; "
            f"at least {MIN_JUDGE_TOKEN_LENGTH})"
        )
    if token in KNOWN_DEFAULT_TOKENS:
        raise SettingsError("ADJUDICATOR_JUDGE_TOKEN is a published placeholder; generate a random secret")


def _choice(name: str, value: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise SettingsError(f"{name} must be one of {', '.join(options)}; got {value!r}")
    return value


_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")


def _boolean(name: str, value: str) -> bool:
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise SettingsError(f"{name} must be true or false; got {value!r}")


def _integer(name: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise SettingsError(f"{name} must be an integer; got {value!r}") from None


def _number(name: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise SettingsError(f"{name} must be a number; got {value!r}") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise SettingsError(f"{name} must be a finite number; got {value!r}")
    return number
