"""High Rose's heuristic: swap a card in the lower half of the deck."""
from __future__ import annotations

from .state import KEEP, SWAP


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game, seed: int = 0):
        self.half = int(game.params["cards"]) // 2

    def act(self, turn):
        return SWAP if turn.observation.card <= self.half else KEEP
