"""The Rose Ceremony state: the rules of ``shared/seeds/rose-ceremony.txt`` with rulings RC-1…RC-6.

Flow of one game (rulebook section → code):

* Setup — "deal 4 cards face down to each player": chance outcomes :class:`Deal`, one per distinct
  card value with probability count/remaining, dealt round the table from seat 0
  (:meth:`RoseCeremonyState._apply_deal`). A deck dealt out completely starts the last round (RC-5).
* Game Play — "started by the player who most recently pricked themselves": not computable, so a
  chance outcome :class:`Start` (uniform) unless the ``start_player`` parameter fixes the seat.
  Play passes clockwise (increasing seat index).
* Go on a Date (mandatory) — :class:`Offer` a hand card face down to another seat; the receiver
  answers :class:`Accept` or :class:`Refuse` without seeing it (RC-3); the card then lands face up
  in the receiver's or the offerer's bouquet, and that bouquet is checked: 5 or more thorns and all
  its cards, the new one too, go face up to the discard pile (:meth:`_add_to_bouquet`).
* Exchange (additional, RC-4) — only the turn player, after the date, at most once, the whole
  bouquet: 4–5 roses 1 charm point, 6–7 two, 8–9 three, 10+ wins at once (:meth:`_apply_exchange`).
  The choice is only offered when the bouquet has 4 or more roses.
* End of turn — draw back to 4 cards (chance :class:`Draw`) while the deck lasts.
* End of the Game — 5+ charm points wins at once; a 10+ rose exchange wins at once; when the last
  card is drawn the round is finished without draws (the seat before the start player plays last),
  then most charm points wins and a tie makes every tied player a winner (RC-5, :meth:`_end_turn`).
"""
from __future__ import annotations

import bisect
from itertools import groupby
import random
from collections import Counter
from typing import Any

from roses.core import CHANCE, TERMINAL, EventLog, GameParameterError, IllegalActionError, State

from .actions import ACCEPT, EXCHANGE, KEEP, REFUSE, Accept, Deal, Draw, Exchange, Keep, Offer, Refuse, Start
from .cards import HAND_SIZE, Card, check_deck_size, deck_counter, roses_of, thorns_of
from .observation import PendingOffer, RoseCeremonyObservation

#: "If the bouquet has 5 or more thorns, remove all rose cards from this bouquet to the discard pile".
WILT_THORNS = 5
#: Goal of the Game / End of the Game: "5 or more charm points" wins at once.
WINNING_POINTS = 5
#: Exchange: "If your bouquet has 4 or more roses, you may exchange it".
MIN_EXCHANGE_ROSES = 4
#: Exchange: "10 or more roses: you are immediately declared the winner".
WINNING_ROSES = 10

RULE_SETUP = "Setup"
RULE_DATE = "Go on a Date with Another Player (mandatory action)"
RULE_HIDDEN = "Go on a Date: offered face down (RC-3)"
RULE_EXCHANGE = "Exchange a Bouquet for Charm Points (RC-4)"
RULE_END = "End of the Game (RC-5)"


def _n(k: int, noun: str) -> str:
    """``_n(1, "rose")`` -> ``"1 rose"``, ``_n(3, "rose")`` -> ``"3 roses"`` (log wording)."""
    return f"{k} {noun}{'' if k == 1 else 's'}"


def exchange_points(roses: int) -> int:
    """Charm points for exchanging a bouquet of ``roses`` roses (Exchange section).

    4–5 → 1, 6–7 → 2, 8–9 → 3; below 4 → 0 (no exchange allowed). 10 or more wins the game at
    once; this function returns 0 for it and :meth:`RoseCeremonyState._apply_exchange` declares the
    win.
    """
    if roses < MIN_EXCHANGE_ROSES or roses >= WINNING_ROSES:
        return 0
    return (roses - 2) // 2  # 4,5 -> 1; 6,7 -> 2; 8,9 -> 3


