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

Speed (engine v2): the deck is kept as a count per distinct card (:class:`.tables.Tables` numbers the
distinct cards in sorted order, the order of the chance outcomes), each bouquet's roses and thorns
as running totals, and every action object is made once per deck and table size (:func:`.tables.tables`),
so equal actions are the identical object and listing or checking them costs no construction.
Log messages are finished strings looked up in a cache (:data:`_words`), so applying an action
formats no text once a message has been seen.
"""
from __future__ import annotations

import bisect
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from roses.core import CHANCE, TERMINAL, GameParameterError, IllegalActionError, State
from roses.core.game import GameInfo

from .actions import ACCEPT, EXCHANGE, KEEP, REFUSE, Accept, Deal, Draw, Exchange, Keep, Offer, Refuse, Start
from .cards import HAND_SIZE, Card, card_words, check_deck_size, deck_counter
from .observation import PendingOffer, RoseCeremonyObservation
from .tables import MIN_EXCHANGE_ROSES, WILT_THORNS, WINNING_POINTS, WINNING_ROSES, exchange_points, tables

RULE_SETUP = "Setup"
RULE_DATE = "Go on a Date with Another Player (mandatory action)"
RULE_HIDDEN = "Go on a Date: offered face down (RC-3)"
RULE_EXCHANGE = "Exchange a Bouquet for Charm Points (RC-4)"
RULE_END = "End of the Game (RC-5)"

DECK_OUT = ("the deck has run out: the round is finished without draws, then most "
            "charm points wins")  # RC-5
_PHASES_OF_CHANCE = frozenset(("deal", "start", "draw"))

#: A log message worded from its template and arguments, kept once worded: log messages are
#: finished strings (the raw messages seats read, compared and joined as text, e.g. by the search
#: tests), and applying an action formats no text once a message has been seen.
_words = lru_cache(maxsize=1 << 16)(str.format)


def _s(k: int) -> str:
    """The plural ending of a log noun after ``k`` ("1 thorn", "2 thorns")."""
    return "" if k == 1 else "s"


class RoseCeremonyState(State):
    """One position of Rose Ceremony.

    Attributes (all of them, hidden ones included, are in :meth:`snapshot`):
        phase: ``"deal" | "start" | "offer" | "respond" | "exchange" | "draw" | "over"``.
        hands: each seat's hand, a sorted list of :class:`Card` (hidden, RC-3).
        deck: (property) the rose card deck as a sorted list of cards, kept as a count per distinct
            card (``_deck_counts``, ``_deck_size``); its order is not fixed in advance because every
            draw is a chance outcome. Assigning a list of cards sets it.
        bouquets: (property) each seat's bouquet (face up, arrival order); its roses and thorns are
            kept as running totals (``_roses``, ``_thorns``). Assigning a list of bouquets sets
            them (and the totals); do not change a bouquet list in place.
        discard: the discard pile (face up, oldest first).
        points: charm points per seat (RC-6: unlimited heart supply).
        start_player, turn_player: the round's first player and whose turn it is.
        pending: the :class:`PendingOffer` awaiting accept/refuse (card included), or ``None``.
        last_round: the deck has run out; the round is being finished without draws (RC-5).
        winners: the winning seats once over.
    """

    def __init__(self, game, seed: int):
        super().__init__(game, seed)
        n = self.num_players
        t = self._t = tables(game)
        if t.total < HAND_SIZE * n:
            raise GameParameterError("deck", check_deck_size(game.params["deck"], n))
        self.phase = "deal"
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self._deck_counts: list[int] = list(t.full)
        self._deck_size = t.total
        self._bouquets: list[list[Card]] = [[] for _ in range(n)]
        self._roses: list[int] = [0] * n
        self._thorns: list[int] = [0] * n
        self.discard: list[Card] = []
        self.points: list[int] = [0] * n
        self.start_player: int | None = None
        self.turn_player: int | None = None
        self.pending: PendingOffer | None = None
        self.last_round = False
        self.winners: list[int] = []
        self.win_by = ""  # which of the three endings: charm-points, ten-roses, deck-out

    # ------------------------------------------------------------------ derived views
    @property
    def deck(self) -> list[Card]:
        """The deck as a sorted list of cards (a new list)."""
        return [c for c, k in zip(self._t.cards, self._deck_counts) for _ in range(k)]

    @deck.setter
    def deck(self, cards) -> None:
        counts = [0] * len(self._t.cards)
        for c in cards:
            i = self._t.number_of(c)
            if i is None:
                raise ValueError(f"{c!r} is not a card of this game's deck")
            counts[i] += 1
        self._deck_counts = counts
        self._deck_size = sum(counts)

    @property
    def bouquets(self) -> list[list[Card]]:
        return self._bouquets

    @bouquets.setter
    def bouquets(self, bouquets) -> None:
        self._bouquets = [list(b) for b in bouquets]
        self._roses = [sum(c.roses for c in b) for b in self._bouquets]
        self._thorns = [sum(c.thorns for c in b) for b in self._bouquets]

    # ------------------------------------------------------------------ whose move
    def current_player(self) -> int:
        phase = self.phase
        if phase == "offer" or phase == "exchange":
            return self.turn_player
        if phase == "respond":
            return self.pending.receiver
        if phase == "over":
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in _PHASES_OF_CHANCE

    def _legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == "offer":  # every distinct card in hand (sorted) to every other seat
            t = self._t
            me = self.turn_player
            offers, number = t.offers_from[me], t.number
            out: list[Any] = []
            last = -1
            for c in self.hands[me]:
                i = number[c.roses][c.thorns]
                if i != last:
                    out += offers[i]
                    last = i
            return out
        if phase == "respond":
            return [ACCEPT, REFUSE]
        if phase == "exchange":
            return [EXCHANGE, KEEP]
        return []

    def _deck_row(self) -> tuple:
        """The chance outcomes by card number at a deal or draw: ``Deal``/``Draw`` to its seat."""
        t = self._t
        if self.phase == "deal":  # Setup deals one card at a time round the table from seat 0
            return t.deal[(t.total - self._deck_size) % self.num_players]
        return t.draw[self.turn_player]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        phase = self.phase
        if phase == "deal" or phase == "draw":  # one outcome per distinct card left, count/remaining
            row, total = self._deck_row(), self._deck_size
            return [(row[i], k / total) for i, k in enumerate(self._deck_counts) if k]
        if phase == "start":
            return list(self._t.starts)
        return []

    def sample_chance(self) -> Any:
        """As :meth:`State.sample_chance` (the same number, the same outcome), walking the deck's
        counts instead of listing every outcome first."""
        phase = self.phase
        if phase != "deal" and phase != "draw":
            return State.sample_chance(self)
        r = self._peeked
        if r is None:
            r = self._peeked = self._own_rng().random()
        row, total = self._deck_row(), self._deck_size
        acc = 0.0
        last = 0
        for i, k in enumerate(self._deck_counts):
            if k:
                acc += k / total
                if r < acc:
                    return row[i]
                last = i
        return row[last]

    def is_legal(self, action: Any) -> bool:
        """The rules' own check (the same answer as membership in the legal actions)."""
        phase = self.phase
        kind = type(action)
        if phase == "offer":
            me = self.turn_player
            return kind is Offer and action.to in self._t.others[me] and action.card in self.hands[me]
        if phase == "respond":
            return kind is Accept or kind is Refuse
        if phase == "exchange":
            return kind is Exchange or kind is Keep
        if phase == "deal" or phase == "draw":
            if kind is not (Deal if phase == "deal" else Draw):
                return False
            i = self._t.number_of(action.card)
            if i is None or not self._deck_counts[i]:
                return False
            outcome = self._deck_row()[i]
            return outcome is action or outcome == action
        if phase == "start":
            seat = action.seat if kind is Start else None
            return type(seat) is int and 0 <= seat < self.num_players
        return False

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Any) -> None:
        _APPLY[type(action)](self, action)

    def _take_from_deck(self, card: Card) -> None:
        t = self._t
        self._deck_counts[t.number[card.roses][card.thorns]] -= 1
        self._deck_size -= 1
        if not self._deck_size:
            self.last_round = True
            self.log.add(DECK_OUT)

    def _apply_deal(self, action: Deal) -> None:
        """Setup: deal one card face down (seen only by its receiver)."""
        card, seat = action.card, action.seat
        bisect.insort(self.hands[seat], card)
        self.log.add(_words("seat {} is dealt a card", seat), {seat: "you are dealt " + card_words(card.roses, card.thorns)})
        self._take_from_deck(card)
        if self._deck_size == self._t.total - HAND_SIZE * self.num_players:  # 4 cards each
            fixed = self.game.params.get("start_player")
            if fixed is None:
                self.phase = "start"
            else:
                self._begin(fixed, "chosen when the table was set up")

    def _apply_start(self, action: Start) -> None:
        self._begin(action.seat, "drawn at random")

    def _begin(self, seat: int, how: str) -> None:
        """Game Play: ``seat`` starts; play passes clockwise from it."""
        self.start_player = seat
        self.turn_player = seat
        self.phase = "offer"
        self.log.add(_words("seat {} starts ({})", seat, how))

    def _apply_offer(self, action: Offer) -> None:
        """Go on a Date: the card leaves the hand face down (RC-3: only the offerer knows it)."""
        me = self.turn_player
        card, to = action.card, action.to
        self.hands[me].remove(card)  # the first equal card: the hand stays sorted
        self.pending = PendingOffer(me, to, card)
        self.phase = "respond"
        self.log.add(_words("seat {} offers a card face down to seat {}", me, to),
                     {me: _words("you offer {} face down to seat {}", card_words(card.roses, card.thorns), to)})

    def _apply_answer(self, action: Accept | Refuse) -> None:
        """The receiver accepts (card to their bouquet) or refuses (card to the offerer's); the card
        lands face up (RC-3) and that bouquet alone is checked for thorns."""
        offer = self.pending
        self.pending = None
        card = offer.card
        if type(action) is Accept:
            owner = offer.receiver
            self.log.add(_words("seat {} accepts: {} goes into seat {}'s bouquet",
                          offer.receiver, card_words(card.roses, card.thorns), owner))
        else:
            owner = offer.offerer
            self.log.add(_words("seat {} refuses: {} goes into seat {}'s own bouquet",
                          offer.receiver, card_words(card.roses, card.thorns), owner))
        self._add_to_bouquet(owner, card)
        if self._roses[self.turn_player] >= MIN_EXCHANGE_ROSES:
            self.phase = "exchange"
        else:  # RC-4: nothing to exchange, so the choice is not offered
            self._to_draw()

    def _add_to_bouquet(self, seat: int, card: Card) -> None:
        """Add ``card`` to ``seat``'s bouquet, then check that bouquet: 5 or more thorns and all its
        cards, the new one included, go face up to the discard pile."""
        bouquet = self._bouquets[seat]
        bouquet.append(card)
        thorns = self._thorns[seat] + card.thorns
        if thorns >= WILT_THORNS:
            k = len(bouquet)
            self.log.add(_words("seat {}'s bouquet has {} thorns and wilts: {} card{} to the discard pile",
                                seat, thorns, k, _s(k)))
            self.discard += bouquet
            bouquet.clear()
            self._roses[seat] = self._thorns[seat] = 0
        else:
            roses = self._roses[seat] = self._roses[seat] + card.roses
            self._thorns[seat] = thorns
            self.log.add(_words("seat {}'s bouquet: {} rose{}, {} thorn{}", seat, roses, _s(roses), thorns, _s(thorns)))

    def _apply_exchange(self, action: Exchange | None = None) -> None:
        """Exchange the whole bouquet (RC-4) for charm points; 10+ roses or 5+ points win at once."""
        me = self.turn_player
        bouquet = self._bouquets[me]
        roses = self._roses[me]
        self.discard += bouquet
        bouquet.clear()
        self._roses[me] = self._thorns[me] = 0
        if roses >= WINNING_ROSES:
            self.log.add(_words("seat {} exchanges a bouquet of {} roses and is immediately declared the winner", me, roses))
            self._finish([me], "ten-roses")
            return
        gained = exchange_points(roses)
        points = self.points[me] = self.points[me] + gained
        self.log.add(_words("seat {} exchanges a bouquet of {} roses for {} charm point{}, now {}",
                            me, roses, gained, _s(gained), points))
        if points >= WINNING_POINTS:
            self.log.add(_words("seat {} has {} charm points and is immediately declared the winner", me, points))
            self._finish([me], "charm-points")
            return
        self._to_draw()

    def _apply_keep(self, action: Keep) -> None:
        self.log.add(_words("seat {} keeps the bouquet", self.turn_player))
        self._to_draw()

    def _to_draw(self) -> None:
        """End of the turn: draw back to 4 cards while the deck lasts (none once it ran out, RC-5)."""
        if len(self.hands[self.turn_player]) < HAND_SIZE and self._deck_size:
            self.phase = "draw"
        else:
            self._end_turn()

    def _apply_draw(self, action: Draw) -> None:
        card, seat = action.card, action.seat
        bisect.insort(self.hands[seat], card)
        left = self._deck_size - 1
        self.log.add(_words("seat {} draws a card ({} left)", seat, left),
                     {seat: _words("you draw {} ({} left)", card_words(card.roses, card.thorns), left)})
        self._take_from_deck(card)
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

    def _may_take_back(self, action) -> bool:
        """A rose card offered face down may be taken back before its receiver answers (issue 42);
        an answer or an exchange shows cards, so it stands."""
        return isinstance(action, Offer)

    def result_tags(self) -> dict[str, str]:
        """How the game ended (End of the Game): ``win_by`` is ``charm-points`` (5+ points),
        ``ten-roses`` (a 10+ rose exchange) or ``deck-out`` (RC-5); ``tie`` is ``yes``/``no``."""
        if self.phase != "over":
            return {}
        return {"win_by": self.win_by, "tie": "yes" if len(self.winners) > 1 else "no"}

    def _observation(self, seat: int | None) -> RoseCeremonyObservation:
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
            hand_sizes=tuple(map(len, self.hands)),
            bouquets=tuple(map(tuple, self._bouquets)),
            bouquet_roses=tuple(self._roses),
            bouquet_thorns=tuple(self._thorns),
            points=tuple(self.points),
            deck_size=self._deck_size,
            discard=tuple(self.discard),
            discard_count=len(self.discard),
            pending_offer=pending,
            last_round=self.last_round,
            log=self.log.view(seat),
            returns=tuple(self.returns()) if over else None,
            winners=tuple(self.winners),
        )

    def clone(self) -> "RoseCeremonyState":
        """An independent copy: cards, actions, log entries, the tables and the pending offer are
        immutable and shared, the RNG too (copy-on-write); only the lists holding them are copied."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(h) for h in self.hands]
        twin._bouquets = [list(b) for b in self._bouquets]
        twin._roses = list(self._roses)
        twin._thorns = list(self._thorns)
        twin._deck_counts = list(self._deck_counts)
        twin.discard = list(self.discard)
        twin.points = list(self.points)
        twin.winners = list(self.winners)
        twin.history = list(self.history)
        twin.log = self.log.copy()
        self.share_rng_with(twin)
        return twin

    #: The shared tables (``_t``) are the game's, not the position's.
    SNAPSHOT_SKIP = State.SNAPSHOT_SKIP | {"_t"}

    # ------------------------------------------------------------------ hidden information
    def _sample_history(self, seat: int, rng: random.Random) -> list[tuple[int, Any]]:
        """This game's history with every card hidden from ``seat`` re-drawn (RC-3), read only from
        what ``seat`` knows: the steps' public shape (who was dealt or drew, who offered to whom, the
        answers, exchanges), its own cards, and the offered cards that landed face up.

        1. The present: the cards ``seat`` has not seen (the deck parameter minus its hand, every
           bouquet, the discard pile and its own pending offer; in card order) are shuffled and
           dealt to the other hands (their sizes are public), then the pending offered card if
           another seat offered it; the rest is the deck.
        2. The past: each other seat's received cards (Deal/Draw steps) must be its offered cards
           (each received before it was offered) and its present hand. Going through the history,
           each offer of another seat is given that seat's oldest received step not yet given (one
           is there: the seat held a card to offer), a choice made from the steps' public shape
           alone; the steps left at the end hold its present hand, in the order drawn in 1. Every
           card so received was in the deck then, as the cards received by everybody plus the deck
           add up to the deck parameter. Which step held which card is hidden from ``seat``.
        """
        history = self.history
        if not history and self.phase != "deal":
            raise ValueError("this state was not reached by play (it has no history): it cannot be determinized")
        t = self._t
        number = t.number
        n = self.num_players
        unseen = list(t.full)
        for c in self.hands[seat]:
            unseen[number[c.roses][c.thorns]] -= 1
        for b in self._bouquets:
            for c in b:
                unseen[number[c.roses][c.thorns]] -= 1
        for c in self.discard:
            unseen[number[c.roses][c.thorns]] -= 1
        pending = self.pending
        hidden_offer = pending is not None and pending.offerer != seat
        if pending is not None and not hidden_offer:
            c = pending.card
            unseen[number[c.roses][c.thorns]] -= 1
        pool = [i for i, k in enumerate(unseen) for _ in range(k)]
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(n)]
        at = 0
        for s in range(n):
            if s != seat:
                k = len(self.hands[s])
                hands[s] = pool[at:at + k]
                at += k
        offered = pool[at] if hidden_offer else -1

        open_steps: list[list[int]] = [[] for _ in range(n)]  # each seat's received steps not yet used
        received: dict[int, int] = {}  # step -> card number, for the other seats' deals and draws
        last = len(history) - 1
        for j, (mover, action) in enumerate(history):
            kind = type(action)
            if kind is Deal or kind is Draw:
                if action.seat != seat:
                    open_steps[action.seat].append(j)
            elif kind is Offer and mover != seat:
                if j == last and hidden_offer:
                    i = offered
                else:  # answered: the card landed face up
                    c = action.card
                    i = number[c.roses][c.thorns]
                received[open_steps[mover].pop(0)] = i
        for s in range(n):
            if s != seat:
                assert len(open_steps[s]) == len(hands[s]), "hand size does not match the received cards"
                received.update(zip(open_steps[s], hands[s]))

        out = list(history)
        for j, i in received.items():
            mover, action = history[j]
            out[j] = (mover, (t.deal if type(action) is Deal else t.draw)[action.seat][i])
        if hidden_offer:
            out[last] = (out[last][0], t.offer[offered][pending.receiver])
        return out

    # ------------------------------------------------------------------ checks and refusals
    def check_invariants(self) -> None:
        """Cards are conserved (hands + deck + bouquets + discard + pending offer = the deck
        parameter); hands hold at most 4; no bouquet keeps 5+ thorns; the running totals match the
        cards; phases are consistent."""
        everywhere: Counter = Counter(self.deck) + Counter(self.discard)
        for h in self.hands:
            everywhere.update(h)
        for b in self._bouquets:
            everywhere.update(b)
        if self.pending is not None:
            everywhere[self.pending.card] += 1
        assert everywhere == deck_counter(self.game.params["deck"]), "cards are not conserved"
        assert self._deck_size == sum(self._deck_counts) and min(self._deck_counts) >= 0
        assert all(len(h) <= HAND_SIZE and h == sorted(h) for h in self.hands), "a hand is over 4 cards or unsorted"
        assert self._roses == [sum(c.roses for c in b) for b in self._bouquets], "rose totals out of step"
        assert self._thorns == [sum(c.thorns for c in b) for b in self._bouquets], "thorn totals out of step"
        assert all(t < WILT_THORNS for t in self._thorns), "a bouquet kept 5+ thorns"
        assert (self.pending is not None) == (self.phase == "respond"), "pending offer out of phase"
        assert self.phase == "over" or max(self.points) < WINNING_POINTS, "5 points did not end the game"
        assert self.last_round == (not self._deck_size), "last_round must be set exactly when the deck is empty"
        if self.phase == "offer":
            assert self.hands[self.turn_player], "the turn player has no card to offer"
        if self.phase == "over":
            assert self.winners

    def parse_action(self, text: str) -> Any:
        """The action written ``text`` (normalised), legal now or not: ``offer 3/1 to 2``,
        ``accept``, ``refuse``, ``exchange``, ``keep``, and the chance outcomes ``deal 3/1 to 2``,
        ``draw 3/1 for 2``, ``start 2``; ``None`` for anything else."""
        words = text.split()
        simple = {"accept": ACCEPT, "refuse": REFUSE, "exchange": EXCHANGE, "keep": KEEP}
        try:
            if len(words) == 1:
                return simple.get(words[0])
            if len(words) == 2 and words[0] == "start":
                return Start(int(words[1]))
            if len(words) == 4:
                verb, card, prep, seat = words
                kind = {("offer", "to"): Offer, ("deal", "to"): Deal, ("draw", "for"): Draw}.get((verb, prep))
                if kind is not None:
                    return kind(Card.parse(card), int(seat))
        except ValueError:
            return None
        return None

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
            return IllegalActionError(RULE_DATE, f"you do not hold {card_words(action.card.roses, action.card.thorns)}", action)
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
        roses = self._roses[self.turn_player] if self.turn_player is not None else 0
        if roses < MIN_EXCHANGE_ROSES:
            return IllegalActionError(
                RULE_EXCHANGE, f"an exchange needs 4 or more roses; the bouquet has {roses}", action)
        return IllegalActionError(RULE_EXCHANGE, "the exchange is made at most once a turn, right after the date", action)


#: ``_apply`` dispatches on the action's type.
_APPLY = {
    Deal: RoseCeremonyState._apply_deal,
    Start: RoseCeremonyState._apply_start,
    Offer: RoseCeremonyState._apply_offer,
    Accept: RoseCeremonyState._apply_answer,
    Refuse: RoseCeremonyState._apply_answer,
    Exchange: RoseCeremonyState._apply_exchange,
    Keep: RoseCeremonyState._apply_keep,
    Draw: RoseCeremonyState._apply_draw,
}

def info(game) -> GameInfo:
    """Static facts of Rose Ceremony for ``game``'s deck and players (:class:`GameInfo`).

    ``max_game_length`` = ``4·D − 9·n + 1`` for a deck of ``D`` cards and ``n`` players (181 for
    the default deck at 4 players, 199 at 2). Proof: the Setup is ``4n`` deal outcomes and at most
    one ``start``. After it every hand holds 4 cards, and each turn offers one card and then draws
    one while the deck lasts (a hand of 3 is below 4), so hands stay at 4 until the deck runs out
    and there are at most ``D − 4n`` draws in all; every turn before the deck ran out draws, so at
    most ``D − 4n`` turns draw, and after the turn that draws the last card at most ``n − 1`` turns
    finish the round (RC-5; a deck dealt out in the Setup leaves exactly one round of ``n`` turns).
    So there are at most ``D − 4n + n = D − 3n`` turns, each with an offer, an answer and at most
    one exchange/keep choice: at most ``4n + 1 + 3(D − 3n) + (D − 4n) = 4D − 9n + 1`` steps.
    """
    t = tables(game)
    n = game.num_players
    return GameInfo(
        information="imperfect",
        chance_mode="explicit",
        utility="constant-sum",  # the winners share 1 (RC-5: 1/k each of k tied winners)
        min_utility=0.0,
        max_utility=1.0,
        max_game_length=4 * t.total - 9 * n + 1,
        num_distinct_actions=len(t.cards) * n + 4,
        max_chance_outcomes=max(len(t.cards), n),  # a card kind drawn, or the start player
        score_unit="",
    )
