"""Table talk in the terminal (``roses play``): ``say …`` makes a statement that changes nothing in
the game; a bad one is refused with what can be said; the bots' statements are printed."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from roses.cli import app
from roses.core import GameRecord, get_spec, replay
from roses.core.talk import Talk, TalkError
from roses.say import is_say, parse_say, said_line

BR = get_spec("blades-and-rose").talk


def test_say_reads_claims_in_any_case_and_seats_counted_from_one():
    assert is_say("say accuse 2") and is_say("Say claim bishop") and not is_say("sayonara")
    assert parse_say("say claim white rose", BR, 5, 0, 7) == Talk(0, "claim", claim="White Rose", at_move=7)
    assert parse_say("say accuse 3", BR, 5, 0, 7) == Talk(0, "accuse", target=2, at_move=7)
    for bad, says in [("say accuse 9", "from 1 to 5"), ("say accuse 1", "cannot accuse itself"),
                      ("say shout 2", "unknown kind"), ("say", "say what?"), ("say claim queen", "unknown claim")]:
        with pytest.raises(TalkError, match=says):
            parse_say(bad, BR, 5, 0, 0)
    assert said_line(Talk(2, "accuse", target=0), BR, me=0) == "Seat 3 accuses you"
    assert said_line(Talk(0, "nominate", target=3), BR, me=0) == "Seat 1 (you) nominates Seat 4 for the coin"


def test_a_player_talks_in_the_terminal_and_the_game_is_the_same(tmp_path):
    runner = CliRunner()
    moves = "4\n" * 200  # the same moves each time: the fourth (or the last) choice
    args = ["play", "blades-and-rose", "--seed", "3", "--records"]
    quiet = runner.invoke(app, args + [str(tmp_path / "a")], input=moves)
    talk = runner.invoke(app, args + [str(tmp_path / "b")], input="say claim bishop\nsay accuse 9\n" + moves)
    assert talk.exit_code == 0, talk.output
    assert "» Seat 1 (you) claims Bishop" in talk.output
    assert "accuse needs a seat number from 1 to 5" in talk.output
    assert "» Seat 5 claims White Rose Faction" in talk.output  # a bot's statement, before its move
    a, b = (GameRecord.load(next((tmp_path / d).glob("*.json"))) for d in ("a", "b"))
    assert quiet.exit_code == 0 and replay(a).is_terminal() and replay(b).is_terminal()  # talk adds no action
