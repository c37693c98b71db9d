"""The judge console's page and assets, without a browser: what is served, with which
headers, and that every API path the script calls exists."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.console import ASSETS, STATIC_DIR
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def client(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs) -> Iterator[TestClient]:
    service = GameService(Settings(allow_client_seed=True, sqlite_path=tmp_path / "console.db"), catalogs)
    with TestClient(create_app(service=service), raise_server_exceptions=False) as c:
        yield c
    service.close()


def test_the_console_page_is_served_without_a_token_and_loads_only_its_own_assets(client: TestClient) -> None:
    response = client.get("/console")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    html = response.text
    assert '<script src="/console/static/console.js"' in html
    assert '<link rel="stylesheet" href="/console/static/console.css">' in html
    for element_id in ("game-id", "token", "slider", "timeline", "why", "board", "audit-log", "audit-run"):
        assert f'id="{element_id}"' in html
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "connect-src 'self'" in csp and "default-src 'none'" in csp
    assert "<script>" not in html and " on" not in re.sub(r"\s+", " ", html).replace(" one", "")  # no inline JS
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(("name", "media_type"), sorted(ASSETS.items()))
def test_assets_are_served_with_their_types(client: TestClient, name: str, media_type: str) -> None:
    response = client.get(f"/console/static/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"] == media_type
    assert response.content == (STATIC_DIR / name).read_bytes()


@pytest.mark.parametrize("name", ["console.html", "../app.py", "..%2Fapp.py", "nope.js"])
def test_nothing_else_is_served_from_the_static_folder(client: TestClient, name: str) -> None:
    response = client.get(f"/console/static/{name}")
    assert response.status_code == 404
    assert response.json()["error"]["code"] in {"http/404", "route/not_found"}


def test_every_api_path_the_console_calls_exists(client: TestClient) -> None:
    script = (STATIC_DIR / "console.js").read_text()
    game_paths = set(re.findall(r'gamePath\("(/[a-z-]+)', script))
    assert game_paths >= {"/events", "/state", "/timeline", "/why", "/rejections"}
    routes = set(client.get("/openapi.json").json()["paths"])
    for suffix in game_paths:
        wanted = "/games/{game_id}" + suffix.rstrip("/")
        assert any(r == wanted or r.startswith(wanted + "/") for r in routes), f"{wanted} is not an API route"
    posted = set(re.findall(r'api\("(/[a-z]+)", \{ method: "POST"', script))
    assert posted == {"/audits"}
    assert "/audits" in routes


def test_the_console_never_inserts_server_text_as_html() -> None:
    script = (STATIC_DIR / "console.js").read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script


def test_the_package_data_ships_every_console_file() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["api"]
    files = sorted(p.relative_to(STATIC_DIR.parent).as_posix() for p in STATIC_DIR.iterdir())
    assert files == ["static/console.css", "static/console.html", "static/console.js"]
    for f in files:
        assert any(fnmatch(f, pattern) for pattern in patterns), f"{f} is not in package-data"


def _function(script: str, name: str) -> str:
    """The source of the console's function ``name`` (up to the next top-level function)."""
    start = script.index(f"  function {name}(")
    end = script.index("\n  function ", start + 1)
    return script[start:end]


def test_the_audit_panel_shows_the_diverging_event_recorded_beside_recomputed_and_the_field_diff() -> None:
    """Given diverged verdicts of the audit (an event changed in a field and its citation, an
    event missing from the log), the audit panel draws the first differing event from
    exactly the keys those verdicts carry: its seq, position and kind, the field diff
    (path, recorded, recomputed, absent), the recorded and recomputed events side by side,
    and the recomputed citation when it differs."""
    from domain.audit import audit
    from tests.kernel.test_audit import _edit, _with_list_field, recorded_game

    lines, steps = recorded_game(4)
    step, pos, key = _with_list_field(steps)

    def change(events: list[dict[str, Any]]) -> None:
        events[pos]["data"][key] = ["forged"]
        events[pos]["rule"] = "FoW-5.5 1.1"

    def drop(events: list[dict[str, Any]]) -> None:
        events.pop()

    verdicts = [audit(_edit(lines, step, edit, redigest=False)) for edit in (change, drop)]
    assert [v.verdict for v in verdicts] == ["diverged", "diverged"]
    details = {k for v in verdicts for k in v.details}
    diff_keys = {k for v in verdicts for d in v.details["diff"] for k in d}
    kinds = {v.details["kind"] for v in verdicts}

    script = (STATIC_DIR / "console.js").read_text()
    block = _function(script, "divergenceBlock")
    shown = set(re.findall(r"\bd\.([a-z_]+)", block))
    assert shown >= {"seq", "position", "kind", "diff", "recorded_event", "recomputed_event"}
    assert shown <= details, f"the console reads keys the audit does not give: {shown - details}"
    assert set(re.findall(r"\bx\.([a-z_]+)", block)) == diff_keys == {"path", "recorded", "recomputed", "absent"}
    read = set(re.findall(r"verdict\.details\.([a-z_]+)", _function(script, "renderAudit")))
    assert read == {"recomputed_rule"} <= details
    assert 'verdict.verdict === "diverged" ? divergenceBlock(verdict) : null' in script
    declared = re.search(r"const DIVERGENCE_KINDS = \{(.*?)\};", script, re.S)
    assert declared is not None and set(re.findall(r"^\s*(\w+):", declared.group(1), re.M)) >= kinds
    # the recorded and recomputed versions side by side, the differing rows marked, in the page's style
    for needle in ('el("th", { text: "recorded" })', 'el("th", { text: "recomputed" })', '"differs"', "diff-path"):
        assert needle in block
    css = (STATIC_DIR / "console.css").read_text()
    for selector in (".divergence", ".diff-recorded", ".diff-recomputed", ".event-compare", "tr.differs"):
        assert selector in css
