"""The panels of one cell of a balance report (:mod:`roses.sim.report`): each a figure (PNG), a
finding in plain words and, where it helps, a small table; and how their numbers are written.

Per cell: win rate by turn-order position (position 0 is the seat that started, the start player
or first coin holder; the games draw it at random, so raw seat numbers would wash a first-player
edge out), a win shared by ``k`` winners counting ``1/k`` (as in ``simulate`` and tournaments),
with the 95% interval of the mean credit per game (:func:`roses.sim.stats.credit_interval`)
against the fair share (``1/players`` of the games someone won), a position called outside it
only when the score test of that interval (:func:`roses.sim.stats.fair_share_pvalue`) stays
clear after Holm's correction over all positions (:func:`roses.sim.stats.holm`);
game length in seat actions and rounds; scores (money) or, in Blades & Rose, faction win rates
(95% Wilson intervals: a faction wins or not); and how games ended.

Numbers: rates and shares are percentages with one decimal, intervals the same (two decimals
only where one would make an interval that leaves the fair share out seem to touch it,
:func:`pct_digits`); an outcome that happened never reads 0% (``<0.1%``, :func:`rate`), a share
of games comes with its count ("0.2% (1 game)"); a difference of rates is in percentage points.
"""
from __future__ import annotations

import io
import re
import statistics
import textwrap
from dataclasses import dataclass, field
from typing import Any, Sequence

from roses.core import RosesError, get_spec
from roses.core.words import counted

from .batch import wilson
from .compare import ordinal, reason_class, row_credits, row_fair_share
from .plots import count_axis
from .stats import credit_interval, fair_share_pvalue, holm
from .sweep import NO_END

#: Decimals of every percentage in a report (:func:`pct_digits` may add one or two).
DIGITS = 1


def pct(x: float, digits: int = DIGITS) -> str:
    """``x`` (a share, 0..1) as a percentage with ``digits`` decimals: ``pct(0.125) == "12.5%"``.
    For bounds and fair shares; an observed rate is written by :func:`rate`."""
    return f"{100 * x:.{digits}f}%"


def rate(x: float, digits: int = DIGITS) -> str:
    """An observed rate or share (0..1) as :func:`pct` writes it, except that one above 0 never
    reads 0 (``"<0.1%"``) and one below 1 never reads 100 (``">99.9%"``): an outcome that happened
    once in 3,000 games did happen."""
    least = 10.0 ** -digits
    if 0 < x and round(100 * x, digits) == 0:
        return f"<{least:.{digits}f}%"
    if x < 1 and round(100 * x, digits) == 100:
        return f">{100 - least:.{digits}f}%"
    return pct(x, digits)


def share(count: int, games: int) -> str:
    """A share of games with its count: ``"71.7% (43 games)"``, ``"<0.1% (1 game)"``."""
    return f"{rate(count / games)} ({counted(count, 'game')})"


def points(x: float, digits: int = DIGITS) -> str:
    """A difference of two rates (0..1 apart) in percentage points: ``"8.3 percentage points"``."""
    return f"{100 * x:.{digits}f} percentage points"


def pct_digits(ref: float, intervals: Sequence[tuple[float, float]]) -> int:
    """The decimals (:data:`DIGITS`, else up to 3) at which every interval that excludes ``ref``
    still reads so once rounded: a lower bound of 20.04% beside a fair share of 20% would print
    "20.0%–48.0%" at one decimal and seem to contain it; two print "20.04%–47.98%" beside "20.00%"."""
    def shows(d: int) -> bool:
        r = round(100 * ref, d)
        return all((lo <= ref or round(100 * lo, d) > r) and (hi >= ref or round(100 * hi, d) < r)
                   for lo, hi in intervals)
    return next((d for d in range(DIGITS, 3) if shows(d)), 3)


