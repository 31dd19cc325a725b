"""The rule-based ``heuristic`` bot for Roses and Thorns (its strategy: :class:`HeuristicAgent`).

It reasons from its observation only: its own stack, every stack's size, the cards turned up, the
card counts, the public evidence of each seat's thorn (``SeatView.thorn_held``: losses drawn
uniformly, RT-6; thorns turned up; every card turned up as a rose), each seat's bid this round
and the high bidder's markers. It keeps nothing between moves (the server builds a bot per move).
"""
from __future__ import annotations

import random

from roses.agents import Turn

from .actions import ROSE, THORN, Bid, Flip, Lay, Lose, Pass
from .observation import Observation
from .worlds import sample_hidden

SAMPLES = 48
CARDS = 4  # §2: each player's cards


class HeuristicAgent:
    """Roses and Thorns bot. ``HeuristicAgent(game, seed)``; ``act(turn) -> action``.

    Strategy, in plain words. It estimates the chance that a challenge of ``b`` cards succeeds:
    its own stack first (§3.4 step 1, RT-5), then the other stacks' top cards, sampled from public
    facts only: a seat that laid a card more likely laid its thorn there than kept it in hand, a
    seat that lost cards may have lost its thorn (RT-6), a seat that bid is taken to have roses
    under its bid. Whenever it could lay a rose it lays its thorn instead with chance 0.6 (§6 "The
    thorn is your weapon"), and it never bids through its own thorn. It opens, or raises straight to, the largest bid it makes
    with chance 0.4 or more (§3.2–3.3). When no such raise exists it raises by one only if passing
    looks worse: the high bidder likely makes its bid, all the more if that marker would win it
    the game (§5); even then it wants chance 0.3 (0.15 against a winning marker), and 0.4 to bid
    the whole table, which ends the bidding at once (RT-4). Otherwise it passes. In the challenge
    it turns up the stack whose top is most often a rose across the samples.
    """

    name = "heuristic"

    def __init__(self, game=None, seed: int = 0, bid_confidence: float = 0.4, thorn_rate: float = 0.6,
                 open_rate: float = 1.0, min_open: int = 1, jump: bool = True, thorn_evidence: bool = True,
                 bid_trust: float = 0.8, lay_thorn: float | None = 0.5, rival_weight: float = 0.25,
                 raise_floor: float = 0.3, block_floor: float = 0.15, table_floor: float | None = 0.4, samples: int = SAMPLES):
        """Tuned at 3, 4 and 6 players against ``random`` and against the bot before issue 10
        (figures in docs/rules/roses-and-thorns.md, "Bots"), and against an always-bid-everything
        player (which won ≈ 0.03 against three heuristics; with ``thorn_rate`` 0.2, 0.58). ``bid_confidence``: least estimated success chance to
        bid; ``thorn_rate``: chance of laying the thorn when a rose could be laid; ``open_rate``/``min_open``: when to open the bidding
        from the add phase; ``jump``: raise straight to the best bid rather than by one;
        ``thorn_evidence``: weigh whether another seat still holds its thorn by the public evidence
        (``SeatView.thorn_held``) instead of an even chance once it has lost a card; ``bid_trust``:
        how far to believe that a seat which bid ``b`` this round (``SeatView.bid``) has no thorn in
        its top ``b`` stack cards (§6: "If you have laid your thorn, bidding is dangerous"): a
        sampled world breaking that claim is re-drawn with this chance (up to 8 times).
        Issue 10 (2026-12-01): ``lay_thorn``: where a seat's thorn lies (:meth:`_worlds`;
        ``None`` = uniformly over hand and stack, which made a bid of the whole table look safe
        while the others' single laid cards were thorns half the time); ``rival_weight``,
        ``raise_floor``, ``block_floor``: the raise by one under pressure
        (:meth:`_raise_threshold`); ``table_floor``: least chance for such a raise to the whole
        table (``None``: no extra bar). ``bench/lab/roses_and_thorns_bots.py`` ``BEFORE_10`` turns
        them off (the bot before, move for move); with ``thorn_evidence`` and ``bid_trust`` off
        too it is the bot before 2026-11-29."""
        self.rng = random.Random(seed)
        self.bid_confidence = bid_confidence
        self.thorn_rate = thorn_rate
        self.open_rate = open_rate
        self.min_open = min_open
        self.jump = jump
        self.thorn_evidence = thorn_evidence
        self.bid_trust = bid_trust
        self.lay_thorn = lay_thorn
        self.rival_weight = rival_weight
        self.raise_floor = raise_floor
        self.block_floor = block_floor
        self.table_floor = table_floor
        self.quick_game = bool(game is not None and game.params.get("quick_game"))
        self.samples = samples  # sampled worlds per estimate (fewer: faster, noisier; search playouts)
        self._weights: dict[tuple[int, int, bool], tuple[list[float], float]] = {}

    # ------------------------------------------------------------------ estimates
    def _worlds(self, obs: Observation) -> list[dict[int, list[str]]]:
        """Sampled face-down cards of the other stacks (bottom → top) in each world.

        Each guess at a seat's stack draws whether it still holds its thorn as
        :func:`~.worlds.sample_hidden` does (``p_held``: ``SeatView.thorn_held``); where it lies
        follows the laying (``lay_thorn`` = q): a player holding its thorn lays it at each lay with
        chance q, so the ``j``-th card laid is the thorn with weight ``q(1-q)^j`` and the hand holds
        it with weight ``(1-q)^stack`` (``lay_thorn=None``: the old uniform guess over hand and
        stack). A guess that breaks the seat's bid claim is re-drawn, up to 8 times, with chance
        ``bid_trust``. (Drawn inline: this loop is most of a playout's time.)"""
        seats = []  # what each other seat's draw depends on: the same in every world
        for v in obs.seats:
            if v.seat == obs.seat or not v.in_game:
                continue
            down = v.stack_size - len(v.revealed)
            p_held = v.thorn_held if self.thorn_evidence else None
            # A seat that bid b claims its top min(b, stack) cards are roses (bid_trust).
            claim = max(0, min(v.bid, v.stack_size) - len(v.revealed)) if self.bid_trust > 0 else 0
            laid = None  # the laying guess: (chance it holds the thorn, None if sure; weights, total)
            uniform = self.lay_thorn is None or THORN in v.revealed
            if not uniform and v.hand_size + down:
                laid = (None if v.cards == CARDS else 0.5 if p_held is None else p_held,
                        *self._lay_weights(down, v.stack_size, bool(v.hand_size)))
            seats.append((v, down, claim, uniform, p_held, laid))
        worlds = []
        rng, trust = self.rng, self.bid_trust
        random_ = rng.random
        for _ in range(self.samples):
            w = {}
            for v, down, claim, uniform, p_held, laid in seats:
                for _ in range(8):
                    if uniform:
                        hidden = sample_hidden(v.cards, v.hand_size, down, THORN in v.revealed, rng, p_held)[1]
                    else:
                        hidden = [ROSE] * down
                        if laid is not None:
                            held, weights, total = laid
                            if held is None or random_() < held:
                                r = random_() * total
                                for j, wgt in enumerate(weights):
                                    r -= wgt
                                    if r < 0:
                                        hidden[j] = THORN
                                        break
                    if not claim or THORN not in hidden[len(hidden) - claim:] or random_() >= trust:
                        break
                w[v.seat] = hidden
            worlds.append(w)
        return worlds

    def _lay_weights(self, down: int, stack_size: int, in_hand: bool) -> tuple[list[float], float]:
        """``(weights, total)`` of the laying guess (:meth:`_worlds`): the ``j``-th face-down card is the thorn
        with weight ``q(1-q)^j``; the total adds the hand's ``(1-q)^stack`` when the seat has a hand.
        Kept per bot (a playout draws the same few stacks thousands of times)."""
        key = (down, stack_size, in_hand)
        kept = self._weights.get(key)
        if kept is None:
            q = self.lay_thorn
            weights = [q * (1 - q) ** j for j in range(down)]
            kept = self._weights[key] = (weights, sum(weights) + ((1 - q) ** stack_size if in_hand else 0.0))
        return kept

    def _plan(self, obs: Observation, needed: int, worlds) -> tuple[float, int | None]:
        """(probability that ``needed`` more cards from other stacks are all roses, first stack to
        turn up), choosing greedily the stack whose next card is most often a rose."""
        alive = list(range(len(worlds)))
        depth = {s: 0 for s in worlds[0]} if worlds else {}
        first = None
        for _ in range(needed):
            best, best_alive = None, []
            for s in depth:
                if depth[s] >= len(worlds[0][s]):
                    continue
                ok = [i for i in alive if worlds[i][s][-1 - depth[s]] == ROSE]
                if best is None or len(ok) > len(best_alive):
                    best, best_alive = s, ok
            if best is None:
                return 0.0, first
            first = best if first is None else first
            depth[best] += 1
            alive = best_alive
        return len(alive) / max(1, len(worlds)), first

    def _success(self, obs: Observation, bid: int, worlds) -> float:
        """Chance that a fresh challenge of ``bid`` cards succeeds (own stack first, RT-5)."""
        own = list(obs.stack or ())
        if THORN in own[len(own) - min(bid, len(own)):]:
            return 0.0
        return self._plan(obs, max(0, bid - len(own)), worlds)[0]

    def _rival_success(self, obs: Observation, worlds) -> float:
        """Chance that the high bidder makes its bid if everybody passes: its own stack first
        (sampled), then the other stacks, ours as we know it, turned up greedily (§3.4)."""
        c, bid = obs.high_bidder, obs.high_bid
        if c is None or c == obs.seat or not worlds:
            return 0.0
        size = obs.seats[c].stack_size
        kept = []
        for w in worlds:
            own = w[c]
            if THORN in own[len(own) - min(bid, len(own)):]:
                continue
            rest = {s: cards for s, cards in w.items() if s != c}
            rest[obs.seat] = list(obs.stack or ())
            kept.append(rest)
        if not kept:
            return 0.0
        return len(kept) / len(worlds) * self._plan(obs, max(0, bid - size), kept)[0]

    def _raise_threshold(self, obs: Observation, worlds) -> float:
        """Least success chance worth a raise. Passing lets the high bidder challenge; the likelier
        it succeeds, the more a pass costs, twice as much when that marker would win it the game
        (§5, RT-8), so the bar drops below ``bid_confidence`` by ``rival_weight`` × that chance,
        never below ``raise_floor`` (``block_floor`` against a winning marker)."""
        c = obs.high_bidder
        if c is None or self.rival_weight <= 0:
            return self.bid_confidence
        wins = obs.seats[c].markers + 1 >= (1 if self.quick_game else 2)
        drop = self.rival_weight * self._rival_success(obs, worlds) * (2 if wins else 1)
        floor = self.block_floor if wins else self.raise_floor
        return max(min(floor, self.bid_confidence), self.bid_confidence - drop)

    def _best_bid(self, obs: Observation, low: int, worlds) -> int:
        """Largest bid ≥ ``low`` whose success chance reaches the confidence, else 0."""
        best = 0
        for b in range(low, obs.cards_on_table + 1):
            if self._success(obs, b, worlds) >= self.bid_confidence:
                best = b
            else:
                break
        return best

    # ------------------------------------------------------------------ policy
    def act(self, turn: Turn):
        obs: Observation = turn.observation
        legal = turn.legal_actions
        lays = [a for a in legal if isinstance(a, Lay)]
        if obs.phase == "lay-first":
            return self._choose_lay(lays)
        if obs.phase == "add":
            worlds = self._worlds(obs)
            own_thorn = THORN in (obs.stack or ())
            best = self._best_bid(obs, 1, worlds)
            if not lays:  # §3.2: an empty hand must bid
                return Bid(max(1, min(best, obs.cards_on_table)) if best else 1)
            if not own_thorn and best >= self.min_open and self.rng.random() < self.open_rate:
                return Bid(best)
            return self._choose_lay(lays)
        if obs.phase == "bidding":
            worlds = self._worlds(obs)
            best = self._best_bid(obs, obs.high_bid + 1, worlds)
            if best > obs.high_bid:
                return Bid(best if self.jump else obs.high_bid + 1)
            low = obs.high_bid + 1  # no confident bid: raise by one if passing costs more
            bar = self._raise_threshold(obs, worlds)
            if low == obs.cards_on_table and self.table_floor is not None:
                bar = max(bar, self.table_floor)  # the whole table ends the bidding at once (RT-4)
            if low <= obs.cards_on_table and self._success(obs, low, worlds) >= bar:
                return Bid(low)
            return Pass()
        if obs.phase == "flip":
            worlds = self._worlds(obs)
            _, first = self._plan(obs, obs.flips_left, worlds)
            choice = Flip(first) if first is not None else None
            return choice if choice in legal else self.rng.choice(legal)
        if obs.phase == "lose":  # variant: keep the thorn, it is the weapon (§6)
            return Lose(ROSE) if Lose(ROSE) in legal else legal[0]
        return self.rng.choice(legal)

    def _choose_lay(self, lays):
        thorn = Lay(THORN)
        if thorn in lays and (len(lays) == 1 or self.rng.random() < self.thorn_rate):
            return thorn
        return Lay(ROSE) if Lay(ROSE) in lays else lays[0]


