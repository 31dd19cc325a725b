"""Shared property-test plumbing for the games' conformance tests."""
from __future__ import annotations

from typing import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

#: Game seeds drawn by hypothesis (the game's own RNG is seeded from them).
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def check_seeds(check: Callable[[int], None], examples: int) -> None:
    """Run ``check(seed)`` on ``examples`` hypothesis-drawn seeds (no deadline: whole games);
    a failure is shrunk to the smallest failing seed and re-raised."""
    @settings(max_examples=examples, deadline=None)
    @given(seed=SEEDS)
    def run(seed: int) -> None:
        check(seed)

    run()
