"""Balance reports of sweep results (roses.sim.report), from rows as `roses simulate --out` writes them."""
from roses.sim.report import end_panel


def test_end_reasons_group_by_count_but_keep_the_rulebooks_faq_number():
    """Regression: every number of a Blades & Rose end reason became "N", so the report read
    "… Flower Bud cards (FAQ QN)"; only the counts ("5 Flower Buds", "limit 5") are classes. And
    "Games end by the White Rose was killed" is now "Games end: the White Rose was killed"."""
    reasons = ["4 Flower Buds in the Death Area (limit 4)", "5 Flower Buds in the Death Area (limit 5)",
               "all crystals are placed and the White Rose Faction has played all its White Rose and "
               "Flower Bud cards (FAQ Q12)", "the White Rose was killed"]
    rows = [{"game": "blades-and-rose", "end": "Blood Blades", "fig_end_reason": r} for r in reasons]
    finding = end_panel(rows).finding
    assert finding.startswith("Games end: N Flower Buds in the Death Area (limit N) 50%, ")
    assert "N Flower Buds in the Death Area (limit N) 50%" in finding
    assert "(FAQ Q12) 25%" in finding and "QN" not in finding


def _rows(wins_by_position: list[int]) -> list[dict]:
    """One row per game, one winner each, the start seat at position 1 (seat s is position s)."""
    n = len(wins_by_position)
    winners = [p for p, w in enumerate(wins_by_position) for _ in range(w)]
    return [{"game": "roses-and-thorns", "players": n, "positions": list(range(n)), "winners": [w]}
            for w in winners]


def test_an_interval_said_to_miss_the_fair_share_reads_so_once_rounded():
    """Regression: with 5 players the second position's 13 wins in 40 (interval 20.08%–47.98%) were
    "Outside the fair share" yet printed "20%–48%" beside "fair share 20%"; they print with one
    decimal now. Cells where whole percents tell the truth keep whole percents."""
    from roses.sim.report import overview, position_panel

    panel = position_panel(_rows([5, 13, 5, 9, 8]))
    assert "fair share 20.0%. No turn-order position is clearly favoured." in panel.finding
    assert "the fair share falls outside the 95% interval of the second player (32.5%)" in panel.finding
    assert panel.table[2] == ("2", "13", "32.5%", "20.1%–48.0%")
    even = position_panel(_rows([10, 10, 10, 10]))
    assert even.table[1] == ("1", "10", "25%", "14%–40%") and "fair share 25%." in even.finding
    rows = _rows([13, 5, 5, 9, 8])  # the overview's first player, the same way
    for r in rows:
        r.update(cell=0, actions=10, end="second-challenge", param_players=5)
    assert overview(rows)[1][2:4] == ("32.5% (20.1%–48.0%)", "20.0%")


def test_rare_roses_scores_are_dollars_in_the_finding_and_on_the_axis(monkeypatch):
    """Regression: the score panel read "Mean score by turn-order position: 1: 68.0, 2: 61.8" under
    an axis labelled "score", and hid its outliers, though the game scores in dollars."""
    import roses.sim.report as report

    axes = []
    monkeypatch.setattr(report, "_png", lambda plt, fig: axes.append(fig.axes[0]) or b"")
    rows = [{"game": "rare-roses", "players": 2, "positions": [0, 1], "scores": [a, b]}
            for a, b in ((60, 50), (70, 52), (80, 54), (200, 56))]
    panel = report.score_panel(rows, None)
    assert panel.finding == "Mean score by turn-order position: 1: $102.5, 2: $53.0 (spread $49.5)."
    assert axes[0].get_ylabel() == "score ($)"
    assert max(max(line.get_ydata()) for line in axes[0].lines if len(line.get_ydata())) == 200  # the outlier


def test_end_reasons_are_wrapped_whole_on_the_figure(monkeypatch):
    """Regression: end-reason labels were cut to 47 characters ("all crystals are placed and the
    White Rose Fact…"), hiding which faction won, and the longest ran off the figure's left edge."""
    import roses.sim.report as report

    axes = []
    monkeypatch.setattr(report, "_png", lambda plt, fig: axes.append(fig.axes[0]) or b"")
    reasons = ["all crystals are placed and White Rose Faction seats still hold White Rose or Flower Bud "
               "cards (FAQ Q12)", "the White Rose was killed"]
    report.end_panel([{"game": "blades-and-rose", "end": "Blood Blades", "fig_end_reason": r} for r in reasons])
    labels = [t.get_text() for t in axes[0].get_yticklabels()]
    assert [" ".join(label.split()) for label in labels] == reasons[::-1]
    assert max(len(line) for label in labels for line in label.splitlines()) <= 34


def test_a_position_is_called_outside_the_fair_share_only_when_clear_of_all_positions_tested():
    """Regression: each position was flagged when its own 95% interval missed the fair share, so
    with six positions about one cell in four named a favoured position by chance alone. Holm's
    correction over the positions decides "outside"; a lone miss is reported as not clear."""
    from roses.sim.report import holm_clear, position_panel

    # 13 of 40 at a fair 20%: p = 0.058 alone, not clear of 5 tests; 25 of 52: p < 1e-6, clear
    assert holm_clear([5, 13, 5, 9, 8], 40, 0.2) == [False] * 5
    assert holm_clear([5, 25, 5, 9, 8], 52, 0.2) == [False, True, False, False, False]
    clear = position_panel(_rows([5, 25, 5, 9, 8])).finding
    assert "Outside the fair share, with all 5 positions taken into account: second player 48%." in clear
    assert "not clear evidence" not in clear
    assert position_panel(_rows([5, 13, 5, 9, 8])).finding.endswith(
        "second player (32.5%); with 5 positions tested that is not clear evidence (chance alone puts at "
        "least one outside in about 23% of cells).")
    # Over cells of fair play (6 positions, 60 games, each seat wins at the fair rate), the old
    # rule named a position in about a quarter of them; the corrected one in about one in twenty.
    import random

    from roses.sim.batch import wilson
    rng = random.Random(7)
    cells = [[sum(1 for _ in range(60) if rng.random() < 1 / 6) for _ in range(6)] for _ in range(400)]
    old_rule = sum(any(not lo <= 1 / 6 <= hi for lo, hi in (wilson(k, 60) for k in c)) for c in cells)
    new_rule = sum(any(holm_clear(c, 60, 1 / 6)) for c in cells)
    assert old_rule / 400 > 0.15 and new_rule / 400 < 0.08, (old_rule, new_rule)


def test_a_game_without_an_end_tag_gets_no_how_games_end_panel():
    """Regression: a Rare Roses solo report said "Games end: score 100%" ("score" being the
    sweep's stand-in for a game with no end tag) and its overview's last column "score 100%"."""
    from roses.sim.report import build_cells, overview
    from roses.sim.sweep import NO_END

    rows = [{"game": "rare-roses", "cell": 0, "players": 1, "positions": [0], "winners": [0], "bots": ["heuristic"],
             "scores": [100.0 + k], "actions": 70, "rounds": None, "end": NO_END, "param_players": 1}
            for k in range(5)]
    titles = [p.title for p in build_cells(rows)[0].panels]
    assert "How games end" not in titles and "Game length" in titles
    assert overview(rows)[1][-1] == "—"
