"""The balance report's comparisons between cells (roses.sim.compare), on small results files
written here row by row, against paired differences and intervals worked out by hand.

t quantiles used below (Student t, 97.5%): 3 degrees of freedom 3.182446, 2 degrees 4.302653.
"""
import json

import pytest

from roses.sim.report import comparisons, render_html, render_markdown
from roses.sim.results import read_results, write_results


def _row(cell: int, seed: int, quick: bool, winners: list[int], actions: int, rounds: int, win_by: str) -> dict:
    """A Roses and Thorns row of 3 players, seat 0 starting (seat s is position s)."""
    return {"game": "roses-and-thorns", "cell": cell, "game_index": seed % 100, "seed": seed, "players": 3,
            "bots": ["heuristic"] * 3, "start_seat": 0, "positions": [0, 1, 2], "winners": winners,
            "returns": [1 / len(winners) if s in winners else 0.0 for s in range(3)], "scores": None,
            "actions": actions, "rounds": rounds, "end": win_by, "tags": json.dumps({"win_by": win_by}),
            "param_players": 3, "param_quick_game": quick}


@pytest.fixture()
def quick_rows(tmp_path):
    """Cell 0 (quick game on) and cell 1 (off), games 101–104 in both, stored in another order in
    cell 1; 105 only in cell 1 and 106 only in cell 0, which must not be matched."""
    on = [_row(0, 101, True, [1], 30, 3, "quick-game"), _row(0, 102, True, [0], 31, 4, "quick-game"),
          _row(0, 103, True, [1], 33, 4, "quick-game"), _row(0, 104, True, [1, 2], 34, 4, "quick-game"),
          _row(0, 106, True, [2], 0, 0, "quick-game")]
    off = [_row(1, 104, False, [0], 50, 7, "last-standing"), _row(1, 102, False, [0], 44, 6, "second-challenge"),
           _row(1, 105, False, [2], 1000, 99, "second-challenge"),
           _row(1, 101, False, [0], 40, 5, "second-challenge"), _row(1, 103, False, [1], 38, 5, "second-challenge")]
    path = write_results(on + off, tmp_path / "results.parquet")
    return read_results(path)


def test_paired_differences_and_intervals_worked_out_by_hand(quick_rows):
    """Quick game off against on, the 4 games matched on seed (off minus on):

    - length 10, 13, 5, 16: mean 11, sd sqrt(66/3) = 4.690416, half 3.182446 · 4.690416 / 2 =
      7.463411, so 3.5 to 18.5;
    - rounds 2, 2, 1, 3: mean 2, sd sqrt(2/3) = 0.816497, half 1.299213: 0.70 to 3.30;
    - the first player's win credit 1, 0, 0, 1: mean 0.5, sd sqrt(1/3) = 0.577350, half 0.918689:
      −41.9 to 141.9 points, cut at 100 (two shares differ by at most 100 points);
    - the second player's −1, 0, 0, −1/2 (game 104 was shared by the second and third, 1/2
      each): mean −0.375, sd sqrt(0.6875/3) = 0.478714, half 0.761732: −113.7 to 38.7 points, cut
      at −100, said as 37.5 points lower, −38.7 to 100.0;
    - the third player's 0, 0, 0, −1/2: mean −0.125, sd 0.25, half 0.397806: 12.5 lower, −27.3
      to 52.3;
    - won by a quick game's challenge −1 in every game: 100 points less often, no interval;
    - won by a second challenge 1, 1, 1, 0: mean 0.75, sd 0.5, half 0.795612: −4.6 to 100.0
      (154.6, cut); as the last player with cards 0, 0, 0, 1: mean 0.25, −54.6 (cut) to 100.0.
    """
    section = comparisons(quick_rows)
    assert len(section.pairs) == 1
    pair = section.pairs[0]
    assert pair.title == "quick game off against quick game on, both with 3 players" and pair.matched == 4
    off = "with quick game off than with quick game on"
    assert [(d.sentence, d.clear) for d in pair.differences] == [
        (f"The first player's win rate: 50.0 percentage points higher {off} (paired, 95% interval −41.9 to "
         "100.0 percentage points; no clear difference).", False),
        (f"The second player's win rate: 37.5 percentage points lower {off} (paired, 95% interval −38.7 to 100.0 "
         "percentage points; no clear difference).", False),
        (f"The third player's win rate: 12.5 percentage points lower {off} (paired, 95% interval −27.3 to 52.3 "
         "percentage points; no clear difference).", False),
        (f"Game length: 11.0 seat actions longer {off} (paired, 95% interval 3.5 to 18.5).", True),
        (f"Rounds per game: 2.00 more rounds {off} (paired, 95% interval 0.70 to 3.30).", True),
        (f"How games were won, last player with cards: 25.0 percentage points more often {off} (paired, 95% "
         "interval −54.6 to 100.0 percentage points; no clear difference).", False),
        (f"How games were won, one successful challenge (quick game): 100.0 percentage points less often {off} "
         "in every one of the 4 matched games.", True),
        (f"How games were won, a second successful challenge: 75.0 percentage points more often {off} (paired, "
         "95% interval −4.6 to 100.0 percentage points; no clear difference).", False),
    ]
    md = render_markdown(quick_rows)
    assert "## Comparisons between cells" in md
    assert "### quick game off against quick game on, both with 3 players" in md
    # the clear differences first, in bold
    lines = [line for line in md.splitlines() if line.startswith("- ") and " with quick game off than " in line]
    assert lines[0] == f"- **Game length: 11.0 seat actions longer {off} (paired, 95% interval 3.5 to 18.5).**"
    assert lines[3].startswith("- The first player's win rate: 50.0 percentage points higher")
    page = render_html(quick_rows)
    assert ("<summary>quick game off against quick game on, both with 3 players: 4 games matched on seed; "
            "3 clear differences</summary>") in page


