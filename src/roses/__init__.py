"""roses: rules engine, bots, simulation and browser table for four rose-themed tabletop games.

Typical use::

    import roses
    game = roses.load("roses-and-thorns", players=4)
    state = game.new_initial_state(seed=7)
"""
__version__ = "0.1.0"

from .core import (  # noqa: E402
    CHANCE, TERMINAL, Game, GameRecord, IllegalActionError, State, available_games, load, replay,
)

__all__ = ["CHANCE", "TERMINAL", "Game", "GameRecord", "IllegalActionError", "State",
           "available_games", "load", "replay", "__version__"]
