"""Balance reports from sweep results: a self-contained HTML page (figures as embedded PNG) or
Markdown.

The page: a contents list (the overview, the comparisons, each cell), an overview table of the
cells, the comparisons between cells, then one section per cell. A cell's section names its
settings in words ("3 players, quick game on"), says what the game warns about them (Rare Roses:
order values set for other market prices, ``GameSpec.param_warnings``), lists each panel's
finding in plain words and, in HTML, keeps its figures and tables folded (``<details>``, open
when the report has one cell), so a sweep of many cells reads as a page of findings.

Per cell, the panels of :mod:`roses.sim.panels` (win rate by turn-order position against the fair
share, game length, scores or faction win rates, how games end) and how their numbers are
written. Across cells: each pair of cells that differ in one setting, every measure's difference
with its paired 95% interval over the games matched on seed (:mod:`roses.sim.compare`).
"""
from __future__ import annotations

import base64
import html
import json
import re
import statistics
from dataclasses import dataclass
from typing import Any, Sequence

from roses.core import RosesError, get_spec, load
from roses.core.words import counted

from .batch import wilson
from .compare import Comparisons, compare_cells, row_credits, row_fair_share, setting_words
from .panels import (Panel, end_panel, end_words, faction_panel, length_panel, pct, pct_digits, position_panel,
                     rate, reason_words, score_panel)
from .panels import currency as _currency
from .stats import credit_interval
from .sweep import NO_END


@dataclass
class Cell:
    """The rows of one cell: its ``label`` in words, its ``warnings`` and its panels."""
    index: int
    label: str
    games: int
    bots: list[str]
    panels: list[Panel]
    warnings: tuple[str, ...] = ()


def cell_label(rows: Sequence[dict[str, Any]], varying: Sequence[str]) -> str:
    """A cell's settings in words: ``"3 players, quick game on"`` (``varying``: the ``param_*``
    columns that label the cells, :func:`varying_params`)."""
    r = rows[0]
    return ", ".join(setting_words(k, r.get(k)) for k in varying) or counted(int(r["players"]), "player")


def cell_warnings(rows: Sequence[dict[str, Any]]) -> list[str]:
    """What the game warns about a cell's parameters (``GameSpec.param_warnings``): the
    ``warnings`` column ``roses simulate`` writes, else worked out from the ``param_*`` columns
    (a value read from a file is named there, not kept, so such a cell is not judged)."""
    first = rows[0]
    if first.get("warnings") is not None:
        return [str(w) for w in first["warnings"]]
    try:
        spec = get_spec(str(first["game"]))
    except (KeyError, RosesError):
        return []
    if spec.param_warnings is None:
        return []
    given = {k[len("param_"):]: v for k, v in first.items()
             if k.startswith("param_") and "." not in k and v is not None}
    if any(isinstance(v, str) and v.startswith("@") for v in given.values()):
        return []
    try:
        return list(spec.param_warnings(load(spec.name, **given).params))
    except RosesError:
        return []


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
        cells.append(Cell(rs[0]["cell"], label, len(rs), list(rs[0]["bots"]), panels, tuple(cell_warnings(rs))))
    return cells


def overview(rows: Sequence[dict[str, Any]]) -> list[tuple[str, ...]]:
    """One line per cell (header first): its settings in words, games, first player's win rate
    with its interval and the fair share, mean length, and the White Rose Faction's or the top
    end condition's share."""
    cells = build_cells_rows(rows)
    factions = "fig_factions" in rows[0]
    head = ("cell", "games", "first player wins", "fair share", "mean actions", "mean rounds",
            "White Rose wins" if factions else "most common end")
    out = [head]
    for label, rs in cells:
        n, g = rs[0]["players"], len(rs)
        credits = [row_credits(r)[0] for r in rs]
        first = sum(credits)
        lo, hi = credit_interval(credits)
        fair = statistics.fmean(row_fair_share(r) for r in rs)
        d = pct_digits(fair, [(lo, hi)])
        rounds = [r["rounds"] for r in rs if r.get("rounds") is not None]
        if factions:
            w = sum(1 for r in rs if r["end"] == "White Rose")
            wl, wh = wilson(w, g)
            last = f"{rate(w / g)} ({pct(wl)}–{pct(wh)})"
        else:
            ends: dict[str, int] = {}
            words = end_words(rs)
            for r in rs:
                ends[words(r["end"])] = ends.get(words(r["end"]), 0) + 1
            top = max(ends, key=lambda v: ends[v])
            last = "—" if all(r["end"] == NO_END for r in rs) else f"{top} {rate(ends[top] / g)}"
        out.append((label, str(g), f"{rate(first / g, d)} ({pct(lo, d)}–{pct(hi, d)})" if n > 1 else "—",
                    pct(fair, d) if n > 1 else "—", f"{statistics.fmean(r['actions'] for r in rs):.1f}",
                    f"{statistics.fmean(rounds):.1f}" if rounds else "—", last))
    return out


