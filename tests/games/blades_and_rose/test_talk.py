"""Table talk as evidence and as speech for the Blades & Rose heuristic bot (issue 14; BR-9: talk
is free and never enforced; Q10: cards are never shown, so a claim is only words)."""
from __future__ import annotations

import pytest

import roses
from roses.agents import Turn
from roses.core.talk import Talk, check_talk
from roses.games.blades_and_rose.bots import HeuristicAgent, latest_talk, suspicion, talk_factors
from roses.games.blades_and_rose.cards import BLADES, FACTION_CARDS
from roses.sim.match import play_game

from .helpers import A, B, C, D, E, deal, play_round

ROLES5 = ["Bishop", "White Rose", "Believer", "Double Knife", "Dark Knife"]  # A..E


def position():
    """A holds the Coin as the Bishop; at night it saw B (White Rose) and D (Double Knife) awake."""
    return deal(ROLES5, [1, 2, 3, 4, 6], coin=A)


def test_a_claim_from_a_human_reaches_the_bots_evidence_and_changes_where_the_coin_goes():
    state = position()
    obs = state.observation(A)
    quiet = suspicion(obs)
    heard = (Talk(C, "claim", claim="Blood Blades Faction"),)  # say, a human at seat C
    loud = suspicion(obs, talk=heard)
    assert loud[C] > quiet[C] + 0.1
    # The same bot with the same seed gives the Coin elsewhere once it heard the claim.
    before = HeuristicAgent(state.game, 1).act(Turn.of(state))
    after = HeuristicAgent(state.game, 1).act(Turn.of(state, heard))
    assert (str(before), str(after)) == ("give coin to seat 1", "give coin to seat 4")
    assert HeuristicAgent(state.game, 1).act(Turn.of(state, heard)) == after  # deterministic


def test_a_claim_that_the_bot_knows_is_a_lie_raises_its_suspicion_more_than_a_plain_claim():
    state = position()
    rose = state.observation(B)  # the White Rose hears D claim to be the White Rose: a lie
    lie = suspicion(rose, talk=(Talk(D, "claim", claim="White Rose"),))
    plain = suspicion(rose, talk=(Talk(D, "claim", claim="White Rose Faction"),))
    assert lie[D] > plain[D] + 0.1
    bishop = state.observation(A)  # the Bishop saw C asleep: C cannot be the White Rose
    assert suspicion(bishop, talk=(Talk(C, "claim", claim="White Rose"),))[C] > suspicion(bishop)[C] + 0.1


def test_an_accusation_counts_by_how_far_the_accuser_is_trusted():
    state = position()
    obs = state.observation(A)
    hard = [[1.0] * 6 for _ in range(5)]
    trusted, suspect = [0.0, 0.1, 0.5, 0.5, 0.9], [0.0, 0.9, 0.5, 0.5, 0.1]
    accuse = (Talk(B, "accuse", target=C),)
    assert talk_factors(obs, accuse, trusted, hard)[C] > 1.2
    assert talk_factors(obs, accuse, suspect, hard)[C] < 0.8
    vouch = (Talk(B, "vouch", target=C),)
    assert talk_factors(obs, vouch, trusted, hard)[C] < 0.9
    # Accusing me, a White Rose Faction seat, is wrong: the accuser is suspect.
    assert talk_factors(obs, (Talk(E, "accuse", target=A),), trusted, hard)[E] > 1.5
    # The later word on a seat replaces the earlier; a statement repeated counts once.
    said = (Talk(B, "accuse", target=C), Talk(B, "vouch", target=C), Talk(B, "vouch", target=C))
    assert latest_talk(said) == [Talk(B, "vouch", target=C)]
    assert talk_factors(obs, said, trusted, hard) == talk_factors(obs, vouch, trusted, hard)


def test_no_talk_leaves_the_bot_as_it_was():
    state = position()
    obs = state.observation(A)
    assert suspicion(obs, talk=()) == suspicion(obs)
    assert HeuristicAgent(state.game, 5).act(Turn.of(state, ())) == HeuristicAgent(state.game, 5).act(Turn.of(state))


