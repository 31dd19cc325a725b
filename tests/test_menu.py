"""The terminal's move menu (issue 14): a number typed for an earlier prompt never plays another
move; bids and plays can be confirmed first."""
from __future__ import annotations

from typer.testing import CliRunner

from roses.cli import app
from roses.core import GameRecord
from roses.menu import LETTERS, Menu

runner = CliRunner()


def test_a_prompt_letter_names_its_numbers():
    menu = Menu()
    assert menu.open(["lay rose", "lay thorn"]) == "a"
    assert menu.read("a2").index == 1 and menu.read("2").index == 1
    assert menu.open(["bid 1", "bid 2", "pass"]) == "b"
    refused = menu.read("a1")  # meant "lay rose" at prompt a: now it would be "bid 1"
    assert refused.index is None and "earlier move" in refused.message and "b1–b3" in refused.message
    assert menu.read("b3").index == 2
    assert menu.read("b9").message == "There is no move b9."
    assert menu.read("bid 2").text == "bid 2" and menu.read("q").quit


def test_a_bare_number_typed_ahead_is_refused_when_the_moves_changed():
    menu = Menu()
    menu.open(["lay rose", "lay thorn"])
    assert menu.read("1", typed_ahead=True).index == 0  # the first prompt: nothing earlier
    menu.open(["lay rose", "lay thorn"])
    assert menu.read("1", typed_ahead=True).index == 0  # the same moves: the same meaning
    menu.open(["bid 1", "bid 2", "pass"])
    refused = menu.read("1", typed_ahead=True)
    assert refused.index is None and "typed before this move was asked" in refused.message
    assert menu.read("1", typed_ahead=False).index == 0  # typed after seeing this prompt


def test_letters_cycle():
    menu = Menu()
    for k in range(len(LETTERS) + 1):
        letter = menu.open(["pass"])
    assert letter == "a" and menu.choices() == "a1"


def test_play_refuses_a_number_of_an_earlier_prompt(tmp_path):
    # Prompt a: lay a first card. Prompt b (after the bots): "a1" is refused, "b1" plays.
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "3", "--seed", "4", "--records", str(tmp_path)],
                      input="a1\na1\nb1\nq\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "'a1' was a choice for an earlier move; this move's choices are b" in out
    rec = GameRecord.load(next(tmp_path.glob("*.json")))
    assert len([a for a in rec.actions if a[0] == 0]) == 2  # a1 and b1 played, the stale a1 not


def test_play_refuses_a_typed_ahead_number(tmp_path, monkeypatch):
    import roses.cli.table

    monkeypatch.setattr(roses.cli.table, "_pending_input", lambda: True)  # every line was typed ahead
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "3", "--seed", "4", "--records", str(tmp_path)],
                      input="1\n1\nq\n")
    assert r.exit_code == 0, r.output
    assert "typed before this move was asked" in " ".join(r.output.split())
    rec = GameRecord.load(next(tmp_path.glob("*.json")))
    assert len([a for a in rec.actions if a[0] == 0]) == 1


def test_confirm_guards_only_a_costly_move(tmp_path):
    """Issue 42: the terminal asked before every lay and bid. With ``--confirm`` it asks only where
    the game calls a move irreversible and costly, with why: laying a card (a1) is played at once;
    bidding 3 with 3 cards on the table (b5) ends the bidding and asks: "n" keeps the prompt,
    Enter plays it."""
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "3", "--seed", "4", "--confirm",
                            "-p", "start_player=0", "--records", str(tmp_path)], input="a1\nb5\nn\nb5\n\nq\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "b5) Bid 3 (of 3 cards on the table)" in out
    asked = "Bid 3 ends the bidding: you must turn up 3 cards at once, your own stack first. Play it? [Y/n]"
    assert out.count(asked) == 2 and out.count("Play it?") == 2 and "Not played." in out
    rec = GameRecord.load(next(tmp_path.glob("*.json")))
    assert [a for a in rec.actions if a[0] == 0][:2] == [[0, "lay rose"], [0, "bid 3"]]


