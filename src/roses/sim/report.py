"""Balance reports from sweep results: a self-contained HTML page (figures as embedded PNG) or
Markdown, one section per cell with a one-line finding in plain words under each figure.

Per cell: win rate by turn-order position (position 0 is the seat that started, the start player
or first coin holder; the games draw it at random, so raw seat numbers would wash a first-player
edge out) with 95% Wilson intervals (scipy) against the fair share (winners per game / seats),
a position called outside it only when a binomial test stays clear after Holm's correction over
all positions (:func:`holm_clear`);
game length in seat actions and rounds; scores (money) or, in Blades & Rose, faction win rates;
and how games ended.
"""
from __future__ import annotations

import base64
import html
import io
import json
import re
import statistics
import textwrap
from dataclasses import dataclass, field
from typing import Any, Sequence

from roses.core import RosesError, get_spec
from roses.core.words import counted

from .batch import wilson
from .plots import count_axis
from .sweep import NO_END


def holm_clear(successes: Sequence[int], n: int, share: float, level: float = 0.05) -> list[bool]:
    """Which of several win counts (each of ``n`` games) clearly differ from ``share``: a two-sided
    binomial test each (scipy), Holm's step-down correction over all of them, so that the chance
    of any false flag in a cell stays under ``level`` however many positions it has (six 95%
    intervals miss by chance in about one cell in four)."""
    from scipy.stats import binomtest

    ps = [binomtest(int(k), int(n), min(max(share, 0.0), 1.0)).pvalue if n else 1.0 for k in successes]
    clear = [False] * len(ps)
    for rank, i in enumerate(sorted(range(len(ps)), key=ps.__getitem__)):
        if ps[i] > level / (len(ps) - rank):
            break  # Holm: stop at the first test that fails its threshold
        clear[i] = True
    return clear


def pct(x: float, digits: int = 0) -> str:
    """``x`` (a share, 0..1) as a percentage with ``digits`` decimals: ``pct(0.125) == "12%"``."""
    return f"{100 * x:.{digits}f}%"


def pct_digits(ref: float, intervals: Sequence[tuple[float, float]]) -> int:
    """The fewest decimals (0 to 3) at which every interval that excludes ``ref`` still reads so
    once rounded: a lower bound of 20.08% beside a fair share of 20% would print "20%–48%" and
    seem to contain it; 1 decimal prints "20.1%–48.0%" beside "20.0%"."""
    def shows(d: int) -> bool:
        r = round(100 * ref, d)
        return all((lo <= ref or round(100 * lo, d) > r) and (hi >= ref or round(100 * hi, d) < r)
                   for lo, hi in intervals)
    return next((d for d in range(3) if shows(d)), 3)


def _ordinal(p: int) -> str:
    return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"][p] \
        if p < 10 else f"{p + 1}th"


@dataclass
class Panel:
    """One figure of a cell: its ``title``, a ``finding`` in plain words and the PNG bytes."""
    title: str
    finding: str
    png: bytes = b""
    table: list[tuple[str, ...]] = field(default_factory=list)


@dataclass
class Cell:
    """The rows of one cell and their panels."""
    index: int
    label: str
    games: int
    bots: list[str]
    panels: list[Panel]


def _figure():
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and CI
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.2, 3.2))
    return plt, fig, ax


def _png(plt, fig) -> bytes:
    import warnings

    with warnings.catch_warnings():  # long end-reason labels: a cramped figure is still a figure
        warnings.simplefilter("ignore")
        fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    plt.close(fig)
    return buf.getvalue()


