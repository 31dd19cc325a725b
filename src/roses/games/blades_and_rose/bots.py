"""The ``heuristic`` agent of Blades & Rose: faction-aware, reading only its observation.

Beliefs (:func:`role_beliefs`): a seats × character cards table of how likely each other seat holds
each character, fitted to the setup chart's counts (BR-1) by iterative proportional fitting. Hard
evidence: its own role, its night knowledge (BR-3: the seats that opened their eyes hold a night
role, the others do not), and every revealed White Rose, Bishop or blade card (that character
played in that round, so its seat is among the seats that played; under effect #2 the attribution
settles it). Soft evidence: a seat that played in a round without blades is less likely a Blood
Blade. ``p_bb[s]`` (:func:`suspicion`) is the chance that seat ``s`` is Blood Blades.

- White Rose Faction: estimates the chance that a blade is on the table this round (suspect seats
  that already played, suspect seats still to decide) and plays a Flower Bud when that risk is low
  enough for how many rounds are left to get all its faction cards out (FAQ Q12), the White Rose
  only when it is very safe (or time runs out); otherwise, while there is time, it often plays a
  Ghost as bait to draw a blade out (FAQ Q8), else passes (or plays a Ghost when forced).
- Blood Blades: values a strike as the expected White Rose Faction cards on the table (those
  already played face down by likely White Rose Faction seats, plus the expected plays of the seats
  still to decide at their observed play rates), with the White Rose weighted as the win it is;
  strikes when that value beats what an average later round is worth with the blades its faction
  has left, always when it has at least as many blades as rounds left (a seat plays one card per
  round; unused blades are worth nothing at the end), and holds back when a likely teammate has
  already played (it then adds its Believer instead: killed with the buds it counts for the Blood
  Blades, BR-7). Otherwise it never plays a Believer (it would count as a sacrificed bud, BR-7).
- The coin and effect targets go to the seats it trusts (most likely its own faction); as Blood
  Blades, #1/#5 force likely White Rose Faction seats to play.
"""
from __future__ import annotations

import functools
import random
from typing import Any

from roses.agents import Turn
from roses.core.talk import ACCUSE, CLAIM, NOMINATE, VOUCH, Talk

from .actions import ChooseTargets, GiveCoin, Pass, Play
from .cards import (
    BELIEVER, BISHOP, BLADES, BLOOD_BLADES_FACTION, CHART, FACTION_CARDS, GHOST, NIGHT_ROLES, ROLES,
    WHITE_ROSE, WHITE_ROSE_FACTION,
)
from .observation import BladesAndRoseObservation

#: Cards that only one character holds: revealing one shows that character played that round.
_IDENTIFYING = (WHITE_ROSE, BISHOP, *sorted(BLADES))
_BLADE_IDX = tuple(i for i, r in enumerate(ROLES) if r in BLADES)
_ROSE_IDX = ROLES.index(WHITE_ROSE)


def _blood_blades_count(n: int) -> int:
    return sum(k for r, k in CHART[n].items() if r in BLADES)


def _blade_cards(n: int) -> int:
    """Blade cards in the game: one per blade role, plus the table's Double Knife (BR-2)."""
    return _blood_blades_count(n) + 1