def test_menus_read_in_plain_words(tmp_path):
    r = runner.invoke(app, ["play", "rose-ceremony", "--players", "3", "--seed", "4", "--records", str(tmp_path)],
                      input="q\n")
    out = " ".join(r.output.split())
    assert "a1) Offer a card of" in out and "/" not in out.split("Your move:")[1].split("a>")[0]


def test_enter_alone_and_a_capital_letter():
    """Regression: Enter alone was refused as "'' is not a legal move", and "B2" (Shift or Caps
    Lock) as "'B2' is not a legal move" though "b2" was a listed move."""
    menu = Menu()
    menu.open(["lay rose", "lay thorn"])
    menu.open(["bid 1", "bid 2", "pass"])
    empty = menu.read("  ")
    assert empty.index is None and empty.text is None and empty.message == "Nothing was typed."
    assert menu.read("B2").index == 1 and menu.read("B 3").index == 2
    assert "earlier move" in menu.read("A1").message


def test_play_says_nothing_was_typed_and_one_move_is_typed_as_1(tmp_path):
    """Regression: Enter alone printed "'' is not a legal move."; a prompt of one move said "Type
    a number from 1 to 1 (or d1)"."""
    # Solo Rare Roses, seed 2: Enter, "A2" (seed), b2 (stop pushing), c7 (done buying), then the
    # fill prompt d has one move (end the turn), where "zz" is refused.
    r = runner.invoke(app, ["play", "rare-roses", "--players", "1", "--seed", "2", "--records", str(tmp_path),
                            "--no-confirm"], input="\nA2\nb2\nc7\nzz\nq\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "'' is not a legal move" not in out and "Nothing was typed. Type a number from 1 to 2 (or a1–a2)" in out
    assert "Your move: d1) End your turn" in out
    # ("done buying" may still be taken back at the fill prompt: issue 42)
    assert ("'zz' is not a legal move. Type 1 (or d1), the move's text, undo to take back your last move, "
            "or q to stop.") in out
    rec = GameRecord.load(next(tmp_path.glob("*.json")))
    assert [a[1] for a in rec.actions if a[0] == 0] == ["seed", "stop", "done buying"]  # "A2" played a2


def test_a_move_is_never_cut_over_two_lines(tmp_path, monkeypatch):
    """Regression: the moves were one paragraph, wrapped anywhere: at 60 columns "a1) Offer a card
    of 2 roses and no thorns to Seat" then "2   a2) Offer ..." on the next line; at 100, "b4) Bid 2
    (of 4" then "cards on the table)"."""
    import re

    from rich.console import Console

    import roses.cli.table as table

    monkeypatch.setattr(table, "console", Console(width=60, emoji=False, color_system=None))
    r = runner.invoke(app, ["play", "rose-ceremony", "--players", "4", "--seed", "5", "--records", str(tmp_path)],
                      input="q\n")
    assert r.exit_code == 0, r.output
    # the menu ends at the prompt (Rose Ceremony has no table talk line after it: issue 42)
    lines = r.output.split("Your move:")[1].split("Table talk:")[0].split("a>")[0].strip().splitlines()
    assert len(lines) == 12 and all(len(line) <= 60 for line in lines)
    assert all(re.fullmatch(rf"a{k}\) Offer a card of .+ to Seat [234]", line) for k, line in enumerate(lines, 1)), lines
    monkeypatch.setattr(table, "console", Console(width=100, emoji=False, color_system=None))
    r = runner.invoke(app, ["play", "roses-and-thorns", "--players", "4", "--seed", "5", "--no-confirm",
                            "--records", str(tmp_path)], input="1\nq\n")
    bids = r.output.split("Your move: b1)")[1].split("b>")[0]
    rows = ("b1)" + bids).strip().splitlines()
    assert len(rows) > 1 and all(len(row) <= 100 for row in rows)
    items = [item for row in rows for item in row.split("   ")]
    assert items[:3] == ["b1) Lay a rose", "b2) Lay a thorn", "b3) Bid 1 (of 6 cards on the table)"]
    assert all(re.fullmatch(r"b\d\) (Lay a (rose|thorn)|Bid \d \(of 6 cards on the table\))", item) for item in items), items