def reason_words(text: str) -> str:
    """A game's end reason as a class in words, whatever the counts in it: "5 Flower Buds in the
    Death Area (limit 5)" and its 4-bud twin read "Flower Buds in the Death Area reached the
    limit"; "… and 4 Flower Buds are sacrificed" reads "… and enough Flower Buds are sacrificed";
    the rulebook's numbers ("FAQ Q12") stay."""
    text = re.sub(r"^\d+ (.+?) \(limit \d+\)$", r"\1 reached the limit", text.strip())
    text = re.sub(r"\b\d+ (?=[A-Za-z])", "enough ", text)
    return reason_class(text)  # any count left: "N", one class whatever its value


@dataclass
class Panel:
    """One figure of a cell: its ``title``, a ``finding`` in plain words, the PNG bytes and a
    ``table`` (header row first) where the numbers help."""
    title: str
    finding: str
    png: bytes = b""
    table: list[tuple[str, ...]] = field(default_factory=list)


def _figure():
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and CI
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.2, 3.2))
    return plt, fig, ax


def _percent(axis) -> None:
    """An axis of shares (0..1) labelled in percent, as the findings write them."""
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def _png(plt, fig) -> bytes:
    import warnings

    with warnings.catch_warnings():  # long end-reason labels: a cramped figure is still a figure
        warnings.simplefilter("ignore")
        fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    plt.close(fig)
    return buf.getvalue()


def wins_text(w: float) -> str:
    """A count of wins, shared ones counted 1/k: ``"12"``, ``"12.5"``, ``"12.33"``."""
    return f"{w:.2f}".rstrip("0").rstrip(".")


def position_panel(rows: Sequence[dict[str, Any]]) -> Panel:
    """Win rate of each turn-order position (a shared win 1/k) with its 95% interval against the
    fair share."""
    n = rows[0]["players"]
    games = len(rows)
    credits = [row_credits(r) for r in rows]
    by_position = [[c[p] for c in credits] for p in range(n)]
    fair = statistics.fmean(row_fair_share(r) for r in rows)
    wins = [sum(x) for x in by_position]
    rates = [w / games for w in wins]
    cis = [credit_interval(x) for x in by_position]
    clear = holm([fair_share_pvalue(x, fair) for x in by_position])
    outside = [p for p in range(n) if clear[p]]
    # an interval that misses the fair share by itself, but not clearly once all n are counted
    loose = [p for p in range(n) if not clear[p] and not cis[p][0] <= fair <= cis[p][1]]
    d = pct_digits(fair, cis)
    lo, hi = cis[0]
    shared = sum(1 for r in rows if len(r["winners"]) > 1)
    finding = (f"The first player wins {rate(rates[0], d)} (95% interval {pct(lo, d)}–{pct(hi, d)}) with "
               f"{counted(n, 'player')}; fair share {pct(fair, d)}")
    # one rule in simulate, tournaments and here: each of k winners gets 1/k of the win
    finding += (f" (a shared win counts 1/k for each of its k winners; {rate(shared / games)} of the games "
                "had one). " if shared else ". ")
    if outside:
        finding += (f"Outside the fair share, with all {n} positions taken into account: "
                    + ", ".join(f"{ordinal(p)} player {rate(rates[p], d)}" for p in outside) + ".")
    else:
        finding += "No turn-order position is clearly favoured."
    if loose:
        finding += (" Taken one at a time, the fair share falls outside the 95% interval of the "
                    + ", ".join(f"{ordinal(p)} player ({rate(rates[p], d)})" for p in loose)
                    + f"; with {counted(n, 'position')} tested that is not clear evidence (chance alone "
                    + f"puts at least one outside in about {pct(1 - 0.95 ** n)} of cells).")
    plt, fig, ax = _figure()
    xs = list(range(n))
    ax.bar(xs, rates, color="#a8163f", alpha=0.85)
    ax.errorbar(xs, rates, yerr=[[r - c[0] for r, c in zip(rates, cis)], [c[1] - r for r, c in zip(rates, cis)]],
                fmt="none", ecolor="black", capsize=3)
    ax.axhline(fair, color="grey", linestyle="--", label=f"fair share {pct(fair, d)}")
    ax.set_xticks(xs, [str(p + 1) for p in xs])
    ax.set_xlabel("turn-order position (1 = started)")
    ax.set_ylabel("win rate (95% interval)")
    _percent(ax.yaxis)
    ax.legend(loc="upper right", fontsize=8)
    table = [("position", "wins", "win rate", "95% interval")] + [
        (str(p + 1), wins_text(wins[p]), rate(rates[p], d), f"{pct(cis[p][0], d)}–{pct(cis[p][1], d)}") for p in xs]
    return Panel("Win rate by turn-order position", finding, _png(plt, fig), table)


