"""Roses and Thorns: the rules as a :class:`roses.core.State`.

Section numbers refer to ``roses-and-thorns.txt`` ("Playing a round" steps 1–5 are §3.1–§3.5,
"Out of the game" §4, "Winning the game" §5, "Variants" §7); ruling ids to ``RULINGS.md``.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from roses.core import CHANCE, TERMINAL, IllegalActionError, State
from roses.core.log import LogEntry

from .actions import (BIDS, FLIPS, KINDS, LAY_ROSE, LAY_THORN, LAYS, LOSES, MAX_CARDS, MAX_SEATS, PASS,
                      ROSE, STARTS, THORN, Bid, Flip, Lay, Lose, Pass, Start)
from .observation import Observation, SeatView
from .worlds import redraw_seat


# Phases of a round.
START = "start"          # chance picks the first start player (RT-3)
LAY_FIRST = "lay-first"  # §3.1, sequential and hidden (RT-2)
ADD = "add"              # §3.2
BIDDING = "bidding"      # §3.3
FLIP = "flip"            # §3.4 step 2, the challenger picks stacks
LOSE = "lose"            # §3.4 "A thorn?": chance (RT-6) or the challenger's choice (variant)
OVER = "over"

KIND_INDEX = {ROSE: 0, THORN: 1}  # index of a kind in a hand [roses, thorns]
#: The lays a hand [roses, thorns] allows, by (has a rose, has a thorn), in the order of KINDS.
_LAYS_FOR = {(True, True): (LAY_ROSE, LAY_THORN), (True, False): (LAY_ROSE,),
             (False, True): (LAY_THORN,), (False, False): ()}

# Log messages, stored raw as ``(template, *args)`` and worded only when read (core.log). Seat
# numbers are arguments, so the raw message is also the structured public record that
# ``_sample_history`` reads back (every template takes the same arguments in every wording).
MSG_ROUND = "Round {0}: Seat {1} starts."                          # (round, start seat)
MSG_DRAWN = "Round 1: Seat {0} is drawn to start."                  # (start seat,)
MSG_LAY_FIRST = "Seat {0} lays a first card."                      # (seat,)
MSG_LAY = "Seat {0} lays a card."                                  # (seat,)
MSG_YOU_LAY_FIRST = "You lay your first card, a {0}."               # (kind,), the layer's only
MSG_YOU_LAY = "You lay a {0}."                                     # (kind,), the layer's only
MSG_BID = "Seat {0} bids {1}."                                     # (seat, count)
MSG_PASS = "Seat {0} passes."                                      # (seat,)
MSG_CHALLENGE = "Seat {0} is the challenger and must turn up {1}."  # (challenger, bid)
MSG_UP_OWN = "Seat {0} turns up a {2} from their own stack."        # (challenger, seat, kind)
MSG_UP = "Seat {0} turns up a {2} from Seat {1}'s stack."           # (challenger, seat, kind)
MSG_MARKER = "Seat {0} turns up only roses and takes a marker ({1})."  # (challenger, markers)
MSG_DRAWS = "Seat {0} draws one of Seat {1}'s cards and puts it aside face down."    # (drawer, challenger)
MSG_CHOOSES = "Seat {0} chooses one of Seat {1}'s cards and puts it aside face down."  # (challenger, challenger)
MSG_YOU_LOSE = "You lose a {0}."                                   # (kind,), the challenger's only
MSG_OUT = "Seat {0} has lost all four cards and is out."           # (seat,)
MSG_WIN_CHALLENGE = "Seat {0} wins the game with a successful challenge."  # (seat,)
MSG_WIN_LAST = "Seat {0} is the last player with cards and wins."   # (seat,)


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
        self.on_table = 0                                         # cards in all stacks (§3.2)
        self.revealed: list[int] = [0] * n                        # cards turned up from the top
        self.lost: list[list[str]] = [[] for _ in range(n)]
        self.markers: list[int] = [0] * n
        self.out: list[bool] = [False] * n
        self.passed: list[bool] = [False] * n
        self.bids: list[int] = [0] * n  # each seat's highest bid this round (public, §3.3)
        self.laid_first: list[bool] = [False] * n
        # Public chance that each seat still holds its thorn, from public events only (its thorn
        # turned up: 1; every card it has turned up as a rose: 0; a loss drawn from k cards:
        # × (k-1)/k). _sample_history draws the same evidence from the log (a thorn seen since
        # the seat's last loss is still held); the observation shows it (SeatView.thorn_held).
        self.thorn_held: list[float] = [1.0] * n
        self.round = 1
        # A seat of this game: the Param (seat=True) refused any other when the game was made.
        self.start_player: int | None = game.params["start_player"]
        self.own_thorn_choice = bool(game.params["own_thorn_choice"])  # RT-6 variant, read on hot paths
        self.phase = START if self.start_player is None else LAY_FIRST
        self.to_move = self.start_player if self.start_player is not None else -1
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.challenger: int | None = None
        self.flips = 0
        self.thorn_owner: int | None = None
        self.winner: int | None = None
        if self.start_player is not None:
            self.log.add((MSG_ROUND, 1, self.start_player))
        self._mover = self._whose_move()

    # ------------------------------------------------------------------ helpers
    def cards_on_table(self) -> int:
        return self.on_table

    def cards_of(self, seat: int) -> int:
        hand = self.hands[seat]
        return hand[0] + hand[1] + len(self.stacks[seat])

    def next_seat(self, seat: int, skip: Sequence[bool] | None = None) -> int:
        """The next seat clockwise from ``seat`` that is still in the game (and not ``skip``-ped)."""
        n = self.num_players
        out = self.out
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not out[s] and not (skip and skip[s]):
                return s
        return seat

    def in_game(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    # ------------------------------------------------------------------ contract
    def current_player(self) -> int:
        return self._mover

    def _whose_move(self) -> int:
        """The seat to move, CHANCE or TERMINAL, from the phase (kept in ``_mover`` after every
        step: the core asks for it several times a step)."""
        phase = self.phase
        if phase == LOSE:  # chance draws the lost card (RT-6), unless the variant lets the challenger choose
            return self.to_move if self.own_thorn_choice and self.thorn_owner == self.challenger else CHANCE
        if phase == START:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.to_move

    def _chance_outcomes(self):
        if self.phase == START:
            seats = self.in_game()
            return [(STARTS[s], 1 / len(seats)) for s in seats]
        # RT-6: the lost card is drawn uniformly from the challenger's cards (hand and stack).
        counts = self._challenger_counts()
        total = counts[0] + counts[1]
        return [(LOSES[k], c / total) for k, c in zip(KINDS, counts) if c]

    def _challenger_counts(self) -> list[int]:
        c = self.challenger
        stack = self.stacks[c]
        thorns = self.hands[c][1] + stack.count(THORN)
        return [self.hands[c][0] + len(stack) - stack.count(THORN), thorns]

    def _legal_actions(self):
        phase = self.phase
        if phase == BIDDING:
            return [PASS, *BIDS[self.high_bid + 1:self.on_table + 1]]
        if phase == ADD:
            # §3.2: with an empty hand the player must start the bidding.
            hand = self.hands[self.to_move]
            return [*_LAYS_FOR[hand[0] > 0, hand[1] > 0], *BIDS[1:self.on_table + 1]]
        if phase == LAY_FIRST:
            hand = self.hands[self.to_move]
            return list(_LAYS_FOR[hand[0] > 0, hand[1] > 0])
        if phase == FLIP:
            s, stacks, revealed = self.to_move, self.stacks, self.revealed
            return [FLIPS[t] for t in range(self.num_players) if t != s and revealed[t] < len(stacks[t])]
        if phase == LOSE:  # the variant's own-thorn choice
            return [LOSES[k] for k, c in zip(KINDS, self._challenger_counts()) if c]
        return []

    def parse_action(self, text: str):
        """The action written ``text`` (normalised), legal now or not; ``None`` if it is none of
        the game's (so ``action_from_text`` answers a typed ``bid 99`` with the §3.2 refusal)."""
        words = text.split(" ")
        if len(words) == 1:
            return PASS if words[0] == "pass" else None
        if len(words) != 2:
            return None
        verb, arg = words
        if verb in ("lay", "lose"):
            return (LAYS if verb == "lay" else LOSES).get(arg)
        if verb in ("bid", "flip", "start"):
            try:
                k = int(arg)
            except ValueError:
                return None
            return {"bid": Bid, "flip": Flip, "start": Start}[verb](k)
        return None

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
        _APPLY[type(action)](self, action)
        self._mover = self._whose_move()

    # ------------------------------------------------------------------ rules
    def _start(self, action: Start) -> None:
        """RT-3: chance draws the first start player."""
        self.start_player = self.to_move = action.seat
        self.phase = LAY_FIRST
        self.log.add((MSG_DRAWN, action.seat))

    def _lay(self, action: Lay) -> None:
        """§3.1 / §3.2: a card from the hand goes face down on top of the own stack."""
        s, card = self.to_move, action.card
        self.hands[s][KIND_INDEX[card]] -= 1
        self.stacks[s].append(card)
        self.on_table += 1
        if self.phase == LAY_FIRST:
            self.log.entries.append(_LAY_FIRST_ENTRIES[s][KIND_INDEX[card]])
            # RT-2: sequential from the start player; nobody sees another's choice.
            self.laid_first[s] = True
            nxt = self.next_seat(s, self.laid_first)
            if nxt == s:  # every seat still in the game has laid its first card
                self.phase = ADD
                self.to_move = self.start_player
            else:
                self.to_move = nxt
        else:
            self.log.entries.append(_LAY_ENTRIES[s][KIND_INDEX[card]])
            self.to_move = self.next_seat(s)

    def _bid(self, action: Bid) -> None:
        """§3.2 start the bidding / §3.3 raise; RT-4 order; a bid of every card ends it at once."""
        s, count = self.to_move, action.count
        self.log.entries.append(_BID_ENTRIES[s][count])
        if self.phase == ADD:
            self.passed = [False] * self.num_players
            self.phase = BIDDING
        self.high_bid, self.high_bidder = count, s
        self.bids[s] = count
        if count == self.on_table:
            self._start_challenge(s)
        else:
            self.to_move = self.next_seat(s, self.passed)

    def _pass(self, action: Pass) -> None:
        """§3.3: out of the bidding for this round; it ends when everybody else has passed."""
        s = self.to_move
        self.passed[s] = True
        self.log.entries.append(_PASS_ENTRIES[s])
        # RT-4: play goes clockwise from the last bidder over the seats that have not passed, so
        # when the next of them is the high bidder, everybody else has passed.
        nxt = self.next_seat(s, self.passed)
        if nxt == self.high_bidder:
            self._start_challenge(nxt)
        else:
            self.to_move = nxt

    def _start_challenge(self, c: int) -> None:
        """§3.4 step 1 with RT-5: the own stack is turned up top down, compulsorily, one card at a
        time, stopping at a thorn or when the bid is reached."""
        self.phase = FLIP
        self.challenger = self.to_move = c
        self.flips = 0
        self.log.add((MSG_CHALLENGE, c, self.high_bid))
        while self.flips < self.high_bid and self.revealed[c] < len(self.stacks[c]):
            if self._turn_up(c):
                return
        if self.flips == self.high_bid:
            self._succeed(c)

    def _flip(self, action: Flip) -> None:
        """§3.4 step 2: the top face-down card of another stack."""
        if not self._turn_up(action.seat) and self.flips == self.high_bid:
            self._succeed(self.challenger)

    def _turn_up(self, t: int) -> bool:
        """Turn up ``t``'s top face-down card; return True if it was a thorn (challenge failed)."""
        up = self.revealed[t] = self.revealed[t] + 1
        self.flips += 1
        stack = self.stacks[t]
        card = stack[-up]
        c = self.challenger
        self.log.entries.append(_UP_ENTRIES[c][t][KIND_INDEX[card]])
        if card == ROSE:
            if up == len(stack) and not any(self.hands[t]):
                self.thorn_held[t] = 0.0  # every card it has is a rose, in front of everybody
            return False
        self.thorn_held[t] = 1.0
        self.thorn_owner = t
        self.phase = LOSE
        self.to_move = c
        return True

    def _succeed(self, c: int) -> None:
        """§3.4 "All roses?": a marker; a second one wins (§5); one wins in the quick game (RT-8)."""
        self.markers[c] += 1
        self.log.add((MSG_MARKER, c, self.markers[c]))
        if self.markers[c] >= (1 if self.game.params["quick_game"] else 2):
            self._win(c, MSG_WIN_CHALLENGE)
        else:
            self._new_round(c)

    def _lose(self, action: Lose) -> None:
        """§3.4 "A thorn?": the challenger loses one card for good; §4 elimination; §3.5 next start."""
        card = action.card
        c, owner = self.challenger, self.thorn_owner
        drawer = owner if owner != c else self.next_seat(c)
        k = self.cards_of(c)  # RT-6: one of k cards; the variant's own choice is taken as neutral too
        self.thorn_held[c] *= (k - 1) / k
        self._take_back()  # §3.5 everybody takes back their cards
        self.hands[c][KIND_INDEX[card]] -= 1
        self.lost[c].append(card)
        chose = self.own_thorn_choice and owner == c
        self.log.entries.append(LogEntry((MSG_CHOOSES, c, c) if chose else (MSG_DRAWS, drawer, c),
                                         ((c, (MSG_YOU_LOSE, card)),)))
        if self.cards_of(c) == 0:
            self.out[c] = True  # §4: out; "their marker no longer counts", so no view shows it
            self.markers[c] = 0
            self.log.add((MSG_OUT, c))
        left = self.in_game()
        if len(left) == 1:
            self._win(left[0], MSG_WIN_LAST)
            return
        nxt = c if owner == c else owner  # §3.5
        if self.out[nxt]:
            nxt = self.next_seat(nxt)
        self._new_round(nxt)

    def _take_back(self) -> None:
        """§3.5: every stack goes back to its owner's hand."""
        for hand, stack in zip(self.hands, self.stacks):
            if stack:
                thorns = stack.count(THORN)
                hand[0] += len(stack) - thorns
                hand[1] += thorns
                stack.clear()
        self.on_table = 0
        self.revealed = [0] * self.num_players

    def _new_round(self, start: int) -> None:
        """§3.5: everybody takes back their cards; ``start`` lays first."""
        self._take_back()
        n = self.num_players
        self.passed = [False] * n
        self.bids = [0] * n
        self.laid_first = [False] * n
        self.high_bid, self.high_bidder, self.challenger, self.thorn_owner, self.flips = 0, None, None, None, 0
        self.round += 1
        self.start_player = self.to_move = start
        self.phase = LAY_FIRST
        self.log.add((MSG_ROUND, self.round, start))

    def _win(self, seat: int, how: str) -> None:
        self.winner = seat
        self.phase = OVER
        self.log.add((how, seat))

    def clone(self) -> "RosesAndThornsState":
        """Fast copy for search (the generic deep copy is ~10x slower). Every mutable field is a
        list of ints/strs or of such lists; a new mutable field must be copied here too
        (``test_clone_copies_every_field`` checks it). The RNG is shared copy-on-write."""
        new = object.__new__(RosesAndThornsState)
        d = new.__dict__
        d.update(self.__dict__)
        d["hands"] = [h[:] for h in self.hands]
        d["stacks"] = [t[:] for t in self.stacks]
        d["lost"] = [t[:] for t in self.lost]
        d["revealed"] = self.revealed[:]
        d["markers"] = self.markers[:]
        d["out"] = self.out[:]
        d["passed"] = self.passed[:]
        d["bids"] = self.bids[:]
        d["laid_first"] = self.laid_first[:]
        d["thorn_held"] = self.thorn_held[:]
        d["history"] = self.history[:]
        d["log"] = self.log.copy()
        self.share_rng_with(new)
        return new

    # ------------------------------------------------------------------ views
    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.num_players)]

    def _may_take_back(self, action) -> bool:
        """A card laid face down (§3.1, §3.2) may be taken back before anyone else acts, and so
        may a bid or a pass while the bidding goes on (§3.3); a bid or pass that ended the bidding
        starts the challenge, and a turned-up card or a lost one was seen (issue 42)."""
        if isinstance(action, Lay):
            return True
        return isinstance(action, (Bid, Pass)) and self.phase == BIDDING

    def result_tags(self) -> dict[str, str]:
        """How the game was won (§5): ``second-challenge`` (or ``quick-game``) or ``last-standing``."""
        if self.winner is None:
            return {}
        if sum(not o for o in self.out) == 1:
            return {"win_by": "last-standing"}
        return {"win_by": "quick-game" if self.game.params["quick_game"] else "second-challenge"}

    def _observation(self, seat: int | None) -> Observation:
        bidding = self.phase == BIDDING
        hands, stacks, revealed, out = self.hands, self.stacks, self.revealed, self.out
        markers, passed, thorn_held, bids = self.markers, self.passed, self.thorn_held, self.bids
        seats = []
        for t in range(self.num_players):
            stack, hand, up = stacks[t], hands[t], revealed[t]
            held = hand[0] + hand[1]
            seats.append(_seat_view(t, not out[t], held + len(stack), held, len(stack),
                                    tuple(reversed(stack[len(stack) - up:])) if up else (),
                                    markers[t], passed[t] and bidding, thorn_held[t], bids[t]))
        mine = seat is not None
        return Observation(
            seat=seat, players=self.num_players, round=self.round, phase=self.phase,
            current_player=self._mover, start_player=self.start_player, seats=tuple(seats),
            cards_on_table=self.on_table, high_bid=self.high_bid, high_bidder=self.high_bidder,
            challenger=self.challenger, flips_left=(self.high_bid - self.flips) if self.phase == FLIP else 0,
            thorn_owner=self.thorn_owner,
            hand=({"rose": hands[seat][0], "thorn": hands[seat][1]} if mine else None),
            stack=tuple(stacks[seat]) if mine else None,
            lost=tuple(self.lost[seat]) if mine else None,
            winner=self.winner, log=self.log.view(seat),
        )

    # ------------------------------------------------------------------ hidden information
    def _sample_history(self, seat: int, rng: random.Random) -> list[tuple[int, object]]:
        """This game's history with every other seat's hidden choices re-drawn for ``seat``: the
        kind of each card it laid (§2 "Keep your cards hidden", RT-2) and of each card it lost
        (RT-6, or chosen in the ``own_thorn_choice`` variant). Everything else, the seat's own
        actions included, is kept.

        It reads only the history's steps as the seat saw them (who laid, never what, unless it was
        the seat itself) and the public log (who laid in which round, every card turned up, every
        loss). Per other seat ``t``:

        1. *When its thorn was lost, if it was.* The losses are drawn uniformly (RT-6): the thorn
           goes at a loss from ``k`` cards with chance ``1/k`` if still held (the variant's own
           choice is taken as neutral too, as ``thorn_held`` does). That prior is conditioned on
           the public evidence: a thorn turned up in round ``r`` was held in round ``r`` (so lost at
           a later loss, or never); every card of ``t`` turned up as a rose in round ``r`` means it
           was lost before. So the chance that it is still held is exactly the public
           ``thorn_held`` that today's observation shows (1 since a turned-up thorn, × (k-1)/k a
           loss, 0 after an all-rose stack).
        2. *Each round's lays.* In a round where ``t`` held its thorn and nobody saw it, the thorn
           lay, uniformly, on any of its cards not turned up: a face-down stack card (its lay
           becomes ``lay thorn``) or one kept in hand; the turned-up cards keep their public kinds;
           every other card is a rose.
        3. *Each loss.* The loss of step 1 is ``lose thorn``, every other ``lose rose``.

        Each step stays legal: a seat lays its thorn only in a round in which it holds it, and loses
        a rose only when it has one (a seat whose only card is its thorn loses the thorn: the prior
        gives every later loss chance 0). The cards turned up are the same, and so is every public
        message and ``thorn_held`` value."""
        n = self.num_players
        rounds = self.round
        # What everybody read, round by round: lays per seat, the cards turned up from each stack
        # (top first), the losses (their challenger, in order).
        lays = [[0] * rounds for _ in range(n)]
        ups: list[list[list[str]]] = [[[] for _ in range(rounds)] for _ in range(n)]
        loss_rounds: list[list[int]] = [[] for _ in range(n)]
        losers: list[int] = []
        r = 0
        for entry in self.log.entries:
            msg = entry.message
            event = _PUBLIC_EVENTS.get(msg[0]) if type(msg) is tuple else None
            if event is None:
                continue
            if event == "lay":
                lays[msg[1]][r] += 1
            elif event == "up":
                ups[msg[2]][r].append(msg[3])
            elif event == "loss":
                c = msg[2]
                losers.append(c)
                loss_rounds[c].append(r)
            else:  # a new round
                r = msg[1] - 1
        lay_kinds: list[list[str]] = [[] for _ in range(n)]
        loss_kinds: list[list[str]] = [[] for _ in range(n)]
        for t in range(n):
            if t != seat:
                lay_kinds[t], loss_kinds[t] = redraw_seat(lays[t], ups[t], loss_rounds[t], rng)
        steps = []
        lay_at = [0] * n
        loss_at = [0] * n
        losses = 0
        for mover, action in self.history:
            cls = type(action)
            if cls is Lay:
                if mover != seat:
                    action = LAYS[lay_kinds[mover][lay_at[mover]]]
                lay_at[mover] += 1
            elif cls is Lose:
                c = losers[losses]
                losses += 1
                if c != seat:
                    action = LOSES[loss_kinds[c][loss_at[c]]]
                loss_at[c] += 1
            steps.append((mover, action))
        return steps

    def check_invariants(self) -> None:
        """Cards are conserved: every seat's hand, stack and lost cards are 3 roses and 1 thorn."""
        for t in range(self.num_players):
            roses = self.hands[t][0] + self.stacks[t].count(ROSE) + self.lost[t].count(ROSE)
            thorns = self.hands[t][1] + self.stacks[t].count(THORN) + self.lost[t].count(THORN)
            assert (roses, thorns) == (3, 1), f"seat {t} holds {roses} roses and {thorns} thorns in all"
            assert min(self.hands[t]) >= 0
            assert self.out[t] == (self.cards_of(t) == 0), f"seat {t}: out={self.out[t]} with {self.cards_of(t)} cards"
            assert 0 <= self.revealed[t] <= len(self.stacks[t])


