"""The game-system-neutral kernel: events, commands, rejections and the engine contract.

Everything here is pure data.  Nothing in ``domain`` performs I/O, reads a clock or
draws randomness on its own: seeds, identifiers and shuffled orders come in from the
outside and are recorded in events, so that replay (``evolve``) is a pure fold.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

JSON = Any
"""A JSON-compatible value: dict/list/str/int/float/bool/None (no tuples, no sets)."""

RULES_AUTHORITY = "rules"
"""The acting party recorded for events produced by rule processes rather than a player."""


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why a command was refused.  ``code`` is stable (e.g. ``rules/not_main_phase``),
    ``rule`` a citation such as ``FoW-5.5 7.1 p1`` and ``message`` a human sentence."""

    code: str
    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


CHOICE_CONSTRAINTS: dict[str, str] = {
    "distinct_names": "no two chosen cards have the same name",
    "one_left_per_group": "exactly one card of each of the groups is left unchosen",
    "one_per_group": "each chosen card stands for a different one of the groups",
}
"""The vocabulary of :attr:`Choice.constraints` (docs/legal-actions.md): each a condition the
whole selection must meet beyond its size and its candidates.  ``decide`` checks it (a card's
own text is checked by the command's handler as well)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice of ``min_count`` to ``max_count`` of the ``candidates``, each at most once: ONE
    legal action, never enumerated as subsets.  The selection is the list in the command's
    argument ``arg`` (e.g. ``cards``); ``rule`` cites the rule that asks for it."""

    arg: str
    candidates: tuple[str, ...]
    min_count: int
    max_count: int
    rule: str
    constraints: tuple[str, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()
    """Sets of candidates, for the constraints ``one_left_per_group`` and ``one_per_group``."""

    def to_dict(self) -> dict[str, JSON]:
        return {
            "arg": self.arg,
            "candidates": list(self.candidates),
            "min": self.min_count,
            "max": self.max_count,
            "constraints": list(self.constraints),
            "groups": [list(g) for g in self.groups],
            "rule": self.rule,
        }

    def check(self, selection: Any, name_of: Callable[[str], str] | None = None) -> Rejection | None:
        """Why ``selection`` is not a choice of this kind (``None`` if it is): not a list, a wrong
        count, an unknown or repeated candidate, or a broken constraint (``name_of`` gives a
        candidate's name for ``distinct_names``; ``groups`` are the sets the group constraints speak of)."""
        if selection is None:
            selection = []
        if not isinstance(selection, list) or not all(isinstance(x, str) for x in selection):
            return Rejection("choice/not_a_selection", self.rule, f"{self.arg!r} must be a list of the candidates")
        if not self.min_count <= len(selection) <= self.max_count:
            wanted = (
                f"exactly {self.min_count}"
                if self.min_count == self.max_count
                else f"from {self.min_count} to {self.max_count}"
            )
            return Rejection(
                "choice/wrong_count", self.rule, f"choose {wanted} for {self.arg!r}; {len(selection)} were chosen"
            )
        offered = set(self.candidates)
        for x in selection:
            if x not in offered:
                return Rejection("choice/unknown_candidate", self.rule, f"{x!r} is not among the candidates")
        if len(set(selection)) != len(selection):
            twice = sorted(x for x in set(selection) if selection.count(x) > 1)
            return Rejection("choice/duplicate", self.rule, f"{twice[0]!r} is chosen more than once")
        if "distinct_names" in self.constraints and name_of is not None:
            names = [name_of(x) for x in selection]
            if len(set(names)) != len(names):
                return Rejection("choice/same_name", self.rule, CHOICE_CONSTRAINTS["distinct_names"])
        if "one_left_per_group" in self.constraints:
            for group in self.groups:
                if sum(x not in selection for x in group) != 1:
                    why = f"{CHOICE_CONSTRAINTS['one_left_per_group']}: not so for {list(group)}"
                    return Rejection("choice/one_left_per_group", self.rule, why)
        if "one_per_group" in self.constraints and not self._is_one_per_group(selection):
            return Rejection("choice/one_per_group", self.rule, CHOICE_CONSTRAINTS["one_per_group"])
        return None

    def _is_one_per_group(self, selection: Sequence[str]) -> bool:
        """Whether the chosen cards can each be matched with a different group holding it: a matching
        found by augmenting paths (polynomial; trying every assignment of groups would be factorial in
        their number, and a sideboard's cards may make a dozen groups)."""
        holder: dict[int, str] = {}  # group -> the chosen card matched with it

        def place(x: str, seen: set[int]) -> bool:
            for g, group in enumerate(self.groups):
                if x in group and g not in seen:
                    seen.add(g)
                    if g not in holder or place(holder[g], seen):
                        holder[g] = x
                        return True
            return False

        return all(place(x, set()) for x in selection)

    def selections(self) -> Iterator[list[str]]:
        """Every selection of the right size meeting the group constraints, smallest first (for
        tests and small choices: a client should rather let its player pick)."""
        for n in range(self.min_count, self.max_count + 1):
            for picked in itertools.combinations(self.candidates, n):
                if self.check(list(picked)) is None:
                    yield list(picked)

    def complete(self, command: Command, selection: Sequence[str]) -> Command:
        """``command`` (this choice's legal action) with ``selection`` as its argument."""
        return Command(command.type, command.player, {**command.args, self.arg: list(selection)}, command.id)


@dataclass(frozen=True, slots=True)
class Command:
    """An imperative request by a player, e.g. ``Command("DeclareAttack", "p1", {...})``.

    ``id`` is chosen by the caller (idempotency key); the kernel only records it as the
    cause of the events the command produces.  A legal action with ``choice`` set is
    parameterised (docs/legal-actions.md): its ``args`` hold one valid selection, and the
    player may send any selection the :class:`Choice` allows instead; ``choice`` is never
    part of a recorded command (nor of equality)."""

    type: str
    player: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    id: str = ""
    choice: Choice | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, JSON]:
        return {"type": self.type, "player": self.player, "args": dict(self.args), "id": self.id}

    @staticmethod
    def from_dict(data: Mapping[str, JSON]) -> Command:
        return Command(
            type=str(data["type"]),
            player=str(data["player"]),
            args=dict(data.get("args") or {}),
            id=str(data.get("id") or ""),
        )


