"""The judge console's page and assets, without a browser: what is served, with which
headers, and that every API path the script calls exists."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.console import ASSETS, STATIC_DIR
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings

REPO = Path(__file__).resolve().parents[1]


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
