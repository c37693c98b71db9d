"""Card catalogs loaded at runtime by an operator (``POST /catalogs``), and the card listing.

A catalog is the JSON of an ``ADJUDICATOR_CARD_CATALOG`` file restricted to one game
system: ``{"system": "fow" | "gcg" | "ll", "cards": [{"id": ..., ...}, ...]}``.  Every card
is checked by that system's own card parser (``domain.<system>.cards.parse_card``); every
bad card is named with its problem in one :class:`CatalogRejectedError`.

A catalog is identified by ``catalog_hash``: the sha256 of its canonical JSON (sorted keys,
no spaces, the cards sorted by id), so the same cards give the same hash wherever they
are loaded.  Each one is one :class:`Catalog` aggregate (a stream of its own, id from the
hash, like :mod:`service.credentials`); a single :class:`CatalogRegistry` stream lists
them in the order they were loaded and numbers them per system (``version``).  Both are
in the event store, so a catalog survives a restart and every process sees it.

A game created with ``catalog=<hash>`` plays the catalog's cards merged over the built-in
cards of its system (card by card, like ``ADJUDICATOR_CARD_CATALOG``), and pins the hash in
its setup (``catalog_hash``) together with the hash of every card it uses (``card_hashes``):
the replay log carries both and the audit checks the log's cards against them
(docs/card-schema.md).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import register_topic

from domain.audit import card_digest
from domain.fow import cards as fow_cards
from domain.gcg import cards as gcg_cards
from domain.kernel import CardDataError
from domain.ll import cards as ll_cards
from service.catalog import CatalogError, system_for
from service.errors import InvalidRequestError

__all__ = [
    "MAX_CATALOG_CARDS",
    "SYSTEMS",
    "CardPage",
    "Catalog",
    "CatalogInfo",
    "CatalogNotFoundError",
    "CatalogRegistry",
    "CatalogRejectedError",
    "CatalogStore",
    "card_hash",
    "card_hashes",
    "card_summary",
    "catalog_hash",
    "find_card",
    "list_cards",
    "pinned_cards",
    "support_of",
]

SYSTEMS: Mapping[str, Callable[[Mapping[str, Any]], Any]] = {
    "fow": fow_cards.parse_card,
    "gcg": gcg_cards.parse_card,
    "ll": ll_cards.parse_card,
}
"""Game system -> the engine's parser of one card definition."""

MAX_CATALOG_CARDS = 5000

_NAMESPACE = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:catalogs")
_REGISTRY_ID = uuid5(_NAMESPACE, "registry")


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def card_hash(card: Mapping[str, Any]) -> str:
    """sha256 of one card's canonical JSON (:func:`domain.audit.card_digest`, what the audit checks)."""
    return card_digest(card)


