"""Keyed tamper evidence (docs/integrity.md): HMAC chain links, signed receipts, signed
snapshots and this process's memory of what it acknowledged.

* A **keyed link** is ``"hmac-sha256:<kid>:<hex>"``: the HMAC-SHA256, under the key
  ``kid``, of the previous link followed by the canonical JSON of the stored event's game,
  version, timestamp and fields (:func:`domain.audit.chain_link` covers the same fields
  without a key, timestamp or game: those are the **legacy** links of older stores, still
  verified, never written again).  Without the key a link cannot be recomputed, so a
  database writer cannot edit an event and re-link the chain.
* A **receipt** ``{game_id, version, head, kid, signature}`` is the server's signature of
  a game's head after an accepted command (or the creation); a platform keeps it, and
  :meth:`ChainKeys.check_receipt` plus the stored chain tell whether the store still holds
  that head at that version (``valid``), lost it (``truncated``) or holds another one
  (``rewritten``).
* A **snapshot MAC** covers a snapshot's whole state (which holds the chain head at its
  version), so a forged snapshot is refused on load.
* :class:`IntegrityMonitor` keeps what this process acknowledged per game (version and
  head) and the games found broken, so a game whose store fell behind or whose links do
  not verify refuses commands and every view says so.
"""

from __future__ import annotations

import hmac
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from hmac import compare_digest as _compare_digest  # bound once: MACs, not token comparisons
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.audit import CHAIN_METADATA, ChainReport, StoredLink, chain_link
from domain.jsonenc import json_encoder

__all__ = [
    "KEYED_PREFIX",
    "ChainKeys",
    "HeadWitness",
    "IntegrityMonitor",
    "LinkCheck",
    "Receipt",
    "ReceiptCheck",
    "is_keyed",
    "truncated_reason",
    "verify_keyed_links",
]

KEYED_PREFIX = "hmac-sha256:"
SNAPSHOT_MAC = "integrity_mac"
"""The snapshot state key holding the snapshot's MAC."""
ACKNOWLEDGED_GAMES = 65_536
"""Games whose last acknowledged head this process remembers (least recently written dropped)."""

_CANONICAL = json_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
_SNAPSHOT_JSON = json_encoder(separators=(",", ":"), ensure_ascii=False, default=str)


def is_keyed(link: str) -> bool:
    return link.startswith(KEYED_PREFIX)


def _covered(fields: Mapping[str, Any]) -> Mapping[str, Any]:
    if CHAIN_METADATA.isdisjoint(fields) and "class_version" not in fields:
        return fields
    return {k: v for k, v in fields.items() if k not in CHAIN_METADATA and k != "class_version"}


def _timestamp(ts: datetime | str) -> str:
    return ts if isinstance(ts, str) else ts.isoformat()


@dataclass(frozen=True, slots=True)
class Receipt:
    """The server's signature of a game's head: ``signature`` is the HMAC-SHA256 (key
    ``kid``) of ``"tcg-adjudicator/receipt/1\\n<game_id>\\n<version>\\n<head>"``."""

    game_id: str
    version: int
    head: str
    kid: str
    signature: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "version": self.version,
            "head": self.head,
            "kid": self.kid,
            "signature": self.signature,
        }


@dataclass(frozen=True, slots=True)
class ReceiptCheck:
    """``valid``, ``forged`` (the signature or key id does not verify), ``truncated`` (the
    store no longer has the receipt's version), ``rewritten`` (it holds another head at that
    version) or ``broken`` (the stored chain itself does not verify)."""

    status: str
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def is_valid(self) -> bool:
        return self.status == "valid"

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "reason": self.reason, "details": self.details}


@dataclass(frozen=True, slots=True)
class LinkCheck:
    """One link checked: ``ok``, whether it is a legacy (unkeyed) link, and why not ok."""

    ok: bool
    legacy: bool = False
    reason: str = ""


