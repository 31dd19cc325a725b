"""Terminal rendering of a Roses and Thorns observation with Rich."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from roses.core.log import as_read_by, seat_number
from roses.core.words import counted

from .observation import Observation

SUITS = {"rose": "♥", "thorn": "♠"}


def _card(kind: str) -> Text:
    return Text(f"{SUITS[kind]} {kind}", style="bold red" if kind == "rose" else "bold white on dark_green")


#: What the table is doing in each phase, in plain words (the phase names are engine syntax).
PHASE_WORDS = {"start": "drawing the start player", "lay-first": "everyone lays a first card",
               "add": "add a card or bid", "bidding": "bidding", "flip": "turning up cards",
               "lose": "a thorn: the challenger loses a card", "over": "game over"}


def render(obs: Observation):
    """A Rich renderable of what ``obs.seat`` sees: every stack, bids, markers (none for a seat that
    is out, §4), own hand (the CLI prints the log itself, line by line). The status lines name the
    reader's own seat as the log does ("High bid: 4 by seat 0 (you)", ``as_read_by``)."""
    t = Table(title=f"Roses and Thorns — round {obs.round}: {PHASE_WORDS.get(obs.phase, obs.phase)}", expand=False)
    # One "stack" column, face-down cards then the turned-up ones, so that the table with its
    # markers fits 60 columns (two stack columns cut the "markers" header)
    for col in ("seat", "cards", "hand", "stack", "markers", ""):
        t.add_column(col)
    over = obs.phase == "over"  # the winning challenge's bid is history once the game is over
    for v in obs.seats:
        flags = []
        if not v.in_game:
            flags.append("out")
        if v.seat == obs.current_player:
            flags.append("to move")
        if v.passed:
            flags.append("passed")
        if v.seat == obs.high_bidder and not over:
            flags.append(f"high bid {obs.high_bid}")
        if v.seat == obs.challenger:
            flags.append("challenger")
        name = seat_number(v.seat, obs.seat)
        down = v.stack_size - len(v.revealed)  # face down, bottom of the stack; turned-up ones after
        stack = Text(" ").join([Text("▮" * down)] * bool(down) + [_card(k) for k in v.revealed])
        t.add_row(name, str(v.cards), str(v.hand_size), stack, "★" * v.markers, ", ".join(flags))
    status = (f"Cards on the table: {obs.cards_on_table}"
              + (f"   High bid: {obs.high_bid} by seat {obs.high_bidder}" if obs.high_bid and not over else "")
              + (f"   Still to turn up: {obs.flips_left}" if obs.flips_left else ""))
    parts = [t, Text(as_read_by(status, obs.seat))]
    if obs.hand is not None:
        parts.append(Text(f"Your hand: {counted(obs.hand['rose'], 'rose')}, {counted(obs.hand['thorn'], 'thorn')}   "
                          f"Your stack (bottom→top): {', '.join(obs.stack) or '—'}   "
                          f"Lost: {', '.join(obs.lost) or '—'}", style="cyan"))
    # The winner is the end line's (roses.core.plain.end_text), printed once under the table.
    return Group(*parts)
