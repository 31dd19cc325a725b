"""Intervals and tests of simulate, sweeps, reports and tournaments (docs/balance/README.md, "How
the figures are counted").

Yes/no outcomes (how a game ended, which faction won): the Wilson score interval (:func:`wilson`).

Win rates: a win shared by ``k`` winners counts ``1/k`` for each of them, so a seat's or a
turn-order position's credit in a game is 0, ``1/k`` or 1, not a yes/no outcome, and neither a
binomial test nor a plain Wilson interval fits it. Shared credits spread less than yes/no ones
(a Blades & Rose faction's thirds and halves several times less), and a t interval on the mean, which
measures the spread, misses the fair share of a position that seldom wins too often (one cell in
nine instead of one in twenty, 6 positions × 60 games). What fits both is Wilson's score interval
with the games weighted by their spread (the quasi-binomial score interval): with ``m`` the mean
credit and ``v`` the credits' variance (divided by ``n``), ``φ = v / (m(1 − m))`` says how much
the credits spread against a yes/no outcome of the same mean (``φ ≤ 1`` for values in 0..1), and
the ``n`` games count as ``n/φ`` yes/no games (:func:`credit_interval`). With no shared win
``φ = 1`` and the interval is Wilson's; when every game gave the same credit (a position that never
won) the spread cannot be measured and ``φ = 1``, the largest a value in 0..1 can have. The test
of a position against its fair share ``f`` is the score test of the same model,
``z = (m − f) / √(φ f (1 − f) / n)`` (:func:`fair_share_pvalue`), so the interval leaves ``f``
out exactly when the test's p-value is under 5%.

Differences between two cells, matched game by game on the seed: the paired t interval
``mean ± t(0.975, n − 1) · sd / √n`` of the per-game differences (:func:`t_interval`).
"""
from __future__ import annotations

import math
from statistics import NormalDist, fmean, pvariance, stdev
from typing import Sequence

_Z95 = NormalDist().inv_cdf(0.975)  # 1.95996…, so the interval is scipy's ``method="wilson"``


def wilson(successes: float, n: float, z: float = _Z95) -> tuple[float, float]:
    """Wilson score interval (low, high) for a proportion ``successes / n`` (95% by default): the
    interval of yes/no outcomes (how games ended, faction wins) in simulate, sweeps, reports and
    benchmarks, and with ``n`` weighted, of win rates (:func:`credit_interval`); ``(0, 1)`` for
    ``n == 0``."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # at 0 or n successes the bound is exactly 0 or 1; rounding would leave a 1e-17 crumb
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def spread(credits: Sequence[float]) -> float:
    """``φ``: the credits' variance (divided by their number) over ``m(1 − m)``, the variance of a
    yes/no outcome of the same mean ``m`` (module docstring): 1 when no win was shared, less when
    some were, and 1 when every credit is the same (a spread that cannot be measured)."""
    m = fmean(credits)
    v = pvariance(credits, m)
    return v / (m * (1 - m)) if v > 1e-15 else 1.0


def credit_interval(credits: Sequence[float]) -> tuple[float, float]:
    """``(low, high)``: the 95% interval of the mean win credit per game (each credit in 0..1, a
    shared win ``1/k``): Wilson's with the ``n`` games counted as ``n/φ`` (:func:`spread`);
    Wilson's own when no win was shared. ``(0, 1)`` for no games."""
    if not credits:
        return (0.0, 1.0)
    games = len(credits) / spread(credits)
    return wilson(fmean(credits) * games, games)


def fair_share_pvalue(credits: Sequence[float], fair: float) -> float:
    """The two-sided p-value that a position's mean win credit (one credit per game) is its fair
    share ``fair``: the score test ``z = (m − fair) / √(φ·fair·(1 − fair)/n)`` of
    :func:`credit_interval`'s model, which leaves ``fair`` out exactly when this is under 0.05.
    A fair share of 0 (nobody won) or 1 is met only by credits all equal to it."""
    if not credits:
        return 1.0
    m = fmean(credits)
    if fair <= 0 or fair >= 1:
        return 1.0 if abs(m - fair) < 1e-12 else 0.0
    z = (m - fair) / math.sqrt(spread(credits) * fair * (1 - fair) / len(credits))
    return 2 * (1 - NormalDist().cdf(abs(z)))


def holm(pvalues: Sequence[float], level: float = 0.05) -> list[bool]:
    """Which of several tests are clear at ``level`` once all are taken into account: Holm's
    step-down correction, so that the chance of any false flag among them stays under ``level``
    (six 95% intervals miss by chance in about one cell in four)."""
    clear = [False] * len(pvalues)
    for rank, i in enumerate(sorted(range(len(pvalues)), key=pvalues.__getitem__)):
        if pvalues[i] > level / (len(pvalues) - rank):
            break  # Holm: stop at the first test that fails its threshold
        clear[i] = True
    return clear


def t_interval(xs: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the t interval ``mean ± t(½ + level/2, n − 1) · sd/√n`` of the mean
    of ``xs`` (scipy's Student t; a point when every value is the same). Raises ``ValueError`` for
    fewer than two values: one value has no spread to measure."""
    from scipy.stats import t

    if len(xs) < 2:
        raise ValueError(f"a t interval needs at least 2 values, got {len(xs)}")
    m = fmean(xs)
    half = float(t.ppf(0.5 + level / 2, len(xs) - 1)) * stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


__all__ = ["credit_interval", "fair_share_pvalue", "holm", "spread", "t_interval", "wilson"]
