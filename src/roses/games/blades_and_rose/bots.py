"""The ``heuristic`` agent of Blades & Rose: faction-aware, reading only its observation.

It keeps a rough belief ``p_bb[s]`` that each other seat is in the Blood Blades Faction: a prior
from the setup chart and its night knowledge (BR-3), then evidence from every resolved round (a seat
that played in a round with blades becomes more suspect, one that played in a clean round less;
under effect #2 the attributed cards settle it).

- White Rose Faction: estimates the chance that a blade is on the table this round (suspect seats
  that already played, suspect seats still to decide) and plays a Flower Bud when that risk is low
  enough for how many rounds are left to get all its faction cards out (FAQ Q12), the White Rose
  only when it is very safe (or time runs out); otherwise, while there is time, it often plays a
  Ghost as bait to draw a blade out (FAQ Q8), else passes (or plays a Ghost when forced).
- Blood Blades: strikes with a blade when the expected number of White Rose Faction cards on the
  table (already played, plus those still likely to come) is high enough, always in the last round
  if the White Rose Faction is likely to play; never wastes a Believer (it would count as a
  sacrificed bud, BR-7).
- The coin and effect targets go to the seats it trusts (most likely its own faction); as Blood
  Blades, #1/#5 force likely White Rose Faction seats to play.
"""
from __future__ import annotations

import random
from typing import Any

from roses.agents import Turn

from .actions import ChooseTargets, GiveCoin, Pass, Play
from .cards import (
    BELIEVER, BISHOP, BLADES, BLOOD_BLADES_FACTION, CHART, FACTION_CARDS, GHOST, NIGHT_ROLES,
    WHITE_ROSE,
)
from .observation import BladesAndRoseObservation


def _blood_blades_count(n: int) -> int:
    return sum(k for r, k in CHART[n].items() if r in BLADES)


def _blade_cards(n: int) -> int:
    """Blade cards in the game: one per blade role, plus the table's Double Knife (BR-2)."""
    return _blood_blades_count(n) + 1


def suspicion(obs: BladesAndRoseObservation) -> list[float]:
    """``p[s]``: this seat's rough belief that seat ``s`` is Blood Blades (own seat: 0 or 1)."""
    n, me = obs.players, obs.seat
    bb = _blood_blades_count(n)
    mine = obs.faction == BLOOD_BLADES_FACTION
    others = [s for s in range(n) if s != me]
    p = [0.0] * n
    awake = obs.night_seen
    if awake is not None:
        awake_bb = sum(k for r, k in CHART[n].items() if r in NIGHT_ROLES and r in BLADES) - (1 if mine else 0)
        night_others = [s for s in awake if s != me]
        day_others = [s for s in others if s not in awake]
        day_bb = bb - (1 if mine else 0) - awake_bb
        for s in night_others:
            p[s] = awake_bb / len(night_others) if night_others else 0.0
        for s in day_others:
            p[s] = day_bb / len(day_others) if day_others else 0.0
    else:
        for s in others:
            p[s] = (bb - (1 if mine else 0)) / len(others)
    odds = {s: p[s] / (1 - p[s]) if 0 < p[s] < 1 else None for s in others}
    certain: dict[int, float] = {s: p[s] for s in others if p[s] in (0.0, 1.0)}
    for rnd in obs.rounds:
        if rnd.attribution is not None:
            for s, card in rnd.attribution:
                if s == me:
                    continue
                if card in BLADES:
                    certain[s] = 1.0
                elif card in (WHITE_ROSE, BISHOP):
                    certain[s] = 0.0
            continue
        blades = sum(1 for c in rnd.revealed if c in BLADES) - (1 if rnd.my_card in BLADES else 0)
        played = [s for s in rnd.played if s != me and s not in rnd.random_seats]
        for s in played:
            if odds[s] is None:
                continue
            odds[s] *= (1 + 3 * blades / len(played)) if blades > 0 else 0.5
    for s in others:
        if s in certain:
            p[s] = certain[s]
        elif odds[s] is not None:
            p[s] = min(0.97, max(0.03, odds[s] / (1 + odds[s])))
    if me is not None:
        p[me] = 1.0 if mine else 0.0
    return p


def _play_rates(obs: BladesAndRoseObservation) -> list[float]:
    """How often each seat chose to play when it could (Laplace-smoothed), from public rounds."""
    plays = [1.0] * obs.players
    turns = [2.0] * obs.players
    for rnd in obs.rounds:
        for s in rnd.played:
            if s not in rnd.random_seats:
                plays[s] += 1
                turns[s] += 1
        for s in rnd.passed:
            turns[s] += 1
    return [p / t for p, t in zip(plays, turns)]


