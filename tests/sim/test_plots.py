"""The balance figure of `roses simulate --plot` (roses.sim.plots)."""
from roses.sim.batch import run_batch
from roses.sim.plots import balance_figure


def test_balance_figure_counts_seats_from_1_under_the_games_title():
    """Regression: the seat axis read 0, 1, 2 (engine indices), the title the game's slug
    ("rare-roses: …") and the game-length axis had ticks such as 2.5 games."""
    import matplotlib.pyplot as plt

    r = run_batch("roses-and-thorns", {"players": 3}, ["heuristic", "random"], games=7, seed=2)
    fig = balance_figure(r)
    seats, lengths = fig.axes[0], fig.axes[1]
    assert [t.get_text() for t in seats.get_xticklabels()] == ["1\nheuristic", "2\nrandom", "3\nrandom"]
    assert fig._suptitle.get_text() == "Roses and Thorns: 7 games, 3 players, seed 2"
    ticks = [t for t in lengths.get_yticks() if lengths.get_ylim()[0] <= t <= lengths.get_ylim()[1]]
    assert ticks and all(t == int(t) for t in ticks)
    plt.close(fig)
