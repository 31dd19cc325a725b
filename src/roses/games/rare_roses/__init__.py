"""Rare Roses: a market game of buying roses and filling orders, for 1 (solo) to 6 players
(``rare-roses.txt``; rulings RR-1…RR-11)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from roses.core import GameParameterError, GameSpec, Param

from . import encoding
from .bots import HeuristicAgent, SearchAgent
from .cards import DEFAULT_PRICES, ROSES, parse_deck
from .state import RareRosesState
from .view import render


class DeckParam(Param):
    """The ``order_deck`` parameter: a path to a JSON file, or the deck data itself (RR-3).

    A string that is not JSON is read as a path; the validated value is the deck data, so a game
    record replays without the file."""

    def coerce(self, value: Any) -> Any:
        if isinstance(value, (str, Path)):
            text = str(value)
            try:
                value = json.loads(text)
            except json.JSONDecodeError:
                try:
                    value = json.loads(Path(text).read_text())
                except (OSError, json.JSONDecodeError) as e:
                    raise GameParameterError(self.name, f"cannot read order deck {text!r}: {e}") from None
            if isinstance(value, str):  # a JSON string holding a path
                return self.coerce(Path(value))
        try:
            cards = parse_deck(value)
        except ValueError as e:
            raise GameParameterError(self.name, str(e)) from None
        return [c.to_json() for c in cards]


def _check_prices(v: Any) -> str | None:
    if not isinstance(v, dict) or set(v) != set(ROSES):
        return f"give a price for each rose: {', '.join(ROSES)}"
    if not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in v.values()):
        return "prices are whole dollars ≥ 0"
    return None


PARAMS = (
    Param("players", int, 4, "Number of players: 1 (The Lone Florist) to 6.", cite="RR-1", min=1, max=6),
    Param("start_player", int, None, "Fixed starting player (default: drawn at random; seat 0 in solo).",
          cite="Setup", min=0, max=5),
    Param("market_prices", object, dict(DEFAULT_PRICES), "Market price of a tile of each rose, in dollars.",
          cite="RR-2", check=_check_prices),
    DeckParam("order_deck", object, None, "Order deck: a JSON file path or the card data (default: the shipped 43-card deck).",
              cite="RR-3"),
    Param("max_offers", int, 3, "Deals a player may propose in one turn (an engine bound so a turn ends).",
          cite="RR-7", min=0, max=50),
)


SPEC = GameSpec(
    name="rare-roses",
    title="Rare Roses",
    min_players=1,
    max_players=6,
    params=PARAMS,
    state_class=RareRosesState,
    rulebook="rare-roses.txt",
    num_distinct_actions=encoding.num_distinct_actions,
    action_to_id=encoding.action_to_id,
    action_from_id=encoding.action_from_id,
    bots={"heuristic": HeuristicAgent, "search": SearchAgent},
    render=render,
    summary="Buy rose buds at the market, let them bloom, and fill flower orders for their Fill or "
            "Match value before they wilt. Most money wins; solo, aim for $90 (good) or $120 (great).",
)
