"""Paired comparisons between the cells of a sweep, for the balance report's "Comparisons between
cells" section.

A sweep plays the same game seeds in every cell (:func:`roses.sim.sweep.game_seed`), so two cells
are compared game by game: the games are matched on their seed, each measure's difference is
taken in every matched game, and the report gives the mean difference with its paired 95% t
interval, ``mean ± t(0.975, n−1) · sd / √n`` (:func:`roses.sim.stats.t_interval`), in plain words
("Game length: 3.1 seat actions longer with 4 players than with 3 players (paired, 95% interval
2.2 to 4.0)").

Pairs: every two cells that differ in exactly one setting, the nearest values first (3 and 4
players before 3 and 5), at most :data:`MAX_PAIRS` of them; the section says how many it left out.

Measures, per game: each turn-order position's win credit (a win shared by ``k`` winners counts
``1/k``; between different numbers of players, its edge over the fair share, the credit minus
``1/players``), the length in seat actions and in rounds, the table's mean score and each
position's score (games with scores), and for each result tag (how the game was won, the winning
faction, a shared win) and end reason, whether the game ended that way (1 or 0, so the difference
is in percentage points of the games). Of a result with two values in every game (one winner or
a shared win) only the rarer is listed: the other's difference is its mirror.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, stdev
from typing import Any, Callable, Collection, Sequence

from roses.core.words import counted

from .stats import t_interval

#: The most pairs of cells the section compares (a 5 × 5 sweep has 100 pairs that differ in one
#: setting; its 40 pairs of neighbouring values fit).
MAX_PAIRS = 40

#: Families of yes/no measures: one value of a result tag, or one end reason, per game.
_INDICATORS = ("tag", "reason")


def ordinal(p: int) -> str:
    """Turn-order position ``p`` (0 = the seat that started) as a word: ``ordinal(0) == "first"``."""
    return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"][p] \
        if p < 10 else f"{p + 1}th"


def row_credits(row: dict[str, Any]) -> list[float]:
    """Each turn-order position's win credit in one game (a results row): ``1/k`` for each of its
    ``k`` winners, 0 for the others (all 0 in a game nobody won)."""
    out = [0.0] * row["players"]
    for s in row["winners"]:
        out[row["positions"][s]] += 1 / len(row["winners"])
    return out


def row_fair_share(row: dict[str, Any]) -> float:
    """A position's fair share of one game's win: ``1/players``, or 0 in a game nobody won."""
    return 1 / row["players"] if row["winners"] else 0.0


def reason_class(text: str) -> str:
    """An end reason as a class: its counts as ``N`` ("5 Flower Buds in the Death Area (limit 5)"
    and its 4-bud twin are one class), the rulebook's numbers kept ("FAQ Q12")."""
    return re.sub(r"\b\d+\b", "N", text)


def setting_words(column: str, value: Any) -> str:
    """One cell setting (a ``param_*`` column and its value) in plain words: ``4 players``,
    ``quick game on``, ``death limit 4``, ``deck from fewer-thorns.json``,
    ``market prices (rainbow) 3``."""
    name = column[len("param_"):]
    if name == "players":
        return counted(int(value), "player")
    base, dot, key = name.partition(".")
    words = base.replace("_", " ") + (f" ({key})" if dot else "")
    if isinstance(value, bool):
        return f"{words} {'on' if value else 'off'}"
    if value is None:
        return f"{words} unset"
    if isinstance(value, str) and value.startswith("@"):
        return f"{words} from {Path(value[1:]).name}"
    if isinstance(value, (dict, list)):
        return f"{words} {json.dumps(value, sort_keys=True)}"
    return f"{words} {value}"


@dataclass(frozen=True)
class Difference:
    """One measure compared between two cells: a ``sentence`` in plain words and whether its 95%
    interval leaves zero out (``clear``)."""
    sentence: str
    clear: bool


@dataclass(frozen=True)
class Comparison:
    """Two cells compared: ``title`` names them, ``matched`` counts the games matched on seed,
    ``note`` says why there is no difference to give (too few matched games)."""
    title: str
    matched: int
    differences: tuple[Difference, ...]
    note: str = ""


@dataclass(frozen=True)
class Comparisons:
    """The report's comparison section: an ``intro`` and the pairs of cells."""
    intro: str
    pairs: tuple[Comparison, ...]


