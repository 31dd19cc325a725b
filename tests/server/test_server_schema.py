"""The OpenAPI schema is the API (issue 13, fault 7): schemathesis draws requests from
``/api/openapi.json`` against a real ``roses serve`` and every check passes (no 5xx; every status,
content type, header and body as documented; schema-invalid input refused with a 4xx; OPTIONS
and other methods answered 405 with the full ``Allow``). Bounded: a few examples per operation
from a fixed seed (tests/server/schemathesis.toml holds the few rules a schema cannot state)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("schemathesis")

from .browser_fixtures import ServerProcess  # noqa: E402

CONFIG = Path(__file__).with_name("schemathesis.toml")
HOOKS_DIR = Path(__file__).parent  # schemathesis_hooks.py: real tables and tokens


def test_the_openapi_schema_documents_bodies_and_errors(client):
    doc = client.get("/api/openapi.json").json()
    create = doc["paths"]["/api/tables"]["post"]
    assert create["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/CreateTable"}
    assert set(create["responses"]) == {"201", "403", "413", "415", "422", "429"}  # 403: another site's page
    ok = create["responses"]["201"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/Created"}
    view = doc["paths"]["/api/tables/{table_id}"]["get"]["responses"]
    assert view["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/View"}
    assert view["404"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    # every body's $ref resolves (FastBotsIn's did not: schemathesis skipped its body)
    refs = [op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            for path in doc["paths"].values() for op in path.values() if "requestBody" in op]
    assert len(refs) >= 14
    for ref in refs:
        assert ref.rsplit("/", 1)[1] in doc["components"]["schemas"], ref


def test_options_names_every_method_of_the_path(client):
    r = client.options("/api/tables")
    assert r.status_code == 405
    assert set(r.headers["allow"].replace(" ", "").split(",")) == {"GET", "POST"}


def test_schemathesis_finds_no_failure_of_any_check(tmp_path):
    server = ServerProcess(tmp_path).start()
    try:
        run = subprocess.run(
            [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())",
             "--config-file", str(CONFIG), "run", server.base + "/api/openapi.json", "--checks", "all",
             "--max-examples", "5", "--seed", "1", "--no-color", "--wait-for-schema", "30"],
            capture_output=True, text=True, timeout=300, cwd=tmp_path,
            env={**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks", "ROSES_ST_BASE": server.base,
                 "PYTHONPATH": os.pathsep.join([str(HOOKS_DIR), *filter(None, [os.environ.get("PYTHONPATH")])])})
    finally:
        server.stop()
    report = run.stdout[-6000:] + run.stderr[-2000:]
    assert run.returncode == 0, report
    assert "No issues found" in run.stdout or " passed" in run.stdout, report
