"""Request bodies of ``roses serve``: read within a size limit (413 past it), parsed as JSON with
bounded numbers and nesting (422 otherwise), so no body can make the server recurse or stall.
"""
from __future__ import annotations

import json
import math
from typing import Any

from fastapi import Request

from .auth import ApiError

#: The largest request body read (413 beyond it, before parsing). The longest records measured are
#: about 10 kB (Rare Roses, 6 seats, max_offers=50: 9.6 kB for 403 actions; Roses and Thorns, 10
#: seats: 9.1 kB); 4 MiB is 400 times that and holds ``replays.MAX_REPLAY_ACTIONS`` at ~80 bytes per action.
MAX_BODY_BYTES = 4 * 1024 * 1024
#: The deepest JSON nesting accepted in a body (records and parameters need fewer than 10 levels);
#: deeper bodies are refused before anything walks them recursively.
MAX_JSON_DEPTH = 64
#: The most digits a JSON number may have (seeds are below 2^63: 19 digits).
MAX_NUMBER_DIGITS = 100


def json_depth(value: Any) -> int:
    """How deeply ``value`` (parsed JSON) nests lists and objects (a scalar: 0); iterative, so
    any depth is measured without recursion."""
    deepest = 0
    stack = [(value, 1)] if isinstance(value, (list, dict)) else []
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        for child in (item.values() if isinstance(item, dict) else item):
            if isinstance(child, (list, dict)):
                stack.append((child, depth + 1))
    return deepest


def has_lone_surrogate(value: Any) -> bool:
    """Whether a string of ``value`` (parsed JSON: keys and values, at any depth) holds a lone
    UTF-16 surrogate. JSON may escape one (``"\\ud800"``) and the parser takes it into a ``str``
    that no UTF-8 encoder accepts: stored, it broke every answer that showed it (a 500), and the
    store's own insert failed on it. Iterative, like :func:`json_depth`."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class JsonTooLong(ValueError):
    """A JSON number that is not a finite number of at most :data:`MAX_NUMBER_DIGITS` digits."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise JsonTooLong(f"a number in the JSON has more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 10:
        raise JsonTooLong(f"a number in the JSON has more than {MAX_NUMBER_DIGITS} digits")
    value = float(text)
    if not math.isfinite(value):  # 1e400
        raise JsonTooLong(f"a number in the JSON is too large: {text[:40]}")
    return value


def _no_constant(text: str) -> Any:
    # Python's parser takes NaN, Infinity and -Infinity, which JSON does not have
    raise JsonTooLong(f"{text} is not a JSON number")


def loads_json(raw: bytes | str) -> Any:
    """``json.loads`` of standard JSON with bounded numbers: at most :data:`MAX_NUMBER_DIGITS`
    digits (Python's own limit, 4 300 digits, raises a ValueError deep inside the parser; a number
    that long is never a seed, version or parameter), finite (no ``1e400``), and without the
    ``NaN`` and ``Infinity`` Python's parser would take. Raises :class:`JsonTooLong` or
    ``ValueError``."""
    return json.loads(raw, parse_int=_bounded_int, parse_float=_bounded_float, parse_constant=_no_constant)


def parse_json_body(raw: bytes) -> Any:
    """The JSON value of a request body. Raises :class:`ApiError` 422 ``{error:"invalid"}`` when
    it is not JSON, nests deeper than :data:`MAX_JSON_DEPTH` (the parser itself recurses: a
    body of 100 000 ``[`` would otherwise end in a RecursionError, a 500) or holds a lone
    surrogate (:func:`has_lone_surrogate`)."""
    too_deep = ApiError(422, {"error": "invalid",
                              "detail": f"the body's JSON nests deeper than {MAX_JSON_DEPTH} levels"})
    try:
        data = loads_json(raw)
    except JsonTooLong as e:
        raise ApiError(422, {"error": "invalid", "detail": str(e)}) from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError, and any other parser complaint
        raise ApiError(422, {"error": "invalid", "detail": "the body must be JSON"}) from None
    except RecursionError:
        raise too_deep from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise too_deep
    if has_lone_surrogate(data):
        raise ApiError(422, {"error": "invalid",
                             "detail": "the body's text is not valid Unicode: it holds a lone surrogate "
                                       "(an unpaired \\ud800-\\udfff escape)"})
    return data


def too_large(limit: int = MAX_BODY_BYTES) -> ApiError:
    size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} kB"
    return ApiError(413, {"error": "too large", "detail": f"the body is larger than {size} ({limit} bytes)"})


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The request body, at most ``limit`` bytes (default :data:`MAX_BODY_BYTES`): refused (413)
    on its ``Content-Length`` before reading, or as soon as the streamed bytes pass the limit."""
    length = request.headers.get("content-length")
    if length is not None:
        try:
            if int(length) > limit:
                raise too_large(limit)
        except ValueError:
            raise ApiError(400, {"error": "bad request", "detail": "Content-Length is not a number"}) from None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)
