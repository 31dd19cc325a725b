"""Engine v2 contract for Rare Roses: drawn action sequences through the conformance checks (the
sealed determinization included), legal actions generated from the rules agreeing with the rule
checks, deals hidden from a seat re-drawn in its worlds, typed moves refused by rule, GameInfo."""
from __future__ import annotations

import hashlib
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import roses
from roses.agents.tuning import search_tuning
from roses.core import IllegalActionError
from roses.core.conformance import check_determinize, check_random_game
from roses.games.rare_roses.actions import (FILL, MATCH, Accept, Buy, DealGive, DealPay, DealTake,
                                            DealWith, Decline, DrawOrder, DrawTile, FillOrder, Offer,
                                            Propose, Specialty, StartPlayer, Trash, tiles_words)
from roses.games.rare_roses.cards import BOXES, ROSES

from ..properties import SEEDS
from .helpers import do, new_game, to_purchase

SMALL_DECK = [{"id": i, "icon": i < 3, "roses": [["juliet", "bud"], ["black", "bloom"]] if i % 2 else [["rainbow", "bloom"]],
               "fill": 4 + i, "match": 8 + i, "specialty": "juliet" if i % 2 else None} for i in range(6)]
CHEAP = {"rainbow": 1, "juliet": 1, "striped-dragon": 2, "osira": 2, "blue": 3, "black": 4}
VARIANTS = {
    "default": {},
    "small deck, other prices": {"order_deck": SMALL_DECK, "market_prices": CHEAP},
    "fixed start, more deals": {"start_player": 0, "max_offers": 6},
    "no deals": {"max_offers": 0},
}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), players=st.integers(min_value=1, max_value=6), variant=st.sampled_from(sorted(VARIANTS)))
def test_conformance_on_drawn_action_sequences(data, players, variant):
    """Every player count and variant: the seat actions are drawn by hypothesis, so a failure
    shrinks to the shortest game that shows it."""
    params = dict(VARIANTS[variant])
    if params.get("start_player", 0) >= players:
        params.pop("start_player")
    game = roses.load("rare-roses", players=players, **params)
    seed = data.draw(SEEDS, label="seed")
    state = check_random_game(game, seed, choose=lambda legal: legal[data.draw(st.integers(0, len(legal) - 1))])
    assert len(state.history) <= game.info.max_game_length


def _candidates(s):
    """Every seat action of the game's whole fixed encoding space, legal or not, plus the compound
    forms of rules_version 1 (a deal of one tile at the market price, a fill naming its tiles)."""
    game = s.game
    out = [game.action_from_id(i) for i in range(game.num_distinct_actions())]
    out += [Offer(seat, ((r, b),), s.rules.prices[ROSES.index(r)]) for seat in range(s.num_players)
            for b in BOXES for r in ROSES[:2]]
    for c in s.queue:
        if c is not None and s.current_player() >= 0:
            for v in (MATCH, FILL):
                tiles = s.oldest_tiles(s.current_player(), c, v)
                if tiles:
                    out.append(FillOrder(c, v, tiles))
    return out


def _chance_candidates(s):
    """Every chance outcome of the game, possible now or not."""
    return ([DrawTile(r) for r in ROSES] + [DrawOrder(c) for c in s.rules.cards]
            + [Specialty(r) for r in ROSES] + [StartPlayer(k) for k in range(s.num_players + 1)] + [Trash()])


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_legal_actions_are_exactly_what_apply_accepts(players):
    """Issue 9 item 4: ``legal_actions()`` is the whole set ``apply`` accepts, in every phase. For
    random positions (deals drafted and fills named often), every candidate of the game's whole
    encoding space (and the old compound texts) is accepted by ``apply`` exactly when it is listed:
    a listed one applies on a copy, any other is refused with a named rule and changes nothing. At
    chance nodes the outcomes are the list."""
    game = roses.load("rare-roses", players=players)
    rng = random.Random(players)
    phases = set()
    for seed in range(2):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = [a for a, _ in s.chance_outcomes()]
                for a in _chance_candidates(s):
                    assert (a in outcomes) == s.is_legal(a), (s.phase, str(a))
                s.apply(s.sample_chance())
                continue
            phases.add(s.phase)
            legal = s.legal_actions()
            assert len(set(map(str, legal))) == len(legal)
            before = len(s.history)
            for a in _candidates(s):
                if a in legal:
                    s.clone().apply(a)
                else:
                    with pytest.raises(IllegalActionError) as e:
                        s.apply(a)
                    assert e.value.rule and len(s.history) == before, (s.phase, str(a))
            assert all(a is b for a, b in zip(legal, s.legal_actions()))  # interned, cached
            steps = [a for a in legal if type(a).__name__ in ("DealWith", "DealTake", "DealGive", "DealPay",
                                                              "Propose", "ChooseTiles", "UseTile")]
            s.apply(rng.choice(steps) if steps and rng.random() < 0.6 else rng.choice(legal))
    assert {"purchase", "fill", "trash-or-seed", "push"} <= phases
    if players > 1:
        assert {"draft", "respond", "name-tiles"} <= phases


