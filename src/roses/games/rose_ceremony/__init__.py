"""Rose Ceremony: offer rose cards face down on dates, dodge thorns, exchange bouquets for charm.

Rulebook ``shared/seeds/rose-ceremony.txt``; rulings RC-1…RC-6 in ``shared/RULINGS.md``; the rules
as implemented, rule by rule, in ``docs/rules/rose-ceremony.md``.
"""
from __future__ import annotations

from roses.agents.tuning import SearchTuning
from roses.core import GameSpec, Param
from roses.core.talk import TalkRules

from . import encoding
from .bots import HeuristicAgent, bold_agent, own_agent
from .cards import DEFAULT_DECK, check_deck
from .state import RoseCeremonyState, info
from .value import horizon

PARAMS = (
    Param("players", int, 4, "Number of players.", cite="RC-1", min=2, max=6),
    Param("start_player", int, None, "Fixed start player (default: drawn at random; the rulebook's "
          "'most recently pricked' player cannot be known).", cite="Game Play", min=0, max=5, seat=True),
    Param("deck", object, [list(row) for row in DEFAULT_DECK],
          "The rose cards, one row per kind of card: roses, thorns and how many (default: the rulebook's 54-card deck).",
          cite="RC-2", check=check_deck),
)


def search_tuning(game) -> SearchTuning:
    """How the search levels spend their budget here (:mod:`roses.agents.tuning`): 100 iterations
    by default; ``hard``'s by the player count."""
    return SearchTuning(search_iterations=100,
                        # a heuristic playout's cost grows with the seats
                        strong_search_iterations=max(20, 200 // game.num_players))


#: Read by the agents (:func:`roses.agents.tuning.search_tuning`).
SEARCH_TUNING = search_tuning


SPEC = GameSpec(
    name="rose-ceremony",
    title="Rose Ceremony",
    min_players=2,
    max_players=6,
    params=PARAMS,
    state_class=RoseCeremonyState,
    rulebook="rose-ceremony.txt",
    num_distinct_actions=encoding.num_distinct_actions,
    action_to_id=encoding.action_to_id,
    action_from_id=encoding.action_from_id,
    bots={"heuristic": HeuristicAgent, "bold": bold_agent},
    own_bot=own_agent,
    horizon=horizon,
    render="roses.games.rose_ceremony.view:render",
    words="roses.games.rose_ceremony.words",
    reveals="roses.games.rose_ceremony.reveals",
    story="roses.games.rose_ceremony.story",
    figures="roses.games.rose_ceremony.figures",
    tensors="roses.interop.tensors.rose_ceremony",
    info=info,
    # No table talk (issue 42): offers are face down, but no seat has a hidden role to accuse or vouch for.
    talk=TalkRules(kinds=()),
    summary=("Go on a date each turn: offer a rose card face down to another player, who accepts it "
             "into their bouquet or refuses it into yours; a bouquet with 5 or more thorns wilts. "
             "Exchange bouquets of 4+ roses for charm points; 5 points (or a 10-rose bouquet) wins."),
)

__all__ = ["SPEC", "RoseCeremonyState"]
