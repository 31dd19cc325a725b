"""The terminal commands, driven as a user would (Typer's CliRunner)."""
import json
import re
import sys

import pytest
from typer.testing import CliRunner

from roses.cli import app
from roses.core.plain import plain_line
from roses.core import GameRecord, replay

from .registry import every_table

runner = CliRunner()


def test_play_a_whole_game_against_bots_with_bad_input_first(tmp_path):
    # A human at seat 0 who types nonsense, then always picks the first legal move.
    answers = "nonsense\n99\n" + "1\n" * 400
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "3", "--seed", "4",
                            "--records", str(tmp_path)], input=answers)
    assert r.exit_code == 0, r.output
    assert "'nonsense' is not a legal move." in r.output and "There is no move 99." in r.output
    assert "Game over." in r.output
    files = list(tmp_path.glob("roses-and-thorns-*-4.json"))
    assert len(files) == 1
    rec = GameRecord.load(files[0])
    assert rec.players == ["human", "bot:heuristic", "bot:heuristic"]
    assert replay(rec).is_terminal()


def test_watch_and_replay(tmp_path):
    r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--seed", "8", "--records", str(tmp_path)])
    assert r.exit_code == 0 and re.search(r"Game over\. Winners?: Seat \d", r.output)
    path = next(tmp_path.glob("*.json"))
    r = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert r.exit_code == 0 and "Replay verified" in r.output
    r = runner.invoke(app, ["replay", str(path), "--step", "--seat", "2"], input="\n\nq\n")
    assert r.exit_code == 0 and "Enter: next" in r.output


@pytest.mark.parametrize("game", ["roses-and-thorns", "rose-ceremony"])
def test_the_result_is_said_once_at_the_end_of_play_and_of_replay(tmp_path, game):
    """Regression: `roses play` said the winners twice, the table's line ("Seat 3 wins the game!",
    "Game over: Seat 2, Seat 3 win") then the end line; the replay ended on "returns [0.0, 1.0, 0.0]"."""
    r = runner.invoke(app, ["play", game, "--players", "3", "--watch", "--seed", "3", "--records", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "wins the game!" not in r.output and "Game over:" not in r.output  # the views' old lines
    assert r.output.count("Game over") == 1 and re.search(r"Game over\. Winners?: Seat \d", r.output)
    path = next(tmp_path.glob("*.json"))
    state = replay(GameRecord.load(path))
    r = runner.invoke(app, ["replay", str(path), "--no-step", "--seat", "2"])
    assert r.exit_code == 0, r.output
    verdict = "you win!" if state.returns()[1] > 0 else "you lose."
    assert r.output.count("Game over") == 1 and verdict in r.output and "returns" not in r.output
    assert "Replay verified: the record replays to its result." in r.output


def test_replay_rejects_a_bad_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2 and "not a roses record" in r.output


def test_simulate_json_is_reproducible():
    args = ["simulate", "roses-and-thorns", "--games", "30", "--players", "4", "--bots", "heuristic,random",
            "--seed", "11", "--json"]
    a = runner.invoke(app, args)
    b = runner.invoke(app, args)
    assert a.exit_code == 0, a.output
    da = json.loads(a.stdout.strip().splitlines()[-1])
    db = json.loads(b.stdout.strip().splitlines()[-1])
    for k in ("game", "games", "players", "wins_per_seat", "mean_actions", "seconds"):
        assert k in da
    assert da["wins_per_seat"] == db["wins_per_seat"] and da["mean_actions"] == db["mean_actions"]
    assert sum(da["wins_per_seat"]) == 30 and da["bots"] == ["heuristic", "random", "random", "random"]
    assert da["wins_by_position"] == db["wins_by_position"] and sum(da["wins_by_position"]) == pytest.approx(30)
    shown = runner.invoke(app, args[:-1])  # the table as people read it: wins by turn order too
    assert shown.exit_code == 0 and "By turn order (1 = started)" in shown.output, shown.output


def test_bad_parameters_and_bots_get_a_clear_message():
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "--players", "2"])
    assert r.exit_code == 2 and "players" in r.output and "below the minimum 3" in r.output
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "--bots", "genius"])
    assert r.exit_code == 2 and "unknown bot 'genius'" in r.output
    r = runner.invoke(app, ["play", "roses-and-thorns", "-p", "quick_game=perhaps"])
    assert r.exit_code == 2 and "quick_game" in r.output
    r = runner.invoke(app, ["play", "chess"])
    assert r.exit_code == 2 and "unknown game" in r.output


def test_games_lists_parameters():
    r = runner.invoke(app, ["games"])
    assert r.exit_code == 0 and "quick_game" in r.output and "RT-8" in r.output


def test_games_says_a_seat_parameter_counts_from_0(monkeypatch):
    """Regression: `roses games` described start_player as "Fixed first start player" only, so a
    designer who counts seats from 1 (as --seat does) got the next seat with -p start_player=1."""
    import roses.cli.table as table
    from rich.console import Console

    # a wide console of its own: the module's keeps the COLUMNS of its import (80 in a pytest-xdist
    # worker), which an env of the call does not change, and would wrap each row over lines
    monkeypatch.setattr(table, "console", Console(width=400, emoji=False))
    out = runner.invoke(app, ["games"]).output
    rows = [line for line in out.splitlines() if line.startswith("│ start_player ")]
    assert len(rows) == 3  # Roses and Thorns, Rose Ceremony, Rare Roses
    assert all("A seat counted from 0: 0 is Seat 1." in line for line in rows)
    assert "counted from 0" not in " ".join(line for line in out.splitlines() if line.startswith("│ players "))


def test_replay_shows_only_the_viewers_actions_unless_revealed(tmp_path):
    """Regression: `replay --seat 2` (then `--seat 1`, 0-based) printed the first seat's hidden
    actions (e.g. which card it laid). Seats are counted from 1 and bots named as players read them."""
    assert runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--seed", "8", "--records", str(tmp_path)]).exit_code == 0
    path = next(tmp_path.glob("*.json"))
    hidden = runner.invoke(app, ["replay", str(path), "--no-step", "--seat", "2"]).output
    full = runner.invoke(app, ["replay", str(path), "--no-step", "--reveal"]).output
    assert "Seat 1 (Standard bot): Lay" not in hidden and "Seat 1 (Standard bot) moves" in hidden
    assert "Seat 2 (Standard bot): " in hidden  # its own moves, in full
    assert "Seat 1 (Standard bot): Lay a" in full and re.search(r"Chance: Seat \d is drawn to start", full)
    assert "bot:heuristic" not in hidden + full and "seat 0" not in hidden + full