def test_cells_played_on_different_seeds_are_not_compared(quick_rows):
    """An unpaired sweep (or one from before sweeps were paired): no game can be matched, and the
    section says so instead of giving differences."""
    for r in quick_rows:
        r["seed"] += 1000 * r["cell"]
    section = comparisons(quick_rows)
    assert section.pairs == ()
    assert section.intro.startswith("These cells were played on different game seeds")
    assert "Run the sweep again without --unpaired" in section.intro


def test_one_matched_game_gives_no_interval(quick_rows):
    rows = [r for r in quick_rows if r["seed"] in (101, 105, 106)]
    pair = comparisons(rows).pairs[0]
    assert pair.matched == 1 and pair.differences == ()
    assert pair.note == "Too few games to give a paired interval (it takes 2 or more)."
    assert "1 game matched on seed. Too few games to give a paired interval (it takes 2 or more)." in render_markdown(rows)


def test_a_cell_holding_one_seed_twice_is_refused(quick_rows):
    quick_rows[1]["seed"] = quick_rows[0]["seed"]
    with pytest.raises(ValueError, match="has two games with seed 101"):
        comparisons(quick_rows)


def test_scores_in_dollars_by_position_and_a_mirrored_result_left_out(tmp_path):
    """Rare Roses, 2 players, a rainbow rose at $3 against $2, games 7, 8, 9 (in game 8 seat 1
    started, so its scores read by position are swapped).

    - mean score per seat: $3 cell 55, 55, 55; $2 cell 51, 52.5, 44: differences 4, 2.5, 11, mean
      5.833333, sd sqrt(41.166667/2) = 4.536886, half 4.302653 · 4.536886 / sqrt(3) = 11.270244:
      −$5.4 to $17.1;
    - the first player's score 60, 70, 55 against 50, 60, 48: 10, 10, 7, mean 9, sd sqrt(3),
      half 4.302653: $4.7 to $13.3;
    - the second player's 50, 40, 55 against 52, 45, 40: −2, −5, 15, mean 2.666667, sd
      sqrt(232.666667/2) = 10.785793, half 26.793403: −$24.1 to $29.5;
    - a shared win (game 9 at $3) 0, 0, 1: mean 1/3, sd 0.577350, half 1.434218: cut to −100 to
      100 points. Every game is won on money or shared, so "most money" is its mirror, left out.
    """
    def row(cell, seed, start, scores, winners, win_by, rainbow):
        return {"game": "rare-roses", "cell": cell, "game_index": seed - 7, "seed": seed, "players": 2,
                "bots": ["heuristic"] * 2, "start_seat": start, "positions": [(s - start) % 2 for s in range(2)],
                "winners": winners, "returns": [1 / len(winners) if s in winners else 0.0 for s in range(2)],
                "scores": scores, "actions": 60, "rounds": None, "end": win_by,
                "tags": json.dumps({"win_by": win_by}), "param_players": 2,
                "param_market_prices": {"rainbow": rainbow, "juliet": 2}, "param_market_prices.rainbow": rainbow}

    rows = [row(0, 7, 0, [50.0, 52.0], [1], "money", 2), row(0, 8, 1, [45.0, 60.0], [1], "money", 2),
            row(0, 9, 0, [48.0, 40.0], [0], "money", 2),
            row(1, 7, 0, [60.0, 50.0], [0], "money", 3), row(1, 8, 1, [40.0, 70.0], [1], "money", 3),
            row(1, 9, 0, [55.0, 55.0], [0, 1], "shared", 3)]
    rows = read_results(write_results(rows, tmp_path / "rr.parquet"))
    pair = comparisons(rows).pairs[0]
    a_b = "with market prices (rainbow) 3 than with market prices (rainbow) 2"
    assert pair.title == "market prices (rainbow) 3 against market prices (rainbow) 2, both with 2 players"
    said = {d.sentence.split(":")[0]: d.sentence for d in pair.differences}
    assert said["Mean score per seat"] == (f"Mean score per seat: $5.8 higher {a_b} (paired, 95% interval −$5.4 "
                                          "to $17.1; no clear difference).")
    assert said["The first player's score"] == (f"The first player's score: $9.0 higher {a_b} (paired, 95% "
                                                "interval $4.7 to $13.3).")
    assert said["The second player's score"] == (f"The second player's score: $2.7 higher {a_b} (paired, 95% "
                                                 "interval −$24.1 to $29.5; no clear difference).")
    assert said["How games were won, a shared win (tied on money, roses and orders)"].startswith(
        "How games were won, a shared win (tied on money, roses and orders): 33.3 percentage points more often "
        f"{a_b} (paired, 95% interval −100.0 to 100.0 percentage points")
    assert not any("most money" in s for s in said)
    # the first player's win credit, a shared win counting 1/2: 1, 1, 1/2 against 0, 1, 1
    assert said["The first player's win rate"].startswith(f"The first player's win rate: 16.7 percentage points "
                                                          f"higher {a_b}")
