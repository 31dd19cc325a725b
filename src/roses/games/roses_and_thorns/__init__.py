"""Roses and Thorns: bluffing and bidding for 3–10 players (``roses-and-thorns.txt``)."""
from roses.agents.tuning import SearchTuning
from roses.core import Game, GameInfo, GameSpec, Param
from roses.core.talk import TalkRules

from . import encoding
from .bots import HeuristicAgent, bold_agent, bold_playout_agent, own_agent, own_playout_agent, playout_agent
from .state import RosesAndThornsState
from .value import horizon

PARAMS = (
    Param("players", int, 4, "Number of players: 3–6, or 7–10 with the bigger-table variant.",
          cite="§1 Overview, §7 Variants (RT-7)", min=3, max=10),
    Param("quick_game", bool, False, "Quick game: a single successful challenge wins.",
          cite="§7 Variants (RT-8)"),
    Param("own_thorn_choice", bool, False,
          "Original rule: on your own thorn you choose which card you lose.", cite="§7 Variants (RT-6)"),
    Param("start_player", int, None, "Fixed first start player (default: drawn at random).",
          cite="§3.2 (RT-3)", min=0, max=9, seat=True),
)


def max_game_length(players: int, quick_game: bool) -> int:
    """A proven upper bound on the steps (seat actions and chance outcomes) of one game.

    Proof. With ``n`` players there are ``4n`` cards (§2). Every round ends with a successful
    challenge or with a loss (§3.4).

    - *Loss rounds.* Each loss removes one card for good (§3.4); a seat without cards is out (§4)
      and the game ends when one seat is left with cards (§5), so there are at most
      ``4(n-1) + 3 = 4n - 1`` of them. The cards in play when such a round starts strictly decrease
      from one loss round to the next, lie in ``2..4n`` (two seats in the game hold one card at
      least), so they sum to at most ``2 + 3 + … + 4n = 4n(4n+1)/2 - 1``.
    - *Success rounds.* Each gives the challenger a marker; a seat's second one wins (§5) and a
      seat that is out never plays again, so there are at most ``n + 1`` (quick game, RT-8: 1),
      each with at most ``4n`` cards in play.
    - *Steps of a round with* ``c`` *cards in play:* lays ``≤ c``; bids ``≤ c`` (each one higher than
      the last, from 1 to the cards on the table, §3.2–§3.3); passes ``≤ n - 1`` (each other seat at
      most once, §3.3); flips chosen by the challenger ``≤`` the bid ``≤ c`` (its own stack is turned
      up by the engine, RT-5); one loss (RT-6). So ``≤ 3c + n``.
    - One chance step draws the first start player (RT-3).

    Hence steps ``≤ 1 + 3·(S·4n + 4n(4n+1)/2 - 1) + n·(S + 4n - 1)`` with ``S = n + 1`` (``1`` in the
    quick game): 726 for 4 players (random games: at most 164 in 300).
    """
    n = players
    successes = 1 if quick_game else n + 1
    cards = 4 * n
    return 1 + 3 * (successes * cards + cards * (cards + 1) // 2 - 1) + n * (successes + cards - 1)


def info(game: Game) -> GameInfo:
    """Static facts: imperfect information (hidden lays and losses, §2), explicit chance (RT-3,
    RT-6), one winner taking 1.0 (constant-sum), the bound of :func:`max_game_length`."""
    return GameInfo(information="imperfect", chance_mode="explicit", utility="constant-sum",
                    min_utility=0.0, max_utility=1.0,
                    max_game_length=max_game_length(game.num_players, bool(game.params["quick_game"])),
                    num_distinct_actions=encoding.num_distinct_actions(game), score_unit="",
                    # the first start player (n seats, RT-3) or the kind of card lost (2, RT-6)
                    max_chance_outcomes=max(game.num_players, 2))


def search_tuning(game: Game) -> SearchTuning:
    """How the search levels spend their budget here (:mod:`roses.agents.tuning`): the default
    ISMCTS budget of 200 iterations; ``hard``'s budget and belief window by the player count; its
    own seat's move kept unless clearly beaten."""
    n = game.num_players
    return SearchTuning(search_iterations=200,
                        # A heuristic playout costs about one heuristic move per seat per card laid.
                        # 3 and 4 seats as measured in docs/lab/agents-strength-history.md; beyond, a heuristic move costs
                        # more per seat too (6 seats at 60 took 1.6 s at p99): about 700/n², and
                        # half the belief window (each weighed move asks the heuristic once).
                        # 9-10 seats: 500/n² (10 seats at 700/n² took 1.0 s a move at the median,
                        # 2026-12-03).
                        strong_search_iterations={3: 120, 4: 90}.get(n, max(4, (700 if n <= 8 else 500) // n ** 2)),
                        belief_window=16 if n <= 4 else 8 if n <= 6 else 4,
                        # At 90 iterations a move's mean return is known to about ±0.13, and the
                        # search overruled bold on gaps of 0.1-0.5, mostly with higher bids that a
                        # thorn stopped: overrule it only on a gap above half the range (docs/lab/roses-and-thorns-bots.md,
                        # "Roses and Thorns: a `hard` table a steady player loses to").
                        search_keep_margin=0.5)


#: Read by the agents (:func:`roses.agents.tuning.search_tuning`).
SEARCH_TUNING = search_tuning


SPEC = GameSpec(
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
    bots={"heuristic": HeuristicAgent, "bold": bold_agent},
    playout_bot=playout_agent,
    bot_playouts={"bold": bold_playout_agent},
    own_bot=own_agent,
    own_playout_bot=own_playout_agent,
    horizon=horizon,
    render="roses.games.roses_and_thorns.view:render",
    words="roses.games.roses_and_thorns.words",
    reveals="roses.games.roses_and_thorns.reveals",
    story="roses.games.roses_and_thorns.story",
    figures="roses.games.roses_and_thorns.figures",
    tensors="roses.interop.tensors.roses_and_thorns",
    info=info,
    # No table talk (issue 42): players bluff about their own stacks; no seat has a hidden role to
    # accuse or vouch for.
    talk=TalkRules(kinds=()),
    summary="Lay roses and thorns face down, bid how many you can turn up without a thorn, and prove it. "
            "Two successful challenges win.",
)