class BidEverythingAgent:
    """A probe, not a bot players pick: lays roses and bids every card on the table as soon as it
    may (§3.2). It is the exploit a bot laying its thorn rarely invites (it beat three heuristics
    laying the thorn one time in five in 0.58 of games, reported by a tester); the tests and
    ``bench/lab/roses_and_thorns_bots.py`` hold ``heuristic`` and ``bold`` against it."""

    name = "bid-everything"

    def __init__(self, game=None, seed: int = 0):
        pass

    def act(self, turn: Turn):
        bids = [a for a in turn.legal_actions if isinstance(a, Bid)]
        if bids and turn.observation.phase != "lay-first":
            return max(bids, key=lambda a: a.count)
        return Lay(ROSE) if Lay(ROSE) in turn.legal_actions else turn.legal_actions[0]


#: The ``bold`` settings (issue 10, 2026-12-03): the heuristic, laying its thorn less often and
#: bidding on lower odds. Tuned as a best response to three ``heuristic`` seats at 4 players (game
#: seeds 5000–6999), kept only where an always-bid-everything player does not exploit it.
BOLD = {"thorn_rate": 0.4, "bid_confidence": 0.3}


def bold_agent(game=None, seed: int = 0, samples: int = SAMPLES) -> HeuristicAgent:
    """The ``bold`` bot: :class:`HeuristicAgent` with :data:`BOLD`. It lays its thorn with chance
    0.4 instead of 0.6 when it could lay a rose, so its own bids are more often free of its thorn,
    and bids at an estimated success chance of 0.3 instead of 0.4. Against three heuristics it
    wins about 0.38 of 4-player games (fair share 0.25), 0.46 at 3 players, 0.24 at 6 (0.17);
    an always-bid-everything player wins 0.17 against three of it (0.03 against three heuristics,
    0.75 against bots laying the thorn at 0.2). Figures: docs/lab/roses-and-thorns-bots.md ("Hard's own seat").
    ``ismcts:hard`` played its own seat with it until 2026-12-05 (now :data:`OWN`)."""
    agent = HeuristicAgent(game, seed, samples=samples, **BOLD)
    agent.name = "bold"  # records and tables name the seat by the bot it is
    return agent


