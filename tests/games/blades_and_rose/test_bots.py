"""The heuristic bot: legal, observation-only, and better than random for either faction at every
player count, against random and against heuristic opponents."""
from __future__ import annotations

import pytest

import roses
from roses.agents import RandomAgent, Turn, make_agent
from roses.games.blades_and_rose.actions import ChooseTargets, GiveCoin, Pass, Play, RandomCard
from roses.games.blades_and_rose.bots import HeuristicAgent, role_beliefs, suspicion
from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, BLOOD_BLADES_FACTION, DARK_KNIFE, DOUBLE_KNIFE, GHOST, ROLES, WHITE_ROSE,
    WHITE_ROSE_FACTION,
)
from roses.sim.match import play_game

from .helpers import A, B, C, D, E, deal, play_round  # noqa: F401

#: Game seeds 0..149 at each player count. The full figures (500 games, seeds 1000..1499, in the
#: rules doc's bot table): ``python3 bench/lab/blades_and_rose_factions.py --games 500 --start 1000``;
#: this sample: ``... --games 150 --start 0``.
GAMES = 150


class FactionAgent:
    """``heuristic`` or ``random`` by the seat's own faction (read from its observation):
    ``wr``/``bb`` are ``"h"`` or ``"r"``. Checks that every action is legal."""

    name = "faction"

    def __init__(self, game, seed, wr, bb):
        pick = {"h": HeuristicAgent, "r": RandomAgent}
        self.agents = {WHITE_ROSE_FACTION: pick[wr](game, seed), BLOOD_BLADES_FACTION: pick[bb](game, seed)}

    def act(self, turn: Turn):
        action = self.agents[turn.observation.faction].act(turn)
        assert action in turn.legal_actions
        return action


_RATES: dict[tuple[int, str], float] = {}


def _white_rose_rate(players: int, pairing: str) -> float:
    """White Rose Faction win rate over game seeds 0..GAMES-1; ``pairing`` is the White Rose
    Faction's bot then the Blood Blades' (``"hr"``: heuristic White Rose against random Blood
    Blades). Cached: several tests share a pairing."""
    key = (players, pairing)
    if key not in _RATES:
        game = roses.load("blades-and-rose", players=players)
        wins = 0
        for seed in range(GAMES):
            agents = [FactionAgent(game, 1000 * seed + s, pairing[0], pairing[1]) for s in range(players)]
            wins += play_game(game, agents, seed).winner == WHITE_ROSE_FACTION
        _RATES[key] = wins / GAMES
    return _RATES[key]


# Measured on this sample (White Rose Faction wins; RR random/random, HR heuristic White Rose against
# random Blood Blades, RH the reverse, HH heuristic/heuristic):
#   5: RR 0.273 HR 0.560 RH 0.133 HH 0.413    6: RR 0.240 HR 0.833 RH 0.173 HH 0.467
#   7: RR 0.187 HR 0.687 RH 0.167 HH 0.320    8: RR 0.247 HR 0.853 RH 0.127 HH 0.393
PLAYERS = (5, 6, 7, 8)


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_white_rose_faction_beats_random_against_random(players):
    assert _white_rose_rate(players, "hr") >= _white_rose_rate(players, "rr") + 0.2


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_blood_blades_beat_random_against_random(players):
    # The old bot lost here at 7-8 players (500 games: RH 0.376/0.360 against RR 0.198/0.238, now
    # 0.120/0.158). This sample's 7-player margin is the smallest (0.020, 3 games; +0.078 over 500).
    assert _white_rose_rate(players, "rh") <= _white_rose_rate(players, "rr") - 0.01


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_white_rose_faction_beats_random_against_heuristic(players):
    assert _white_rose_rate(players, "hh") >= _white_rose_rate(players, "rh") + 0.1


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_blood_blades_beat_random_against_heuristic(players):
    assert _white_rose_rate(players, "hh") <= _white_rose_rate(players, "hr") - 0.1


def test_registered_and_plays_every_player_count():
    for players in (5, 6, 7, 8):
        game = roses.load("blades-and-rose", players=players)
        state = play_game(game, [make_agent("heuristic", game, s) for s in range(players)], seed=players)
        assert state.is_terminal()


