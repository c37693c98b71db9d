"""ASGI apps for ``bench_http`` and the server-side reliability tests, each served by a
real uvicorn process.

* ``bench._http_app:app``: the real API (``api.app.create_app``) over a service opened
  from the ``ADJUDICATOR_*`` environment, with the fake counting game of
  ``tests/fakes.py`` registered beside the built-in engines (``FAKE-1``, whose
  ``decide`` costs microseconds: what is measured is HTTP, the service and the store).
  It is built when uvicorn first calls it (the lifespan startup), not at import.
* ``bench._http_app:trivial``: the baseline, a FastAPI app whose one endpoint parses a
  JSON body like a command's and answers a small JSON object, as a plain ``def`` (run in
  the threadpool, like the real endpoints).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from api.app import create_app
from bench._stores import fake_catalogs
from service.app import GameService
from service.settings import Settings


class _LazyApp:
    def __init__(self) -> None:
        self.inner: Any = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.inner is None:
            self.inner = create_app(service=GameService(Settings.from_env(), fake_catalogs()))
        await self.inner(scope, receive, send)


app = _LazyApp()

trivial = FastAPI()


@trivial.post("/trivial/{game_id}")
def trivial_endpoint(game_id: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"game_id": game_id, "version": 1, "events": []}


@trivial.get("/health")
def trivial_health() -> dict[str, str]:
    return {"status": "ok"}
