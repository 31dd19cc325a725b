"""``roses param``: a data parameter's default (a deck, the market prices) as a JSON file to edit,
read back with ``-p NAME=@FILE``."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape

from roses.core import RosesError, get_spec
from roses.core.errors import quoted

from .base import GameArg, _fail, _param_name, _write_out, app, err


def data_text(value: Any) -> str:
    """``value`` as JSON to edit by hand: a list one item a line (a deck: one card a line, as the
    shipped ``order_deck.json``), a mapping one entry a line; ends with a newline."""
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(json.dumps(v) for v in value) + "\n]\n"
    return json.dumps(value, indent=2) + "\n"


@app.command("param")
def param_(
    game: str = GameArg,
    name: str = typer.Argument(..., help="A data parameter (shown as (data) by `roses games`), e.g. order_deck."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write it to this .json file (default: print it)."),
    force: bool = typer.Option(False, "--force", help="Replace --out if it exists."),
) -> None:
    """Write a data parameter's default (a deck, the market prices) as JSON to edit; play the edited
    file with -p NAME=@FILE."""
    try:
        spec = get_spec(game)
    except RosesError as e:
        _fail(str(e))
    key = _param_name(name)
    params = {p.name: p for p in spec.params}
    data = [p.name for p in spec.params if p.type is object]
    if key not in params:
        _fail(f"{spec.title} has no parameter {quoted(name)}; its data parameters: {', '.join(data) or 'none'}")
    p = params[key]
    if p.type is not object:
        _fail(f"{key} is a single value, not data to edit in a file: set it with -p {key}=VALUE "
              f"(default {p.default!r}; see `roses games`)")
    text = data_text(p.default_data())
    if out is None:
        print(text, end="")
        return
    if out.exists() and not force:
        _fail(f"--out {out}: the file exists (an edited copy?); pass --force to replace it")
    _write_out(out, text)
    err.print(escape(f"The default {key} of {spec.title} saved: {out}. Edit it, then play it with "
                     f"-p {key}=@{out} (e.g. roses simulate {spec.name} -p {key}=@{out})."))
