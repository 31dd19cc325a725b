"""The public evidence of each seat's thorn (SeatView.thorn_held) and bids (SeatView.bid), the
heuristic's use of them, and what an eliminated seat shows (§3.3, §3.4 "A thorn?", §4, RT-6).

Bot strength with and without the evidence: ``python3 bench/lab/roses_and_thorns_bots.py --games 400
--players 3,4,6 --candidate ... --baseline ...`` (figures and the exact commands in
docs/rules/roses-and-thorns.md, "Bots").
"""
import random

from rich.console import Console

from roses.agents import Turn
from roses.games.roses_and_thorns.actions import Bid, Flip
from roses.games.roses_and_thorns.bots import HeuristicAgent
from roses.games.roses_and_thorns.view import render

from .helpers import new, play, set_cards


def _held(state, seat):
    """``thorn_held`` of ``seat`` as every seat and a spectator see it (one value: it is public)."""
    values = {state.observation(t).seats[seat].thorn_held for t in [*range(state.num_players), None]}
    assert len(values) == 1, values
    return values.pop()


def test_the_thorn_evidence_is_public_and_follows_losses_and_turned_up_thorns():  # §3.4, RT-6
    """The worked example: Anna loses one of her four cards (drawn uniformly, RT-6: her thorn is
    kept with chance 3/4); Ben's thorn was turned up in front of everybody (held: 1)."""
    s = new(3, start=0)
    assert [_held(s, t) for t in range(3)] == [1.0, 1.0, 1.0]
    play(s, "lay rose", "lay rose", "lay rose", "lay rose", "lay thorn", "bid 3", "bid 4", "pass", "pass")
    play(s, "flip 2", "flip 1")                            # Carla's rose, then Ben's thorn
    assert _held(s, 1) == 1.0
    play(s, "lose rose")
    assert _held(s, 0) == 0.75 and _held(s, 1) == 1.0 and _held(s, 2) == 1.0
    # The lost card's kind changes nothing public: the other draw gives the same value.
    other = new(3, start=0)
    play(other, "lay rose", "lay rose", "lay rose", "lay rose", "lay thorn", "bid 3", "bid 4", "pass", "pass",
         "flip 2", "flip 1", "lose thorn")
    assert _held(other, 0) == 0.75


def test_every_card_turned_up_as_a_rose_shows_the_thorn_is_gone():  # §3.4, RT-6
    """Regression: a seat whose every card was turned up as a rose has lost its thorn, publicly;
    the state forgot it at the end of the round, so determinize could hand that seat a thorn
    again (with chance 1/4 here) and the observation had no way to say so. Seat 1 challenges three
    times and turns up seat 0's thorn each time, losing its thorn, then two roses (the position is
    played, not set: determinize replays the history)."""
    s = new(3, start=0)
    for lost in ("thorn", "rose", "rose"):  # seat 1 bids 2 on its rose and seat 0's thorn
        play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "bid 2", "pass", "pass", "flip 0", f"lose {lost}")
    assert s.cards_of(1) == 1 and s.lost[1] == ["thorn", "rose", "rose"] and s.round == 4
    assert _held(s, 1) == 0.25     # public chance after three losses: 3/4 · 2/3 · 1/2
    play(s, "lay rose", "lay rose", "lay rose", "bid 2", "pass", "pass", "flip 1")  # seat 1's only card
    assert s.markers[0] == 1 and s.round == 5
    assert _held(s, 1) == 0.0
    rng = random.Random(0)
    for _ in range(200):
        world = s.determinize(2, rng)
        assert world.hands[1] == [1, 0] and world.lost[1].count("thorn") == 1
        world.check_invariants()


def _flip_position():
    """Seat 0 has turned up its own rose and needs one more card: seat 1 (three cards, its thorn
    turned up since its loss) or seat 2 (three cards, all turned up as roses once: no thorn)."""
    s = new(3, start=0)
    set_cards(s, 1, 2, 1)
    set_cards(s, 2, 3, 0)
    s.thorn_held[1], s.thorn_held[2] = 1.0, 0.0
    play(s, "lay rose", "lay rose", "lay rose", "bid 2", "pass", "pass")
    assert s.phase == "flip" and s.current_player() == 0
    return s


