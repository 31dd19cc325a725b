"""Warnings about the parameters (``GameSpec.param_warnings``): the order cards' values were set
for the default market prices (RR-2, RR-3: an order's Fill value is what its roses cost at those
prices, its Match value $2 a rose more; ``docs/rules/rare-roses.md``, "Order deck"). A game that
changes a price but keeps the shipped deck plays with orders that pay too much or too little for
their roses; it is allowed (a designer may mean it), so it is said, never corrected."""
from __future__ import annotations

from statistics import fmean
from typing import Any, Mapping

from .cards import DEFAULT_PRICES, ROSE_NAMES, ROSES, OrderCard, and_list, default_deck

#: How to fix it, said after the warning.
EXPORT = ("Export the deck with `roses param rare-roses order_deck --out order_deck.json`, adjust its fill and "
          "match values, and play it with -p order_deck=@order_deck.json.")


def _cost(card: OrderCard, prices: Mapping[str, int]) -> int:
    return sum(prices[r] for r, _ in card.roses)


def _dollars(x: float) -> str:
    return f"${x:.2f}".replace(".00", "")


def param_warnings(params: Mapping[str, Any]) -> list[str]:
    """One warning when ``market_prices`` differ from the defaults while the order deck is the
    shipped one (the default, or the same cards given as data): which prices changed, how much
    more or less an order's roses now cost than its Fill value pays, and how to adjust the deck.
    ``[]`` otherwise (a deck of one's own has the values one gave it)."""
    prices = params.get("market_prices") or DEFAULT_PRICES
    changed = [r for r in ROSES if prices.get(r) != DEFAULT_PRICES[r]]
    if not changed:
        return []
    deck = default_deck()
    if params.get("order_deck") is not None and params["order_deck"] != [c.to_json() for c in deck]:
        return []
    gaps = [_cost(c, prices) - _cost(c, DEFAULT_PRICES) for c in deck]  # more to pay than the Fill value
    if not any(gaps):
        return []
    mean = fmean(gaps)
    if min(gaps) >= 0:
        effect = (f"an order's roses now cost up to {_dollars(max(gaps))} more than its Fill value pays "
                  f"({_dollars(mean)} more on average over the deck), so the orders may pay too little")
    elif max(gaps) <= 0:
        effect = (f"an order's roses now cost up to {_dollars(-min(gaps))} less than its Fill value pays "
                  f"({_dollars(-mean)} less on average over the deck), so the orders may be too generous")
    else:
        effect = (f"an order's roses now cost from {_dollars(-min(gaps))} less to {_dollars(max(gaps))} more than "
                  "its Fill value pays, so some orders may be too generous and others pay too little")
    said = and_list([f"{ROSE_NAMES[r]} at ${prices[r]} instead of ${DEFAULT_PRICES[r]}" for r in changed])
    return [f"The order cards' values were set for the default market prices (an order's Fill value is what its "
            f"roses cost at those prices, its Match value $2 a rose more); with {said}, {effect}. {EXPORT}"]


__all__ = ["EXPORT", "param_warnings"]
