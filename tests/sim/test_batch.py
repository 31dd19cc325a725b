"""Batch simulation: reproducible, worker-independent, with sane intervals."""
import pytest

from roses.sim.batch import expand_bots, run_batch, wilson


def test_same_seed_same_result_whatever_the_workers():
    a = run_batch("roses-and-thorns", {"players": 3}, ["random"], games=40, seed=7)
    b = run_batch("roses-and-thorns", {"players": 3}, ["random"], games=40, seed=7, workers=2, chunk=7)
    assert a.wins_per_seat == b.wins_per_seat and a.mean_actions == b.mean_actions
    assert sum(a.wins_per_seat) == 40


def test_wilson_interval_values():
    lo, hi = wilson(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0


def test_expand_bots():
    assert expand_bots(["heuristic", "random"], 4) == ["heuristic", "random", "random", "random"]
    with pytest.raises(ValueError):
        expand_bots(["random"] * 5, 4)


def test_outcomes_count_the_games_result_tags():
    r = run_batch("roses-and-thorns", {"players": 4}, ["random"], games=30, seed=3)
    assert set(r.outcomes) == {"win_by"}
    assert sum(r.outcomes["win_by"].values()) == 30
    assert set(r.outcomes["win_by"]) <= {"second-challenge", "last-standing"}
    j = r.to_json()
    assert abs(sum(j["outcome_rates"]["win_by"].values()) - 1.0) < 1e-9


def test_scores_are_averaged_for_games_that_have_them():
    """Rare Roses is scored in dollars (State.scores); the batch reports mean and spread per seat."""
    r = run_batch("rare-roses", {"players": 1}, ["heuristic"], games=6, seed=5)
    per_game = [g.scores[0] for g in r.results]
    assert r.mean_scores == [sum(per_game) / 6] and len(r.sd_scores) == 1
    assert all(x == int(x) for x in per_game)  # whole dollars
    assert run_batch("roses-and-thorns", {"players": 3}, ["random"], games=2, seed=1).mean_scores is None


def test_plot_writes_a_png(tmp_path):
    from roses.sim.plots import plot_batch

    r = run_batch("roses-and-thorns", {"players": 3}, ["random"], games=10, seed=2)
    out = plot_batch(r, tmp_path / "balance.png")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_no_benchmark_keeps_a_wilson_interval_of_its_own():
    """Regression: bench/lab/rare_roses_drafts.py defined its own Wilson interval (z = 1.96, no bounds
    at 0 or n wins: 100 of 100 read 0.9999999999999999) beside roses.sim.batch.wilson, the one
    interval of simulate, reports, tournaments and benchmarks."""
    import ast
    from pathlib import Path

    bench = Path(__file__).resolve().parents[2] / "bench"
    own = [p.name for p in sorted(bench.rglob("*.py"))  # bench/lab/ too
           for node in ast.walk(ast.parse(p.read_text()))
           if isinstance(node, ast.FunctionDef) and "wilson" in node.name.lower()]
    assert own == []


def test_simulate_counts_wins_by_turn_order_position():
    """Issue 45: the start player is drawn each game, so wins by seat cannot say whether starting
    helps. Each game's start seat is its first chance outcome (Roses and Thorns: ``start N``), and
    a position's wins are the returns of the seat at that position, recounted here by hand."""
    from roses.agents import make_agent
    from roses.core import load
    from roses.sim.batch import hash_seed
    from roses.sim.match import play_game

    res = run_batch("roses-and-thorns", {"players": 3}, ["random"], games=24, seed=5)
    game = load("roses-and-thorns", players=3)
    by_hand = [0.0, 0.0, 0.0]
    for i, r in enumerate(res.results):
        agents = [make_agent("random", game, hash_seed(5, i, s)) for s in range(3)]
        state = play_game(game, agents, 5 + i)
        start = int(next(str(a) for seat, a in state.history if seat == -1 and str(a).startswith("start ")).split()[1])
        assert r.start == start
        for s in range(3):
            by_hand[(s - start) % 3] += state.returns()[s]
    assert res.wins_by_position == pytest.approx(by_hand)
    assert sum(res.wins_by_position) == pytest.approx(sum(res.wins_per_seat))
    # no shared wins in Roses and Thorns: the credit interval is Wilson's own
    assert [x for ci in res.position_ci95 for x in ci] == pytest.approx(
        [x for w in res.wins_by_position for x in wilson(w, 24)])
    assert res.to_json()["wins_by_position"] == pytest.approx(by_hand)


def test_a_solo_game_has_no_turn_order():
    res = run_batch("rare-roses", {"players": 1}, ["heuristic"], games=1, seed=1)
    assert res.wins_by_position is None and res.to_json()["position_ci95"] is None


def test_a_faction_win_counts_one_kth_for_each_of_its_seats():
    """Issue 45: `simulate` gave each seat of a winning Blades & Rose faction a whole win (its
    return), while tournaments and the balance report give each of ``k`` winners 1/k: the wins
    of 12 games added up to 24–36. Now they add up to 12, and each seat's wins are its shares,
    recounted here from the returns by hand (2 Blood Blades seats get 1/2 each, 3 White Rose 1/3)."""
    res = run_batch("blades-and-rose", {"players": 5}, ["random"], games=12, seed=3)
    by_hand = [0.0] * 5
    for r in res.results:
        winners = [s for s, x in enumerate(r.returns) if x == 1.0]
        assert len(winners) in (2, 3)
        for s in winners:
            by_hand[s] += 1 / len(winners)
    assert res.wins_per_seat == pytest.approx(by_hand) and sum(res.wins_per_seat) == pytest.approx(12)
    assert sum(res.wins_by_position) == pytest.approx(12)
    assert res.to_json()["wins_per_seat"] == pytest.approx(by_hand)

