"""What a player may see (FoW-5.5 3.1 hidden information): the state's view and redacted events."""

from __future__ import annotations

from typing import Any

from domain import hidden
from domain.fow import position
from domain.fow.characteristics import characteristics, effective_type, may_look_at_top_card, top_card_revealed
from domain.fow.state import HIDDEN_ZONES, PLAYGROUND, GameState
from domain.kernel import JSON, Event

# --- views (3.1 hidden information) -------------------------------------------------------


def _obj_view(s: GameState, oid: str) -> dict[str, JSON]:
    obj = s.objects[oid]
    card = s.card_of(oid)
    view: dict[str, JSON] = {"oid": oid, "card": card.id, "name": card.name}
    if obj.zone in PLAYGROUND:
        chars = characteristics(s, oid)
        view.update(
            type=effective_type(s, oid),
            rested=obj.rested,
            atk=chars.atk,
            def_=chars.def_,
            damage=obj.damage,
            skills=sorted(chars.skills),
            counters=dict(obj.counters),
            attached_to=obj.attached_to,
        )
        if obj.side != "front":
            view["side"] = obj.side
    if obj.pseudo:  # a token copy, a copy of a spell: a pseudo-card, not a physical card (FoW-5.5 10.16 p1.1)
        view["pseudo"] = True
    return view


def is_visible(s: GameState, oid: str, viewer: str | None) -> bool:
    obj = s.objects[oid]
    if viewer is None:
        return True
    if obj.zone in ("hand", "standby"):
        return obj.owner == viewer or obj.revealed
    if obj.zone == "main_deck" and s.zones[obj.owner]["main_deck"][-1:] == [oid] and top_card_revealed(s, obj.owner):
        return True  # "Your opponent plays with the top card of their main deck revealed" (10.4 p1)
    if obj.zone == "main_deck" and obj.owner == viewer and s.zones[viewer]["main_deck"][-1:] == [oid]:
        # "You may look at the top card of your main deck at any time" (3.1 p2)
        return obj.revealed or may_look_at_top_card(s, viewer)
    if obj.zone == "outside":  # the owner's sideboard (3.16 p1): theirs to see; the others see it revealed
        return obj.owner == viewer or obj.revealed
    if obj.zone in HIDDEN_ZONES:
        return obj.revealed
    # a card removed face down is hidden but from the players allowed to see it (3.12 p2.1): its owner,
    # who knows it or may look at it, unless it was removed unseen (no "You may look at them", 3.2 p2)
    return not (obj.zone == "removed" and obj.face_down and (obj.owner != viewer or obj.unseen))


def view(state: GameState, viewer: str | None) -> dict[str, JSON]:
    """The game as ``viewer`` may see it (a judge when None): hidden zones show counts only."""
    s = state
    players: dict[str, JSON] = {}
    for pid in s.order:
        p = s.players[pid]
        zones: dict[str, JSON] = {}
        for zone, oids in s.zones[pid].items():
            if zone == "outside":  # out of the game (3.16 p1): a count, with the cards the viewer may see
                if oids:
                    visible = [_obj_view(s, o) for o in oids if is_visible(s, o, viewer)]
                    zones[zone] = {"count": len(oids), "cards": visible}
                continue
            if viewer is None:
                zones[zone] = [_obj_view(s, o) for o in oids]
            elif zone in HIDDEN_ZONES:
                visible = [_obj_view(s, o) for o in oids if is_visible(s, o, viewer)]
                zones[zone] = (
                    {"count": len(oids), "cards": visible} if zone in ("hand", "standby") else {"count": len(oids)}
                )
                if zone == "main_deck" and oids and pid == viewer and may_look_at_top_card(s, viewer):
                    # "You may look at the top card of your main deck at any time" (3.1 p2)
                    zones[zone] = {"count": len(oids), "top": _obj_view(s, oids[-1])}
                if zone == "main_deck" and oids and top_card_revealed(s, pid):
                    # "Your opponent plays with the top card of their main deck revealed" (10.4 p1)
                    zones[zone] = {"count": len(oids), "top": _obj_view(s, oids[-1])}
            else:
                zones[zone] = [_obj_view(s, o) for o in oids if is_visible(s, o, viewer)]
        players[pid] = {"name": p.name, "life": p.life, "will": list(p.will), "lost": p.lost, "zones": zones}
    chase = [
        {
            "item": c.id,
            "kind": c.kind,
            "controller": c.controller,
            # the source of an automatic ability working outside the game may be hidden (3.16 p1)
            "source": _obj_view(s, c.source) if is_visible(s, c.source, viewer) else {"oid": c.source},
            "targets": c.targets,
        }
        for c in s.chase
    ]
    out: dict[str, JSON] = {
        "game_id": s.game_id,
        "ruleset": s.ruleset,
        "variant": s.variant,
        "version": s.seq,
        "turn": s.turn,
        "turn_player": s.turn_player,
        "phase": s.phase,
        "step": s.step,
        "pending": {"kind": s.pending.kind, "player": s.pending.player} if s.pending else None,
        "battle": None
        if s.battle is None
        else {"attacker": s.battle.attacker, "target": s.battle.target, "blocker": s.battle.blocker},
        "chase": chase,
        "players": players,
        "finished": s.finished,
        "winner": s.winner,
        "result": s.result,
        "viewer": viewer or "judge",
    }
    if s.reconstructed:
        out["reconstructed"] = True  # started from a declared position (domain.fow.position)
    if viewer is None:
        out["seed"] = s.seed
        out["pending"] = (
            {"kind": s.pending.kind, "player": s.pending.player, "options": s.pending.options} if s.pending else None
        )
    return out