class RoseCeremonyState(State):
    """One position of Rose Ceremony.

    Attributes (all of them, hidden ones included, are in :meth:`snapshot`):
        phase: ``"deal" | "start" | "offer" | "respond" | "exchange" | "draw" | "over"``.
        hands: each seat's hand, a sorted list of :class:`Card` (hidden, RC-3).
        deck: the rose card deck as a sorted multiset of cards; its order is not fixed in advance
            because every draw is a chance outcome.
        bouquets: each seat's bouquet (face up, arrival order).
        discard: the discard pile (face up, oldest first).
        points: charm points per seat (RC-6: unlimited heart supply).
        start_player, turn_player: the round's first player and whose turn it is.
        pending: the :class:`PendingOffer` awaiting accept/refuse (card included), or ``None``.
        last_round: the deck has run out; the round is being finished without draws (RC-5).
        winners: the winning seats once over.
    """

    def __init__(self, game, seed: int):
        super().__init__(game, seed)
        n = game.num_players
        rows = game.params["deck"]
        problem = check_deck_size(rows, n)
        if problem:
            raise GameParameterError("deck", problem)
        fixed = game.params.get("start_player")
        if fixed is not None and not 0 <= fixed < n:
            raise GameParameterError("start_player", f"seat {fixed} does not exist with {n} players (seats 0..{n - 1})")
        self.phase = "deal"
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = sorted(deck_counter(rows).elements())
        self.bouquets: list[list[Card]] = [[] for _ in range(n)]
        self.discard: list[Card] = []
        self.points: list[int] = [0] * n
        self.start_player: int | None = None
        self.turn_player: int | None = None
        self.pending: PendingOffer | None = None
        self.last_round = False
        self.winners: list[int] = []
        self.win_by = ""  # which of the three endings: charm-points, ten-roses, deck-out

    # ------------------------------------------------------------------ whose move
    def current_player(self) -> int:
        if self.phase in ("deal", "start", "draw"):
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        if self.phase == "respond":
            assert self.pending is not None
            return self.pending.receiver
        assert self.turn_player is not None
        return self.turn_player

    def _legal_actions(self) -> list[Any]:
        if self.phase == "offer":
            me = self.turn_player
            return [Offer(card, to) for card in sorted(set(self.hands[me]))
                    for to in range(self.num_players) if to != me]
        if self.phase == "respond":
            return [ACCEPT, REFUSE]
        if self.phase == "exchange":
            return [EXCHANGE, KEEP]
        return []

    def _deck_outcomes(self) -> list[tuple[Card, float]]:
        """One outcome per distinct card left, probability count/remaining (conventions)."""
        total = len(self.deck)
        return [(card, sum(1 for _ in same) / total) for card, same in groupby(self.deck)]  # deck is sorted

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == "deal":
            seat = self._next_deal_seat()
            return [(Deal(card, seat), p) for card, p in self._deck_outcomes()]
        if self.phase == "start":
            n = self.num_players
            return [(Start(s), 1.0 / n) for s in range(n)]
        if self.phase == "draw":
            return [(Draw(card, self.turn_player), p) for card, p in self._deck_outcomes()]
        return []

    def _next_deal_seat(self) -> int:
        """Setup deals one card at a time round the table from seat 0."""
        return sum(len(h) for h in self.hands) % self.num_players

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Any) -> None:
        if isinstance(action, Deal):
            self._apply_deal(action)
        elif isinstance(action, Start):
            self._begin(action.seat, "drawn at random")
        elif isinstance(action, Offer):
            self._apply_offer(action)
        elif isinstance(action, (Accept, Refuse)):
            self._apply_answer(action)
        elif isinstance(action, Exchange):
            self._apply_exchange()
        elif isinstance(action, Keep):
            self.log.add(f"seat {self.turn_player} keeps the bouquet")
            self._to_draw()
        elif isinstance(action, Draw):
            self._apply_draw(action)
        else:  # pragma: no cover - apply() only passes legal actions
            raise AssertionError(action)

    def _take_from_deck(self, card: Card) -> None:
        self.deck.pop(bisect.bisect_left(self.deck, card))
        if not self.deck:
            self.last_round = True
            self.log.add("the deck has run out: the round is finished without draws, then most "
                         "charm points wins (RC-5)")

    def _apply_deal(self, action: Deal) -> None:
        """Setup: deal one card face down (seen only by its receiver)."""
        bisect.insort(self.hands[action.seat], action.card)
        self.log.add(f"seat {action.seat} is dealt a card", {action.seat: f"you are dealt {action.card}"})
        self._take_from_deck(action.card)
        if all(len(h) == HAND_SIZE for h in self.hands):
            fixed = self.game.params.get("start_player")
            if fixed is None:
                self.phase = "start"
            else:
                self._begin(fixed, "fixed by the start_player parameter")

    def _begin(self, seat: int, how: str) -> None:
        """Game Play: ``seat`` starts; play passes clockwise from it."""
        self.start_player = seat
        self.turn_player = seat
        self.phase = "offer"
        self.log.add(f"seat {seat} starts ({how})")

    def _apply_offer(self, action: Offer) -> None:
        """Go on a Date: the card leaves the hand face down (RC-3: only the offerer knows it)."""
        me = self.turn_player
        hand = self.hands[me]
        hand.pop(bisect.bisect_left(hand, action.card))
        self.pending = PendingOffer(me, action.to, action.card)
        self.phase = "respond"
        self.log.add(f"seat {me} offers a card face down to seat {action.to}",
                     {me: f"you offer {action.card} face down to seat {action.to}"})

    def _apply_answer(self, action: Accept | Refuse) -> None:
        """The receiver accepts (card to their bouquet) or refuses (card to the offerer's); the card
        lands face up (RC-3) and that bouquet alone is checked for thorns."""
        offer = self.pending
        assert offer is not None
        self.pending = None
        if isinstance(action, Accept):
            owner = offer.receiver
            self.log.add(f"seat {offer.receiver} accepts: {offer.card} goes into seat {owner}'s bouquet")
        else:
            owner = offer.offerer
            self.log.add(f"seat {offer.receiver} refuses: {offer.card} goes into seat {owner}'s own bouquet")
        self._add_to_bouquet(owner, offer.card)
        if roses_of(self.bouquets[self.turn_player]) >= MIN_EXCHANGE_ROSES:
            self.phase = "exchange"
        else:  # RC-4: nothing to exchange, so the choice is not offered
            self._to_draw()

    def _add_to_bouquet(self, seat: int, card: Card) -> None:
        """Add ``card`` to ``seat``'s bouquet, then check that bouquet: 5 or more thorns and all its
        cards, the new one included, go face up to the discard pile."""
        bouquet = self.bouquets[seat]
        bouquet.append(card)
        thorns = thorns_of(bouquet)
        if thorns >= WILT_THORNS:
            self.log.add(f"seat {seat}'s bouquet has {thorns} thorns and wilts: "
                         f"{_n(len(bouquet), 'card')} to the discard pile")
            self.discard.extend(bouquet)
            bouquet.clear()
        else:
            self.log.add(f"seat {seat}'s bouquet: {_n(roses_of(bouquet), 'rose')}, {_n(thorns, 'thorn')}")

    def _apply_exchange(self) -> None:
        """Exchange the whole bouquet (RC-4) for charm points; 10+ roses or 5+ points win at once."""
        me = self.turn_player
        bouquet = self.bouquets[me]
        roses = roses_of(bouquet)
        self.discard.extend(bouquet)
        bouquet.clear()
        if roses >= WINNING_ROSES:
            self.log.add(f"seat {me} exchanges a bouquet of {roses} roses and is immediately declared the winner")
            self._finish([me], "ten-roses")
            return
        gained = exchange_points(roses)
        self.points[me] += gained
        self.log.add(f"seat {me} exchanges a bouquet of {roses} roses for {_n(gained, 'charm point')}, "
                     f"now {self.points[me]}")
        if self.points[me] >= WINNING_POINTS:
            self.log.add(f"seat {me} has {self.points[me]} charm points and is immediately declared the winner")
            self._finish([me], "charm-points")
            return
        self._to_draw()

    def _to_draw(self) -> None:
        """End of the turn: draw back to 4 cards while the deck lasts (none once it ran out, RC-5)."""
        if len(self.hands[self.turn_player]) < HAND_SIZE and self.deck:
            self.phase = "draw"
        else:
            self._end_turn()

    def _apply_draw(self, action: Draw) -> None:
        bisect.insort(self.hands[action.seat], action.card)
        self.log.add(f"seat {action.seat} draws a card ({len(self.deck) - 1} left)",
                     {action.seat: f"you draw {action.card} ({len(self.deck) - 1} left)"})
        self._take_from_deck(action.card)
        self._to_draw()

    def _end_turn(self) -> None:
        """Pass the turn clockwise; after the deck ran out, the round ends with the seat before the
        start player, and the game with it (RC-5): most charm points wins, ties all win."""
        n = self.num_players
        if self.last_round and self.turn_player == (self.start_player - 1) % n:
            best = max(self.points)
            winners = [s for s in range(n) if self.points[s] == best]
            self.log.add(f"the round is finished: most charm points ({best}) wins: "
                         + ", ".join(f"seat {s}" for s in winners))
            self._finish(winners, "deck-out")
            return
        self.turn_player = (self.turn_player + 1) % n
        self.phase = "offer"

    def _finish(self, winners: list[int], how: str) -> None:
        self.winners = sorted(winners)
        self.win_by = how
        self.phase = "over"
        self.pending = None

    # ------------------------------------------------------------------ results and views
    def returns(self) -> list[float]:
        """1.0 for a sole winner, ``1/k`` for each of ``k`` tied winners (RC-5), 0.0 otherwise;
        all zeros before the end."""
        out = [0.0] * self.num_players
        if self.phase == "over":
            for s in self.winners:
                out[s] = 1.0 / len(self.winners)
        return out

    def result_tags(self) -> dict[str, str]:
        """How the game ended (End of the Game): ``win_by`` is ``charm-points`` (5+ points),
        ``ten-roses`` (a 10+ rose exchange) or ``deck-out`` (RC-5); ``tie`` is ``yes``/``no``."""
        if self.phase != "over":
            return {}
        return {"win_by": self.win_by, "tie": "yes" if len(self.winners) > 1 else "no"}

    def observation(self, seat: int | None) -> RoseCeremonyObservation:
        """What ``seat`` may know (RC-3): its own hand; every bouquet, the discard pile, charm
        points and the deck size; the pending offer's card only if ``seat`` is its offerer."""
        pending = self.pending
        if pending is not None and seat != pending.offerer:
            pending = PendingOffer(pending.offerer, pending.receiver, None)
        over = self.phase == "over"
        return RoseCeremonyObservation(
            seat=seat,
            players=self.num_players,
            current_player=self.current_player(),
            phase=self.phase,
            turn_player=self.turn_player,
            start_player=self.start_player,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            bouquets=tuple(tuple(b) for b in self.bouquets),
            bouquet_roses=tuple(roses_of(b) for b in self.bouquets),
            bouquet_thorns=tuple(thorns_of(b) for b in self.bouquets),
            points=tuple(self.points),
            deck_size=len(self.deck),
            discard=tuple(self.discard),
            discard_count=len(self.discard),
            pending_offer=pending,
            last_round=self.last_round,
            log=self.log.view(seat),
            returns=tuple(self.returns()) if over else None,
            winners=tuple(self.winners),
        )

    def clone(self) -> "RoseCeremonyState":
        """An independent copy, faster than the base deep copy: cards, actions, log entries and the
        pending offer are immutable, so only the lists holding them are copied."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(h) for h in self.hands]
        twin.bouquets = [list(b) for b in self.bouquets]
        twin.deck = list(self.deck)
        twin.discard = list(self.discard)
        twin.points = list(self.points)
        twin.winners = list(self.winners)
        twin.history = list(self.history)
        twin.log = self.log.copy()
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def determinize(self, seat: int, rng: random.Random) -> "RoseCeremonyState":
        """A copy in which every card hidden from ``seat`` is re-dealt at random: the other hands,
        the deck and, unless ``seat`` offered it, the pending offered card (RC-3). Hand sizes, the
        deck size and everything public stay as they are. The copy gets its own RNG from ``rng``
        so its future chance outcomes tell nothing about the real game's."""
        world = self.clone()
        others = [s for s in range(self.num_players) if s != seat]
        pool: list[Card] = [c for s in others for c in world.hands[s]] + list(world.deck)
        hide_offer = world.pending is not None and world.pending.offerer != seat
        if hide_offer:
            pool.append(world.pending.card)
        rng.shuffle(pool)
        for s in others:
            k = len(world.hands[s])
            world.hands[s] = sorted(pool[:k])
            del pool[:k]
        if hide_offer:
            p = world.pending
            world.pending = PendingOffer(p.offerer, p.receiver, pool.pop())
        world.deck = sorted(pool)
        world.rng = random.Random(rng.getrandbits(64))
        world._peeked = None
        return world

    def check_invariants(self) -> None:
        """Cards are conserved (hands + deck + bouquets + discard + pending offer = the deck
        parameter); hands hold at most 4; no bouquet keeps 5+ thorns; phases are consistent."""
        everywhere: Counter = Counter(self.deck) + Counter(self.discard)
        for h in self.hands:
            everywhere.update(h)
        for b in self.bouquets:
            everywhere.update(b)
        if self.pending is not None:
            everywhere[self.pending.card] += 1
        assert everywhere == deck_counter(self.game.params["deck"]), "cards are not conserved"
        assert self.deck == sorted(self.deck)
        assert all(len(h) <= HAND_SIZE and h == sorted(h) for h in self.hands), "a hand is over 4 cards or unsorted"
        assert all(thorns_of(b) < WILT_THORNS for b in self.bouquets), "a bouquet kept 5+ thorns"
        assert (self.pending is not None) == (self.phase == "respond"), "pending offer out of phase"
        assert self.phase == "over" or max(self.points) < WINNING_POINTS, "5 points did not end the game"
        assert self.last_round == (not self.deck), "last_round must be set exactly when the deck is empty"
        if self.phase == "offer":
            assert self.hands[self.turn_player], "the turn player has no card to offer"
        if self.phase == "over":
            assert self.winners

    def explain_illegal(self, action: Any) -> IllegalActionError:
        """The rule an illegal action breaks, with the reason in words."""
        me = self.current_player()
        if isinstance(action, (Exchange, Keep)):
            return self._explain_exchange(action)
        if me == CHANCE and not isinstance(action, (Deal, Draw, Start)):
            return IllegalActionError(RULE_SETUP, "chance is to move (dealing, drawing or picking the start player)", action)
        if isinstance(action, Offer):
            if self.phase != "offer":
                return IllegalActionError(RULE_DATE, f"it is not the time to offer a card (phase {self.phase})", action)
            if action.to == me:
                return IllegalActionError(RULE_DATE, "you must go on a date with another player", action)
            if not 0 <= action.to < self.num_players:
                return IllegalActionError(RULE_DATE, f"there is no seat {action.to}", action)
            return IllegalActionError(RULE_DATE, f"you have no {action.card} card in hand", action)
        if isinstance(action, (Accept, Refuse)):
            return IllegalActionError(RULE_DATE, "only the receiver of a pending offer accepts or refuses it", action)
        if isinstance(action, (Deal, Draw, Start)):
            return IllegalActionError(RULE_SETUP, f"{action} is not a possible chance outcome now", action)
        return super().explain_illegal(action)

    def _explain_exchange(self, action: Any) -> IllegalActionError:
        """RC-4: only the turn player, after the date, at most once, with 4 or more roses."""
        if self.phase in ("deal", "start"):
            return IllegalActionError(RULE_EXCHANGE, "the game has not started yet", action)
        if self.phase == "offer":
            return IllegalActionError(RULE_EXCHANGE, "the exchange comes after the date: offer a card first", action)
        if self.phase == "respond":
            return IllegalActionError(RULE_EXCHANGE, "only the turn player may exchange, after the receiver's choice", action)
        roses = roses_of(self.bouquets[self.turn_player]) if self.turn_player is not None else 0
        if roses < MIN_EXCHANGE_ROSES:
            return IllegalActionError(
                RULE_EXCHANGE, f"an exchange needs 4 or more roses; the bouquet has {roses}", action)
        return IllegalActionError(RULE_EXCHANGE, "the exchange is made at most once a turn, right after the date", action)
