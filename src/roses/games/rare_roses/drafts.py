"""Rare Roses deal drafts: a deal with another player drafted step by step (rulebook "Purchase
Roses"; ruling RR-7; rules_version 2), and how a draft whose terms a seat does not know is
re-drawn for the core's sealed ``determinize``.

RR-7: the active player proposes a deal to one other player: tiles from that player's shop (each
keeps its box) for money and/or tiles of the active player's; the other accepts or declines. All
tiles received in the turn, from the market or by deals, count toward the limit of 6.

A draft is ``deal SEAT``, then take / give / pay steps, then ``propose`` or ``cancel deal``; the
steps come in the one order that makes each deal a single sequence (takes, gives, then money, each
in a fixed order). Here: the interned draft step actions, the legal steps of a draft
(:func:`draft_actions`), the log words of a deal's price (:func:`price_words`), and the history as
a seat cannot tell it apart (:func:`hidden_history`, behind ``RareRosesState._sample_history``).

Each function takes the state (read only, never changed); :mod:`.deals` applies the steps, and
:mod:`.refusals` names the rule a refused step breaks.
"""
from __future__ import annotations

import random
from typing import Any

from . import cards as C
from .actions import Accept, CancelDeal, DealGive, DealPay, DealTake, Offer, Propose, tiles_words
from .cards import BOXES, ROSES

R = len(ROSES)
_ROSE_INDEX, _BOX_INDEX = C.ROSE_INDEX, C.BOX_INDEX

# Interned actions: equal actions are the identical object, so the core's membership test in the
# legal list is a pointer compare.
PROPOSE, CANCEL_DEAL = Propose(), CancelDeal()
PAY20, PAY5, PAY1 = DealPay(20), DealPay(5), DealPay(1)
# TAKES[r][b], GIVES[r][b]: the one-tile steps, rose index r, box index b
TAKES = tuple(tuple(DealTake((ROSES[r], BOXES[b])) for b in range(3)) for r in range(R))
GIVES = tuple(tuple(DealGive((ROSES[r], BOXES[b])) for b in range(3)) for r in range(R))
#: Draft steps between ``deal SEAT`` and ``propose``/``cancel deal`` (RR-7).
_DRAFT_STEPS = frozenset((DealTake, DealGive, DealPay))
#: At most this many ``pay +5`` and ``pay +1`` steps in one draft (so each amount has one sequence).
MAX_FIVES, MAX_ONES = 3, 4


def draft_actions(state, seat: int) -> list[Any]:
    """The steps of a deal draft (RR-7), in the one order that makes each deal a single
    sequence: takes (tiles of the other shop, in tile order, while the tiles received this turn
    stay within 6), then gives (own tiles, in tile order), then money: ``pay +20`` steps, at
    most three ``pay +5``, at most four ``pay +1`` (within the own money); ``propose`` once a
    tile is taken; ``cancel deal`` at any time."""
    seller, take, give, n20, n5, n1 = state.draft
    out: list[Any] = []
    paid = n20 or n5 or n1
    if not paid:
        if not give and state.received + len(take) < C.MAX_RECEIVED:
            out += _tile_steps(state.shops[seller], take, TAKES)
        out += _tile_steps(state.shops[seat], give, GIVES)
    room = state.money[seat] - (20 * n20 + 5 * n5 + n1)
    if not n5 and not n1 and room >= 20:
        out.append(PAY20)
    if not n1 and n5 < MAX_FIVES and room >= 5:
        out.append(PAY5)
    if n1 < MAX_ONES and room >= 1:
        out.append(PAY1)
    if take:
        out.append(PROPOSE)
    out.append(CANCEL_DEAL)
    return out


