"""Roses and Thorns' hidden cards re-drawn from public facts: one other seat's lays and losses
for ``RosesAndThornsState._sample_history`` (determinize, RT-2 "Keep your cards hidden", RT-6),
and one uniform guess at a seat's hidden cards for the bots (:func:`sample_hidden`).
"""
from __future__ import annotations

import random

from .actions import CARDS_PER_PLAYER, ROSE, THORN


def sample_hidden(cards: int, hand_size: int, hidden_in_stack: int, thorn_up: bool,
                  rng: random.Random, p_held: float | None = None) -> tuple[list[int], list[str], list[str]]:
    """One uniform guess at a seat's hidden cards from public facts.

    Args:
        cards: cards the seat still has (hand + stack).
        hand_size: cards in its hand.
        hidden_in_stack: face-down cards in its stack.
        thorn_up: whether its thorn is among its turned-up cards.
        p_held: the public chance that the seat still holds its thorn (``state.thorn_held``);
            ``None`` (a caller without the history) keeps or loses it with equal chance.

    Returns ``(hand [roses, thorns], face-down stack bottom→top, lost cards)``. The thorn is still
    held when ``cards == 4`` or it is turned up, lost when nowhere is left to hide it, otherwise
    held with chance ``p_held``.
    """
    lost_n = CARDS_PER_PLAYER - cards
    if thorn_up or lost_n == 0:
        has_thorn = True
    elif hand_size + hidden_in_stack == 0:
        has_thorn = False  # nowhere left to hide it
    else:
        has_thorn = rng.random() < (0.5 if p_held is None else p_held)
    lost = [ROSE] * lost_n
    if not has_thorn:
        lost[0] = THORN
    hidden = [ROSE] * (hand_size + hidden_in_stack)
    if has_thorn and not thorn_up and hidden:
        hidden[rng.randrange(len(hidden))] = THORN
    hand = hidden[:hand_size]
    return [hand.count(ROSE), hand.count(THORN)], hidden[hand_size:], lost


def redraw_seat(lays: list[int], ups: list[list[str]], loss_rounds: list[int],
                 rng: random.Random) -> tuple[list[str], list[str]]:
    """One seat's hidden cards re-drawn from public facts (``_sample_history`` steps 1–3).

    Args: ``lays[r]`` cards it laid in round ``r`` (0-based), ``ups[r]`` its cards turned up then
    (top first), ``loss_rounds`` the round of each of its losses, in order; ``rng``.
    Returns ``(kinds of its lays in order, kinds of its losses in order)``."""
    m = len(loss_rounds)
    rounds = len(lays)
    # Step 1: X = the index of the loss that took the thorn, m = never. Public evidence bounds it
    # to lo <= X < hi (or X == m when no all-rose stack was seen).
    lo, hi, never = 0, m, True
    j = 0  # losses before round r
    for r in range(rounds):
        while j < m and loss_rounds[j] < r:
            j += 1
        up = ups[r]
        if up:
            if up[-1] == THORN:  # seen in round r: held then, not lost at any earlier loss
                lo = j
            elif never and len(up) == CARDS_PER_PLAYER - j:  # all its cards turned up, all roses
                hi, never = j, False
    weights = []
    p = 1.0
    for i in range(lo, hi):
        k = CARDS_PER_PLAYER - i  # cards it had at its i-th loss: one of k drawn (RT-6)
        weights.append(p / k)
        p *= (k - 1) / k
    if never:
        weights.append(p)
    x = lo
    if len(weights) > 1:
        u = rng.random() * sum(weights)
        for w in weights[:-1]:
            u -= w
            if u < 0:
                break
            x += 1
    # Step 2: each round's lays.
    kinds: list[str] = []
    j = 0
    for r in range(rounds):
        laid = lays[r]
        if not laid:
            continue
        while j < m and loss_rounds[j] < r:
            j += 1
        up = ups[r]
        stack = [ROSE] * laid
        for i, kind in enumerate(up):
            stack[laid - 1 - i] = kind
        if x >= j and THORN not in up:  # held, unseen: on any card not turned up, stack or hand
            spot = rng.randrange(CARDS_PER_PLAYER - j - len(up))
            if spot < laid - len(up):
                stack[spot] = THORN
        kinds += stack
    # Step 3: the losses.
    return kinds, [THORN if i == x else ROSE for i in range(m)]
