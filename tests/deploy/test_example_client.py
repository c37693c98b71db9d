"""The example platform client (docs/examples/play_over_stream.py) plays a whole game
against a real uvicorn server on SQLite: through the stream, one request per decision
(the command), the game dealt from both players' entropy; the game ends, and the audit of
its exported replay log is consistent."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench._server import start, stop

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "play_over_stream.py"
JUDGE = "example-judge-" + "e" * 40


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("example") / "games.db"
    env = {"ADJUDICATOR_STORE": "sqlite", "ADJUDICATOR_SQLITE_PATH": str(db), "ADJUDICATOR_JUDGE_TOKEN": JUDGE}
    proc, base = start("api.app:app", env, timeout=60)
    try:
        yield base
    finally:
        stop(proc)


def test_the_example_client_plays_a_whole_game_over_the_stream(url: str) -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--base-url", url, "--concede-turn", "3"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert summary["finished"] is True
    assert summary["decisions"] > 20 and summary["entropy_requests"] == 2
    assert summary["requests_per_decision"] == 1.0, summary  # the command, nothing else
    judge = {"Authorization": f"Bearer {JUDGE}"}
    game = summary["game_id"]
    state = httpx.get(f"{url}/games/{game}/state", headers=judge, timeout=30).json()
    assert state["finished"] is True and state["state"]["result"] is not None
    log = httpx.get(f"{url}/games/{game}/log", headers=judge, timeout=30)
    assert log.status_code == 200, log.text
    verdict = httpx.post(f"{url}/audits", json={"log": log.text}, headers=judge, timeout=120)
    assert verdict.status_code == 200, verdict.text
    assert verdict.json()["verdict"] == "consistent", verdict.json()
