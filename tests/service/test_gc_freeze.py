"""The API process freezes what it loaded at start-up out of the garbage collector's way
(``ADJUDICATOR_GC_FREEZE``, deploy/OPERATIONS.md): full collections then skip the engines,
the card catalogs and their card models, the long-lived bulk of the heap."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service.app import GameService
from service.settings import Settings


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # leave the test process as it was


def test_preparing_for_serving_loads_every_catalog_and_freezes_it(unfrozen: None) -> None:
    service = GameService(Settings(store="memory"))
    try:
        assert gc.get_freeze_count() == 0
        service.prepare_for_serving()
        frozen = gc.get_freeze_count()
        assert frozen > 10_000  # the engines' modules, the rules and the card catalogs
        assert len(gc.get_objects()) < frozen  # what a full collection still scans
    finally:
        service.close()


@pytest.mark.parametrize(("value", "frozen"), [("true", True), ("false", False)])
def test_the_api_start_up_freezes_unless_told_not_to(
    unfrozen: None, monkeypatch: pytest.MonkeyPatch, value: str, frozen: bool
) -> None:
    monkeypatch.setenv("ADJUDICATOR_STORE", "memory")
    monkeypatch.setenv("ADJUDICATOR_GC_FREEZE", value)
    settings = Settings.from_env()
    assert settings.gc_freeze is frozen
    with TestClient(create_app(settings)) as client:
        assert client.get("/health").status_code == 200
        assert (gc.get_freeze_count() > 0) is frozen


def test_an_unreadable_value_is_refused_naming_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADJUDICATOR_GC_FREEZE", "sometimes")
    with pytest.raises(ValueError, match="ADJUDICATOR_GC_FREEZE"):
        Settings.from_env()


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)  # leave the test process as it was


@pytest.mark.parametrize(("value", "full"), [(None, 1000), ("10", 10), ("5000", 5000)])
def test_the_api_start_up_spaces_out_full_collections(
    thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch, value: str | None, full: int
) -> None:
    """ADJUDICATOR_GC_FULL_THRESHOLD (deploy/OPERATIONS.md): a full collection pauses every command in
    flight, so the API process runs one only after that many middle-generation collections; the
    younger generations keep their thresholds."""
    monkeypatch.setenv("ADJUDICATOR_STORE", "memory")
    if value is not None:
        monkeypatch.setenv("ADJUDICATOR_GC_FULL_THRESHOLD", value)
    settings = Settings.from_env()
    assert settings.gc_full_threshold == full
    gc.set_threshold(thresholds[0], thresholds[1], 10)
    with TestClient(create_app(settings)) as client:
        assert client.get("/health").status_code == 200
        assert gc.get_threshold() == (thresholds[0], thresholds[1], full)


def test_a_service_given_to_the_app_keeps_the_process_thresholds(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(thresholds[0], thresholds[1], 10)
    service = GameService(Settings(store="memory"))
    try:
        with TestClient(create_app(service=service)) as client:
            assert client.get("/health").status_code == 200
            assert gc.get_threshold()[2] == 10  # the embedding process decides
    finally:
        service.close()


@pytest.mark.parametrize("value", ["0", "often"])
def test_a_full_collection_threshold_that_is_not_a_positive_integer_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("ADJUDICATOR_GC_FULL_THRESHOLD", value)
    with pytest.raises(ValueError, match="ADJUDICATOR_GC_FULL_THRESHOLD"):
        Settings.from_env()