class ChainKeys:
    """The server's chain keys: the first signs, every one verifies.  Each key's bytes are
    kept once; a link is one ``hmac.digest`` call (OpenSSL, no per-call object)."""

    __slots__ = ("_keys", "_prefix", "kid")

    def __init__(self, keys: Iterable[tuple[str, str]]) -> None:
        pairs = [(kid, secret.encode()) for kid, secret in keys]
        if not pairs:
            raise ValueError("at least one chain key is needed")
        self.kid = pairs[0][0]
        self._keys: dict[str, bytes] = dict(pairs)
        self._prefix = f"{KEYED_PREFIX}{self.kid}:"

    @property
    def kids(self) -> list[str]:
        return list(self._keys)

    def _mac(self, kid: str, message: str) -> str | None:
        key = self._keys.get(kid)
        if key is None:
            return None
        return hmac.digest(key, message.encode(), "sha256").hex()

    # ------------------------------------------------------------------ chain links

    @staticmethod
    def message(previous: str, originator_id: UUID | str, version: int, timestamp: datetime | str, fields: Any) -> str:
        payload = {
            "game": str(originator_id),
            "version": version,
            "timestamp": _timestamp(timestamp),
            "fields": _covered(fields),
        }
        return previous + "\n" + _CANONICAL(payload)

    def link(
        self, previous: str, originator_id: UUID | str, version: int, timestamp: datetime | str, fields: Any
    ) -> str:
        """The keyed link of one stored event (signed with the signing key)."""
        message = self.message(previous, originator_id, version, timestamp, fields)
        return self._prefix + hmac.digest(self._keys[self.kid], message.encode(), "sha256").hex()

    def check_link(
        self,
        stored: str,
        previous: str,
        originator_id: UUID | str,
        version: int,
        timestamp: datetime | str,
        fields: Mapping[str, Any],
        after_keyed: bool,
    ) -> LinkCheck:
        """Whether ``stored`` is the link of this event after ``previous``.  A legacy
        (unkeyed) link is accepted only before the first keyed link (``after_keyed``
        false): after one it is a downgrade, which anyone could compute."""
        if is_keyed(stored):
            kid, _, mac = stored[len(KEYED_PREFIX) :].partition(":")
            expected = self._mac(kid, self.message(previous, originator_id, version, timestamp, fields))
            if expected is None:
                return LinkCheck(False, reason=f"stored event {version} is signed with an unknown key {kid!r}")
            if not _compare_digest(expected, mac):
                return LinkCheck(
                    False,
                    reason=f"stored event {version} does not match its signed link: "
                    "it was changed after it was recorded (or its timestamp was)",
                )
            return LinkCheck(True)
        if after_keyed:
            return LinkCheck(
                False,
                legacy=True,
                reason=f"stored event {version} has an unkeyed link after signed ones: its link was recomputed",
            )
        if chain_link(previous, version, fields) != stored:
            return LinkCheck(
                False,
                legacy=True,
                reason=f"stored event {version} does not match its chain hash: it was changed after it was recorded",
            )
        return LinkCheck(True, legacy=True)

    # ------------------------------------------------------------------ receipts

    @staticmethod
    def _receipt_message(game_id: str, version: int, head: str) -> str:
        return f"tcg-adjudicator/receipt/1\n{game_id}\n{version}\n{head}"

    def receipt(self, game_id: str, version: int, head: str) -> Receipt:
        signature = self._mac(self.kid, self._receipt_message(game_id, version, head))
        assert signature is not None
        return Receipt(game_id, version, head, self.kid, signature)

    def check_receipt_signature(self, receipt: Receipt) -> ReceiptCheck | None:
        """``None`` when the receipt was signed by one of these keys, else why not."""
        expected = self._mac(receipt.kid, self._receipt_message(receipt.game_id, receipt.version, receipt.head))
        if expected is None:
            return ReceiptCheck("forged", f"the receipt names an unknown key {receipt.kid!r}", {"kid": receipt.kid})
        if not _compare_digest(expected, receipt.signature):
            return ReceiptCheck("forged", "the receipt's signature does not verify: it was not issued by this server")
        return None

    # ------------------------------------------------------------------ seals

    def seal(self, purpose: str, *parts: str) -> str:
        """A keyed MAC of ``parts`` for ``purpose`` (e.g. a token reissue), ``hmac-sha256:<kid>:<hex>``."""
        mac = self._mac(self.kid, _CANONICAL(["tcg-adjudicator", purpose, *parts]))
        return f"{KEYED_PREFIX}{self.kid}:{mac}"

    def check_seal(self, seal: str, purpose: str, *parts: str) -> bool:
        if not is_keyed(seal):
            return False
        kid, _, mac = seal[len(KEYED_PREFIX) :].partition(":")
        expected = self._mac(kid, _CANONICAL(["tcg-adjudicator", purpose, *parts]))
        return expected is not None and _compare_digest(expected, mac)

    # ------------------------------------------------------------------ snapshots

    def _snapshot_message(self, originator_id: UUID | str, version: int, state: Mapping[str, Any]) -> str:
        """The JSON of the state in its own key order, one pass (a snapshot's state is large:
        about 1 ms for a 1,000-event FoW game, bench/RESULTS.md).  The store keeps a dict's
        key order through its JSON round trip, tuples come back as lists and non-string
        keys as strings, and datetimes and UUIDs as equal objects: all encode the same, so
        the state loaded gives the message the state taken gave."""
        body = {k: v for k, v in state.items() if k != SNAPSHOT_MAC}
        return f"tcg-adjudicator/snapshot/1\n{originator_id}\n{version}\n" + _SNAPSHOT_JSON(body)

    def sign_snapshot(self, originator_id: UUID | str, version: int, state: dict[str, Any]) -> None:
        """Add the snapshot's MAC to its ``state`` (in place)."""
        mac = self._mac(self.kid, self._snapshot_message(originator_id, version, state))
        state[SNAPSHOT_MAC] = f"{KEYED_PREFIX}{self.kid}:{mac}"

    def check_snapshot(self, originator_id: UUID | str, version: int, state: Mapping[str, Any]) -> str | None:
        """``None`` when the snapshot's MAC verifies, else why it does not (``"unsigned"``
        for a snapshot taken before snapshots were signed)."""
        stored = state.get(SNAPSHOT_MAC)
        if not isinstance(stored, str) or not is_keyed(stored):
            return "unsigned"
        kid, _, mac = stored[len(KEYED_PREFIX) :].partition(":")
        expected = self._mac(kid, self._snapshot_message(originator_id, version, state))
        if expected is None:
            return f"the snapshot at version {version} is signed with an unknown key {kid!r}"
        if not _compare_digest(expected, mac):
            return f"the snapshot at version {version} does not match its MAC: it was forged or edited"
        return None