@dataclass(frozen=True, slots=True)
class Event:
    """An immutable fact, named in the past tense (``AttackDeclared``).

    * ``seq`` is its 1-based position in the game's stream (equal to the stored version).
    * ``rule`` is the citation of the rule it applied, e.g. ``FoW-5.5 8.2 p4``.
    * ``cause`` is ``cmd:<command id>`` for the player action that produced it, or
      ``ev:<seq>`` for the event that led to it by rule process or trigger.
    * ``actor`` is the player who acted, or ``"rules"`` for rule processes.
    """

    seq: int
    type: str
    data: Mapping[str, JSON]
    rule: str
    cause: str
    actor: str = RULES_AUTHORITY

    def to_dict(self) -> dict[str, JSON]:
        return {
            "seq": self.seq,
            "type": self.type,
            "data": dict(self.data),
            "rule": self.rule,
            "cause": self.cause,
            "actor": self.actor,
        }

    @staticmethod
    def from_dict(data: Mapping[str, JSON]) -> Event:
        return Event(
            seq=int(data["seq"]),
            type=str(data["type"]),
            data=dict(data["data"]),
            rule=str(data["rule"]),
            cause=str(data["cause"]),
            actor=str(data.get("actor", RULES_AUTHORITY)),
        )


def command_cause(command_id: str) -> str:
    return f"cmd:{command_id}"


def event_cause(seq: int) -> str:
    return f"ev:{seq}"


def is_action_series(raw: Any, types: Sequence[str]) -> bool:
    """Whether ``raw`` is a non-empty list of performed commands ``{player, type, args}``
    whose types are among ``types``: the shape of a declared loop (GCG-1.00 12.1.1.1,
    LL-2.04 12.1.1.1)."""
    return (
        isinstance(raw, list)
        and bool(raw)
        and all(
            isinstance(a, Mapping)
            and set(a) == {"player", "type", "args"}
            and a["type"] in types
            and isinstance(a["args"], Mapping)
            for a in raw
        )
    )


def is_last_performed(log: Sequence[Any], declared: Sequence[Any]) -> bool:
    """Whether ``declared`` is exactly the last entries of ``log``, in order: a loop must be
    the actions actually performed last (GCG-1.00 12.1.1.1, LL-2.04 12.1.1.1)."""
    return len(declared) <= len(log) and list(log[len(log) - len(declared) :]) == list(declared)


def try_loop(
    declared: Sequence[Mapping[str, Any]],
    times: int,
    *,
    perform: Callable[[Mapping[str, Any]], None],
    is_stop_point: Callable[[Mapping[str, Any]], bool],
    is_finished: Callable[[], bool],
    rejected: type[Exception],
    game_over: tuple[type[Exception], ...] = (),
) -> tuple[int, int, bool]:
    """Perform a declared loop up to ``times`` times on a trial copy of the game (``perform``
    acts on that copy), as GCG-1.00 and LL-2.04 12.1.1.1 require every repetition to be
    possible: how many repetitions were performed in full, how many decisions of the
    non-turn player with another answer the actions met (``is_stop_point``, asked before each
    action), and whether the game ended during them.  ``rejected`` stops the trial where an
    action is no longer legal; ``game_over`` (or ``is_finished``) where the game ended."""
    stop_points = 0
    for done in range(times):
        for action in declared:
            stop_points += is_stop_point(action)
            try:
                perform(action)
            except rejected:
                return done, stop_points, False
            except game_over:
                return done, stop_points, True
            if is_finished():
                return done, stop_points, True
    return times, stop_points, False


Action = Mapping[str, Any]
"""A performed command as a loop records it: ``{player, type, args}``."""


@dataclass(frozen=True, slots=True)
class LoopRule:
    """A system's rule for declaring a loop (GCG-1.00 12.1.1.1 "infinite loop", LL-2.04
    12.1.1.1 "perpetual cycle"): at the main phase play timing the turn player declares the
    last actions actually performed this turn (``state.loop_log``), starting with one of their
    main phase actions, and how many times to perform them again; every repetition must be
    possible (:func:`try_loop`, on a copy of the game); the non-turn player answers with the
    number, or a smaller one and then an action outside the loop.

    Each system supplies its commands, which actions may start a loop, how it copies the
    declared actions, and the sentences of its refusals."""

    commands: tuple[str, ...]
    """The command types a loop may contain."""
    starts: Callable[[Action], bool]
    """Whether an action (of the declaring player) is a main phase action that may start a loop."""
    max_times: int
    """The largest number of repetitions one declaration may ask for."""
    copy: Callable[[Any], Any]
    not_now: str
    malformed: str
    not_first: str
    not_last: str

    def declaration(self, ctx: DecisionContext[Any], player: str, args: Mapping[str, Any]) -> tuple[list[Any], int]:
        """The declared actions and number of times of a ``DeclareLoop`` command, or a refusal."""
        p = ctx.s.pending
        if p is None or p.kind != "main" or p.player != player:
            raise ctx.reject("rules/not_main_phase_play_timing", "12.1.1.1", self.not_now)
        times = args.get("times")
        if not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= self.max_times:
            raise ctx.reject(
                "command/malformed", "12.1.1.1", f"'times' must be a number of repetitions from 1 to {self.max_times}"
            )
        raw = args.get("actions")
        if not is_action_series(raw, self.commands):
            raise ctx.reject("command/malformed", "12.1.1.1", self.malformed)
        declared: list[Any] = self.copy(list(cast(list[Any], raw)))
        if declared[0]["player"] != player or not self.starts(declared[0]):
            raise ctx.reject("rules/loop_not_performed", "12.1.1.1", self.not_first)
        if not is_last_performed(ctx.s.loop_log, declared):
            raise ctx.reject("rules/loop_not_performed", "12.1.1.1", self.not_last)
        return declared, times

    @staticmethod
    def check_repeatable(ctx: DecisionContext[Any], times: int, done: int, ended: bool) -> None:
        """Refuse a declaration whose trial (:func:`try_loop`) ended the game or stopped early."""
        if ended:
            raise ctx.reject("rules/loop_not_repeatable", "12.1.1.1", "the game ends while performing those actions")
        if done < times:
            raise ctx.reject(
                "rules/loop_not_repeatable",
                "12.1.1.1",
                f"those actions can be performed {done} more time(s) only, not {times}",
            )

    @staticmethod
    def perform(
        declared: Sequence[Action],
        number: int,
        times: int,
        *,
        perform: Callable[[Action], None],
        stops: Callable[[Action], bool],
        stop: Callable[[Action], None],
    ) -> None:
        """The answer ``number`` to a loop declared ``times`` times: the actions performed
        ``number`` times; for a smaller number, then the actions up to the first at which the
        answering player ``stops`` it, where ``stop`` asks them for another action."""
        for _ in range(number):
            for action in declared:
                perform(action)
        if number == times:
            return
        for action in declared:
            if stops(action):
                stop(action)
                return
            perform(action)

    def offers(self, log: Sequence[Any], player: str, longest: int | None = None) -> list[list[Any]]:
        """The loops worth offering in ``legal_actions``: series of the last actions (of at
        most ``longest``) that start with ``player``'s main phase action and were just
        performed twice in a row, shortest first."""
        out: list[list[Any]] = []
        most = len(log) // 2 if longest is None else min(longest, len(log) // 2)
        for length in range(1, most + 1):
            suffix = list(log[-length:])
            first = suffix[0]
            if first["player"] == player and self.starts(first) and list(log[-2 * length : -length]) == suffix:
                out.append(suffix)
        return out


