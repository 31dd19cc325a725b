"""The terminal game's end tells the story (issue 42), run as a user runs it: ``python3 -m roses
play`` and ``roses replay`` in real subprocesses. The lines are the same sentences as the browser's
end screen (``roses.core.story``), the player's own seat marked "(you)"."""
from __future__ import annotations

import os
import subprocess
import sys

from roses.core import GameRecord, replay
from roses.core.story import story


def roses(*args: str, stdin: str = "") -> str:
    r = subprocess.run([sys.executable, "-m", "roses", *args], input=stdin, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "COLUMNS": "400"})
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_a_watched_game_and_its_replay_end_with_the_story(tmp_path):
    out = roses("play", "blades-and-rose", "-n", "5", "--watch", "--seed", "3", "--records", str(tmp_path))
    record = GameRecord.load(next(tmp_path.glob("blades-and-rose-*-3.json")))
    lines = story(replay(record), [""] * 5)
    assert lines and lines[0].startswith("In round ")
    after = out[out.index("Game over."):]
    for line in lines:
        assert f"  {line}\n" in after, (line, after)
    again = roses("replay", str(next(tmp_path.glob("*.json"))))
    for line in lines:
        assert f"  {line}" in again


def test_a_player_reads_their_own_seat_as_you(tmp_path):
    out = roses("play", "roses-and-thorns", "-n", "3", "--seed", "4", "--records", str(tmp_path),
                stdin="1\n" * 400)
    record = GameRecord.load(next(tmp_path.glob("roses-and-thorns-*-4.json")))
    lines = story(replay(record), ["Seat 1 (you)", "", ""])
    assert any("Seat 1 (you)" in line for line in lines), lines  # the markers line names every seat
    after = out[out.index("Game over."):]
    for line in lines:
        assert f"  {line}\n" in after, (line, after)
