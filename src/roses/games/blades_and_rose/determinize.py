"""Exact sampling of what one seat cannot see (``BladesAndRoseState._sample_history``).

What a seat knows: its own role, hand, crystal and plays; its night knowledge (BR-3: a White Rose,
Bishop, Double Knife or Great Sword seat knows which seats had their eyes open); and the public
record: who drew a character card and a crystal, which crystals were placed (and by whom), the
effects and their targets (#7's Ghosts included), who played a card face down each round (#3/#4:
which seat's card was drawn at random), who passed, the revealed multisets, who played which card
in a resolved round under effect #2, and how the game ended. Once the game is over every role is
revealed (the observation's ``roles``).

The hidden part of a game is thus: the other seats' roles, their unplaced crystals, and the card of
each face-down play by another seat not attributed by #2. :class:`WorldSampler` draws them
*exactly*, without search or retries:

- it lists, for each other seat and each role it may hold (the remaining deck; the night
  knowledge), every sequence of cards that seat could have laid in the rounds it played in: each
  card in its hand when laid (starting hand BR-2, plus #7's Ghosts as they came; #2 attributions
  fixed);
- a dynamic programme over the seats, whose state is the roles still in the deck and, per
  resolved shuffled round, the revealed cards not yet given to a seat, counts the complete hidden
  histories consistent with everything (at the end of a game decided by FAQ Q12, whether a White
  Rose Faction seat still holds a White Rose or Flower Bud card is part of the state);
- it then draws one seat after the other, each option by the number of completions it leaves.

Distribution: every complete hidden history (a role per seat, a card per face-down play) consistent
with the seat's information is drawn with probability proportional to the probability of its chance
outcomes: role deals are equally likely, and a card drawn at random by #3/#4 weighs the number of
copies of it in the hand it came from; the seats' own choices of a card count equally (no model of
their play). The unplaced crystals of the other seats are then a uniform draw from the pool minus
the crystals the seat knows (its own, the placed ones).

The sampler reads only what the seat may know and depends on nothing else, so every world of the
same information state gives the same sampler; it is kept on the state for repeated draws (ISMCTS
determinizes the same state once per iteration).
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import (
    CARDS, FACTION_CARDS, sort_cards, GHOST, NIGHT_ROLES, ROLES, WHITE_ROSE_FACTION, faction_of, role_deck,
    starting_hand,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import BladesAndRoseState

_KINDS = len(CARDS)
_CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
_ROLE_INDEX = {r: i for i, r in enumerate(ROLES)}
#: The phrase of the round outcome when FAQ Q12 gives the Blood Blades the win.
Q12_BLADES = "still hold White Rose or Flower Bud cards (FAQ Q12)"
Q12_ROSE = "has played all its White Rose and Flower Bud cards (FAQ Q12)"


@lru_cache(maxsize=4096)
def _sequences(start: tuple[str, ...], plays: tuple[tuple[str | None, int, bool], ...]
               ) -> tuple[tuple[tuple[str, ...], int, tuple[str, ...]], ...]:
    """Every way a seat with starting hand ``start`` could have laid its face-down cards.

    ``plays`` lists the seat's plays in order as ``(known card or None, Ghosts received by then
    (#7), drawn at random by #3/#4)``, with a last entry ``(None, Ghosts received in all, False)``
    marking the end (not a play). Returns ``(cards of the unknown plays, weight, the faction cards
    it holds at the end)`` triples (the last is empty when it holds none); the weight is the product, over the cards drawn at random, of the
    copies of that card in the hand it came from (the chance of the draw, the hand's size being
    public)."""
    out: list[tuple[tuple[str, ...], int, tuple[str, ...]]] = []
    hand = Counter(start)
    chosen: list[str] = []
    last = len(plays) - 1

    def go(i: int, ghosts: int, weight: int) -> None:
        known, g, is_random = plays[i]
        hand[GHOST] += g - ghosts  # #7's Ghosts come at the start of a round, before the plays
        if i == last:
            out.append((tuple(chosen), weight, tuple(sort_cards(c for c in FACTION_CARDS for _ in range(hand[c])))))
        else:
            for c in ((known,) if known is not None else sort_cards(hand)):
                k = hand[c]
                if k:
                    hand[c] = k - 1
                    if known is None:
                        chosen.append(c)
                    go(i + 1, g, weight * k if is_random else weight)
                    if known is None:
                        chosen.pop()
                    hand[c] = k
        hand[GHOST] -= g - ghosts

    go(0, 0, 1)
    return tuple(out)


class WorldSampler:
    """The hidden parts of a Blades & Rose game as ``seat`` may imagine them (module docstring).

    Built from what ``seat`` knows of ``state``; :meth:`draw` returns one complete history."""

    def __init__(self, state: "BladesAndRoseState", seat: int):
        n = state.num_players
        self.seat = seat
        own_role = state.roles[seat]
        over = state.winner is not None
        # Who has drawn a character card and a crystal: public (the log says so).
        dealt = [s for s in range(n) if state.roles[s] is not None]
        self.others = others = [s for s in dealt if s != seat]
        deck = Counter(role_deck(n))
        if own_role is not None:
            deck[own_role] -= 1
        awake = state.night_seen[seat]
        allowed: dict[int, list[str]] = {}
        for s in others:
            if over:  # the roles are revealed at the end (observation ``roles``)
                allowed[s] = [state.roles[s]]
            else:
                allowed[s] = [r for r in ROLES if deck[r] > 0
                              and (awake is None or (r in NIGHT_ROLES) == (s in awake))]
        # The rounds as the seat saw them.
        rounds = list(state.rounds) + ([state.rnd] if state.rnd is not None else [])
        self.slots: dict[int, list[tuple[int, int | None]]] = {s: [] for s in others}
        q_index: dict[int, int] = {}   # round index -> offset of its residual in the state
        residual: list[int] = []
        plays: dict[int, list[tuple[str | None, int, bool]]] = {s: [] for s in others}
        ghosts = {s: 0 for s in others}
        for i, rnd in enumerate(rounds):
            for t in rnd.ghost_to:
                if t in ghosts:
                    ghosts[t] += 1
            attributed = rnd.unshuffled and rnd.resolved
            shuffled = rnd.resolved and not rnd.unshuffled
            if shuffled:
                need = [0] * _KINDS
                for c in rnd.revealed:
                    need[_CARD_INDEX[c]] += 1
                if seat in rnd.plays:
                    need[_CARD_INDEX[rnd.plays[seat]]] -= 1
                q_index[i] = len(residual)
                residual.extend(need)
            for s in rnd.played:
                if s == seat:
                    continue
                known = rnd.plays[s] if attributed else None
                plays[s].append((known, ghosts[s], s in rnd.random_seats))
                if known is None:
                    self.slots[s].append((i, q_index.get(i)))
        for s in others:
            plays[s].append((None, ghosts[s], False))
        # FAQ Q12 at the end: the outcome says whether a White Rose Faction seat kept such a card.
        self.q12: bool | None = None
        if over and rounds and (Q12_BLADES in rounds[-1].outcome or Q12_ROSE in rounds[-1].outcome):
            self.q12 = Q12_BLADES in rounds[-1].outcome
            own_left = own_role is not None and faction_of(own_role) == WHITE_ROSE_FACTION and any(
                c in FACTION_CARDS for c in state.hands[seat])
        else:
            own_left = False
        # The state of the dynamic programme is one integer: a 5-bit field per role (copies left in
        # the deck) and per (resolved shuffled round, card kind) (revealed copies not yet given to a
        # seat), each holding its count plus a guard bit (16), and a flag bit above them (a White
        # Rose Faction seat keeps a faction card, FAQ Q12). An option subtracts its ``delta`` (one
        # per field it uses, counts are at most 8): a field going below zero clears its guard bit.
        fields = len(ROLES) + len(residual)
        self.guard = sum(16 << (5 * j) for j in range(fields))
        flag = 1 << (5 * fields)
        # Each seat's options: (delta, flag bits, weight, role, cards of its unknown plays).
        # At an FAQ Q12 end won by the Blood Blades the faction cards each White Rose Faction seat
        # still held are shown (observation ``held_at_end``; roles are shown too).
        held = dict(state.held_at_end) if over and state.held_at_end else None
        self.options: list[list[tuple]] = []
        for s in others:
            opts = []
            for r in allowed[s]:
                for cards, weight, left in _sequences(tuple(starting_hand(r)), tuple(plays[s])):
                    if held is not None and faction_of(r) == WHITE_ROSE_FACTION and left != held.get(s, ()):
                        continue
                    delta = 1 << (5 * _ROLE_INDEX[r])
                    for (_, q), c in zip(self.slots[s], cards):
                        if q is not None:
                            delta += 1 << (5 * (len(ROLES) + q + _CARD_INDEX[c]))
                    opts.append((delta, flag if left and faction_of(r) == WHITE_ROSE_FACTION else 0,
                                 weight, r, cards))
            self.options.append(opts)
        counts = [deck[r] for r in ROLES] + residual
        self.start = sum((v + 16) << (5 * j) for j, v in enumerate(counts)) | (flag if own_left else 0)
        self.flag = flag
        self.memo: list[dict[int, int]] = [{} for _ in range(len(others) + 1)]
        self.branch_memo: dict = {}
        self.total = self._count(0, self.start)
        assert self.total > 0, "no hidden history fits what the seat knows"  # the true one does
        # Crystals: the pool minus the own and the placed ones, for the other seats holding one.
        hidden = Counter(state.pool)
        for _, k in state.placed:
            hidden[k] -= 1
        if state.crystals[seat] is not None:
            hidden[state.crystals[seat]] -= 1
        self.crystal_pool = sorted((+hidden).elements())
        self.placed = {s: k for s, k in state.placed}
        self.crystal_seats = [s for s in range(state.crystals_dealt)
                              if s != seat and s not in self.placed]
        self.own_crystal = (seat, state.crystals[seat])

    def _count(self, k: int, state: int) -> int:
        """The weighted number of completions of seats ``k``, ``k+1``, ... from ``state``."""
        memo = self.memo[k]
        got = memo.get(state)
        if got is not None:
            return got
        last = len(self.others)
        if k == last:
            total = 1 if self.q12 is None or bool(state & self.flag) == self.q12 else 0
        else:
            total = 0
            guard = self.guard
            below = self.memo[k + 1]
            count = self._count
            for delta, flag, weight, _, _ in self.options[k]:
                nxt = state - delta
                if nxt & guard == guard:
                    nxt |= flag
                    c = below.get(nxt)
                    if c is None:
                        c = count(k + 1, nxt)
                    total += weight * c
        memo[state] = total
        return total

    def _branches(self, k: int, state: int) -> tuple[list[int], list[tuple], list[int]]:
        """The options of seat ``k`` from ``state`` that have completions: cumulative weights,
        the options and the states they lead to (kept: every draw walks the same nodes)."""
        key = (k, state)
        got = self.branch_memo.get(key)
        if got is None:
            cum: list[int] = []
            opts: list[tuple] = []
            nexts: list[int] = []
            acc = 0
            guard = self.guard
            for opt in self.options[k]:
                nxt = state - opt[0]
                if nxt & guard != guard:
                    continue
                nxt |= opt[1]
                w = opt[2] * self._count(k + 1, nxt)
                if w:
                    acc += w
                    cum.append(acc)
                    opts.append(opt)
                    nexts.append(nxt)
            got = self.branch_memo[key] = (cum, opts, nexts)
        return got

    def draw(self, rng: random.Random) -> tuple[dict[int, str], dict[tuple[int, int], str], dict[int, int]]:
        """One hidden history: roles of the other seats, the card of each of their unknown plays
        by ``(seat, round index)``, and the crystal of every seat that drew one."""
        roles: dict[int, str] = {}
        cards: dict[tuple[int, int], str] = {}
        state = self.start
        for k, s in enumerate(self.others):
            cum, opts, nexts = self._branches(k, state)
            i = bisect_right(cum, rng.randrange(cum[-1]))
            opt = opts[i]
            roles[s] = opt[3]
            for (r, _), c in zip(self.slots[s], opt[4]):
                cards[(s, r)] = c
            state = nexts[i]
        pool = list(self.crystal_pool)
        rng.shuffle(pool)
        crystals = dict(self.placed)
        for s in self.crystal_seats:
            crystals[s] = pool.pop()
        if self.own_crystal[1] is not None:
            crystals[self.own_crystal[0]] = self.own_crystal[1]
        return roles, cards, crystals
