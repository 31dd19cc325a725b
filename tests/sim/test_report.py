"""Balance reports of sweep results (roses.sim.report), from rows as `roses simulate --out` writes them."""
import json

from roses.sim.report import end_panel


def test_end_reasons_group_by_count_but_keep_the_rulebooks_faq_number():
    """Regression: every number of a Blades & Rose end reason became "N", so the report read
    "… Flower Bud cards (FAQ QN)"; only the counts ("5 Flower Buds", "limit 5") are classes. And
    "Games end by the White Rose was killed" is now "Games end: the White Rose was killed".
    Issue 45: the class read "N Flower Buds in the Death Area (limit N)", a literal N; it is worded
    now, each share with its count."""
    reasons = ["4 Flower Buds in the Death Area (limit 4)", "5 Flower Buds in the Death Area (limit 5)",
               "all crystals are placed and the White Rose Faction has played all its White Rose and "
               "Flower Bud cards (FAQ Q12)", "the White Rose was killed"]
    rows = [{"game": "blades-and-rose", "end": "Blood Blades", "fig_end_reason": r} for r in reasons]
    finding = end_panel(rows).finding
    assert finding.startswith("Games end: Flower Buds in the Death Area reached the limit 50.0% (2 games), ")
    assert "(FAQ Q12) 25.0% (1 game)" in finding and "QN" not in finding and "N " not in finding


def _rows(wins_by_position: list[int]) -> list[dict]:
    """One row per game, one winner each, the start seat at position 1 (seat s is position s)."""
    n = len(wins_by_position)
    winners = [p for p, w in enumerate(wins_by_position) for _ in range(w)]
    return [{"game": "roses-and-thorns", "players": n, "positions": list(range(n)), "winners": [w]}
            for w in winners]


def test_an_interval_said_to_miss_the_fair_share_reads_so_once_rounded():
    """Regression: with 5 players the second position's 13 wins in 40 (interval 20.08%–47.98%) were
    "Outside the fair share" yet printed "20%–48%" beside "fair share 20%"; they print with one
    decimal now. Issue 45: every cell has one decimal (whole percents in one cell, tenths in the
    next read as two precisions); two only where one would make an interval seem to touch the fair
    share it leaves out."""
    from roses.sim.panels import pct_digits
    from roses.sim.report import overview, position_panel

    panel = position_panel(_rows([5, 13, 5, 9, 8]))
    assert "fair share 20.0%. No turn-order position is clearly favoured." in panel.finding
    assert "the fair share falls outside the 95% interval of the second player (32.5%)" in panel.finding
    assert panel.table[2] == ("2", "13", "32.5%", "20.1%–48.0%")
    even = position_panel(_rows([10, 10, 10, 10]))  # Wilson at 10 of 40: 14.2% to 40.2%
    assert even.table[1] == ("1", "10", "25.0%", "14.2%–40.2%") and "fair share 25.0%." in even.finding
    assert pct_digits(0.2, [(0.2004, 0.48)]) == 2 and pct_digits(0.2, [(0.2008, 0.48)]) == 1
    rows = _rows([13, 5, 5, 9, 8])  # the overview's first player, the same way
    for r in rows:
        r.update(cell=0, actions=10, end="second-challenge", param_players=5)
    assert overview(rows)[1][2:4] == ("32.5% (20.1%–48.0%)", "20.0%")


def test_rare_roses_scores_are_dollars_in_the_finding_and_on_the_axis(monkeypatch):
    """Regression: the score panel read "Mean score by turn-order position: 1: 68.0, 2: 61.8" under
    an axis labelled "score", and hid its outliers, though the game scores in dollars."""
    import roses.sim.panels as report

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
    import roses.sim.panels as report

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
    from roses.sim.report import position_panel
    from roses.sim.stats import fair_share_pvalue, holm

    def credits(k: int, n: int) -> list[float]:
        return [1.0] * k + [0.0] * (n - k)

    # The score test, by hand: 13 of 40 at a fair 20%, z = (0.325 − 0.2) / sqrt(0.2 · 0.8 / 40)
    # = 0.125 / 0.063246 = 1.976424, p = 0.048107 alone, not clear of 5 tests (Holm's first
    # threshold is 0.01); 25 of 52, z = (0.480769 − 0.2) / 0.055470 = 5.061604, p = 4.2e-7, clear
    assert abs(fair_share_pvalue(credits(13, 40), 0.2) - 0.048107) < 1e-6
    assert abs(fair_share_pvalue(credits(25, 52), 0.2) - 4.157e-7) < 1e-9
    assert holm([0.24, 0.048, 0.24, 0.69, 1.0]) == [False] * 5
    assert holm([0.061, 4.2e-7, 0.061, 0.63, 0.41]) == [False, True, False, False, False]
    assert holm([0.004, 0.012, 0.2]) == [True, True, False]  # 0.004 < 0.05/3, 0.012 < 0.05/2, 0.2 > 0.05
    clear = position_panel(_rows([5, 25, 5, 9, 8])).finding
    assert "Outside the fair share, with all 5 positions taken into account: second player 48.1%." in clear
    assert "not clear evidence" not in clear
    assert position_panel(_rows([5, 13, 5, 9, 8])).finding.endswith(
        "second player (32.5%); with 5 positions tested that is not clear evidence (chance alone puts at "
        "least one outside in about 22.6% of cells).")
    # Over cells of fair play (6 positions, 60 games, each seat wins at the fair rate), the old
    # rule named a position in about a quarter of them; the corrected one in about one in twenty.
    import random

    from roses.sim.batch import wilson
    rng = random.Random(7)
    cells = [[sum(1 for _ in range(60) if rng.random() < 1 / 6) for _ in range(6)] for _ in range(400)]
    old_rule = sum(any(not lo <= 1 / 6 <= hi for lo, hi in (wilson(k, 60) for k in c)) for c in cells)
    new_rule = sum(any(holm([fair_share_pvalue(credits(k, 60), 1 / 6) for k in c])) for c in cells)
    assert old_rule / 400 > 0.15 and new_rule / 400 < 0.08, (old_rule, new_rule)


