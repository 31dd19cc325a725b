"""Alembic data migrations: a database written before Rare Roses' rules_version 2 (compound deals
``offer …`` and named fills ``fill … with …``) is rewritten as step sequences and its tables
rebuild (migration 0002)."""
from __future__ import annotations

import random
from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

import roses
from roses.games.rare_roses.actions import DealWith, Propose
from roses.server import models as m
from roses.server.cache import rebuild
from roses.server.store import MIGRATIONS, SqlTableStore, make_engine

from ..games.rare_roses.test_records import _downgrade


def _game_with_a_deal() -> tuple[roses.State, list[list]]:
    """A random 3-seat Rare Roses game that drafted and proposed a deal; its history in the old
    (rules_version 1) texts."""
    game = roses.load("rare-roses", players=3)
    for seed in range(200):
        s, rng = game.new_initial_state(seed), random.Random(seed)
        while not s.is_terminal() and len(s.history) < 400:
            legal = s.legal_actions()
            deal = [a for a in legal if isinstance(a, DealWith)]
            a = s.sample_chance() if s.is_chance_node() else (deal[0] if deal and rng.random() < 0.5 else rng.choice(legal))
            s.apply(a)
            if isinstance(a, Propose):
                return s, _downgrade(list(s.history))
    raise AssertionError("no random game proposed a deal")


def test_migration_0002_rewrites_old_rare_roses_steps(tmp_path):
    state, old = _game_with_a_deal()
    assert any(text.startswith("offer ") for _, text in old) and len(old) < len(state.history)
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:  # the schema as it was before rules_version 2
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        conn.execute(sa.insert(m.tables).values(
            id="t1", game="rare-roses", params='{"players": 3}', seed=state.seed, name="old", created=now,
            updated=now, version=len(old), revision=0, status="playing", current_player=state.current_player(),
            returns=None, turn_timer_seconds=None, bot_delay_ms=0, host_token_hash="x" * 64))
        conn.execute(sa.insert(m.actions), [dict(table_id="t1", idx=i, seat=seat, action=text, at=now)
                                            for i, (seat, text) in enumerate(old)])
    engine.dispose()

    store = SqlTableStore(url)  # runs the migrations to head, as `roses serve` does at start
    try:
        row = store.load("t1")
        stored = store.actions("t1")
    finally:
        store.dispose()
    assert [[s, t] for s, t in stored] == [[s, str(a)] for s, a in state.history]
    assert row.version == len(state.history)
    assert rebuild("rare-roses", {"players": 3}, state.seed, stored) == state


def database_at(tmp_path, revision: str):
    """A new SQLite database migrated to ``revision`` only: its URL and engine."""
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    return url, engine


