"""Rare Roses: a finished game's story (``roses.core.story``), from the spectator's view.

The game ends when the last order card is drawn and the round is played out ("Ending the Game");
the most money wins, a tie broken by the roses still in the shop, then by the orders filled, else
shared (RR-9). Alone ("The Lone Florist") money is the measure, against the rulebook's yardstick.
The standings give each shop's money and orders filled.
"""
from __future__ import annotations

from typing import Any, Sequence

from roses.core.plain import seat_name
from roses.core.story import listed
from roses.core.words import counted

#: The rulebook's yardstick of a solo score ("The Lone Florist").
SOLO_GOAL = "With 20 orders, a good score is around $90 and a great one is over $120"


def roses_in_shop(shop: dict[str, Any]) -> int:
    """The rose tiles still in a shop (buds, fresh and mature), the first tie-break."""
    return sum(sum((shop.get(age) or {}).values()) for age in ("bud", "fresh", "mature"))


def story(obs: dict[str, Any], names: Sequence[str] | None, tags: dict[str, str]) -> list[str]:
    def name(s: int) -> str:
        return seat_name(s, names)

    shops = obs.get("shops") or []
    money = [int(s.get("money", 0)) for s in shops]
    orders = [len(s.get("orders_filled") or []) for s in shops]
    if len(shops) == 1:
        return [f"The last order card was drawn: the shop ends with ${money[0]} from "
                f"{counted(orders[0], 'order')} filled", SOLO_GOAL]
    best = max(money)
    top = [s for s in range(len(shops)) if money[s] == best]
    how = tags.get("win_by", "money")
    lines = ["The last order card was drawn and the last turns were played"]
    if how == "money":
        lines.append(f"{name(top[0])} has the most money, ${best}, and wins")
    else:
        tied = listed([name(s) for s in top])
        if how == "tiles":
            most = max(roses_in_shop(shops[s]) for s in top)
            win = [s for s in top if roses_in_shop(shops[s]) == most]
            lines.append(f"{tied} tie on ${best}; {name(win[0])} wins with the most roses left in the shop, {most}")
        elif how == "orders":
            most = max(orders[s] for s in top)
            win = [s for s in top if orders[s] == most]
            lines.append(f"{tied} tie on ${best} and on roses in the shop; {name(win[0])} wins with the most "
                         f"orders filled, {most}")
        else:
            lines.append(f"{tied} tie on money, roses in the shop and orders filled, and share the win")
    order = sorted(range(len(shops)), key=lambda s: (-money[s], s))
    lines.append("Money: " + ", ".join(f"{name(s)} ${money[s]} ({counted(orders[s], 'order')} filled)" for s in order))
    return lines