def test_a_shared_win_counts_one_kth_for_each_winner_in_the_report():
    """Issue 45: the report gave each winner of a shared win a whole win (and raised the fair share
    to match) while `simulate` and tournaments gave 1/k, so the same Rose Ceremony rows read 24%
    in one and 39% in the other. Now 1/k everywhere, against a fair share of 1/players.

    Six games of 3 players (seat s is position s), winners by game: {1}, {1, 2}, {2, 3}, {3},
    {1, 2, 3}, {2}. The first position's credits: 1, 1/2, 0, 0, 1/3, 0, that is 11/6 wins, 30.6%
    (the old count: 3 of 6, 50%, against a fair share of 10/18 = 55.6%). Its interval by hand:
    mean m = 0.305556; variance (mean of squares 1.361111 / 6 = 0.226852, less m²) 0.133488;
    spread φ = 0.133488 / (m(1 − m) = 0.212191) = 0.629091, so the 6 games count as
    6 / φ = 9.537572; Wilson at m over 9.537572 games with z² = 3.841459: centre
    (0.305556 + 3.841459 / 19.075144) / (1 + 3.841459 / 9.537572) = 0.506942 / 1.402771 =
    0.361387, half 1.959964 · sqrt(0.212191 / 9.537572 + 3.841459 / (4 · 9.537572²)) / 1.402771 =
    0.253065: 10.8% to 61.4%. The second position (14/6 = 2.333 wins): mean 0.388889, squares
    1.611111 / 6 = 0.268519, variance 0.117284, φ = 0.117284 / 0.237654 = 0.493506, 12.157895
    games: centre 0.546871 / 1.315964 = 0.415567, half 0.240360: 17.5% to 65.6%."""
    from roses.sim.report import overview, position_panel

    won = [[0], [0, 1], [1, 2], [2], [0, 1, 2], [1]]
    rows = [{"game": "rose-ceremony", "cell": 0, "players": 3, "positions": [0, 1, 2], "winners": w,
             "actions": 80, "end": "deck-out", "param_players": 3} for w in won]
    panel = position_panel(rows)
    assert panel.table[1:] == [("1", "1.83", "30.6%", "10.8%–61.4%"), ("2", "2.33", "38.9%", "17.5%–65.6%"),
                               ("3", "1.83", "30.6%", "10.8%–61.4%")]
    assert panel.finding == (
        "The first player wins 30.6% (95% interval 10.8%–61.4%) with 3 players; fair share 33.3% (a shared win "
        "counts 1/k for each of its k winners; 50.0% of the games had one). No turn-order position is clearly "
        "favoured.")
    assert overview(rows)[1][2:4] == ("30.6% (10.8%–61.4%)", "33.3%")


def test_a_position_that_never_won_gets_wilsons_interval_and_test():
    """A position with no win in 20 games has no spread to measure: it counts as 20 yes/no games.
    By hand, Wilson's upper bound at 0 of 20 is z² / (20 + z²) = 3.841459 / 23.841459 = 0.161125,
    and the score test at a fair 10% z = 0.1 / sqrt(0.1 · 0.9 / 20) = 1.490712, p = 0.136037."""
    from roses.sim.stats import credit_interval, fair_share_pvalue

    lo, hi = credit_interval([0.0] * 20)
    assert lo == 0.0 and abs(hi - 0.161125) < 1e-6
    assert abs(fair_share_pvalue([0.0] * 20, 0.1) - 0.136037) < 1e-6


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


