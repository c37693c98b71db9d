"""Cards as a resource, and card catalogs loaded at runtime (docs/card-schema.md).

* ``GET /cards``: the cards, public data: no token is needed (any token is ignored).
  Filter by ``ruleset`` (default: every game system), ``set`` (a card id prefix), ``name``
  (a case-insensitive substring), ``support`` (``full``/``partial``/``none``: whether the
  engine adjudicates all of the card's text) and ``catalog`` (a loaded catalog's own
  cards); paginated by ``limit`` and ``cursor`` (the previous page's ``next``).
* ``GET /cards/{ruleset}/{card_id}``: one card.
* ``POST /catalogs`` (judge token, the operator's credential): load a catalog; every bad
  card is named in one 422 ``catalog/invalid``.  ``GET /catalogs`` lists the loaded ones.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Query, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from api.deps import ServiceDep
from api.judge import require_judge_token
from api.schemas import ErrorDetail, ErrorResponse
from service.catalogs_store import MAX_PAGE, CatalogInfo, CatalogRejectedError, find_card, list_cards

router = APIRouter()

BODY_LIMITS = {"/catalogs": 8 * 1024 * 1024}
"""A catalog file may be larger than the default request body limit."""

_HASH = r"^[0-9a-f]{64}$"


class CardOut(BaseModel):
    system: str = Field(examples=["fow"], description="The game system: fow, gcg or ll.")
    id: str
    name: str
    type: str
    text: str = Field(description="The printed text.")
    engine_reading: dict[str, Any] = Field(
        description="What the engine reads of the card: its declarative abilities and effects, as stored."
    )
    unsupported: list[str] = Field(description="Text the engine cannot adjudicate (handled by hand).")
    support: Literal["full", "partial", "none"]
    definition: dict[str, Any] = Field(description="The whole card definition (docs/card-schema.md).")


class CardPageOut(BaseModel):
    cards: list[CardOut]
    next: str | None = Field(description="The cursor of the next page; null on the last one.")


class CatalogOut(BaseModel):
    system: Literal["fow", "gcg", "ll"]
    catalog_id: str = Field(description="sha256 of the catalog's canonical JSON: what POST /games takes as catalog.")
    hash: str = Field(description="The same as catalog_id.")
    version: int = Field(description="Its number among the catalogs loaded for its system.")
    cards: int
    card_ids: list[str]
    loaded_at: str


class CatalogListOut(BaseModel):
    catalogs: list[CatalogOut]


def _catalog_out(info: CatalogInfo) -> CatalogOut:
    return CatalogOut(
        system=info.system,
        catalog_id=info.catalog_hash,
        hash=info.catalog_hash,
        version=info.version,
        cards=info.cards,
        card_ids=info.card_ids,
        loaded_at=info.loaded_at,
    )


def _error(status: int, code: str, message: str, details: Any = None) -> JSONResponse:
    body = ErrorResponse(error=ErrorDetail(code=code, message=message, details=details))
    return JSONResponse(body.model_dump(mode="json", exclude_none=True), status_code=status)


def _err(description: str) -> dict[str, Any]:
    return {"model": ErrorResponse, "description": description}


@router.get(
    "/cards",
    response_model=CardPageOut,
    tags=["cards"],
    responses={422: _err("Bad filter: `ruleset/unknown`, `request/invalid_support`, `catalog/not_found`.")},
)
def get_cards(
    service: ServiceDep,
    ruleset: Annotated[str | None, Query(max_length=64, examples=["FoW-5.5"])] = None,
    set: Annotated[str | None, Query(max_length=64, description="A card id prefix, e.g. BFA.")] = None,
    name: Annotated[str | None, Query(max_length=100, description="A case-insensitive substring.")] = None,
    support: Literal["full", "partial", "none"] | None = None,
    catalog: Annotated[str | None, Query(pattern=_HASH, description="A loaded catalog's own cards.")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 50,
    cursor: Annotated[str | None, Query(max_length=200)] = None,
) -> CardPageOut:
    """The cards, ordered by game system then id.  Public: no token is needed."""
    page = list_cards(
        service.catalogs,
        service.catalog_store,
        ruleset=ruleset,
        set_code=set,
        name=name,
        support=support,
        catalog=catalog,
        limit=limit,
        cursor=cursor,
    )
    return CardPageOut(cards=[CardOut.model_validate(c) for c in page.cards], next=page.next)


@router.get(
    "/cards/{ruleset}/{card_id}",
    response_model=CardOut,
    tags=["cards"],
    responses={404: _err("No such card (`card/not_found`)."), 422: _err("`ruleset/unknown`, `catalog/not_found`.")},
)
def get_card(
    ruleset: str,
    card_id: str,
    service: ServiceDep,
    catalog: Annotated[str | None, Query(pattern=_HASH, description="Look in this loaded catalog first.")] = None,
) -> CardOut | JSONResponse:
    """One card of the ruleset's game system.  Public: no token is needed."""
    found = find_card(service.catalogs, service.catalog_store, ruleset, card_id, catalog)
    if found is None:
        return _error(404, "card/not_found", f"{ruleset} has no card {card_id!r}")
    return CardOut.model_validate(found)


@router.post(
    "/catalogs",
    status_code=201,
    response_model=CatalogOut,
    tags=["cards"],
    dependencies=[Depends(require_judge_token)],
    responses={
        200: {"model": CatalogOut, "description": "The same cards were loaded before: the stored catalog."},
        401: _err("Missing or wrong judge token (`auth/missing_token`, `auth/invalid_token`)."),
        413: _err("The catalog is larger than 8 MiB (`request/too_large`)."),
        422: _err(
            "The catalog is refused (`catalog/invalid`, details.problems: every bad card as {card, index, problem})."
        ),
    },
)
def post_catalog(
    service: ServiceDep,
    response: Response,
    body: Annotated[
        dict[str, Any],
        Body(
            description='A catalog file: {"system": "fow"|"gcg"|"ll", "cards": [...]} (docs/card-schema.md).',
            examples=[{"system": "ll", "cards": [{"id": "X-001", "name": "Example", "type": "logicalist"}]}],
        ),
    ],
) -> CatalogOut | JSONResponse:
    """Load a card catalog (judge token).  Every card is checked by its game system's card
    parser; the answer names the catalog by the sha256 of its canonical JSON, which
    `POST /games` takes as `catalog`.  Stored in the event store: it survives a restart."""
    try:
        info, created = service.catalog_store.add(body)
    except CatalogRejectedError as exc:
        return _error(422, exc.code, exc.message, {"problems": exc.problems})
    if not created:
        response.status_code = 200
    return _catalog_out(info)


@router.get(
    "/catalogs",
    response_model=CatalogListOut,
    tags=["cards"],
    responses={422: _err("Malformed input (`request/invalid`).")},
)
def get_catalogs(service: ServiceDep, system: Literal["fow", "gcg", "ll"] | None = None) -> CatalogListOut:
    """The catalogs loaded so far, in load order.  Public: no token is needed."""
    return CatalogListOut(catalogs=[_catalog_out(i) for i in service.catalog_store.list(system)])