def seed_commitment(game_id: str, seed: int) -> str:
    """The hash published when a game starts; once the seed is revealed at the end, anyone
    can check it against this and re-derive every shuffle."""
    return hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()


class DomainError(Exception):
    """Base class for programming errors inside the domain (never for illegal moves,
    which are :class:`Rejection` values)."""


class UnknownEventError(DomainError):
    """``evolve`` was given an event type the ruleset does not know."""


class DecideOnCopyError(DomainError):
    """An in-place decide met what needs the state before the command (an engine's rewind): the
    caller rebuilds that state and decides the command again the copying way (``decide``)."""


class CardDataError(DomainError):
    """A card catalog entry or deck list is malformed.  ``rule`` is the rule the data breaks
    (a section or paragraph id of the game's rules), when it is known."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


_STATED_RULE = re.compile(r"\((\d+(?:\.\d+)+(?: p\d+(?:\.\d+)*)?)\)")
"""A rule a validator's message states in brackets: ``... (9.6.3.2.1)``, ``... (2.6 p2)``."""


def card_data_error(data: Any, errors: Sequence[Mapping[str, Any]], field_rules: Mapping[str, str]) -> CardDataError:
    """The error for a card definition that failed validation (pydantic's ``errors()``): it
    names the card and every bad field, and cites the rule of the first one: the rule its
    validator's message states, else the rule of the characteristic its field holds
    (``field_rules``, by the field's name)."""
    card_id = data.get("id", "<no id>") if isinstance(data, Mapping) else "<not an object>"
    problems = "; ".join(f"{'.'.join(str(p) for p in err['loc']) or '<card>'}: {err['msg']}" for err in errors)
    rule = None
    if errors:
        first = errors[0]
        stated = _STATED_RULE.search(str(first.get("msg", "")))
        loc = first.get("loc") or ()
        rule = stated.group(1) if stated else field_rules.get(str(loc[0])) if loc else None
    return CardDataError(f"card {card_id}: {problems}", rule)


def dataclass_to_dict(obj: Any) -> dict[str, JSON]:
    """A deep copy of a dataclass instance's fields as a dict (state snapshots)."""
    return {f.name: copy.deepcopy(getattr(obj, f.name)) for f in fields(obj)}


_MISSING: Any = object()


@dataclass(frozen=True, slots=True)
class Stored:
    """How one field of a game state is stored in its JSON dump (snapshots, replay checks):

    * ``value``: as is; ``list``: a list; ``lists``: a list of lists; ``map_lists``: a mapping
      of lists; ``zones``: player -> zone -> list; ``deep``: a deep copy of JSON data;
      ``set``: a set, dumped sorted;
    * ``one`` / ``many`` / ``values``: a dataclass ``cls`` (or ``None``), a list of them, a
      mapping of them, dumped field by field; ``deep`` copies the stored data before building;
    * ``cards``: card id -> card, loaded by ``cls`` (the system's parser), dumped by pydantic
      (``by_alias`` for systems whose card fields have aliases).

    ``default`` is what a dump from before the field existed loads as (old snapshots)."""

    kind: str
    cls: Any = None
    default: Any = _MISSING
    deep: bool = False
    by_alias: bool = False


def header_fields(obj: type[Any], player: type[Any], *, deep: bool = False) -> dict[str, Stored]:
    """The stored fields every game system shares, first in every dump: the game's header,
    its objects, players and zones."""
    return {
        "game_id": Stored("value"),
        "ruleset": Stored("value"),
        "variant": Stored("value"),
        "seq": Stored("value"),
        "seed": Stored("value"),
        "shuffles": Stored("value"),
        "objects": Stored("values", obj, deep=deep),
        "order": Stored("list"),
        "players": Stored("values", player),
        "zones": Stored("zones"),
    }


def _dump(how: Stored, v: Any) -> JSON:
    kind = how.kind
    if kind == "value":
        return v
    if kind == "list":
        return list(v)
    if kind == "lists":
        return [list(x) for x in v]
    if kind == "map_lists":
        return {k: list(x) for k, x in v.items()}
    if kind == "zones":
        return {p: {z: list(x) for z, x in zs.items()} for p, zs in v.items()}
    if kind == "deep":
        return copy.deepcopy(v)
    if kind == "set":
        return sorted(v)
    if kind == "one":
        return dataclass_to_dict(v) if v else None
    if kind == "many":
        return [dataclass_to_dict(x) for x in v]
    if kind == "values":
        return {k: dataclass_to_dict(x) for k, x in v.items()}
    if kind == "cards":
        return {cid: c.model_dump(mode="json", by_alias=how.by_alias, exclude_unset=True) for cid, c in v.items()}
    raise DomainError(f"no stored kind {kind!r}")


def _interned(value: Any, names: dict[str, str]) -> Any:
    """``value``, or the equal string already in ``names`` (a string not seen yet is added)."""
    return names.setdefault(value, value) if type(value) is str else value


def _load(how: Stored, raw: Any, names: dict[str, str]) -> Any:
    """The field as stored.  The strings of lists, zones and the top-level fields of objects
    (object ids, zones, players, card keys) are shared through ``names``, the state's table of
    the strings read so far: a state read back holds one string per name, as a state built by
    its events does (issue 23: memory per cached game); equal strings, so nothing decided changes."""
    kind = how.kind
    if kind == "value":
        return raw
    if kind == "list":
        return [_interned(x, names) for x in raw]
    if kind == "lists":
        return [list(x) for x in raw]
    if kind == "map_lists":
        return {k: list(x) for k, x in raw.items()}
    if kind == "zones":
        return {p: {z: [_interned(o, names) for o in x] for z, x in zs.items()} for p, zs in raw.items()}
    if kind == "deep":
        return copy.deepcopy(raw)
    if kind == "set":
        return set(raw)
    cls = how.cls
    if how.deep:
        raw = copy.deepcopy(raw)
    if kind == "one":
        return cls(**raw) if raw else None
    if kind == "many":
        return [cls(**x) for x in raw]
    if kind == "values":
        return {_interned(k, names): cls(**{f: _interned(v, names) for f, v in x.items()}) for k, x in raw.items()}
    if kind == "cards":
        return {cid: cls(c) for cid, c in raw.items()}
    raise DomainError(f"no stored kind {kind!r}")


