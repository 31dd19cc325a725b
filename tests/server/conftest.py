"""Fixtures of the server tests: a database URL per store (SQLite always, PostgreSQL when
``ROSES_TEST_POSTGRES_URL`` is set, in a fresh database per test), and helpers to build apps."""
from __future__ import annotations

import contextlib
import os
import random
import uuid
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from roses.server import create_app  # noqa: E402
from roses.server.limits import Limits  # noqa: E402

PG_URL = os.environ.get("ROSES_TEST_POSTGRES_URL")


STORES = ["sqlite", "memory", pytest.param("postgres", marks=[
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="ROSES_TEST_POSTGRES_URL is not set")])]


@contextlib.contextmanager
def fresh_postgres_database():
    """A new, empty PostgreSQL database on the test server; dropped afterwards."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    name = f"roses_test_{uuid.uuid4().hex[:12]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=STORES)
def db_url(request, tmp_path):
    """A SQLAlchemy URL of an empty database, for each store the tests run against."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'roses.sqlite'}"
    elif request.param == "memory":  # the in-memory store: same contract, no database
        if request.node.get_closest_marker("needs_database"):
            pytest.skip("needs a database that outlives the process or is shared between processes")
        yield "memory://"
    else:
        with fresh_postgres_database() as url:
            yield url


@pytest.fixture
def make_client(db_url, request):
    """``make_client(**create_app_kwargs)`` → a started ``TestClient`` on the test database
    (bots without delay, fast polling unless overridden). Closed at the end of the test.

    Tables created without a seed get seeds drawn from an RNG seeded by the test's name, so a test
    deals the same cards on every run: a deal that breaks a test breaks it every time, here as in
    CI (random deals once failed a test only in CI, 3% of the time)."""
    stack = contextlib.ExitStack()
    seeds = random.Random(request.node.nodeid)

    def make(**kw):
        kw.setdefault("bot_delay_ms", 0)
        kw.setdefault("poll_interval", 0.05)
        kw.setdefault("limits", Limits.off())  # rates are tested with small limits of their own
        app = create_app(database_url=db_url, **kw)
        client = stack.enter_context(TestClient(app))
        app.state.service.new_seed = lambda: seeds.randrange(2**63)
        return client

    with stack:
        yield make


@pytest.fixture
def client(make_client):
    return make_client()


@pytest.fixture
def store(db_url):
    """A store on the test database (the SQL store, or the in-memory one), without an app."""
    from roses.server.memory_store import MemoryTableStore
    from roses.server.store import SqlTableStore

    s = MemoryTableStore() if db_url == "memory://" else SqlTableStore(db_url)
    yield s
    s.dispose()


@pytest.fixture(autouse=True)
def _browser_deals_by_test_name(request):
    """A browser test's live server deals tables created without a seed from the test's name (as
    :func:`make_client` does), so a deal that breaks a browser test breaks it on every run."""
    if "live_server" in request.fixturenames:
        from .browser_fixtures import deal_for_test

        deal_for_test(request.getfixturevalue("live_server"), request.node.nodeid)
    yield