def test_white_rose_plays_when_nobody_can_strike():
    """Last to decide with nobody else on the table: the White Rose is safe to play."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    s.apply(GiveCoin(A))  # A's #6: A decides last
    for _ in range(4):
        s.apply(Pass())
    assert s.current_player() == A
    action = HeuristicAgent(s.game, 0).act(Turn.of(s))
    assert str(action) == "play White Rose"


def test_blood_blades_strike_on_a_full_table_in_the_last_round():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 7, 1, 6], coin=E,
             crystals=[1, 2, 6, 6, 7])
    play_round(s, A, {})
    play_round(s, B, {})
    play_round(s, C, {}, targets=(A,))
    play_round(s, D, {B: GHOST}, targets=(B,))
    s.apply(GiveCoin(E))  # the last crystal: E's #6
    for card in (WHITE_ROSE, BISHOP, BELIEVER):  # A, B, C play
        s.apply(Play(card))
    s.apply(Pass())  # D
    assert s.current_player() == E and s.observation(E).crystals_left == 0
    action = HeuristicAgent(s.game, 0).act(Turn.of(s))
    assert str(action) == "play Dark Knife"


def test_suspicion_reads_only_public_evidence():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, B, {D: DOUBLE_KNIFE, C: BELIEVER})  # B's #2: attributed
    p = suspicion(s.observation(A))
    assert p[D] == 1.0 and p[A] == 0.0
    assert p[C] < p[D]


def test_role_beliefs_use_night_knowledge_and_revealed_characters():
    """BR-3: the Double Knife (seat D) saw seats A, B, D open their eyes, so the Dark Knife is C or
    E; once a Dark Knife is revealed in a round where only E of the two played, it is E."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=C)
    dark = ROLES.index(DARK_KNIFE)
    m = role_beliefs(s.observation(D))
    assert m[A][dark] == 0.0 and m[B][dark] == 0.0
    assert m[C][dark] == pytest.approx(0.5) and m[E][dark] == pytest.approx(0.5)
    assert m[D] == [1.0 if r == DOUBLE_KNIFE else 0.0 for r in ROLES]
    play_round(s, E, {E: DARK_KNIFE, A: GHOST, B: GHOST}, targets=(A, B))  # E's #5; shuffled
    m = role_beliefs(s.observation(D))
    assert m[E][dark] > 0.9 and m[C][dark] == 0.0  # fitted in a few sweeps: close to 1
    assert suspicion(s.observation(D))[C] == 0.0


def test_blood_blades_add_no_second_blade_after_a_known_teammate_played():
    """FAQ Q6: a second blade is wasted. E (Dark Knife) knows D is the Double Knife (#2 showed it);
    D has played this round, so E keeps its blade and adds its Believer, which dies with the buds
    and counts for the Blood Blades (BR-7)."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 7, 5], coin=E)
    play_round(s, B, {D: DOUBLE_KNIFE, C: BELIEVER})  # B's #2: attributed
    s.apply(GiveCoin(D))
    s.apply(ChooseTargets(7, (A,)))  # D's #7; turn order D, E, A, B, C
    s.apply(Play(DOUBLE_KNIFE))
    assert s.current_player() == E
    assert suspicion(s.observation(E))[D] == pytest.approx(1.0)
    for seed in range(5):
        assert HeuristicAgent(s.game, seed).act(Turn.of(s)) == Play(BELIEVER)


def test_blood_blades_strike_when_blades_match_the_rounds_left():
    """A seat plays one card a round and blades left at the end are worth nothing: with two blades
    and two rounds left, the Double Knife strikes now even on an empty table."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    for receiver in (A, B, C):
        play_round(s, receiver, {}, random_cards={B: GHOST, D: BELIEVER})
    s.apply(GiveCoin(D))  # D's #4: the left neighbour E plays a random card
    s.apply(RandomCard(E, GHOST))
    assert s.current_player() == D and s.observation(D).crystals_left == 1
    assert HeuristicAgent(s.game, 0).act(Turn.of(s)) == Play(DOUBLE_KNIFE)