_COPIES: dict[str, str] = {
    "list": "list(self.{f})",
    "set": "set(self.{f})",
    "dict": "dict(self.{f})",
    "lists": "[list(x) for x in self.{f}]",
    "map_lists": "{{k: list(x) for k, x in self.{f}.items()}}",
    "zones": "{{p: {{z: list(x) for z, x in zs.items()}} for p, zs in self.{f}.items()}}",
    "copy": "_copy(self.{f})",
    "deep": "_deepcopy(self.{f})",
    "json": "_copy_json(self.{f})",
    "copy_each": "[_copy(x) for x in self.{f}]",
    "deep_each": "[_deepcopy(x) for x in self.{f}]",
    "copy_values": "{{k: _copy(x) for k, x in self.{f}.items()}}",
    "dicts": "[dict(x) for x in self.{f}]",
    "opt_dict": "None if self.{f} is None else dict(self.{f})",
    "empty_dict": "{{}}",
    "empty_set": "set()",
    "none": "None",
}
"""How :meth:`GameStateBase.clone` copies a field (``self.<field>``): the expression."""


T = TypeVar("T")


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, scalars), as ``copy.deepcopy`` makes it but without
    its memo and dispatch; anything else is deep-copied.  Shared sub-values are copied apart, as a
    dump and load of the state (a snapshot) copies them."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if kind is list:
        return [copy_json(v) for v in value]
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    return copy.deepcopy(value)


def compile_copy(cls: type[T], copies: Mapping[str, str] | None = None) -> Callable[[T], T]:
    """A straight-line copy of instances of the slotted dataclass ``cls``, generated once:
    ``new.<field> = self.<field>`` for every field (so it shares what ``copy.copy`` shares),
    except the fields in ``copies``, copied as that kind of :data:`_COPIES` says.

    ``copy.copy`` of a slotted dataclass goes through ``__reduce_ex__``, and a loop of
    ``getattr`` / ``setattr`` over its fields costs a call per field; this is one attribute
    load and store per field (about 15x faster on a 33-field object)."""
    copies = copies or {}
    unknown = set(copies) - {f.name for f in fields(cast(Any, cls))}
    if unknown:
        raise DomainError(f"{cls.__name__} has no fields {sorted(unknown)}")
    lines = [f"def copy_{cls.__name__}(self):", "    new = _new(_cls)"]
    for f in fields(cast(Any, cls)):
        how = copies.get(f.name)
        expr = f"self.{f.name}" if how is None else _COPIES[how].format(f=f.name)
        lines.append(f"    new.{f.name} = {expr}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_copy": copy.copy, "_copy_json": copy_json}
    exec("\n".join(lines), namespace)
    fn: Callable[[T], T] = namespace[f"copy_{cls.__name__}"]
    return fn


def compile_deep_copy(cls: type[T]) -> Callable[[T], T]:
    """A deep copy of instances of the slotted dataclass ``cls`` whose fields hold JSON data
    (:func:`copy_json` of every field): what ``copy.deepcopy`` makes of it, several times faster."""
    return compile_copy(cls, {f.name: "json" for f in fields(cast(Any, cls))})


_SHALLOW_COPIES: dict[type, Callable[[Any], Any]] = {}


def _shallow_copy(obj: T) -> T:
    """``copy.copy(obj)`` for a state: the :func:`compile_copy` of its class (compiled on the
    first copy, once the class is a finished slotted dataclass), or ``copy.copy`` itself for a
    class with other slots than its fields."""
    cls = type(obj)
    fn = _SHALLOW_COPIES.get(cls)
    if fn is None:
        slots = {s for c in cls.__mro__ for s in c.__dict__.get("__slots__", ())}
        is_plain = is_dataclass(cls) and slots == {f.name for f in fields(cls)} and "__dict__" not in slots
        fn = _SHALLOW_COPIES[cls] = compile_copy(cls) if is_plain else copy.copy
    result: T = fn(obj)
    return result


def compile_clone(copies: Mapping[str, Any]) -> Callable[[Any], Any]:
    """``clone`` for a state class, generated once from its copy table (as ``dataclasses``
    generates ``__init__``): the same statements a hand-written clone has, so it is as fast.

    A table entry is a kind of :data:`_COPIES`, ``("each", fn)`` / ``("values", fn)`` for a
    list / mapping whose items ``fn`` copies (often a :func:`compile_copy`), ``("one", fn)``
    for an optional object ``fn`` copies, or ``"owned"``: copy-on-write bookkeeping, a
    fresh empty set in both the copy and the original (neither may then change a shared
    object in place)."""
    namespace: dict[str, Any] = {
        "_copy": copy.copy,
        "_deepcopy": copy.deepcopy,
        "_copy_json": copy_json,
        "_shallow": _shallow_copy,
    }
    lines = ["def clone(self):", "    new = _shallow(self)"]
    for n, (name, how) in enumerate(copies.items()):
        if how == "owned":
            lines += [f"    new.{name} = set()", f"    self.{name} = set()"]
            continue
        if isinstance(how, tuple):
            kind, fn = how
            namespace[f"_fn{n}"] = fn
            expr = {
                "each": f"[_fn{n}(x) for x in self.{name}]",
                "values": f"{{k: _fn{n}(x) for k, x in self.{name}.items()}}",
                "one": f"None if self.{name} is None else _fn{n}(self.{name})",
            }[kind]
        else:
            expr = _COPIES[how].format(f=name)
        lines.append(f"    new.{name} = {expr}")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    clone: Callable[[Any], Any] = namespace["clone"]
    return clone


def common_state_dict(state: Any) -> dict[str, JSON]:
    """The part of a state dump every game system shares (:func:`header_fields`)."""
    return {name: _dump(how, getattr(state, name)) for name, how in header_fields(object, object).items()}


