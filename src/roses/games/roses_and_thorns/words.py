"""Roses and Thorns moves in plain words for menus (the action texts are engine syntax)."""
from __future__ import annotations

from typing import Any

from roses.core.plain import seat_name
from roses.core.words import counted


def describe(obs: dict[str, Any], text: str) -> str:
    """The legal move ``text`` (an action text, e.g. ``"flip 2"``) as a menu reads it for the seat
    whose observation (JSON form) is ``obs``: ``"Turn up Seat 3's top card"``. The bid menu says
    how many cards are on the table."""
    verb, _, rest = text.partition(" ")
    if verb == "lay":
        return f"Lay a {rest}"
    if verb == "bid":
        on_table = obs.get("cards_on_table")
        return f"Bid {rest} (of {counted(on_table, 'card') if isinstance(on_table, int) else '? cards'} on the table)"
    if verb == "pass":
        return "Pass"
    if verb == "flip":
        seat = int(rest)
        return "Turn up your own top card" if seat == obs.get("seat") else f"Turn up {seat_name(seat)}'s top card"
    if verb == "lose":
        return f"Lose your {rest}" if rest == "thorn" else "Lose a rose"
    return text


def describe_outcome(text: str) -> str:
    """A chance outcome's text in words, for a replay that shows them: ``"start 2"`` → ``"Seat 3
    is drawn to start"`` (RT-3), ``"lose thorn"`` → ``"The challenger loses their thorn"`` (RT-6)."""
    verb, _, rest = text.partition(" ")
    if verb == "start" and rest.isdigit():
        return f"{seat_name(int(rest))} is drawn to start"
    if verb == "lose" and rest in ("rose", "thorn"):
        return "The challenger loses their thorn" if rest == "thorn" else "The challenger loses a rose"
    return text


def confirm(obs: dict[str, Any], text: str) -> str | None:
    """Why the move ``text`` is worth a second look before it is played, in plain words, or
    ``None`` (docs/browser.md, "Confirmations"). Roses and Thorns asks only where a move is
    irreversible and costly:

    - a bid that ends the bidding (the cards on the table, §3.3): the challenge starts at once,
      with a warning when the bidder's own stack holds their thorn (turned up first, RT-5);
    - losing your thorn by choice (the original rule, RT-6): no more bluffs with it.

    Laying, passing and turning cards up during a challenge are not asked about."""
    verb, _, rest = text.partition(" ")
    if verb == "bid" and rest.isdigit():
        bid, on_table = int(rest), obs.get("cards_on_table")
        if isinstance(on_table, int) and bid >= on_table:
            stack = obs.get("stack") or []
            if "thorn" in stack:
                return (f"Bid {bid} ends the bidding, and your own stack holds your thorn: you turn it up "
                        f"first and lose a card.")
            return f"Bid {bid} ends the bidding: you must turn up {bid} cards at once, your own stack first."
    if verb == "lose" and rest == "thorn":
        return "Lose your thorn: you can never lay a thorn again."
    return None


#: Result tags (``State.result_tags``) in plain words for summaries (``GameSpec.describe_result``).
RESULT_WORDS = {
    "win_by": "How games were won",
    "second-challenge": "a second successful challenge",
    "quick-game": "one successful challenge (quick game)",
    "last-standing": "last player with cards",
}