class HeuristicAgent:
    """Faction-aware heuristic (module docstring). ``act(turn)`` returns one of ``turn.legal_actions``."""

    name = "heuristic"
    #: Blood Blades: expected White Rose Faction cards on the table needed to strike, with two
    #: blades in hand / with one; weight of a seat still to decide.
    strike_two = 1.0
    strike_one = 1.3
    after_weight = 0.3
    after_scale = 0.5
    rounds_per_blade = 2.0
    teammate_penalty = 0.8
    #: White Rose Faction: the largest risk of a blade on the table at which it plays the White
    #: Rose / a Flower Bud (by slack: rounds left minus faction cards in hand).
    rose_risk = 0.12
    bud_risk = {0: 0.55, 1: 0.55, 2: 0.35}
    bud_risk_default = 0.25
    #: Chance that a suspect seat still to decide plays a blade.
    after_strike = 0.45
    #: Chance of playing a Ghost as bait when a bud is too risky and there is time (FAQ Q8).
    bait = 0.6

    def __init__(self, game: Any = None, seed: int = 0):
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ entry point
    def act(self, turn: Turn) -> Any:
        obs: BladesAndRoseObservation = turn.observation
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        p_bb = suspicion(obs)
        bb = obs.faction == BLOOD_BLADES_FACTION
        # trust[s]: belief that s is on my side.
        trust = [1 - x if not bb else x for x in p_bb]
        first = legal[0]
        if isinstance(first, GiveCoin):
            return self._best(legal, lambda a: trust[a.seat])
        if isinstance(first, ChooseTargets):
            return self._targets(obs, legal, trust, p_bb, bb)
        if any(isinstance(a, (Play, Pass)) for a in legal):
            return self._play(obs, legal, p_bb, bb)
        return self.rng.choice(legal)

    def _best(self, legal: list[Any], score) -> Any:
        top = max(score(a) for a in legal)
        return self.rng.choice([a for a in legal if score(a) >= top - 1e-9])

    # ------------------------------------------------------------------ effects
    def _targets(self, obs, legal, trust, p_bb, bb) -> Any:
        e = legal[0].effect
        counts = obs.hand_counts
        if e in (1, 5):
            if bb:  # force likely White Rose Faction seats to play (then strike)
                return self._best(legal, lambda a: sum(1 - p_bb[s] for s in a.seats if s != obs.seat)
                                  + 0.01 * sum(counts[s] for s in a.seats))
            return self._best(legal, lambda a: sum(trust[s] for s in a.seats))
        return self._best(legal, lambda a: sum(trust[s] for s in a.seats))

    # ------------------------------------------------------------------ step 2
    def _play(self, obs, legal, p_bb, bb) -> Any:
        me = obs.seat
        rnd = obs.current_round
        n = obs.players
        forced = Pass() not in legal
        hand = list(obs.hand)
        idx = rnd.order.index(me)
        before = [s for s in rnd.played if s != me]
        after = [s for s in rnd.order[idx + 1:] if obs.hand_counts[s] > 0 and s not in rnd.played]
        if rnd.bound is not None and rnd.bound[1] in after and rnd.bound[0] not in rnd.played \
                and rnd.order.index(rnd.bound[0]) < idx:
            after.remove(rnd.bound[1])  # Player B cannot play once A has passed (#5)
        last_round = obs.crystals_left == 0
        if bb:
            return self._strike(obs, legal, hand, before, after, p_bb, forced, last_round)
        return self._white_rose(obs, legal, hand, before, after, p_bb, forced, last_round, rnd)

    def _white_rose(self, obs, legal, hand, before, after, p_bb, forced, last_round, rnd) -> Any:
        unseen = _blade_cards(obs.players) - len(obs.blades_revealed)
        risk = 0.0
        if unseen > 0:
            safe = 1.0
            for s in before:
                safe *= 1 - p_bb[s] * 0.8
            for s in after:
                q = 0.7 if (s in rnd.must_play or last_round) else self.after_strike
                safe *= 1 - p_bb[s] * q
            risk = 1 - safe
        mine = [c for c in hand if c in FACTION_CARDS]
        rounds_left = obs.crystals_left + 1  # this round included
        slack = rounds_left - len(mine)
        if not mine:
            if forced:
                return Play(GHOST) if GHOST in hand else Play(hand[0])
            return Pass()
        buds = [c for c in mine if c != WHITE_ROSE]
        want_bud = risk < self.bud_risk.get(max(0, slack), self.bud_risk_default)
        want_rose = WHITE_ROSE in mine and (risk < self.rose_risk or (slack <= 0 and not buds))
        if slack <= 0 or last_round:
            want_bud = True
        if want_rose and (risk < self.rose_risk or not buds):
            return Play(WHITE_ROSE)
        if want_bud and buds:
            return Play(BISHOP if BISHOP in buds else BELIEVER)
        if want_bud and not buds and slack <= 0:
            return Play(WHITE_ROSE)
        if GHOST in hand and slack >= 2 and self.rng.random() < self.bait:
            return Play(GHOST)  # bait a blade out while there is time (FAQ Q8)
        if forced:
            if GHOST in hand and risk >= self.rose_risk:
                return Play(GHOST)
            if buds:
                return Play(buds[0])
            return Play(GHOST if GHOST in hand else hand[0])
        return Pass()

    def _strike(self, obs, legal, hand, before, after, p_bb, forced, last_round) -> Any:
        blades = [c for c in hand if c in BLADES]
        rnd = obs.current_round
        expected = sum((1 - p_bb[s]) * 0.85 for s in before)
        rate = _play_rates(obs)
        expected += sum((1 - p_bb[s]) * (0.8 if last_round else min(self.after_weight, rate[s] * self.after_scale))
                        for s in after)
        # A likely teammate already on the table may have struck already (FAQ Q6: wasteful).
        teammate = max((p_bb[s] for s in before), default=0.0)
        threshold = self.strike_two if len(blades) >= 2 else self.strike_one
        # Blades left unused at the end are wasted: the fewer rounds per blade, the readier.
        rounds_left = obs.crystals_left + 1
        threshold *= min(1.0, rounds_left / (self.rounds_per_blade * max(1, len(blades))))
        if rnd.unshuffled:
            threshold += 0.4
        if last_round:
            threshold = 0.4
        elif teammate > 0.8:
            threshold += self.teammate_penalty
        if blades and expected >= threshold:
            return Play(blades[0])
        if forced:
            if blades and expected >= 0.5:
                return Play(blades[0])
            for c in (GHOST, *blades, BELIEVER):
                if c in hand:
                    return Play(c)
            return Play(hand[0])
        return Pass()
