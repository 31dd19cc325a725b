"""Alembic migrations of the browser table's database, applied at server start
(:func:`roses.server.store.migrate`)."""
