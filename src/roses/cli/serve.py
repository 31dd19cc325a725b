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
) -> None:
    """Run the browser table (FastAPI on uvicorn)."""
    from roses.server import ServeError, run

    try:  # the options, the port and the database are checked before anything starts
        run(host=host, port=port, database_url=database_url, data_dir=data_dir, bot_delay_ms=bot_delay_ms)
    except ServeError as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}")
        raise typer.Exit(e.exit_code) from None

