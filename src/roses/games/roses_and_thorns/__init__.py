"""Roses and Thorns: bluffing and bidding for 3–10 players (``roses-and-thorns.txt``)."""
from roses.core import GameSpec, Param
from roses.core.params import check_start_player

from . import encoding
from .bots import HeuristicAgent
from .state import RosesAndThornsState
from .view import render

PARAMS = (
    Param("players", int, 4, "Number of players: 3–6, or 7–10 with the bigger-table variant.",
          cite="§1 Overview, §7 Variants (RT-7)", min=3, max=10),
    Param("quick_game", bool, False, "Quick game: a single successful challenge wins.",
          cite="§7 Variants (RT-8)"),
    Param("own_thorn_choice", bool, False,
          "Original rule: on your own thorn you choose which card you lose.", cite="§7 Variants (RT-6)"),
    Param("start_player", int, None, "Fixed first start player (default: drawn at random).",
          cite="§3.2 (RT-3)", min=0, max=9),
)


SPEC = GameSpec(
    check_params=check_start_player,
    name="roses-and-thorns",
    title="Roses and Thorns",
    min_players=3,
    max_players=10,
    params=PARAMS,
    state_class=RosesAndThornsState,
    rulebook="roses-and-thorns.txt",
    num_distinct_actions=encoding.num_distinct_actions,
    action_to_id=encoding.action_to_id,
    action_from_id=encoding.action_from_id,
    bots={"heuristic": HeuristicAgent},
    render=render,
    summary="Lay roses and thorns face down, bid how many you can turn up without a thorn, and prove it. "
            "Two successful challenges win.",
)