def role_beliefs(obs: BladesAndRoseObservation, clean_play: float = 0.6,
                 sweeps: int = 8, talk: tuple[Talk, ...] = ()) -> list[list[float]]:
    """``m[s][i]``: this seat's belief that seat ``s`` holds character ``ROLES[i]``.

    Input: the seat's observation only. Output: one row per seat summing to 1 (the own row is
    one-hot; a spectator's rows are the chart's shares). Hard evidence zeroes cells (own role, night
    knowledge BR-3, a revealed White Rose/Bishop/blade must come from a seat that played that round,
    #2 attributions); ``clean_play`` scales the blade cells of a seat each time it played in a round
    without blades. The table is then fitted so that rows sum to 1 and columns to the chart's counts
    (iterative proportional fitting, ``sweeps`` passes), an approximation of the exact marginals.
    ``talk`` (table talk, BR-9) is soft evidence on top: :func:`talk_factors` scales each seat's
    blade cells by what was said by and about it, and the table is fitted again.
    """
    n, me = obs.players, obs.seat
    counts = [float(CHART[n][r]) for r in ROLES]
    m = [[1.0 if c > 0 else 0.0 for c in counts] for _ in range(n)]
    if me is not None and obs.role is not None:
        m[me] = [1.0 if r == obs.role else 0.0 for r in ROLES]
    awake = obs.night_seen
    if awake is not None:
        for s in range(n):
            if s == me:
                continue
            for i, r in enumerate(ROLES):
                if (r in NIGHT_ROLES) != (s in awake):
                    m[s][i] = 0.0
    for rnd in obs.rounds:
        if rnd.attribution is not None:
            for s, card in rnd.attribution:
                if s != me and card in _IDENTIFYING:
                    i = ROLES.index(card)
                    m[s] = [1.0 if j == i else 0.0 for j in range(len(ROLES))]
            continue
        revealed = list(rnd.revealed)
        if rnd.my_card is not None and rnd.my_card in revealed:
            revealed.remove(rnd.my_card)
        played = set(rnd.played)
        for card in set(revealed) & set(_IDENTIFYING):
            i = ROLES.index(card)
            for s in range(n):
                if s != me and s not in played:
                    m[s][i] = 0.0
        if not any(c in BLADES for c in rnd.revealed):
            for s in rnd.played:
                if s != me and s not in rnd.random_seats:
                    for i in _BLADE_IDX:
                        m[s][i] *= clean_play
    rows = [s for s in range(n) if s != me]
    if not talk:
        return _fit(m, counts, rows, sweeps)
    hard = [list(r) for r in m]
    first = _fit([list(r) for r in m], counts, rows, sweeps)
    factors = talk_factors(obs, talk, _blade_share(first), hard)
    for s in rows:
        for i in _BLADE_IDX:
            m[s][i] *= factors[s]
    return _fit(m, counts, rows, sweeps)


def _fit(m: list[list[float]], counts: list[float], rows: list[int], sweeps: int) -> list[list[float]]:
    """Iterative proportional fitting of ``m`` (in place): rows ``rows`` sum to 1, columns to
    ``counts``."""
    n = len(m)
    for _ in range(sweeps):
        for i, c in enumerate(counts):
            col = sum(m[s][i] for s in range(n))
            if col > 0:
                f = c / col
                for s in rows:
                    m[s][i] *= f
        for s in rows:
            t = sum(m[s])
            if t > 0:
                m[s] = [x / t for x in m[s]]
    return m


def _blade_share(m: list[list[float]]) -> list[float]:
    return [min(1.0, sum(row[i] for i in _BLADE_IDX)) for row in m]


#: Table talk as evidence (BR-9: never enforced, so only soft evidence): an admission of being
#: Blood Blades; a claim that hard evidence rules out (a lie); a plain claim of the White Rose
#: Faction (cheap talk: a little); the weight of an accusation or vouch by a seat, signed by how
#: far that seat is trusted (an accusation by a likely blade points at a likely White Rose
#: Faction seat); a nomination counts as half a vouch; a seat accusing me when I know I am of
#: the White Rose Faction is wrong about me, and one vouching for me is right.
TALK_ADMIT = 4.0
TALK_LIE = 3.0
TALK_ACCUSE = 0.6
TALK_VOUCH = 0.5
TALK_WRONG_ABOUT_ME = 1.8
TALK_RIGHT_ABOUT_ME = 0.85
_BB_CLAIMS = frozenset({"Blood Blades Faction", *BLADES})

#: A bot's first claim by its character (issue 42: so that a claim is evidence): each claim's
#: chance; the rest of the time it claims nothing. A White Rose often keeps quiet (the blades
#: hunt it); a Believer or a Bishop often names its character. A Blood Blade lies with a claim
#: that fits whether its eyes were open at night (BR-3): the White Rose or the Bishop if they
#: were, a Believer if not, or the White Rose Faction.
FACTION_CLAIM = f"{WHITE_ROSE_FACTION} Faction"
CLAIMS: dict[str, dict[str, float]] = {
    WHITE_ROSE: {FACTION_CLAIM: 0.5, WHITE_ROSE: 0.1},
    BISHOP: {FACTION_CLAIM: 0.5, BISHOP: 0.3},
    BELIEVER: {FACTION_CLAIM: 0.4, BELIEVER: 0.4},
    **{r: {FACTION_CLAIM: 0.5, WHITE_ROSE: 0.15, BISHOP: 0.15} for r in BLADES if r in NIGHT_ROLES},
    **{r: {FACTION_CLAIM: 0.45, BELIEVER: 0.35} for r in BLADES if r not in NIGHT_ROLES},
}


