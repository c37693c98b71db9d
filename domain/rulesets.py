"""The registry of game systems the service adjudicates, by ruleset id (e.g. ``FoW-5.5``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import ArgTable, RulesEngine

_ENGINES: dict[str, RulesEngine[Any]] = {}
_ARGUMENTS: dict[str, dict[str, ArgTable]] = {}


class UnknownRulesetError(LookupError):
    """No engine is registered under that ruleset id."""


def register(engine: RulesEngine[Any]) -> None:
    _ENGINES[engine.ruleset] = engine


def get_engine(ruleset: str) -> RulesEngine[Any]:
    _load_builtin()
    try:
        return _ENGINES[ruleset]
    except KeyError:
        known = ", ".join(sorted(_ENGINES)) or "none"
        raise UnknownRulesetError(f"unknown ruleset {ruleset!r}; known rulesets: {known}") from None


def list_rulesets() -> list[dict[str, Any]]:
    _load_builtin()
    return [
        {"ruleset": e.ruleset, "variants": list(e.variants)} for e in sorted(_ENGINES.values(), key=lambda e: e.ruleset)
    ]


_builtin_loaded = False


def _load_builtin() -> None:
    """Register the built-in engines once, whatever else was registered first: a test
    registering a fake engine must not hide the real ones.  The dependency goes one way:
    this registry imports the engines, which know nothing of it.

    Safe when the first requests of a new server process arrive on several threads at
    once: the flag is set only after every engine is registered, so no caller sees the
    registry before that; a caller that finds the flag unset registers them itself (the
    imports wait for each other, and registering the same engine twice changes nothing).
    An import that fails is tried again by the next call."""
    global _builtin_loaded
    if _builtin_loaded:
        return
    from domain.fow import engine as fow_engine
    from domain.gcg import engine as gcg_engine
    from domain.ll import engine as ll_engine

    for system in (fow_engine, gcg_engine, ll_engine):
        for engine in system.ENGINES:
            register(engine)
            _ARGUMENTS[engine.ruleset] = system.COMMAND_TABLE.arguments
    _builtin_loaded = True


def command_arguments(ruleset: str) -> dict[str, ArgTable]:
    """A built-in ruleset's command types and the arguments each accepts, by name (the
    ``args=`` tables of its command registrations); empty for a ruleset registered otherwise."""
    _load_builtin()
    return dict(sorted(_ARGUMENTS.get(ruleset, {}).items()))
