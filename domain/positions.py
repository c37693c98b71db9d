"""What the position formats of every ruleset share (``docs/position-format.md``):
the error record, reading a document with every malformed field reported at once, the
``{"unknown": n}`` entries for hidden cards nobody knows (filled from a deck list or kept
as cards of no known identity) and the guard that keeps such a card out of every place
where its identity matters.

Pure: no I/O, no clock; filling from a deck list deals with the game's seed.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from domain.kernel import JSON, Command, Event, Rejection, Shuffler, seed_commitment

UNKNOWN = "UNKNOWN"
"""The card id of a hidden card of no known identity."""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Unknown(Model):
    """``{"unknown": n}``: n hidden cards nobody knows."""

    unknown: int = Field(ge=0)


class DeckEntry(Model):
    card: str
    count: int = Field(1, ge=1)


@dataclass(frozen=True, slots=True)
class PositionError:
    """One reason a position is refused: ``code``, JSON ``path``, cited ``rule`` (None for
    malformed input) and a sentence."""

    code: str
    path: str
    rule: str | None
    message: str

    def to_dict(self) -> dict[str, JSON]:
        return {"code": self.code, "path": self.path, "rule": self.rule, "message": self.message}


def json_path(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "$"


M = TypeVar("M", bound=BaseModel)


def parse(model: type[M], fmt: str, data: Any) -> tuple[M | None, list[PositionError]]:
    """The document as ``model``, or one ``position/malformed`` error per bad field."""
    if isinstance(data, Mapping) and data.get("format") not in (None, fmt):
        msg = f"unknown position format {data.get('format')!r}; this engine reads {fmt!r}"
        return None, [PositionError("position/unknown_format", "format", None, msg)]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, [PositionError("position/malformed", json_path(e["loc"]), None, e["msg"]) for e in exc.errors()]


def deal(
    slots: Sequence[tuple[str, int]],
    known: Iterable[str],
    decklist: Mapping[str, Sequence[str]] | None,
    pool_of: Callable[[str], str],
    seed: int,
    index: int,
    *,
    path: str,
    cite: Callable[[str], str],
    rules: Mapping[str, str],
    placeholder: Callable[[str], str | None],
) -> tuple[dict[str, list[str]], list[PositionError]]:
    """The card ids of the unknown places ``slots`` (``(pool, n)``, in document order),
    per pool (``"main"``, ``"monster"``, ...): with a deck list (pool -> card ids), its rest
    once the ``known`` cards are taken out, dealt with ``Shuffler(seed, index)``; without,
    ``placeholder(pool)`` (None: that pool must be named, ``position/unknown_not_allowed``)."""
    errors: list[PositionError] = []
    need: Counter[str] = Counter()
    for pool, n in slots:
        need[pool] += n
    out: dict[str, list[str]] = {}
    if decklist is None:
        for pool in sorted(need):
            card = placeholder(pool)
            if card is None and need[pool]:
                errors.append(
                    PositionError(
                        "position/unknown_not_allowed",
                        path,
                        cite(rules[pool]),
                        f"unknown {pool} cards need the player's decklist (or name them)",
                    )
                )
                card = UNKNOWN
            out[pool] = [card or UNKNOWN] * need[pool]
        return out, errors
    rest = {pool: Counter(ids) for pool, ids in decklist.items()}
    for cid in known:
        pool = pool_of(cid)
        counter = rest.setdefault(pool, Counter())
        if counter[cid] > 0:
            counter[cid] -= 1
        else:
            errors.append(
                PositionError(
                    "position/not_in_decklist",
                    path,
                    cite(rules[pool]),
                    f"the position holds more {cid} than the decklist",
                )
            )
    shuffler = Shuffler(seed, index)
    for pool in sorted(set(rest) | set(need)):
        cards = sorted(rest.get(pool, Counter()).elements())
        if len(cards) != need[pool]:
            errors.append(
                PositionError(
                    "position/decklist_count",
                    path,
                    cite(rules[pool]),
                    f"the decklist leaves {len(cards)} {pool} cards unaccounted for, but {need[pool]} are "
                    "declared unknown",
                )
            )
        out[pool] = shuffler.shuffled(cards)
    return out, errors


ReportError = Callable[[str, str, str | None, str], None]
"""Records one problem of a position: ``(code, path, rule, message)``."""


def check_players_and_turn(
    position: Any,
    players: list[str] | None,
    err: ReportError,
    *,
    players_rule: str,
    turn_rule: str,
    phase_rule: str,
    ruleset: str,
    called: str,
) -> bool:
    """The checks a GCG and an LL position share, each problem reported through ``err``:
    the ruleset named, exactly two players with distinct ids (the game's, if ``players``
    is given), the turn and first player among them, a turn of 1 or more, and the main
    phase play timing (the only moment these formats start at).  ``called`` names the
    format in the messages ("a GCG position").  False if the players are malformed, when
    nothing else can be checked."""
    if position.ruleset not in (None, ruleset):
        err("position/ruleset_mismatch", "ruleset", players_rule, f"the position is of {position.ruleset}")
    ids = [p.id for p in position.players]
    if len(ids) != 2 or len(set(ids)) != 2:
        err("position/players", "players", players_rule, "a position has exactly two players with distinct ids")
        return False
    if players is not None and sorted(players) != sorted(ids):
        err("position/players_mismatch", "players", players_rule, f"the position's players {ids} are not {players}")
    for name in ("turn_player", "first_player"):
        who = getattr(position, name)
        if who is not None and who not in ids:
            err("position/unknown_player", name, players_rule, f"{who!r} is not one of the players {ids}")
    if position.turn < 1:
        err("position/impossible_count", "turn", turn_rule, "turns are numbered from 1")
    if position.phase != "main":
        err(
            "position/unsupported_step",
            "phase",
            phase_rule,
            f"{called} starts at the main phase play timing (phase 'main')",
        )
    return True


def reconstructed_data(
    spec: Any, ruleset: str, declared: Any, position: BaseModel, filled: Any, cards: Mapping[str, BaseModel]
) -> dict[str, JSON]:
    """The data of a GCG or LL ``PositionReconstructed`` event: the game's header, the cards
    it uses (``cards``, already narrowed to those), the filled ``position`` and, if filling
    changed it, the judge's ``declared`` document."""
    names = {p.id: p.name for p in spec.players}
    return {
        "game_id": spec.game_id,
        "ruleset": ruleset,
        "variant": spec.variant,
        "seed": spec.seed,
        "seed_commitment": seed_commitment(spec.game_id, spec.seed),
        "players": [{"id": p.id, "name": names.get(p.id, p.id)} for p in filled.players],
        "cards": {cid: card.model_dump(mode="json", exclude_unset=True) for cid, card in cards.items()},
        "reconstructed": True,
        "position": filled.model_dump(mode="json", exclude_defaults=True),
        **({"declared": declared} if filled != position else {}),
    }