def position_panel(rows: Sequence[dict[str, Any]]) -> Panel:
    """Win rate of each turn-order position with its 95% interval against the fair share."""
    n = rows[0]["players"]
    games = len(rows)
    wins = [0] * n
    for r in rows:
        for s in r["winners"]:
            wins[r["positions"][s]] += 1
    fair = sum(len(r["winners"]) for r in rows) / (games * n)
    rates = [w / games for w in wins]
    cis = [wilson(w, games) for w in wins]
    clear = holm_clear(wins, games, fair)
    outside = [p for p in range(n) if clear[p]]
    # an interval that misses the fair share by itself, but not clearly once all n are counted
    loose = [p for p in range(n) if not clear[p] and not cis[p][0] <= fair <= cis[p][1]]
    d = pct_digits(fair, cis)
    lo, hi = cis[0]
    shared = sum(1 for r in rows if len(r["winners"]) > 1)
    finding = (f"The first player wins {pct(rates[0], d)} (95% interval {pct(lo, d)}–{pct(hi, d)}) with "
               f"{counted(n, 'player')}; fair share {pct(fair, d)}")
    # a shared win is a win for each of its winners here, so shared wins raise the fair share
    finding += (f" (a shared win counts for each winner; {pct(shared / games)} of the games had one). "
                if shared else ". ")
    if outside:
        finding += (f"Outside the fair share, with all {n} positions taken into account: "
                    + ", ".join(f"{_ordinal(p)} player {pct(rates[p], d)}" for p in outside) + ".")
    else:
        finding += "No turn-order position is clearly favoured."
    if loose:
        finding += (" Taken one at a time, the fair share falls outside the 95% interval of the "
                    + ", ".join(f"{_ordinal(p)} player ({pct(rates[p], d)})" for p in loose)
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
    ax.legend(loc="upper right", fontsize=8)
    table = [("position", "wins", "win rate", "95% interval")] + [
        (str(p + 1), str(wins[p]), pct(rates[p], d), f"{pct(cis[p][0], d)}–{pct(cis[p][1], d)}") for p in xs]
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


def _currency(rows: Sequence[dict[str, Any]]) -> str:
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
    cur = _currency(rows)
    if n == 1:
        xs = by_pos[0]
        good = sum(1 for x in xs if x >= 90) / len(xs)
        great = sum(1 for x in xs if x > 120) / len(xs)
        finding = (f"Solo money: mean ${means[0]:.1f}, median ${statistics.median(xs):g}; {pct(good)} of games "
                   f"reach $90 and {pct(great)} pass $120.")
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
    finding = "; ".join(f"{f} win {pct(rates[f], d)} ({pct(cis[f][0], d)}–{pct(cis[f][1], d)})" for f in names)
    off = max(abs(rates[f] - 0.5) for f in names)
    finding += "; close to 50/50." if all(c[0] <= 0.5 <= c[1] for c in cis.values()) else \
        f"; {pct(off, d)} away from 50/50."
    plt, fig, ax = _figure()
    ax.bar(names, [rates[f] for f in names], color=["#a8163f", "#ddd"][: len(names)], edgecolor="black")
    ax.errorbar(names, [rates[f] for f in names],
                yerr=[[rates[f] - cis[f][0] for f in names], [cis[f][1] - rates[f] for f in names]],
                fmt="none", ecolor="black", capsize=3)
    ax.axhline(0.5, color="grey", linestyle="--")
    ax.set_ylabel("win rate (95% interval)")
    return Panel("Faction win rates", finding, _png(plt, fig))


def end_words(rows: Sequence[dict[str, Any]]) -> Any:
    """``words(end) -> str``: a row's ``end`` (the game's result tag value, e.g. ``deck-out``) in
    plain words (``GameSpec.describe_result``); the value itself for a game not installed."""
    try:
        return get_spec(str(rows[0]["game"])).describe_result
    except (KeyError, RosesError):
        return lambda v: v


def end_panel(rows: Sequence[dict[str, Any]]) -> Panel | None:
    """How games ended (the game's main result tag, or its end reason), as shares of the games;
    ``None`` when no game has either (a game scored by money alone: "Games end: score 100%")."""
    key = "fig_end_reason" if "fig_end_reason" in rows[0] else "end"
    if key == "end" and all(r["end"] == NO_END for r in rows):
        return None
    counts: dict[str, int] = {}
    words = end_words(rows)
    for r in rows:
        v = str(r[key])
        if key == "fig_end_reason":  # one class per rule, whatever the count: "N Flower Buds…"
            v = re.sub(r"\b\d+\b", "N", v)  # counts only: the rulebook's "FAQ Q12" stays
        else:
            v = words(v)
        counts[v] = counts.get(v, 0) + 1
    games = len(rows)
    order = sorted(counts, key=lambda v: -counts[v])
    # "Games end: the White Rose was killed 60%": a reason may be a clause, so not "end by …"
    finding = "Games end: " + ", ".join(f"{v} {pct(counts[v] / games)}" for v in order) + "."
    plt, fig, ax = _figure()
    # wrapped, not cut: two reasons cut to the same 47 characters would share one bar, and a
    # long line is clipped at the figure's edge
    labels = [textwrap.fill(v, 34) for v in order[::-1]]
    ax.barh(labels, [counts[v] / games for v in order[::-1]], color="#6b4c9a")
    ax.set_xlabel("share of games")
    ax.tick_params(axis="y", labelsize=7)
    return Panel("How games end", finding, _png(plt, fig))


def cell_label(rows: Sequence[dict[str, Any]], varying: Sequence[str]) -> str:
    r = rows[0]
    parts = [f"{k[len('param_'):]}={r[k]}" for k in varying]
    return ", ".join(parts) or f"players={r['players']}"


def build_cells(rows: Sequence[dict[str, Any]], yardstick: str | None = None) -> list[Cell]:
    """Group rows by cell and compute every panel (figures and findings)."""
    cells = []
    for label, rs in build_cells_rows(rows):
        panels = []
        if rs[0]["players"] > 1:
            panels.append(position_panel(rs))
        panels.append(length_panel(rs))
        for extra in (score_panel(rs, yardstick), faction_panel(rs), end_panel(rs)):
            if extra is not None:
                panels.append(extra)
        cells.append(Cell(rs[0]["cell"], label, len(rs), list(rs[0]["bots"]), panels))
    return cells


def overview(rows: Sequence[dict[str, Any]]) -> list[tuple[str, ...]]:
    """One line per cell (header first): games, first player's win rate with its interval and the
    fair share, mean length, and the White Rose Faction's or the top end condition's share."""
    cells = build_cells_rows(rows)
    factions = "fig_factions" in rows[0]
    head = ("cell", "games", "first player wins", "fair share", "mean actions", "mean rounds",
            "White Rose wins" if factions else "most common end")
    out = [head]
    for label, rs in cells:
        n, g = rs[0]["players"], len(rs)
        first = sum(1 for r in rs if any(r["positions"][s] == 0 for s in r["winners"]))
        lo, hi = wilson(first, g)
        fair = sum(len(r["winners"]) for r in rs) / (g * n)
        d = pct_digits(fair, [(lo, hi)])
        rounds = [r["rounds"] for r in rs if r.get("rounds") is not None]
        if factions:
            w = sum(1 for r in rs if r["end"] == "White Rose")
            wl, wh = wilson(w, g)
            last = f"{pct(w / g)} ({pct(wl)}–{pct(wh)})"
        else:
            ends: dict[str, int] = {}
            words = end_words(rs)
            for r in rs:
                ends[words(r["end"])] = ends.get(words(r["end"]), 0) + 1
            top = max(ends, key=lambda v: ends[v])
            last = "—" if all(r["end"] == NO_END for r in rs) else f"{top} {pct(ends[top] / g)}"
        out.append((label, str(g), f"{pct(first / g, d)} ({pct(lo, d)}–{pct(hi, d)})" if n > 1 else "—",
                    pct(fair, d) if n > 1 else "—", f"{statistics.fmean(r['actions'] for r in rs):.1f}",
                    f"{statistics.fmean(rounds):.1f}" if rounds else "—", last))
    return out


def build_cells_rows(rows: Sequence[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """``(label, rows)`` per cell in cell order."""
    by_cell: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_cell.setdefault(r["cell"], []).append(r)
    params = [k for k in rows[0] if k.startswith("param_")] if rows else []
    varying = [k for k in params if len({json.dumps(r.get(k), sort_keys=True) for r in rows}) > 1]
    # a mapping swept one entry at a time (param_market_prices.rainbow) is labelled by that entry
    varying = [k for k in varying if not any(v.startswith(k + ".") for v in varying)]
    if "param_players" not in varying:
        varying.insert(0, "param_players")
    return [(cell_label(rs, varying), rs) for _, rs in sorted(by_cell.items())]


def _title(rows: Sequence[dict[str, Any]]) -> tuple[str, str]:
    name = rows[0]["game"]
    try:
        spec = get_spec(name)
        return spec.title, spec.solo_goal or ""
    except Exception:  # a results file of a game this install does not know: its name will do
        return name, ""


def render_html(rows: Sequence[dict[str, Any]], command: str | None = None) -> str:
    """The report as one self-contained HTML page (figures embedded as base64 PNG)."""
    title, yardstick = _title(rows)
    cells = build_cells(rows, yardstick)
    e = html.escape
    out = ["<!doctype html><html><head><meta charset='utf-8'>",
           f"<title>{e(title)} balance report</title><style>body{{font-family:sans-serif;max-width:1100px;"
           "margin:auto;padding:1em}} .cell{{border-top:2px solid #a8163f;margin-top:1.5em}} "
           ".panels{{display:flex;flex-wrap:wrap;gap:1em}} figure{{margin:0;width:520px}} "
           "figcaption{{font-size:.9em}} table{{border-collapse:collapse;font-size:.85em}} "
           "td,th{{border:1px solid #ccc;padding:2px 6px}}</style></head><body>",
           f"<h1>{e(title)}: balance report</h1>",
           f"<p>{counted(len(rows), 'game')} in {counted(len(cells), 'cell')}; bots {e(', '.join(sorted(set(cells[0].bots))))}. "
           "Turn-order position 1 is the seat that started. Intervals are 95% Wilson score intervals.</p>"]
    if command:
        out.append(f"<p>Regenerate: <code>{e(command)}</code></p>")
    table = overview(rows)
    out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in table[0]) + "</tr>" + "".join(
        "<tr>" + "".join(f"<td>{e(v)}</td>" for v in t) + "</tr>" for t in table[1:]) + "</table>")
    for cell in cells:
        out.append(f"<section class='cell' id='cell-{cell.index}'><h2>{e(cell.label)}</h2>"
                   f"<p>{counted(cell.games, 'game')}, bots by seat: {e(', '.join(cell.bots))}</p><div class='panels'>")
        for p in cell.panels:
            img = base64.b64encode(p.png).decode()
            out.append(f"<figure><h3>{e(p.title)}</h3><img alt='{e(p.title)}' src='data:image/png;base64,{img}'>"
                       f"<figcaption class='finding'>{e(p.finding)}</figcaption></figure>")
        out.append("</div></section>")
    out.append("</body></html>")
    return "\n".join(out)


def render_markdown(rows: Sequence[dict[str, Any]], command: str | None = None) -> str:
    """The report's findings as Markdown (tables instead of figures)."""
    title, yardstick = _title(rows)
    cells = build_cells(rows, yardstick)
    out = [f"# {title}: balance report", "",
           f"{counted(len(rows), 'game')} in {counted(len(cells), 'cell')}. Turn-order position 1 is the "
           "seat that started; intervals are 95% Wilson score intervals.", ""]
    if command:
        out += [f"Regenerate: `{command}`", ""]
    table = overview(rows)
    out += ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
    out += ["| " + " | ".join(t) + " |" for t in table[1:]] + [""]
    for cell in cells:
        out += [f"## {cell.label}", "", f"{counted(cell.games, 'game')}, bots: {', '.join(cell.bots)}", ""]
        for p in cell.panels:
            out.append(f"- **{p.title}:** {p.finding}")
            if p.table:
                out += ["", "  | " + " | ".join(p.table[0]) + " |", "  |" + "---|" * len(p.table[0])]
                out += ["  | " + " | ".join(t) + " |" for t in p.table[1:]]
                out.append("")
        out.append("")
    return "\n".join(out)


__all__ = ["build_cells", "render_html", "render_markdown"]
