"""Conversion of engine values (dataclasses, tuples, enums, mappings) to plain JSON data."""
from __future__ import annotations

import dataclasses
import enum
from typing import Any, Mapping


_ATOMS = frozenset({str, int, float, bool, type(None)})


def to_jsonable(value: Any) -> Any:
    """Return ``value`` as JSON-ready data: dicts with string keys, lists, str, int, float, bool, None.

    Dataclasses become dicts of their fields, tuples/sets/frozensets become lists (sets sorted),
    enums their value, mapping keys strings. Raises ``TypeError`` for anything else.
    """
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list or t is tuple:
        return [v if type(v) in _ATOMS else to_jsonable(v) for v in value]
    if t is dict:
        return {str(k): v if type(v) in _ATOMS else to_jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(t, "__dataclass_fields__") and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((to_jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    raise TypeError(f"cannot convert {type(value).__name__} to JSON data")