class HasObjects(Protocol):
    @property
    def objects(self) -> Mapping[str, Any]: ...

    @property
    def cards(self) -> Mapping[str, Any]: ...


S = TypeVar("S", bound=HasObjects)


def guard_unknown(
    decide: Callable[[S, Command], list[Event] | Rejection],
    evolve: Callable[[S, Event], S],
    hidden: Callable[[S, Any], bool],
    cite: Callable[[S], str],
    unknown_ids: tuple[str, ...] = (UNKNOWN,),
) -> Callable[[S, Command], list[Event] | Rejection]:
    """``decide``, refusing (``position/unknown_identity``) a command after which a card of
    no known identity (``UNKNOWN``) would be where its identity matters (``hidden(state,
    obj)`` false: a public zone, or revealed): the judge names the card first, by
    reconstructing the game with it named.  Games without such cards are untouched."""

    @functools.wraps(decide)  # still the engine's decide (its module, name and doc)
    def guarded(state: S, cmd: Command) -> list[Event] | Rejection:
        result = decide(state, cmd)
        if isinstance(result, Rejection) or not any(u in state.cards for u in unknown_ids):
            return result  # no unknown card among the game's cards: no object can be one
        if not any(o.card in unknown_ids for o in state.objects.values()):
            return result
        after = state
        for event in result:
            after = evolve(after, event)
        for oid in sorted(after.objects):
            o = after.objects[oid]
            if o.card in unknown_ids and not hidden(after, o):
                return Rejection(
                    "position/unknown_identity",
                    cite(state),
                    f"{oid} is a card of this reconstructed game whose identity nobody knows; this action "
                    f"would put it where its identity matters ({o.zone}): the judge names it first "
                    "(reconstruct the game with the card named)",
                )
        return result

    return guarded


def redact_with(
    redact_event: Callable[[S, Event, str | None], Event],
    event_type: str,
    redact: Callable[[Mapping[str, Any], str], dict[str, Any]],
) -> Callable[[S, Event, str | None], Event]:
    """The engine's ``redact_event``, with ``event_type`` (the reconstruction) redacted by ``redact``."""

    @functools.wraps(redact_event)
    def redacted(state: S, event: Event, viewer: str | None) -> Event:
        if viewer is not None and event.type == event_type:
            return Event(event.seq, event.type, redact(event.data, viewer), event.rule, event.cause, event.actor)
        return redact_event(state, event, viewer)

    return redacted
