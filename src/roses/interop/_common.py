"""What every adapter shares: loading a game, resolving chance, the legal-action mask and the text
view. Only public engine API (``roses.core``) and the seat's observation are read."""
from __future__ import annotations

import numpy as np

import roses
from roses.core import Game, State
from roses.core.plain import end_text
from roses.core.state import whole_index


def load_game(game: str | Game, **params) -> Game:
    """``game`` as a :class:`~roses.core.Game`: a registry name with ``params``, or a game already
    loaded (then ``params`` must be empty). Raises ``UnknownGameError`` / ``GameParameterError``."""
    if isinstance(game, Game):
        if params:
            raise TypeError("parameters are given with a game name, not with a loaded game")
        return game
    return roses.load(game, **params)


def action_id(game: Game, action) -> int:
    """``action`` (an ``int`` or numpy integer, as an agent's policy gives it) as a fixed action
    id of ``game``. Raises ``ValueError`` naming the range for anything else: ``None`` (the move of
    an agent that is done), ``2.5``, ``True`` or text, which ``int()`` would take or fail on
    without saying what an action is."""
    index = whole_index(action)
    if index is None:
        n = game.num_distinct_actions()
        raise ValueError(f"an action is an integer action id 0..{n - 1} (see the action mask), not {action!r}")
    return index


def legal_mask(state: State) -> np.ndarray:
    """``int8`` vector over the fixed action ids, 1 for each legal seat action (all zeros at a
    chance node or once the game is over)."""
    game = state.game
    mask = np.zeros(game.num_distinct_actions(), np.int8)
    if not state.is_chance_node() and not state.is_terminal():
        for a in state.legal_actions():
            mask[game.action_to_id(a)] = 1
    return mask


def text_view(state: State, seat: int | None = None) -> str:
    """The terminal table of what ``seat`` sees (``None``: a spectator), as plain text."""
    from io import StringIO

    from rich.console import Console

    render = state.game.spec.renderer()
    obs = state.observation(seat)
    if render is None:
        return str(obs)
    console = Console(file=StringIO(), width=110, color_system=None, force_terminal=False)
    console.print(render(obs))
    if state.is_terminal():
        console.print(end_text(state, seat), markup=False)
    return console.file.getvalue()
