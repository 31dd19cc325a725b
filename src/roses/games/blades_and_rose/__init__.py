"""Blades & Rose: the hidden-role game of the White Rose Faction against the Blood Blades.

Rulebook ``shared/seeds/blades-and-rose.txt``; rulings BR-1…BR-9 (``shared/RULINGS.md``); rules
doc ``docs/rules/blades-and-rose.md``. ``SPEC`` is the game's entry in the registry.
"""
from __future__ import annotations

from roses.agents.tuning import SearchTuning
from roses.core import GameSpec, Param
from roses.core.game import GameInfo
from roses.core.talk import KINDS, TalkRules

from . import encoding
from .bots import HeuristicAgent
from .cards import CHART, ROLES
from .effects import DEFAULT_CRYSTALS, EFFECTS
from .state import BladesAndRoseState


def _check_crystals(value) -> str | None:
    if not isinstance(value, (list, tuple)) or not all(isinstance(k, int) and not isinstance(k, bool) for k in value):
        return "a list of effect numbers, e.g. [1, 2, 3, 4, 5, 6, 7, 8]"
    unknown = sorted({k for k in value if k not in EFFECTS})
    if unknown:
        return f"effects {unknown} are not registered; known: {sorted(EFFECTS)} (BR-4)"
    if len(value) < 5:
        return "the pool needs at least one crystal per player (BR-4)"
    if len(value) > 50:
        return "a pool of at most 50 crystals"
    return None


PARAMS = (
    Param("players", int, 5, "Number of seats (setup chart).", cite="Game Setup, BR-1", min=5, max=8),
    Param("crystals", object, list(DEFAULT_CRYSTALS),
          "The crystal pool (effect numbers), one drawn per player; at least one per player.",
          cite="BR-4", check=_check_crystals),
    Param("death_limit", int, None, "Flower Buds in the Death Area that win for the Blood Blades "
          "(default: 4 with 5 players, 5 with 6 or 7, 6 with 8).", cite="BR-6", min=1, max=30),
    Param("sacrifice_target", int, None, "Flower Buds in the Sacrifice Area the White Rose Faction "
          "needs (default: 4 with 5 players, 5 with 6 or 7, 6 with 8).", cite="BR-6", min=1, max=30),
)

def info(game) -> GameInfo:
    """Static facts of Blades & Rose for ``game``'s parameters.

    ``max_game_length`` = n² + 4n + 1 for n players (46 for 5, 97 for 8). Proof: setup is n
    DealRole, n DealCrystal and one FirstCoin chance outcomes (2n + 1 steps; the night is part of
    FirstCoin). Each round places one crystal (Step 1) and every seat holds one crystal, so there
    are at most n rounds (the game ends after the round in which the last crystal is placed, Q12).
    A round is one coin step (GiveCoin/KeepCoin), at most one effect step (ChooseTargets,
    ActivateEffect or DeclineEffect: the placer decides once), and then at most one step per seat
    in the turn order (Play, Pass, or the RandomCard outcome of #3/#4, after which that seat is
    skipped; a seat without cards takes no step): at most n + 2 steps. Total ≤ 2n + 1 + n(n + 2).
    The bound is nearly reached: when every seat passes whenever it may, every round has n seat
    steps, and with a pool of #7 crystals every round has an effect step (the test plays it).

    Returns 1 to each seat of the winning faction and 0 to the others, so their sum varies
    (general-sum, in [0, 1])."""
    from .encoding import NUM_ACTIONS

    n = game.num_players
    return GameInfo(information="imperfect", chance_mode="explicit", utility="general-sum",
                    min_utility=0.0, max_utility=1.0, max_game_length=n * n + 4 * n + 1,
                    num_distinct_actions=NUM_ACTIONS, score_unit="",
                    max_chance_outcomes=max(12, n))  # a crystal (#1–#12), a role, a seat or a card


def search_tuning(game) -> SearchTuning:
    """How the search levels spend their budget here (:mod:`roses.agents.tuning`): the default
    ISMCTS budget of 200 iterations; ``hard``'s by the player count."""
    return SearchTuning(search_iterations=200,
                        strong_search_iterations=150 if game.num_players <= 6 else 110)  # 8 seats at 150: ~1 s at p99


#: Read by the agents (:func:`roses.agents.tuning.search_tuning`).
SEARCH_TUNING = search_tuning


SPEC = GameSpec(
    name="blades-and-rose",
    title="Blades & Rose",
    min_players=5,
    max_players=8,
    params=PARAMS,
    state_class=BladesAndRoseState,
    rulebook="blades-and-rose.txt",
    num_distinct_actions=encoding.num_distinct_actions,
    action_to_id=encoding.action_to_id,
    action_from_id=encoding.action_from_id,
    bots={"heuristic": HeuristicAgent},
    render="roses.games.blades_and_rose.view:render",
    words="roses.games.blades_and_rose.words",
    reveals="roses.games.blades_and_rose.reveals",
    story="roses.games.blades_and_rose.story",
    figures="roses.games.blades_and_rose.figures",
    tensors="roses.interop.tensors.blades_and_rose",
    info=info,
    # Table talk (BR-9; Q10: cards are never shown, a claim is words only; Step 1: the Coin is discussed).
    talk=TalkRules(kinds=KINDS, claims=("White Rose Faction", "Blood Blades Faction", *ROLES),
                   nominate_for="for the coin",
                   # the characters of the setup chart at each table size (no Great Sword at 5–6)
                   claims_at=tuple((n, ("White Rose Faction", "Blood Blades Faction",
                                        *(r for r in ROLES if CHART[n][r]))) for n in sorted(CHART))),
    summary="Hidden roles: the White Rose Faction must sacrifice Flower Buds and bring the White Rose "
            "to the Sanctuary; the Blood Blades strike when the White Rose is on the table. Crystals "
            "of the Book of Magic bend each round.",
)

__all__ = ["SPEC", "BladesAndRoseState", "HeuristicAgent"]
