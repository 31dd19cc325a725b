"""Balance plots for a simulated batch (matplotlib, no display needed).

One figure, two panels: the win rate of each seat with its 95% interval against the average
seat's (seat advantage), and the distribution of game length in seat actions.
"""
from __future__ import annotations

from pathlib import Path

from roses.core.words import counted

from .batch import BatchResult


def plot_formats() -> list[str]:
    """The file extensions matplotlib can write (``png``, ``svg``, ``pdf``…), sorted."""
    from matplotlib.backend_bases import FigureCanvasBase

    return sorted(FigureCanvasBase.get_supported_filetypes())


def check_plot_path(path: str | Path) -> None:
    """Raise ``ValueError`` naming the supported formats unless ``path`` ends in an extension
    matplotlib writes, or when the file cannot be created there; checked before a batch, so a bad
    name never costs a finished run."""
    suffix = Path(path).suffix.lower().lstrip(".")
    formats = plot_formats()
    if suffix not in formats:
        what = f"'.{suffix}' is not an image format matplotlib writes" if suffix else "it has no file extension"
        raise ValueError(f"{path}: {what}; use one of {', '.join('.' + f for f in formats)}")
    check_writable(path)


def check_writable(path: str | Path) -> None:
    """Raise ``ValueError`` when the file ``path`` cannot be created (missing or read-only
    folder, a file where a folder should be): try creating it, and leave nothing behind."""
    target = Path(path)
    existed = target.exists()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "ab"):
            pass
    except OSError as e:
        raise ValueError(f"{path}: cannot write there ({e.strerror or e})") from None
    if not existed:
        target.unlink(missing_ok=True)


def count_axis(axis) -> None:
    """Whole-number ticks on ``axis`` (a matplotlib ``xaxis``/``yaxis`` of counts, such as games):
    a count of 2.5 games means nothing."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def balance_figure(result: BatchResult):
    """The balance figure of ``result`` (a matplotlib ``Figure``): seats counted from 1, as players
    count them, under the game's title."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and CI
    import matplotlib.pyplot as plt

    from roses.core import RosesError, get_spec

    n = result.players
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    seats = list(range(n))
    lows = [result.win_rate[s] - result.ci95[s][0] for s in seats]
    highs = [result.ci95[s][1] - result.win_rate[s] for s in seats]
    ax1.bar(seats, result.win_rate, color="#a8163f", alpha=0.85)
    ax1.errorbar(seats, result.win_rate, yerr=[lows, highs], fmt="none", ecolor="black", capsize=4)
    # No seat advantage means every seat wins as often as the average seat: 1/n of the games
    # someone won (a shared win counts 1/k for each of its k winners, a Blades & Rose faction's too).
    fair = sum(result.win_rate) / n
    ax1.axhline(fair, color="grey", linestyle="--", label=f"seat average {fair:.3f}")
    ax1.set_xticks(seats, [f"{s + 1}\n{result.bots[s]}" for s in seats])
    ax1.set_xlabel("seat (bot)")
    ax1.set_ylabel("win rate (95% CI)")
    ax1.set_title("Seat advantage")
    ax1.legend(loc="upper right")
    lengths = [r.actions for r in result.results]
    ax2.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#2f5d3a")
    ax2.axvline(result.mean_actions, color="black", linestyle="--", label=f"mean {result.mean_actions:.1f}")
    ax2.set_xlabel("game length (seat actions)")
    ax2.set_ylabel("games")
    count_axis(ax2.yaxis)
    ax2.set_title("Game length")
    ax2.legend(loc="upper right")
    try:
        title = get_spec(result.game).title
    except RosesError:  # a game this install does not know: its name will do
        title = result.game
    fig.suptitle(f"{title}: {counted(result.games, 'game')}, {counted(n, 'player')}, seed {result.seed}")
    fig.tight_layout()
    return fig


def plot_batch(result: BatchResult, path: str | Path) -> Path:
    """Write the balance figure of ``result`` to ``path`` (PNG, SVG or PDF by its suffix); return it."""
    import matplotlib.pyplot as plt

    fig = balance_figure(result)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