def length_panel(rows: Sequence[dict[str, Any]]) -> Panel:
    """Distribution of game length in seat actions (and rounds when the game counts them)."""
    actions = [r["actions"] for r in rows]
    rounds = [r["rounds"] for r in rows if r.get("rounds") is not None]
    finding = (f"A game takes {statistics.median(actions):g} seat actions at the median "
               f"(mean {statistics.fmean(actions):.1f}, {min(actions)}–{max(actions)})")
    if rounds:
        finding += f" and {statistics.fmean(rounds):.1f} rounds on average ({min(rounds)}–{max(rounds)})"
    plt, fig, ax = _figure()
    ax.hist(actions, bins=min(30, max(5, len(set(actions)))), color="#2f5d3a")
    ax.set_xlabel("game length (seat actions)")
    ax.set_ylabel("games")
    count_axis(ax.yaxis)
    if rounds:
        ax2 = ax.twiny()
        ax2.set_xlabel(f"mean rounds {statistics.fmean(rounds):.1f}")
        ax2.set_xticks([])
    return Panel("Game length", finding + ".", _png(plt, fig))


def currency(rows: Sequence[dict[str, Any]]) -> str:
    """``"$"`` when the rows' game writes its scores in dollars (Rare Roses: ``score_format``), else ``""``."""
    try:
        return "$" if get_spec(str(rows[0]["game"])).score_format.startswith("$") else ""
    except (KeyError, RosesError):
        return ""


def score_panel(rows: Sequence[dict[str, Any]], yardstick: str | None) -> Panel | None:
    """Score (money) distribution by turn-order position; ``None`` for games without scores."""
    if rows[0].get("scores") is None:
        return None
    n = rows[0]["players"]
    by_pos: list[list[float]] = [[] for _ in range(n)]
    for r in rows:
        for s, x in enumerate(r["scores"]):
            by_pos[r["positions"][s]].append(x)
    means = [statistics.fmean(v) for v in by_pos]
    cur = currency(rows)
    if n == 1:
        xs = by_pos[0]
        good = sum(1 for x in xs if x >= 90) / len(xs)
        great = sum(1 for x in xs if x > 120) / len(xs)
        finding = (f"Solo money: mean ${means[0]:.1f}, median ${statistics.median(xs):g}; {rate(good)} of games "
                   f"reach $90 and {rate(great)} pass $120.")
        if yardstick:
            finding += f" ({yardstick}.)"
    else:
        spread = max(means) - min(means)
        finding = ("Mean score by turn-order position: " + ", ".join(f"{p + 1}: {cur}{m:.1f}" for p, m in enumerate(means))
                   + f" (spread {cur}{spread:.1f}).")
    plt, fig, ax = _figure()
    ax.boxplot(by_pos)  # with its outliers: a mean above the whiskers must have a point to show
    ax.set_xticks(range(1, n + 1), [str(p + 1) for p in range(n)])
    ax.set_xlabel("turn-order position (1 = started)")
    ax.set_ylabel(f"score ({cur})" if cur else "score")
    if n == 1:
        for y, c in ((90, "orange"), (120, "green")):
            ax.axhline(y, color=c, linestyle="--", label=f"${y}")
        ax.legend(loc="upper right", fontsize=8)
    return Panel("Scores", finding, _png(plt, fig))


