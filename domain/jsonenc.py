"""JSON encoders built once and reused (pure).

``json.dumps(obj, **options)`` builds a ``JSONEncoder`` and, on every call, a new C
encoder from the same options (argument parsing, a closure, two Python frames): for the
small documents of one command (its digest, each event, each hash-chain link) that set-up
costs about as much as the encoding itself (bench/RESULTS.md, store overhead).
:func:`json_encoder` builds the C encoder (``_json.make_encoder``, what ``json.dumps``
uses) once; its output is byte for byte ``json.dumps(obj, **options)``.

The one difference: no check for circular references (a shared check would not be
thread-safe, nor reset after an error).  A value that contains itself raises
``RecursionError`` instead of ``ValueError``; callers that encode values they did not
build catch both.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable, Sequence
from typing import Any

_c_make_encoder: Callable[..., Callable[[Any, int], Sequence[str]]] | None = getattr(
    json.encoder, "c_make_encoder", None
)
"""The C encoder ``json.dumps`` uses (``None`` where the accelerator is missing)."""


def _not_serializable(o: Any) -> Any:
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


def json_encoder(
    *,
    sort_keys: bool = False,
    separators: tuple[str, str] = (", ", ": "),
    ensure_ascii: bool = True,
    allow_nan: bool = True,
    default: Callable[[Any], Any] | None = None,
) -> Callable[[Any], str]:
    """A function that returns ``json.dumps(obj, sort_keys=..., separators=...,
    ensure_ascii=..., allow_nan=..., default=...)`` (without ``check_circular``)."""
    item_separator, key_separator = separators
    if _c_make_encoder is None:  # pragma: no cover
        return json.JSONEncoder(
            sort_keys=sort_keys,
            separators=separators,
            ensure_ascii=ensure_ascii,
            allow_nan=allow_nan,
            default=default,
            check_circular=False,
        ).encode
    encoder = _c_make_encoder(
        None,  # markers: no circular-reference check
        default or _not_serializable,
        json.encoder.encode_basestring_ascii if ensure_ascii else json.encoder.encode_basestring,
        None,  # indent
        key_separator,
        item_separator,
        sort_keys,
        False,  # skipkeys
        allow_nan,
    )

    def encode(obj: Any) -> str:
        return "".join(encoder(obj, 0))

    return encode
