"""The browser table: ``roses serve`` (FastAPI on uvicorn), online play with friends and bots.

:func:`run` starts the server; :func:`create_app` builds the app (tests use it). The API is in
``docs/server-api.md``.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

from .app import create_app

__all__ = ["create_app", "run"]


def run(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
        data_dir: str | Path = "data", bot_delay_ms: int = 400, log_level: str = "info") -> None:
    """Serve the browser table on ``host:port`` until interrupted.

    ``database_url``: a SQLAlchemy URL (``postgresql+psycopg://user@host/db``); default SQLite in
    ``data_dir/roses.sqlite``. Migrations are applied at start; unfinished tables resume.
    """
    import uvicorn

    app = create_app(database_url=database_url, data_dir=data_dir, bot_delay_ms=bot_delay_ms)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else (f"[{host}]" if ":" in host else host)
    where = app.state.database_url
    if "@" in where:  # never print a password
        where = where.split("://", 1)[0] + "://…@" + where.rsplit("@", 1)[1]
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level)  # configures logging
    for name in ("uvicorn.access", "uvicorn.error"):  # the WebSocket handshake is logged on uvicorn.error
        logging.getLogger(name).addFilter(_RedactTokens())
    print(f"roses: open http://{shown}:{port}/ in your browser (database: {where}; Ctrl+C stops)", flush=True)
    uvicorn.Server(config).run()


class _RedactTokens(logging.Filter):
    """Seat tokens are secrets: join links carry them as ``?token=``; keep them out of the logs."""

    _pattern = re.compile(r"(token=)[^&\s\"]+")

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(self._pattern.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args)
        return True