def bold_playout_agent(game=None, seed: int = 0) -> HeuristicAgent:
    """``bold`` with 12 sampled worlds: the playouts of a seat known to be ``bold``, as
    :func:`playout_agent` is the heuristic's."""
    return bold_agent(game, seed, samples=12)


#: Worlds ``ismcts:hard``'s own seat samples (``own_agent``): its estimates are less noisy than
#: ``bold``'s 48. At 4 players over 2,000 paired games (seeds 7000–8999, ``bench/bot_pairs.py``)
#: a heuristic seat against three of it wins 0.104, against three ``bold`` 0.127, against ``bold``
#: with 12 worlds 0.177; alone among three heuristics it wins 0.395 (``bold`` 0.377); 192 worlds
#: gain nothing more (0.107, 0.395). docs/lab/roses-and-thorns-bots.md, "Roses and Thorns: a `hard` table a steady
#: player loses to".
OWN_SAMPLES = 96


#: ``ismcts:hard``'s own seat (issue 10, 2026-12-05): ``bold`` that also believes a bid more (a
#: seat that bid ``b`` is taken to have roses in its top ``b`` cards with ``bid_trust`` 0.95, the
#: heuristic's 0.8), opens the bidding from the add phase only 6 times in 10 when it could (else it
#: lays a card, §3.2), and raises by one rather than jumping to its best bid (§3.3), so a rival has
#: to bid past it. Found by a coordinate search over every :class:`HeuristicAgent` setting as a best
#: reply to three heuristics at 4 players (game seeds 30000–32999), then checked on fresh seeds
#: (50000–51999, 2,000 games each): alone among three heuristics it wins 0.432 (``bold`` with 96
#: worlds 0.389); an always-bid-everything player wins 0.158 against three of it (0.196 against
#: ``bold``), a heuristic seat 0.133 (0.118). Laying the thorn at 0.3 would win 0.490 but let the
#: bid-everything player win 0.369, so the thorn stays at ``bold``'s 0.4. docs/lab/roses-and-thorns-bots.md,
#: "Roses and Thorns: a sharper own seat".
OWN = {**BOLD, "bid_trust": 0.95, "open_rate": 0.6, "jump": False}