def _second_turn_buying(**params):
    """Three seats; seats 0 and 1 bought two tiles each in the first round; seat 0 buys again."""
    s = new_game(3, seed=8, **params)
    for seat in range(3):
        to_purchase(s)
        for _ in range(2 if seat < 2 else 0):
            do(s, str([a for a in s.legal_actions() if isinstance(a, Buy)][-1]))
        do(s, "done buying", "end turn")
    to_purchase(s)
    return s


def _declined_then_pending(**params):
    """Seat 0, in its second turn, proposes a deal to seat 1 that is declined, then another one,
    pending (positions reached by play)."""
    s = _second_turn_buying(**params)
    do(s, "offer 1 take black/bud,osira/bud pay 7 give black/fresh", "decline",
       "offer 1 take osira/bud pay 3")
    return s


def _draft_terms(steps):
    """(take, give, pay) of a draft's take / give / pay steps."""
    take = tuple(a.tile for a in steps if isinstance(a, DealTake))
    give = tuple(a.tile for a in steps if isinstance(a, DealGive))
    return take, give, sum(a.amount for a in steps if isinstance(a, DealPay))


def test_a_declined_deal_and_a_pending_one_are_redrawn_for_a_seat_outside_them():
    """RR-7: the terms of a declined deal are never shown to the third seat, so its worlds re-draw
    them too (consistently: a legal draft of the same number of steps where it stood, the number
    of steps being public), not only the pending one's."""
    s = _declined_then_pending()
    i_deal = next(i for i, (_, a) in enumerate(s.history) if isinstance(a, DealWith))
    j = next(i for i, (_, a) in enumerate(s.history) if isinstance(a, Propose))
    real = [a for _, a in s.history[i_deal + 1:j]]
    assert _draft_terms(real) == ((("osira", "bud"), ("black", "bud")), (("black", "fresh"),), 7)
    assert isinstance(s.history[j + 1][1], Decline)
    assert "seat 1 declines seat 0's deal" in s.log.view(2)
    redrawn = set()
    for k in range(12):
        w = s.determinize(2, random.Random(k))
        assert w.information_state_key(2) == s.information_state_key(2)
        assert w.log.view(2) == s.log.view(2)
        steps = [a for _, a in w.history[i_deal + 1:j]]
        assert len(steps) == len(real) and isinstance(w.history[j][1], Propose)
        take, give, pay = _draft_terms(steps)
        assert take and set(take) <= {("black", "bud"), ("osira", "bud")} and pay <= s.money[0]
        told = [line for line in w.log.view(1) if line.startswith("seat 0 proposes: take ")]
        assert told[0] == (f"seat 0 proposes: take {tiles_words(take)} from you for ${pay}"
                           + (f" and {tiles_words(give)}" if give else ""))  # its seats' words
        redrawn.add(tuple(steps))
    assert tuple(real) not in redrawn and len(redrawn) > 1
    for seat in (0, 1):   # the two seats of the deals keep every term
        w = s.determinize(seat, random.Random(3))
        assert w.history == s.history
    for seat in range(3):
        check_determinize(s, seat, 11)


def test_a_draft_in_progress_and_a_cancelled_one_are_redrawn_for_the_seller_too():
    """The draft steps are read by the proposer only (RR-7): the seller learns the terms when the
    deal is proposed, so a cancelled draft and one still open are re-drawn in its worlds too."""
    s = _declined_then_pending(max_offers=4)
    do(s, "decline", "deal 1", "take osira/bud", "cancel deal", "deal 1", "take black/bud", "pay +5")
    assert s.phase == "draft" and s.observation(0).draft == {"to": 1, "take": [["black", "bud"]], "give": [], "pay": 5}
    assert s.observation(1).draft is None and s.observation(1).draft_with == 1
    assert s.log.view(1)[-1] == "seat 0 drafts a deal with seat 1 (you)"
    worlds = {tuple(map(str, s.determinize(1, random.Random(k)).history[-2:])) for k in range(12)}
    assert len(worlds) > 1
    for seat in range(3):
        check_determinize(s, seat, 5)
    assert s.determinize(0, random.Random(1)).history == s.history