@functools.lru_cache(maxsize=None)
def claim_factor(players: int, claim: str) -> float:
    """How much more likely a Blood Blade makes the first claim ``claim`` than a White Rose
    Faction seat, by :data:`CLAIMS` over the characters dealt at ``players`` seats (``CHART``):
    the factor on that seat's blade cells (the heuristic's evidence matches how bots talk)."""
    chart = CHART[players]

    def chance(roles: list[str]) -> float:
        total = sum(chart[r] for r in roles)
        return sum(chart[r] * CLAIMS[r].get(claim, 0.0) for r in roles) / total

    white = chance([r for r in ROLES if r not in BLADES and chart[r]])
    blood = chance([r for r in ROLES if r in BLADES and chart[r]])
    if white == 0.0:
        return TALK_LIE if blood == 0.0 else TALK_ADMIT
    return max(0.25, min(TALK_ADMIT, blood / white))


def latest_talk(talk: tuple[Talk, ...]) -> list[Talk]:
    """The statements that still stand: each seat's latest claim, its latest word on each other
    seat (an accusation or a vouch: the later replaces the earlier) and its latest nomination; a
    statement repeated counts once."""
    last: dict[tuple, Talk] = {}
    for t in talk:
        if t.kind == CLAIM:
            key: tuple = (t.seat, CLAIM)
        elif t.kind == NOMINATE:
            key = (t.seat, NOMINATE)
        else:
            key = (t.seat, "judge", t.target)
        last.pop(key, None)
        last[key] = t
    return list(last.values())


def talk_factors(obs: BladesAndRoseObservation, talk: tuple[Talk, ...], p_bb: list[float],
                 hard: list[list[float]]) -> list[float]:
    """``f[s]``: the factor on seat ``s``'s blade cells from table talk (BR-9), for the seat whose
    observation is ``obs``. Inputs: the talk, this seat's belief ``p_bb`` that each seat is Blood
    Blades before the talk, and the hard-evidence table ``hard`` (a zero cell: that seat cannot
    hold that character; nor can any seat hold a character whose only card is mine). Claims never show cards (Q10), so nothing here is certain."""
    import math

    n, me = obs.players, obs.seat
    mine_white = obs.faction is not None and obs.faction != BLOOD_BLADES_FACTION
    # Characters nobody else can hold: none in the chart, or the one card of it is mine.
    gone = {r for r in ROLES if CHART[n][r] - (1 if r == obs.role else 0) <= 0}
    f = [1.0] * n
    for t in latest_talk(talk):
        a = t.seat
        if not 0 <= a < n or a == me:
            continue
        if t.kind == CLAIM:
            if t.claim in _BB_CLAIMS:
                f[a] *= TALK_ADMIT
            elif t.claim in ROLES and (t.claim in gone or hard[a][ROLES.index(t.claim)] == 0.0):
                f[a] *= TALK_LIE  # e.g. a second White Rose, or a night role claimed by a sleeper
            else:
                f[a] *= claim_factor(n, t.claim)
            continue
        b = t.target
        if b is None or not 0 <= b < n or b == a:
            continue
        honest = 1.0 - 2.0 * p_bb[a]  # +1: a trusted seat, -1: a likely blade
        if b == me:
            if mine_white and t.kind == ACCUSE:
                f[a] *= TALK_WRONG_ABOUT_ME
            elif mine_white:
                f[a] *= TALK_RIGHT_ABOUT_ME
            continue
        if t.kind == ACCUSE:
            f[b] *= math.exp(TALK_ACCUSE * honest)
        elif t.kind == VOUCH:
            f[b] *= math.exp(-TALK_VOUCH * honest)
        else:
            f[b] *= math.exp(-0.5 * TALK_VOUCH * honest)
    return f


