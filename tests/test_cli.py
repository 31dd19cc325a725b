"""The terminal commands, driven as a user would (Typer's CliRunner)."""
import json

from typer.testing import CliRunner

from roses.cli import app
from roses.core import GameRecord, replay

runner = CliRunner()


def test_play_a_whole_game_against_bots_with_bad_input_first(tmp_path):
    # A human at seat 0 who types nonsense, then always picks the first legal move.
    answers = "nonsense\n99\n" + "1\n" * 400
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "3", "--seed", "4",
                            "--records", str(tmp_path)], input=answers)
    assert r.exit_code == 0, r.output
    assert "'nonsense' is not a legal move" in r.output and "'99' is not a legal move" in r.output
    assert "Game over." in r.output
    files = list(tmp_path.glob("roses-and-thorns-*-4.json"))
    assert len(files) == 1
    rec = GameRecord.load(files[0])
    assert rec.players == ["human", "bot:heuristic", "bot:heuristic"]
    assert replay(rec).is_terminal()


def test_watch_and_replay(tmp_path):
    r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--seed", "8", "--records", str(tmp_path)])
    assert r.exit_code == 0 and "Winner(s): seat" in r.output
    path = next(tmp_path.glob("*.json"))
    r = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert r.exit_code == 0 and "Replay verified" in r.output
    r = runner.invoke(app, ["replay", str(path), "--step", "--seat", "1"], input="\n\nq\n")
    assert r.exit_code == 0 and "Enter: next" in r.output


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


def test_replay_shows_only_the_viewers_actions_unless_revealed(tmp_path):
    """Regression: `replay --seat 1` printed seat 0's hidden actions (e.g. which card it laid)."""
    r = runner.invoke(app, ["play", "roses-and-thorns", "--watch", "--seed", "8", "--records", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    hidden = runner.invoke(app, ["replay", str(path), "--no-step", "--seat", "1"]).output
    full = runner.invoke(app, ["replay", str(path), "--no-step", "--reveal"]).output
    assert "seat 0 bot:heuristic: lay" not in hidden and "seat 0 bot:heuristic moves" in hidden
    assert "seat 0 bot:heuristic: lay" in full and "seat -1 chance: start" in full


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


def test_games_lists_every_bot_and_keeps_bracketed_help():
    r = runner.invoke(app, ["games"])
    assert "ismcts" in r.output and "[roses, thorns" in r.output


def test_rules_prints_the_how_to_play_page():
    r = runner.invoke(app, ["rules", "roses-and-thorns"])
    assert r.exit_code == 0 and "How to play Roses and Thorns" in r.output and "three roses" in r.output
    r = runner.invoke(app, ["rules", "rare-roses", "--implementation"])
    assert r.exit_code == 0 and "RR-3" in r.output
