"""Standing instructions (docs/standing-instructions.md): the service passes for a player
while their instruction says so; each automatic pass is a normal command (the player as
actor, the instruction as its cause) that the audit re-adjudicates; it stops at the named
step, at the player's own turn, or when the opponent adds to the chase; and the opponent's
events are those of a game whose passes were sent by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.kernel import Command, Event, PlayerSpec
from service.app import GameService
from service.audit import Audits
from service.errors import InvalidRequestError
from service.instructions import (
    InstructionLog,
    clear_instruction,
    get_instruction,
    instruction_log_id,
    set_instruction,
)
from service.settings import Settings

PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "fire-starter", "automatic_cards_in_hand": "never"}),
    PlayerSpec("p2", "Bob", {"starter": "water-starter"}),
]


def make_service(path: Path) -> GameService:
    return GameService(Settings(allow_client_seed=True, store="sqlite", sqlite_path=path, judge_token="j" * 40))


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    games = make_service(tmp_path / "a.db")
    try:
        yield games
    finally:
        games.close()


def new_game(games: GameService) -> None:
    games.create_game("FoW-5.5", "valhalla", PLAYERS, seed=11, first_player="p1", game_id="g1")
    for n, player in enumerate(("p1", "p2")):  # keep both hands
        act = games.legal_actions("g1", player).actions[0]
        assert act.type == "ChangeHand"
        games.submit("g1", Command(act.type, player, act.args, id=f"hand{n}"))


def pending(games: GameService) -> dict[str, object]:
    state = games.view("g1", None).state
    return {"player": state["pending"]["player"], "turn": state["turn"], "phase": state["phase"], "step": state["step"]}


def pass_by_hand(games: GameService, player: str, n: int) -> None:
    games.submit("g1", Command("Pass", player, {}, id=f"{player}-pass-{n}"))


def test_passes_until_the_named_step_each_pass_a_command_of_the_player_caused_by_the_instruction(
    service: GameService,
) -> None:
    new_game(service)
    assert pending(service) == {"player": "p1", "turn": 1, "phase": "draw", "step": "begin"}
    made = set_instruction(service, "g1", "p2", until_step="end/end_of_turn")
    assert get_instruction(service, "g1", "p2") == made
    assert get_instruction(service, "g1", "p1") is None
    n = 0
    while pending(service)["step"] != "end_of_turn" or pending(service)["player"] != "p2":
        assert pending(service)["player"] == "p1", "p2 never has to decide before the named step"
        pass_by_hand(service, "p1", n)
        n += 1
    # stopped at the named step: p2 decides, the instruction is cleared
    assert pending(service) == {"player": "p2", "turn": 1, "phase": "end", "step": "end_of_turn"}
    assert get_instruction(service, "g1", "p2") is None
    judge = service.events("g1")
    auto = [e for e in judge if e.cause.startswith(f"cmd:auto:{made.id}:p2:")]
    passed = [e for e in auto if e.type == "PriorityPassed"]
    assert len(passed) == n - 1 and all(e.actor == "p2" for e in passed)  # p2 passed after each of p1's but the last
    game = service._load("g1")
    ids = [c for c in game.commands.to_dict() if c.startswith("auto:")]
    assert len(ids) == n - 1 and all(c.startswith(f"auto:{made.id}:p2:") for c in ids)
    # the owner sees the cause; the log of instructions says why it ended
    mine = service.events("g1", viewer="p2")
    assert [e.cause for e in mine if e.type == "PriorityPassed" and e.actor == "p2"] == [e.cause for e in passed]
    log = service.app.repository.get(instruction_log_id("g1"))
    assert isinstance(log, InstructionLog) and log.active == {}
    cleared = [e for e in service.app.events.get(instruction_log_id("g1")) if isinstance(e, InstructionLog.Cleared)]
    assert [(c.player, c.instruction_id, c.reason) for c in cleared] == [("p2", made.id, "until_step end/end_of_turn")]
    # the audit of the exported log (the seed is revealed at the end) re-adjudicates the
    # automatic passes like any command
    service.submit("g1", Command("Concede", "p1", {}, id="gg"))
    audits = Audits(service)
    assert audits.verify_chain("g1").status == "intact"
    verdict = audits.audit(audits.export_log("g1").to_text())
    assert verdict.is_consistent, verdict


def test_until_my_turn_and_clearing(service: GameService) -> None:
    new_game(service)
    set_instruction(service, "g1", "p2", until_my_turn=True)
    n = 0
    while pending(service)["player"] == "p1":
        pass_by_hand(service, "p1", n)
        n += 1
    assert pending(service) == {"player": "p2", "turn": 2, "phase": "draw", "step": "begin"}
    assert get_instruction(service, "g1", "p2") is None
    # an instruction without conditions passes until it is cleared
    set_instruction(service, "g1", "p1")
    assert pending(service)["player"] == "p2"
    pass_by_hand(service, "p2", 0)
    assert pending(service)["player"] == "p2", "p1 passed by itself"
    assert clear_instruction(service, "g1", "p1") is True
    assert clear_instruction(service, "g1", "p1") is False
    pass_by_hand(service, "p2", 1)
    assert pending(service)["player"] == "p1"


def test_setting_an_instruction_passes_at_once_when_it_is_the_players_decision(service: GameService) -> None:
    new_game(service)
    before = pending(service)
    assert before["player"] == "p1"
    set_instruction(service, "g1", "p1", until_step="main")
    assert pending(service) == {"player": "p2", "turn": 1, "phase": "draw", "step": "begin"}


def test_client_command_ids_may_not_look_automatic_and_bad_instructions_are_refused(service: GameService) -> None:
    new_game(service)
    with pytest.raises(InvalidRequestError) as reserved:
        service.submit("g1", Command("Pass", "p1", {}, id="auto:si-0000:p1:3"))
    assert reserved.value.code == "command/reserved_id"
    with pytest.raises(InvalidRequestError) as bad:
        set_instruction(service, "g1", "p1", until_step="End Step!")
    assert bad.value.code == "instruction/bad_step"


def opponent_events(games: GameService) -> list[Event]:
    return games.events("g1", viewer="p1")


def test_the_opponent_sees_exactly_a_game_whose_passes_were_sent_by_hand(tmp_path: Path) -> None:
    auto, manual = make_service(tmp_path / "auto.db"), make_service(tmp_path / "manual.db")
    try:
        new_game(auto)
        new_game(manual)
        set_instruction(auto, "g1", "p2", until_opponent_adds_to_chase=True, until_step="main")
        n = 0
        while pending(auto)["player"] == "p1":
            pass_by_hand(auto, "p1", n)
            n += 1
        seen = opponent_events(auto)
        # the causes p1 saw for p2's automatic passes: ids a client could have chosen
        hand_ids: dict[int, str] = {}
        for e in seen:
            assert "auto" not in e.cause
            if e.type == "PriorityPassed" and e.actor == "p2":
                hand_ids[e.seq] = e.cause.removeprefix("cmd:")
        assert hand_ids
        # the same game with p2's passes sent by hand, under those ids
        for k in range(n):
            pass_by_hand(manual, "p1", k)
            if pending(manual)["player"] == "p2" and k < n - 1:
                version = manual.view("g1", None).version
                manual.submit("g1", Command("Pass", "p2", {}, id=hand_ids[version + 1]))
        assert [e.to_dict() for e in opponent_events(manual)] == [e.to_dict() for e in seen]
        assert manual.view("g1", "p1").state == auto.view("g1", "p1").state
        # and the owner's own view differs only in the causes of its automatic passes
        mine_auto, mine_manual = auto.events("g1", viewer="p2"), manual.events("g1", viewer="p2")
        assert [(e.seq, e.type, e.data) for e in mine_auto] == [(e.seq, e.type, e.data) for e in mine_manual]
    finally:
        auto.close()
        manual.close()


def test_stops_when_the_opponent_adds_to_the_chase(service: GameService) -> None:
    new_game(service)
    made = set_instruction(service, "g1", "p2", until_opponent_adds_to_chase=True)
    played = False
    for n in range(40):
        if pending(service)["player"] != "p1":
            break
        acts = {a.type: a for a in service.legal_actions("g1", "p1").actions}
        act = acts.get("CallMagicStone") or acts.get("PlayCard") or acts["Pass"]
        played = played or act.type == "PlayCard"
        service.submit("g1", Command(act.type, "p1", act.args, id=f"p1-{n}"))
    assert played
    state = service.view("g1", "p2").state
    assert state["pending"] == {"kind": "priority", "player": "p2"}
    assert [c["controller"] for c in state["chase"]] == ["p1"]
    assert get_instruction(service, "g1", "p2") is None
    cleared = [e for e in service.app.events.get(instruction_log_id("g1")) if isinstance(e, InstructionLog.Cleared)]
    assert [(c.instruction_id, c.reason) for c in cleared] == [(made.id, "until_opponent_adds_to_chase")]


def test_gcg_takes_no_instruction_and_ll_passes_with_its_own_pass_commands(service: GameService) -> None:
    gcg = [PlayerSpec("p1", "A", {"starter": "blue_bulwark"}), PlayerSpec("p2", "B", {"starter": "red_rampage"})]
    service.create_game("GCG-1.00", "standard", gcg, seed=5, game_id="gcg")
    with pytest.raises(InvalidRequestError) as refused:
        set_instruction(service, "gcg", "p1", until_my_turn=True)
    assert refused.value.code == "instruction/unsupported"
    ll = [PlayerSpec("p1", "A", {"starter": "monolium_starlight"}), PlayerSpec("p2", "B", {"starter": "septpia_tides"})]
    service.create_game("LL-2.04", "standard", ll, seed=5, game_id="ll")
    made = set_instruction(service, "ll", "p2")  # until cleared
    for n in range(300):
        shown = service.view("ll", None)
        if shown.finished or shown.state["turn"] > 6:
            break
        player = shown.state["pending"]["player"]
        acts = [a for a in service.legal_actions("ll", player).actions if a.type != "Concede"]
        act = next((a for a in acts if a.type == "DeclareAttack"), None) or next(
            (a for a in acts if a.type == "Deploy"), acts[0]
        )
        service.submit("ll", Command(act.type, player, act.args, id=f"ll-{n}"))
    automatic = [c for c in service._load("ll").commands.to_dict() if c.startswith(f"auto:{made.id}:p2:")]
    assert automatic, "p2 was asked to intercept or to define its logic at least once"
    passes = {e.type: e.actor for e in service.events("ll") if e.cause.startswith(f"cmd:auto:{made.id}:")}
    assert passes and set(passes.values()) <= {"p2", "rules"}
    service.submit("ll", Command("Concede", "p1", {}, id="ll-gg"))
    audits = Audits(service)
    assert audits.audit(audits.export_log("ll").to_text()).is_consistent
