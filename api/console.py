"""The judge console: one static page (plain HTML, CSS and JavaScript, no build step) that
talks to the public API with the judge token the judge types in.

``GET /console`` serves the page; ``GET /console/static/{name}`` its script and style.  The
page itself holds no secret and needs no token: every game read it makes sends the token
as a bearer header, exactly like any other API client.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse
from starlette.exceptions import HTTPException

__all__ = ["ASSETS", "STATIC_DIR", "router"]

STATIC_DIR = Path(__file__).with_name("static")
ASSETS = {
    "console.js": "text/javascript; charset=utf-8",
    "console.css": "text/css; charset=utf-8",
}
"""The only files served from :data:`STATIC_DIR` (no directory listing, no path lookups)."""

# The page loads only its own script and style and talks only to this origin.
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_HEADERS = {
    "Content-Security-Policy": _CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}

router = APIRouter(tags=["console"])


@router.get("/console", response_class=HTMLResponse, summary="The judge console (a web page)")
def console_page() -> HTMLResponse:
    """Open a game with the judge token, step through its timeline, see why each event
    happened, and audit a replay log."""
    html = (STATIC_DIR / "console.html").read_text(encoding="utf-8")
    return HTMLResponse(html, headers=_HEADERS)


@router.get("/console/static/{name}", include_in_schema=False)
def console_asset(name: str) -> FileResponse:
    media_type = ASSETS.get(name)
    if media_type is None:
        raise HTTPException(404, f"no console asset {name!r}")
    return FileResponse(STATIC_DIR / name, media_type=media_type, headers=_HEADERS)
