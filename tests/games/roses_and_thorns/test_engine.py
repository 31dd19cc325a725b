"""Engine contract of Roses and Thorns: GameInfo and its proven length bound, typed moves that name
the rule, interned actions, same seeds giving the same games, and sealed determinization (the
re-drawn history of other seats' lays and losses, RT-2, RT-6)."""
import hashlib
import json
import random

import pytest

import roses
from roses.agents.tuning import search_tuning
from roses.core import CHANCE, IllegalActionError, State
from roses.games.roses_and_thorns import max_game_length
from roses.games.roses_and_thorns.actions import BIDS, FLIPS, LAYS, PASS, Bid, Flip, Lay, Lose, Pass

from .helpers import new, play


def _random_game(game, seed):
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    while not s.is_terminal():
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def test_game_info():
    info = roses.load("roses-and-thorns", players=4).info
    assert (info.information, info.chance_mode, info.utility) == ("imperfect", "explicit", "constant-sum")
    assert (info.min_utility, info.max_utility, info.score_unit) == (0.0, 1.0, "")
    assert info.num_distinct_actions == 15 + 16 and info.max_game_length == 726
    assert search_tuning(roses.load("roses-and-thorns", players=4)).search_iterations == 200


@pytest.mark.parametrize("players,quick", [(3, False), (4, True), (6, False), (10, True)])
def test_random_games_stay_within_the_proven_length_bound(players, quick):
    """max_game_length's proof bounds every game; random games come within a factor of ~6 of it
    (so it is not absurdly loose: 164 of 726 at 4 players over 300 games)."""
    game = roses.load("roses-and-thorns", players=players, quick_game=quick)
    bound = game.info.max_game_length
    assert bound == max_game_length(players, quick)
    lengths = [len(_random_game(game, seed).history) for seed in range(40)]
    assert max(lengths) <= bound
    assert max(lengths) * 8 >= bound, (max(lengths), bound)


def test_a_typed_illegal_move_gets_the_rule_of_the_move():
    """parse_action: a typed 'bid 99' is refused with the same rule as applying Bid(99) (§3.2)."""
    s = play(new(3), "lay rose", "lay rose", "lay rose")
    with pytest.raises(IllegalActionError) as applied:
        s.apply(Bid(99))
    for typed in ("bid 99", "  BID   99 "):
        with pytest.raises(IllegalActionError) as e:
            s.action_from_text(typed)
        assert (e.value.rule, e.value.message) == (applied.value.rule, applied.value.message)
        assert "at most the 3 cards" in e.value.message
    with pytest.raises(IllegalActionError, match="§3.2"):
        s.action_from_text("pass")                  # before anyone has bid
    with pytest.raises(IllegalActionError, match="§3.4 The challenge"):
        s.action_from_text("flip 1")
    with pytest.raises(IllegalActionError, match="legal: lay rose, lay thorn, bid 1"):
        s.action_from_text("dance")                 # no action of the game: the legal list
    assert s.parse_action("lay thorn") is LAYS["thorn"] and s.parse_action("lose rose") == Lose("rose")
    assert s.parse_action("flip 2") == Flip(2) and s.parse_action("lay daisy") is None


def test_legal_actions_are_the_interned_objects():
    s = play(new(3), "lay rose", "lay rose", "lay rose")
    legal = s.legal_actions()
    assert legal[:2] == [Lay("rose"), Lay("thorn")] and legal[0] is LAYS["rose"]
    assert all(a is BIDS[a.count] for a in legal[2:]) and Bid(2) == BIDS[2] and hash(Bid(2)) == hash(BIDS[2])
    play(s, "bid 1")
    assert s.legal_actions()[0] is PASS and Pass() == PASS
    play(s, "bid 2", "pass", "pass")
    assert s.phase == "flip" and all(a is FLIPS[a.seat] for a in s.legal_actions())


def test_same_seeds_give_the_same_games_as_before_engine_v2():
    """Histories, legal-action orders and every seat's log wording of fixed-seed random games, as
    the engine before v2 produced them (fingerprint taken from it)."""
    out = []
    for params in ({"players": 3}, {"players": 5, "own_thorn_choice": True}, {"players": 4, "quick_game": True}):
        game = roses.load("roses-and-thorns", **params)
        for seed in range(3):
            rng = random.Random(seed)
            s = game.new_initial_state(seed)
            while not s.is_terminal():
                legal = s.legal_actions()
                out.append(",".join(map(str, legal)))
                s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(legal))
            out.append(json.dumps(s.to_json()))
            out.extend("\n".join(s.log.view(t)) for t in [None, *range(s.num_players)])
    digest = hashlib.sha256("\n".join(out).encode()).hexdigest()
    assert digest == FINGERPRINT, digest


