"""Reads of a state remembered within one engine call (``decide``, ``legal_actions``).

Characteristics (FoW-5.5 9.9) and the active continuous abilities they come from are read
hundreds of times per decision, mostly of states that have not changed in between: the state
``legal_actions`` lists for, and each copy ``decide`` works on between two of its events.  While
an engine call runs (:func:`within_one_call`), such a read is remembered per state object and
``seq``.  That is sound because, inside ``decide`` and ``legal_actions``, a state changes only by
``apply_event`` (the law of ``domain.fow.state``), which sets ``seq`` to that of the event, and the
events applied there follow the state's own (``Ctx.emit``: ``seq + 1``): a state object at a
``seq`` always holds the same facts.  Each entry keeps its state alive, so no other object takes
its ``id`` while the entry lives, and the memo is dropped when the outermost call returns:
nothing is remembered between calls (a state a test or a reconstruction changes in place between
two calls is read afresh), and no answer depends on what an earlier call read.  The memo is
per thread and task (a context variable): concurrent requests share nothing."""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, ParamSpec, Protocol, TypeVar

_MEMO: ContextVar[dict[Any, tuple[Any, Any]] | None] = ContextVar("fow_memo", default=None)

P = ParamSpec("P")
R = TypeVar("R")


class Versioned(Protocol):
    """A state whose ``seq`` moves with every event applied to it."""

    seq: int


S = TypeVar("S", bound=Versioned)
A = TypeVar("A")


def current() -> dict[Any, tuple[Any, Any]] | None:
    """The memo of the engine call running now (None outside one): key -> (state, value)."""
    return _MEMO.get()


def read(state: S, fn: Callable[[S, A], R], arg: A) -> R:
    """``fn(state, arg)``, a pure read of ``state``: computed once per state object and ``seq``
    within the engine call running now (every time outside one).  The value is shared by every
    caller of that read: ``fn`` returns what no caller changes, or its wrapper copies it."""
    remembered = _MEMO.get()
    if remembered is None:
        return fn(state, arg)
    key = (id(state), state.seq, fn, arg)
    hit = remembered.get(key)
    if hit is None:
        hit = remembered[key] = (state, fn(state, arg))
    value: R = hit[1]
    return value


def within_one_call(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` (an engine entry point) with reads remembered while it runs; a call inside another
    shares the outer call's memo."""

    @functools.wraps(fn)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
        if _MEMO.get() is not None:
            return fn(*args, **kwargs)
        token = _MEMO.set({})
        try:
            return fn(*args, **kwargs)
        finally:
            _MEMO.reset(token)

    return wrapped
