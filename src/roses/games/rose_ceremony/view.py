"""Terminal view of a Rose Ceremony observation (Rich).

:func:`render` draws what the observing seat may see (RC-3): its own hand, every bouquet with its
roses and thorns, charm points, deck size, discard pile and the pending offer (the terminal prints
the log itself, line by line, so the view does not repeat it).
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from roses.core.log import as_read_by, seat_number
from roses.core.words import counted

from .cards import HAND_SIZE
from .observation import RoseCeremonyObservation


def card_text(card) -> str:
    """A card as plain text, its roses then its thorns: ``3✿1♠`` (the action text ``3/1`` is
    engine syntax)."""
    return f"{card.roses}✿{card.thorns}♠"


def to_move(obs: RoseCeremonyObservation) -> str | None:
    """Who is to move and what they do, in engine wording (seats counted from 0, for
    ``as_read_by``): the seat answering an offer, not the turn's player, while an offer waits
    ("seat 2's turn: accept or refuse seat 0's card"); ``None`` before the start and once over."""
    if obs.turn_player is None or obs.phase == "over":
        return None
    po = obs.pending_offer
    if obs.phase == "respond" and po is not None:
        return f"seat {po.receiver}'s turn: accept or refuse seat {po.offerer}'s card"
    doing = {"offer": ": offer a card to another player", "exchange": ": exchange the bouquet or keep it",
             "draw": f": drawing back to {HAND_SIZE} cards"}.get(obs.phase, "")
    return f"seat {obs.turn_player}'s turn{doing}"


def render(obs: RoseCeremonyObservation):
    """A Rich renderable of ``obs`` for the terminal. Status lines name the reader's own seat as
    the log does ("your turn", "seat 0 (you) offers …", ``as_read_by``); a spectator's are unchanged."""
    head = Text()
    head.append("Rose Ceremony", style="bold magenta")
    head.append(f"  ·  deck {obs.deck_size}  ·  discard {obs.discard_count}")
    if obs.last_round:
        head.append("  ·  LAST ROUND (deck ran out)", style="bold yellow")
    status = to_move(obs)
    if status:  # a line of its own: it stays whole in 80 columns
        status = as_read_by(status, obs.seat)
        head.append("\n" + status[:1].upper() + status[1:], style="bold")

    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("seat", "hand", "bouquet", "roses", "thorns", "charm"):
        table.add_column(col)
    for s in range(obs.players):
        mark = ("▶ " if s == obs.current_player else "  ") + seat_number(s, obs.seat)
        if s == obs.start_player:
            mark += " *"
        hand = " ".join(card_text(c) for c in obs.hand) if s == obs.seat else counted(obs.hand_sizes[s], "card")
        bouquet = " ".join(card_text(c) for c in obs.bouquets[s]) or "—"
        thorns = obs.bouquet_thorns[s]
        table.add_row(mark, hand, bouquet, str(obs.bouquet_roses[s]),
                      Text(str(thorns), style="bold red" if thorns >= 3 else ""),
                      f"{obs.points[s]} " + "♥" * obs.points[s])

    table.caption = (("" if obs.returns is not None else "▶ to move · ")  # nobody moves once it is over
                     + "* start player (the round ends before it) · cards show ✿ roses and ♠ thorns")
    parts = [head, table]
    if obs.pending_offer is not None:
        po = obs.pending_offer
        what = card_text(po.card) if po.card is not None else "a face-down card"
        parts.append(Text(as_read_by(f"Offer pending: seat {po.offerer} offers {what} to seat {po.receiver}", obs.seat),
                          style="cyan"))
    if obs.discard:
        shown = obs.discard[-10:]  # the top 10: say so when there are more
        which = f"the top {len(shown)} of {len(obs.discard)}, top last" if len(shown) < len(obs.discard) else "top last"
        parts.append(Text(f"discard pile ({which}): " + " ".join(card_text(c) for c in shown), style="dim"))
    # The winners are the end line's (roses.core.plain.end_text), printed once under the table.
    return Group(*parts)