def _same(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def cell_pairs(cells: Sequence[Sequence[dict[str, Any]]], varying: Sequence[str]) -> list[tuple[int, int, str]]:
    """Every ``(i, j, setting)`` with cells ``i < j`` differing in that one setting only, the
    nearest values first (their places in the sweep's order of values), then by setting and cell."""
    values = [{k: _same(cell[0].get(k)) for k in varying} for cell in cells]
    order = {k: list(dict.fromkeys(v[k] for v in values)) for k in varying}
    found = []
    for j in range(len(cells)):
        for i in range(j):
            diff = [k for k in varying if values[i][k] != values[j][k]]
            if len(diff) == 1:
                k = diff[0]
                gap = abs(order[k].index(values[j][k]) - order[k].index(values[i][k]))
                found.append((gap, list(varying).index(k), i, j, k))
    return [(i, j, k) for _, _, i, j, k in sorted(found)]


def measures(row: dict[str, Any]) -> dict[tuple, float]:
    """The measures of one game (module docstring), keyed ``("win", p)``, ``("edge", p)``,
    ``("actions",)``, ``("rounds",)``, ``("score_mean",)``, ``("score", p)``, ``("tag", tag,
    value)`` and ``("reason", class)``; a yes/no measure is present only when it is 1."""
    n = row["players"]
    out: dict[tuple, float] = {("actions",): float(row["actions"])}
    if row.get("rounds") is not None:
        out[("rounds",)] = float(row["rounds"])
    if n > 1:
        fair = row_fair_share(row)
        for p, x in enumerate(row_credits(row)):
            out[("win", p)] = x
            out[("edge", p)] = x - fair
    scores = row.get("scores")
    if scores is not None:
        out[("score_mean",)] = fmean(scores)
        if n > 1:
            for s, x in enumerate(scores):
                out[("score", row["positions"][s])] = float(x)
    for tag, value in json.loads(row["tags"]).items():
        out[("tag", tag, str(value))] = 1.0
    if row.get("fig_end_reason"):
        out[("reason", reason_class(str(row["fig_end_reason"])))] = 1.0
    return out


def mirrored(rows: Sequence[dict[str, Any]]) -> set[tuple]:
    """The yes/no measures left out as mirrors: of a result tag (or the end reason) that takes
    exactly two values and is in every game, the more common value."""
    families: dict[tuple, Counter] = {}
    for r in rows:
        for key in measures(r):
            if key[0] in _INDICATORS:
                families.setdefault(key[:-1], Counter())[key] += 1
    out = set()
    for counts in families.values():
        if len(counts) == 2 and sum(counts.values()) == len(rows):
            out.add(max(sorted(counts), key=counts.__getitem__))
    return out


def _by_seed(rows: Sequence[dict[str, Any]], label: str) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        if r["seed"] in out:
            raise ValueError(f"the cell {label} has two games with seed {r['seed']}, so its games cannot be "
                             "matched to another cell's (results of two sweeps in one file?)")
        out[r["seed"]] = r
    return out


@dataclass(frozen=True)
class _Measure:
    subject: str
    up: str       # the phrase of a positive difference, ``{}`` for its size
    down: str
    share: bool   # a share of games (0..1): shown in percentage points, its difference within −1..1
    digits: int
    unit: str = ""   # after the interval ("percentage points")
    money: str = ""  # before each amount ("$")


def _describe(key: tuple, words: Callable[[str], str], money: str) -> _Measure:
    kind = key[0]
    if kind in ("win", "edge"):
        subject = f"The {ordinal(key[1])} player's " + ("win rate" if kind == "win" else "edge over the fair share")
        return _Measure(subject, "{} percentage points higher", "{} percentage points lower", True, 1,
                        " percentage points")
    if kind == "actions":
        return _Measure("Game length", "{} seat actions longer", "{} seat actions shorter", False, 1)
    if kind == "rounds":
        return _Measure("Rounds per game", "{} more rounds", "{} fewer rounds", False, 2)
    if kind == "score_mean":
        return _Measure("Mean score per seat", "{} higher", "{} lower", False, 1, money=money)
    if kind == "score":
        return _Measure(f"The {ordinal(key[1])} player's score", "{} higher", "{} lower", False, 1, money=money)
    subject = (f"{words(key[1])}, {words(key[2])}" if kind == "tag" else f"How games ended, {key[1]}")
    return _Measure(subject, "{} percentage points more often", "{} percentage points less often", True, 1,
                    " percentage points")


def _amount(m: _Measure, x: float) -> str:
    text = f"{abs(x) * (100 if m.share else 1):.{m.digits}f}"
    sign = "−" if x < 0 and float(text) != 0 else ""
    return f"{sign}{m.money}{text}"


def difference(m: _Measure, diffs: Sequence[float], a: str, b: str) -> Difference:
    """The sentence of one measure's per-game differences (``a`` minus ``b``, two or more)."""
    n = len(diffs)
    mean, lo, hi = t_interval(diffs)
    if m.share:  # two shares differ by at most 1: a few games' t interval can reach past it
        lo, hi = max(lo, -1.0), min(hi, 1.0)
    if stdev(diffs) == 0:
        if mean == 0:
            return Difference(f"{m.subject}: the same with {a} as with {b} in all {n} matched games.", False)
        size = (m.up if mean > 0 else m.down).format(_amount(m, abs(mean)))
        return Difference(f"{m.subject}: {size} with {a} than with {b} in every one of the {n} matched games.", True)
    if mean < 0:  # said as a positive size in the other direction, with the interval turned round
        mean, lo, hi = -mean, -hi, -lo
        phrase = m.down
    else:
        phrase = m.up
    clear = lo > 0
    return Difference(f"{m.subject}: {phrase.format(_amount(m, mean))} with {a} than with {b} (paired, 95% "
                      f"interval {_amount(m, lo)} to {_amount(m, hi)}{m.unit}"
                      + ("" if clear else "; no clear difference") + ").", clear)


def _keys(a_rows: Sequence[dict[str, Any]], b_rows: Sequence[dict[str, Any]], a_measures: list[dict[tuple, float]],
          b_measures: list[dict[tuple, float]], left_out: set[tuple]) -> list[tuple]:
    """The measures to compare, in the report's order: positions, length, rounds, scores, results."""
    na, nb = a_rows[0]["players"], b_rows[0]["players"]
    keys: list[tuple] = []
    if na > 1 and nb > 1:
        keys += [("win", p) for p in range(na)] if na == nb else [("edge", p) for p in range(min(na, nb))]
    everywhere = [k for k in (("actions",), ("rounds",), ("score_mean",))
                  if all(k in m for m in a_measures + b_measures)]
    keys += everywhere
    if na == nb and na > 1 and ("score_mean",) in everywhere:
        keys += [("score", p) for p in range(na)]
    seen = {k for m in a_measures + b_measures for k in m if k[0] in _INDICATORS}
    keys += sorted(seen - left_out, key=lambda k: (_INDICATORS.index(k[0]), k))
    return keys


def compare(a_rows: Sequence[dict[str, Any]], b_rows: Sequence[dict[str, Any]], a: str, b: str, title: str,
            words: Callable[[str], str], money: str = "", left_out: Collection[tuple] = ()) -> Comparison:
    """Cell ``a_rows`` (said ``a``) against cell ``b_rows`` (said ``b``), games matched on seed."""
    a_seeds, b_seeds = _by_seed(a_rows, a), _by_seed(b_rows, b)
    common = sorted(set(a_seeds) & set(b_seeds))
    if len(common) < 2:
        return Comparison(title, len(common), (), "Too few games to give a paired interval (it takes 2 or more).")
    ma = [measures(a_seeds[s]) for s in common]
    mb = [measures(b_seeds[s]) for s in common]
    out = []
    for key in _keys(a_rows, b_rows, ma, mb, set(left_out)):
        diffs = [x.get(key, 0.0) - y.get(key, 0.0) for x, y in zip(ma, mb)]
        out.append(difference(_describe(key, words, money), diffs, a, b))
    return Comparison(title, len(common), tuple(out))


def compare_cells(cells: Sequence[Sequence[dict[str, Any]]], varying: Sequence[str], words: Callable[[str], str],
                  money: str = "") -> Comparisons | None:
    """The comparison section for a sweep's ``cells`` (rows of each, in cell order; ``varying``:
    the ``param_*`` columns that label them), or ``None`` for a single cell. ``words``: a result
    tag or value in plain words; ``money``: ``"$"`` for scores in dollars.

    Raises ``ValueError`` when a cell holds one seed twice (its games cannot be matched)."""
    if len(cells) < 2:
        return None
    all_pairs = cell_pairs(cells, varying)
    if not all_pairs:
        return Comparisons("No two cells differ in one setting only, so none is compared.", ())
    shown = all_pairs[:MAX_PAIRS]
    left_out = mirrored([r for cell in cells for r in cell])
    pairs = []
    for i, j, k in shown:
        a, b = setting_words(k, cells[j][0].get(k)), setting_words(k, cells[i][0].get(k))
        context = [setting_words(c, cells[j][0].get(c)) for c in varying if c != k]
        title = f"{a} against {b}" + (f", both with {', '.join(context)}" if context else "")
        pairs.append(compare(cells[j], cells[i], a, b, title, words, money, left_out))
    if all(p.matched == 0 for p in pairs):
        return Comparisons(
            "These cells were played on different game seeds (a sweep run with --unpaired, or one from before "
            "sweeps were paired), so no game of one cell can be matched with a game of another and no paired "
            "difference can be given. Run the sweep again without --unpaired to compare its cells.", ())
    intro = ("Each line compares two cells that differ in one setting. Every cell played the same game seeds, so "
             "the games are matched on their seed and each difference is the mean of the per-game differences, "
             "with its paired 95% interval (mean ± t·sd/√n over the matched games). Win rates count a shared win "
             "1/k for each of its k winners; shares of games and win rates differ in percentage points. A "
             "difference is clear when its interval leaves zero out; among many lines, about one in twenty of "
             "those with no real difference still looks clear by chance.")
    if any(cells[i][0]["players"] != cells[j][0]["players"] for i, j, _ in shown):
        intro += (" Between different numbers of players, turn-order positions are compared by their edge over "
                  "the fair share (win rate minus one over the number of players), since the fair share differs.")
    if len(all_pairs) > len(shown):
        intro += (f" Shown: {len(shown)} of the {len(all_pairs)} pairs of cells that differ in one setting, "
                  "those with the nearest values first.")
    return Comparisons(intro, tuple(pairs))


__all__ = ["MAX_PAIRS", "Comparison", "Comparisons", "Difference", "cell_pairs", "compare", "compare_cells",
           "difference", "measures", "mirrored", "ordinal", "reason_class", "row_credits", "row_fair_share",
           "setting_words"]