def test_the_heuristic_turns_up_the_stack_that_the_evidence_says_has_no_thorn():
    s = _flip_position()
    picks = [HeuristicAgent(s.game, seed).act(Turn.of(s)) for seed in range(20)]
    assert picks == [Flip(2)] * 20
    # Without the evidence both seats keep their thorn with chance 1/2: seat 1 is picked too.
    old = [HeuristicAgent(s.game, seed, thorn_evidence=False, bid_trust=0.0).act(Turn.of(s)) for seed in range(20)]
    assert old.count(Flip(1)) >= 3, old


def test_the_heuristic_bids_higher_when_the_evidence_clears_a_stack():
    """Seat 1's only card is a rose by the evidence (thorn_held 0), seat 2 has all four cards:
    turning up its own rose, seat 1's and seat 2's top card succeeds with chance 3/4, so it bids
    3; an even chance for seat 1's thorn gives 3/8 and a bid of 2."""
    s = new(3, start=0)
    set_cards(s, 1, 1, 0)
    s.thorn_held[1] = 0.0
    play(s, "lay rose", "lay rose", "lay rose")
    assert s.phase == "add" and s.current_player() == 0
    assert [HeuristicAgent(s.game, seed).act(Turn.of(s)) for seed in range(10)] == [Bid(3)] * 10
    old = [HeuristicAgent(s.game, seed, thorn_evidence=False, bid_trust=0.0).act(Turn.of(s)) for seed in range(10)]
    assert old.count(Bid(2)) >= 8, old


def test_each_seats_bid_this_round_is_public_and_cleared_for_the_next_round():  # §3.3
    s = new(3, start=0)
    play(s, "lay rose", "lay rose", "lay rose", "lay rose", "bid 1", "bid 2", "pass")
    for t in [0, 1, 2, None]:
        assert [v.bid for v in s.observation(t).seats] == [0, 1, 2]
    play(s, "pass", "flip 0")                            # seat 2 turns up its own rose, then seat 0's
    assert s.round == 2 and [v.bid for v in s.observation(None).seats] == [0, 0, 0]


def test_the_heuristic_trusts_a_bid_on_a_stack_top():  # §6 "If you have laid your thorn, bidding is dangerous"
    """Seats 1 and 2 each have one face-down card (a thorn there with chance 1/4); seat 1 bid 1 on
    its own card. Needing one more card, the challenger turns up seat 1's: with trust 0.8 its thorn
    is there with chance 1/16 instead of 1/4."""
    s = new(3, start=0)
    play(s, "lay rose", "lay rose", "lay rose", "lay rose", "bid 1", "pass", "bid 3", "pass")
    assert s.phase == "flip" and s.current_player() == 0 and s.observation(0).flips_left == 1
    assert [HeuristicAgent(s.game, seed).act(Turn.of(s)) for seed in range(20)] == [Flip(1)] * 20
    untrusting = [HeuristicAgent(s.game, seed, bid_trust=0.0).act(Turn.of(s)) for seed in range(20)]
    assert untrusting.count(Flip(2)) >= 3, untrusting


def _rows(obs) -> dict[str, str]:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(obs))
    rows = {}
    for line in console.export_text().splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) > 2 and cells[1][:1].isdigit():
            rows[cells[1].split()[0]] = line
    return rows


def test_an_eliminated_seat_shows_no_marker():  # §4 "Their marker no longer counts"
    s = new(4, start=2)            # seat 2 has a marker and one card left; seat 0 has a marker too
    s.markers[2] = 1
    s.markers[0] = 1
    set_cards(s, 2, 1, 0)
    play(s, "lay rose", "lay thorn", "lay rose", "lay rose", "bid 2", "pass", "pass", "pass", "flip 3", "lose rose")
    assert s.out[2] and s.markers == [1, 0, 0, 0]
    for t in [*range(4), None]:
        seats = s.observation(t).seats
        assert (seats[2].in_game, seats[2].markers, seats[0].markers) == (False, 0, 1)
        rows = _rows(s.observation(t))
        assert "out" in rows["3"] and "★" not in rows["3"], rows["3"]  # seats counted from 1
        assert "★" in rows["1"]