class GameStateBase:
    """The state contract every game system's ``GameState`` (a slotted dataclass) shares:
    its JSON dump and load (``to_dict`` / ``from_dict``, from the class's ``STORED`` table,
    in dump order) and ``clone`` (from its ``COPIES`` table: how each field that may change
    in place is copied; the others are shared by the shallow copy)."""

    __slots__ = ()

    STORED: ClassVar[Mapping[str, Stored]]
    COPIES: ClassVar[Mapping[str, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "COPIES" in cls.__dict__:
            setattr(cls, "clone", compile_clone(cls.COPIES))  # noqa: B010  (replaces the method)

    def clone(self) -> Self:
        raise NotImplementedError(f"{type(self).__name__} has no COPIES table")

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-friendly, canonical dump (snapshots and replay-equality checks)."""
        return {name: _dump(how, getattr(self, name)) for name, how in self.STORED.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The state a dump (:meth:`to_dict`, of this version or an older one) stands for."""
        values: dict[str, Any] = {}
        names: dict[str, str] = {}
        for name, how in cls.STORED.items():
            raw = data[name] if how.default is _MISSING else data.get(name, how.default)
            values[name] = _load(how, raw, names)
        return cls(**values)


ANNOTATION_TYPES: tuple[str, ...] = ("RulingNoted",)
"""Event types every game system's ``evolve`` skips: judges' interventions recorded in a
game's stream (docs/judge-interventions.md).  Applying one only advances ``state.seq`` (the
stream position the next event follows); nothing else of the state changes, and no
``before`` hook runs."""


class FoldableState(Protocol):
    """What :class:`EventHandlers` needs of a game system's state."""

    seq: int
    counter: int

    def clone(self) -> Self: ...


FS = TypeVar("FS", bound=FoldableState)


class EventHandlers(Generic[FS]):
    """One game system's event types and how each applies to its state.

    Handlers register with ``@handlers.handles("TypeName", ...)`` and take
    ``(state, event.data, event)``.  ``apply`` changes a state in place (replay);
    ``evolve`` applies to a clone (the engine contract).  ``before``, if given, runs ahead of
    every handler (e.g. to clear a pending decision)."""

    def __init__(
        self,
        system: str,
        before: Callable[[FS, Event], None] | None = None,
        copy: Callable[[FS], FS] | None = None,
    ) -> None:
        self.system = system
        self.before = before
        self.copy = copy
        """The copy ``evolve`` applies an event to (``clone`` when None): one that may share with the
        state it copies what the system's handlers copy before they change it (copy on write)."""
        self.handlers: dict[str, Callable[[FS, Mapping[str, Any], Event], None]] = {}

    def handles(
        self, *names: str
    ) -> Callable[[Callable[[FS, Mapping[str, Any], Event], None]], Callable[[FS, Mapping[str, Any], Event], None]]:
        def register(
            fn: Callable[[FS, Mapping[str, Any], Event], None],
        ) -> Callable[[FS, Mapping[str, Any], Event], None]:
            for name in names:
                self.handlers[name] = fn
            return fn

        return register

    def apply(self, state: FS, event: Event) -> None:
        """Apply one recorded event to ``state`` in place (an annotation, see
        :data:`ANNOTATION_TYPES`, only advances ``seq``)."""
        handler = self.handlers.get(event.type)
        if handler is None:
            if event.type in ANNOTATION_TYPES:
                state.seq = event.seq
                return
            raise UnknownEventError(f"{self.system} has no event type {event.type!r} (event {event.seq})")
        if self.before is not None:
            self.before(state, event)
        handler(state, event.data, event)
        state.seq = event.seq

    def evolve(self, state: FS, event: Event) -> FS:
        new = state.clone() if self.copy is None else self.copy(state)
        self.apply(new, event)
        return new


class RejectedError(Exception):
    """Raised inside ``decide`` to abandon a command; converted to a :class:`Rejection`."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection


class AcceptedError(Exception):
    """Raised by :meth:`DecisionContext.commit` in a probing context (:meth:`CommandTable.accepts`):
    the command has passed every check that could refuse it."""


class CopyNeededError(Exception):
    """Raised by :meth:`DecisionContext.emit` in a probe that runs on the caller's own state
    (``CommandTable(probe_in_place=True)``): the probe starts again on a copy."""


class DecisionContext(Generic[FS]):
    """The working context of ``decide``: a private copy of the state (``s``) plus the events
    emitted so far.  Every emitted event is applied to the copy at once (by the system's
    event handlers), so later rule logic in the same decision sees its effect, and the list
    of events replays to the same state.

    A system supplies its ``RULESET`` (or its own ``cite``) and, if it adds to every event's
    data, ``stamp``; :meth:`ask` is how every system asks a player to decide something."""

    RULESET: ClassVar[str] = ""

    def __init__(self, state: FS, cause: str, events: EventHandlers[FS]) -> None:
        self.s = state
        self.events: list[Event] = []
        self.cause = cause
        self.last: str | None = None
        self._apply = events.apply
        self.probing = False
        """Only whether the command is accepted is asked (:meth:`CommandTable.accepts`): the
        handler stops at :meth:`commit`."""
        self.in_place = False
        """``s`` is the caller's state, not a copy (a probe): emitting an event is refused."""

    def commit(self) -> None:
        """The handler's point of no refusal: every check that can refuse the command has
        passed, nothing it does from here on raises a rejection, and the events emitted so far
        decide the system's ``after`` check (:class:`CommandTable`) as all of them would.  A
        probe stops here (raises :class:`AcceptedError`); a real decision goes on."""
        if self.probing:
            raise AcceptedError

    def cite(self, rule: str) -> str:
        return f"{self.RULESET} {rule}"

    def stamp(self, type_: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """The data an event of ``type_`` is recorded with (a copy of ``data``)."""
        return dict(data)

    def emit(
        self, type_: str, data: Mapping[str, Any], rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
    ) -> str:
        """Record an event; returns its id (``ev:<seq>``).  Without an explicit cause an
        event follows from the previous event of this decision (or from the command)."""
        if self.in_place:
            raise CopyNeededError
        event = Event(
            seq=self.s.seq + 1,
            type=type_,
            data=self.stamp(type_, data),
            rule=self.cite(rule),
            cause=cause or self.last or self.cause,
            actor=actor,
        )
        self._apply(self.s, event)
        self.events.append(event)
        self.last = event_cause(event.seq)
        return self.last

    def ask(self, player: str, kind: str, options: Any, rule: str, *, cause: str | None = None, **more: Any) -> str:
        """The game waits for ``player``'s decision of ``kind``: a ``ChoiceRequested`` event
        ``{player, kind, options, **more}`` (``more``: what the system records with it, e.g.
        where its procedure resumes)."""
        return self.emit(
            "ChoiceRequested", {"player": player, "kind": kind, "options": options, **more}, rule, cause=cause
        )

    def reject(self, code: str, rule: str, message: str) -> RejectedError:
        return RejectedError(Rejection(code=code, rule=self.cite(rule), message=message))

    def fresh_id(self, prefix: str) -> str:
        return f"{prefix}{self.s.counter + 1}"


CX = TypeVar("CX", bound=DecisionContext[Any])
Handler = Callable[[CX, str, Mapping[str, Any]], None]
"""A command handler: ``(ctx, player, args)``; it emits events or raises a rejection."""

# --- command arguments: a tiny pure type vocabulary ----------------------------------------------


class ArgType:
    """The type of one command argument, declared as data where the command is registered
    (``@table.command(name, *pending, args={"card": ObjectId})``).  ``accepts`` checks a JSON
    value, ``describe`` names the type in a refusal, ``schema`` is its JSON Schema (for the
    HTTP layer's documentation).  ``a | b`` accepts either.  An argument given as ``null`` counts
    as not given: every handler already treats a missing argument and ``null`` alike."""

    def accepts(self, value: JSON) -> bool:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def schema(self) -> dict[str, JSON]:
        raise NotImplementedError

    def __or__(self, other: ArgType) -> ArgType:
        mine = self.options if isinstance(self, _OneOf) else (self,)
        theirs = other.options if isinstance(other, _OneOf) else (other,)
        return _OneOf((*mine, *theirs))


@dataclass(frozen=True, slots=True)
class _Str(ArgType):
    what: str
    description: str = ""

    def accepts(self, value: JSON) -> bool:
        return isinstance(value, str)

    def describe(self) -> str:
        return self.what

    def schema(self) -> dict[str, JSON]:
        return {"type": "string", "description": self.description or self.what}


@dataclass(frozen=True, slots=True)
class _Bool(ArgType):
    def accepts(self, value: JSON) -> bool:
        return isinstance(value, bool)

    def describe(self) -> str:
        return "true or false"

    def schema(self) -> dict[str, JSON]:
        return {"type": "boolean"}


@dataclass(frozen=True, slots=True)
class _Int(ArgType):
    lo: int | None = None
    hi: int | None = None

    def accepts(self, value: JSON) -> bool:
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def describe(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"an integer from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"an integer of {self.lo} or more"
        if self.hi is not None:
            return f"an integer of {self.hi} or less"
        return "an integer"

    def schema(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": "integer"}
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return out


@dataclass(frozen=True, slots=True)
class _Enum(ArgType):
    values: tuple[str, ...]

    def accepts(self, value: JSON) -> bool:
        return isinstance(value, str) and value in self.values

    def describe(self) -> str:
        return "one of " + ", ".join(repr(v) for v in self.values)

    def schema(self) -> dict[str, JSON]:
        return {"type": "string", "enum": list(self.values)}


@dataclass(frozen=True, slots=True)
class _List(ArgType):
    item: ArgType

    def accepts(self, value: JSON) -> bool:
        return isinstance(value, list) and all(self.item.accepts(v) for v in value)

    def describe(self) -> str:
        return f"a list of {self.item.describe()}"

    def schema(self) -> dict[str, JSON]:
        return {"type": "array", "items": self.item.schema()}


@dataclass(frozen=True, slots=True)
class _Fields(ArgType):
    fields: tuple[tuple[str, ArgType], ...]
    required: tuple[str, ...]

    def accepts(self, value: JSON) -> bool:
        if not isinstance(value, Mapping) or any(k not in value for k in self.required):
            return False
        types = dict(self.fields)
        return all(k in types and (v is None or types[k].accepts(v)) for k, v in value.items())

    def describe(self) -> str:
        names = ", ".join(k if k in self.required else f"{k}?" for k, _ in self.fields)
        return "{" + names + "}"

    def schema(self) -> dict[str, JSON]:
        return {
            "type": "object",
            "properties": {k: t.schema() for k, t in self.fields},
            "required": list(self.required),
            "additionalProperties": False,
        }


@dataclass(frozen=True, slots=True)
class _OneOf(ArgType):
    options: tuple[ArgType, ...]

    def accepts(self, value: JSON) -> bool:
        return any(t.accepts(value) for t in self.options)

    def describe(self) -> str:
        return " or ".join(t.describe() for t in self.options)

    def schema(self) -> dict[str, JSON]:
        return {"anyOf": [t.schema() for t in self.options]}


@dataclass(frozen=True, slots=True)
class _Optional(ArgType):
    inner: ArgType

    def accepts(self, value: JSON) -> bool:
        return value is None or self.inner.accepts(value)

    def describe(self) -> str:
        return f"{self.inner.describe()} (or null)"

    def schema(self) -> dict[str, JSON]:
        return {"anyOf": [self.inner.schema(), {"type": "null"}]}


@dataclass(frozen=True, slots=True)
class _Any(ArgType):
    what: str = "a JSON value"

    def accepts(self, value: JSON) -> bool:
        return True

    def describe(self) -> str:
        return self.what

    def schema(self) -> dict[str, JSON]:
        return {"description": self.what}


ObjectId: ArgType = _Str("an object id such as 'p1-007'", "an object id")
PlayerId: ArgType = _Str("a player id", "a player id")
Text: ArgType = _Str("a string")
Bool: ArgType = _Bool()
Integer: ArgType = _Int()


def IntRange(lo: int | None = None, hi: int | None = None) -> ArgType:  # noqa: N802 - a type constructor
    """An integer from ``lo`` to ``hi`` (either end open when ``None``)."""
    return _Int(lo, hi)


def OneOf(*values: str) -> ArgType:  # noqa: N802
    """One of a few strings (an enum)."""
    return _Enum(tuple(values))


def ListOf(item: ArgType) -> ArgType:  # noqa: N802
    """A JSON list whose every item is ``item``."""
    return _List(item)


def Fields(required: Sequence[str] = (), **fields: ArgType) -> ArgType:  # noqa: N802
    """A JSON object with these fields (``required`` of them mandatory, the rest optional)."""
    return _Fields(tuple(fields.items()), tuple(required))


def Optional(inner: ArgType) -> ArgType:  # noqa: N802
    """``inner`` or ``null``."""
    return _Optional(inner)


def Anything(what: str = "a JSON value") -> ArgType:  # noqa: N802
    """Any JSON value: the handler checks its shape itself (a choice whose shape the decision gives)."""
    return _Any(what)


ArgTable = Mapping[str, ArgType]
"""A command's arguments by name."""


class CommandTable(Generic[CX]):
    """A game system's command types by name (imperative: ``DeclareAttack``), each registered
    with ``@table.command(name, *pending)``, and the one way every system decides a command:
    refused once the game is over, from a player not in it or of an unknown type, otherwise
    run on a private copy of the state (``context``) to the events it emits or its refusal.

    ``pending`` lists the decision kinds a command answers: it is refused (citing
    ``expected``) unless the game waits for one of them by that player (``no_priority`` is
    the code when the game waits for another player's ``priority``, where a system has it).
    ``before``, ``begin`` and ``after`` are a system's own checks: of the command before it
    runs, on the new context, and of the events it produced; ``game_over`` the exceptions
    that end a decision early, keeping its events."""

    def __init__(
        self,
        context: Callable[[Any, str], CX],
        cite: Callable[[Any], Callable[[str], str]],
        *,
        finished: str,
        unknown_player: str,
        unknown_type: str,
        expected: str = "",
        no_priority: bool = False,
        game_over: tuple[type[Exception], ...] = (),
        before: Callable[[Any, Command], Rejection | None] | None = None,
        begin: Callable[[CX, Any, Command], None] | None = None,
        after: Callable[[Any, Command, list[Event]], Rejection | None] | None = None,
        probe_in_place: bool = False,
    ) -> None:
        self.handlers: dict[str, Handler[CX]] = {}
        self.arguments: dict[str, ArgTable] = {}
        """Every command's declared arguments by name (``args=`` of :meth:`command`)."""
        self.context = context
        self.cite = cite
        self.rules = (finished, unknown_player, unknown_type)
        self.expected = expected
        self.no_priority = no_priority
        self.game_over = game_over
        self.before, self.begin, self.after = before, begin, after
        self.probe_in_place = probe_in_place
        """The system's handlers change the state only by emitting events: :meth:`accepts`
        runs a handler on the state itself, no copy, until it commits or emits an event (then
        again on a copy)."""

    def command(self, name: str, *pending: str, args: ArgTable | None = None) -> Callable[[Handler[CX]], Handler[CX]]:
        """Register a command handler; ``pending`` lists the decision kinds it answers, ``args``
        every argument it reads and its type (none when omitted): :meth:`decide` refuses an
        argument not in it and one of another type."""
        self.arguments[name] = dict(args or {})

        def register(fn: Handler[CX]) -> Handler[CX]:
            if not pending:
                self.handlers[name] = fn
                return fn

            def guarded(ctx: CX, player: str, args: Mapping[str, Any]) -> None:
                p = ctx.s.pending
                if p is None or p.kind not in pending:
                    waiting = "nothing" if p is None else f"{p.kind} by {p.player}"
                    raise ctx.reject(
                        "rules/not_expected",
                        self.expected,
                        f"{name} is not possible now: the game is waiting for {waiting}",
                    )
                if p.player != player:
                    code = (
                        "rules/no_priority" if self.no_priority and p.kind == "priority" else "rules/not_your_decision"
                    )
                    raise ctx.reject(code, self.expected, f"{name} is not yours to make: the game waits for {p.player}")
                fn(ctx, player, args)

            self.handlers[name] = guarded
            return fn

        return register

    def decide(self, state: Any, cmd: Command, *, in_place: bool = False) -> list[Event] | Rejection:
        """The events ``cmd`` produces in ``state``, or why it is refused.  ``in_place``: the handler
        works on ``state`` itself rather than on a copy, so that ``state`` ends with the events
        applied (for a caller that owns it and would apply them anyway); after a refusal it is left
        part-way and must not be used.  Not with an ``after`` hook, which reads the state before the
        command; a ``begin`` hook is given that same state (it is the working state: a hook that needs
        the state before the command must tell, ``state is ctx.s``)."""
        if in_place and self.after is not None:
            raise DomainError("in-place decide needs the state before the command for the after hook")
        return self._decide(state, cmd, probing=False, in_place=in_place)

    def accepts(self, state: Any, cmd: Command) -> Rejection | None:
        """The refusal :meth:`decide` answers ``cmd`` with, or None if it accepts it, without
        carrying the command out: the handler runs to its :meth:`DecisionContext.commit`, where
        no later step can refuse it any more (a handler that never commits runs to its end),
        and the system's ``after`` check reads the events emitted until then.
        ``legal_actions`` checks its candidates with this."""
        answer = self._decide(state, cmd, probing=True)
        return answer if isinstance(answer, Rejection) else None

    def _decide(self, state: Any, cmd: Command, probing: bool, in_place: bool = False) -> list[Event] | Rejection:
        cause = command_cause(cmd.id or "anonymous")
        cite = self.cite(state)
        finished, unknown_player, unknown_type = self.rules
        if state.finished:
            return Rejection("game/finished", cite(finished), "the game is over; no further commands are accepted")
        if cmd.player not in state.players:
            return Rejection("game/unknown_player", cite(unknown_player), f"{cmd.player!r} is not in this game")
        handler = self.handlers.get(cmd.type)
        if handler is None:
            known = ", ".join(sorted(self.handlers))
            return Rejection(
                "command/unknown_type", cite(unknown_type), f"unknown command {cmd.type!r}; known: {known}"
            )
        declared = self.arguments.get(cmd.type, {})
        unknown = [k for k in cmd.args if k not in declared]
        if unknown:
            accepted = ", ".join(declared) or "none"
            return Rejection(
                "command/unknown_argument",
                cite(unknown_type),
                f"{cmd.type} has no argument {unknown[0]!r}; it accepts: {accepted}",
            )
        ill = next(
            ((k, t) for k, t in declared.items() if cmd.args.get(k) is not None and not t.accepts(cmd.args[k])), None
        )
        if self.before is not None:
            refused = self.before(state, cmd)
            if refused is not None:
                return refused
        if ill is None:
            return self._run(state, cmd, handler, cause, probing, in_place=in_place)
        # An ill-typed argument: the handler's own refusal of it (a specific rule) comes first; the
        # schema answers what the handler would accept, or fail on.
        try:
            answer = self._run(state, cmd, handler, cause, probing, in_place=in_place)
        except Exception:
            answer = []
        if isinstance(answer, Rejection):
            return answer
        key, expected = ill
        return Rejection("command/malformed", cite(unknown_type), f"{cmd.type}: {key!r} must be {expected.describe()}")

    def _run(
        self,
        state: Any,
        cmd: Command,
        handler: Handler[CX],
        cause: str,
        probing: bool,
        copy: bool = False,
        in_place: bool = False,
    ) -> list[Event] | Rejection:
        probe_here = probing and self.probe_in_place and not copy
        ctx = self.context(state if in_place or probe_here else state.clone(), cause)
        ctx.probing, ctx.in_place = probing, probe_here
        if self.begin is not None:
            self.begin(ctx, state, cmd)
        try:
            handler(ctx, cmd.player, dict(cmd.args))
        except CopyNeededError:  # nothing changed the state yet: the probe goes on a copy
            return self._run(state, cmd, handler, cause, probing, copy=True)
        except RejectedError as exc:
            return exc.rejection
        except AcceptedError:
            pass  # a probe: the events emitted before the handler committed
        except self.game_over:
            pass
        if self.after is not None:
            return self.after(state, cmd, ctx.events) or ctx.events
        return ctx.events


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    id: str
    name: str
    deck: Mapping[str, JSON]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a new game is created from.  ``seed`` drives every shuffle; it is supplied by
    the caller (the service draws it from the OS) and the resulting orders are recorded."""

    game_id: str
    ruleset: str
    variant: str
    players: Sequence[PlayerSpec]
    seed: int
    first_player: str | None = None
    unsupported: str = "manual"
    """What to do with cards whose text the rules engine cannot adjudicate (``Card.unsupported``):
    ``"refuse"`` rejects the game naming them; ``"manual"`` plays them with those abilities
    adjudicated by hand, every event that touches such a card marked ``manual``."""


S = TypeVar("S")


class RulesEngine(Protocol[S]):
    """What every game system provides.  All functions are pure."""

    @property
    def ruleset(self) -> str: ...

    @property
    def variants(self) -> tuple[str, ...]: ...

    def start(self, spec: GameSpec, catalog: Any) -> list[Event] | Rejection: ...

    def initial_state(self) -> S: ...

    def decide(self, state: S, command: Command) -> list[Event] | Rejection: ...

    def evolve(self, state: S, event: Event) -> S: ...

    def legal_actions(self, state: S, player: str) -> list[Command]: ...

    def view(self, state: S, viewer: str | None) -> dict[str, JSON]: ...

    def state_to_dict(self, state: S) -> dict[str, JSON]: ...

    def state_from_dict(self, data: Mapping[str, JSON]) -> S: ...


@dataclass(frozen=True, slots=True)
class EngineFunctions(Generic[S]):
    """A game system's pure module functions gathered into one :class:`RulesEngine`, with
    the optional hooks the service and the auditor look up (``evolve_in_place``,
    ``decide_in_place``, ``redact_event``, ``is_finished``, ``start_from_position``; ``None`` where a system
    has none)."""

    ruleset: str
    variants: tuple[str, ...]
    start: Callable[[GameSpec, Any], list[Event] | Rejection]
    initial_state: Callable[[], S]
    decide: Callable[[S, Command], list[Event] | Rejection]
    evolve: Callable[[S, Event], S]
    legal_actions: Callable[[S, str], list[Command]]
    view: Callable[[S, str | None], dict[str, JSON]]
    state_to_dict: Callable[[S], dict[str, JSON]]
    state_from_dict: Callable[[Mapping[str, JSON]], S]
    evolve_in_place: Callable[[S, Event], None] | None = None
    decide_in_place: Callable[[S, Command], list[Event] | Rejection] | None = None
    """``decide`` that applies the events to the state it is given as it decides (no copy): for a
    caller that owns the state and applies the events anyway (the auditor); after a refusal or an
    error that state is left part-way and must not be used."""
    redact_event: Callable[[S, Event, str | None], Event] | None = None
    is_finished: Callable[[S], bool] | None = None
    start_from_position: Callable[[GameSpec, Any, Any], tuple[list[Event], list[dict[str, JSON]]]] | None = None
    label: Callable[[S, Command], str] | None = None
    """The human-readable label of one of a player's legal actions (``domain.labels``)."""


def is_finished(state: Any) -> bool:
    """Whether the game is over: every game system's state has a ``finished`` flag."""
    return bool(state.finished)


def rules_engine(
    ruleset: str,
    variants: tuple[str, ...],
    *,
    initial_state: Callable[[], S],
    start: Callable[[GameSpec, Any], list[Event] | Rejection],
    decide: Callable[[S, Command], list[Event] | Rejection],
    legal_actions: Callable[[S, str], list[Command]],
    view: Callable[[S, str | None], dict[str, JSON]],
    events: EventHandlers[Any],
    state_to_dict: Callable[[S], dict[str, JSON]],
    state_from_dict: Callable[[Mapping[str, JSON]], S],
    redact_event: Callable[[S, Event, str | None], Event] | None = None,
    start_from_position: Callable[[GameSpec, Any, Any], tuple[list[Event], list[dict[str, JSON]]]] | None = None,
    label: Callable[[S, Command], str] | None = None,
    decide_in_place: Callable[[S, Command], list[Event] | Rejection] | None = None,
) -> EngineFunctions[S]:
    """The one adapter from a game system's pure functions to the :class:`RulesEngine`
    contract: ``evolve`` and ``evolve_in_place`` come from its event handlers, ``is_finished``
    from the state's ``finished`` flag; each system supplies only what is its own."""
    return EngineFunctions(
        ruleset,
        variants,
        start=start,
        initial_state=initial_state,
        decide=decide,
        evolve=events.evolve,
        legal_actions=legal_actions,
        view=view,
        state_to_dict=state_to_dict,
        state_from_dict=state_from_dict,
        evolve_in_place=events.apply,
        decide_in_place=decide_in_place,
        redact_event=redact_event,
        is_finished=is_finished,
        start_from_position=start_from_position,
        label=label,
    )


class Shuffler:
    """Deterministic shuffles from a recorded seed.  Each shuffle draws a fresh stream
    from ``(seed, index)``, so the n-th shuffle of a game can be re-derived by an auditor
    without replaying the others.  Only ``decide``/``start`` use it; ``evolve`` applies
    the recorded order."""

    def __init__(self, seed: int, index: int = 0) -> None:
        self.seed = seed
        self.index = index

    def shuffled(self, items: Sequence[str]) -> list[str]:
        rng = random.Random(f"{self.seed}:{self.index}")
        self.index += 1
        out = list(items)
        rng.shuffle(out)
        return out

    def choice(self, items: Sequence[str]) -> str:
        rng = random.Random(f"{self.seed}:{self.index}")
        self.index += 1
        return items[rng.randrange(len(items))]


def offer_choice(spec: Command, is_accepted: Callable[[Command], bool], limit: int) -> list[Command]:
    """The one legal action of the parameterised ``spec`` (its ``choice`` set): ``spec`` with
    the first selection ``decide`` accepts, smallest first, among at most ``limit`` of them;
    none when none of those is accepted."""
    choice = spec.choice
    assert choice is not None
    for picked in itertools.islice(choice.selections(), limit):  # those meeting its group constraints
        cmd = Command(spec.type, spec.player, {**spec.args, choice.arg: list(picked)}, choice=choice)
        if is_accepted(cmd):
            return [cmd]
    return []


def checking_choices(
    decide: Callable[[S, Command], list[Event] | Rejection],
    pending_choice: Callable[[S, str], Command | None],
    name_of: Callable[[S, str], str] | None = None,
) -> Callable[[S, Command], list[Event] | Rejection]:
    """``decide`` that also checks a selection against the player's pending :class:`Choice`
    (``pending_choice(state, player)``, the parameterised legal action): a wrong count, an unknown
    or repeated candidate or a broken constraint is refused naming the problem and the rule.  A
    refusal of the command itself comes first (it is the more specific: "not in your hand",
    "cannot Intercept"); the choice's check refuses whatever the command would let through."""

    def checked(state: S, cmd: Command) -> list[Event] | Rejection:
        answer = decide(state, cmd)
        if isinstance(answer, Rejection):
            return answer  # the command's own refusal names the problem more precisely
        names = None if name_of is None else (lambda oid: name_of(state, oid))
        return refused_choice(pending_choice(state, cmd.player), cmd, names) or answer

    return checked


def refused_choice(spec: Command | None, cmd: Command, names: Callable[[str], str] | None = None) -> Rejection | None:
    """The refusal of ``cmd``'s selection by the pending :class:`Choice` ``spec`` (the parameterised
    legal action of its player, read before the command), or None (see :func:`checking_choices`)."""
    if spec is not None and spec.type == cmd.type and spec.choice is not None:
        return spec.choice.check(cmd.args.get(spec.choice.arg), names)
    return None


def expanded(actions: Sequence[Command]) -> list[Command]:
    """``actions`` with each parameterised one replaced by a command per selection its
    :class:`Choice` allows (for small choices: tests and tools; a client lets its player pick)."""
    out: list[Command] = []
    for c in actions:
        out += [c] if c.choice is None else [c.choice.complete(c, sel) for sel in c.choice.selections()]
    return out
