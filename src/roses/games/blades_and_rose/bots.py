"""Placeholder, replaced below."""
import random


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game=None, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, turn):
        return self.rng.choice(turn.legal_actions)
