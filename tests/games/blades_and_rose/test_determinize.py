"""determinize(seat, rng): other seats' roles, hands, crystals and face-down cards are re-drawn,
consistently with the seat's knowledge (own cards, night knowledge BR-3, public rounds)."""
from __future__ import annotations

import random

from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, DARK_KNIFE, DOUBLE_KNIFE, GHOST, GREAT_SWORD, NIGHT_ROLES, WHITE_ROSE,
)

from .helpers import A, B, C, D, E, deal, play_round

SEVEN = [WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE, BELIEVER, GREAT_SWORD]


def test_worlds_vary_but_keep_what_the_seat_knows():
    s = deal(SEVEN, [6, 5, 3, 4, 2, 7, 8], coin=E)
    play_round(s, A, {A: WHITE_ROSE, C: GHOST})   # A's #6
    play_round(s, E, {B: BISHOP, D: DOUBLE_KNIFE, E: GHOST})  # E's #2: attributed
    rng = random.Random(4)
    seen_roles = set()
    for _ in range(40):
        world = s.determinize(B, rng)
        assert world.observation(B) == s.observation(B)
        assert world.roles[B] == BISHOP and world.hands[B] == s.hands[B]
        # Night knowledge: B (Bishop) saw seats 0, 1, 3, 6 awake.
        assert {t for t in range(7) if world.roles[t] in NIGHT_ROLES} == {0, 1, 3, 6}
        # Round 2 attributed D's Double Knife; round 1's White Rose was played by A or C.
        assert world.roles[D] == DOUBLE_KNIFE
        assert world.roles[A] == WHITE_ROSE  # C is not awake, so only A can hold the White Rose
        assert world.crystals[B] == s.crystals[B]
        world.check_invariants()
        seen_roles.add(tuple(world.roles))
    assert len(seen_roles) > 1  # the day seats' roles (Believers, Dark Knife) are re-drawn


def test_a_believer_knows_nothing_of_the_night():
    s = deal(SEVEN, [6, 5, 3, 4, 2, 7, 8], coin=E)
    rng = random.Random(1)
    holders = {s.determinize(C, rng).roles.index(WHITE_ROSE) for _ in range(60)}
    assert C not in holders and len(holders) >= 4


def test_face_down_card_of_a_shuffled_round_is_redrawn():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {B: BELIEVER, C: GHOST})  # revealed Believer, Ghost: who played which is hidden
    rng = random.Random(2)
    plays = {tuple(sorted(s.determinize(E, rng).rounds[0].plays.items())) for _ in range(60)}
    assert plays == {((B, BELIEVER), (C, GHOST)), ((B, GHOST), (C, BELIEVER))}


def test_terminal_state_is_cloned():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {A: WHITE_ROSE, E: DARK_KNIFE})
    assert s.is_terminal() and s.determinize(C, random.Random(0)).roles == s.roles