def varying_params(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The ``param_*`` columns that label the cells: those that vary, and ``param_players``."""
    params = [k for k in rows[0] if k.startswith("param_")] if rows else []
    varying = [k for k in params if len({json.dumps(r.get(k), sort_keys=True) for r in rows}) > 1]
    # a mapping swept one entry at a time (param_market_prices.rainbow) is labelled by that entry
    varying = [k for k in varying if not any(v.startswith(k + ".") for v in varying)]
    if "param_players" not in varying:
        varying.insert(0, "param_players")
    return varying


def build_cells_rows(rows: Sequence[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """``(label, rows)`` per cell in cell order."""
    by_cell: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_cell.setdefault(r["cell"], []).append(r)
    varying = varying_params(rows)
    return [(cell_label(rs, varying), rs) for _, rs in sorted(by_cell.items())]


def comparisons(rows: Sequence[dict[str, Any]]) -> Comparisons | None:
    """The comparison section of ``rows``' report (:func:`roses.sim.compare.compare_cells`), or
    ``None`` for one cell; end reasons compared in words (:func:`roses.sim.panels.reason_words`).
    Raises ``ValueError`` when a cell holds a seed twice."""
    worded = [[{**r, "fig_end_reason": reason_words(str(r["fig_end_reason"]))} if r.get("fig_end_reason") else r
               for r in rs] for _, rs in build_cells_rows(rows)]
    return compare_cells(worded, varying_params(rows), end_words(rows), _currency(rows))


def _title(rows: Sequence[dict[str, Any]]) -> tuple[str, str]:
    name = rows[0]["game"]
    try:
        spec = get_spec(name)
        return spec.title, spec.solo_goal or ""
    except Exception:  # a results file of a game this install does not know: its name will do
        return name, ""


#: What the report's figures count, their intervals and how numbers are written, said once at its top.
INTERVALS = ("Turn-order position 1 is the seat that started. A win shared by k winners counts 1/k for each of "
             "them; a win rate has the 95% Wilson interval with the games weighted by how much their credits "
             "spread (plain Wilson when no win was shared), and shares of games (how they ended, which faction "
             "won) 95% Wilson intervals. Rates are percentages with one decimal (two where one would make an "
             "interval seem to touch the fair share it leaves out); a difference of two rates is in percentage "
             "points.")


def _clear_first(differences: Sequence[Any]) -> list[Any]:
    """The differences whose interval leaves zero out first, each group in the measures' order."""
    return sorted(differences, key=lambda d: not d.clear)


def slug(text: str) -> str:
    """A heading's anchor as GitHub writes it (lower case, punctuation dropped, spaces as
    hyphens): ``slug("3 players, quick game on") == "3-players-quick-game-on"``."""
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def _code(text: str) -> str:
    """Escaped ``text`` with its `commands` set as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", text)


def _pair_head(pair: Any) -> str:
    clear = sum(d.clear for d in pair.differences)
    head = f"{pair.title}: {counted(pair.matched, 'game')} matched on seed"
    return head + (f"; {counted(clear, 'clear difference')}" if not pair.note else f". {pair.note}")


STYLE = ("body{font-family:sans-serif;max-width:1100px;margin:auto;padding:1em} "
         ".cell{border-top:2px solid #a8163f;margin-top:1.5em} .panels{display:flex;flex-wrap:wrap;gap:1em} "
         "figure{margin:0;width:520px} table{border-collapse:collapse;font-size:.85em} "
         "td,th{border:1px solid #ccc;padding:2px 6px} .warning{background:#fff4cc;border-left:4px solid #e0a800;"
         "padding:.4em .6em} summary{cursor:pointer} nav ol{columns:2}")


def render_html(rows: Sequence[dict[str, Any]], command: str | None = None) -> str:
    """The report as one self-contained HTML page (figures embedded as base64 PNG)."""
    title, yardstick = _title(rows)
    cells = build_cells(rows, yardstick)
    section = comparisons(rows)
    e = html.escape
    out = ["<!doctype html><html><head><meta charset='utf-8'>",
           f"<title>{e(title)} balance report</title><style>{STYLE}</style></head><body>",
           f"<h1>{e(title)}: balance report</h1>",
           f"<p>{counted(len(rows), 'game')} in {counted(len(cells), 'cell')}; bots "
           f"{e(', '.join(sorted(set(cells[0].bots))))}.</p>"]
    contents = ["<li><a href='#overview'>Overview</a></li>"]
    if section is not None:
        contents.append(f"<li><a href='#comparisons'>Comparisons between cells</a> "
                        f"({counted(len(section.pairs), 'pair')})</li>")
    contents += [f"<li><a href='#cell-{c.index}'>{e(c.label)}</a>{' (warning)' if c.warnings else ''}</li>"
                 for c in cells]
    out.append("<nav class='contents'><h2>Contents</h2><ol>" + "".join(contents) + "</ol></nav>")
    if command:
        out.append(f"<p>Regenerate: <code>{e(command)}</code></p>")
    table = overview(rows)
    linked = [(f"<a href='#cell-{c.index}'>{e(t[0])}</a>",) + tuple(e(v) for v in t[1:])
              for c, t in zip(cells, table[1:])]
    out.append(f"<section id='overview'><h2>Overview</h2><p>{e(INTERVALS)}</p><table><tr>"
               + "".join(f"<th>{e(h)}</th>" for h in table[0]) + "</tr>"
               + "".join("<tr>" + "".join(f"<td>{v}</td>" for v in t) + "</tr>" for t in linked) + "</table></section>")
    if section is not None:
        out.append(f"<section class='comparisons' id='comparisons'><h2>Comparisons between cells</h2>"
                   f"<p>{e(section.intro)}</p>")
        for pair in section.pairs:
            # a few pairs are read whole; many are a list of their headlines, each opened at will
            out.append(f"<details{' open' if len(section.pairs) <= 6 else ''}><summary>{e(_pair_head(pair))}"
                       "</summary><ul>"
                       + "".join(f"<li>{'<b>' if d.clear else ''}{e(d.sentence)}{'</b>' if d.clear else ''}</li>"
                                 for d in _clear_first(pair.differences)) + "</ul></details>")
        out.append("</section>")
    for cell in cells:
        out.append(f"<section class='cell' id='cell-{cell.index}'><h2>{e(cell.label)}</h2>"
                   f"<p>{counted(cell.games, 'game')}, bots by seat: {e(', '.join(cell.bots))}</p>")
        out += [f"<p class='warning'><b>Warning:</b> {_code(e(w))}</p>" for w in cell.warnings]
        out.append("<ul class='findings'>"
                   + "".join(f"<li><b>{e(p.title)}:</b> {e(p.finding)}</li>" for p in cell.panels) + "</ul>")
        # the figures folded: a sweep of many cells reads as its findings (open for a single cell)
        out.append(f"<details{' open' if len(cells) == 1 else ''}><summary>Figures and tables</summary>"
                   "<div class='panels'>")
        for p in cell.panels:
            img = base64.b64encode(p.png).decode()
            out.append(f"<figure><h3>{e(p.title)}</h3><img alt='{e(p.title)}' src='data:image/png;base64,{img}'>")
            if p.table:
                out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in p.table[0]) + "</tr>" + "".join(
                    "<tr>" + "".join(f"<td>{e(v)}</td>" for v in t) + "</tr>" for t in p.table[1:]) + "</table>")
            out.append("</figure>")
        out.append("</div></details></section>")
    out.append("</body></html>")
    return "\n".join(out)


def render_markdown(rows: Sequence[dict[str, Any]], command: str | None = None) -> str:
    """The report's findings as Markdown (tables instead of figures)."""
    title, yardstick = _title(rows)
    cells = build_cells(rows, yardstick)
    section = comparisons(rows)
    out = [f"# {title}: balance report", "", f"{counted(len(rows), 'game')} in {counted(len(cells), 'cell')}.", "",
           "## Contents", "", "- [Overview](#overview)"]
    if section is not None:
        out.append(f"- [Comparisons between cells](#comparisons-between-cells) ({counted(len(section.pairs), 'pair')})")
    seen: dict[str, int] = {}
    for c in cells:  # a heading met again gets GitHub's "-1", "-2"… (two decks both named a.json)
        anchor = slug(c.label)
        seen[anchor] = seen.get(anchor, -1) + 1
        anchor += f"-{seen[anchor]}" if seen[anchor] else ""
        out.append(f"- [{c.label}](#{anchor}){' (warning)' if c.warnings else ''}")
    out.append("")
    if command:
        out += [f"Regenerate: `{command}`", ""]
    table = overview(rows)
    out += ["## Overview", "", INTERVALS, "", "| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
    out += ["| " + " | ".join(t) + " |" for t in table[1:]] + [""]
    if section is not None:
        out += ["## Comparisons between cells", "", section.intro, ""]
        for pair in section.pairs:
            out += [f"### {pair.title}", "", f"{counted(pair.matched, 'game')} matched on seed."
                    + (f" {pair.note}" if pair.note else ""), ""]
            out += [f"- **{d.sentence}**" if d.clear else f"- {d.sentence}" for d in _clear_first(pair.differences)]
            out.append("")
    for cell in cells:
        out += [f"## {cell.label}", "", f"{counted(cell.games, 'game')}, bots: {', '.join(cell.bots)}", ""]
        out += [line for w in cell.warnings for line in (f"> **Warning:** {w}", "")]
        for p in cell.panels:
            out.append(f"- **{p.title}:** {p.finding}")
            if p.table:
                out += ["", "  | " + " | ".join(p.table[0]) + " |", "  |" + "---|" * len(p.table[0])]
                out += ["  | " + " | ".join(t) + " |" for t in p.table[1:]]
                out.append("")
        out.append("")
    return "\n".join(out)


__all__ = ["INTERVALS", "Cell", "build_cells", "cell_label", "cell_warnings", "comparisons", "overview",
           "render_html", "render_markdown", "slug", "varying_params",
           # the panels, for callers of this module before they moved (roses.sim.panels)
           "end_panel", "faction_panel", "length_panel", "position_panel", "score_panel"]
