"""The Rare Roses state: setup, the turn phase by phase, solo, and the end of the game.

Rulebook ``rare-roses.txt``; rulings RR-1…RR-14 (``shared/RULINGS.md``). The rulebook text each rule
implements is quoted in the method docstrings; ``docs/rules/rare-roses.md`` maps every rule to its
code path.

Representation: tiles of one type in one box are interchangeable, so a shop is three boxes
(``bud``, ``fresh``, ``mature``) of six counts (one per rose type, :data:`cards.ROSES` order), the
market and the bag are six counts each. The order queue is a list of spaces, index 0 the space
farthest from the order deck (the oldest order), ``None`` for an empty space: four spaces, or three
in solo (RR-10).

Hidden information. The order deck is not stored: it is drawn lazily, each draw a chance node over
the cards that could be next (the rulebook shuffles the icon and no-icon decks and stacks ten of
each, icon deck on top, so the next card is uniform over the undrawn icon cards while icon cards
remain in the deck, then over the undrawn no-icon cards). Tiles are drawn from the bag's counts.
Every drawn card and tile is shown to all, so the future is the only hidden chance. The one
private thing is the terms of a deal (RR-7): its draft steps are read by the proposer only, the
proposed deal by its two seats; the others learn that a draft was opened, its number of steps, and
whether it was proposed and accepted (an accepted deal's terms are then logged for all; a declined
deal's never are). :meth:`_sample_history` (behind the core's sealed ``determinize``) keeps
everything public and re-draws the steps of every draft whose terms the seat does not know.

Groups of rules live in their own modules: the game's parameters (:class:`Rules`, read once per
game) in :mod:`.rules`; the rest as functions of the state: the legal actions and chance outcomes in
:mod:`.legal`; deal drafts (RR-7, step by step: the draft's legal steps and their re-drawing for
``determinize``) in :mod:`.drafts`, and the deal actions carried out (RR-7: draft, propose,
accept or decline, settle) in :mod:`.deals`; which tiles fill an order (RR-8: whether a shop can,
the oldest fitting tiles, tiles named one by one) in :mod:`.fills`. This module runs the turn and
applies the other actions.

Speed: legal actions are generated straight from the rules (:func:`.legal.legal_actions`) as
shared, interned action objects (:class:`Rules` holds the per-game ones); they are the whole action
set (``apply`` is the core's membership test); the rule checks that name the rule broken
(:mod:`.refusals`) run only for refusals.
"""
from __future__ import annotations

import random
from typing import Any

from roses.core import CHANCE, TERMINAL, GameParameterError, IllegalActionError, State
from roses.core.words import counted

from . import cards as C
from . import deals, legal, refusals
from .actions import (MATCH, Accept, Buy, CancelDeal, ChooseTiles, DealGive, DealPay, DealTake,
                      DealWith, Decline, DoneBuying, DrawOrder, DrawTile, EndTurn, FillOrder, Offer,
                      Propose, Push, Seed, Specialty, StartPlayer, StopPushing, Tile, Trash, UseTile,
                      parse_action as _parse_action, tile_words, tiles_words)
from .cards import BOXES, BUD, FRESH, MATURE, ROSES, OrderCard
from .drafts import MAX_FIVES, MAX_ONES, hidden_history
from .fills import has_tiles, oldest_tiles, tiles_problem
from .rules import Rules, rules_of

R = len(ROSES)
_ROSE_INDEX, _BOX_INDEX = C.ROSE_INDEX, C.BOX_INDEX

_CHANCE_PHASES = frozenset(("specialty", "start", "setup-market", "setup-orders", "seeding", "refill"))
#: Phases that always wait for a decision (nothing for _advance to skip).
_WAITING_PHASES = frozenset(("purchase", "draft", "respond", "fill", "name-tiles", "over"))


def _empty_shop() -> list[list[int]]:
    return [[0] * R for _ in BOXES]