def card_hashes(cards: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """``{card id: card_hash}`` (what a game pins of the cards it uses)."""
    return {cid: card_hash(cards[cid]) for cid in sorted(cards)}


def catalog_hash(system: str, cards: Sequence[Mapping[str, Any]]) -> str:
    """sha256 of ``{"system", "cards"}`` as canonical JSON, the cards sorted by id."""
    ordered = sorted(cards, key=lambda c: str(c["id"]))
    return hashlib.sha256(_canonical({"system": system, "cards": ordered})).hexdigest()


Support = Literal["full", "partial", "none"]


def support_of(system: str, card: Mapping[str, Any]) -> Support:
    """Whether the engine adjudicates all of the card's text.  FoW cards and imported GCG
    cards list what it cannot in ``unsupported``: ``partial`` if they also declare abilities
    or effects the engine reads, ``none`` if not.  LL cards have no such list: every card
    their parser accepts is read in full."""
    unsupported = card.get("unsupported") or []
    if not unsupported:
        return "full"
    read = any(card.get(k) for k in ("abilities", "effects", "skills"))
    return "partial" if read else "none"


_ENGINE_READING = (
    "abilities",
    "effects",
    "skills",
    "keywords",
    "trigger",
    "tool_skill",
    "paradox_rule",
    "awakening",
    "judgment",
)


def card_summary(system: str, card: Mapping[str, Any]) -> dict[str, Any]:
    """A card as the listing shows it: id, name, type, printed text, the engine's reading
    (the declarative abilities/effects as stored), what it cannot adjudicate, and support."""
    reading = {k: card[k] for k in _ENGINE_READING if card.get(k)}
    return {
        "id": card["id"],
        "name": card.get("name", ""),
        "type": card.get("type", ""),
        "text": card.get("text", ""),
        "engine_reading": reading,
        "unsupported": list(card.get("unsupported") or []),
        "support": support_of(system, card),
        "definition": dict(card),
    }


def pinned_cards(digest: str, used: Any) -> dict[str, Any]:
    """What a game's setup pins of a loaded catalog: its hash and the hash of every card
    the game uses (the first event's ``cards``, which the replay log carries)."""
    return {"catalog_hash": digest, "card_hashes": card_hashes(used) if isinstance(used, Mapping) else {}}


class CatalogRejectedError(InvalidRequestError):
    """A catalog the engine's card parser refuses: ``problems`` lists ``{card, problem}``
    for every bad card (``card`` is ``None`` for a problem of the file itself)."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        first = problems[0]["problem"] if problems else "the catalog is invalid"
        super().__init__(f"the catalog is refused ({len(problems)} problem(s)); first: {first}", "catalog/invalid")
        self.problems = problems


class CatalogNotFoundError(InvalidRequestError, LookupError):
    """No loaded catalog has that hash (a bad request: 422 ``catalog/not_found``)."""

    def __init__(self, wanted: str) -> None:
        super().__init__(f"no catalog {wanted!r} is loaded (GET /catalogs lists them)", "catalog/not_found")


def validate_catalog(body: Any) -> tuple[str, list[dict[str, Any]]]:
    """``(system, cards)`` of a catalog body, or :class:`CatalogRejectedError` naming every problem."""
    if not isinstance(body, Mapping):
        raise CatalogRejectedError(
            [{"card": None, "problem": 'a catalog is an object {"system": ..., "cards": [...]}'}]
        )
    system = body.get("system")
    raw = body.get("cards")
    problems: list[dict[str, Any]] = []
    if system not in SYSTEMS:
        known = ", ".join(sorted(SYSTEMS))
        problems.append({"card": None, "problem": f"'system' must be one of {known}; got {system!r}"})
    if not isinstance(raw, list) or not raw:
        problems.append({"card": None, "problem": "'cards' must be a non-empty list of card objects"})
    elif len(raw) > MAX_CATALOG_CARDS:
        problems.append({"card": None, "problem": f"a catalog holds at most {MAX_CATALOG_CARDS} cards"})
    if problems:
        raise CatalogRejectedError(problems)
    assert isinstance(raw, list) and isinstance(system, str)
    parse = SYSTEMS[system]
    seen: set[str] = set()
    cards: list[dict[str, Any]] = []
    for i, card in enumerate(raw):
        if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
            problems.append({"card": None, "index": i, "problem": f"cards[{i}] is not an object with a string 'id'"})
            continue
        cid = card["id"]
        if cid in seen:
            problems.append({"card": cid, "index": i, "problem": f"cards[{i}]: duplicate card id {cid!r}"})
            continue
        seen.add(cid)
        try:
            parse(card)
        except CardDataError as exc:
            problems.append({"card": cid, "index": i, "problem": str(exc)})
            continue
        cards.append(card)
    if problems:
        raise CatalogRejectedError(problems)
    return system, cards


class Catalog(Aggregate):
    """One loaded catalog: its cards, as given."""

    TOPIC = "adjudicator:Catalog"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:Catalog.Created"
        catalog_hash: str
        system: str
        number: int
        cards: list[dict[str, Any]]
        loaded_at: str

    @staticmethod
    def create_id(catalog_hash: str) -> UUID:
        return uuid5(_NAMESPACE, catalog_hash)

    @event(Created)
    def __init__(
        self, catalog_hash: str, system: str, number: int, cards: list[dict[str, Any]], loaded_at: str
    ) -> None:
        self.catalog_hash = catalog_hash
        self.system = system
        self.number = number
        self.cards = cards
        self.loaded_at = loaded_at


class CatalogRegistry(Aggregate):
    """Every catalog loaded, in order: ``entries`` of ``{catalog_hash, system, version, cards, loaded_at}``."""

    TOPIC = "adjudicator:CatalogRegistry"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:CatalogRegistry.Created"

    class Added(Aggregate.Event):
        TOPIC = "adjudicator:CatalogRegistry.Added"
        catalog_hash: str
        system: str
        number: int
        cards: int
        loaded_at: str

    @staticmethod
    def create_id() -> UUID:
        return _REGISTRY_ID

    @event(Created)
    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    @event(Added)
    def add(self, catalog_hash: str, system: str, number: int, cards: int, loaded_at: str) -> None:
        self.entries.append(
            {"catalog_hash": catalog_hash, "system": system, "version": number, "cards": cards, "loaded_at": loaded_at}
        )


for _cls in (Catalog, CatalogRegistry):
    register_topic(_cls.TOPIC, _cls)


@dataclass(frozen=True, slots=True)
class CatalogInfo:
    system: str
    catalog_hash: str
    version: int
    """The catalog's number among those loaded for its system (1, 2, ...)."""
    cards: int
    loaded_at: str
    card_ids: list[str]


class CatalogStore:
    """The loaded catalogs, read from and written to the service's event store.  Loaded
    catalogs never change (their id is their content hash), so their cards are cached."""

    def __init__(self, app: Any, clock: Callable[[], Any]) -> None:
        self.app = app
        self.clock = clock
        self._cards: dict[str, tuple[str, dict[str, dict[str, Any]]]] = {}
        self._lock = threading.Lock()

    def _registry(self) -> CatalogRegistry | None:
        from eventsourcing.application import AggregateNotFoundError

        try:
            registry: CatalogRegistry = self.app.repository.get(_REGISTRY_ID)
        except AggregateNotFoundError:
            return None
        return registry

    def add(self, body: Any) -> tuple[CatalogInfo, bool]:
        """Validate and store a catalog; ``(info, created)`` (``created`` is false when the
        same cards were loaded before: the answer is the stored catalog)."""
        system, cards = validate_catalog(body)
        digest = catalog_hash(system, cards)
        for _ in range(5):
            known = self.info(digest)
            if known is not None:
                return known, False
            registry = self._registry() or CatalogRegistry()
            version = 1 + sum(1 for e in registry.entries if e["system"] == system)
            at = self.clock().isoformat()
            catalog = Catalog(catalog_hash=digest, system=system, number=version, cards=cards, loaded_at=at)
            registry.add(catalog_hash=digest, system=system, number=version, cards=len(cards), loaded_at=at)
            try:
                self.app.save(catalog, registry)
            except IntegrityError:
                continue  # another writer loaded a catalog meanwhile: read the registry again
            info = self.info(digest)
            assert info is not None
            return info, True
        raise InvalidRequestError("the catalog registry is busy; try again", "catalog/busy")

    def list(self, system: str | None = None) -> list[CatalogInfo]:
        registry = self._registry()
        entries = [] if registry is None else registry.entries
        return [self._info(e) for e in entries if system is None or e["system"] == system]

    def _info(self, entry: Mapping[str, Any]) -> CatalogInfo:
        _, cards = self.cards(entry["catalog_hash"])
        return CatalogInfo(
            entry["system"], entry["catalog_hash"], entry["version"], entry["cards"], entry["loaded_at"], sorted(cards)
        )

    def info(self, digest: str) -> CatalogInfo | None:
        registry = self._registry()
        for e in [] if registry is None else registry.entries:
            if e["catalog_hash"] == digest:
                return self._info(e)
        return None

    def cards_for(
        self, ruleset: str, builtin: Mapping[str, Mapping[str, Any]], digest: str
    ) -> dict[str, Mapping[str, Any]]:
        """The loaded catalog ``digest``'s cards over ``builtin`` (the ruleset's built-in
        cards); raises :class:`CatalogNotFoundError`, or ``InvalidRequestError`` when the
        catalog is for another game system."""
        system, cards = self.cards(digest)
        try:
            wanted = system_for(ruleset)
        except CatalogError:
            wanted = "no"
        if system != wanted:
            raise InvalidRequestError(
                f"catalog {digest} holds {system} cards; {ruleset} plays {wanted} cards", "catalog/wrong_system"
            )
        return {**builtin, **cards}

    def cards(self, digest: str) -> tuple[str, dict[str, dict[str, Any]]]:
        """``(system, {card id: card})`` of a loaded catalog; raises :class:`CatalogNotFoundError`."""
        from eventsourcing.application import AggregateNotFoundError

        with self._lock:
            found = self._cards.get(digest)
        if found is not None:
            return found
        try:
            catalog: Catalog = self.app.repository.get(Catalog.create_id(digest))
        except AggregateNotFoundError:
            raise CatalogNotFoundError(digest) from None
        found = (catalog.system, {c["id"]: c for c in catalog.cards})
        with self._lock:
            self._cards[digest] = found
        return found


@dataclass(frozen=True, slots=True)
class CardPage:
    cards: list[dict[str, Any]]
    next: str | None
    """The cursor of the next page (``None``: this is the last)."""


MAX_PAGE = 500


def list_cards(
    builtin: Any,
    store: CatalogStore,
    *,
    ruleset: str | None = None,
    set_code: str | None = None,
    name: str | None = None,
    support: str | None = None,
    catalog: str | None = None,
    limit: int = 50,
    cursor: str | None = None,
) -> CardPage:
    """The cards, ordered by system then id, filtered and paginated.

    ``builtin`` is the service's :class:`service.catalog.CardCatalogs`; ``ruleset`` keeps the
    cards of its game system (default: every system); ``catalog`` lists a loaded catalog's
    own cards instead of the built-in ones.  ``set_code`` is a case-insensitive prefix of
    the card id, ``name`` a case-insensitive substring, ``support`` one of
    ``full``/``partial``/``none`` (:func:`support_of`).  ``cursor`` is the ``next`` of the
    previous page: the ``system/id`` of its last card, so pages stay stable while cards
    are added.  Raises ``InvalidRequestError`` (an unknown ruleset, support or catalog)."""
    if support not in (None, "full", "partial", "none"):
        raise InvalidRequestError(f"support must be full, partial or none; got {support!r}", "request/invalid_support")
    if not 1 <= limit <= MAX_PAGE:
        raise InvalidRequestError(f"limit must be 1 to {MAX_PAGE}; got {limit}", "request/invalid_limit")
    systems = _systems(builtin, ruleset)
    pool: list[tuple[str, Mapping[str, Any]]] = []
    if catalog is not None:
        system, own = store.cards(catalog)
        if system in systems:
            pool = [(system, c) for c in own.values()]
    else:
        for system, some_ruleset in systems.items():
            pool.extend((system, c) for c in builtin.cards(some_ruleset).values())
    pool.sort(key=lambda sc: (sc[0], str(sc[1]["id"])))
    prefix = (set_code or "").casefold()
    needle = (name or "").casefold()
    out: list[dict[str, Any]] = []
    more = False
    for system, card in pool:
        key = f"{system}/{card['id']}"
        if cursor is not None and key <= cursor:
            continue
        if prefix and not str(card["id"]).casefold().startswith(prefix):
            continue
        if needle and needle not in str(card.get("name", "")).casefold():
            continue
        if support is not None and support_of(system, card) != support:
            continue
        if len(out) == limit:
            more = True
            break
        out.append({"system": system, **card_summary(system, card)})
    last = out[-1] if out else None
    return CardPage(out, f"{last['system']}/{last['id']}" if more and last is not None else None)


def _systems(builtin: Any, ruleset: str | None) -> dict[str, str]:
    """``{system: a ruleset of it}`` for ``ruleset``'s game system, or for every system the
    service has cards for (a ruleset without a card catalog has no cards to list)."""
    from domain.rulesets import list_rulesets

    known = [str(r["ruleset"]) for r in list_rulesets()]
    if ruleset is not None and ruleset not in known:
        raise InvalidRequestError(f"unknown ruleset {ruleset!r}; known: {', '.join(known)}", "ruleset/unknown")
    out: dict[str, str] = {}
    for r in known if ruleset is None else [ruleset]:
        try:
            out.setdefault(system_for(r, builtin.prefixes), r)
        except CatalogError:
            continue
    return out


def find_card(
    builtin: Any, store: CatalogStore, ruleset: str, card_id: str, catalog: str | None = None
) -> dict[str, Any] | None:
    """One card of ``ruleset``'s system (of the loaded ``catalog`` over the built-in ones, if given)."""
    systems = _systems(builtin, ruleset)
    if not systems:
        return None
    system = next(iter(systems))
    cards = builtin.cards(ruleset) if catalog is None else store.cards_for(ruleset, builtin.cards(ruleset), catalog)
    card = cards.get(card_id)
    return None if card is None else {"system": system, **card_summary(system, card)}
