"""Roses and Thorns: the rules as a :class:`roses.core.State`.

Section numbers refer to ``roses-and-thorns.txt`` ("Playing a round" steps 1–5 are §3.1–§3.5,
"Out of the game" §4, "Winning the game" §5, "Variants" §7); ruling ids to ``RULINGS.md``.
"""
from __future__ import annotations

import random
from typing import Sequence

from roses.core import CHANCE, TERMINAL, EventLog, GameParameterError, IllegalActionError, State

from .actions import KINDS, ROSE, THORN, Bid, Flip, Lay, Lose, Pass, Start
from .observation import Observation, SeatView

CARDS_PER_PLAYER = 4  # "three roses and one thorn" (§2)

# Phases of a round.
START = "start"          # chance picks the first start player (RT-3)
LAY_FIRST = "lay-first"  # §3.1, sequential and hidden (RT-2)
ADD = "add"              # §3.2
BIDDING = "bidding"      # §3.3
FLIP = "flip"            # §3.4 step 2, the challenger picks stacks
LOSE = "lose"            # §3.4 "A thorn?": chance (RT-6) or the challenger's choice (variant)
OVER = "over"


def seat_name(seat: int) -> str:
    return f"Seat {seat}"


class RosesAndThornsState(State):
    """A game of Roses and Thorns.

    Hidden information: the kinds in each hand, in each stack below its turned-up cards, and of
    each lost card are known only to their owner. Card counts, stack sizes, turned-up cards, bids,
    passes and markers are public.
    """

    def __init__(self, game, seed: int):
        super().__init__(game, seed)
        n = game.num_players
        self.hands: list[list[int]] = [[3, 1] for _ in range(n)]  # [roses, thorns] per seat (§2)
        self.stacks: list[list[str]] = [[] for _ in range(n)]     # bottom → top
        self.revealed: list[int] = [0] * n                        # cards turned up from the top
        self.lost: list[list[str]] = [[] for _ in range(n)]
        self.markers: list[int] = [0] * n
        self.out: list[bool] = [False] * n
        self.passed: list[bool] = [False] * n
        self.bids: list[int] = [0] * n  # each seat's highest bid this round (public, §3.3)
        self.laid_first: list[bool] = [False] * n
        # Public chance that each seat still holds its thorn, from public events only (its thorn
        # turned up: 1; every card it has turned up as a rose: 0; a loss drawn from k cards:
        # × (k-1)/k). determinize needs it so that its worlds agree with the log (a thorn seen
        # since the seat's last loss is still held); the observation shows it (SeatView.thorn_held).
        self.thorn_held: list[float] = [1.0] * n
        self.round = 1
        self.start_player: int | None = game.params["start_player"]
        if self.start_player is not None and not 0 <= self.start_player < n:
            raise GameParameterError("start_player", f"seat {self.start_player} does not exist with {n} players")
        self.phase = START if self.start_player is None else LAY_FIRST
        self.to_move = self.start_player if self.start_player is not None else -1
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.challenger: int | None = None
        self.flips = 0
        self.thorn_owner: int | None = None
        self.winner: int | None = None
        if self.start_player is not None:
            self.log.add(f"Round 1: {seat_name(self.start_player)} starts.")

    # ------------------------------------------------------------------ helpers
    def cards_on_table(self) -> int:
        return sum(len(s) for s in self.stacks)

    def cards_of(self, seat: int) -> int:
        return sum(self.hands[seat]) + len(self.stacks[seat])

    def next_seat(self, seat: int, skip: Sequence[bool] | None = None) -> int:
        """The next seat clockwise from ``seat`` that is still in the game (and not ``skip``-ped)."""
        n = self.num_players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not self.out[s] and not (skip and skip[s]):
                return s
        return seat

    def in_game(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    # ------------------------------------------------------------------ contract
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == START:
            return CHANCE
        if self.phase == LOSE and not (self.game.params["own_thorn_choice"] and self.thorn_owner == self.challenger):
            return CHANCE
        return self.to_move

    def _chance_outcomes(self):
        if self.phase == START:
            seats = self.in_game()
            return [(Start(s), 1 / len(seats)) for s in seats]
        # RT-6: the lost card is drawn uniformly from the challenger's cards (hand and stack).
        counts = self._challenger_counts()
        total = sum(counts)
        return [(Lose(k), c / total) for k, c in zip(KINDS, counts) if c]

    def _challenger_counts(self) -> list[int]:
        c = self.challenger
        roses = self.hands[c][0] + self.stacks[c].count(ROSE)
        thorns = self.hands[c][1] + self.stacks[c].count(THORN)
        return [roses, thorns]

    def _legal_actions(self):
        s = self.to_move
        hand = self.hands[s]
        if self.phase == LAY_FIRST:
            return [Lay(k) for k, c in zip(KINDS, hand) if c]
        if self.phase == ADD:
            total = self.cards_on_table()
            # §3.2: with an empty hand the player must start the bidding.
            lays = [Lay(k) for k, c in zip(KINDS, hand) if c]
            return lays + [Bid(b) for b in range(1, total + 1)]
        if self.phase == BIDDING:
            total = self.cards_on_table()
            return [Pass()] + [Bid(b) for b in range(self.high_bid + 1, total + 1)]
        if self.phase == FLIP:
            return [Flip(t) for t in range(self.num_players)
                    if t != s and self.revealed[t] < len(self.stacks[t])]
        if self.phase == LOSE:  # the variant's own-thorn choice
            return [Lose(k) for k, c in zip(KINDS, self._challenger_counts()) if c]
        return []

    def explain_illegal(self, action) -> IllegalActionError:
        """Name the rule an action breaks (§3.1–§3.5)."""
        phase, s = self.phase, self.to_move
        if not isinstance(action, (Lay, Bid, Pass, Flip, Lose, Start)):
            return IllegalActionError("actions", f"{action!r} is not a Roses and Thorns action", action)
        if self.current_player() == CHANCE:
            if isinstance(action, (Start, Lose)):
                return IllegalActionError("RT-3/RT-6 chance", f"{action} is not a possible chance outcome now", action)
            return IllegalActionError("RT-3/RT-6 chance", "chance is to move: only a chance outcome applies", action)
        if isinstance(action, Lay):
            if phase in (BIDDING, FLIP, LOSE):
                return IllegalActionError("§3.3 Bidding", "once somebody has bid, no more cards are added", action)
            if action.card not in KINDS or not self.hands[s][KINDS.index(action.card)]:
                rule = "§3.1 Everyone lays a card" if phase == LAY_FIRST else "§3.2 Adding cards"
                return IllegalActionError(rule, f"there is no {action.card} in your hand", action)
        if isinstance(action, Bid):
            total = self.cards_on_table()
            if phase == LAY_FIRST:
                return IllegalActionError("§3.1 Everyone lays a card", "everyone lays a first card before any bid", action)
            if phase not in (ADD, BIDDING):
                return IllegalActionError("§3.4 The challenge", "the bidding is over", action)
            if action.count > total:
                return IllegalActionError("§3.2 Adding cards", f"a bid is at most the {total} cards on the table", action)
            if action.count < 1:
                return IllegalActionError("§3.2 Adding cards", "a bid is at least 1", action)
            if action.count <= self.high_bid:
                return IllegalActionError("§3.3 Bidding", f"a raise must name a higher number than {self.high_bid}", action)
        if isinstance(action, Pass) and phase != BIDDING:
            if phase == LAY_FIRST:
                return IllegalActionError("§3.1 Everyone lays a card", "every player lays a first card; nobody passes", action)
            if phase == ADD:
                return IllegalActionError("§3.2 Adding cards", "before anyone has bid you either add a card or bid", action)
            return IllegalActionError("§3.4 The challenge", "the bidding is over; nobody passes during the challenge", action)
        if isinstance(action, Flip):
            if phase == LOSE:
                return IllegalActionError("§3.4 A thorn?", "stop at once: the challenge has failed", action)
            if phase != FLIP:
                return IllegalActionError("§3.4 The challenge", "only the challenger turns up cards, after the bidding", action)
            if action.seat == s:
                return IllegalActionError("§3.4 The challenge (RT-5)", "your own stack is turned up first, by itself", action)
            return IllegalActionError("§3.4 The challenge", f"seat {action.seat} has no face-down card to turn up", action)
        if isinstance(action, Lose):
            if phase == LOSE:  # the variant's own choice, of a kind the challenger no longer has
                return IllegalActionError("§7 Original rule for your own thorn (RT-6)",
                                          f"you have no {action.card} left to lose", action)
            return IllegalActionError("§3.4 A thorn? (RT-6)", "only the challenger loses a card, after a thorn", action)
        return IllegalActionError("§3", f"{action} is not legal in phase {phase}", action)

    def _apply(self, action) -> None:
        s = self.to_move
        if isinstance(action, Start):
            self.start_player = self.to_move = action.seat
            self.phase = LAY_FIRST
            self.log.add(f"Round 1: {seat_name(action.seat)} is drawn to start.")
        elif isinstance(action, Lay):
            self._lay(s, action.card)
        elif isinstance(action, Bid):
            self._bid(s, action.count)
        elif isinstance(action, Pass):
            self._pass(s)
        elif isinstance(action, Flip):
            self._flip(action.seat)
        elif isinstance(action, Lose):
            self._lose(action.card)

    # ------------------------------------------------------------------ rules
    def _lay(self, s: int, card: str) -> None:
        """§3.1 / §3.2: a card from the hand goes face down on top of the own stack."""
        self.hands[s][KINDS.index(card)] -= 1
        self.stacks[s].append(card)
        first = self.phase == LAY_FIRST
        self.log.add(f"{seat_name(s)} lays {'a first' if first else 'a'} card.",
                     {s: f"You lay {'your first card, ' if first else ''}a {card}."})
        if first:
            # RT-2: sequential from the start player; nobody sees another's choice.
            self.laid_first[s] = True
            if all(self.laid_first[t] or self.out[t] for t in range(self.num_players)):
                self.phase = ADD
                self.to_move = self.start_player
            else:
                self.to_move = self.next_seat(s, self.laid_first)
        else:
            self.to_move = self.next_seat(s)

    def _bid(self, s: int, count: int) -> None:
        """§3.2 start the bidding / §3.3 raise; RT-4 order; a bid of every card ends it at once."""
        self.log.add(f"{seat_name(s)} bids {count}.")
        if self.phase == ADD:
            self.passed = [False] * self.num_players
            self.phase = BIDDING
        self.high_bid, self.high_bidder = count, s
        self.bids[s] = count
        if count == self.cards_on_table():
            self._start_challenge(s)
        else:
            self.to_move = self.next_seat(s, self.passed)

    def _pass(self, s: int) -> None:
        """§3.3: out of the bidding for this round; it ends when everybody else has passed."""
        self.passed[s] = True
        self.log.add(f"{seat_name(s)} passes.")
        others = [t for t in self.in_game() if t != self.high_bidder]
        if all(self.passed[t] for t in others):
            self._start_challenge(self.high_bidder)
        else:
            self.to_move = self.next_seat(s, self.passed)

    def _start_challenge(self, c: int) -> None:
        """§3.4 step 1 with RT-5: the own stack is turned up top down, compulsorily, one card at a
        time, stopping at a thorn or when the bid is reached."""
        self.phase = FLIP
        self.challenger = self.to_move = c
        self.flips = 0
        self.log.add(f"{seat_name(c)} is the challenger and must turn up {self.high_bid}.")
        while self.flips < self.high_bid and self.revealed[c] < len(self.stacks[c]):
            if self._turn_up(c):
                return
        if self.flips == self.high_bid:
            self._succeed(c)

    def _flip(self, t: int) -> None:
        """§3.4 step 2: the top face-down card of another stack."""
        if not self._turn_up(t) and self.flips == self.high_bid:
            self._succeed(self.challenger)

    def _turn_up(self, t: int) -> bool:
        """Turn up ``t``'s top face-down card; return True if it was a thorn (challenge failed)."""
        self.revealed[t] += 1
        self.flips += 1
        card = self.stacks[t][-self.revealed[t]]
        self.log.add(f"{seat_name(self.challenger)} turns up a {card} from {'their own' if t == self.challenger else seat_name(t) + chr(39) + 's'} stack.")
        if card == ROSE and self.revealed[t] == self.cards_of(t):
            self.thorn_held[t] = 0.0  # every card it has is a rose, in front of everybody
        if card == THORN:
            self.thorn_held[t] = 1.0
            self.thorn_owner = t
            self.phase = LOSE
            self.to_move = self.challenger
            return True
        return False

    def _succeed(self, c: int) -> None:
        """§3.4 "All roses?": a marker; a second one wins (§5); one wins in the quick game (RT-8)."""
        self.markers[c] += 1
        self.log.add(f"{seat_name(c)} turns up only roses and takes a marker ({self.markers[c]}).")
        if self.markers[c] >= (1 if self.game.params["quick_game"] else 2):
            self._win(c, "wins the game with a successful challenge")
        else:
            self._new_round(c)

    def _lose(self, card: str) -> None:
        """§3.4 "A thorn?": the challenger loses one card for good; §4 elimination; §3.5 next start."""
        c, owner = self.challenger, self.thorn_owner
        drawer = owner if owner != c else self.next_seat(c)
        k = self.cards_of(c)  # RT-6: one of k cards; the variant's own choice is taken as neutral too
        self.thorn_held[c] *= (k - 1) / k
        for t in range(self.num_players):  # §3.5 everybody takes back their cards
            for k in self.stacks[t]:
                self.hands[t][KINDS.index(k)] += 1
            self.stacks[t] = []
        self.revealed = [0] * self.num_players
        self.hands[c][KINDS.index(card)] -= 1
        self.lost[c].append(card)
        chose = self.game.params["own_thorn_choice"] and owner == c
        who = f"{seat_name(c)} chooses" if chose else f"{seat_name(drawer)} draws"
        self.log.add(f"{who} one of {seat_name(c)}'s cards and puts it aside face down.",
                     {c: f"You lose a {card}."})
        if self.cards_of(c) == 0:
            self.out[c] = True  # §4: out; "their marker no longer counts", so no view shows it
            self.markers[c] = 0
            self.log.add(f"{seat_name(c)} has lost all four cards and is out.")
        left = self.in_game()
        if len(left) == 1:
            self._win(left[0], "is the last player with cards and wins")
            return
        nxt = c if owner == c else owner  # §3.5
        if self.out[nxt]:
            nxt = self.next_seat(nxt)
        self._new_round(nxt)

    def _new_round(self, start: int) -> None:
        """§3.5: everybody takes back their cards; ``start`` lays first."""
        for t in range(self.num_players):
            for k in self.stacks[t]:
                self.hands[t][KINDS.index(k)] += 1
            self.stacks[t] = []
        self.revealed = [0] * self.num_players
        self.passed = [False] * self.num_players
        self.bids = [0] * self.num_players
        self.laid_first = [False] * self.num_players
        self.high_bid, self.high_bidder, self.challenger, self.thorn_owner, self.flips = 0, None, None, None, 0
        self.round += 1
        self.start_player = self.to_move = start
        self.phase = LAY_FIRST
        self.log.add(f"Round {self.round}: {seat_name(start)} starts.")

    def _win(self, seat: int, how: str) -> None:
        self.winner = seat
        self.phase = OVER
        self.log.add(f"{seat_name(seat)} {how}.")

    def clone(self) -> "RosesAndThornsState":
        """Fast copy for search (the generic deep copy is ~10x slower). Every mutable field is a
        list of ints/strs or of such lists; a new mutable field must be copied here too
        (``test_clone_copies_every_field`` checks it)."""
        new = object.__new__(RosesAndThornsState)
        new.__dict__.update(self.__dict__)
        for k in ("hands", "stacks", "lost"):
            setattr(new, k, [list(x) for x in getattr(self, k)])
        for k in ("revealed", "markers", "out", "passed", "bids", "laid_first", "thorn_held", "history"):
            setattr(new, k, list(getattr(self, k)))
        new.log = self.log.copy()
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    # ------------------------------------------------------------------ views
    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.num_players)]

    def result_tags(self) -> dict[str, str]:
        """How the game was won (§5): ``second-challenge`` (or ``quick-game``) or ``last-standing``."""
        if self.winner is None:
            return {}
        if sum(not o for o in self.out) == 1:
            return {"win_by": "last-standing"}
        return {"win_by": "quick-game" if self.game.params["quick_game"] else "second-challenge"}

    def observation(self, seat: int | None) -> Observation:
        seats = tuple(
            SeatView(
                seat=t, in_game=not self.out[t], cards=self.cards_of(t), hand_size=sum(self.hands[t]),
                stack_size=len(self.stacks[t]),
                revealed=tuple(reversed(self.stacks[t][len(self.stacks[t]) - self.revealed[t]:])),
                markers=self.markers[t], passed=self.passed[t] and self.phase == BIDDING,
                thorn_held=self.thorn_held[t], bid=self.bids[t],
            )
            for t in range(self.num_players)
        )
        mine = seat is not None
        return Observation(
            seat=seat, players=self.num_players, round=self.round, phase=self.phase,
            current_player=self.current_player(), start_player=self.start_player, seats=seats,
            cards_on_table=self.cards_on_table(), high_bid=self.high_bid, high_bidder=self.high_bidder,
            challenger=self.challenger, flips_left=(self.high_bid - self.flips) if self.phase == FLIP else 0,
            thorn_owner=self.thorn_owner,
            hand=({"rose": self.hands[seat][0], "thorn": self.hands[seat][1]} if mine else None),
            stack=tuple(self.stacks[seat]) if mine else None,
            lost=tuple(self.lost[seat]) if mine else None,
            winner=self.winner, log=self.log.view(seat),
        )

    def determinize(self, seat: int, rng: random.Random) -> "RosesAndThornsState":
        """Re-draw every other seat's hidden cards (hand, face-down stack cards, lost cards)
        consistently with their public counts, turned-up cards and history: a seat keeps its
        thorn with the public chance ``thorn_held`` (1 when its thorn was turned up after its last
        loss, 0 when all its cards were turned up as roses since; otherwise k cards left of 4 give
        k/4, as RT-6 draws each loss uniformly). The copy
        gets its own RNG from ``rng``: the game's RNG decides the lost card (RT-6), which no seat
        may foresee."""
        world = self.clone()
        world.rng = random.Random(rng.getrandbits(64))
        world._peeked = None
        for t in range(self.num_players):
            if t == seat:
                continue
            stack = self.stacks[t]
            up = stack[len(stack) - self.revealed[t]:]
            hand, hidden_stack, lost = sample_hidden(
                self.cards_of(t), sum(self.hands[t]), len(stack) - self.revealed[t], THORN in up, rng,
                p_held=self.thorn_held[t])
            world.hands[t] = hand
            world.stacks[t] = hidden_stack + list(up)
            world.lost[t] = lost
        return world

    def check_invariants(self) -> None:
        """Cards are conserved: every seat's hand, stack and lost cards are 3 roses and 1 thorn."""
        for t in range(self.num_players):
            roses = self.hands[t][0] + self.stacks[t].count(ROSE) + self.lost[t].count(ROSE)
            thorns = self.hands[t][1] + self.stacks[t].count(THORN) + self.lost[t].count(THORN)
            assert (roses, thorns) == (3, 1), f"seat {t} holds {roses} roses and {thorns} thorns in all"
            assert min(self.hands[t]) >= 0
            assert self.out[t] == (self.cards_of(t) == 0), f"seat {t}: out={self.out[t]} with {self.cards_of(t)} cards"
            assert 0 <= self.revealed[t] <= len(self.stacks[t])