def _cells(game: str, cells: list[dict], games: int, **extra) -> list[dict]:
    """Rows of a paired sweep by hand: every cell plays seeds 1..games, 3 players, seat 0 starting
    and winning, 30 seat actions; each cell's ``param_*`` columns as given."""
    return [{"game": game, "cell": c, "game_index": i, "seed": i + 1, "players": 3, "bots": ["heuristic"] * 3,
             "start_seat": 0, "positions": [0, 1, 2], "winners": [0], "returns": [1.0, 0.0, 0.0], "scores": None,
             "actions": 30, "rounds": 3, "end": "second-challenge", "tags": json.dumps({"win_by": "second-challenge"}),
             "param_players": 3, **{f"param_{k}": v for k, v in params.items()}, **extra}
            for c, params in enumerate(cells) for i in range(games)]


def test_the_report_opens_with_contents_linking_each_cell_and_the_comparisons():
    """Issue 45: a report of many cells was one long page (9,300 px) without contents. Now a
    contents list links the overview, the comparisons and every cell (HTML ids, Markdown headings'
    anchors), the overview names link to their cells, and each cell's figures are folded under its
    findings (open when the report has a single cell)."""
    from roses.sim.report import render_html, render_markdown, slug

    rows = _cells("roses-and-thorns", [{"quick_game": True}, {"quick_game": False}], 3)
    page = render_html(rows)
    nav = page[page.index("<nav class='contents'>"):page.index("</nav>")]
    assert [h for h in ("#overview", "#comparisons", "#cell-0", "#cell-1") if f"href='{h}'" in nav] == [
        "#overview", "#comparisons", "#cell-0", "#cell-1"]
    assert ">3 players, quick game on</a>" in nav and ">3 players, quick game off</a>" in nav
    for anchor in ("overview", "comparisons", "cell-0", "cell-1"):
        assert page.count(f"id='{anchor}'") == 1
    assert page.index("<nav") < page.index("id='overview'") < page.index("id='comparisons'") < page.index("id='cell-0'")
    assert page.count("<details><summary>Figures and tables</summary>") == 2  # folded: two cells
    assert "<td><a href='#cell-1'>3 players, quick game off</a></td>" in page
    one = render_html([r for r in rows if r["cell"] == 0])
    assert "<details open><summary>Figures and tables</summary>" in one and "href='#comparisons'" not in one
    md = render_markdown(rows)
    contents = md[md.index("## Contents"):md.index("## Overview")]
    assert "- [3 players, quick game off](#3-players-quick-game-off)" in contents
    assert "- [Comparisons between cells](#comparisons-between-cells) (1 pair)" in contents
    # every link of the contents is the anchor of a heading, as GitHub makes them
    heads = {slug(line.lstrip("#").strip()) for line in md.splitlines() if line.startswith("## ")}
    links = [part.split(")")[0] for part in contents.split("](#")[1:]]
    assert links and all(link in heads for link in links), (links, heads)
    twins = render_markdown(_cells("roses-and-thorns", [{"deck": "@x/a.json"}, {"deck": "@y/a.json"}], 2))
    assert "- [3 players, deck from a.json](#3-players-deck-from-ajson-1)" in twins  # GitHub's second anchor


def test_cells_are_named_in_words_not_by_their_column_names():
    """Issue 45: cell headings and overview rows read "players=3, quick_game=True"; now "3 players,
    quick game on", in the overview, the headings and the contents alike."""
    from roses.sim.report import overview, render_html, render_markdown

    rows = _cells("roses-and-thorns", [{"quick_game": True}, {"quick_game": False}], 2)
    assert [t[0] for t in overview(rows)[1:]] == ["3 players, quick game on", "3 players, quick game off"]
    md = render_markdown(rows)
    assert "## 3 players, quick game on" in md and "## 3 players, quick game off" in md
    for page in (md, render_html(rows)):
        assert "quick_game" not in page and "players=" not in page


def test_an_outcome_that_happened_never_reads_zero_and_shares_come_with_their_count():
    """Issue 45: a way of ending seen in 1 of 3,000 games read "0%" (and the other "100%"). Now
    "<0.1% (1 game)" and ">99.9% (2999 games)"; an outcome that never happened is simply absent."""
    from roses.sim.panels import end_panel, pct, rate, share

    rows = [{"game": "rose-ceremony", "end": "ten-roses" if i == 0 else "deck-out"} for i in range(3000)]
    assert end_panel(rows).finding == ("Games end: most charm points when the deck ran out >99.9% (2999 games), "
                                       "a bouquet of 10 roses or more <0.1% (1 game).")
    assert (rate(0.0004), rate(0.0005), rate(0.9996)) == ("<0.1%", "0.1%", ">99.9%")
    assert (rate(0.0), rate(1.0)) == ("0.0%", "100.0%")
    assert share(1, 40) == "2.5% (1 game)" and pct(0.0004) == "0.0%"  # a bound, not an outcome


