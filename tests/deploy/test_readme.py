"""Every command README.md shows is run, as a reader of a fresh clone would run it, and
answers what the README says.

* The ``sh`` blocks run for real with bash and curl against a real server
  (``uvicorn api.app:app`` on a free port, started in an empty folder with no
  ``ADJUDICATOR_*`` setting, so it stores its games in ``./data/adjudicator.db`` and
  prints its own judge token, as ``make run`` does).  The reader's substitutions are the
  only changes: ``API=`` is that server's address, and each ``X=...`` placeholder gets the
  value the README says to keep (the tokens from the answer to ``POST /games``, the player
  ``pending`` names and their token, the judge token the server printed).  Each
  ``# -> [status] {...}`` comment is checked against the answer of the command before it
  (``...`` and ``…`` stand for anything; objects need the keys shown, lists start with the
  items shown); a command without one must succeed (2xx).  Which player the deal's draw
  makes choose is random: the comments show bob, and the test swaps alice and bob in them
  when the draw picked alice, so the tour must be right either way.
* Lines excluded from running are listed in :data:`NOT_RUN` with the reason.
* Every inline ``adjudicator ...`` and ``curl ...`` code span runs too, in the same folder
  against the same store: :data:`CLI_CASES` gives, for each span exactly as written, the
  concrete lines a reader types (placeholders such as ``GAME`` filled in) and what must
  come out.  A span without a case, or a case without its span, fails the test.

The card-database lines read ``tests/data/carddata`` (the copy of the public database that
ships for the tests, tests/fow/carddata.py): the test links ``tests`` in its folder to the
repository's.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain.randomness import server_seed_commitment

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
STARTUP_SECONDS = 60

NOT_RUN = {
    "make run": "starts the server: this test starts the same uvicorn command itself, on a free port",
    "make test": "runs the whole test suite, this file included",
    "make lint": "ruff and mypy over the repository: CI runs it (.ci/run)",
    "make bench": "the benchmarks take minutes and change no behaviour",
    "make clean": "removes caches of the developer's checkout",
}
"""Commands of the ``sh`` blocks that are not run here (a prefix of the line), and why."""

ANY = object()
QUIET = ("--no-access-log",)


# --------------------------------------------------------------------------------------
# reading the README


def sh_blocks(text: str) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)


def inline_commands(text: str) -> list[str]:
    """Inline code spans (outside code blocks) that are commands: ``adjudicator ...``, ``curl ...``."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    spans = re.findall(r"`([^`\n]+)`", prose.replace("\n", " "))
    return [s for s in spans if s.startswith(("adjudicator ", "curl "))]


@dataclass
class Step:
    command: str
    expect: str | None = None


def steps(block: str) -> list[Step]:
    """The commands of a block, each with the ``# -> ...`` comment that follows it."""
    out: list[Step] = []
    pending: list[str] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if pending:
            pending.append(line)
            if _complete(pending):
                out.append(Step("\n".join(pending)))
                pending = []
            continue
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("# ->"):
            expect = [stripped[len("# ->") :].strip()]
            while _depth(" ".join(expect)) > 0 and i < len(lines) and lines[i].startswith("#  "):
                expect.append(lines[i][1:].strip())
                i += 1
            assert out, f"an expectation before any command: {stripped}"
            assert out[-1].expect is None, f"two expectations for {out[-1].command!r}"
            out[-1].expect = " ".join(expect)
            continue
        if stripped.startswith("#"):
            continue
        pending = [line]
        if _complete(pending):
            out.append(Step(line))
            pending = []
    assert not pending, f"an unfinished command: {pending}"
    return out


def _complete(lines: list[str]) -> bool:
    text = "\n".join(lines)
    return text.count("'") % 2 == 0 and not text.endswith("\\")


def _depth(text: str) -> int:
    return sum(text.count(c) for c in "{[") - sum(text.count(c) for c in "}]")


def expectation(text: str) -> tuple[int | None, Any]:
    """``[status] shape`` of a ``# -> ...`` comment; the shape as JSON with ``...``/``…`` as wildcards."""
    m = re.fullmatch(r"(\d{3})?\s*(.*)", text.strip(), re.S)
    assert m is not None
    status, shape = (int(m.group(1)) if m.group(1) else None), m.group(2).strip()
    if not shape:
        return status, ANY
    shape = shape.replace("{...}", '"<any>"').replace("[...]", '"<any>"')
    shape = re.sub(r",\s*\.\.\.\s*([}\]])", r', "<more>"\1', shape)
    shape = re.sub(r'"<more>"\}', '"<more>": true}', shape)
    try:
        return status, json.loads(shape)
    except json.JSONDecodeError as exc:
        raise AssertionError(f"the README's expected answer is not readable: {text!r} ({exc})") from None


def matches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from the README's ``expected`` shape (empty: it matches)."""
    if expected is ANY or expected == "<any>" or (isinstance(expected, str) and ("..." in expected or "…" in expected)):
        if isinstance(expected, str) and expected != "<any>" and actual is None:
            return [f"{path}: a value, got null"]
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: an object, got {actual!r}"]
        return [p for k, v in expected.items() if k != "<more>" for p in _key(k, v, actual, path)]
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{path}: a list, got {actual!r}"]
        items = [e for e in expected if e != "<more>"]
        problems = [] if "<more>" in expected or len(items) == len(actual) else [f"{path}: {len(items)} items"]
        if len(actual) < len(items):
            return [f"{path}: at least {len(items)} items, got {len(actual)}"]
        return problems + [p for n, e in enumerate(items) for p in matches(e, actual[n], f"{path}[{n}]")]
    return [] if expected == actual else [f"{path}: {expected!r}, got {actual!r}"]


def _key(key: str, expected: Any, actual: dict[str, Any], path: str) -> list[str]:
    if key not in actual:
        return [f"{path}.{key}: missing"]
    return matches(expected, actual[key], f"{path}.{key}")


def swap_players(value: Any) -> Any:
    """``value`` with alice and bob exchanged (the README shows bob as the one to choose)."""
    if isinstance(value, str):
        return re.sub(r"\b(alice|bob)\b", lambda m: "bob" if m.group(1) == "alice" else "alice", value)
    if isinstance(value, dict):
        return {k: swap_players(v) for k, v in value.items()}
    if isinstance(value, list):
        return [swap_players(v) for v in value]
    return value


# --------------------------------------------------------------------------------------
# the reader's machine: a server, curl and adjudicator on the PATH


@dataclass
class Reader:
    folder: Path
    url: str
    server_log: Path
    env: dict[str, str]
    answers: list[tuple[str, int, Any]] = field(default_factory=list)

    def sh(self, command: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-c", command], cwd=self.folder, env=self.env, capture_output=True, text=True, timeout=timeout
        )

    def curl(self, command: str) -> tuple[int, Any]:
        """Run a curl line; its status and its JSON answer (the wrapper appends the status)."""
        done = self.sh(command)
        assert done.returncode == 0, f"{command}\n{done.stderr}"
        body, _, status = done.stdout.rstrip("\n").rpartition("\n")
        assert status.isdigit(), f"{command}: no status in {done.stdout!r}"
        try:
            answer = json.loads(body)
        except json.JSONDecodeError:
            answer = body
        self.answers.append((command, int(status), answer))
        return int(status), answer

    def judge_token(self) -> str:
        m = re.search(r"this process's judge token is ([A-Za-z0-9_-]+)", self.server_log.read_text())
        assert m, "the server did not print its judge token (README: 'this process's judge token is ...')"
        return m.group(1)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[Reader]:
    folder = tmp_path / "clone"
    folder.mkdir()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    real_curl = shutil.which("curl")
    assert real_curl, "the README's tour needs curl"
    (bin_dir / "curl").write_text(f"#!/bin/sh\nexec {real_curl} -w '\\n%{{http_code}}\\n' \"$@\"\n")
    (bin_dir / "adjudicator").write_text(f'#!/bin/sh\nexec {sys.executable} -m service.cli "$@"\n')
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ADJUDICATOR_") and k != "RULES_DIR"}
    env |= {"PYTHONPATH": str(REPO), "PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", "COLUMNS": "200"}
    port = _free_port()
    log_path = tmp_path / "server.log"
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "api.app:app", "--host", "127.0.0.1", "--port", str(port), *QUIET],
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            assert server.poll() is None, f"the server exited:\n{log_path.read_text()}"
            try:
                if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"no answer from {url} within {STARTUP_SECONDS}s"
            time.sleep(0.2)
        yield Reader(folder, url, log_path, env)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# --------------------------------------------------------------------------------------
# the sh blocks


def _not_run(command: str) -> str | None:
    return next((prefix for prefix in NOT_RUN if command.startswith(prefix)), None)


def test_every_sh_block_runs_as_the_readme_says(reader: Reader) -> None:
    text = README.read_text(encoding="utf-8")
    blocks = sh_blocks(text)
    assert blocks, "README.md has no sh block"
    skipped: set[str] = set()
    state = Tour(reader)
    ran = 0
    for block in blocks:
        for step in steps(block):
            prefix = _not_run(step.command)
            if prefix is not None:
                skipped.add(prefix)
                continue
            state.run(step)
            ran += 1
    assert skipped == set(NOT_RUN), f"NOT_RUN lists commands the README no longer shows: {set(NOT_RUN) - skipped}"
    assert ran >= 10 and state.chooser is not None and state.command_sent
    state.check_prose()


class Tour:
    """Runs the steps of the API tour in order, as the reader does."""

    EXAMPLE_CHOOSER = "bob"

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.vars: dict[str, str] = {}
        self.created: dict[str, Any] | None = None
        self.chooser: str | None = None
        self.command_sent = False

    def run(self, step: Step) -> None:
        command = step.command
        assignment = re.fullmatch(r"([A-Z]+)=(\S*?);?(?:\s*;\s*([A-Z]+)=(\S*?);?)?\s*(#.*)?", command.strip())
        if assignment:
            self.assign(command.strip(), assignment)
            return
        assert command.lstrip().startswith("curl "), f"a README command this test cannot run: {command!r}"
        status, answer = self.reader.curl(command)
        if isinstance(answer, dict) and self.created is None and "player_tokens" in answer:
            self.created = answer
            self.check_awaiting_entropy()
        pending = answer.get("state", {}).get("pending") if isinstance(answer, dict) else None
        if self.chooser is None and isinstance(pending, dict):
            self.chooser = str(pending["player"])
        if "/commands" in command and status == 200:
            self.command_sent = True
        if step.expect is None:
            assert 200 <= status < 300, f"{command}\n-> {status} {answer}"
            return
        want_status, shape = expectation(step.expect)
        if self.chooser is not None and self.chooser != self.EXAMPLE_CHOOSER:
            shape = swap_players(shape)
        if want_status is not None:
            assert status == want_status, f"{command}\n-> {status} {answer}, the README says {want_status}"
        else:
            assert 200 <= status < 300, f"{command}\n-> {status} {answer}"
        problems = matches(shape, answer)
        assert not problems, f"{command}\n-> {answer}\nthe README says {step.expect}: {problems}"

    def assign(self, line: str, m: re.Match[str]) -> None:
        names = [n for n in (m.group(1), m.group(3)) if n]
        values = [v for v in (m.group(2), m.group(4)) if v is not None]
        if names == ["API"]:
            assert values == ["http://127.0.0.1:8000"], f"the tour's API is make run's address: {line}"
            self.vars["API"] = self.reader.url
        elif names == ["ALICE", "BOB"] and values == ["...", "..."]:
            assert self.created is not None, "the tokens are kept before the game is created"
            self.vars |= {"ALICE": self.created["player_tokens"]["alice"], "BOB": self.created["player_tokens"]["bob"]}
        elif names == ["P", "TOKEN"] and values == ["...", "..."]:
            assert self.chooser is not None, "P is read from the state's 'pending' before it is set"
            self.vars |= {"P": self.chooser, "TOKEN": self.vars[self.chooser.upper()]}
            self.check_the_illegal_command_example()
        elif names == ["JUDGE"] and values == ["..."]:
            self.vars["JUDGE"] = self.reader.judge_token()
        else:
            raise AssertionError(f"a placeholder this test does not know how to fill in: {line}")
        self.reader.env |= self.vars

    # ------------------------------------------------------------ claims made in comments and prose

    def check_awaiting_entropy(self) -> None:
        """'Until then the game answers 409 game/awaiting_entropy (naming who is missing)'."""
        assert self.created is not None
        token = self.created["player_tokens"]["alice"]
        answer = httpx.get(
            f"{self.reader.url}/games/demo/legal-actions?player=alice", headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status_code == 409, answer.text
        assert answer.json()["error"]["code"] == "game/awaiting_entropy"
        assert answer.json()["error"]["details"]["missing"] == ["alice", "bob"]

    def check_the_illegal_command_example(self) -> None:
        """The 422 example: the other player sending the ChooseTurnOrder (nothing is recorded,
        the next step still sees version 9)."""
        text = README.read_text(encoding="utf-8")
        m = re.search(r"answers 422 with a stable code and the rule:\n((?:#   .*\n)+)", text)
        assert m, "the README's example of an illegal command is gone"
        example = json.loads(" ".join(line[1:].strip() for line in m.group(1).splitlines()))
        if self.chooser != self.EXAMPLE_CHOOSER:
            example = swap_players(example)
        other = "alice" if self.chooser == "bob" else "bob"
        answer = httpx.post(
            f"{self.reader.url}/games/demo/commands",
            headers={"Authorization": f"Bearer {self.vars[other.upper()]}"},
            json={"command_id": "readme-illegal", "expected_version": 9, "type": "ChooseTurnOrder"}
            | {"args": {"play_first": True}},
        )
        assert answer.status_code == 422, answer.text
        assert answer.json() == example

    def check_prose(self) -> None:
        """The event shape of the README's ``json`` block, and the docs and console addresses."""
        url, alice = self.reader.url, self.vars["ALICE"]
        text = README.read_text(encoding="utf-8")
        shown = json.loads(re.search(r"^```json\n(.*?)^```", text, re.M | re.S).group(1))  # type: ignore[union-attr]
        events = httpx.get(f"{url}/games/demo/events", headers={"Authorization": f"Bearer {alice}"}).json()["events"]
        assert events and all(set(e) == set(shown) for e in events)
        for page in ("/docs", "/console"):
            assert httpx.get(url + page).status_code == 200, page


# --------------------------------------------------------------------------------------
# the inline adjudicator and curl lines

Check = Callable[[subprocess.CompletedProcess[str], "Reader"], None]


def _ok(*lines_in: str, first: str | None = None) -> Check:
    def check(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
        assert done.returncode == 0, f"{done.args}\n{done.stdout}\n{done.stderr}"
        out = done.stdout
        if first is not None:
            assert re.fullmatch(first, out.splitlines()[0]), out.splitlines()[0]
        for want in lines_in:
            assert want in out, f"{want!r} not in:\n{out}"

    return check


def _json_view(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)["state"]["players"]) == {"alice", "bob"}


def _exported(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    assert done.returncode == 0, done.stderr
    lines = (reader.folder / "demo.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]  # JSON Lines: a header, then one line per command
    assert [r.get("step") for r in records[1:]] == [1, 2]  # ChooseTurnOrder, Concede


def _verdict(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    # under the other version a finding is a valid answer (exit 1), a usage error is not
    assert done.returncode in (0, 1) and done.stdout.startswith("verdict: "), done.stdout + done.stderr
    assert "(re-run under FoW-5.01)" in done.stdout.splitlines()[0]


def _imported(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    assert done.returncode == 0, done.stderr
    assert re.search(r"wrote \d+ card definitions to data/fow-cards\.json", done.stdout), done.stdout
    assert len(json.loads((reader.folder / "data" / "fow-cards.json").read_text())["cards"]) > 1000


def _reissued(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    assert done.returncode == 0 and done.stdout.rstrip().endswith("\n200"), done.stdout
    new = json.loads(done.stdout.rstrip().rpartition("\n")[0])
    assert new["player"] == "bob" and new["token"] != reader.env["BOB"]
    old = httpx.get(f"{reader.url}/games/demo/state", headers={"Authorization": f"Bearer {reader.env['BOB']}"})
    assert old.status_code == 401  # the old token is void


def _cards_listed(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    assert done.returncode == 0 and done.stdout.rstrip().endswith("\n200"), done.stdout
    page = json.loads(done.stdout.rstrip().rpartition("\n")[0])
    assert page["cards"] and all("ren" in c["name"].lower() and c["system"] == "ll" for c in page["cards"])
    assert "Ren Hoshino" in [c["name"] for c in page["cards"]] and len(page["cards"]) <= 5


def _streamed(done: subprocess.CompletedProcess[str], reader: Reader) -> None:
    """The finished game's stream: alice's events as /events gives them, then the last
    decision (the game is over: the stream ended by itself)."""
    assert done.returncode == 0 and done.stdout.rstrip().endswith("\n200"), done.stdout[-500:]
    lines = done.stdout.splitlines()
    events = [
        json.loads(line[len("data: ") :])
        for n, line in enumerate(lines)
        if lines[n - 1].startswith("event: ") and line.startswith("data: ") and lines[n - 1] != "event: decision"
    ]
    alice = {"Authorization": f"Bearer {reader.env['ALICE']}"}
    assert events == httpx.get(f"{reader.url}/games/demo/events?limit=1000", headers=alice).json()["events"]
    decision = json.loads(lines[lines.index("event: decision", len(lines) - 6) + 1][len("data: ") :])
    assert decision["finished"] is True and decision["version"] == events[-1]["seq"]


CARDS = "tests/data/carddata/force-of-will/cards.json"
BATCH = "tests/data/carddata/force-of-will/cardBatchImport.json"
CLI_CASES: dict[str, list[tuple[str, Check]]] = {
    "adjudicator timeline GAME": [("adjudicator timeline demo", _ok(first=r"Timeline of game demo \(\d+ events\)"))],
    "adjudicator why GAME N": [
        ("adjudicator why demo 11", _ok("<- [cmd:c2]", first=r"Why did event 11 of game demo happen\?"))
    ],
    "adjudicator state GAME --at N [--as p2]": [
        ("adjudicator state demo --at 12", _ok("(full judge view)", "Alice (alice): life 4000", "main_deck ")),
        ("adjudicator state demo --at 12 --as alice", _ok("(as alice saw it)", "cards (hidden)")),
    ],
    "adjudicator state": [
        (
            "adjudicator state demo",
            _ok("finished: won by Bob (bob)", "  hand ", first=r"Game demo \(FoW-5.5 valhalla\) just .*"),
        ),
        ("adjudicator state demo --json", _json_view),
    ],
    "adjudicator rejections GAME": [
        ("adjudicator rejections demo", _ok("rules/not_your_decision", first="Rejected attempts in game demo: 1"))
    ],
    "adjudicator games --rule ... --player ... --loss ...": [
        ("adjudicator games --rule 'FoW-5.5 4.2' --player Alice --loss conceded", _ok("demo", first=r"1 game\(s\)")),
        ("adjudicator games --rule 'FoW-5.5 4.2' --player Carol --loss conceded", _ok(first=r"0 game\(s\)")),
    ],
    "adjudicator project --follow": [],  # run by test_project_follow_polls_until_interrupted
    "adjudicator project --rebuild": [("adjudicator project --rebuild", _ok(first=r"rebuilt the games index: .*"))],
    "adjudicator export GAME": [("adjudicator export demo > demo.jsonl", _exported)],
    "adjudicator audit LOG [--ruleset R]": [
        ("adjudicator audit demo.jsonl", _ok("verdict: consistent (re-run under FoW-5.5)", "final state digest")),
        ("adjudicator audit demo.jsonl --ruleset FoW-5.01", _verdict),
    ],
    "adjudicator verify GAME": [("adjudicator verify demo", _ok(first=r"demo: intact; \d+ events; head .*"))],
    f"adjudicator cards import|coverage {CARDS} [--clusters Grimm,Alice]": [
        (f"adjudicator cards import {CARDS}", _imported),
        (f"adjudicator cards coverage {CARDS} --clusters Grimm,Alice", _ok("Grimm", "Alice", "full")),
    ],
    f"adjudicator cards catalog {CARDS} {BATCH} --check": [
        (f"adjudicator cards catalog {CARDS} {BATCH} --check", _ok("cards.json is current"))
    ],
    f"adjudicator cards reprints {CARDS} --reading": [
        (f"adjudicator cards reprints {CARDS} --reading", _ok("Magic Stone of Dark Depth:", "TAT-095 (erratum)"))
    ],
    'curl -N "$API/games/demo/stream" -H "Authorization: Bearer $ALICE"': [
        ('curl -N "$API/games/demo/stream" -H "Authorization: Bearer $ALICE"', _streamed)
    ],
    'curl -s -X POST $API/games/demo/players/bob/token -H "Authorization: Bearer $JUDGE"': [
        ('curl -s -X POST $API/games/demo/players/bob/token -H "Authorization: Bearer $JUDGE"', _reissued)
    ],
    'curl -s "$API/cards?ruleset=LL-2.04&name=ren&limit=5"': [
        ('curl -s "$API/cards?ruleset=LL-2.04&name=ren&limit=5"', _cards_listed)
    ],
}
"""Each inline command span of the README, exactly as written -> the lines a reader runs
for it (in order, after the tour) and what each must print."""


def test_every_inline_command_of_the_readme_has_a_case() -> None:
    spans = inline_commands(README.read_text(encoding="utf-8"))
    missing, stale = set(spans) - set(CLI_CASES), set(CLI_CASES) - set(spans)
    assert not missing and not stale, f"README spans without a case: {missing}; cases without a span: {stale}"


def test_the_inline_commands_run_against_the_tour_game(reader: Reader) -> None:
    (reader.folder / "tests").symlink_to(REPO / "tests")  # the card database copy, as in a clone
    tour = Tour(reader)
    for block in sh_blocks(README.read_text(encoding="utf-8")):
        for step in steps(block):
            if _not_run(step.command) is None:
                tour.run(step)
    # The audit re-derives the shuffles from the server seed, revealed when the game ends:
    # alice concedes (a legal action at any time) so that the log can be audited.
    url, alice = reader.url, {"Authorization": f"Bearer {reader.env['ALICE']}"}
    version = httpx.get(f"{url}/games/demo/state", headers=alice).json()["version"]
    body = {"command_id": "readme-concede", "expected_version": version, "type": "Concede", "args": {}}
    assert httpx.post(f"{url}/games/demo/commands", headers=alice, json=body).status_code == 200
    check_the_seed(tour)
    for span in inline_commands(README.read_text(encoding="utf-8")):
        for line, check in CLI_CASES[span]:
            check(reader.sh(line), reader)


def check_the_seed(tour: Tour) -> None:
    """The tour's 'seed = sha256(server_seed || alice's || bob's)[:8]', and the server seed
    revealed at the end matches the commitment published at creation."""
    url, alice = tour.reader.url, {"Authorization": f"Bearer {tour.vars['ALICE']}"}
    deal = httpx.get(f"{url}/games/demo/deal", headers=alice).json()
    assert tour.created is not None and deal["server_seed"], deal
    server_seed = bytes.fromhex(deal["server_seed"])
    assert server_seed_commitment("demo", server_seed) == tour.created["server_seed_commitment"]
    digest = hashlib.sha256(server_seed + b"".join(bytes.fromhex(deal["contributions"][p]) for p in ("alice", "bob")))
    judge = {"Authorization": f"Bearer {tour.vars['JUDGE']}"}
    assert httpx.get(f"{url}/games/demo/state", headers=judge).json()["state"]["seed"] == int.from_bytes(
        digest.digest()[:8], "big"
    )


def test_project_follow_polls_until_interrupted(reader: Reader) -> None:
    assert reader.sh("adjudicator project --rebuild").returncode == 0  # the server's store exists
    follow = subprocess.Popen(
        ["bash", "-c", "exec adjudicator project --follow"],
        cwd=reader.folder,
        env=reader.env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert follow.stdout is not None
    assert follow.stdout.readline().startswith("caught up: ")
    assert follow.stdout.readline().startswith("polling every 1.0s; Ctrl-C to stop")
    follow.send_signal(signal.SIGINT)
    assert follow.wait(timeout=30) == 0


def test_a_cli_read_outside_the_store_says_where_it_looked(reader: Reader, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        ["bash", "-c", "adjudicator timeline demo"], cwd=elsewhere, env=reader.env, capture_output=True, text=True
    )
    assert done.returncode == 1 and "no event store at data/adjudicator.db" in done.stderr
    assert "ADJUDICATOR_SQLITE_PATH" in done.stderr and list(elsewhere.iterdir()) == []


def test_the_expected_answers_are_read_as_shapes_that_can_fail() -> None:
    status, shape = expectation('201 {"game_id": "demo", "version": 0, "x": "9c0e…", "tokens": {"a": "..."}, ...}')
    assert status == 201
    answer = {"game_id": "demo", "version": 0, "x": "ffff", "tokens": {"a": "t"}, "more": 1}
    assert matches(shape, answer) == []
    assert matches(shape, answer | {"version": 1}) == [".version: 0, got 1"]
    assert matches(shape, answer | {"x": None}) == [".x: a value, got null"]
    assert matches(shape, {"game_id": "demo", "version": 0, "x": "y"}) == [".tokens: missing"]
    _, events = expectation('{"events": [{"seq": 10, "type": "T"}, ...], "list": [1, 2]}')
    assert matches(events, {"events": [{"seq": 10, "type": "T", "data": {}}, {"seq": 11}], "list": [1, 2]}) == []
    assert matches(events, {"events": [{"seq": 11, "type": "T"}], "list": [1, 2]}) == [".events[0].seq: 10, got 11"]
    assert matches(events, {"events": [{"seq": 10, "type": "T"}], "list": [1, 2, 3]}) == [".list: 2 items"]
    assert swap_players({"player": "bob", "m": "the game waits for bob", "alice": "alice"}) == {
        "player": "alice",
        "m": "the game waits for alice",
        "alice": "bob",
    }


def test_make_run_takes_port_and_host() -> None:
    def uvicorn_line(*overrides: str) -> str:
        done = subprocess.run(["make", "-n", "run", *overrides], cwd=REPO, capture_output=True, text=True, check=True)
        return next(line for line in done.stdout.splitlines() if "uvicorn api.app:app" in line)

    env_free = {k: v for k, v in os.environ.items() if k not in ("PORT", "HOST")}
    assert (
        "--host 127.0.0.1 --port 8000 "
        in subprocess.run(
            ["make", "-n", "run"], cwd=REPO, capture_output=True, text=True, check=True, env=env_free
        ).stdout
    )
    assert "--host 0.0.0.0 --port 8080 " in uvicorn_line("PORT=8080", "HOST=0.0.0.0")
    assert "`make run PORT=8080`" in README.read_text(encoding="utf-8")


def test_make_test_runs_on_parallel_workers_and_serially_on_request() -> None:
    def recipe(*overrides: str) -> str:
        done = subprocess.run(["make", "-n", "test", *overrides], cwd=REPO, capture_output=True, text=True, check=True)
        return done.stdout[done.stdout.index("-m pytest") :]

    assert recipe().startswith("-m pytest -q -n auto --dist worksteal ")
    assert recipe("TEST_WORKERS=2").startswith("-m pytest -q -n 2 --dist worksteal ")
    assert " -n " not in recipe("TEST_WORKERS=0").splitlines()[0]
    assert "if [ $rc -eq 5 ]" in recipe() and "exit $rc" in recipe(), "collecting no tests (exit 5) fails make test"
