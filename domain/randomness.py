"""Contributed randomness (docs/randomness.md): how a game's shuffle seed is derived from
the server's secret seed and the players' contributions, and the commitment the server
publishes before it sees them.  Pure: hashing only, no randomness is drawn here.

* ``server_seed``: 32 bytes the service draws at creation and keeps secret until the
  game ends.
* commitment: ``sha256(COMMITMENT_TAG || game_id || 0x00 || server_seed)``, published
  at creation (the 256-bit secret is its own nonce: it cannot be brute-forced, and the
  game id and tag bind it to one game and one purpose).
* seed: ``int.from_bytes(sha256(server_seed || e_1 || e_2 ...)[:8], "big")`` over the
  contributions of the players who contributed, in the game's player order (a player
  who withheld adds nothing; the log header says who withheld).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

__all__ = [
    "COMMITMENT_TAG",
    "MAX_ENTROPY_BYTES",
    "MIN_ENTROPY_BYTES",
    "SERVER_SEED_BYTES",
    "derive_seed",
    "entropy_problem",
    "server_seed_commitment",
]

COMMITMENT_TAG = b"tcg-adjudicator/server-seed-commitment/v1\x00"
SERVER_SEED_BYTES = 32
MIN_ENTROPY_BYTES = 16
MAX_ENTROPY_BYTES = 64
_HEX = re.compile(r"[0-9a-fA-F]*")


def server_seed_commitment(game_id: str, server_seed: bytes) -> str:
    """The commitment to ``server_seed`` published when the game is created (lowercase hex)."""
    return hashlib.sha256(COMMITMENT_TAG + game_id.encode() + b"\x00" + server_seed).hexdigest()


def derive_seed(server_seed: bytes, contributions: Sequence[bytes]) -> int:
    """The game's shuffle seed (an unsigned 64-bit int, what ``GameSpec.seed`` takes) from
    the server seed and the contributions given, in player order."""
    digest = hashlib.sha256(server_seed + b"".join(contributions)).digest()
    return int.from_bytes(digest[:8], "big")


def entropy_problem(value: object, *, size: int | None = None) -> str | None:
    """Why ``value`` is not valid hex of 16..64 bytes (or of exactly ``size`` bytes), or
    ``None``."""
    if not isinstance(value, str):
        return "must be a string of hexadecimal digits"
    if not _HEX.fullmatch(value) or len(value) % 2:
        return "must be hexadecimal digits, two per byte"
    n = len(value) // 2
    if size is not None:
        return None if n == size else f"must be {size} bytes ({2 * size} hex digits); got {n} bytes"
    if not MIN_ENTROPY_BYTES <= n <= MAX_ENTROPY_BYTES:
        return f"must be {MIN_ENTROPY_BYTES} to {MAX_ENTROPY_BYTES} bytes; got {n} bytes"
    return None
