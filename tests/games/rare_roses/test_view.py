"""The terminal view: status lines name the reader's own seat as the log does ("your turn",
"seat 0 (you)"); a spectator's are unchanged."""
from __future__ import annotations

from rich.console import Console

from roses.games.rare_roses.view import render

from .helpers import do, new_game, set_shop, to_purchase


def _text(obs) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(obs))
    return console.export_text()


def test_status_lines_name_the_own_seat_you_and_spectators_read_numbers():
    s = new_game(3, seed=9)
    to_purchase(s)
    set_shop(s, 2, "fresh", black=1)
    do(s, "offer 2 take black/fresh pay 5")       # seat 0 proposes a deal to seat 2
    mine, theirs, spectator = (_text(s.observation(t)) for t in (0, 2, None))
    # The header names the seat to move, the one answering the deal (it said "your turn" to the
    # proposer and "Seat 1's turn" to the seat that had to answer).
    assert "Rare Roses — answering a deal · Seat 3's move: answer your deal · you are Seat 1" in mine
    assert "deal on the table: Seat 1 (you) proposes to take Seat 3's fresh Black bloom for $5" in mine
    assert "answering a deal · your move: answer Seat 1's deal · you are Seat 3" in theirs
    assert "deal on the table: Seat 1 proposes to take your fresh Black bloom for $5" in theirs
    assert "answering a deal · Seat 3's move: answer Seat 1's deal" in spectator and "(you)" not in spectator
    assert "│ ▶ 1 (you) " in mine and "│ 3 (you) " in theirs   # the shops table


def test_the_deal_line_says_who_takes_what_and_what_is_paid():
    """The proposer takes the answering seat's tiles and pays (RR-7, ``deals.settle``): money, own
    tiles, or both, worded as the log's "seat 1 accepts: seat 0 takes ... and gives ..."."""
    s = new_game(2, seed=9)
    to_purchase(s)
    set_shop(s, 1, "bud", black=1)
    set_shop(s, 0, "fresh", blue=1)
    do(s, "offer 1 take black/bud pay 3 give blue/fresh")
    assert "deal on the table: Seat 1 proposes to take your Black bud for $3 and fresh Blue bloom" in _text(s.observation(1))
    do(s, "decline", "offer 1 take black/bud pay 0 give blue/fresh")
    assert "deal on the table: Seat 1 (you) proposes to take Seat 2's Black bud for fresh Blue bloom" in _text(s.observation(0))
    do(s, "accept")
    assert s.shops[0][0][5] == 1 and s.shops[1][1][4] == 1  # seat 0 took the bud, seat 1 got the bloom


def test_a_draft_and_a_naming_in_progress_are_shown_to_whom_they_may_be():
    """Rules_version 2: the proposer sees its draft's terms so far; the others only that a draft
    is open with whom. The tiles named for a fill are shown to all."""
    from .helpers import small_deck

    s = new_game(3, seed=9, order_deck=small_deck())
    to_purchase(s)
    set_shop(s, 2, "fresh", black=1)
    do(s, "deal 2", "take black/fresh", "pay +5")
    mine, seller, spectator = (_text(s.observation(t)) for t in (0, 2, None))
    assert "your draft of a deal with Seat 3: take fresh Black bloom, pay $5" in mine
    assert "Seat 1 is drafting a deal with Seat 3 (you)" in seller and "Black bloom, pay" not in seller
    assert "Seat 1 is drafting a deal with Seat 3" in spectator
    do(s, "cancel deal", "done buying")
    set_shop(s, 0, "bud", juliet=1)
    set_shop(s, 0, "mature", osira=1)
    cid = next(c for c in s.queue if c is not None)
    do(s, f"choose tiles for {cid} match", "use osira/mature")
    assert f"naming tiles for order #{cid} (match): mature Osira bloom" in _text(s.observation(None))


