"""Alembic environment: run programmatically by :func:`roses.server.store.migrate`, which passes an
open connection in ``config.attributes["connection"]``."""
from __future__ import annotations

from alembic import context

from roses.server.models import metadata

VERSION_TABLE = "roses_alembic_version"


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:  # pragma: no cover - only the programmatic path is supported
        from sqlalchemy import create_engine

        url = context.config.get_main_option("sqlalchemy.url")
        with create_engine(url).connect() as conn:
            context.configure(connection=conn, target_metadata=metadata, version_table=VERSION_TABLE)
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=metadata, version_table=VERSION_TABLE,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run()