def test_replay_words_the_moves_as_the_menu_did_and_counts_steps_from_1(tmp_path):
    """Regression: `replay --seat 1` printed its own moves as action texts, "12 Seat 1: offer 2/2
    to 1" (engine syntax, and "to 1" meant Seat 2), and numbered the steps from 0 while `analyse`
    numbers the same moves from 1 ("Move 13")."""
    runner.invoke(app, ["play", "rose-ceremony", "--players", "3", "--watch", "--seed", "5",
                            "--records", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    record = GameRecord.load(path)
    out = runner.invoke(app, ["replay", str(path), "--no-step", "--seat", "1"]).output
    mine = [line for line in out.splitlines() if re.match(r" *\d+ Seat 1 \(Standard bot\): ", line)]
    assert mine and not [line for line in mine if re.search(r": (offer \d/\d|accept$|refuse$|exchange$|keep$)", line)]
    assert any(re.search(r"^ *\d+ Seat 1 \(Standard bot\): Offer a card of .* to Seat [23]$", line) for line in mine), mine
    # the k-th recorded action (0-based) is step k + 1, as analyse's "move" column counts it
    first = next(k for k, (seat, _) in enumerate(record.actions) if seat == 0)
    assert re.match(rf" *{first + 1} Seat 1 ", mine[0]), (first, mine[0])
    full = runner.invoke(app, ["replay", str(path), "--no-step", "--reveal"]).output
    numbers = [int(line.split()[0]) for line in full.splitlines() if re.match(r" *\d+ (Seat \d|Chance)", line)]
    assert numbers == list(range(1, len(record.actions) + 1))


def test_replay_of_a_malformed_record_is_a_clear_error(tmp_path):
    """Regression: actions of the wrong shape gave a traceback."""
    good = tmp_path / "g"
    runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--seed", "2", "--records", str(good)])
    data = json.loads(next(good.glob("*.json")).read_text())
    for bad in ([[5, "x", 3]], "nope", [[True, "bid 1"]]):
        data["actions"] = bad
        f = tmp_path / "bad.json"
        f.write_text(json.dumps(data))
        r = runner.invoke(app, ["replay", str(f)])
        assert r.exit_code == 2 and "list of [seat, action text] pairs" in r.output, r.output


def test_bad_records_folder_and_delay_fail_before_playing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--records", str(blocker / "sub")])
    assert r.exit_code == 2 and "cannot use this folder" in r.output and "Game over" not in r.output
    r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--delay", "-1"])
    assert r.exit_code == 2
    r = runner.invoke(app, ["serve", "--port", "99999"])
    assert r.exit_code == 2


def test_serve_think_ray_without_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # ``import ray`` fails as it does without the extra
    r = runner.invoke(app, ["serve", "--think", "ray", "--port", "1"])
    assert r.exit_code == 2 and "error: --think ray needs Ray: pip install -e '.[ray]'" in r.output, r.output


def test_games_lists_every_bot_and_keeps_bracketed_help():
    r = runner.invoke(app, ["games"])
    assert "ismcts" in r.output and "roses, thorns and how many" in r.output


def test_rules_prints_the_how_to_play_page():
    r = runner.invoke(app, ["rules", "roses-and-thorns"])
    assert r.exit_code == 0 and "How to play Roses and Thorns" in r.output and "three roses" in r.output
    r = runner.invoke(app, ["rules", "rare-roses", "--implementation"])
    assert r.exit_code == 0 and "RR-3" in r.output


# ---------------------------------------------------------------- tester's findings (regressions)
def _watched(tmp_path, game="roses-and-thorns", seed=8, *extra):
    r = runner.invoke(app, ["play", game, "--watch", "--seed", str(seed), "--records", str(tmp_path), *extra])
    assert r.exit_code == 0, r.output
    return r, next(tmp_path.glob("*.json"))


def test_replay_refuses_a_step_with_the_wrong_seat(tmp_path):
    """Regression: `roses replay` said "Replay verified" after a seat number was changed."""
    _, path = _watched(tmp_path)
    data = json.loads(path.read_text())
    assert data["actions"][4] == [3, "lay thorn"] and data["actions"][0] == [-1, "start 0"]
    for i, seat, now in ((4, 1, "seat 3"), (0, 2, "chance")):
        bad = json.loads(json.dumps(data))
        bad["actions"][i][0] = seat
        f = tmp_path / f"bad{i}.json"
        f.write_text(json.dumps(bad))
        r = runner.invoke(app, ["replay", str(f), "--no-step"])
        assert r.exit_code == 2, r.output
        assert f"step {i}: the record says seat {seat} moves, the state says {now}" in r.output
        assert "Replay verified" not in r.output


def test_replay_advances_only_on_enter(tmp_path):
    """Regression: any key (e.g. "x") advanced like Enter."""
    _, path = _watched(tmp_path)
    r = runner.invoke(app, ["replay", str(path), "--step", "--reveal"], input="x\n\nq\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("Press Enter for the next step, or type q to quit.") == 1
    shown = re.findall(r"(\d+) (?:Chance|Seat \d+ \([^)]*\)): ", r.output)
    assert shown == ["1", "2"]  # "x" showed no step; Enter showed one; q stopped (steps count from 1)


def test_solo_end_screen_shows_the_score_against_the_yardstick(tmp_path):
    """Regression: solo Rare Roses ended "Winner(s): seat 0 — you win!" with $0."""
    import roses
    from roses.cli import end_text
    from roses.core.conformance import check_random_game

    state = check_random_game(roses.load("rare-roses", players=1), 3, deep=False)
    assert state.is_terminal() and state.scores() == [0.0]  # random play fills no order
    assert end_text(state, 0) == ("Game over. Final score: $0. The Lone Florist yardstick: with 20 Order "
                                  "Cards a good score is around $90, a great score is over $120.")
    r, path = _watched(tmp_path, "rare-roses", 3, "--players", "1", "--bots", "heuristic")
    flat = " ".join(r.output.split())
    from roses.core.record import GameRecord, replay
    money = replay(GameRecord.load(path)).scores()[0]  # the bot's own score, not a figure to keep in step
    assert money > 0
    assert f"Game over. Final score: ${money:.0f}. The Lone Florist yardstick" in flat
    assert "win" not in flat.split("Game over.")[1].split("Record saved")[0].replace("wins", "")


def test_multi_seat_end_line_names_winners_and_scores():
    import roses
    from roses.cli import end_text
    from roses.core.conformance import check_random_game

    state = check_random_game(roses.load("rare-roses", players=3), 3, deep=False)
    winners = [s for s, r in enumerate(state.returns()) if r > 0]
    me = winners[0]
    text = end_text(state, me)
    assert text.startswith(f"Game over. Winner{'s' if len(winners) > 1 else ''}: Seat {me + 1} (you)")
    assert text.endswith("— you win!") and f"Seat {me + 1} (you) ${state.scores()[me]:.0f}" in text
    assert text.count("(you)") == 2  # the reader's seat among the winners and the scores, nobody else's
    assert "(you)" not in end_text(state, None)  # a spectator reads plain seat numbers


def test_simulate_solo_reports_the_mean_score_not_a_win_rate():
    """Regression: `simulate rare-roses --players 1` reported a 100% win rate."""
    r = runner.invoke(app, ["simulate", "rare-roses", "--players", "1", "-g", "3", "--seed", "1", "--bots", "random"])
    assert r.exit_code == 0, r.output
    assert "Rare Roses: 3 games, 1 player, seed 1" in r.output and "1 players" not in r.output
    assert "mean score" in r.output and "win rate" not in r.output and "1.000" not in r.output
    assert re.search(r"│\s+1 │ random │\s+0\.0 │ 0\.0 │\s+0–0 │\s+0\.0–0\.0 │", r.output)  # random fills no order
    j = runner.invoke(app, ["simulate", "rare-roses", "--players", "1", "-g", "3", "--seed", "1", "--bots", "random", "--json"])
    data = json.loads(j.stdout.strip().splitlines()[-1])
    assert data["wins_per_seat"] == [3.0] and data["mean_scores"] == [0.0] and data["sd_scores"] == [0.0]


def test_simulate_counts_seats_from_1_and_gives_a_slow_rate_in_figures():
    """Regression: `simulate` listed seats 0..n-1 (players count from 1) and printed "0 games/s"
    for slow bots."""
    from roses.cli.study import rate

    r = runner.invoke(app, ["simulate", "rose-ceremony", "--players", "3", "-g", "6", "--seed", "1"])
    assert r.exit_code == 0, r.output
    seats = [line.split("│")[1].strip() for line in r.output.splitlines() if "│ heuristic │" in line]
    assert seats == ["1", "2", "3"]
    assert (rate(63.4, 1.0), rate(1, 16.0), rate(6, 0.95)) == ("63", "0.062", "6.3")


def test_simulate_and_report_say_how_games_ended_in_plain_words(tmp_path):
    """Regression: `simulate` printed "win_by: charm-points 3 (…), deck-out 16 (…)" and "tie: no
    12 (…)" (an interval broken across lines at 80 columns), and the balance report "Games end by
    deck-out 80%". Now a table a result tag, in plain words."""
    from roses.core.plain import engine_syntax

    r = runner.invoke(app, ["simulate", "rose-ceremony", "--players", "3", "-g", "20", "--seed", "1"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "How games were won" in text and "Winners" in text
    rows = {line.split("│")[1].strip() for line in r.output.splitlines() if line.count("│") == 5}
    assert {"most charm points when the deck ran out", "one winner"} <= rows
    for raw in ("win_by", "deck-out", "charm-points", "tie:"):
        assert raw not in text
    # each interval whole on its line, even at 80 columns
    narrow = runner.invoke(app, ["simulate", "rose-ceremony", "--players", "3", "-g", "20", "--seed", "1"],
                           env={"COLUMNS": "80"})
    cis = [line for line in narrow.output.splitlines() if line.count("│") == 5 and "–" in line]
    assert len(cis) >= 5 and all(re.search(r"\d\.\d{3}–\d\.\d{3} │", line) for line in cis)
    out, md = tmp_path / "rt.csv", tmp_path / "rt.md"
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-p", "players=3,4", "-g", "6", "--seed", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert runner.invoke(app, ["report", str(out), "--out", str(md)]).exit_code == 0
    ends = [line for line in md.read_text().splitlines() if "How games end" in line]
    assert ends and all("a second successful challenge" in line and not engine_syntax(line) for line in ends)
    assert "second-challenge" not in md.read_text()
    # a shared win counts 1/k for each of its k winners, as in `simulate`, and the report says so
    # (Rose Ceremony): the first player's wins in the report are simulate's sum of shares
    out, md = tmp_path / "rc.csv", tmp_path / "rc.md"
    assert runner.invoke(app, ["simulate", "rose-ceremony", "-p", "players=3", "--out", str(out),
                               "-g", "12", "--seed", "1"]).exit_code == 0
    assert runner.invoke(app, ["report", str(out), "--out", str(md)]).exit_code == 0
    text = md.read_text()
    assert "a shared win counts 1/k for each of its k winners;" in text and "fair share 33.3%" in text
    from roses.sim.results import read_results
    rows = read_results(out)
    assert any(len(r_["winners"]) > 1 for r_ in rows)  # the check below counts a shared win
    first = sum(1 / len(r_["winners"]) for r_ in rows for s in r_["winners"] if r_["positions"][s] == 0)
    assert f"| 1 | {first:.2f}".rstrip("0").rstrip(".") + " |" in text


def test_simulate_refuses_a_plot_format_before_the_run():
    """Regression: `--plot x.txt` crashed after the whole run."""
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-g", "2", "--plot", "x.txt"])
    assert r.exit_code == 2
    assert "--plot x.txt: '.txt' is not an image format matplotlib writes; use one of" in r.output
    assert ".png" in r.output and "games/s" not in r.output and "seat advantage" not in r.output


@pytest.mark.parametrize("option, says", [(["--plot", "balance.png"], "--plot draws one batch"),
                                           (["--json"], "--json prints one batch")])
def test_a_sweep_refuses_plot_and_json_before_the_run(option, says):
    """Regression: `simulate -p players=3..4 --plot balance.png` ran the sweep and wrote no figure,
    without a word (and --json printed the sweep's table, not JSON)."""
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-p", "players=3..4", "-g", "2", *option],
                      env={"COLUMNS": "300"})
    assert r.exit_code == 2 and says in r.output and "games/s" not in r.output


def test_simulate_refuses_an_unwritable_plot_path_before_the_run(tmp_path):
    """Regression (tester): `--plot /proc/x.png` ran the whole batch, then crashed with a traceback
    and lost the results; a file where the folder should be did the same."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    for target in ("/proc/x.png", str(blocker / "x.png")):
        r = runner.invoke(app, ["simulate", "roses-and-thorns", "-g", "2", "--plot", target])
        assert r.exit_code == 2, r.output
        assert f"--plot {target}: cannot write there" in r.output
        assert "games/s" not in r.output and "Traceback" not in r.output
    ok = tmp_path / "figs" / "balance.png"
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-g", "2", "--plot", str(ok)])
    assert r.exit_code == 0 and ok.stat().st_size > 1000 and "games/s" in r.output


def test_two_games_saved_in_the_same_second_keep_both_records(tmp_path):
    """Regression (tester): the record's name is game + second + seed; a second game with the same
    seed in the same second overwrote the first record."""
    from roses.cli import _free_path

    first = _free_path(tmp_path, "roses-and-thorns-20261129-151432-9")
    first.write_text("{}")
    second = _free_path(tmp_path, "roses-and-thorns-20261129-151432-9")
    assert (first.name, second.name) == ("roses-and-thorns-20261129-151432-9.json",
                                         "roses-and-thorns-20261129-151432-9-2.json")
    for _ in range(2):
        r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--seed", "9", "--records", str(tmp_path)])
        assert r.exit_code == 0, r.output
    assert len(list(tmp_path.glob("roses-and-thorns-*.json"))) == 3


def test_user_text_is_not_turned_into_emoji(tmp_path):
    """Regression: Rich printed ":x:" as an emoji."""
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-g", "1", "-p", "quick_game=:x:"])
    assert r.exit_code == 2 and "':x:' is not true or false" in r.output and "❌" not in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "[red]:x:.json")])
    assert r.exit_code == 2 and "[red]:x:.json" in r.output and "❌" not in r.output


def test_a_parameter_read_from_a_file_is_quoted_only_in_part(tmp_path):
    """Regression: `-p start_player=@/etc/passwd` printed the whole file in the error."""
    f = tmp_path / "big.txt"
    f.write_text("root:x:0:0\n" + "y" * 5000)
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-p", f"start_player=@{f}"])
    assert r.exit_code == 2 and "parameter 'start_player': 'root:x:0:0\\nyyy" in r.output
    assert "…" in r.output and "y" * 100 not in r.output and len(r.output) < 400


def _human(tmp_path, answers, game="roses-and-thorns", *extra):
    r = runner.invoke(app, ["play", game, "--seed", "4", "--records", str(tmp_path), *extra], input=answers)
    assert r.exit_code == 0, r.output
    return r, GameRecord.load(next(tmp_path.glob("*.json")))


def test_typed_moves_ignore_case_and_spacing(tmp_path):
    """Regression: `LAY  ROSE` was refused (typed moves were matched exactly)."""
    r, rec = _human(tmp_path, "  LAY   Rose \nq\n", "roses-and-thorns", "--players", "3")
    assert "not a legal move" not in r.output
    assert [0, "lay rose"] in rec.actions


def test_move_numbers_are_ascii_digits_only(tmp_path):
    """Regression: "٣" played move 3 and "１" move 1."""
    r, rec = _human(tmp_path, "٣\n１\nq\n", "roses-and-thorns", "--players", "3")
    assert "'٣' is not a legal move." in r.output and "'１' is not a legal move." in r.output
    assert not [a for a in rec.actions if a[0] == 0]  # the human seat never moved


def test_a_refused_move_is_explained_once(tmp_path):
    """Regression: "'2' is not a legal move. '2' is not a Rare Roses action [action text]." """
    r, _ = _human(tmp_path, "fly away\n2000\nq\n", "rare-roses", "--players", "1")
    assert "'fly away' is not a legal move. Type a number from 1 to" in " ".join(r.output.split())
    assert r.output.count("'fly away'") == 1 and "[action text]" not in r.output
    assert "There is no move 2000." in r.output


def test_play_refuses_more_bots_than_bot_seats():
    """Regression: `play` ignored the extra names (as `simulate` refuses them)."""
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "3", "--bots", "ismcts,random,heuristic,random,random"])
    assert r.exit_code == 2 and "5 bots given for 2 bot seats (3 seats, one of them yours)" in r.output
    r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--players", "3", "--bots", "random,random,random,random"])
    assert r.exit_code == 2 and "4 bots given for 3 bot seats" in r.output


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_players_given_twice_must_agree(command, tmp_path):
    """Regression: `-p players=5 --players 4` silently used 4."""
    r = runner.invoke(app, [command, "roses-and-thorns", "-p", "players=5", "--players", "4"])
    assert r.exit_code == 2 and "--players 4 and -p players=5 disagree" in r.output
    if command == "simulate":
        r = runner.invoke(app, [command, "roses-and-thorns", "-p", "players=4", "--players", "4", "-g", "2", "--json"])
        assert r.exit_code == 0 and json.loads(r.stdout.strip().splitlines()[-1])["players"] == 4


def test_help_shows_no_type_after_flags():
    """Regression: every command's help read "--help <bool>" (Typer 0.29's Rich help prints a type
    for flags)."""
    for args in (["--help"], ["play", "--help"], ["replay", "--help"], ["simulate", "--help"], ["serve", "--help"]):
        r = runner.invoke(app, args)
        assert r.exit_code == 0 and "--help" in r.output and "<bool>" not in r.output, args
    assert "<int>" in runner.invoke(app, ["play", "--help"]).output  # options with values keep their type


@pytest.mark.parametrize("game,players", every_table())
def test_the_log_is_printed_once(game, players, tmp_path):
    """Regression: Rose Ceremony's view printed the last 8 log lines again under the table."""
    import roses

    r, path = _watched(tmp_path, game, 5, "--players", str(players), "--bots", "random")
    from roses.core.plain import log_sentence

    # seats counted from 1, printed as a sentence (no ruling cited: "(FAQ Q12)" is left out)
    last = log_sentence(plain_line(roses.replay(GameRecord.load(path)).log.view(None)[-1]))
    assert " ".join(r.output.split()).count(" ".join(last.split())) == 1, last


def test_log_lines_read_as_sentences_and_keep_their_brackets(tmp_path):
    """Regression (tester, 2026-11-29): Rose Ceremony and Blades & Rose log lines began in lower
    case in the terminal ("seat 2 gives the coin…"), while the browser capitalises them; and a log
    line was printed as Rich markup, so a bracketed word would have vanished."""
    from roses.cli import _print_log, console
    import roses

    r, _ = _watched(tmp_path, "blades-and-rose", 4, "--players", "5")
    lines = [line.strip()[2:] for line in r.output.splitlines() if line.strip().startswith("· ")]
    assert len(lines) > 10
    assert not [line for line in lines if line[:1].islower()], lines
    assert any(line.startswith("Seat ") for line in lines)
    state = roses.load("rose-ceremony", players=2).new_initial_state(1)
    state.log.add("seat 1 says [b]hi[/b]")
    with console.capture() as out:
        _print_log(state, None, len(state.log.view(None)) - 1)
    assert out.get().strip() == "· Seat 2 says [b]hi[/b]"  # the engine's seat 1, counted from 1


def test_simulate_sweep_writes_results_and_report_reads_them(tmp_path):
    out = tmp_path / "r.csv"
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-p", "players=3..4", "-g", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "6 games in 2 cells" in r.output and "players=4" in r.output
    assert len(out.read_text().splitlines()) == 7
    html = tmp_path / "r.html"
    r = runner.invoke(app, ["report", str(out), "--out", str(html)])
    assert r.exit_code == 0, r.output
    assert html.read_text().count("data:image/png;base64,") == 6
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-g", "3", "--out", str(tmp_path / "r.txt")])
    assert r.exit_code == 2 and "results are written as .parquet or .csv" in r.output


def test_a_sweep_plays_the_same_seeds_in_every_cell_and_its_report_compares_them(tmp_path):
    """Issue 45: the cells of a sweep played different games, so an A/B comparison was not paired,
    and the report had no difference between cells. Now every cell plays the same game seeds
    (--unpaired: each its own, said in the table) and the report compares them game by game."""
    from roses.sim.batch import hash_seed
    from roses.sim.results import read_results

    out, md = tmp_path / "r.parquet", tmp_path / "r.md"
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-p", "players=3..4", "-g", "4", "--seed", "2",
                            "--out", str(out)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    rows = read_results(out)
    assert [r_["seed"] for r_ in rows] == [hash_seed(2, i) for i in range(4)] * 2
    assert runner.invoke(app, ["report", str(out), "--out", str(md)]).exit_code == 0
    text = md.read_text()
    assert "## Comparisons between cells" in text and "### 4 players against 3 players" in text
    lengths = [sum(r_["actions"] for r_ in rows if r_["players"] == n) / 4 for n in (3, 4)]
    longer = "longer" if lengths[1] >= lengths[0] else "shorter"
    assert (f"Game length: {abs(lengths[1] - lengths[0]):.1f} seat actions {longer} with 4 players than with 3 "
            "players (paired, 95% interval ") in text
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-p", "players=3..4", "-g", "4", "--seed", "2",
                            "--out", str(out), "--unpaired"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "each cell its own game seeds" in " ".join(r.output.split()), r.output
    assert [r_["seed"] for r_ in read_results(out)] == [hash_seed(2, c, i) for c in range(2) for i in range(4)]
    assert runner.invoke(app, ["report", str(out), "--out", str(md)]).exit_code == 0
    assert "These cells were played on different game seeds" in md.read_text()
    r = runner.invoke(app, ["simulate", "roses-and-thorns", "-g", "2", "--unpaired"])
    assert r.exit_code == 2 and "--unpaired is for a sweep" in r.output


def test_serve_takes_the_in_memory_store(tmp_path):
    """``roses serve --database-url memory://`` runs on the in-memory store (issue 13): its
    options are checked (the port) and no data folder or database is made."""
    import socket

    from roses.server import ServeError, check_serve_options

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert check_serve_options("127.0.0.1", port, "memory://", tmp_path / "unused") == "memory://"
    assert not (tmp_path / "unused").exists()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        try:
            check_serve_options("127.0.0.1", taken, "memory://", tmp_path)
        except ServeError as e:
            assert "already in use" in str(e)
        else:
            raise AssertionError("a port in use was accepted")


def test_play_seat_counts_from_one_as_shown(tmp_path):
    """Issue 14: `--seat 2` is the second seat, as every text shows it ("You are Seat 2"); the old
    0-based `--seat 0` still means the first seat (with a note); past the last seat is refused."""
    r = runner.invoke(app, ["play", "rose-ceremony", "--players", "2", "--seat", "2", "--seed", "3",
                            "--records", str(tmp_path)], input="q\n")
    assert "You are Seat 2." in r.output, r.output
    r = runner.invoke(app, ["play", "rose-ceremony", "--players", "2", "--seat", "0", "--seed", "3",
                            "--records", str(tmp_path)], input="q\n")
    assert "--seat 0 is read as seat 1" in r.output and "You are Seat 1." in r.output, r.output
    r = runner.invoke(app, ["play", "rose-ceremony", "--players", "2", "--seat", "3"])
    assert r.exit_code == 2 and "--seat must be 1..2" in r.output


def test_play_names_the_bots_in_plain_words(tmp_path):
    """The header names each bot seat as the table does ("Seat 2 (Hard search bot)"), never by the
    engine's agent name ("ismcts:hard"), which a player picking opponents does not know."""
    r = runner.invoke(app, ["play", "rose-ceremony", "--players", "3", "--seed", "3", "--bots",
                            "ismcts:hard,heuristic", "--records", str(tmp_path)], input="q\n")
    assert "Bots: Seat 2 (Hard search bot), Seat 3 (Standard bot)." in r.output, r.output
    assert "ismcts" not in r.output and "heuristic" not in r.output


def test_rose_ceremony_header_names_the_seat_answering_an_offer(tmp_path):
    """Regression: when a bot offered the human (Seat 1) a card, the header read "Seat 2's turn
    (respond)": the turn's player, not the seat to answer. It names the seat to move."""
    r, rec = _human(tmp_path, "1\n" * 300, "rose-ceremony", "--players", "3", "--no-confirm")
    out = r.output
    assert "(respond)" not in out and "(offer)" not in out
    asked = [m.start() for m in re.finditer(r"Accept the card into your bouquet", out)]
    offers = [(i, seat, text) for i, (seat, text) in enumerate(rec.actions) if seat >= 0 and text.startswith("offer ")
              and text.endswith(" to 0")]
    assert asked and len(asked) == len(offers)  # every offer to the human was put to the human
    for at, (_, offerer, _) in zip(asked, offers):
        header = out.rfind("Rose Ceremony  ·  deck", 0, at)
        status = out[header:at].splitlines()[1]
        assert status == f"Your turn: accept or refuse Seat {offerer + 1}'s card", status


def test_serve_help_says_what_the_data_folder_holds():
    """Regression: --data-dir was the "Folder for the SQLite database and records", but the server
    writes no records there: a game's record is in the database, downloaded from its table page."""
    help_text = " ".join(runner.invoke(app, ["serve", "--help"], terminal_width=200).output.replace("│", " ").split())
    assert "Folder of the SQLite database (roses.sqlite), which holds every table and its game" in help_text
    assert "not written here" in help_text and "database and records" not in help_text


def test_command_list_wraps_each_description_at_the_terminal_not_mid_sentence():
    """Regression: `roses --help` kept the docstrings' line breaks, so analyse, report and
    tournament were cut mid-sentence ("the chance after the move" / "played; …") at any width."""
    out = runner.invoke(app, ["--help"], env={"COLUMNS": "300"}).output
    lines = {line.split("│")[1].split()[0]: line for line in out.splitlines()
             if line.startswith("│ ") and line.split("│")[1].split()}
    for command, words in (("analyse", "the chance after the move played; the moves"),
                           ("report", "game length, scores and how games end, for every cell"),
                           ("tournament", "win rate per bot with 95% confidence intervals")):
        assert words in lines[command], lines[command]


def test_a_sweep_over_two_deck_files_and_one_roses_price(tmp_path):
    """A designer compares two order decks and a rose's price in one sweep: `-p order_deck=@a,@b`
    is two values (it read 'a.json,@b.json' as one file name), `market_prices.rainbow=2,3` one
    rose's price (an unknown parameter before); the results and the report name cells by file and
    by price, not by the deck's whole data."""
    from roses.games.rare_roses.cards import DEFAULT_DECK_PATH
    from roses.sim.results import read_results

    deck = json.loads(DEFAULT_DECK_PATH.read_text())
    (tmp_path / "a.json").write_text(json.dumps(deck))
    (tmp_path / "b.json").write_text(json.dumps(deck[:-5]))
    out = tmp_path / "r.csv"
    r = runner.invoke(app, ["simulate", "rare-roses", "-p", "players=2", "-g", "2", "--out", str(out),
                            "-p", f"order_deck=@{tmp_path / 'a.json'},@{tmp_path / 'b.json'}",
                            "-p", "market_prices.rainbow=2,3"])
    assert r.exit_code == 0, r.output
    assert "8 games in 4 cells" in r.output
    rows = read_results(out)
    assert len(rows) == 8
    assert {(r_["param_order_deck"][-6:], r_["param_market_prices.rainbow"]) for r_ in rows} == {
        ("a.json", 2), ("b.json", 2), ("a.json", 3), ("b.json", 3)}
    assert {r_["param_market_prices"]["rainbow"] for r_ in rows} == {2, 3}  # the whole prices, read back
    md = tmp_path / "r.md"
    assert runner.invoke(app, ["report", str(out), "--out", str(md)]).exit_code == 0
    heads = [line for line in md.read_text().splitlines() if line.startswith("## ")
             and line not in ("## Contents", "## Overview", "## Comparisons between cells")]
    assert len(heads) == 4 and all("market prices (rainbow) " in h and ("a.json" in h or "b.json" in h) for h in heads)
    assert not any("market_prices=" in h or "juliet" in h for h in heads)
    # the comparisons name the decks by file and the price by its entry, in words
    pairs = [line for line in md.read_text().splitlines() if line.startswith("### ")]
    assert pairs == ["### order deck from b.json against order deck from a.json, both with 2 players, market prices (rainbow) 2",
                     "### order deck from b.json against order deck from a.json, both with 2 players, market prices (rainbow) 3",
                     "### market prices (rainbow) 3 against market prices (rainbow) 2, both with 2 players, order deck from a.json",
                     "### market prices (rainbow) 3 against market prices (rainbow) 2, both with 2 players, order deck from b.json"]


def test_solo_play_offers_no_table_talk(tmp_path):
    """Regression: The Lone Florist was told "Table talk: say accuse <seat>, say vouch <seat>." and
    every refusal ended "Or say something: ..." with nobody at the table to hear it."""
    r = runner.invoke(app, ["play", "rare-roses", "--players", "1", "--seed", "2", "--records", str(tmp_path)],
                      input="zz\nsay vouch 1\nq\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "Table talk" not in out and "say something" not in out and "accuse" not in out
    assert "'zz' is not a legal move. Type a number from 1 to 2 (or a1–a2), the move's text, or q to stop." in out
    assert "'say vouch 1' is not a legal move." in out
    # at a table of two neither (issue 42): no seat of Rare Roses has a hidden role to accuse
    two = runner.invoke(app, ["play", "rare-roses", "--players", "2", "--seed", "2", "--records", str(tmp_path)],
                        input="q\n")
    assert two.exit_code == 0 and "Table talk" not in two.output and "accuse" not in two.output


def test_replay_reveal_words_chance_outcomes(tmp_path):
    """Regression: `replay --reveal` showed chance outcomes as engine text, seats counted from 0
    ("Chance: start 3", "Chance: deal 3/1 to 2"); now "Chance: Seat 3 is dealt a card of …"."""
    runner.invoke(app, ["play", "rose-ceremony", "--players", "3", "--watch", "--seed", "5", "--records", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    out = " ".join(runner.invoke(app, ["replay", str(path), "--no-step", "--reveal"]).output.split())
    assert re.search(r"Chance: Seat [123] is dealt a card of \d roses? and (no|\d) thorns?", out), out[:2000]
    assert re.search(r"Chance: Seat [123] starts", out)
    assert not re.search(r"Chance: (deal|draw|start) ", out)


def test_a_refusal_reminds_of_table_talk_with_one_example_not_every_claim(tmp_path):
    """Regression: in Blades & Rose every refused entry ended with the whole talk line ("Or say
    something: say nominate <seat>, say claim <White Rose Faction | … | Dark Knife>, …"), three
    lines each time; the talk line is shown once, a refusal gives one example."""
    r = runner.invoke(app, ["play", "blades-and-rose", "--players", "5", "--seed", "3", "--records", str(tmp_path)],
                      input="zz\nyy\nq\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert out.count("Table talk: say nominate <seat>, say claim <White Rose Faction") == 1
    refusals = re.findall(r"'(?:zz|yy)' is not a legal move\..*?(?=a>|Game stopped)", out)
    assert len(refusals) == 2, out[-1500:]
    for line in refusals:
        assert "Or say something, e.g. 'say nominate 2'." in line and "Great Sword" not in line, line


def test_one_entry_with_a_dash_in_its_key_read_from_a_file(tmp_path):
    """Regression: `-p market_prices.striped-dragon=@price.txt` crashed `simulate` with a KeyError
    traceback: the file values were looked up as 'market_prices.striped_dragon' (the key's dash
    turned into '_'), while the parameter was read as 'market_prices.striped-dragon'."""
    (tmp_path / "price.txt").write_text("7\n")
    (tmp_path / "price2.txt").write_text("8\n")
    r = runner.invoke(app, ["simulate", "rare-roses", "-p", "players=2", "-g", "1",
                            "-p", f"market_prices.striped-dragon=@{tmp_path / 'price.txt'}"])
    assert r.exit_code == 0 and r.exception is None, r.output
    out = tmp_path / "r.csv"
    r = runner.invoke(app, ["simulate", "rare-roses", "-p", "players=2", "-g", "1", "--out", str(out),
                            "-p", f"market_prices.striped-dragon=@{tmp_path / 'price.txt'},@{tmp_path / 'price2.txt'}"])
    assert r.exit_code == 0 and r.exception is None, r.output
    from roses.sim.results import read_results
    assert sorted(row["param_market_prices"]["striped-dragon"] for row in read_results(out)) == [7, 8]


def test_play_takes_back_a_move_with_undo(tmp_path):
    """Issue 42: ``undo`` at the prompt takes back the player's last move while nothing happened
    since (a solo Rare Roses turn of several steps); played again the same way, the game's record
    is the one of a game without the take-back. ``undo`` before the first move says why not."""
    from roses.core import load

    state, k, found = load("rare-roses", players=1).new_initial_state(7), 0, None
    while found is None:  # the first move of "always the first choice" that may be taken back
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        state.apply(state.legal_actions()[0])
        k += 1
        if not state.is_terminal() and state.current_player() == 0 and state.take_back_refusal(0) is None:
            found = k
    args = ["play", "rare-roses", "--players", "1", "--seed", "7", "--no-confirm"]
    plain = runner.invoke(app, args + ["--records", str(tmp_path / "plain")], input="1\n" * 2000)
    undone = runner.invoke(app, args + ["--records", str(tmp_path / "undone")],
                           input="undo\n" + "1\n" * found + "undo\n" + "1\n" * 2000)
    assert plain.exit_code == 0 and undone.exit_code == 0, undone.output
    said = " ".join(undone.output.split())  # the console wraps long lines
    assert "You cannot take your last move back: you have not moved yet." in said
    assert said.count("You took back your last move.") == 1
    assert "Type undo to take back your last move." in said
    (a,), (b,) = list((tmp_path / "plain").glob("*.json")), list((tmp_path / "undone").glob("*.json"))
    assert GameRecord.load(a).actions == GameRecord.load(b).actions
    assert replay(GameRecord.load(b)).is_terminal()


@pytest.mark.parametrize("command", ["play", "replay"])
def test_the_terminal_game_loads_no_web_server(tmp_path, command):
    """Issue 44: ``roses play`` imported the server's views to name a bot, and with them FastAPI
    and SQLAlchemy (3–6 times the terminal's own import time). Run as launched, ``python3 -m roses
    play`` and ``replay`` import no module of the web stack (``-X importtime`` lists every import)."""
    import subprocess

    args = ["play", "roses-and-thorns", "--players", "3", "--bots", "heuristic", "--seed", "4",
            "--records", str(tmp_path), "--no-confirm"]
    if command == "replay":
        r = runner.invoke(app, args, input="1\n" * 400)
        assert r.exit_code == 0, r.output
        args = ["replay", str(next(tmp_path.glob("*.json"))), "--no-step"]
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "roses", *args], input="1\n" * 400,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Game over" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert len(imported) > 50  # the listing is there
    web = sorted(m for m in imported if m.split(".")[0] in ("fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn")
                 or m.startswith("roses.server"))
    assert web == [], web[:10]


@pytest.mark.parametrize("game, name, extra", [("rare-roses", "order_deck", ["--players", "1"]),
                                               ("rare-roses", "market_prices", ["--players", "1"]),
                                               ("rose-ceremony", "deck", ["--players", "3"]),
                                               ("blades-and-rose", "crystals", [])])
def test_a_data_parameters_default_exported_plays_back_as_the_default(tmp_path, game, name, extra):
    """Issue 45: to change a deck a designer had to find its data in the package. `roses param
    GAME NAME --out FILE` writes any data parameter's default (Rare Roses' order deck, whose default
    is None, as the shipped cards), and `-p NAME=@FILE` reads it back as the same game: the same
    games, game by game, as without it."""
    import roses
    from roses.games.rare_roses.cards import DEFAULT_DECK_PATH, deck_of, default_deck

    path = tmp_path / f"{name}.json"
    r = runner.invoke(app, ["param", game, name, "--out", str(path)])
    assert r.exit_code == 0, r.output
    assert f"-p {name}=@{path}" in " ".join(r.output.split())
    data = json.loads(path.read_text())
    default = next(p for p in roses.load(game).spec.params if p.name == name).default
    if name == "order_deck":
        assert default is None and data == json.loads(DEFAULT_DECK_PATH.read_text()) and len(data) == 43
        assert path.read_text().count("\n") == 45  # one card a line, to edit
        assert deck_of(roses.load(game, order_deck=path.read_text()).params["order_deck"]) == default_deck()
    else:
        assert data == default and roses.load(game, **{name: path.read_text()}).params == roses.load(game).params
    printed = runner.invoke(app, ["param", game, name])
    assert printed.exit_code == 0 and json.loads(printed.stdout) == data
    plain = runner.invoke(app, ["simulate", game, *extra, "-g", "3", "--seed", "4", "--json"])
    edited = runner.invoke(app, ["simulate", game, *extra, "-g", "3", "--seed", "4", "--json", "-p", f"{name}=@{path}"])
    assert plain.exit_code == edited.exit_code == 0, edited.output
    same = [{k: v for k, v in json.loads(out.stdout).items() if k not in ("seconds", "params")} for out in (plain, edited)]
    assert same[0] == same[1] and "warning" not in edited.output


def test_param_refuses_what_is_not_data_and_keeps_an_edited_file(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("[]  edited by hand")
    r = runner.invoke(app, ["param", "rare-roses", "order_deck", "--out", str(path)])
    assert r.exit_code == 2 and "the file exists" in r.output and "--force" in r.output
    assert path.read_text() == "[]  edited by hand"
    assert runner.invoke(app, ["param", "rare-roses", "order-deck", "--out", str(path), "--force"]).exit_code == 0
    assert len(json.loads(path.read_text())) == 43
    r = runner.invoke(app, ["param", "rare-roses", "players"])
    assert r.exit_code == 2 and "players is a single value, not data" in r.output and "-p players=VALUE" in r.output
    r = runner.invoke(app, ["param", "rare-roses", "deck"])
    assert r.exit_code == 2 and "its data parameters: market_prices, order_deck" in r.output
    r = runner.invoke(app, ["games"], env={"COLUMNS": "300"})
    assert "data (market_prices, order_deck): `roses param rare-roses NAME --out NAME.json`" in " ".join(r.output.split())


def test_a_changed_price_with_the_shipped_order_deck_is_warned_not_corrected(tmp_path):
    """Issue 45: Rare Roses' order values were set for the default market prices (Fill = the roses'
    cost, Match $2 a rose more), and `-p market_prices.rainbow=3` with the shipped deck said
    nothing. `simulate`, a sweep and `play` now warn on stderr and say how to adjust the deck; the
    price is played as given. The default price, or a deck of one's own, get no warning; the
    shipped cards given as a file do."""
    import roses
    from roses.games.rare_roses.cards import DEFAULT_DECK_PATH
    from roses.sim.results import read_results

    said = "Rainbow at $3 instead of $2, an order's roses now cost up to $"
    r = runner.invoke(app, ["simulate", "rare-roses", "-n", "1", "-g", "2", "--seed", "1", "--json",
                            "-p", "market_prices.rainbow=3"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.stderr.split())
    assert text.count("warning:") == 1 and said in text and "roses param rare-roses order_deck --out" in text
    assert json.loads(r.stdout)["params"]["market_prices"]["rainbow"] == 3
    spec = roses.load("rare-roses").spec
    for params in ({"market_prices.rainbow": 2}, {}):
        assert spec.param_warnings(roses.load("rare-roses", **params).params) == []
    deck = json.loads(DEFAULT_DECK_PATH.read_text())
    (tmp_path / "own.json").write_text(json.dumps(deck[:-5]))
    (tmp_path / "shipped.json").write_text(json.dumps(deck))
    own = runner.invoke(app, ["simulate", "rare-roses", "-n", "1", "-g", "1", "-p", "market_prices.rainbow=3",
                              "-p", f"order_deck=@{tmp_path / 'own.json'}"])
    assert own.exit_code == 0 and "warning" not in own.output
    shipped = runner.invoke(app, ["simulate", "rare-roses", "-n", "1", "-g", "1", "-p", "market_prices.rainbow=1",
                                  "-p", f"order_deck=@{tmp_path / 'shipped.json'}"])
    assert "Rainbow at $1 instead of $2" in " ".join(shipped.stderr.split()) and "too generous" in shipped.stderr
    # a sweep: the cell with the changed price, named, before the run; its rows and report carry it
    out, md = tmp_path / "r.parquet", tmp_path / "r.md"
    r = runner.invoke(app, ["simulate", "rare-roses", "-n", "1", "-g", "1", "-p", "market_prices.rainbow=2,3",
                            "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = " ".join(r.stderr.split())
    assert text.count("warning:") == 1 and "warning: cell 1 (market_prices.rainbow=3" in text and said in text
    assert [bool(row["warnings"]) for row in read_results(out)] == [False, True]
    assert runner.invoke(app, ["report", str(out), "--out", str(md)]).exit_code == 0
    report = md.read_text()
    assert report.count("> **Warning:**") == 1 and said in report
    played = runner.invoke(app, ["play", "rare-roses", "-n", "1", "--seed", "2", "-p", "market_prices.rainbow=3",
                                 "--records", str(tmp_path)], input="q\n")
    assert played.exit_code == 0 and said in " ".join(played.output.split())