def sample_hidden(cards: int, hand_size: int, hidden_in_stack: int, thorn_up: bool,
                  rng: random.Random, p_held: float | None = None) -> tuple[list[int], list[str], list[str]]:
    """One uniform guess at a seat's hidden cards from public facts.

    Args:
        cards: cards the seat still has (hand + stack).
        hand_size: cards in its hand.
        hidden_in_stack: face-down cards in its stack.
        thorn_up: whether its thorn is among its turned-up cards.
        p_held: the public chance that the seat still holds its thorn (``state.thorn_held``);
            ``None`` (a caller without the history) keeps or loses it with equal chance.

    Returns ``(hand [roses, thorns], face-down stack bottom→top, lost cards)``. The thorn is still
    held when ``cards == 4`` or it is turned up, lost when nowhere is left to hide it, otherwise
    held with chance ``p_held``.
    """
    lost_n = CARDS_PER_PLAYER - cards
    if thorn_up or lost_n == 0:
        has_thorn = True
    elif hand_size + hidden_in_stack == 0:
        has_thorn = False  # nowhere left to hide it
    else:
        has_thorn = rng.random() < (0.5 if p_held is None else p_held)
    lost = [ROSE] * lost_n
    if not has_thorn:
        lost[0] = THORN
    hidden = [ROSE] * (hand_size + hidden_in_stack)
    if has_thorn and not thorn_up and hidden:
        hidden[rng.randrange(len(hidden))] = THORN
    hand = hidden[:hand_size]
    return [hand.count(ROSE), hand.count(THORN)], hidden[hand_size:], lost