def test_a_difference_of_rates_is_in_percentage_points():
    """Issue 45: "Blood Blades win 75% …; 25% away from 50/50": a difference of two rates is 25
    percentage points, not 25 percent (of 50%, that would be 12.5 points)."""
    from roses.sim.panels import faction_panel

    rows = [{"game": "blades-and-rose", "end": "Blood Blades" if i < 30 else "White Rose",
             "fig_factions": ["Blood Blades", "White Rose"]} for i in range(40)]
    panel = faction_panel(rows)
    # Wilson at 30 of 40: 59.8% to 85.8%; at 10 of 40: 14.2% to 40.2%
    assert panel.finding == ("Blood Blades win 75.0% (95% interval 59.8%–85.8%); White Rose win 25.0% (95% interval "
                             "14.2%–40.2%); 25.0 percentage points away from 50/50.")
    assert panel.table[1] == ("Blood Blades", "30", "75.0%", "59.8%–85.8%")


def test_end_reasons_are_worded_in_the_comparisons_too():
    """Issue 45: the comparisons said "How games ended, N Flower Buds in the Death Area (limit N)".
    Cell 0 ends by the death limit in games 1 and 2 (4 and 5 buds), cell 1 in none of its 2 games:
    100 points more often in every matched game."""
    from roses.sim.report import comparisons

    reasons = {0: ["4 Flower Buds in the Death Area (limit 4)", "5 Flower Buds in the Death Area (limit 5)"],
               1: ["the White Rose was killed", "the White Rose is in the Sanctuary and 4 Flower Buds are sacrificed"]}
    rows = _cells("blades-and-rose", [{"death_limit": 4}, {"death_limit": 6}], 2)
    for r in rows:
        r["fig_end_reason"] = reasons[r["cell"]][r["game_index"]]
    said = [d.sentence for d in comparisons(rows).pairs[0].differences if d.sentence.startswith("How games ended")]
    assert said[0] == ("How games ended, Flower Buds in the Death Area reached the limit: 100.0 percentage points less "
                       "often with death limit 6 than with death limit 4 in every one of the 2 matched games.")
    assert any("the White Rose is in the Sanctuary and enough Flower Buds are sacrificed" in s for s in said)
    assert not any(" N " in s or "(limit" in s for s in said)


def test_a_changed_price_with_the_shipped_order_deck_is_warned_in_the_cells_header():
    """Issue 45: Rare Roses' order values were set for the default market prices (Fill = the roses'
    cost, Match $2 a rose more); a sweep of Rainbow at $3 with the shipped deck said nothing. The
    cell's header now warns, from the sweep's ``warnings`` column or, for rows without it, from the
    cell's parameters; the default prices, or a deck of one's own, get no warning. In the shipped
    deck 32 roses of 43 cards are Rainbow: $1 more each is 32/43 = $0.74 more an order on average."""
    from roses.games.rare_roses.cards import DEFAULT_PRICES, default_deck
    from roses.sim.report import build_cells, render_html, render_markdown

    dearer = json.dumps({**DEFAULT_PRICES, "rainbow": 3}, sort_keys=True)
    rows = _cells("rare-roses", [{"market_prices": json.dumps(DEFAULT_PRICES, sort_keys=True), "order_deck": None},
                                 {"market_prices": dearer, "order_deck": None}], 2)
    cells = build_cells(rows)
    assert cells[0].warnings == ()
    (warning,) = cells[1].warnings
    assert warning.startswith("The order cards' values were set for the default market prices (an order's Fill value "
                              "is what its roses cost at those prices, its Match value $2 a rose more); with Rainbow "
                              "at $3 instead of $2, an order's roses now cost up to $")
    assert "($0.74 more on average over the deck), so the orders may pay too little." in warning
    assert "`roses param rare-roses order_deck --out order_deck.json`" in warning
    md = render_markdown(rows)
    assert md.count("> **Warning:** The order cards' values") == 1
    assert md.index("> **Warning:**") > md.index("## 3 players, market prices")  # the second cell's header
    page = render_html(rows)
    assert page.count("<p class='warning'><b>Warning:</b> The order cards") == 1
    assert "<code>roses param rare-roses order_deck --out order_deck.json</code>" in page
    own = [c.to_json() for c in default_deck()][:-5]
    for r in rows:
        r["param_order_deck"] = json.dumps(own)
    assert [c.warnings for c in build_cells(rows)] == [(), ()]
    for r in rows:  # the column the sweep writes is what the report says
        r["warnings"] = ["said by the sweep"] if r["cell"] else []
    assert [c.warnings for c in build_cells(rows)] == [(), ("said by the sweep",)]
