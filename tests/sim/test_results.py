"""Sweep results files (roses.sim.results)."""
import pytest

from roses.sim.results import read_results


def test_a_table_that_is_not_sweep_results_is_refused_by_name(tmp_path):
    """Regression: `roses report games.csv` on a tournament's CSV died with a traceback
    (KeyError: 'cell'); reading it now says what the file lacks."""
    path = tmp_path / "games.csv"
    path.write_text("game,seed,bot_0,bot_1,return_0,return_1,actions\n0,1,heuristic,random,1,0,20\n")
    with pytest.raises(ValueError) as e:
        read_results(path)
    assert str(e.value) == (f"{path}: not the results of `roses simulate --out` (no column cell, game_index, "
                            "players, bots, start_seat, positions, winners, returns, scores, rounds, end, tags)")