def _tile_steps(shop, chosen: tuple, table) -> list[Any]:
    """One-tile draft steps (``table[r][b]``) for the tiles of ``shop`` not yet ``chosen``, from
    the last chosen tile on in tile order (rose, then box), so a list of tiles is chosen in one
    order only."""
    if chosen:
        last = chosen[-1]
        lr, lb = _ROSE_INDEX[last[0]], _BOX_INDEX[last[1]]
        used = chosen.count(last)
    else:
        lr = lb = used = 0
    out = []
    for r in range(lr, R):
        for b in range(lb if r == lr else 0, 3):
            k = shop[b][r]
            if r == lr and b == lb:
                k -= used
            if k > 0:
                out.append(table[r][b])
    return out


def price_words(o: Offer) -> str:
    """What a deal's buyer gives, as the log words it: ``$5``, ``$5 and fresh Juliet bloom`` or
    ``fresh Juliet bloom`` (RR-7: money and/or tiles)."""
    paid = [f"${o.pay}"] if o.pay or not o.give else []
    return " and ".join(paid + ([tiles_words(o.give)] if o.give else []))


def hidden_history(state, seat: int, rng: random.Random) -> list[tuple[int, Any]]:
    """``state``'s history with the steps of every draft whose terms ``seat`` does not know
    re-drawn (:func:`_redraw_draft`); the rest kept. Why this is the history as ``seat`` cannot
    tell it apart: ``RareRosesState._sample_history``."""
    history = state.history
    out = list(history)
    n_h = len(history)
    for i, seller_counts, own_counts, money, received in state.deal_context:
        mover, a = history[i]
        if mover == seat:
            continue
        j = i + 1
        while j < n_h and type(history[j][1]) in _DRAFT_STEPS:
            j += 1
        proposed = j < n_h and type(history[j][1]) is Propose
        if proposed and (a.seat == seat or (j + 1 < n_h and type(history[j + 1][1]) is Accept)):
            continue  # terms known to ``seat``: the seller, or accepted (public)
        steps = j - i - 1
        if steps:
            redrawn = _redraw_draft(rng, steps, seller_counts, own_counts, money, received, proposed)
            for k, x in enumerate(redrawn):
                out[i + 1 + k] = (mover, x)
    return out


def _redraw_draft(rng: random.Random, steps: int, seller_counts, own_counts, money: int, received: int,
                  proposed: bool) -> list[Any]:
    """A legal draft of exactly ``steps`` take / give / pay steps for the public facts of its
    moment (the seller's and the proposer's tile counts, box-major; the proposer's money; tiles
    received this turn), with at least one take when it was ``proposed``: the numbers of takes,
    gives and pay steps drawn uniformly among those possible, then the tiles (uniform over each
    shop's tiles) and an amount of money paid in that many steps (uniform over those within the
    money). The real draft is one of them, so there is always one."""
    theirs = [(r, b) for b in range(3) for r in range(R) for _ in range(seller_counts[b * R + r])]
    mine = [(r, b) for b in range(3) for r in range(R) for _ in range(own_counts[b * R + r])]
    most = min(C.MAX_RECEIVED - received, len(theirs), steps)
    splits = [(t, g, steps - t - g) for t in range(1 if proposed else 0, most + 1)
              for g in range(min(len(mine), steps - t) + 1) if _min_pay(steps - t - g) <= money]
    t, g, p = rng.choice(splits)
    take = sorted(rng.sample(theirs, t))
    give = sorted(rng.sample(mine, g))
    amounts = [(p - f - o, f, o) for f in range(MAX_FIVES + 1) for o in range(MAX_ONES + 1)
               if f + o <= p and 20 * (p - f - o) + 5 * f + o <= money]
    n20, n5, n1 = rng.choice(amounts)
    return ([TAKES[r][b] for r, b in take] + [GIVES[r][b] for r, b in give]
            + [PAY20] * n20 + [PAY5] * n5 + [PAY1] * n1)


def _min_pay(steps: int) -> int:
    """The least money a draft's ``steps`` pay steps can add up to (+1s first, then +5s, +20s)."""
    ones = min(steps, MAX_ONES)
    fives = min(steps - ones, MAX_FIVES)
    return ones + 5 * fives + 20 * (steps - ones - fives)