def verify_keyed_links(keys: ChainKeys, originator_id: UUID | str, links: Iterable[StoredLink]) -> ChainReport:
    """:func:`domain.audit.verify_links` with keyed links: every keyed link is checked
    with its key, legacy (unkeyed) links only before the first keyed one.  ``intact``
    when the head is a keyed link (it authenticates everything before it), ``legacy`` when
    the chain verifies but its head is unkeyed (anyone could have recomputed it)."""
    previous = ""
    count = 0
    unchained = 0
    legacy = 0
    keyed = False
    for expected_version, link in enumerate(links, start=1):
        count += 1
        v = link.version

        def broken(reason: str, **details: Any) -> ChainReport:
            return ChainReport(
                "broken",
                count,  # noqa: B023
                previous,  # noqa: B023
                v,  # noqa: B023
                reason,
                unchained,  # noqa: B023
                {"version": v, **details},  # noqa: B023
                legacy=legacy,  # noqa: B023
            )

        if v != expected_version:
            return ChainReport(
                "broken",
                count,
                previous,
                expected_version,
                f"stored event {expected_version} is missing (event {v} is stored in its place)",
                unchained,
                {"version": expected_version, "found": v},
                legacy=legacy,
            )
        if link.fields is None:
            return broken(f"stored event {v} cannot be read: {link.error}")
        stored = link.fields.get("chain_hash")
        if not isinstance(stored, str):
            return broken(f"stored event {v} has no chain hash")
        seq = _seq_of(link.fields)
        if seq is not None and seq != v:
            return broken(f"stored event {v} holds the domain event with seq {seq}", seq=seq)
        if stored == "":
            if previous:
                return broken(f"stored event {v} has lost its chain hash")
            unchained += 1
            continue
        check = keys.check_link(
            stored, previous, originator_id, v, link.fields.get("timestamp", ""), link.fields, keyed
        )
        if not check.ok:
            return broken(check.reason, stored=stored)
        if check.legacy:
            legacy += 1
        else:
            keyed = True
        previous = stored
    if count and unchained == count:
        return ChainReport("unchained", count, previous, unchained=unchained)
    status = "intact" if is_keyed(previous) else "legacy"
    return ChainReport(status, count, previous, unchained=unchained, legacy=legacy)


