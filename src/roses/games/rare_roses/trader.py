"""Rare Roses ``trader``: the planner as a sharper player at a table, and the seat ``ismcts:hard``
and ``expert`` play as their own (``GameSpec.own_bot``, issue 10).

It reads only its observation (``roses.agents.Turn``), never the true state: what another shop's
owner would accept for a tile is worked out from public facts (shops, money, the order queue, the
market), modelling that owner as the heuristic.
"""
from __future__ import annotations

from typing import Any

from .actions import Buy, DealWith, DoneBuying, Offer
from .bots import HeuristicAgent
from .cards import ROSES


class TraderAgent(HeuristicAgent):
    """The ``trader`` bot: the heuristic's planner (:class:`~.bots.HeuristicAgent`) with three
    changes that only matter with others (solo it plays exactly as the heuristic). In plain words:

    - **It haggles before it shops** ("Purchase Roses", RR-7). Before buying from the market, it
      looks at every tile in another shop of a rose an order in the queue asks for and works out
      the least money that shop's owner accepts for it (:meth:`least_pay`: the owner modelled as
      the heuristic, which accepts when its shop and money after the deal are worth at least as
      much to its plan and it is paid the market price or half the deal's gain, whichever is
      less). It proposes the deal that raises its
      own plan the most after paying (a tile it would otherwise buy at the market price, or one the
      market lacks), never a deal declined this turn, then buys from the market what its plan
      still needs. The heuristic proposes only at the market price, and only after its purchases.
    - **It denies orders with up to four seats** (``deny_players`` 4; the heuristic: 2): it trashes
      an oldest order it has no use for when another seat, after its stock rotation, holds the
      roses to fill it ("Trash Oldest Order OR Seed The Market").
    - **It plays for the specialty bonus with others at half weight** (``specialty_weight_multi``
      0.5; the heuristic: 0; RR-4).

    Measured (``bench/bot_pairs.py rare-roses``, one seat against three heuristics, 400 games):
    docs/lab/rare-roses-bots.md, "Rare Roses: a trader's seat"."""

    name = "trader"
    deny_players = 4
    specialty_weight_multi = 0.5

    def __init__(self, game: Any = None, seed: int = 0, haggle: bool = True):
        super().__init__(game, seed)
        #: ``False``: deals at the market price after the purchases, as the heuristic (the cheap
        #: version for playouts, :func:`trader_playout_agent`)
        self.haggle = haggle
        # how another shop's owner answers a deal: the heuristic (reads public facts only)
        self._owner = HeuristicAgent(game, seed + 7)
        # the owners' worth without a deal, for one observation (a decision asks it per tile)
        self._before: tuple[Any, dict[int, float]] = (None, {})

    def act(self, turn) -> Any:
        """As the heuristic, but in "Purchase Roses" it proposes its best deal (if any gains)
        before it buys from the market, and then buys what its plan needs."""
        obs, seat, legal = turn.observation, turn.seat, turn.legal_actions
        if obs.phase != "purchase" or len(legal) == 1 or not self.haggle:
            return super().act(turn)
        p = self.plan(obs, seat)
        deal = self.propose(obs, seat, legal, p.value)
        if deal is not None:
            self._target = deal
            return DealWith(deal.seat)
        for r, rose in enumerate(ROSES):
            if p.buy[r] and Buy(rose) in legal:
                return Buy(rose)
        return DoneBuying()

    def least_pay(self, obs, owner: int, rose: str, box: str, cap: int) -> int | None:
        """The least whole dollars (0…``cap``) for which seat ``owner``, answering as the heuristic
        does (:meth:`HeuristicAgent.accepts`), gives up one ``rose`` tile from its ``box``
        (``"bud"``, ``"fresh"`` or ``"mature"``) to this bot's seat (``obs.seat``); ``None`` if no
        amount up to ``cap`` will do. Reads only public fields of ``obs`` (the two shops and their
        money, the queue, the market).

        The owner accepts more readily the more it is paid (its gain grows with the pay and the
        buyer's shrinks), so a binary search finds the least: up to the tile's market price first
        (enough unless the owner's plan uses the tile), then up to ``cap``."""
        model = self._owner
        if self._before[0] is not obs:
            self._before = (obs, {})
        memo = self._before[1]
        take, buyer = ((rose, box),), obs.seat

        def ok(pay: int) -> bool:
            return model.accepts(obs, owner, buyer, take, (), pay, memo)
        hi = min(cap, obs.prices[rose])  # the market price is accepted unless the owner uses the tile
        if ok(hi):
            lo = 0
        elif ok(cap):
            lo, hi = hi + 1, cap
        else:
            return None
        while lo < hi:
            mid = (lo + hi) // 2
            if ok(mid):
                hi = mid
            else:
                lo = mid + 1
        return lo

    def _terms(self, obs, seat: int, offer: Offer) -> Offer | None:
        """The one-tile ``offer`` at the least pay its owner accepts (:meth:`least_pay`, at most
        ``seat``'s money), or ``None`` when no amount will do; :meth:`HeuristicAgent.propose`
        then proposes the deal that raises this seat's plan the most after paying, never one
        declined this turn."""
        if not self.haggle:
            return offer
        (rose, box), = offer.take
        pay = self.least_pay(obs, offer.seat, rose, box, obs.shops[seat].money)
        return None if pay is None else Offer(offer.seat, offer.take, pay)

    def _recover_target(self, obs, seat: int, d) -> Offer | None:
        """The deal being drafted, found again from the observation by a bot made afresh for this
        move (the server's bot runner does so): its tile and the least pay for it, as
        :meth:`propose` chose them."""
        if d["take"]:
            (rose, box), = [tuple(t) for t in d["take"][:1]]
            pay = self.least_pay(obs, d["to"], rose, box, obs.shops[seat].money)
            return None if pay is None else Offer(d["to"], ((rose, box),), pay)
        return self.propose(obs, seat, [DealWith(d["to"])], self.plan(obs, seat).value)


def trader_agent(game: Any = None, seed: int = 0) -> TraderAgent:
    """The ``trader`` bot (``SPEC.bots["trader"]``) and ``ismcts:hard``'s own seat."""
    return TraderAgent(game, seed)


def trader_playout_agent(game: Any = None, seed: int = 0) -> TraderAgent:
    """The trader in ``hard``'s playouts (``GameSpec.own_playout_bot``, ``bot_playouts``): its
    denial and specialty settings without the haggling, whose least pay for every tile of every
    shop took ``hard``'s moves past 1 s (CPU s over four 4-player games against heuristics, p99 /
    max: 1.07 / 1.28 with haggling playouts, 0.71 / 0.76 without)."""
    return TraderAgent(game, seed, haggle=False)


__all__ = ["TraderAgent", "trader_agent", "trader_playout_agent"]
