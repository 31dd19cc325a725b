"""schemathesis hooks of tests/server/test_server_schema.py: real tables and real tokens, so that
the seat and host routes are exercised past 401/403/404 (issue 43, finding 7).

The first case made creates two Roses and Thorns tables on the server under test (``ROSES_ST_BASE``)
through its API; then each case that names a table gets one of them (three cases in four; the
fourth keeps its generated id, for the 404s), a seat number of the table, and the token the route
needs: the host's for the host's routes, a seat's for the others.
"""
from __future__ import annotations

import json
import os
import random
import urllib.request
from typing import Any

import schemathesis

HOST_ROUTES = ("/bot", "/open", "/fast-bots", "/close")
_tables: list[dict[str, Any]] = []
_rng = random.Random(1)


def _post(path: str, body: Any) -> Any:
    req = urllib.request.Request(os.environ["ROSES_ST_BASE"] + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def tables() -> list[dict[str, Any]]:
    if not _tables:
        seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "random"}]
        for _ in range(2):
            _tables.append(_post("/api/tables", {"game": "roses-and-thorns", "seats": seats, "bot_delay_ms": 60000}))
    return _tables


@schemathesis.hook
def map_case(context: Any, case: Any) -> Any:
    params = case.path_parameters
    if not params or "table_id" not in params or _rng.random() < 0.25:
        return case
    made = _rng.choice(tables())
    params["table_id"] = made["table_id"]
    if "seat" in params:
        params["seat"] = _rng.randrange(3)
    path = case.operation.path
    if path.endswith(HOST_ROUTES):
        token = made["host_token"]
    else:
        token = made["seats"][_rng.randrange(2)]["token"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    return case
