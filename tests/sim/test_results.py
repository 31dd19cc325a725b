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


def test_the_analysis_extra_brings_the_pandas_the_readme_reads_results_with(tmp_path):
    """Issue 45: the README said to read results with `pd.read_parquet`, but nothing installed
    pandas. `pip install -e '.[analysis]'` does (pinned, as every dependency here), the README says
    so beside its example, and that example reads a results file as the rows it holds."""
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "pandas==3.1.1" in extras["analysis"]
    numpy = {d for deps in extras.values() for d in deps if d.startswith("numpy==")}
    assert len(numpy) == 1 and numpy <= set(extras["analysis"])  # one numpy for every extra
    readme = " ".join((root / "README.md").read_text().split())
    assert re.search(r"pip install -e '\.\[analysis\]'`?,? with `pd\.read_parquet", readme)
    pd = pytest.importorskip("pandas")
    from roses.sim.results import write_results

    rows = [{"game": "roses-and-thorns", "cell": c, "game_index": 0, "seed": 1, "players": 3, "bots": ["heuristic"] * 3,
             "start_seat": 0, "positions": [0, 1, 2], "winners": [0], "returns": [1.0, 0.0, 0.0], "scores": None,
             "actions": a, "rounds": 2, "end": "second-challenge", "tags": "{}", "param_players": n}
            for c, (n, a) in enumerate([(3, 30), (4, 40)])]
    df = pd.read_parquet(write_results(rows, tmp_path / "results.parquet"))
    assert df.groupby("param_players")["actions"].mean().to_dict() == {3: 30.0, 4: 40.0}