def downgrade(engine, revision: str) -> None:
    """Take the database of ``engine`` back down to ``revision``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def test_migration_0003_adds_table_options_read_as_none_for_old_tables(tmp_path):
    """A table stored before migration 0003 has no options: it loads with ``options == {}`` (no
    hints); a new table keeps its options."""
    url, engine = database_at(tmp_path, "0002")
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        assert "options" not in {c["name"] for c in sa.inspect(conn).get_columns("roses_tables")}
        conn.execute(sa.text(
            "INSERT INTO roses_tables (id, game, params, seed, name, created, updated, version, revision, status, "
            "current_player, rng_state, returns, turn_timer_seconds, bot_delay_ms, host_token_hash) VALUES "
            "('t1', 'rose-ceremony', '{\"players\": 2}', 1, 'old', :now, :now, 0, 0, 'playing', 0, NULL, NULL, "
            "NULL, 0, :h)"), {"now": now, "h": "x" * 64})
    engine.dispose()
    store = SqlTableStore(url)
    try:
        assert store.load("t1").options == {}
        row = store.load("t1")
        from roses.server.store import SeatRow

        row.id, row.options, row.seats = "t2", {"hints": True}, [SeatRow(0, "bot", "random"), SeatRow(1, "human")]
        store.create_table(row, [])
        assert store.load("t2").options == {"hints": True}
    finally:
        store.dispose()


def test_migration_0004_drops_the_rng_state_and_an_old_game_continues_exactly(tmp_path):
    """A table stored at 0003 (with its RNG state column) upgrades to 0004 without it; rebuilt from
    seed and history its state, RNG included, equals the game played on without a break."""
    import random

    from roses.core import load

    game = load("roses-and-thorns", players=3)
    state = game.new_initial_state(11)
    rng = random.Random(3)
    while len(state.history) < 25 and not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    url, engine = database_at(tmp_path, "0003")
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO roses_tables (id, game, params, seed, name, created, updated, version, revision, status, "
            "current_player, rng_state, returns, turn_timer_seconds, bot_delay_ms, host_token_hash) VALUES "
            "('t1', 'roses-and-thorns', '{\"players\": 3}', 11, 'old', :now, :now, :v, 0, 'playing', :cp, '[3]', "
            "NULL, NULL, 0, :h)"), {"now": now, "h": "x" * 64, "v": len(state.history), "cp": state.current_player()})
        conn.execute(sa.insert(m.actions), [dict(table_id="t1", idx=i, seat=seat, action=str(a), at=now)
                                            for i, (seat, a) in enumerate(state.history)])
    engine.dispose()
    store = SqlTableStore(url)
    try:
        with store.engine.connect() as conn:
            assert "rng_state" not in {c["name"] for c in sa.inspect(conn).get_columns("roses_tables")}
        row = store.load("t1")
        rebuilt = rebuild(row.game, row.params, row.seed, store.actions("t1"))
    finally:
        store.dispose()
    assert rebuilt == state and rebuilt.rng.getstate() == state.rng.getstate()
    while not state.is_terminal():  # both go on alike: the same chance outcomes follow
        action = state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions())
        assert (rebuilt.sample_chance() if rebuilt.is_chance_node() else action) == action
        state.apply(action)
        rebuilt.apply(action)


def test_migration_0005_keeps_old_seats_and_actions_with_no_open_seat_and_no_rematch(tmp_path):
    """A table stored at 0004 upgrades to 0005 in place (no table rebuilt: its actions stay): its
    seats are not open, each holder holds its seat from move 0, it has no rematch; a downgrade
    drops the columns again."""
    url, engine = database_at(tmp_path, "0004")
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO roses_tables (id, game, params, seed, name, created, updated, version, revision, status, "
            "current_player, returns, turn_timer_seconds, bot_delay_ms, host_token_hash) VALUES "
            "('t1', 'roses-and-thorns', '{\"players\": 3}', 11, 'old', :now, :now, 1, 0, 'playing', 0, "
            "NULL, NULL, 0, :h)"), {"now": now, "h": "x" * 64})
        conn.execute(sa.text("INSERT INTO roses_seats (table_id, seat, kind, bot, name, token_hash, joined) VALUES "
                             "('t1', 0, 'human', NULL, 'Ana', 'y', 1), ('t1', 1, 'bot', 'random', NULL, NULL, 1)"))
        conn.execute(sa.insert(m.actions).values(table_id="t1", idx=0, seat=-1, action="start player 0", at=now))
    engine.dispose()
    store = SqlTableStore(url)
    try:
        row = store.load("t1")
        assert [(s.name, s.open, s.since, s.past) for s in row.seats] == [("Ana", False, 0, []), (None, False, 0, [])]
        assert (row.rematch, row.rematch_by) == (None, None) and store.actions("t1") == [(-1, "start player 0")]
        downgrade(store.engine, "0004")
        with store.engine.connect() as conn:
            assert "open" not in {c["name"] for c in sa.inspect(conn).get_columns("roses_seats")}
            assert conn.execute(sa.text("SELECT count(*) FROM roses_actions")).scalar() == 1
    finally:
        store.dispose()


def test_migration_0007_starts_old_turn_clocks_at_their_last_change_and_adds_the_heartbeat(tmp_path):
    """A table stored at 0006 upgrades to 0007 in place: its turn clock starts where its deadline
    was counted from before (``updated``), and the heartbeat row exists with no beat yet (issue
    41); a downgrade drops both again and keeps the actions."""
    from datetime import timedelta

    url, engine = database_at(tmp_path, "0006")
    now = datetime.now(timezone.utc)
    changed = now - timedelta(minutes=3)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO roses_tables (id, game, params, seed, name, created, updated, version, revision, status, "
            "current_player, returns, turn_timer_seconds, bot_delay_ms, host_token_hash) VALUES "
            "('t1', 'roses-and-thorns', '{\"players\": 3}', 11, 'old', :now, :changed, 1, 0, 'playing', 0, "
            "NULL, 60, 0, :h)"), {"now": now, "changed": changed, "h": "x" * 64})
        conn.execute(sa.insert(m.actions).values(table_id="t1", idx=0, seat=-1, action="start player 0", at=now))
    engine.dispose()
    store = SqlTableStore(url)
    try:
        assert store.load("t1").turn_started == changed
        with store.engine.connect() as conn:
            assert conn.execute(sa.select(m.clock.c.id, m.clock.c.beat)).all() == [(1, None)]
        downgrade(store.engine, "0006")
        with store.engine.connect() as conn:
            assert "turn_started" not in {c["name"] for c in sa.inspect(conn).get_columns("roses_tables")}
            assert "roses_clock" not in sa.inspect(conn).get_table_names()
            assert conn.execute(sa.text("SELECT count(*) FROM roses_actions")).scalar() == 1
    finally:
        store.dispose()


def test_migration_0008_counts_no_take_back_for_old_tables(tmp_path):
    """A table stored at 0007 upgrades to 0008 in place with no move taken back (issue 42), and a
    take-back then works on it; a downgrade drops the count and keeps the actions."""
    url, engine = database_at(tmp_path, "0007")
    now = datetime.now(timezone.utc)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO roses_tables (id, game, params, seed, name, created, updated, version, revision, status, "
            "current_player, returns, turn_timer_seconds, bot_delay_ms, host_token_hash, turn_started) VALUES "
            "('t1', 'roses-and-thorns', '{\"players\": 3}', 11, 'old', :now, :now, 2, 4, 'playing', 1, "
            "NULL, NULL, 0, :h, :now)"), {"now": now, "h": "x" * 64})
        conn.execute(sa.insert(m.actions), [dict(table_id="t1", idx=0, seat=-1, action="start 0", at=now),
                                            dict(table_id="t1", idx=1, seat=0, action="lay rose", at=now)])
    engine.dispose()
    store = SqlTableStore(url)
    try:
        row = store.load("t1")
        assert (row.version, row.revision, row.takebacks) == (2, 4, 0)
        back = store.take_back("t1", 2, 4, 0)
        assert (back.version, back.revision, back.takebacks, back.current_player) == (1, 5, 1, 0)
        assert store.actions("t1") == [(-1, "start 0")]
        downgrade(store.engine, "0007")
        with store.engine.connect() as conn:
            assert "takebacks" not in {c["name"] for c in sa.inspect(conn).get_columns("roses_tables")}
            assert conn.execute(sa.text("SELECT count(*) FROM roses_actions")).scalar() == 1
    finally:
        store.dispose()


def test_processes_that_start_at_once_on_a_new_sqlite_database_all_migrate_it(tmp_path):
    """Regression: ``uvicorn roses.server:create_app --factory --workers 2`` on a new SQLite file
    failed to start ("table roses_tables already exists": both workers ran the first migration at
    once); they now take turns on a lock file."""
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'roses.sqlite'}"
    code = ("import sys; from roses.server.store import SqlTableStore; "
            f"SqlTableStore({url!r}).dispose(); print('ok')")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, [err[-500:] for _, err in outs]
    assert all(out.strip() == "ok" for out, _ in outs)