FINGERPRINT = "c09a2e2d973c8642f1f459301e1185edae0c5e9b2daec047dd08c005214e5ea0"


# ---------------------------------------------------------------------- sealed determinization
def _positions(game, seeds, every=3):
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state(seed)
        i = 0
        while not s.is_terminal():
            if i % every == 0 and not s.is_chance_node():
                yield s.clone()
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            i += 1


def test_worlds_keep_everything_the_seat_saw_and_redraw_only_others_lays_and_losses():
    game = roses.load("roses-and-thorns", players=4, own_thorn_choice=True)
    rng = random.Random(5)
    redrawn = 0
    for s in _positions(game, range(4), every=7):
        seat = rng.randrange(4)
        world = s.determinize(seat, rng)
        assert type(world).determinize is State.determinize
        assert world.observation(seat) == s.observation(seat)
        assert world.information_state_key(seat) == s.information_state_key(seat)
        assert len(world.history) == len(s.history)
        for (m, a), (wm, wa) in zip(s.history, world.history):
            assert m == wm
            if m == seat or not isinstance(a, (Lay, Lose)):
                assert a == wa
            else:
                assert type(a) is type(wa)
                redrawn += a != wa
        world.check_invariants()
        assert State.from_json(world.to_json()) == world  # legal step by step
    assert redrawn > 20


def test_the_present_thorn_is_held_with_the_public_chance():  # RT-6, thorn_held
    """Across worlds, another seat still holds its thorn with the chance SeatView.thorn_held shows
    (as the determinize before v2 drew it), whatever the evidence of past rounds."""
    s = new(3, start=0)
    for lost in ("rose", "rose"):  # seat 1 turns up seat 0's thorn twice: two losses, from 4 then 3 cards
        play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "bid 2", "pass", "pass", "flip 0", f"lose {lost}")
    play(s, "lay rose", "lay rose", "lay rose")
    assert s.thorn_held[1] == 0.5
    rng = random.Random(0)
    worlds = [s.determinize(0, rng) for _ in range(3000)]
    held = sum(w.hands[1][1] + w.stacks[1].count("thorn") for w in worlds) / len(worlds)
    assert 0.46 < held < 0.54, held
    # When lost: at the first loss (1/4) or the second (3/4 · 1/3 = 1/4), given the same evidence.
    first = sum(w.lost[1] == ["thorn", "rose"] for w in worlds) / len(worlds)
    assert 0.22 < first < 0.28, first
    # In a past round, a thorn held and never seen lay on the stack as often as a card's share:
    # seat 2's face-down first card of round 1 is its thorn with chance 1/4 (1 of its 4 cards).
    assert s.history[2][0] == 2
    laid = sum(w.history[2][1] == Lay("thorn") for w in worlds) / len(worlds)
    assert 0.22 < laid < 0.28, laid


def test_a_thorn_turned_up_later_means_it_was_held_in_every_round_before():  # RT-6
    """Seat 1 loses a card in round 1 (its thorn with chance 1/4 a priori); its thorn is turned up
    in round 2: no world may have lost it in round 1, nor lay it in round 2 anywhere but where it
    was seen."""
    s = new(3, start=0)
    play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "bid 2", "pass", "pass", "flip 0", "lose rose")
    play(s, "lay rose", "lay thorn", "lay rose", "bid 2", "pass", "pass", "flip 1")  # seat 0 finds seat 1's thorn
    assert s.thorn_owner == 1 and s.current_player() == CHANCE
    rng = random.Random(1)
    for _ in range(300):
        w = s.determinize(2, rng)
        assert w.lost[1] == ["rose"] and w.stacks[1] == ["thorn"]
        assert w.observation(2) == s.observation(2)


def test_worlds_depend_only_on_what_the_seat_knows():
    """Two states that seat 2 cannot tell apart (seat 0 laid a rose or its thorn, seat 1 lost a
    rose or its thorn) give the same world for the same rng seed."""
    base = ["lay thorn", "lay rose", "lay rose", "bid 1", "bid 2", "pass", "pass", "flip 0"]
    a = play(new(3, start=0), *base, "lose rose", "lay thorn", "lay rose")
    b = play(new(3, start=0), *base, "lose thorn", "lay rose", "lay rose")
    assert a.information_state_key(2) == b.information_state_key(2) and a != b
    assert a.determinize(2, random.Random(3)) == b.determinize(2, random.Random(3))
