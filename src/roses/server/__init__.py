"""The browser table: ``roses serve`` (FastAPI on uvicorn), online play with friends and bots.

:func:`run` starts the server; :func:`create_app` builds the app (tests use it). The API is in
``docs/server-api.md``.
"""
from __future__ import annotations

import logging
import os
import re
import socket
from pathlib import Path
from typing import Any

__all__ = ["ServeError", "check_serve_options", "create_app", "run"]


def __getattr__(name: str) -> Any:
    # The web stack (FastAPI, SQLAlchemy) loads only when the app is asked for: the thinking
    # service's workers import roses.server.thinking and would pay 1.4 s and 40 MB for it.
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: The largest WebSocket message a client may send (uvicorn's default is 16 MiB; clients send only
#: ``{"type":"ping"}``).
WS_MAX_BYTES = 64 * 1024


class ServeError(Exception):
    """``roses serve`` cannot start: the message is one line for the user; ``exit_code`` is 2 for
    a bad option (a folder that cannot be used, a malformed database URL, a busy port) and 1 for
    a database that does not answer."""

    def __init__(self, message: str, exit_code: int = 2):
        super().__init__(message)
        self.exit_code = exit_code


def _first_line(e: BaseException) -> str:
    text = str(getattr(e, "orig", None) or e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def check_serve_options(host: str, port: int, database_url: str | None, data_dir: str | Path) -> str:
    """Check everything ``roses serve`` needs before it does anything (no migration, no table
    resumed, nothing printed): the data folder (SQLite only), the database URL, that ``host:port``
    can be bound (a bind test, as uvicorn binds), then that the database answers. Returns the
    database URL to use. Raises :class:`ServeError` with a one-line message."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    from .store import make_engine

    if database_url is None:
        folder = Path(data_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ServeError(f"--data-dir {str(folder)!r}: cannot create this folder ({e.strerror or e})") from None
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ServeError(f"--data-dir {str(folder)!r}: this folder is not writable")
        url = f"sqlite:///{(folder.resolve() / 'roses.sqlite')}"
    elif database_url == "memory://":  # the in-memory store: nothing to check but the port
        url = database_url
    else:
        url = database_url
        try:
            parsed = make_url(url)
            parsed.get_dialect()
        except (ArgumentError, NoSuchModuleError, ValueError) as e:
            raise ServeError(f"--database-url: not a database URL that SQLAlchemy knows ({_first_line(e)}); "
                             "e.g. postgresql+psycopg://user@host/db or sqlite:///path/roses.sqlite") from None
        except ImportError as e:
            raise ServeError(f"--database-url: the database driver is not installed ({_first_line(e)})") from None
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn: TIME_WAIT is no conflict
            sock.bind((host, port))
    except socket.gaierror as e:
        raise ServeError(f"--host {host!r}: unknown host name ({e.strerror or e})") from None
    except OSError as e:
        import errno

        if e.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is already in use (another roses serve?); "
                             "choose another with --port") from None
        raise ServeError(f"cannot listen on {host}:{port} ({e.strerror or e})") from None
    if url == "memory://":
        return url
    try:
        engine = make_engine(url)
    except (ArgumentError, NoSuchModuleError, ImportError, ValueError, TypeError) as e:
        raise ServeError(f"--database-url: cannot use this database ({_first_line(e)})") from None
    try:
        with engine.connect():
            pass
    except Exception as e:  # any driver's error: the database is down, the name or password is wrong…
        raise ServeError(f"cannot connect to the database: {_first_line(e)}", exit_code=1) from None
    finally:
        engine.dispose()
    return url


def run(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
        data_dir: str | Path = "data", bot_delay_ms: int = 400, log_level: str = "info",
        limits: Any = None, thinking: Any = None, forwarded_allow_ips: str | None = None,
        allowed_origins: Any = ()) -> None:
    """Serve the browser table on ``host:port`` until interrupted.

    ``database_url``: a SQLAlchemy URL (``postgresql+psycopg://user@host/db``); default SQLite in
    ``data_dir/roses.sqlite``. The options are checked first (:func:`check_serve_options`; raises
    :class:`ServeError` before anything is done); then migrations are applied and unfinished
    tables resume. ``limits``: a :class:`roses.server.limits.Limits` (default: its defaults).
    ``thinking``: a :class:`roses.server.thinking.ThinkingOptions` (default: a worker process per
    core, started with the server). ``forwarded_allow_ips``: the proxies (comma-separated addresses
    or networks, ``*`` for any) whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed;
    by default none, so a client behind a tunnel cannot pick its own address for the rate limits.
    ``allowed_origins``: sites besides this server whose pages may use the API
    (:mod:`roses.server.guards`).
    """
    from .thinking import ThinkingOptions

    import uvicorn

    from .app import create_app

    url = check_serve_options(host, port, database_url, data_dir)
    from .guards import Guards

    try:
        Guards.of(allowed_origins)
    except ValueError as e:
        raise ServeError(f"--allowed-origins: {e}") from None
    app = create_app(database_url=url, data_dir=data_dir, bot_delay_ms=bot_delay_ms, limits=limits,
                     thinking=thinking or ThinkingOptions(eager=True), allowed_origins=allowed_origins)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else (f"[{host}]" if ":" in host else host)
    where = app.state.database_url
    if "@" in where:  # never print a password
        where = where.split("://", 1)[0] + "://…@" + where.rsplit("@", 1)[1]
    # configures logging; clients only send pings over the WebSocket, so a small frame limit
    # a stop waits at most 5 s for requests still running (an analysis of a long game takes
    # longer; the thinking service then cancels what is left)
    # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise (and reads the
    # FORWARDED_ALLOW_IPS variable): here only the proxies the operator names are believed
    proxies = (forwarded_allow_ips or "").strip()
    # no per-message deflate: a view is a few kilobytes, and compressing each push cost a move
    # more server time than any other step but JSON (issue 43, docs/performance.md)
    # asyncio's own event loop, not uvloop: with every core busy, uvloop 0.23 left new connections
    # waiting in the listen queue (1,211 of them after a minute, 9,435 WebSockets timed out in a
    # 10-minute soak) while the asyncio loop accepted them at the same CPU per move (issue 43,
    # docs/reliability.md)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_BYTES,
                            ws_per_message_deflate=False, loop="asyncio",
                            timeout_graceful_shutdown=5, proxy_headers=bool(proxies),
                            forwarded_allow_ips=proxies or "")
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