def test_an_order_card_says_an_osira_specialty_order():
    """Regression: "a Osira specialty order"."""
    from roses.games.rare_roses.cards import deck_of

    deck = deck_of(None)
    assert next(c for c in deck if c.specialty == "osira").words().endswith(", an Osira specialty order")
    assert next(c for c in deck if c.specialty == "black").words().endswith(", a Black specialty order")


def test_a_deal_for_money_only_does_not_say_and_nothing():
    """Regression: a deal paid in money only read "... your Black bud for $5 and nothing" (its
    empty list of tiles given was worded "nothing" and joined to the money)."""
    s = new_game(2, seed=9)
    to_purchase(s)
    set_shop(s, 1, "bud", black=1)
    do(s, "offer 1 take black/bud pay 5")
    line = next(x for x in _text(s.observation(1)).splitlines() if "deal on the table" in x)
    assert "deal on the table: Seat 1 proposes to take your Black bud for $5 " in line
    assert "nothing" not in line


def test_the_header_says_what_is_happening_not_the_engine_phase():
    """Regression: the header read "Rare Roses — phase trash-or-seed · your turn · you are seat 1"
    (then "phase name-tiles", ...), and once over "phase over · Seat 2's turn · last order drawn,
    0 turns left"."""
    s = new_game(2, seed=9)
    assert "Rare Roses — trash the oldest order or seed the market · your turn · you are Seat 1" in _text(s.observation(0))
    to_purchase(s)
    assert "Rare Roses — buying roses · your turn · you are Seat 1" in _text(s.observation(0))
    while not s.is_terminal():  # the rest of the game, first legal move each time
        s.apply(s.legal_actions()[0])
        s.resolve_chance()
    over = _text(s.observation(0))
    assert "Rare Roses — game over · you are Seat 1" in over
    assert "phase" not in over and "turn" not in over.splitlines()[1]


def test_a_60_column_terminal_shows_every_tile_of_every_shop():
    """Regression: at 60 columns the shops table cut its cells short: "1×Bl…" (Blue or Black?),
    "1×St… Drag…", "spec…", "orde…". Where the table does not fit, each shop is a line of words."""
    s = new_game(3, seed=9)
    to_purchase(s)
    set_shop(s, 0, "bud", blue=1, striped_dragon=2)
    set_shop(s, 1, "fresh", black=1)
    console = Console(width=60, record=True, color_system=None)
    console.print(render(s.observation(0)))
    narrow = console.export_text()
    assert "…" not in narrow
    text = " ".join(narrow.replace("│", " ").split())
    assert "Seat 1 (you) · specialty" in text and "buds 2×Striped Dragon 1×Blue · fresh blooms — · mature blooms —" in text
    assert "Seat 2 · specialty" in text and "fresh blooms 1×Black · mature blooms — · 0 orders filled" in text
    wide = _text(s.observation(0))  # 140 columns: the table, as before
    assert "┃ seat " in wide and "┃ mature blooms ┃" in wide and "2×Striped Dragon 1×Blue" in wide


def test_an_empty_order_queue_keeps_its_title_on_one_line():
    """Regression: at the end of a game the empty queue ("(empty)" four times) made a table
    narrower than its title, which wrapped: "Orders (deck: 0" then "left)"."""
    s = new_game(2, seed=9)
    to_purchase(s)
    s.queue[:] = [None] * len(s.queue)
    obs = s.observation(0)
    assert all(o is None for o in obs.queue)
    assert f"Orders (deck: {obs.deck_size} left)" in _text(obs)


def test_a_finished_game_marks_no_seat_to_move_and_no_turn_in_progress():
    """Regression: once over, the header said nobody's turn, but the shops table still marked the
    last turn's seat "▶ 1 (you)" and a line read "this turn: drawn 3 of 6 · … · offers left 3"."""
    s = new_game(2, seed=9)
    while not s.is_terminal():  # the rest of the game, first legal move each time
        s.apply(s.legal_actions()[0])
        s.resolve_chance()
    over = _text(s.observation(0))
    assert s.observation(0).turn >= 0  # the turn the game ended in is still in the observation
    assert "▶" not in over and "this turn:" not in over
    assert "final: Seat 1 (you) $" in over
