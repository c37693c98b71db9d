"""What the console's browser tests share (tests/api/test_console_browser.py and
tests/api/test_console_workbench.py): the API served by ``uvicorn`` on SQLite in a
temporary directory, Debian's Chromium driven by Playwright, and the decks of the four
rulesets' games played through the API."""

from __future__ import annotations

import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(tmp: Path, judge_token: str) -> Iterator[str]:
    """``uvicorn api.app:app`` on SQLite in ``tmp``; yields its base URL."""
    port = free_port()
    env = {
        **os.environ,
        "ADJUDICATOR_STORE": "sqlite",
        "ADJUDICATOR_SQLITE_PATH": str(tmp / "adjudicator.db"),
        "ADJUDICATOR_JUDGE_TOKEN": judge_token,
        "ADJUDICATOR_ENV": "development",
        "ADJUDICATOR_ALLOW_CLIENT_SEED": "true",  # the games are played from a seed
    }
    log = (tmp / "server.log").open("w")
    cmd = [sys.executable, "-m", "uvicorn", "api.app:app", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen([*cmd, "--no-access-log"], cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"uvicorn exited with {proc.returncode}:\n{(tmp / 'server.log').read_text()}")
            try:
                if httpx.get(f"{base}/ready", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"uvicorn did not become ready:\n{(tmp / 'server.log').read_text()}")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@contextmanager
def chromium() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is required: apt-get install -y chromium chromium-driver"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@contextmanager
def open_page(browser: Browser, width: int, height: int) -> Iterator[Page]:
    """A fresh page of that size; fails the test if the page raised a JavaScript error."""
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield pg
    finally:
        context.close()
    assert not errors, f"JavaScript errors in the console: {errors}"


def fow_501_deck() -> dict[str, Any]:
    """The Fire Starter without its CR 5.5-only parts (remnant, a J-ruler with a god's art)."""
    starter = json.loads((REPO / "service/catalogs/fow/decks/fire-starter.json").read_text())
    main = [e for e in starter["main"] if e["card"] != "SKL-030"]
    main = [{**e, "count": e["count"] + 2} if e["card"] == "TST-001" else e for e in main]
    return {"ruler": "TTW-045", "main": main, "stones": starter["stones"]}


SYSTEMS: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "FoW-5.5": (
        "valhalla",
        {"starter": "fire-starter", "automatic_cards_in_hand": "never"},
        {"starter": "water-starter"},
    ),
    "FoW-5.01": ("valhalla", fow_501_deck(), fow_501_deck()),
    "GCG-1.00": ("standard", {"starter": "blue_bulwark"}, {"starter": "red_rampage"}),
    "LL-2.04": ("standard", {"starter": "monolium_starlight"}, {"starter": "septpia_tides"}),
}
"""Each ruleset's variant and the two players' decks."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height