def truncated_reason(stored: int, acked: tuple[int, str]) -> str:
    return (
        f"the store holds {stored} events but this process acknowledged version {acked[0]} "
        f"(head {acked[1]}): the last events were deleted or rolled back"
    )


def _seq_of(fields: Mapping[str, Any]) -> int | None:
    for key in ("event", "first_event"):
        e = fields.get(key)
        if isinstance(e, Mapping) and isinstance(e.get("seq"), int):
            return int(e["seq"])
    return None


class IntegrityMonitor:
    """What this process knows about each game's integrity: the games found broken (with
    the first broken event and why) and the highest version and head it acknowledged.
    Safe to share between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._broken: dict[UUID, dict[str, Any]] = {}
        self._acked: OrderedDict[UUID, tuple[int, str]] = OrderedDict()

    def broken(self, gid: UUID) -> dict[str, Any] | None:
        return self._broken.get(gid)

    def mark_broken(self, gid: UUID, broken_at: int | None, reason: str, **details: Any) -> None:
        """Keep the first finding per game (until the process restarts)."""
        with self._lock:
            if gid not in self._broken:
                self._broken[gid] = {"status": "broken", "broken_at": broken_at, "reason": reason, **details}

    def status(self, gid: UUID) -> dict[str, Any]:
        found = self._broken.get(gid)
        return dict(found) if found is not None else {"status": "intact", "broken_at": None, "reason": ""}

    def acknowledge(self, gid: UUID, version: int, head: str) -> None:
        with self._lock:
            current = self._acked.get(gid)
            if current is None or current[0] < version:
                self._acked[gid] = (version, head)
            self._acked.move_to_end(gid)
            if len(self._acked) > ACKNOWLEDGED_GAMES:
                self._acked.popitem(last=False)

    def acknowledged(self, gid: UUID) -> tuple[int, str] | None:
        return self._acked.get(gid)


class HeadWitness:
    """An append-only file of the receipts this process signed (``ADJUDICATOR_HEAD_WITNESS``),
    outside the database: one JSON receipt per line, appended and flushed (not fsynced) as
    each head is acknowledged, and read back at start-up into the
    :class:`IntegrityMonitor`, so a restarted process still knows the heads it
    acknowledged and finds a store that fell behind them.  Lines whose signature does not
    verify (edited or forged without the key) are skipped and counted."""

    def __init__(self, path: Path, keys: ChainKeys) -> None:
        self.path = path
        self.keys = keys
        self.skipped = 0
        """Lines read at start-up that were not receipts signed with these keys."""
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._file = os.fdopen(fd, "a", encoding="utf-8")

    def load_into(self, monitor: IntegrityMonitor, game_id: Callable[[str], UUID]) -> int:
        """Acknowledge in ``monitor`` every receipt of the file; returns how many."""
        loaded = 0
        with open(self.path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                    receipt = Receipt(
                        str(data["game_id"]), int(data["version"]), str(data["head"]), str(data["kid"]),
                        str(data["signature"]),
                    )  # fmt: skip
                except (ValueError, KeyError, TypeError):
                    self.skipped += 1
                    continue
                if self.keys.check_receipt_signature(receipt) is not None:
                    self.skipped += 1
                    continue
                monitor.acknowledge(game_id(receipt.game_id), receipt.version, receipt.head)
                loaded += 1
        return loaded

    def append(self, receipt: Receipt) -> None:
        line = _CANONICAL(receipt.to_dict()) + "\n"
        with self._lock:
            self._file.write(line)
            self._file.flush()

    def close(self) -> None:
        with self._lock:
            self._file.close()
