"""The bots a game offers and their names for players (the lobby's and the table's menus, the
terminal's seat list): here, beside the agents, so that the terminal names a bot without loading
the web server (issue 44: ``roses play`` loaded FastAPI and SQLAlchemy to label a bot)."""
from __future__ import annotations

from typing import Any

from roses.core import get_spec

from . import GENERIC_AGENTS

#: Plain names of the generic bots for players.
BOT_LABELS = {"random": "Random", "heuristic": "Standard", "ismcts": "Search"}


def bot_names(spec: Any) -> list[str]:
    """Every agent usable for a game: the generic ones and the game's own."""
    return list(GENERIC_AGENTS) + [n for n in spec.bots if n not in GENERIC_AGENTS]


def bot_label(name: str, spec: Any = None) -> str:
    """A bot's name for players: "Standard" (``heuristic``), "Random", "Hard search"
    (``ismcts:hard``), a game's own bot by the label its game gives it (``spec.bot_labels``:
    Rare Roses' ``search`` is "Look-ahead") or else by its name ("Trader")."""
    own = getattr(spec, "bot_labels", None) or {}
    if name in own:
        return own[name]
    if name in BOT_LABELS:
        return BOT_LABELS[name]
    if name.startswith("ismcts:"):
        return f"{name.split(':', 1)[1].capitalize()} search"
    return name.replace("-", " ").replace("_", " ").capitalize()


def spec_of(game: str) -> Any:
    """The spec of ``game``, or ``None`` for a game that does not load (its bots read as their names)."""
    try:
        return get_spec(game)
    except Exception:
        return None


def timer_bot(spec: Any) -> str:
    """The bot that moves for a seat whose turn timer ran out: heuristic if the game has one."""
    return "heuristic" if "heuristic" in spec.bots else "random"
