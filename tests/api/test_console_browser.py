"""The judge console end to end: a real uvicorn server on a free port (SQLite store), real
games of every game system played through the HTTP API, and Debian's Chromium (never a
downloaded browser) driven by Playwright.

Given a game recorded through the API, when the judge opens it in the console, then the
board shows the cards the API reports, the slider steps through the timeline, clicking an
event shows its why-chain with citations and rule text, rejected attempts are marked, and a
replay log's audit verdict is shown with a jump to the first problem.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.api.console_support import SYSTEMS, bearer, chromium, open_page, png_size, serve

JUDGE_TOKEN = "console-e2e-judge-token-0123456789abcdef"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``uvicorn api.app:app`` on SQLite in a temporary directory; yields its base URL."""
    with serve(tmp_path_factory.mktemp("console-server"), JUDGE_TOKEN) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with open_page(browser, 1400, 1000) as pg:
        yield pg


# ------------------------------------------------------------------------ games through the API


@dataclass
class PlayedGame:
    game_id: str
    ruleset: str
    tokens: dict[str, str]
    version: int
    rejected: int


def play_game(base: str, ruleset: str, commands: int = 40, seed: int = 3) -> PlayedGame:
    """Create a game and play ``commands`` legal commands chosen with a seeded RNG; also
    send one command the rules refuse (a legal move sent by the wrong player)."""
    variant, deck1, deck2 = SYSTEMS[ruleset]
    game_id = f"console-{ruleset.replace('.', '_')}-{seed}"
    body = {
        "ruleset": ruleset,
        "variant": variant,
        "seed": seed,
        "game_id": game_id,
        "players": [{"id": "p1", "name": "Alice", "deck": deck1}, {"id": "p2", "name": "Bob", "deck": deck2}],
    }
    created = httpx.post(f"{base}/games", json=body, timeout=30)
    assert created.status_code == 201, created.text
    tokens: dict[str, str] = created.json()["player_tokens"]
    rng = random.Random(seed)
    rejected = 0
    with httpx.Client(base_url=base, timeout=30) as http:
        for n in range(commands):
            moves = {
                p: http.get(f"/games/{game_id}/legal-actions", headers=bearer(t)).json()["actions"]
                for p, t in tokens.items()
            }
            mover = next((p for p, acts in moves.items() if any(a["type"] != "Concede" for a in acts)), None)
            if mover is None:
                break
            choices = [a for a in moves[mover] if a["type"] != "Concede"]
            active = [a for a in choices if a["type"] != "Pass"]
            action = rng.choice(active if active and rng.random() < 0.8 else choices)
            if n == 3 and not rejected:  # the other player tries the same move: refused, nothing recorded
                other = next(p for p in tokens if p != mover)
                wrong = {"command_id": f"wrong-{n}", "type": action["type"], "args": action["args"]}
                refused = http.post(f"/games/{game_id}/commands", json=wrong, headers=bearer(tokens[other]))
                assert refused.status_code == 422, refused.text
                rejected += 1
            cmd = {"command_id": f"c{n}", "type": action["type"], "args": action["args"]}
            sent = http.post(f"/games/{game_id}/commands", json=cmd, headers=bearer(tokens[mover]))
            assert sent.status_code == 200, sent.text
        version = http.get(f"/games/{game_id}/state", headers=bearer(JUDGE_TOKEN)).json()["version"]
    return PlayedGame(game_id, ruleset, tokens, version, rejected)


@pytest.fixture(scope="module")
def games(server: str) -> dict[str, PlayedGame]:
    return {ruleset: play_game(server, ruleset) for ruleset in SYSTEMS}


