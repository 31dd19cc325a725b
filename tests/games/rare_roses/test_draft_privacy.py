"""Issue 43, finding 6: a third seat cannot count another seat's deal-draft steps (RR-7).

Two declined deals, one drafted in one step and one in four, look the same to a third seat and to
a spectator: the same observation, the same information-state key and the same number of actions
seen (``seen_actions``, which the server numbers their views by). The proposer and the seller see
every step they are owed."""
from __future__ import annotations

import pytest

from roses.core import conformance
from roses.core.state import State

from .helpers import card, do, new_game, set_shop, to_purchase


def _declined(steps: tuple[str, ...]):
    deck = [card(i, [("osira", "bloom"), ("juliet", "bloom")], 5, 9) for i in range(24)]
    s = new_game(3, seed=5, order_deck=deck)
    to_purchase(s)
    set_shop(s, 1, "fresh", juliet=1, osira=1)
    start = {seat: s.seen_actions(seat) for seat in (None, 0, 1, 2)}
    do(s, "deal 1", *steps, "propose", "decline")
    return s, start


SHORT = ("take juliet/fresh",)  # one tile for $0: one step
LONG = ("take juliet/fresh", "take osira/fresh", "pay +1", "pay +1")  # four steps


def test_a_third_seat_sees_a_one_step_and_a_four_step_declined_deal_alike():
    short, s0 = _declined(SHORT)
    long_, l0 = _declined(LONG)
    assert len(long_.history) - len(short.history) == 3  # the truth differs by three steps
    for seat in (2, None):  # the third seat and a spectator
        assert short.seen_actions(seat) - s0[seat] == long_.seen_actions(seat) - l0[seat] == 3  # deal, propose, decline
        assert short.observation(seat).log == long_.observation(seat).log
    assert short.information_state_key(2) == long_.information_state_key(2)
    # the proposer saw each of its steps happen; the seller reads the terms (its own count of
    # actions seen does not include the steps either: it cannot count them as they happen)
    assert long_.seen_actions(0) - l0[0] == 7 and short.seen_actions(0) - s0[0] == 4
    assert long_.seen_actions(1) - l0[1] == 3


def test_each_draft_step_is_hidden_from_all_but_its_proposer():
    deck = [card(i, [("osira", "bloom"), ("juliet", "bloom")], 5, 9) for i in range(24)]
    s = new_game(3, seed=5, order_deck=deck)
    to_purchase(s)
    set_shop(s, 1, "fresh", juliet=1, osira=1)
    do(s, "deal 1")
    for step in LONG:
        before = s.clone()
        do(s, step)
        conformance.check_unseen(before, step, s)  # sound: nothing a third seat sees moved
        assert [s.unseen_actions(x) - before.unseen_actions(x) for x in (None, 0, 1, 2)] == [1, 0, 1, 1]


class _Leaky:
    """A state that claims an action is unseen while it changes what the seat observes."""

    def __init__(self, unseen, obs, cp=0):
        self.num_players, self._unseen, self._obs, self._cp = 2, unseen, obs, cp

    def current_player(self):
        return self._cp

    def unseen_actions(self, seat):
        return self._unseen.get(seat, 0)

    def observation(self, seat):
        return self._obs.get(seat, 0)


@pytest.mark.parametrize("after, why", [
    (_Leaky({1: 1}, {1: "changed"}), "changed what the seat observes"),
    (_Leaky({0: 1}, {}), "did not see its own action"),
    (_Leaky({1: 1}, {}, cp=1), "changed the seat to move"),
    (_Leaky({1: 2}, {}), "grew by 2"),
])
def test_the_conformance_check_refuses_an_unsound_unseen_count(after, why):
    with pytest.raises(AssertionError, match=why):
        conformance.check_unseen(_Leaky({}, {}), "x", after)


def test_a_game_that_hides_nothing_counts_every_action():
    from roses.core import load
    s = load("rose-ceremony", players=2).new_initial_state(3)
    s.resolve_chance()
    assert type(s).unseen_actions is State.unseen_actions
    assert all(s.seen_actions(x) == len(s.history) for x in (None, 0, 1))
