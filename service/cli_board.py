"""The board of ``adjudicator state``, as text a judge reads at the table.

It is drawn from an engine's ``view()`` output alone, so it serves every game system: the
game's position (turn, phase, who must decide, the battle and the chase or any other open
list), then per player the counters of the player (life, will, rage...) and every zone with
its card names and counts.  A zone the viewer may not see is a count (``{"count": N}``,
with the cards they may see, or the top card); a face-down card is "face-down card".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["board_lines"]

_POSITION_KEYS = frozenset(
    {
        "game_id",
        "ruleset",
        "variant",
        "version",
        "turn",
        "turn_player",
        "first_player",
        "phase",
        "step",
        "pending",
        "players",
        "finished",
        "winner",
        "result",
        "viewer",
        "seed",
        "resume",
        "reconstructed",
    }
)
"""Top-level view keys drawn by name; every other one is drawn generically (battle, chase...)."""
_CARD_DETAIL_KEYS = frozenset({"oid", "card", "name", "type", "rank", "traits", "revealed"})
"""Card keys left out of a card's label (identity, printed type and characteristics)."""


def board_lines(
    state: Mapping[str, Any], players: Sequence[Mapping[str, Any]], finished: bool | None = None
) -> list[str]:
    """The board of one view (``GameView.state``) as lines of text; ``finished`` is the
    engine's own answer where the view does not say (``GameView.finished``)."""
    done = bool(state.get("finished") or finished or state.get("winner"))
    people = {str(p["id"]): str(p.get("name") or p["id"]) for p in players}
    names = _card_names(state) | people

    def who(pid: Any) -> str:
        return f"{people[pid]} ({pid})" if pid in people else str(pid)

    lines: list[str] = []
    position = []
    if state.get("turn_player"):
        position.append(f"turn player: {who(state['turn_player'])}")
    if state.get("first_player"):
        position.append(f"first player: {who(state['first_player'])}")
    pending = state.get("pending")
    if isinstance(pending, Mapping) and pending.get("player"):
        position.append(f"waiting for: {who(pending['player'])} ({pending.get('kind', 'a decision')})")
    elif not done:
        position.append("waiting for: nobody")
    if position:
        lines.append("; ".join(position))
    if done:
        winner = f"won by {who(state['winner'])}" if state.get("winner") else "no winner"
        result = f": {_describe(state['result'], names)}" if state.get("result") else ""
        lines.append(f"finished: {winner}{result}")
    for key, value in state.items():
        if key in _POSITION_KEYS:
            continue
        if isinstance(value, list):
            lines.append(f"{key} ({len(value)}): {_describe(value, names)}" if value else f"{key}: none")
        else:
            lines.append(f"{key}: {_describe(value, names) if value not in (None, {}) else 'none'}")
    table = state.get("players")
    if isinstance(table, Mapping):
        for pid, player in table.items():
            lines += _player_lines(who(pid), player, names)
    return lines


def _player_lines(title: str, player: Any, names: Mapping[str, str]) -> list[str]:
    if not isinstance(player, Mapping):
        return [f"{title}: {_describe(player, names)}"]
    facts = []
    for key, value in player.items():
        if key in ("name", "zones") or value is None or value is False:
            continue
        if key == "lost":
            facts.append(f"LOST ({_describe(value, names)})")
        elif value is True:
            facts.append(key.replace("_", " "))
        else:
            facts.append(f"{key.replace('_', ' ')} {_describe(value, names)}")
    lines = [f"{title}: {', '.join(facts)}" if facts else title]
    zones = player.get("zones")
    if isinstance(zones, Mapping):
        width = max((len(str(z)) for z in zones), default=0)
        lines += [f"  {str(zone).ljust(width)}  {_zone(content, names)}" for zone, content in zones.items()]
    return lines


def _zone(content: Any, names: Mapping[str, str]) -> str:
    """``[cards]`` (all seen) or ``{"count": N, "cards"?: [seen], "top"?: card}`` (hidden)."""
    if isinstance(content, list):
        return f"{_count(len(content))}: {_grouped(content, names)}" if content else "-"
    if isinstance(content, Mapping) and isinstance(content.get("count"), int):
        n = content["count"]
        seen = content.get("cards")
        text = _count(n)
        if isinstance(seen, list) and len(seen) == n and n:
            return f"{text}: {_grouped(seen, names)}"
        if n:
            text += " (hidden)"
        if isinstance(seen, list) and seen:
            text += f", {len(seen)} shown: {_grouped(seen, names)}"
        if isinstance(content.get("top"), Mapping):
            text += f", top card: {_card(content['top'], names)}"
        return text
    return _describe(content, names)


def _count(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _grouped(cards: Iterable[Any], names: Mapping[str, str]) -> str:
    """Card labels with their counts, in order of first appearance: ``Thunder x3; Flame Cat``
    (``;`` as card names hold commas: "Godzilla, Juvenile")."""
    counts: dict[str, int] = {}
    for card in cards:
        label = _card(card, names) if isinstance(card, Mapping) else _describe(card, names)
        counts[label] = counts.get(label, 0) + 1
    return "; ".join(label if n == 1 else f"{label} x{n}" for label, n in counts.items())


def _is_card(value: Any) -> bool:
    return isinstance(value, Mapping) and ("card" in value or value.get("face_down") is True) and "item" not in value


def _card(card: Mapping[str, Any], names: Mapping[str, str]) -> str:
    label = card.get("name") or card.get("card")
    if not label:
        label = "face-down card"
    details = []
    for key, value in card.items():
        if key in _CARD_DETAIL_KEYS or value is None or value is False or value in ([], {}, 0):
            continue
        if key == "face_down":
            if card.get("name"):
                details.append("face down")
        elif key in ("atk", "def_"):
            if key == "atk":
                details.append(f"{value}/{card.get('def_')}")
        elif value is True:
            details.append(key.replace("_", " "))
        else:
            details.append(f"{key.replace('_', ' ')} {_describe(value, names)}")
    return f"{label} [{', '.join(details)}]" if details else str(label)


def _describe(value: Any, names: Mapping[str, str]) -> str:
    """Any view value on one line: card objects by name, object and player ids as ``name (id)``."""
    if _is_card(value):
        return _card(value, names)
    if isinstance(value, Mapping):
        parts = [
            f"{k.replace('_', ' ')} {_describe(v, names)}" for k, v in value.items() if v not in (None, [], {}, False)
        ]
        return "{" + "; ".join(parts) + "}" if parts else "-"
    if isinstance(value, list):
        if any(_is_card(v) or isinstance(v, Mapping) for v in value):
            return "; ".join(_describe(v, names) for v in value)
        return ", ".join(_describe(v, names) for v in value) if value else "-"
    if isinstance(value, str) and value in names:
        return f"{names[value]} ({value})"
    return str(value)


def _card_names(value: Any) -> dict[str, str]:
    """``oid -> name`` of every card object the view shows (to name the ids in a battle or a chase)."""
    out: dict[str, str] = {}
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Mapping):
            if isinstance(v.get("oid"), str) and isinstance(v.get("name"), str):
                out[v["oid"]] = v["name"]
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out