def judge_get(base: str, path: str) -> Any:
    r = httpx.get(f"{base}{path}", headers=bearer(JUDGE_TOKEN), timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def _cards(zone: Any) -> list[dict[str, Any]]:
    cards = zone.get("cards", []) if isinstance(zone, dict) else zone
    return [c for c in cards if isinstance(c, dict)]


def open_in_console(page: Page, base: str, game_id: str) -> None:
    page.goto(f"{base}/console")
    page.fill("#game-id", game_id)
    page.fill("#token", JUDGE_TOKEN)
    page.click("#open")
    expect(page.locator("#status")).to_contain_text(f"Game {game_id}", timeout=30_000)
    expect(page.locator("#board .player").first).to_be_visible()


# ------------------------------------------------------------------------ tests


@pytest.mark.parametrize("ruleset", list(SYSTEMS))
def test_the_board_renders_every_game_system_and_steps_through_the_timeline(
    server: str, games: dict[str, PlayedGame], page: Page, tmp_path: Path, ruleset: str
) -> None:
    game = games[ruleset]
    final = judge_get(server, f"/games/{game.game_id}/state")
    open_in_console(page, server, game.game_id)

    # Every player and every zone of the engine's view is drawn, with its cards.
    state = final["state"]
    players = state["players"]
    assert page.locator("#board .player").count() == len(players)
    names_shown = page.locator("#board").inner_text()
    for pid, p in players.items():
        panel = page.locator(f'#board .player[data-player="{pid}"]')
        expect(panel).to_be_visible()
        for zone_name, zone in p["zones"].items():
            zone_el = panel.locator(f'.zone[data-zone="{zone_name}"]')
            assert zone_el.count() == 1, f"zone {zone_name} of {pid} is not drawn"
            cards = _cards(zone)
            assert zone_el.locator(".card").count() == len(cards), zone_name
            for c in cards:
                if "deck" not in zone_name:  # decks are folded; their cards are in the DOM all the same
                    assert c["name"] in names_shown, f"{c['name']} ({zone_name}) is not on the board"
            if cards:
                assert zone_el.locator(f'.card[data-oid="{cards[0]["oid"]}"]').count() == 1
    # Turn, phase and priority come from the state.
    facts = page.locator("#board .game-facts").inner_text()
    assert str(state["turn"]) in facts
    assert state["phase"].replace("_", " ") in facts
    if state.get("pending"):
        assert page.locator(f'#board .player[data-player="{state["pending"]["player"]}"] .badge.priority').count() == 1

    # Recognisable fields get their own rendering.
    for p in players.values():
        for zone in p["zones"].values():
            for c in _cards(zone):
                card = page.locator(f'#board .card[data-oid="{c["oid"]}"]')
                if c.get("rested") is True:
                    assert "rested" in (card.get_attribute("class") or "").split()
                if isinstance(c.get("damage"), int) and c["damage"] > 0:
                    assert f"{c['damage']} damage" in card.inner_text()

    # The slider is at the last event; stepping back shows the earlier board from the API.
    slider = page.locator("#slider")
    assert slider.input_value() == str(game.version)
    expect(page.locator("#at")).to_have_text(f"after event {game.version} of {game.version}")
    page.click("#first")
    expect(page.locator("#at")).to_have_text(f"after event 1 of {game.version}")
    first = judge_get(server, f"/games/{game.game_id}/state?at=1")
    expect(page.locator("#board .fact-version")).to_have_text("1")
    assert first["version"] == 1
    page.click("#next")
    expect(page.locator("#at")).to_have_text(f"after event 2 of {game.version}")
    page.click("#last")
    expect(page.locator("#board .fact-version")).to_have_text(str(game.version))

    # A screenshot of the rendered board.
    shot = tmp_path / f"board-{ruleset}.png"
    page.screenshot(path=str(shot), full_page=True)
    width, height = png_size(shot)
    assert width >= 1000 and height >= 600, (width, height)
    assert shot.stat().st_size > 20_000, "the screenshot looks empty"


def test_clicking_an_event_shows_its_why_chain_with_citations_and_rule_text(
    server: str, games: dict[str, PlayedGame], page: Page
) -> None:
    game = games["FoW-5.5"]
    events = judge_get(server, f"/games/{game.game_id}/events?limit=1000")["events"]
    # An event caused by an earlier event, so the chain has several links.
    seq = max(e["seq"] for e in events if e["cause"].startswith("ev:") and e["seq"] < game.version - 2)
    chain = judge_get(server, f"/games/{game.game_id}/why/{seq}")["chain"]
    assert len(chain) >= 2
    open_in_console(page, server, game.game_id)
    timeline = judge_get(server, f"/games/{game.game_id}/timeline")["entries"]
    assert page.locator("#timeline li.event").count() == len(timeline) == game.version
    entry = next(t for t in timeline if t["seq"] == seq)
    item = page.locator(f'#timeline li.event[data-seq="{seq}"]')
    expect(item).to_contain_text(entry["summary"])
    item.click()

    steps = page.locator("#why li.why-step")
    expect(steps).to_have_count(len(chain))
    expect(page.locator("#why h3")).to_have_text(f"Why #{seq} happened")
    assert steps.first.get_attribute("data-seq") == str(seq)
    for i, link in enumerate(chain):
        step = steps.nth(i)
        if link["rule"]:
            expect(step.locator(".rule")).to_have_text(link["rule"])
        if link["rule_text"]:
            expect(step.locator(".rule-text")).to_have_text(link["rule_text"])
        if link["summary"]:
            expect(step).to_contain_text(link["summary"])
    assert any(link["rule_text"] for link in chain), "no link of the chain resolved to rule text"
    assert "null" not in page.locator("#why").inner_text()
    # The board moved to the clicked event.
    expect(page.locator("#at")).to_have_text(f"after event {seq} of {game.version}")
    expect(page.locator("#board .fact-version")).to_have_text(str(seq))
    assert "selected" in (item.get_attribute("class") or "").split()


def test_rejected_attempts_are_marked_in_the_timeline_where_they_happened(
    server: str, games: dict[str, PlayedGame], page: Page
) -> None:
    game = games["GCG-1.00"]
    attempts = judge_get(server, f"/games/{game.game_id}/rejections")["attempts"]
    assert len(attempts) == game.rejected == 1
    attempt = attempts[0]
    open_in_console(page, server, game.game_id)
    marked = page.locator("#timeline li.rejection")
    expect(marked).to_have_count(1)
    expect(marked).to_contain_text(attempt["code"])
    expect(marked).to_contain_text(f"rejected {attempt['command']['type']} by {attempt['player']}")
    if attempt["rule"]:
        expect(marked.locator(".rule")).to_have_text(attempt["rule"])
    before = marked.evaluate("li => li.previousElementSibling && li.previousElementSibling.dataset.seq")
    assert before == str(attempt["based_on_version"])
    page.uncheck("#show-rejections")
    expect(marked).to_have_count(0)


@pytest.fixture(scope="module")
def finished_game(server: str) -> PlayedGame:
    """A FoW-5.5 game played for a while and then conceded, so its log reveals the seed."""
    game = play_game(server, "FoW-5.5", commands=25, seed=11)
    with httpx.Client(base_url=server, timeout=30) as http:
        concede = {"command_id": "concede", "type": "Concede", "args": {}}
        r = http.post(f"/games/{game.game_id}/commands", json=concede, headers=bearer(game.tokens["p2"]))
        assert r.status_code == 200, r.text
        state = http.get(f"/games/{game.game_id}/state", headers=bearer(JUDGE_TOKEN)).json()
    assert state["finished"] is True
    game.version = state["version"]
    return game


def test_a_replay_log_is_audited_and_the_console_jumps_to_the_first_problem(
    server: str, finished_game: PlayedGame, page: Page, tmp_path: Path
) -> None:
    game = finished_game
    open_in_console(page, server, game.game_id)

    # The open game's own log audits consistent.
    page.click("#audit-export")
    expect(page.locator("#status")).to_contain_text(f"Loaded the replay log of {game.game_id}")
    text = page.locator("#audit-log").input_value()
    lines = text.splitlines()
    header = json.loads(lines[0])
    assert header["game_id"] == game.game_id and header["seed"] is not None
    page.click("#audit-run")
    expect(page.locator("#audit-verdict .verdict-word")).to_have_text("✓ consistent")
    expect(page.locator("#audit-jump")).to_be_hidden()
    assert page.locator("#audit-steps li.audit-step").count() == len([ln for ln in lines if ln.strip()])

    # Step 6 is changed: the other player sends it.  The audit names step 6 and the console
    # jumps there, showing the board the command was decided against.
    k = 6
    entries = [json.loads(ln) for ln in lines[1:] if ln.strip()]
    tampered = entries[k - 1]
    assert tampered["step"] == k
    tampered["command"]["player"] = "p2" if tampered["command"]["player"] == "p1" else "p1"
    forged = "\n".join([lines[0], *(json.dumps(e) for e in entries)]) + "\n"
    expected = httpx.post(f"{server}/audits", json={"log": forged}, timeout=60).json()
    assert expected["verdict"] in {"inconsistent", "diverged"} and expected["step"] == k, expected
    page.fill("#audit-log", forged)
    page.click("#audit-run")
    expect(page.locator("#audit-verdict .verdict-word")).to_have_text("✗ " + expected["verdict"])
    expect(page.locator("#audit-verdict .verdict-step")).to_have_text(str(k))
    if expected.get("rule"):
        expect(page.locator("#audit-verdict .verdict-rule")).to_have_text(expected["rule"])
    if expected.get("rule_text"):
        expect(page.locator("#audit-verdict .verdict-rule-text")).to_have_text(expected["rule_text"])
    problem = page.locator("#audit-steps li.problem")
    expect(problem).to_have_count(1)
    assert problem.get_attribute("data-step") == str(k)
    page.click("#audit-jump")
    before = entries[k - 2]["result"]["version"]
    expect(page.locator("#at")).to_have_text(f"after event {before} of {game.version}")
    expect(page.locator("#status")).to_contain_text(f"Board just before step {k}")
    expect(problem).to_be_in_viewport()
    assert "null" not in page.locator("#audit-verdict").inner_text()
    shot = tmp_path / "audit.png"
    page.screenshot(path=str(shot))
    assert png_size(shot) == (1400, 1000)

    # A malformed log points at its broken line.
    broken = "\n".join([lines[0], lines[1], "{not json", *lines[3:]])
    page.fill("#audit-log", broken)
    page.click("#audit-run")
    expect(page.locator("#audit-verdict .verdict-word")).to_have_text("✗ malformed")
    assert page.locator("#audit-steps li.problem").get_attribute("data-line") == "3"
