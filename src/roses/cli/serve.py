"""``roses serve``: the browser table."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from .base import app, err


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port."),
    database_url: Optional[str] = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in --data-dir); "
                   "memory:// keeps tables in memory only (lost when the server stops)."),
    data_dir: Path = typer.Option(
        Path("data"), help="Folder of the SQLite database (roses.sqlite), which holds every table and its game; a "
                           "finished game's record is downloaded from its table page, not written here. Not used "
                           "with --database-url."),
    bot_delay_ms: int = typer.Option(400, min=0, help="Pause before each bot's turn, in milliseconds."),
    think_workers: int = typer.Option(
        0, min=0, help="Worker processes where bots, hints and analyses think (0: one per core); with "
                       "--think ray, the most thinks running at once."),
    think: str = typer.Option("process", help="Where bots think: process (worker processes here) or ray "
                                              "(a Ray cluster: --ray-address; pip install -e '.[ray]')."),
    ray_address: Optional[str] = typer.Option(
        None, help="The Ray cluster for --think ray (auto, HOST:6379 or ray://HOST:10001); default: a local Ray."),
    forwarded_allow_ips: Optional[str] = typer.Option(
        None, help="Reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: comma-separated "
                   "addresses or networks (e.g. 127.0.0.1 for an nginx on this machine), * for any; default: none, "
                   "so each client's address is the connection's own."),
    allowed_origins: Optional[str] = typer.Option(
        None, help="Comma-separated sites besides this server whose pages may call the API, e.g. "
                   "https://games.example.org; default: none."),
) -> None:
    """Run the browser table (FastAPI on uvicorn)."""
    from roses.server import ServeError, run
    from roses.server.thinking import ThinkingOptions
    from roses.server.thinking.service import BACKENDS

    if think not in BACKENDS:
        err.print(f"[bold red]error:[/] --think must be one of {', '.join(BACKENDS)}, not {escape(think)!r}")
        raise typer.Exit(2)
    if ray_address is not None and think != "ray":
        err.print("[bold red]error:[/] --ray-address is for --think ray")
        raise typer.Exit(2)
    if think == "ray":
        from roses.server.thinking.ray_backend import require_ray

        try:
            require_ray()
        except ImportError as e:
            err.print(f"[bold red]error:[/] {escape(str(e))}")
            raise typer.Exit(2) from None
    thinking = ThinkingOptions(workers=think_workers, backend=think, ray_address=ray_address, eager=True)
    try:  # the options, the port and the database are checked before anything starts
        run(host=host, port=port, database_url=database_url, data_dir=data_dir, bot_delay_ms=bot_delay_ms,
            thinking=thinking, forwarded_allow_ips=forwarded_allow_ips,
            allowed_origins=[o for o in (allowed_origins or "").split(",") if o.strip()])
    except ServeError as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}")
        raise typer.Exit(e.exit_code) from None

