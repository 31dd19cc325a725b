"""The page contract, typed (issue 44): JSON Schemas of what the table page reads.

- :func:`observation_schema` — a game's observation (``state.observation(seat)`` as JSON, the
  ``observation`` of every view), generated from the game's own frozen dataclass (its
  ``observation.py``) by pydantic, so the schema cannot drift from the code.
- :func:`view_schema` — the table view the page gets (``roses.server.views.view``: GET
  ``/api/tables/{id}``, the WebSocket's ``{"type": "view"}``), the OpenAPI document's
  :class:`~roses.server.schemas.View` model with ``observation`` the game's schema.

Both are closed where the data is: every field of a dataclass (and of the view) is required and
no other field is allowed (``additionalProperties: false``), so a renamed field fails in both
directions: the new name is unknown, the old one missing. What a dataclass declares open (a plain
``dict``, ``dict[str, Any]``) stays open. The OpenAPI document keeps the view open for API
clients (fields may be added); this contract states the view exactly as the server builds it.

``GET /api/games/{game}/schema`` (``?of=view`` for the view) answers them. The tests
(tests/server/test_server_contract.py) validate every seat's and a spectator's views of random
games of every registered game against them, and check the field names the renderers
(``static/games/<game>.js``) read (docs/server-api.md, "The page contract").
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import sys
from typing import Any

from roses.core import get_spec, load
from roses.core.game import ByIdentity

#: The JSON Schema dialect of every schema here (pydantic writes draft 2020-12).
DIALECT = "https://json-schema.org/draft/2020-12/schema"

def observation_class(game: str) -> type:
    """The frozen dataclass of ``game``'s observations: the type of a spectator's observation of
    a new game at the default parameters (a game's ``_observation`` need not be annotated).
    Raises :class:`~roses.core.UnknownGameError` for a game that is not registered."""
    obs = load(game).new_initial_state(0).observation(None)
    cls = type(obs)
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{game}'s observation is a {cls.__name__}, not a dataclass (docs/game-conventions.md)")
    return cls


def _walk(node: Any, visit: Any) -> None:
    if isinstance(node, dict):
        visit(node)
        for v in node.values():
            _walk(v, visit)
    elif isinstance(node, list):
        for v in node:
            _walk(v, visit)


def _close(node: dict[str, Any]) -> None:
    """A dataclass's object schema closed: every field required, no other field."""
    if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
        node["required"] = list(node["properties"])
        node["additionalProperties"] = False


def _schema_of(cls: type) -> dict[str, Any]:
    from pydantic import TypeAdapter

    schema = TypeAdapter(cls).json_schema()
    # pydantic writes an object with properties only for a dataclass (or a model, which an
    # observation has none of); a plain dict is an object without properties and stays open.
    _walk(schema, _close)
    if cls.__module__.rsplit(".", 1)[-1] == "observation":
        doc = inspect.getdoc(sys.modules.get(cls.__module__))
        if doc:  # observation.py's docstring lists the fields (docs/game-conventions.md)
            schema["description"] = doc
    return {"$schema": DIALECT, **schema}


def _cached(game: str, part: str) -> dict[str, Any]:
    """A fresh copy of the ``part`` schema of ``game``, made once per spec object (a spec is a
    module constant: a game registered again under the same name is made anew)."""
    return copy.deepcopy(_made(ByIdentity(get_spec(game)), part))  # UnknownGameError first


@functools.lru_cache(maxsize=64)
def _made(spec: ByIdentity, part: str) -> dict[str, Any]:
    name = spec.obj.name
    return _schema_of(observation_class(name)) if part == "observation" else _view_schema(name)


def observation_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of ``game``'s observation as every view carries it (a fresh copy).
    Raises :class:`~roses.core.UnknownGameError` for a game that is not registered."""
    return _cached(game, "observation")


def _renamed_refs(node: Any, names: dict[str, str]) -> None:
    def visit(d: dict[str, Any]) -> None:
        ref = d.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in names:
            d["$ref"] = "#/$defs/" + names[ref[8:]]
    _walk(node, visit)


def view_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of the table view of ``game`` a seat or a spectator gets: the
    :class:`~roses.server.schemas.View` model, every field required and no other (the server
    always sends each one), ``observation`` the game's :func:`observation_schema`. Nested objects
    of the view (seats, chat, reveal) keep their models' own openness. Raises
    :class:`~roses.core.UnknownGameError` for a game that is not registered."""
    return _cached(game, "view")


def _view_schema(game: str) -> dict[str, Any]:
    from .schemas import View

    view = View.model_json_schema()
    obs = observation_schema(game)
    obs.pop("$schema", None)
    defs = view.setdefault("$defs", {})
    obs_defs = obs.pop("$defs", {})
    # the observation's dataclasses beside the view's models, renamed where a name is taken
    names = {n: (f"{game}.{n}" if n in defs or n == obs.get("title") else n) for n in obs_defs}
    _renamed_refs(obs, names)
    _renamed_refs(obs_defs, names)
    for n, d in obs_defs.items():
        defs[names[n]] = d
    title = obs.get("title", "Observation")
    key = title if title not in defs else f"{game}.{title}"
    defs[key] = obs
    view["properties"]["observation"] = {"$ref": f"#/$defs/{key}"}
    view["required"] = list(view["properties"])
    view["additionalProperties"] = False
    view["title"] = f"View ({game})"
    return {"$schema": DIALECT, **view}