def suspicion(obs: BladesAndRoseObservation, beliefs: list[list[float]] | None = None,
              talk: tuple[Talk, ...] = ()) -> list[float]:
    """``p[s]``: this seat's belief that seat ``s`` is Blood Blades (own seat: 0 or 1), from
    :func:`role_beliefs` with ``talk`` (or the given table)."""
    m = beliefs if beliefs is not None else role_beliefs(obs, talk=talk)
    p = _blade_share(m)
    if obs.seat is not None and obs.faction is not None:
        p[obs.seat] = 1.0 if obs.faction == BLOOD_BLADES_FACTION else 0.0
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
    """Faction-aware heuristic. ``act(turn)`` returns one of ``turn.legal_actions``.

    Strategy, in plain words. It estimates, from its own role, what it saw at night ("Night
    Phase", BR-3) and every revealed card, how likely each other seat is Blood Blades. Playing a
    card ("The Game Begins", step 2): on the White Rose Faction's side it plays a Flower Bud when
    the chance that a blade is on the table this round is low enough for the rounds left to get
    all its faction cards out ("Game End and Victory Conditions", FAQ Q12), the White Rose only
    when very safe, and otherwise often a Ghost as bait (FAQ Q8) or nothing. As Blood Blades it
    strikes when the White Rose Faction cards it expects on the table (the White Rose counting as
    the win it is) beat what it expects of a later round, always when it has as many blades as
    rounds left, and holds back (adding its Believer, BR-7) when a likely teammate has already
    played. It gives the Coin (step 1, BR-5) and aims effects at the seats it trusts most; as
    Blood Blades, the forcing effects (#1, #5) at likely White Rose Faction seats. Details: the
    module docstring and the tuning constants below.
    """

    name = "heuristic"
    #: Blood Blades: weight of the White Rose in a strike's value (in White Rose Faction cards);
    #: discount of the observed play rate of seats still to decide; a strike must be worth
    #: ``strike_floor`` plus ``strike_factor`` times an average later round's value times the
    #: blades' scarcity; prior weight of "two faction cards in three" in the faction-card share.
    rose_weight = 4.0
    after_discount = 0.8
    strike_floor = 0.3
    strike_factor = 1.4
    phi_prior = 1.0
    #: Blood Blades: assumed chance that a teammate plays in a round (it plays only to strike);
    #: expected teammates already on the table at which it holds its blade / adds its Believer.
    teammate_rate = 0.4
    before_cut = 0.5
    believer_cut = 0.8
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
        self.seed = seed
        self.rng = random.Random(seed)
        self._beliefs_for: tuple | None = None  # beliefs change only when a round resolves
        self._beliefs: list[list[float]] = []

    # ------------------------------------------------------------------ entry point
    def act(self, turn: Turn) -> Any:
        obs: BladesAndRoseObservation = turn.observation
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            return legal[0]
        beliefs = self._beliefs_of(obs, turn.talk)
        p_bb = suspicion(obs, beliefs)
        bb = obs.faction == BLOOD_BLADES_FACTION
        # trust[s]: belief that s is on my side.
        trust = [1 - x if not bb else x for x in p_bb]
        first = legal[0]
        if isinstance(first, GiveCoin):
            pull = self._nominated(obs, turn.talk, trust)
            return self._best(legal, lambda a: trust[a.seat] + pull[a.seat])
        if isinstance(first, ChooseTargets):
            return self._targets(obs, legal, trust, p_bb, bb)
        if any(isinstance(a, (Play, Pass)) for a in legal):
            return self._play(obs, legal, p_bb, beliefs, bb)
        return self.rng.choice(legal)

    def _beliefs_of(self, obs: BladesAndRoseObservation, talk: tuple[Talk, ...]) -> list[list[float]]:
        key = (obs.seat, obs.role, obs.night_seen, obs.rounds, talk)
        if key != self._beliefs_for:
            self._beliefs_for, self._beliefs = key, role_beliefs(obs, talk=talk)
        return self._beliefs

    #: How much a nomination for the Coin by a seat pulls the Coin toward the nominee, times the
    #: trust in the nominating seat (Step 1: "players should discuss who should receive the Coin").
    nominate_pull = 0.15

    def _nominated(self, obs, talk: tuple[Talk, ...], trust: list[float]) -> list[float]:
        pull = [0.0] * obs.players
        for t in latest_talk(talk):
            if t.kind == NOMINATE and t.seat != obs.seat and t.target is not None and 0 <= t.target < obs.players:
                pull[t.target] += self.nominate_pull * trust[t.seat]
        return pull

    # ------------------------------------------------------------------ table talk
    #: Suspicion above which a White Rose Faction bot accuses a seat, trust above which it vouches.
    accuse_at = 0.55
    vouch_at = 0.8

    def speak(self, turn: Turn, talk: tuple[Talk, ...] = ()) -> Talk | None:
        """A statement for ``turn.seat`` (table talk, BR-9), or ``None``; at most one a round
        (statement k in round k, counted from the bot's own past statements in ``talk``), never
        the same as its previous one. The first is a claim by its character (:data:`CLAIMS`: a
        White Rose Faction bot claims its faction or its character, or says nothing; a Blood
        Blades bot lies with the White Rose Faction or a character that fits whether its eyes were
        open at night, BR-3, or says nothing). Later, a White Rose Faction bot accuses its most suspected seat, vouches
        for its most trusted one or nominates the seat it would give the Coin to; a Blood Blades
        bot accuses the seat it believes most likely the White Rose (or of its faction) and
        nominates a likely teammate for the Coin. Seeded by the agent's seed and the talk so far;
        it draws nothing from the RNG :meth:`act` uses. Reads only ``turn`` and ``talk``."""
        obs: BladesAndRoseObservation = turn.observation
        me = obs.seat
        if me is None or obs.role is None or obs.phase in ("setup", "over"):
            return None
        mine = [t for t in talk if t.seat == me]
        if len(mine) > len(obs.rounds):
            return None
        at = turn.at_move
        rng = random.Random(f"{self.seed}:speak:{me}:{len(talk)}:{len(obs.rounds)}")
        bb = obs.faction == BLOOD_BLADES_FACTION
        if not mine:  # the first statement: a claim by its character (CLAIMS), or none
            odds = CLAIMS[obs.role]
            pick = rng.random()
            for claim, p in odds.items():
                pick -= p
                if pick < 0:
                    return Talk(me, CLAIM, claim=claim, at_move=at)
            if not obs.rounds:
                return None  # says nothing this round
        beliefs = self._beliefs_of(obs, talk)
        p_bb = suspicion(obs, beliefs)
        others = [s for s in range(obs.players) if s != me]
        holders = [s for s in others if obs.holds_crystal[s]]
        said: Talk | None
        if bb:
            rose = max(others, key=lambda s: (beliefs[s][_ROSE_IDX], 1 - p_bb[s], -s))
            mates = [s for s in holders if p_bb[s] > 0.5]
            if mates and len(mine) % 2 == 0:
                said = Talk(me, NOMINATE, target=max(mates, key=lambda s: (p_bb[s], -s)), at_move=at)
            else:
                said = Talk(me, ACCUSE, target=rose, at_move=at)
        else:
            worst = max(others, key=lambda s: (p_bb[s], -s))
            best = min(others, key=lambda s: (p_bb[s], s))
            if p_bb[worst] >= self.accuse_at:
                said = Talk(me, ACCUSE, target=worst, at_move=at)
            elif 1 - p_bb[best] >= self.vouch_at:
                said = Talk(me, VOUCH, target=best, at_move=at)
            elif holders:
                said = Talk(me, NOMINATE, target=min(holders, key=lambda s: (p_bb[s], s)), at_move=at)
            else:
                said = None
        if said is not None and mine and (said.kind, said.target, said.claim) == (
                mine[-1].kind, mine[-1].target, mine[-1].claim):
            return None
        return said

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
    def _play(self, obs, legal, p_bb, beliefs, bb) -> Any:
        me = obs.seat
        rnd = obs.current_round
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
            return self._strike(obs, legal, hand, before, after, p_bb, beliefs, forced, last_round)
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

    def _strike_value(self, obs, before, after, p_bb, beliefs) -> tuple[float, float, float]:
        """(value of a blade on the table this round, value of an average later round, rounds that
        can still yield White Rose Faction cards); values in White Rose Faction cards, the White
        Rose counting ``rose_weight``."""
        n, me = obs.players, obs.seat
        rnd = obs.current_round
        counts = obs.hand_counts
        wr_seats = n - _blood_blades_count(n)
        faction_out = sum(1 for r in obs.rounds for c in r.revealed if c in FACTION_CARDS)
        faction_out -= sum(1 for r in obs.rounds if r.my_card in FACTION_CARDS)  # own Believer
        left = max(0.0, 2.0 * wr_seats - faction_out)
        held = sum((1 - p_bb[s]) * (counts[s] + (1 if s in before else 0)) for s in range(n) if s != me)
        phi = min(1.0, left / held) if held > 0 else 0.0
        # How often a non-blade card on the table has been a White Rose Faction card (Ghost bait
        # lowers it, FAQ Q8), with a prior of two in three (a starting hand).
        shown = sum(1 for r in obs.rounds for c in r.revealed if c not in BLADES)
        phi *= (faction_out + 2.0 * self.phi_prior) / (shown + 3.0 * self.phi_prior) * 1.5
        phi = min(1.0, phi)
        rose_live = not obs.sanctuary
        rates = _play_rates(obs)
        value = 0.0
        for s in before:
            value += (1 - p_bb[s]) * phi
            if rose_live:
                value += self.rose_weight * beliefs[s][_ROSE_IDX] / (counts[s] + 1)
        for s in after:
            if s in rnd.must_play:
                q = 1.0
            elif rnd.bound is not None and s == rnd.bound[1] and rnd.bound[0] in rnd.played:
                q = 1.0
            else:
                q = rates[s] * self.after_discount
            value += q * (1 - p_bb[s]) * phi
            if rose_live and counts[s] > 0:
                value += q * self.rose_weight * beliefs[s][_ROSE_IDX] / counts[s]
        # Rounds in which White Rose Faction cards can still come out: the rounds left, or fewer
        # when the seats play fast (their hands empty sooner).
        rounds_left = obs.crystals_left + 1
        pace = sum((1 - p_bb[s]) * rates[s] for s in range(n) if s != me)
        productive = min(float(rounds_left), held / pace) if pace > 0 else float(rounds_left)
        productive = max(1.0, productive)
        average = (left + (self.rose_weight - 1 if rose_live else 0.0)) / productive
        return value, average, productive

    def _strike(self, obs, legal, hand, before, after, p_bb, beliefs, forced, last_round) -> Any:
        blades = [c for c in hand if c in BLADES]
        value, average, productive = self._strike_value(obs, before, after, p_bb, beliefs)
        rounds_left = obs.crystals_left + 1
        others = max(0, _blade_cards(obs.players) - len(obs.blades_revealed) - len(blades))
        team = len(blades) + others
        # Blades are scarce when the faction holds fewer than the rounds that still yield cards.
        scarcity = min(1.0, max(0.0, 1.0 - team / productive))
        threshold = self.strike_floor + self.strike_factor * average * scarcity
        # One blade a round is enough (FAQ Q6). A likely teammate already on the table has probably
        # struck (this bot plays only to strike): its chance of being one given that it played.
        rates = _play_rates(obs)
        struck = 0.0
        for s in before:
            a = p_bb[s] * self.teammate_rate
            struck += a / (a + (1 - p_bb[s]) * rates[s]) if a > 0 else 0.0
        strike = bool(blades) and (last_round or len(blades) >= rounds_left or (
            value >= threshold and struck < self.before_cut))
        if strike:
            return Play(blades[0])
        if not forced and BELIEVER in hand and struck >= self.believer_cut:
            return Play(BELIEVER)  # a Believer killed with the White Rose Faction's buds counts (BR-7)
        if forced:
            if blades and value >= self.strike_floor:
                return Play(blades[0])
            for c in (GHOST, *blades, BELIEVER):
                if c in hand:
                    return Play(c)
            return Play(hand[0])
        return Pass()
