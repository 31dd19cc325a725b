"""Sweep results as files: Parquet (pyarrow) or CSV, one row per game, readable in pandas or
polars (``pd.read_parquet``, ``pl.read_csv``).

In CSV, per-seat lists (``bots``, ``returns``…) are JSON text (``[0.0, 1.0, 0.0]``); Parquet
keeps them as list columns. :func:`read_results` gives back the same rows from either.
"""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Sequence

FORMATS = (".parquet", ".csv")


def check_results_path(path: str | Path) -> None:
    """Raise ``ValueError`` unless ``path`` ends in .parquet or .csv and can be written (checked
    before a sweep, so a bad name never costs a finished run)."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise ValueError(f"{path}: results are written as .parquet or .csv, not {p.suffix or 'a file without extension'}")
    from .plots import check_writable

    check_writable(p)


def _columns(rows: Sequence[dict[str, Any]]) -> list[str]:
    cols: list[str] = []
    for r in rows:
        cols.extend(k for k in r if k not in cols)
    return cols


def write_results(rows: Sequence[dict[str, Any]], path: str | Path) -> Path:
    """Write ``rows`` (dicts of :func:`roses.sim.sweep.play_cell`) to ``path`` by its suffix."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    cols = _columns(rows)
    if p.suffix.lower() == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist([{c: r.get(c) for c in cols} for r in rows])
        pq.write_table(table, p)
    else:
        with open(p, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols)
            w.writeheader()
            for r in rows:
                w.writerow({c: json.dumps(v) if isinstance(v, (list, dict)) or v is None else v
                            for c, v in ((c, r.get(c)) for c in cols)})
    return p


def _cell_value(text: str) -> Any:
    """A CSV cell back to its value: JSON for lists, numbers, booleans and null; else text."""
    try:
        return json.loads(text)
    except ValueError:
        return {"True": True, "False": False}.get(text, text)


def read_results(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a results file (.parquet or .csv). Raises ``ValueError`` for another suffix or
    a table without the columns every sweep row has (``ROW_COLUMNS``), such as a tournament's CSV."""
    from .sweep import ROW_COLUMNS

    p = Path(path)
    if p.suffix.lower() == ".parquet":
        import pyarrow.parquet as pq

        rows = pq.read_table(p).to_pylist()
    elif p.suffix.lower() == ".csv":
        with open(p, newline="") as f:
            rows = [{k: _cell_value(v) for k, v in r.items()} for r in csv.DictReader(f)]
        for r in rows:  # text columns whose values look like numbers stay text
            for k in ("game", "end", "tags"):
                if k in r and not isinstance(r[k], str):
                    r[k] = json.dumps(r[k]) if k == "tags" else str(r[k])
    else:
        raise ValueError(f"{path}: results are read from .parquet or .csv")
    missing = [c for c in ROW_COLUMNS if rows and c not in rows[0]]
    if missing:
        raise ValueError(f"{path}: not the results of `roses simulate --out` (no column {', '.join(missing)})")
    return rows


__all__ = ["FORMATS", "check_results_path", "read_results", "write_results"]