class RareRosesState(State):
    """One position of Rare Roses. Phases (``self.phase``):

    ``specialty`` (chance: shop cards dealt, RR-4) → ``start`` (chance, unless ``start_player`` is
    set) → ``setup-market`` (chance: 3 tiles a player, 9 in solo) → ``setup-orders`` (chance: four
    orders, one in solo) → per turn: ``trash-or-seed`` (seat, RR-11) → ``seeding`` (chance) →
    ``push`` (seat, RR-5) → ``refill`` (chance) → ``purchase`` (seat; ``respond`` while the other
    seat of a proposed deal answers, RR-7) → ``fill`` (seat, RR-8) → the next seat's turn, which
    starts with the automatic stock rotation; ``over`` at the end (RR-9).
    """

    def __init__(self, game, seed: int):
        super().__init__(game, seed)
        rules = self._rules = rules_of(game)
        n = game.num_players
        if rules.start_player is not None and rules.start_player >= n:
            raise GameParameterError("start_player", f"seat {rules.start_player} is not one of the {n} seats")
        self.shops: list[list[list[int]]] = [_empty_shop() for _ in range(n)]
        self.market: list[int] = [0] * R
        self.bag: list[int] = list(C.TILE_COUNTS)
        self.money: list[int] = [C.START_MONEY] * n
        self.bank_in = 0       # dollars paid to the bank (market purchases, pushes)
        self.bank_out = 0      # dollars the bank paid (orders, specialty bonuses)
        self.specialty: list[str | None] = [None] * n
        self.start: int | None = 0 if n == 1 else rules.start_player
        self.queue: list[int | None] = [None] * (C.SOLO_QUEUE if n == 1 else C.QUEUE_SIZE)
        self.drawn_icon: list[int] = []
        self.drawn_plain: list[int] = []
        self.filled: list[list[int]] = [[] for _ in range(n)]
        self.discarded: list[int] = []
        self.bonus_paid: list[bool] = [False] * n
        self.had_turn: list[bool] = [False] * n
        self.turn = -1
        self.turns_played = 0
        self.phase = "specialty"
        self.pending = 0       # chance draws still to make in this phase
        self.counted = 0       # tiles drawn this turn that count toward the 6 (RR-5)
        self.received = 0      # tiles received this turn, market and deals (RR-7)
        self.offers = 0        # deals proposed this turn
        self.offer: Offer | None = None
        # The deals declined this turn, in order (RR-7): that one was declined, and by whom, is
        # public (the log); its terms are known to its two seats only (the observation's
        # ``deals_declined``), so a player, or a bot rebuilt for each move, knows what not to ask again.
        self.declined: list[Offer] = []
        # The deal being drafted (RR-7): (seller, take, give, +20 steps, +5 steps, +1 steps).
        self.draft: tuple | None = None
        # The order being filled with named tiles (RR-8): (card id, value, tiles named so far).
        self.naming: tuple | None = None
        # (history index of ``deal SEAT``, seller's tile counts bud+fresh+mature, buyer's tile
        # counts, buyer's money, tiles received this turn) of every draft opened: public facts of
        # its moment, what _sample_history needs to re-draw hidden terms.
        self.deal_context: list[tuple[int, tuple[int, ...], tuple[int, ...], int, int]] = []
        # Draft steps (take / give / pay) so far, in all and by each proposer: read by the
        # proposer only, their number too (RR-7; issue 43: a third seat counted them from the
        # server's version), so every other seat and a spectator cannot tell they happened.
        self.draft_steps = 0
        self.draft_steps_by: tuple[int, ...] = (0,) * n
        self.fills = 0         # orders filled this turn
        self.end_trigger: int | None = None  # seat that turned over the last order (-1: setup)
        self.turns_left: int | None = None   # turns still to finish once the end is triggered
        self._advance()

    # ------------------------------------------------------------------ helpers
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    def card(self, cid: int) -> OrderCard:
        return self._rules.cards[cid]

    def deck_size(self) -> int:
        r = self._rules
        return (r.n_icon - len(self.drawn_icon)) + (r.n_plain - len(self.drawn_plain))

    def deck_top_icon(self) -> bool | None:
        """Whether the back of the top order card shows the icon (public); ``None``: deck empty."""
        if self.deck_size() == 0:
            return None
        return len(self.drawn_icon) < self._rules.n_icon

    def price(self, rose: str) -> int:
        return self._rules.prices[_ROSE_INDEX[rose]]

    def push_cost(self) -> int | None:
        """Cost of the next push, or ``None`` when no more tile may be drawn (RR-5)."""
        k = self.counted - C.SEED_DRAWS
        if self.counted < C.SEED_DRAWS or self.counted >= C.MAX_DRAWS:
            return None
        return C.PUSH_COSTS[k]

    def position(self, seat: int) -> int:
        """0 for the starting player, 1 for "Player 2", … (turn order from the start player)."""
        return (seat - (self.start or 0)) % self.num_players

    def first_turn_extras(self, seat: int) -> int:
        """First-turn extra tiles for ``seat`` when it seeds (NOTE under "Fill Orders", RR-5)."""
        return 0 if self.had_turn[seat] else self.position(seat)

    def oldest_order(self) -> int | None:
        """Queue index of the oldest order (farthest from the deck), or ``None``."""
        for i, c in enumerate(self.queue):
            if c is not None:
                return i
        return None

    def shop_value(self, seat: int) -> int:
        """Market value of the tiles in ``seat``'s shop (RR-9 first tie-break)."""
        prices = self._rules.prices
        return sum(row[r] * prices[r] for row in self.shops[seat] for r in range(R) if row[r])

    def specialty_filled(self, seat: int) -> int:
        """Specialty orders filled by ``seat`` matching its shop's rose (RR-4)."""
        sp = self.specialty[seat]
        if sp is None:
            return 0
        cards = self._rules.cards
        return sum(1 for c in self.filled[seat] if cards[c].specialty == sp)

    # ------------------------------------------------------------------ the flow
    def current_player(self) -> int:
        ph = self.phase
        if ph in _CHANCE_PHASES:
            return CHANCE
        if ph == "respond":
            return self.offer.seat  # type: ignore[union-attr]
        if ph == "over":
            return TERMINAL
        return self.turn

    def _advance(self) -> None:
        """Move through phases that need no decision (and skip empty ones) until a seat or chance
        is to move."""
        n = self.num_players
        while True:
            ph = self.phase
            if ph in _WAITING_PHASES:
                return
            if ph == "specialty":
                if None in self.specialty:
                    return
                self.phase = "start"
            elif ph == "start":
                if self.start is None:
                    return
                self.phase = "setup-market"
                self.pending = C.SOLO_SETUP_TILES if n == 1 else C.SETUP_TILES_PER_PLAYER * n
            elif ph == "setup-market":
                if self.pending > 0 and any(self.bag):
                    return
                self.pending = 1 if n == 1 else C.QUEUE_SIZE
                self.phase = "setup-orders"
            elif ph == "setup-orders":
                if self.pending > 0 and self.deck_size() > 0:
                    return
                self.pending = 0
                self._begin_turn(self.start)
                return
            elif ph == "trash-or-seed":
                if self.oldest_order() is not None or any(self.bag):
                    return
                self.log.add(("seat {} can neither trash an order nor seed", self.turn))
                self._enter_refill()
            elif ph == "seeding":
                if self.pending > 0 and any(self.bag):
                    return
                self.pending = 0
                self.phase = "push"
            elif ph == "push":
                cost = self.push_cost()
                if cost is not None and self.money[self.turn] >= cost and any(self.bag):
                    return
                self._enter_refill()
            elif ph == "refill":
                if self.pending > 0 and self.deck_size() > 0:
                    return
                self.pending = 0
                self.phase = "purchase"
                return
            else:
                return

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn with "Rotate Stock": buds → fresh blooms → mature blooms → bag."""
        self.turn = seat
        self.counted = self.received = self.offers = self.fills = 0
        self.offer = self.draft = self.naming = None
        self.declined = []
        shop = self.shops[seat]
        mature = shop[MATURE]
        wilted = sum(mature)
        if wilted:
            bag = self.bag
            for r in range(R):
                bag[r] += mature[r]
            self.log.add(("seat {}'s turn: stock rotated, {} back to the bag", seat, counted(wilted, "mature bloom")))
        else:
            self.log.add(("seat {}'s turn: stock rotated", seat))
        self.shops[seat] = [[0] * R, shop[BUD], shop[FRESH]]
        self.phase = "trash-or-seed"

    def _enter_refill(self) -> None:
        """"Refill Order Queue": slide orders down and draw up to four; solo (RR-10): every order
        advances one space away from the deck, the one that would reach the 4th space is lost, and
        one card is turned over."""
        if self.num_players == 1:
            lost = self.queue[0]
            if lost is not None:
                self.discarded.append(lost)
                self.log.add(("order #{} advanced past the third space and is lost", lost))
            self.queue = self.queue[1:] + [None]
            self.pending = 1
        else:
            cards = [c for c in self.queue if c is not None]
            self.pending = C.QUEUE_SIZE - len(cards)
            self.queue = cards + [None] * self.pending
        self.phase = "refill"

    def _end_turn(self) -> None:
        """The turn is over: next seat clockwise, or the end of the game (RR-9)."""
        self.had_turn[self.turn] = True
        self.turns_played += 1
        self.offer = None
        if self.turns_left is not None:
            self.turns_left -= 1
            if self.turns_left <= 0:
                self.phase = "over"
                self.log.add("the game is over: " + ", ".join(
                    f"seat {s} ${self.money[s]}" for s in range(self.num_players)))
                return
        self._begin_turn((self.turn + 1) % self.num_players)
        self._advance()

    # ------------------------------------------------------------------ legal actions (.legal)
    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        """The chance node's outcomes and their probabilities (:func:`.legal.chance_outcomes`)."""
        return legal.chance_outcomes(self)

    def _legal_actions(self) -> list[Any]:
        """Every legal seat action, generated from the rules (:func:`.legal.legal_actions`)."""
        return legal.legal_actions(self)

    def is_legal(self, action: Any) -> bool:
        """Membership in :meth:`legal_actions` — for a seat action the core's test itself; at a
        chance node the same answer checked directly, without building the outcome list (a random
        playout samples an outcome, which builds it once, then applies it)."""
        if self.phase in _CHANCE_PHASES:
            return legal.chance_legal(self, action)
        return State.is_legal(self, action)

    def explain_illegal(self, action: Any) -> IllegalActionError:
        if self.phase not in _CHANCE_PHASES:
            problem = refusals.problem(self, action)
            if problem is not None:
                return IllegalActionError(problem[0], problem[1], action)
        return IllegalActionError("legal actions", f"{action} is not a legal action now (phase {self.phase})", action)

    def parse_action(self, text: str) -> Any:
        """The Rare Roses action written ``text`` (legal now or not), or ``None`` (core hook)."""
        try:
            return _parse_action(text)
        except ValueError:
            return None

    def action_from_text(self, text: str) -> Any:
        """The action written ``text`` (any well-formed deal or fill, see :mod:`.actions`), if legal
        now; raises :class:`IllegalActionError` naming the rule otherwise."""
        try:
            action = _parse_action(str(text))
        except ValueError as e:
            raise IllegalActionError("action text", str(e), text) from None
        for a in self.legal_actions():
            if a == action:
                return a
        raise self.explain_illegal(action)

    def tiles_problem(self, seat: int, cid: int, value: str, tiles: tuple[Tile, ...]) -> str | None:
        """Why ``tiles`` cannot fill order ``cid`` for ``value`` (:func:`.fills.tiles_problem`)."""
        return tiles_problem(self, seat, cid, value, tiles)

    def oldest_tiles(self, seat: int, cid: int, value: str) -> tuple[Tile, ...] | None:
        """The oldest tiles that fill order ``cid`` for ``value`` (:func:`.fills.oldest_tiles`)."""
        return oldest_tiles(self, seat, cid, value)

    # ------------------------------------------------------------------ apply
    def _apply(self, a: Any) -> None:
        _APPLY[type(a)](self, a)
        self._advance()

    def _apply_specialty(self, a: Specialty) -> None:
        s = self.specialty.index(None)
        self.specialty[s] = a.rose
        self.log.add(("seat {}'s shop specializes in {}", s, C.ROSE_NAMES[a.rose]))

    def _apply_start(self, a: StartPlayer) -> None:
        self.start = a.seat
        self.log.add(("seat {} is the starting player", a.seat))

    def _apply_draw_tile(self, a: DrawTile) -> None:
        r = _ROSE_INDEX[a.rose]
        self.bag[r] -= 1
        self.market[r] += 1
        self.pending -= 1
        self.log.add(("{} drawn into the market", C.ROSE_NAMES[a.rose]))

    def _apply_draw_order(self, a: DrawOrder) -> None:
        self._draw_order(a.card)

    def _apply_trash(self, a: Trash) -> None:
        i = self.oldest_order()
        cid = self.queue[i]
        self.queue[i] = None
        self.discarded.append(cid)
        self.log.add(("seat {} trashes the oldest order #{}", self.turn, cid))
        self._enter_refill()

    def _apply_seed(self, a: Seed) -> None:
        seat = self.turn
        extras = self.first_turn_extras(seat)
        self.counted = C.SEED_DRAWS
        self.pending = C.SEED_DRAWS + extras
        self.phase = "seeding"
        if extras:
            self.log.add(("seat {} seeds the market with {} more for a first turn", seat,
                          counted(extras, "tile")))
        else:
            self.log.add(("seat {} seeds the market", seat))

    def _apply_push(self, a: Push) -> None:
        seat = self.turn
        cost = self.push_cost()
        self.money[seat] -= cost
        self.bank_in += cost
        self.counted += 1
        self.pending = 1
        self.phase = "seeding"
        self.log.add(("seat {} pushes the market for ${}", seat, cost))

    def _apply_stop(self, a: StopPushing) -> None:
        self._enter_refill()

    def _apply_buy(self, a: Buy) -> None:
        seat = self.turn
        r = _ROSE_INDEX[a.rose]
        p = self._rules.prices[r]
        self.market[r] -= 1
        self.shops[seat][BUD][r] += 1
        self.money[seat] -= p
        self.bank_in += p
        self.received += 1
        self.log.add(("seat {} buys {} from the market for ${}", seat, C.ROSE_NAMES[a.rose], p))

    def _apply_done_buying(self, a: DoneBuying) -> None:
        self.phase = "fill"

    def _apply_fill(self, a: FillOrder) -> None:
        self._fill(self.turn, a)

    def _apply_choose(self, a: ChooseTiles) -> None:
        self.naming = (a.card, a.value, ())
        self.phase = "name-tiles"
        self.log.add(("seat {} names the tiles to {} order #{}", self.turn, a.value, a.card))

    def _apply_use(self, a: UseTile) -> None:
        cid, value, used = self.naming
        used = used + (a.tile,)
        if len(used) == len(self.card(cid).roses):
            self.naming = None
            self.phase = "fill"
            self._fill(self.turn, FillOrder(cid, value, used))
        else:
            self.naming = (cid, value, used)
            self.log.add(("seat {} names {} for order #{}", self.turn, tile_words(a.tile), cid))

    def _apply_end_turn(self, a: EndTurn) -> None:
        self._end_turn()

    def _draw_order(self, cid: int) -> None:
        rules = self._rules
        if len(self.drawn_icon) < rules.n_icon:
            self.drawn_icon.append(cid)
        else:
            self.drawn_plain.append(cid)
        if self.num_players == 1:
            self.queue[-1] = cid  # RR-10: the space near the order deck
        else:
            self.queue[self.queue.index(None)] = cid
        self.pending -= 1
        self.log.add(("order #{} turned over: {}", cid, rules.card_text[cid]))
        if self.end_trigger is None and self.deck_size() == 0:
            # RR-9: the last order card is drawn: this turn finishes, then every other player takes
            # one more turn (solo: the game ends with this turn). Drawn at setup: one turn each.
            self.end_trigger = self.turn if self.phase == "refill" else -1
            self.turns_left = self.num_players
            self.log.add("the last order card is drawn: " + (
                "this is the last turn" if self.num_players == 1 else "every other player takes one more turn"))

    def _fill(self, seat: int, a: FillOrder) -> None:
        """"Fill Orders": tiles back to the bag, the card kept, its value paid; the specialty bonus
        on the 4th matching specialty order (RR-4)."""
        tiles = a.tiles if a.tiles is not None else self.oldest_tiles(seat, a.card, a.value)
        shop = self.shops[seat]
        bag = self.bag
        for r, b in tiles:
            ri = _ROSE_INDEX[r]
            shop[_BOX_INDEX[b]][ri] -= 1
            bag[ri] += 1
        card = self.card(a.card)
        value = card.match if a.value == MATCH else card.fill
        self.queue[self.queue.index(a.card)] = None
        self.filled[seat].append(a.card)
        self.fills += 1
        self.money[seat] += value
        self.bank_out += value
        self.log.add(("seat {} fills order #{} for its {} value ${} with {}", seat, a.card, a.value, value,
                      tiles_words(tiles)))
        if (card.specialty is not None and card.specialty == self.specialty[seat]
                and not self.bonus_paid[seat] and self.specialty_filled(seat) >= C.SPECIALTY_ORDERS):
            self.bonus_paid[seat] = True
            self.money[seat] += C.SPECIALTY_BONUS
            self.bank_out += C.SPECIALTY_BONUS
            self.log.add(("seat {} filled a 4th {} specialty order: ${} bonus", seat, C.ROSE_NAMES[card.specialty],
                          C.SPECIALTY_BONUS))

    # ------------------------------------------------------------------ results and views
    def score_key(self, seat: int) -> tuple[int, int, int]:
        """RR-9: money, then market value of the shop's tiles, then orders filled."""
        return (self.money[seat], self.shop_value(seat), len(self.filled[seat]))

    def returns(self) -> list[float]:
        n = self.num_players
        if self.phase != "over":
            return [0.0] * n
        keys = [self.score_key(s) for s in range(n)]
        best = max(keys)
        winners = [s for s in range(n) if keys[s] == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    def _may_take_back(self, action) -> bool:
        """Buying a tile, stopping the push, ending the buying, filling an order (and naming its
        tiles) and ending the turn may be taken back before anyone else acts, when no tile or order
        was drawn after them (issue 42). Drawing (seed, push) and trashing show new cards; a deal's
        steps are private (cancel the deal instead) and an answer to a deal is another seat's."""
        return isinstance(action, (Buy, StopPushing, DoneBuying, FillOrder, ChooseTiles, UseTile, EndTurn))

    def result_tags(self) -> dict[str, str]:
        """How the winner was decided (RR-9, "Winning the Game"): ``{"win_by": "money"}``, or a
        tie on money broken by the shop's tiles (``"tiles"``) or then by orders filled
        (``"orders"``), or ``"shared"`` when all three tie. Empty before the end and alone ("The
        Lone Florist": no one to beat, money is the measure)."""
        n = self.num_players
        if self.phase != "over" or n == 1:
            return {}
        keys = sorted((self.score_key(s) for s in range(n)), reverse=True)
        first, second = keys[0], keys[1]
        decided = next((name for k, name in enumerate(("money", "tiles", "orders")) if first[k] != second[k]), "shared")
        return {"win_by": decided}

    def scores(self) -> list[float]:
        """Money per seat, in whole dollars (the end score, "Winning the Game"; solo: the measure
        of success, "The Lone Florist")."""
        return [float(m) for m in self.money]

    def _observation(self, seat: int | None):
        from .observation import observe

        return observe(self, seat)

    # ------------------------------------------------------------------ hidden information
    def _sample_history(self, seat: int, rng: random.Random) -> list[tuple[int, Any]]:
        """This game's history as ``seat`` cannot tell it apart, for the core's sealed
        ``determinize``.

        Every chance outcome is public (each tile drawn and each order card turned over is shown
        to all; the future, hidden from every seat, is re-drawn by the world's own RNG), and so is
        every seat action but the terms of a deal (RR-7). A draft (``deal SEAT``, then take / give /
        pay steps, then ``propose`` or ``cancel deal``) is read step by step by its proposer only;
        the others learn that it was opened and how it ended, not its terms nor how many steps it
        had (:meth:`unseen_actions`). A proposed deal's terms are then read by the seller too, and by everyone
        once it is accepted (the acceptance logs them). The draft allows one step sequence per deal
        (takes, gives, then money, each in a fixed order), so known terms fix the steps.

        So the history is kept, except the steps of every draft whose terms ``seat`` does not know
        (``seat`` is not the proposer, and the draft was not proposed to ``seat`` nor accepted):
        they are re-drawn as another legal draft of the same number of steps (which the seat does not
        count: its views, observation and key are the same for any number), ending the same way
        (:func:`.drafts.hidden_history`, which draws them with ``drafts._redraw_draft``). A draft
        that is not accepted changes nothing but the log and the count of deals, so the rest of the
        history stays legal. Reads only public facts: who drafted with whom, how many steps, what
        followed, and the two shops, the proposer's money and the tiles it had received when the
        draft was opened (``deal_context``)."""
        return hidden_history(self, seat, rng)

    def unseen_actions(self, seat: int | None) -> int:
        """The draft steps of deals other seats drafted (RR-7): only their proposer reads them,
        and only it can count them (a spectator sees none of them)."""
        return self.draft_steps - (0 if seat is None else self.draft_steps_by[seat])

    def information_state_key(self, seat: int) -> tuple:
        """The core's key (the raw log messages ``seat`` read and its own actions) plus the number
        of steps so far. Every step of Rare Roses happens in the open (each chance outcome is
        shown; only a deal's terms are private, and those are in the two seats' log lines), but two
        seat actions write no log line: ``stop`` (when no order card is then turned over) and
        ``done buying``. Without the count, "seat 1 may still push" and "seat 1 stopped" (or
        "buying" and "filling") would share a key although the observations differ (the phase).
        The count is of the steps the seat saw happen (:meth:`seen_actions`): another seat's
        draft steps are not among them."""
        return super().information_state_key(seat) + (self.seen_actions(seat),)

    # ------------------------------------------------------------------ fast copies
    def clone(self) -> "RareRosesState":
        """An independent copy, like the base class's only faster: every field is a number, a
        string, a list of immutable values (copied) or the shared rules; actions, cards and log
        entries are immutable and shared; the RNG is copy-on-write (``share_rng_with``)."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d["shops"] = [[b[:], f[:], m[:]] for b, f, m in self.shops]
        d["market"] = self.market[:]
        d["bag"] = self.bag[:]
        d["money"] = self.money[:]
        d["specialty"] = self.specialty[:]
        d["queue"] = self.queue[:]
        d["drawn_icon"] = self.drawn_icon[:]
        d["drawn_plain"] = self.drawn_plain[:]
        d["filled"] = [f[:] for f in self.filled]
        d["discarded"] = self.discarded[:]
        d["bonus_paid"] = self.bonus_paid[:]
        d["had_turn"] = self.had_turn[:]
        d["deal_context"] = self.deal_context[:]
        d["declined"] = self.declined[:]
        d["history"] = self.history[:]
        d["log"] = self.log.copy()
        new.__dict__ = d
        self.share_rng_with(new)
        return new

    #: The rules (``_rules``) are the game's, not the position's.
    SNAPSHOT_SKIP = State.SNAPSHOT_SKIP | {"_rules"}

    def check_invariants(self) -> None:
        n = self.num_players
        for r in range(R):
            total = self.bag[r] + self.market[r] + sum(self.shops[s][b][r] for s in range(n) for b in range(3))
            assert total == C.TILE_COUNTS[r], f"{ROSES[r]}: {total} tiles, not {C.TILE_COUNTS[r]}"
            assert self.bag[r] >= 0 and self.market[r] >= 0
            assert all(self.shops[s][b][r] >= 0 for s in range(n) for b in range(3))
        assert all(m >= 0 for m in self.money), self.money
        assert sum(self.money) == C.START_MONEY * n + self.bank_out - self.bank_in, "money not conserved"
        drawn = self.drawn_icon + self.drawn_plain
        placed = [c for c in self.queue if c is not None] + self.discarded + [c for f in self.filled for c in f]
        assert sorted(drawn) == sorted(placed), "order cards not conserved"
        assert len(set(drawn)) == len(drawn)
        assert self.received <= C.MAX_RECEIVED and self.counted <= C.MAX_DRAWS and self.fills <= C.MAX_FILLS
        for s in range(n):
            assert self.bonus_paid[s] == (self.specialty_filled(s) >= C.SPECIALTY_ORDERS)
        assert (self.draft is not None) == (self.phase == "draft"), "a deal draft out of its phase"
        assert (self.naming is not None) == (self.phase == "name-tiles"), "a naming out of its phase"
        assert (self.offer is not None) == (self.phase == "respond"), "a proposed deal out of its phase"
        if self.draft is not None:
            seller, take, give, n20, n5, n1 = self.draft
            assert seller != self.turn and self.received + len(take) <= C.MAX_RECEIVED
            assert 20 * n20 + 5 * n5 + n1 <= self.money[self.turn] and n5 <= MAX_FIVES and n1 <= MAX_ONES
            assert has_tiles(self, seller, take) and has_tiles(self, self.turn, give)


# How each action (or chance outcome) is applied (a deal's actions by .deals).
_APPLY = {
    Specialty: RareRosesState._apply_specialty,
    StartPlayer: RareRosesState._apply_start,
    DrawTile: RareRosesState._apply_draw_tile,
    DrawOrder: RareRosesState._apply_draw_order,
    Trash: RareRosesState._apply_trash,
    Seed: RareRosesState._apply_seed,
    Push: RareRosesState._apply_push,
    StopPushing: RareRosesState._apply_stop,
    Buy: RareRosesState._apply_buy,
    DealWith: deals.open_draft,
    DealTake: deals.add_take,
    DealGive: deals.add_give,
    DealPay: deals.add_pay,
    Propose: deals.propose_draft,
    CancelDeal: deals.cancel_draft,
    ChooseTiles: RareRosesState._apply_choose,
    UseTile: RareRosesState._apply_use,
    Accept: deals.accept,
    Decline: deals.decline,
    DoneBuying: RareRosesState._apply_done_buying,
    FillOrder: RareRosesState._apply_fill,
    EndTurn: RareRosesState._apply_end_turn,
}
