"""Rare Roses moves in plain words for menus, with their prices and values (the action texts
are engine syntax: ``buy juliet``, ``fill 9 match``, ``take osira/fresh``)."""
from __future__ import annotations

from typing import Any

from roses.core.plain import seat_name

from .actions import tile_words
from .cards import BOXES, ROSE_NAMES


def _tile(text: str) -> str:
    rose, _, box = text.partition("/")
    return tile_words((rose, box)) if rose in ROSE_NAMES and box in BOXES else text


def _order(obs: dict[str, Any], card: int) -> dict[str, Any]:
    cards = obs.get("cards") or {}
    return cards.get(card) or cards.get(str(card)) or {}


def describe_outcome(text: str) -> str:
    """A chance outcome's text in words, for a replay that shows them: ``"draw juliet"`` → ``"A
    Juliet tile is drawn from the bag"``, ``"order 12"`` → ``"Order #12 is turned over"``,
    ``"specialty black"`` → ``"A shop's specialty is drawn: Black"``, ``"start 1"`` → ``"Seat 2
    starts"``."""
    verb, _, rest = text.partition(" ")
    name = ROSE_NAMES.get(rest)
    if verb == "draw" and name:
        return f"{'An' if name[:1] in 'AEIOU' else 'A'} {name} tile is drawn from the bag"
    if verb == "specialty" and name:
        return f"A shop's specialty is drawn: {name}"
    if verb == "order" and rest.isdigit():
        return f"Order #{rest} is turned over"
    if verb == "start" and rest.isdigit():
        return f"{seat_name(int(rest))} starts"
    return text


def describe(obs: dict[str, Any], text: str) -> str:
    """The legal move ``text`` as a menu reads it for the seat whose observation (JSON form) is
    ``obs``: ``"push"`` → ``"Push the market for $2"``, ``"buy juliet"`` → ``"Buy a Juliet bud for
    $2"``, ``"fill 9 match"`` → ``"Match order #9 for $12"``. Unknown texts come back as given."""
    words = text.split()
    verb = words[0] if words else ""
    if text == "push":
        cost = obs.get("next_push_cost")
        return f"Push the market for ${cost}" if cost is not None else "Push the market"
    if text == "stop":
        return "Stop pushing"
    if text == "seed":
        return "Seed the market"
    if text == "trash":
        queue = [o for o in obs.get("queue") or [] if o]
        return f"Trash the oldest order (#{queue[0]['id']})" if queue else "Trash the oldest order"
    if verb == "buy" and len(words) == 2:
        price = (obs.get("prices") or {}).get(words[1])
        name = ROSE_NAMES.get(words[1], words[1])
        return f"Buy {'an' if name[:1] in 'AEIOU' else 'a'} {name} bud" + (f" for ${price}" if price is not None else "")
    if verb == "fill" and len(words) == 3:
        card, value = int(words[1]), words[2]
        amount = _order(obs, card).get(value)
        return f"{value.title()} order #{card}" + (f" for ${amount}" if amount is not None else "")
    if text.startswith("choose tiles for ") and len(words) == 5:
        card, value = int(words[3]), words[4]
        amount = _order(obs, card).get(value)
        return f"Pick the tiles to {value} order #{card}" + (f" for ${amount}" if amount is not None else "")
    if verb == "use" and len(words) == 2:
        return f"Use your {_tile(words[1])}"
    if verb == "deal" and len(words) == 2:
        return f"Draft a deal with {seat_name(int(words[1]))}"
    if verb == "take" and len(words) == 2:
        return f"Ask for their {_tile(words[1])}"
    if verb == "give" and len(words) == 2:
        return f"Offer your {_tile(words[1])}"
    if verb == "pay" and len(words) == 2:
        return f"Add ${words[1].lstrip('+')} to the deal"
    plain = {"propose": "Propose the deal", "cancel deal": "Cancel the deal", "accept": "Accept the deal",
             "decline": "Decline the deal", "done buying": "Done buying", "end turn": "End your turn"}
    return plain.get(text, text)


def confirm(obs: dict[str, Any], text: str) -> str | None:
    """Why the move ``text`` is worth a second look, in plain words, or ``None`` (docs/browser.md,
    "Confirmations"). Rare Roses asks only before a deal that gives money away (Deals, RR-7):
    proposing a deal in which you pay (the proposer pays; the seller may accept at once, and the
    money is gone). Buying, pushing and filling orders are the game's everyday moves and are not
    asked about; proposing a swap of tiles costs no money, and a declined deal costs nothing."""
    if text == "propose":
        pay = (obs.get("draft") or {}).get("pay")
        if isinstance(pay, int) and pay > 0:
            return f"Propose this deal: you pay ${pay} if it is accepted, and it can't be taken back."
    return None


#: Result tags (``State.result_tags``) in plain words for summaries (``GameSpec.describe_result``).
RESULT_WORDS = {
    "win_by": "How games were won",
    "money": "most money",
    "tiles": "a tie on money, broken by the roses in the shop",
    "orders": "a tie on money and roses, broken by orders filled",
    "shared": "a shared win (tied on money, roses and orders)",
}