def _resumes_own(resume: Any, viewer: str) -> bool:
    """Whether a question's ``resume`` (none, or the command it decides again and the decision that
    command answered) is ``viewer``'s own."""
    if not isinstance(resume, dict):
        return True
    answered = resume.get("pending")
    mine = resume["command"]["player"] == viewer
    return mine and (not isinstance(answered, dict) or answered.get("player") == viewer)


def _zone_visible(zone: str, owner: Any, viewer: str) -> bool:
    """Public zones, plus the hand and chant-standby area for their owner (3.5 p2, 3.11 p2)."""
    if zone in ("hand", "standby", "outside"):  # and the owner's cards outside the game (3.16 p1)
        return bool(owner == viewer)
    return zone not in HIDDEN_ZONES


def _unseen_blanked(value: Any, state: GameState, viewer: str) -> Any:
    """``value`` with every object id the viewer cannot see replaced by ``None``."""
    if isinstance(value, str):
        return None if value in state.objects and not is_visible(state, value, viewer) else value
    if isinstance(value, list):
        return [_unseen_blanked(v, state, viewer) for v in value]
    if isinstance(value, dict):
        return {k: _unseen_blanked(v, state, viewer) for k, v in value.items()}
    return value


def _hidden_standby_source(state: GameState, source: Any, viewer: str) -> bool:
    """Whether ``source`` is a card in a chant-standby area that ``viewer`` may not see (3.1 p2)."""
    if not isinstance(source, str) or source not in state.objects:
        return False
    return state.objects[source].zone == "standby" and not is_visible(state, source, viewer)


def redact_event(state: GameState, event: Event, viewer: str | None) -> Event:
    """An event as ``viewer`` may see it.  ``state`` is the state *after* the event (only
    card ownership is read from it)."""
    if viewer is None:
        return event
    d = dict(event.data)
    t = event.type
    if t == "GameStarted":
        d.pop("seed", None)
        d["objects"] = [o if o["owner"] == viewer else {**o, "card": None} for o in d["objects"]]
        d["cards"] = hidden.own_deck_list(event.data["cards"], event.data["objects"], viewer)
        # the cards adjudicated by hand that the viewer brings, never those of the opponent's deck or
        # sideboard (3.1 p2, 3.16 p1): listed only when the viewer has some
        manual = [m for m in event.data.get("manual", []) if m["card"] in d["cards"]]
        d.pop("unsupported", None)
        d.pop("manual", None)
        if manual:
            d.update(unsupported="manual", manual=manual)
    elif t == "DeckShuffled":
        d["order"] = None
        d["count"] = len(event.data["order"])
    elif t == "CardMoved":
        owner = d.get("owner")
        # a card removed face down is hidden from all but its owner here (3.12 p2.1), and from its
        # owner too when removed unseen (no "You may look at them")
        owner_sees = owner == viewer and not d.get("unseen")
        into = _zone_visible(d["to"], owner, viewer) and (not d.get("face_down") or owner_sees)
        seen = _zone_visible(d["from"], owner, viewer) or into or d.get("revealed")
        if not seen:
            d["oid"] = None
            d["card"] = None
    elif t == "HandChangeDeclared" and d.get("player") != viewer:
        d["cards"] = None
        d["count"] = len(event.data["cards"])
    elif t == "ChoiceRequested" and d.get("player") != viewer:
        d["options"] = {}
    elif (
        t == "ChoiceRequested"
        and isinstance(d.get("options"), dict)
        and not _resumes_own(d["options"].get("resume"), viewer)
    ):
        # which replacement of a move applies, asked as another player's command moved the card: that
        # command and the decision it answered (``commands.ask_move_choice``) are theirs alone
        d["options"] = {k: v for k, v in d["options"].items() if k != "resume"}
    elif t == "LoopDeclared" and d.get("player") != viewer:  # objects the declarer names that the viewer cannot see
        d["actions"] = _unseen_blanked(d["actions"], state, viewer)
    elif t == "RevealWindowOpened" and d.get("player") != viewer:
        d["cards"] = None  # which cards in their hand fit the happening is the player's alone (9.6 p2)
    elif t == "AbilityTriggered" and _hidden_standby_source(state, d.get("source"), viewer):
        # a face-down card in a chant-standby area (7.9 p2, 12.5 p2): not which card, nor whether it
        # is a chant-standby or a [Stealth] card - it is named as it is played (revealed)
        d["source"] = None
        d["kind"] = None
    elif t == "CardLookedAt" and d.get("player") != viewer:
        d["card"] = None  # only the looker sees the card (3.1 p2)
    elif t == position.EVENT:
        d = position.redact(d, viewer)
    return Event(event.seq, event.type, d, event.rule, event.cause, event.actor)