def faction_panel(rows: Sequence[dict[str, Any]]) -> Panel | None:
    """Each faction's win rate with its 95% interval; ``None`` when the game has no factions."""
    if "fig_factions" not in rows[0]:
        return None
    games = len(rows)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["end"]] = counts.get(r["end"], 0) + 1
    names = sorted({f for r in rows for f in r["fig_factions"]} | set(counts))
    rates = {f: counts.get(f, 0) / games for f in names}
    cis = {f: wilson(counts.get(f, 0), games) for f in names}
    d = pct_digits(0.5, list(cis.values()))
    finding = "; ".join(f"{f} win {rate(rates[f], d)} (95% interval {pct(cis[f][0], d)}–{pct(cis[f][1], d)})"
                        for f in names)
    off = max(abs(rates[f] - 0.5) for f in names)
    finding += "; close to 50/50." if all(c[0] <= 0.5 <= c[1] for c in cis.values()) else \
        f"; {points(off, d)} away from 50/50."
    plt, fig, ax = _figure()
    ax.bar(names, [rates[f] for f in names], color=["#a8163f", "#ddd"][: len(names)], edgecolor="black")
    ax.errorbar(names, [rates[f] for f in names],
                yerr=[[rates[f] - cis[f][0] for f in names], [cis[f][1] - rates[f] for f in names]],
                fmt="none", ecolor="black", capsize=3)
    ax.axhline(0.5, color="grey", linestyle="--")
    ax.set_ylabel("win rate (95% interval)")
    _percent(ax.yaxis)
    table = [("faction", "wins", "win rate", "95% interval")] + [
        (f, str(counts.get(f, 0)), rate(rates[f], d), f"{pct(cis[f][0], d)}–{pct(cis[f][1], d)}") for f in names]
    return Panel("Faction win rates", finding, _png(plt, fig), table)


def end_words(rows: Sequence[dict[str, Any]]) -> Any:
    """``words(end) -> str``: a row's ``end`` (the game's result tag value, e.g. ``deck-out``) in
    plain words (``GameSpec.describe_result``); the value itself for a game not installed."""
    try:
        return get_spec(str(rows[0]["game"])).describe_result
    except (KeyError, RosesError):
        return lambda v: v


def end_panel(rows: Sequence[dict[str, Any]]) -> Panel | None:
    """How games ended (the game's main result tag, or its end reason in words,
    :func:`reason_words`), as shares of the games with their counts; ``None`` when no game has
    either (a game scored by money alone: "Games end: score 100%")."""
    key = "fig_end_reason" if "fig_end_reason" in rows[0] else "end"
    if key == "end" and all(r["end"] == NO_END for r in rows):
        return None
    counts: dict[str, int] = {}
    words = end_words(rows)
    for r in rows:
        v = reason_words(str(r[key])) if key == "fig_end_reason" else words(str(r[key]))
        counts[v] = counts.get(v, 0) + 1
    games = len(rows)
    order = sorted(counts, key=lambda v: -counts[v])
    # "Games end: the White Rose was killed 60.0% (3 games)": a reason may be a clause, so not "end by …"
    finding = "Games end: " + ", ".join(f"{v} {share(counts[v], games)}" for v in order) + "."
    plt, fig, ax = _figure()
    # wrapped, not cut: two reasons cut to the same 47 characters would share one bar, and a
    # long line is clipped at the figure's edge
    labels = [textwrap.fill(v, 34) for v in order[::-1]]
    ax.barh(labels, [counts[v] / games for v in order[::-1]], color="#6b4c9a")
    ax.set_xlabel("share of games")
    _percent(ax.xaxis)
    ax.tick_params(axis="y", labelsize=7)
    return Panel("How games end", finding, _png(plt, fig))


__all__ = ["DIGITS", "Panel", "currency", "end_panel", "end_words", "faction_panel", "length_panel", "pct",
           "pct_digits", "points", "position_panel", "rate", "reason_words", "score_panel", "share", "wins_text"]