def first_claims(seeds=range(40)) -> list[tuple[str, str | None]]:
    """(role, first claim) of every seat of games of five heuristic bots that talk (``None``: its
    first statement was no claim, or it said nothing)."""
    game = roses.load("blades-and-rose", players=5)
    out = []
    for seed in seeds:
        talk: list[Talk] = []
        state = play_game(game, [HeuristicAgent(game, 10 * seed + i) for i in range(5)], seed, talk=talk)
        roles = [state.observation(s).role for s in range(5)]
        for s in range(5):
            mine = [t for t in talk if t.seat == s]
            out.append((roles[s], mine[0].claim if mine and mine[0].kind == "claim" else None))
        for t in talk:  # every statement is one the rules allow, and at most one a round each
            check_talk(game.spec.talk, 5, t)
    return out


def test_a_white_rose_faction_bot_claims_the_truth_and_a_blood_blades_bot_may_lie():
    """Issue 42: every bot opened by claiming "White Rose Faction", so claims carried nothing. A
    White Rose Faction bot claims its faction or its own character, or says nothing (a White
    Rose sometimes does); a Blood Blades bot lies with the faction or a White Rose Faction
    character (a Believer sometimes), or says nothing, and never admits."""
    claims = first_claims(range(80))
    white = [(r, c) for r, c in claims if r in FACTION_CARDS]
    blood = [c for r, c in claims if r in BLADES]
    assert white and all(c in (None, "White Rose Faction", r) for r, c in white), white
    assert {c for _, c in white} >= {"White Rose Faction", "Bishop", "Believer", None}
    assert None in [c for r, c in white if r == "White Rose"]  # a White Rose sometimes says nothing
    assert blood and not any(c in BLADES or c == "Blood Blades Faction" for c in blood)
    assert {"White Rose", "Believer", "White Rose Faction"} <= set(blood)  # a Blood Blade claims a Believer too


def test_the_evidence_of_a_claim_matches_how_bots_claim():
    """The heuristic weighs a claim by how much likelier a Blood Blade makes it than a White Rose
    Faction seat (``claim_factor``, from ``CLAIMS`` and the setup chart): at 5 seats a claim of
    the White Rose itself points at a blade, a Bishop's at the White Rose Faction; and the bots'
    claims over many games are as ``CLAIMS`` says, within sampling error."""
    from roses.games.blades_and_rose.bots import CLAIMS, claim_factor

    assert claim_factor(5, "White Rose") == pytest.approx((0.15 / 2) / (0.1 / 3))
    assert claim_factor(5, "Bishop") == pytest.approx((0.15 / 2) / (0.3 / 3))
    assert 0.95 < claim_factor(5, "White Rose Faction") < 1.1
    claims = first_claims(range(80))
    believers = [c for r, c in claims if r == "Believer"]
    share = believers.count("Believer") / len(believers)
    expected = CLAIMS["Believer"]["Believer"]
    assert abs(share - expected) < 4 * (expected * (1 - expected) / len(believers)) ** 0.5, (share, len(believers))


def test_a_blood_blades_bot_claims_white_rose_and_accuses_a_real_white_rose_faction_seat():
    state = deal(["White Rose", "Bishop", "Believer", "Double Knife", "Dark Knife"], [1, 2, 3, 4, 6], coin=D)
    game = state.game
    for seed in range(50):
        bot = HeuristicAgent(game, seed)
        claim = bot.speak(Turn.of(state), ())
        if claim is not None and claim.claim == "White Rose":
            break
    else:
        raise AssertionError("no seed made the Double Knife claim the White Rose")
    assert claim == Talk(D, "claim", claim="White Rose", at_move=len(state.history))
    # In the next round it accuses the seat it believes the White Rose: it saw A and B awake.
    play_round(state, give_to=E, plays={})  # E's crystal #6; everyone passes
    said = bot.speak(Turn.listening(state, D, (claim,)), (claim,))
    assert said is not None and said.kind == "accuse" and said.target in (A, B)
    assert bot.speak(Turn.listening(state, D, (claim, said)), (claim, said)) is None  # one a round


def test_speaking_draws_nothing_from_the_rng_a_move_uses():
    state = position()
    a, b = HeuristicAgent(state.game, 9), HeuristicAgent(state.game, 9)
    a.speak(Turn.of(state), ())
    assert a.act(Turn.of(state)) == b.act(Turn.of(state))
    assert a.speak(Turn.of(state), ()) == b.speak(Turn.of(state), ())
