"""Rare Roses: a market game of buying roses and filling orders, for 1 (solo) to 6 players
(``rare-roses.txt``; rulings RR-1…RR-11)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from roses.agents.tuning import SearchTuning
from roses.core import GameParameterError, GameSpec, Param
from roses.core.talk import TalkRules

from . import encoding
from .actions import upgrade_history
from .bots import HeuristicAgent, SearchAgent
from .cards import DEFAULT_PRICES, ROSES, default_deck, parse_deck
from .info import game_info
from .pricing import param_warnings
from .state import RareRosesState
from .trader import trader_agent, trader_playout_agent


class DeckParam(Param):
    """The ``order_deck`` parameter: the deck data (RR-3), as Python data or JSON text, or a
    ``pathlib.Path`` to a JSON file.

    Only an explicit ``Path`` is read from disk: a string is always JSON, so a web form can never
    make the server open a file (``roses play -p order_deck=@deck.json`` reads one on the command
    line). The validated value is the deck data, so a game record replays without the file."""

    def coerce(self, value: Any) -> Any:
        if isinstance(value, Path):
            try:
                value = json.loads(value.read_text())
            except (OSError, json.JSONDecodeError) as e:
                raise GameParameterError(self.name, f"cannot read order deck {str(value)!r}: {e}") from None
        elif isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                raise GameParameterError(
                    self.name, "must be JSON data (a list of cards); to read a file on the command line "
                               "use -p order_deck=@path/to/deck.json") from None
        try:
            cards = parse_deck(value)
        except ValueError as e:
            raise GameParameterError(self.name, str(e)) from None
        return [c.to_json() for c in cards]

    def default_data(self) -> Any:
        """The shipped 43-card deck as data (the default ``None`` stands for it), to export and edit."""
        return [c.to_json() for c in default_deck()]


def _check_prices(v: Any) -> str | None:
    if not isinstance(v, dict) or set(v) != set(ROSES):
        return f"give a price for each rose: {', '.join(ROSES)}"
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 1000 for p in v.values()):
        return "prices are whole dollars from 0 to 1000"
    return None


PARAMS = (
    Param("players", int, 4, "Number of players: 1 (The Lone Florist) to 6.", cite="RR-1", min=1, max=6),
    Param("start_player", int, None, "Fixed starting player (default: drawn at random; in solo, the one player).",
          cite="Setup", min=0, max=5, seat=True),
    Param("market_prices", object, dict(DEFAULT_PRICES), "Market price of a tile of each rose, in dollars.",
          cite="RR-2", check=_check_prices),
    DeckParam("order_deck", object, None, "Order deck: the card data as JSON (default: the shipped 43-card deck; on the command line @file.json reads a file).",
              cite="RR-3"),
    Param("max_offers", int, 3, "Deals a player may propose in one turn (a limit, so that every turn ends).",
          cite="RR-7", min=0, max=50),
)


def search_tuning(game) -> SearchTuning:
    """How the search levels spend their budget here (:mod:`roses.agents.tuning`): 20 iterations
    by default (a random playout is a long game); ``hard`` cut short with seats; a score of $100
    worth a reward of 1 solo (with seats, shares of ``softmax(money / $20)``); ``easy`` around the
    heuristic's move."""
    solo = game.num_players == 1
    return SearchTuning(search_iterations=20,
                        # A heuristic playout to the end is a whole game of planner moves (~15 ms
                        # solo, ~0.3 s at 4 seats), so with seats hard cuts it short.
                        strong_search_iterations=20 if solo else max(6, 24 // game.num_players),
                        score_scale=100.0,
                        # With seats: a heuristic playout of 24 seat moves (about a turn of each),
                        # then the money decides; other seats' moves say little about hidden tiles.
                        strong_playout_depth=None if solo else 24, belief_window=0,
                        # easy with random playouts alone made $2-4 a game (docs/lab/rare-roses-bots.md, "Rare
                        # Roses: an easy level that fills orders")
                        random_playouts_blind=True)


#: Read by the agents (:func:`roses.agents.tuning.search_tuning`).
SEARCH_TUNING = search_tuning


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
    bots={"heuristic": HeuristicAgent, "search": SearchAgent, "trader": trader_agent},
    # "search" would read as the generic search bot ("Search"): it is the planner looking ahead at the draws
    bot_labels={"search": "Look-ahead"},
    own_bot=trader_agent,
    own_playout_bot=trader_playout_agent,
    bot_playouts={"trader": trader_playout_agent},
    figures="roses.games.rare_roses.figures",
    tensors="roses.interop.tensors.rare_roses",
    info=game_info,
    # No table talk (issue 42): a market game, no seat has a hidden role to accuse or vouch for
    # (RR-7: a deal's promises are free chat).
    talk=TalkRules(kinds=()),
    rules_version=2,  # deals drafted step by step, fill tiles named one by one (rules_version 1: compound)
    upgrade_history=upgrade_history,
    render="roses.games.rare_roses.view:render",
    words="roses.games.rare_roses.words",
    reveals="roses.games.rare_roses.reveals",
    story="roses.games.rare_roses.story",
    score_format="${:.0f}",
    # a changed market price with the shipped deck: its order values were set for the default prices
    param_warnings=param_warnings,
    solo_goal="The Lone Florist yardstick: with 20 Order Cards a good score is around $90, a great score is over $120",
    summary="Buy rose buds at the market, let them bloom, and fill flower orders for their Fill or "
            "Match value before they wilt. Most money wins; solo, aim for $90 (good) or $120 (great).",
)
