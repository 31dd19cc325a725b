"""Fixed-shape tensors of a seat's view, built slice by slice from its observation.

A game's encoder (one module per game beside this one) is a function ``slices(game, obs, out)``
that calls ``out.add(name, values, meaning)`` once per slice, always with the same names and
lengths for a given game (its parameters fixed), whatever the position. :func:`observation_tensor`
concatenates them into a ``float32`` vector; :func:`layout` lists ``(name, length, meaning)`` for
the docs. Only ``state.observation(seat)`` is read: never hidden state (the sealing is the game's
observation, RULINGS.md / each game's ``observation.py``).

The information-state tensor is the observation tensor followed by the seat's own last
:data:`RECALL` actions (one-hot over the game's fixed action ids, most recent first; own actions
are part of the information-state key). The exact perfect-recall information state is the
information-state *string* of the adapters (``repr`` of ``State.information_state_key``); the
tensor is a fixed-size summary of it, not a lossless one.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Iterable

import numpy as np

#: How many of the seat's own latest actions the information-state tensor recalls.
RECALL = 8

class Slices:
    """Collects named slices: ``add(name, values, meaning)``; ``values`` a number, a sequence of
    numbers or a numpy array (flattened)."""

    def __init__(self) -> None:
        self.flat: list[float] = []
        self.names: list[tuple[str, int, str]] = []

    def add(self, name: str, values: Any, meaning: str = "") -> None:
        if isinstance(values, np.ndarray):
            values = values.ravel().tolist()
        elif not isinstance(values, (list, tuple)):
            values = [values]
        self.flat.extend(values)
        self.names.append((name, len(values), meaning))

    def vector(self) -> np.ndarray:
        return np.array(self.flat, dtype=np.float32)


def one_hot(index: int | None, size: int) -> list[float]:
    """A ``size`` list with 1 at ``index`` (all zeros for ``None`` or an index out of range)."""
    v = [0.0] * size
    if index is not None and 0 <= index < size:
        v[index] = 1.0
    return v


def seat_one_hot(seat: int | None, n: int) -> list[float]:
    """``n + 1`` entries: seats ``0..n-1``, then "nobody" (``None``)."""
    return one_hot(n if seat is None else seat, n + 1)


def multi_hot(indices: Iterable[int], size: int) -> list[float]:
    v = [0.0] * size
    for i in indices:
        if 0 <= i < size:
            v[i] = 1.0
    return v


def mover_one_hot(current: int, n: int) -> list[float]:
    """``n + 2`` entries: seat to move ``0..n-1``, chance (``-1``), game over (``-4``)."""
    return one_hot(n if current == -1 else n + 1 if current == -4 else current, n + 2)


def encoder(game) -> Callable[[Any, Any, Slices], None]:
    """The ``slices(game, obs, out)`` function of ``game`` (its spec's ``tensors`` module).
    Raises :class:`~roses.core.errors.RosesError` for a game without one."""
    if game.spec.tensors is None:
        from roses.core.errors import RosesError

        raise RosesError(f"{game.title} has no tensor encoder (GameSpec.tensors)")
    return import_module(game.spec.tensors).slices


def _observation_slices(state, seat: int | None) -> Slices:
    out = Slices()
    encoder(state.game)(state.game, state.observation(seat), out)
    return out


def observation_tensor(state, seat: int | None) -> np.ndarray:
    """``float32`` vector of what ``seat`` observes now (``None``: a spectator), fixed length for
    the game: see :func:`layout`."""
    return _observation_slices(state, seat).vector()


def own_actions(state, seat: int) -> list[int]:
    """Fixed action ids of ``seat``'s own actions so far, oldest first (part of its information
    state: ``State.information_state_key``)."""
    game = state.game
    return [game.action_to_id(a) for s, a in state.history if s == seat]


def recall_tensor(state, seat: int | None) -> np.ndarray:
    """``RECALL × num_distinct_actions`` one-hot rows of the seat's latest own actions, most recent
    first (zeros where there are fewer; all zeros for a spectator)."""
    a = state.game.num_distinct_actions()
    out = np.zeros((RECALL, a), np.float32)
    if seat is not None:
        for row, i in enumerate(reversed(own_actions(state, seat)[-RECALL:])):
            out[row, i] = 1.0
    return out.reshape(-1)


def information_state_tensor(state, seat: int | None) -> np.ndarray:
    """The observation tensor followed by :func:`recall_tensor` (fixed length for the game)."""
    return np.concatenate([observation_tensor(state, seat), recall_tensor(state, seat)])


def layout(game, information_state: bool = False) -> list[tuple[str, int, str]]:
    """``(name, length, meaning)`` of each slice, in order, measured on a new game's first seat
    position (the lengths never change within a game)."""
    state = game.new_initial_state(0)
    state.resolve_chance()
    names = list(_observation_slices(state, 0).names)
    if information_state:
        names.append(("recall", RECALL * game.num_distinct_actions(),
                      f"own last {RECALL} actions, one-hot over action ids, most recent first"))
    return names


def tensor_size(game, information_state: bool = False) -> int:
    return sum(n for _, n, _ in layout(game, information_state))
