"""Re-dealing what one seat cannot see (``BladesAndRoseState.determinize``).

What a seat knows: its own role, hand, crystal and plays; its night knowledge (BR-3: a White Rose,
Bishop, Double Knife or Great Sword seat knows which seats had their eyes open); and the public
record: card counts, who holds a crystal and which crystals were placed, who played a card each
round, the revealed multisets, and who played which card in a round under effect #2.

:func:`redeal` searches (randomized, depth first over the rounds) for an assignment of every
face-down card to the seat that played it such that each resolved round reveals exactly its
multiset and some deal of the remaining roles (within the night knowledge) lets every seat have
held what it played; it then draws the roles among those that fit and the hidden crystals, and
replays the game's history with these hidden parts swapped in, so the log and every derived field
are those of a real game.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from .actions import DealCrystal, DealRole, GiveCoin, KeepCoin, Play, RandomCard
from .cards import CARDS, GHOST, NIGHT_ROLES, role_deck, starting_hand

if TYPE_CHECKING:  # pragma: no cover
    from .state import BladesAndRoseState

#: Search nodes explored per attempt before giving up (the caller retries with new random order).
NODE_CAP = 4000


class _Abort(Exception):
    pass


def _sample_crystals(state: "BladesAndRoseState", seat: int, rng: random.Random) -> dict[int, int]:
    """Crystal per seat: placed ones as placed, the own one as held, the others drawn from the
    pool minus everything the seat knows to be elsewhere."""
    hidden = Counter(state.pool)
    out: dict[int, int] = {}
    for s, k in state.placed:
        hidden[k] -= 1
        out[s] = k
    if state.crystals[seat] is not None:
        hidden[state.crystals[seat]] -= 1
        out[seat] = state.crystals[seat]
    pool = list((+hidden).elements())
    rng.shuffle(pool)
    for s in range(state.crystals_dealt):
        if s not in out:
            out[s] = pool.pop()
    return out


class _Roles:
    """Role constraints of the other seats while their face-down cards are assigned: the pool of
    roles left, each seat's allowed roles (night knowledge), the cards it has played and the Ghosts
    it has received. A seat's candidate roles are those whose starting hand plus its Ghosts holds
    everything it played."""

    def __init__(self, state: "BladesAndRoseState", seat: int):
        n = state.num_players
        self.pool = Counter(role_deck(n))
        own = state.roles[seat]
        if own is not None:
            self.pool[own] -= 1
        self.pool = +self.pool
        self.seats = [s for s in range(n) if state.roles[s] is not None and s != seat]
        awake = state.night_seen[seat]
        kinds = set(self.pool)
        self.allowed = {s: sorted(kinds if awake is None else
                                  {r for r in kinds if (r in NIGHT_ROLES) == (s in awake)})
                        for s in self.seats}
        self.played = {s: Counter() for s in self.seats}
        self.ghosts = {s: 0 for s in self.seats}
        self.hands = {r: Counter(starting_hand(r)) for r in kinds}

    def fits(self, s: int, role: str, extra: str | None = None) -> bool:
        hand = self.hands[role]
        played = self.played[s]
        for c in CARDS:
            k = played[c] + (c == extra)
            if k and hand[c] + (self.ghosts[s] if c == GHOST else 0) < k:
                return False
        return True

    def candidates(self, s: int, extra: str | None = None) -> list[str]:
        return [r for r in self.allowed[s] if self.fits(s, r, extra)]

    def match(self, rng: random.Random | None = None) -> dict[int, str] | None:
        """Roles for every seat within the pool and candidates (a random one when ``rng`` is given)."""
        cands = {s: self.candidates(s) for s in self.seats}
        order = sorted(self.seats, key=lambda s: len(cands[s]))
        if rng is not None:
            rng.shuffle(order)
            order.sort(key=lambda s: len(cands[s]) > 1)
        left = Counter(self.pool)
        out: dict[int, str] = {}

        def go(i: int) -> bool:
            if i == len(order):
                return True
            s = order[i]
            options = [r for r in cands[s] if left[r] > 0]
            if rng is not None:
                weighted = [r for r in options for _ in range(left[r])]
                rng.shuffle(weighted)
                options = list(dict.fromkeys(weighted))
            for r in options:
                left[r] -= 1
                out[s] = r
                if go(i + 1):
                    return True
                left[r] += 1
            return False

        return dict(out) if go(0) else None


def _assign(state: "BladesAndRoseState", seat: int, rng: random.Random
            ) -> tuple[dict[int, str], list[dict[int, str]]] | None:
    """Roles of the other seats and, per round, the card of each other seat that played face down
    (``None`` when the randomized search gives up)."""
    rounds = list(state.rounds) + ([state.rnd] if state.rnd is not None else [])
    roles = _Roles(state, seat)
    plays: list[dict[int, str]] = [{} for _ in rounds]
    nodes = [0]
    found: list = []

    def assign_round(i: int, free: list[int], need: Counter | None) -> bool:
        if not free:
            if need is not None and +need:
                return False
            if roles.match() is None:
                return False
            return solve(i + 1)
        s, rest = free[0], free[1:]
        opts = [c for c in CARDS if (need is None or need[c] > 0) and roles.candidates(s, c)]
        rng.shuffle(opts)
        for c in opts:
            nodes[0] += 1
            if nodes[0] > NODE_CAP:
                raise _Abort
            roles.played[s][c] += 1
            if need is not None:
                need[c] -= 1
            plays[i][s] = c
            ok = assign_round(i, rest, need)
            roles.played[s][c] -= 1
            if need is not None:
                need[c] += 1
            if ok:
                return True
            del plays[i][s]
        return False

    def solve(i: int) -> bool:
        if i == len(rounds):
            match = roles.match(rng)
            if match is None:
                return False
            found.append(match)
            return True
        rnd = rounds[i]
        for t in rnd.ghost_to:
            if t != seat:
                roles.ghosts[t] += 1
        fixed = {}
        if rnd.unshuffled and rnd.resolved:
            fixed = {s: rnd.plays[s] for s in rnd.played if s != seat}
        for s, c in fixed.items():
            roles.played[s][c] += 1
        need = None
        if rnd.resolved:
            need = Counter(rnd.revealed)
            need.subtract(rnd.plays[s] for s in rnd.played if s == seat or s in fixed)
        free = [s for s in rnd.played if s != seat and s not in fixed]
        ok = False
        if (need is None or min(need.values(), default=0) >= 0) and roles.match() is not None:
            plays[i] = dict(fixed)
            ok = assign_round(i, free, need)
        if not ok:
            for s, c in fixed.items():
                roles.played[s][c] -= 1
            for t in rnd.ghost_to:
                if t != seat:
                    roles.ghosts[t] -= 1
        return ok

    try:
        if not solve(0):
            return None
    except _Abort:
        return None
    return found[0], plays


def redeal(state: "BladesAndRoseState", seat: int, rng: random.Random) -> "BladesAndRoseState | None":
    """One candidate world for ``seat`` (see the module docstring), or ``None`` when the randomized
    search gives up (the caller retries)."""
    got = _assign(state, seat, rng)
    if got is None:
        return None
    roles, plays = got
    roles[seat] = state.roles[seat]
    crystals = _sample_crystals(state, seat, rng)
    world = type(state)(state.game, state.seed)
    r = -1
    try:
        for who, action in state.history:
            a = action
            if isinstance(a, DealRole):
                a = DealRole(a.seat, roles[a.seat])
            elif isinstance(a, DealCrystal):
                a = DealCrystal(a.seat, crystals[a.seat])
            elif isinstance(a, (GiveCoin, KeepCoin)):
                r += 1
            elif isinstance(a, Play) and who != seat:
                a = Play(plays[r][who])
            elif isinstance(a, RandomCard) and a.seat != seat:
                a = RandomCard(a.seat, plays[r][a.seat])
            world._apply(a)
            world.history.append((who, a))
    except (ValueError, KeyError, IndexError, AssertionError):
        return None
    return world
