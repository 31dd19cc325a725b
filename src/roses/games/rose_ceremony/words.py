"""Rose Ceremony moves in plain words for menus (the action texts are engine syntax)."""
from __future__ import annotations

from typing import Any

from roses.core.plain import seat_name
from roses.core.words import counted

from .cards import Card, card_words
from .tables import exchange_points


def describe(obs: dict[str, Any], text: str) -> str:
    """The legal move ``text`` (``"offer 3/1 to 2"``) as a menu reads it for the seat whose
    observation (JSON form) is ``obs``: ``"Offer a card of 3 roses and 1 thorn to Seat 3"``; the
    exchange says the charm points it brings."""
    if text.startswith("offer "):
        card, _, to = text[len("offer "):].partition(" to ")
        c = Card.parse(card)
        return f"Offer {card_words(c.roses, c.thorns)} to {seat_name(int(to))}"
    if text == "accept":
        return "Accept the card into your bouquet"
    if text == "refuse":
        return "Refuse it (it goes into the offerer's bouquet)"
    if text == "exchange":
        from .tables import exchange_points

        me = obs.get("seat")
        roses = (obs.get("bouquet_roses") or [0] * ((me or 0) + 1))[me] if me is not None else 0
        return f"Exchange your bouquet of {counted(roses, 'rose')} for {counted(exchange_points(roses), 'charm point')}"
    if text == "keep":
        return "Keep the bouquet and end the turn"
    return text


def describe_outcome(text: str) -> str:
    """A chance outcome's text in words, for a replay that shows them: ``"deal 3/1 to 2"`` →
    ``"Seat 3 is dealt a card of 3 roses and 1 thorn"``, ``"draw 3/1 for 2"`` → ``"Seat 3 draws
    …"``, ``"start 2"`` → ``"Seat 3 starts"``."""
    words = text.split()
    try:
        if len(words) == 2 and words[0] == "start":
            return f"{seat_name(int(words[1]))} starts"
        if len(words) == 4 and (words[0], words[2]) in (("deal", "to"), ("draw", "for")):
            c = Card.parse(words[1])
            verb = "is dealt" if words[0] == "deal" else "draws"
            return f"{seat_name(int(words[3]))} {verb} {card_words(c.roses, c.thorns)}"
    except ValueError:
        pass
    return text


def confirm(obs: dict[str, Any], text: str) -> str | None:
    """Why the move ``text`` is worth a second look, in plain words, or ``None`` (docs/browser.md,
    "Confirmations"). Rose Ceremony asks only before exchanging a bouquet (Exchanging a Bouquet):
    the bouquet is gone for its charm points, and with it the road to a bouquet of 10 roses.
    Offers and answers to an offer are not asked about."""
    if text != "exchange":
        return None
    seat = obs.get("seat")
    roses = (obs.get("bouquet_roses") or [])[seat] if isinstance(seat, int) else None
    if not isinstance(roses, int):
        return "Exchange your bouquet for charm points: it starts again empty."
    gained = exchange_points(roses)
    return (f"Exchange your bouquet of {roses} roses for {gained} charm point{'s' if gained != 1 else ''}: "
            f"it starts again empty.")


#: Result tags (``State.result_tags``) in plain words for summaries (``GameSpec.describe_result``).
RESULT_WORDS = {
    "win_by": "How games were won",
    "charm-points": "5 charm points",
    "ten-roses": "a bouquet of 10 roses or more",
    "deck-out": "most charm points when the deck ran out",
    "tie": "Winners",
    "no": "one winner",
    "yes": "a shared win (a tie at the deck's end)",
}
