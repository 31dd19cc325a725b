"""The ``roses`` command line: play, replay, simulate, serve."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play, study and playtest four rose-themed tabletop games.")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, help="TCP port."),
    database_url: Optional[str] = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in --data-dir)."),
    data_dir: Path = typer.Option(Path("data"), help="Folder for the SQLite database and records."),
) -> None:
    """Run the browser table (FastAPI on uvicorn)."""
    from roses.server import run

    run(host=host, port=port, database_url=database_url, data_dir=data_dir)


def main() -> None:  # console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