def test_an_accepted_deal_keeps_its_terms_in_every_world():
    s = _second_turn_buying()
    do(s, "offer 1 take osira/bud pay 3", "accept")
    assert s.log.view(2)[-1] == "seat 1 accepts: seat 0 takes Osira bud and gives $3"
    w = s.determinize(2, random.Random(1))
    assert w.history == s.history


def test_the_information_state_key_tells_apart_steps_that_write_no_log_line():
    """``stop`` (when no order card is to be turned over) and ``done buying`` write nothing to the
    log, yet the other seats see them happen (the phase moves on): their keys differ."""
    s = new_game(3, seed=8)
    do(s, "seed")
    assert s.phase == "push" and None not in s.queue          # a full queue: nothing to refill
    for text, phase in (("stop", "purchase"), ("done buying", "fill")):
        after = s.clone()
        after.apply(after.action_from_text(text))
        assert after.phase == phase and after.log.seen_by(1) == s.log.seen_by(1)
        assert after.information_state_key(1) != s.information_state_key(1)
        s = after


def test_a_typed_move_that_is_well_formed_but_illegal_gets_the_rule():
    s = new_game(3, seed=8)                       # trash-or-seed: buying comes later
    assert s.parse_action("buy black") == Buy("black") and s.parse_action("bid 2") is None
    with pytest.raises(IllegalActionError) as typed:
        s.action_from_text("BUY  black")
    with pytest.raises(IllegalActionError) as applied:
        s.apply(Buy("black"))
    assert typed.value.rule == applied.value.rule == "Turn phases"
    assert str(typed.value) == str(applied.value)


def test_game_info_and_the_length_bound():
    rng = random.Random(0)
    for players in range(1, 7):
        game = roses.load("rare-roses", players=players)
        info = game.info
        assert (info.information, info.chance_mode, info.utility) == ("imperfect", "explicit", "constant-sum")
        assert (info.min_utility, info.max_utility, info.score_unit) == (0.0, 1.0, "dollars")
        assert info.num_distinct_actions == game.num_distinct_actions() and search_tuning(game).search_iterations == 20
        longest = 0
        for seed in range(4):
            s = game.new_initial_state(seed)
            while not s.is_terminal():
                s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            longest = max(longest, len(s.history))
        # Deals drafted step by step (rules_version 2) make the worst case far longer than random
        # play: a draft may hand over every own tile and add the money in +20/+5/+1 steps.
        assert longest <= info.max_game_length < (40 if players == 1 else 1000) * longest, \
            (players, longest, info.max_game_length)
    more = roses.load("rare-roses", players=4, max_offers=10).info.max_game_length
    assert more > roses.load("rare-roses", players=4).info.max_game_length
    free = dict(CHEAP, rainbow=0)
    assert roses.load("rare-roses", players=2, market_prices=free).info.max_game_length == sys.maxsize


def test_same_seeds_give_the_same_games():
    """The legal actions' order, the chance outcomes' order and probabilities and the log wording
    stay put: random games (uniform over the listed actions) fingerprint as recorded (histories,
    money and the public log of six games). The fingerprint changed with rules_version 2 (deals
    drafted step by step, fill tiles named one by one: a documented change of the action space,
    docs/rules/rare-roses.md), then when the log lost its ruling ids (player-facing text), then
    when it named tiles and roses in plain words (issue 14; histories and money unchanged), then
    when an order card became "an Osira specialty order" (was "a Osira"; issue 10)."""
    h = hashlib.sha256()
    for players in (1, 3, 6):
        game = roses.load("rare-roses", players=players)
        for seed in (0, 1):
            s, rng = game.new_initial_state(seed), random.Random(seed)
            while not s.is_terminal():
                s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
            h.update(repr(([str(a) for _, a in s.history], s.money, s.log.view(None))).encode())
    assert h.hexdigest() == "993369cdb4b2fb5957e9944bd0f6ae146d64989e0890f5be8708c8a842adaa80"
