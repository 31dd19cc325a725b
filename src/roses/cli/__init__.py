"""The ``roses`` command line: play, replay, simulate, serve (Typer + Rich).

Everything here goes through the game core and the registry, so every registered game works the
same way; a game contributes only its ``SPEC.render`` for the terminal. One module per kind of
user: ``table`` (playing and replaying at the terminal), ``study`` (simulate, report, tournament),
``param`` (a data parameter's default to edit), ``serve`` (the browser table); ``base`` holds the
app and what they share.
"""
from __future__ import annotations

import inspect

from typer.core import TyperCommand

# importing a module registers its commands; this order is the order of `roses --help`
from . import table as _table  # noqa: F401
from . import study as _study  # noqa: F401
from . import param as _param  # noqa: F401
from . import serve as _serve  # noqa: F401
from .base import _Command, _free_path, app, console, render  # noqa: F401  (tests import these here)
from .study import summary_table
from .table import _print_log, _refusal, end_text  # noqa: F401

for _info in app.registered_commands:  # every command's help without "<bool>" after flags
    if _info.cls in (None, TyperCommand):
        _info.cls = _Command
    # `roses --help` lists each command by its docstring's first paragraph, keeping the source's
    # line breaks in Rich mode ("…after the move\n played"): one line, wrapped by the terminal
    if _info.short_help is None and _info.callback is not None and _info.callback.__doc__:
        _info.short_help = " ".join(inspect.cleandoc(_info.callback.__doc__).split("\n\n")[0].split())


def main() -> None:  # console-script entry point
    app()


__all__ = ["app", "console", "end_text", "main", "render", "summary_table"]
