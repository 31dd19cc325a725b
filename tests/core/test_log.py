"""The event log as one seat reads it (roses.core.log)."""
from __future__ import annotations

from roses.core.log import EventLog


def _log() -> EventLog:
    log = EventLog()
    log.add("seat 1 offers a card face down to seat 0", {1: "you offer 4/2 face down to seat 0"})
    log.add("seat 0 accepts: 4/2 goes into seat 0's bouquet")
    log.add("Seat 0's bouquet has 5 thorns and wilts")
    log.add("seat 10 bids 3")
    log.add("seat 0 turns up a rose from their own stack.")
    return log


def test_own_seat_is_marked_in_its_reading():
    assert _log().view(0) == (
        "seat 1 offers a card face down to seat 0 (you)",
        "seat 0 (you) accepts: 4/2 goes into your bouquet",
        "Your bouquet has 5 thorns and wilts",
        "seat 10 bids 3",  # seat 10 is not seat 1 or seat 0
        "seat 0 (you) turns up a rose from your own stack.",
    )
    assert _log().view(1)[4] == "seat 0 turns up a rose from their own stack."


def test_private_wording_goes_to_its_seat_only():
    log = _log()
    assert log.view(1)[0] == "you offer 4/2 face down to seat 0"
    assert log.view(1)[3] == "seat 10 bids 3"
    assert log.view(10)[3] == "seat 10 (you) bids 3"


def test_spectators_read_the_public_wording():
    log = _log()
    assert log.view(None) == tuple(e.public for e in log.entries)


def test_status_lines_outside_the_log_read_like_the_log():
    from roses.core.log import as_read_by

    # Plain words: seats counted from 1 as players count (the engine's "seat 0" is Seat 1).
    assert as_read_by("High bid: 4 by seat 0", 0) == "High bid: 4 by Seat 1 (you)"
    assert as_read_by("seat 0's turn", 0) == "your turn"
    assert as_read_by("High bid: 4 by seat 0", 1) == "High bid: 4 by Seat 1"
    assert as_read_by("High bid: 4 by seat 0", None) == "High bid: 4 by Seat 1"  # a spectator


def test_a_seat_number_in_a_table_marks_the_readers_own():
    from roses.core.log import seat_number

    assert [seat_number(s, 1) for s in range(3)] == ["1", "2 (you)", "3"]  # counted from 1
    assert seat_number(0, None) == "1"  # a spectator has no own seat


def test_a_possessive_inside_a_line_is_lower_case():
    """Regression (issue 14 screenshot): "Seat 2 turns up a thorn from Your stack."."""
    from roses.core.log import own_seat_wording

    assert own_seat_wording("seat 1 turns up a thorn from Seat 0's stack.", 0) == "seat 1 turns up a thorn from your stack."
    assert own_seat_wording("Seat 0's bouquet wilts", 0) == "Your bouquet wilts"