def own_agent(game=None, seed: int = 0, samples: int = OWN_SAMPLES) -> HeuristicAgent:
    """How ``ismcts:hard`` and ``expert`` choose their own seat's moves (``GameSpec.own_bot``, the
    prior they keep unless clearly beaten, ``SearchTuning.search_keep_margin``): :class:`HeuristicAgent`
    with :data:`OWN` and ``samples`` sampled worlds (:data:`OWN_SAMPLES`; its playouts,
    :func:`own_playout_agent`, take 12)."""
    agent = HeuristicAgent(game, seed, samples=samples, **OWN)
    agent.name = "hard's own seat"
    return agent


def own_playout_agent(game=None, seed: int = 0) -> HeuristicAgent:
    """:func:`own_agent` with 12 sampled worlds: the playouts of ``ismcts:hard``'s own seat and of
    a seat known to be ``hard`` (``GameSpec.own_playout_bot``)."""
    return own_agent(game, seed, samples=12)


def playout_agent(game=None, seed: int = 0) -> HeuristicAgent:
    """The heuristic with 12 sampled worlds instead of 48, for ``ismcts:hard``'s playouts
    (``GameSpec.playout_bot``): about 3× faster a move, so the search affords more playouts."""
    return HeuristicAgent(game, seed, samples=12)