_APPLY = {Start: RosesAndThornsState._start, Lay: RosesAndThornsState._lay, Bid: RosesAndThornsState._bid,
          Pass: RosesAndThornsState._pass, Flip: RosesAndThornsState._flip, Lose: RosesAndThornsState._lose}

# The log entries of the frequent events, built once: an entry is immutable, so every "Seat 2 bids
# 3." of every game can be the same object (EventLog shares entries; the raw messages are equal).
_SEATS = range(MAX_SEATS)
_LAY_FIRST_ENTRIES = tuple(tuple(LogEntry((MSG_LAY_FIRST, s), ((s, (MSG_YOU_LAY_FIRST, k)),)) for k in KINDS)
                           for s in _SEATS)
_LAY_ENTRIES = tuple(tuple(LogEntry((MSG_LAY, s), ((s, (MSG_YOU_LAY, k)),)) for k in KINDS) for s in _SEATS)
_BID_ENTRIES = tuple(tuple(LogEntry((MSG_BID, s, b)) for b in range(MAX_CARDS + 1)) for s in _SEATS)
_PASS_ENTRIES = tuple(LogEntry((MSG_PASS, s)) for s in _SEATS)
_UP_ENTRIES = tuple(tuple(tuple(LogEntry((MSG_UP_OWN if t == c else MSG_UP, c, t, k)) for k in KINDS)
                          for t in _SEATS) for c in _SEATS)

#: ``_seat_view(*fields)``: the :class:`SeatView` with these field values, in field order, made once
#: (immutable, so shared among observations and states; a seat's view rarely changes between two
#: observations). Bounded: the 50,000 most recently used.
_seat_view = lru_cache(maxsize=50_000)(SeatView)


#: The public log messages that ``_sample_history`` reads back, by template.
_PUBLIC_EVENTS = {MSG_LAY: "lay", MSG_LAY_FIRST: "lay", MSG_UP: "up", MSG_UP_OWN: "up", MSG_DRAWS: "loss",
                  MSG_CHOOSES: "loss", MSG_ROUND: "round"}
