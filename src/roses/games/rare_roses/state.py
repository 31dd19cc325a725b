"""The Rare Roses state: setup, the turn phase by phase, solo, and the end of the game.

Rulebook ``rare-roses.txt``; rulings RR-1…RR-11 (``shared/RULINGS.md``). The rulebook text each rule
implements is quoted in the method docstrings; ``docs/rules/rare-roses.md`` maps every rule to its
code path.

Representation: tiles of one type in one box are interchangeable, so a shop is three boxes
(``bud``, ``fresh``, ``mature``) of six counts (one per rose type, :data:`cards.ROSES` order), the
market and the bag are six counts each. The order queue is a list of spaces, index 0 the space
farthest from the order deck (the oldest order), ``None`` for an empty space: four spaces, or three
in solo (RR-10).

Hidden information: none is stored. The order deck is drawn lazily: each draw is a chance node over
the cards that could be next (the rulebook shuffles the icon and no-icon decks and stacks ten of
each, icon deck on top, so the next card is uniform over the undrawn icon cards while icon cards
remain in the deck, then over the undrawn no-icon cards). Tiles are drawn from the bag's counts.
So :meth:`determinize` clones and gives the copy its own RNG: its chance nodes re-draw the future
(the game's RNG fixes the real future draws, which no seat may know).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from roses.core import CHANCE, EventLog, to_jsonable, TERMINAL, GameParameterError, IllegalActionError, State

from . import cards as C
from .actions import (FILL, MATCH, Accept, Buy, Decline, DoneBuying, DrawOrder, DrawTile, EndTurn,
                      FillOrder, Offer, Push, Seed, Specialty, StartPlayer, StopPushing, Tile, Trash,
                      parse_action, tiles_text)
from .cards import BOXES, BUD, FRESH, MATURE, ROSES, OrderCard

R = len(ROSES)


@dataclass(frozen=True)
class Rules:
    """What a game's parameters fix, read once per :class:`~roses.core.Game`."""

    players: int
    cards: dict[int, OrderCard]
    icon_ids: tuple[int, ...]
    plain_ids: tuple[int, ...]
    n_icon: int            # icon cards in the order deck (10, or fewer in a small custom deck)
    n_plain: int
    prices: tuple[int, ...]
    max_offers: int
    start_player: int | None

    @property
    def solo(self) -> bool:
        return self.players == 1


_RULES: dict[int, tuple[Any, Rules]] = {}  # read-only cache: id(game) -> (game, rules)


def rules_of(game) -> Rules:
    """The :class:`Rules` of ``game`` (cached; a Game is immutable)."""
    hit = _RULES.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    p = game.params
    deck = C.default_deck() if p.get("order_deck") is None else C.load_deck(p["order_deck"])
    prices = p.get("market_prices") or C.DEFAULT_PRICES
    icon = tuple(sorted(c.id for c in deck if c.icon))
    plain = tuple(sorted(c.id for c in deck if not c.icon))
    rules = Rules(
        players=game.num_players, cards={c.id: c for c in deck}, icon_ids=icon, plain_ids=plain,
        n_icon=min(C.CARDS_PER_DECK, len(icon)), n_plain=min(C.CARDS_PER_DECK, len(plain)),
        prices=tuple(int(prices[r]) for r in ROSES), max_offers=int(p.get("max_offers", 3)),
        start_player=p.get("start_player"))
    if len(_RULES) > 64:
        _RULES.clear()
    _RULES[id(game)] = (game, rules)
    return rules


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
        rules = rules_of(game)
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
        self.fills = 0         # orders filled this turn
        self.end_trigger: int | None = None  # seat that turned over the last order (-1: setup)
        self.turns_left: int | None = None   # turns still to finish once the end is triggered
        self._advance()

    # ------------------------------------------------------------------ helpers
    @property
    def rules(self) -> Rules:
        return rules_of(self.game)

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    def card(self, cid: int) -> OrderCard:
        return self.rules.cards[cid]

    def deck_size(self) -> int:
        r = self.rules
        return (r.n_icon - len(self.drawn_icon)) + (r.n_plain - len(self.drawn_plain))

    def deck_top_icon(self) -> bool | None:
        """Whether the back of the top order card shows the icon (public); ``None``: deck empty."""
        if self.deck_size() == 0:
            return None
        return len(self.drawn_icon) < self.rules.n_icon

    def price(self, rose: str) -> int:
        return self.rules.prices[ROSES.index(rose)]

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
        return sum(self.shops[seat][b][r] * self.rules.prices[r] for b in range(3) for r in range(R))

    def specialty_filled(self, seat: int) -> int:
        """Specialty orders filled by ``seat`` matching its shop's rose (RR-4)."""
        sp = self.specialty[seat]
        return sum(1 for c in self.filled[seat] if sp is not None and self.card(c).specialty == sp)

    # ------------------------------------------------------------------ the flow
    def current_player(self) -> int:
        ph = self.phase
        if ph == "over":
            return TERMINAL
        if ph in ("specialty", "start", "setup-market", "setup-orders", "seeding", "refill"):
            return CHANCE
        if ph == "respond":
            assert self.offer is not None
            return self.offer.seat
        return self.turn

    def _advance(self) -> None:
        """Move through phases that need no decision (and skip empty ones) until a seat or chance
        is to move."""
        n = self.num_players
        while True:
            ph = self.phase
            if ph == "specialty":
                if None in self.specialty:
                    return
                self.phase = "start"
            elif ph == "start":
                if self.start is None:
                    return
                self.phase = "setup-market"
                self.pending = C.SOLO_SETUP_TILES if self.solo else C.SETUP_TILES_PER_PLAYER * n
            elif ph == "setup-market":
                if self.pending > 0 and sum(self.bag) > 0:
                    return
                self.pending = 1 if self.solo else C.QUEUE_SIZE
                self.phase = "setup-orders"
            elif ph == "setup-orders":
                if self.pending > 0 and self.deck_size() > 0:
                    return
                self.pending = 0
                self._begin_turn(self.start)
                return
            elif ph == "trash-or-seed":
                if self.oldest_order() is not None or sum(self.bag) > 0:
                    return
                self.log.add(f"seat {self.turn} can neither trash an order nor seed (RR-11)")
                self._enter_refill()
            elif ph == "seeding":
                if self.pending > 0 and sum(self.bag) > 0:
                    return
                self.pending = 0
                self.phase = "push"
            elif ph == "push":
                cost = self.push_cost()
                if cost is not None and self.money[self.turn] >= cost and sum(self.bag) > 0:
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
        self.offer = None
        shop = self.shops[seat]
        wilted = sum(shop[MATURE])
        for r in range(R):
            self.bag[r] += shop[MATURE][r]
        self.shops[seat] = [[0] * R, shop[BUD], shop[FRESH]]
        self.log.add(f"seat {seat}'s turn: stock rotated" + (f", {wilted} mature bloom(s) back to the bag" if wilted else ""))
        self.phase = "trash-or-seed"

    def _enter_refill(self) -> None:
        """"Refill Order Queue": slide orders down and draw up to four; solo (RR-10): every order
        advances one space away from the deck, the one that would reach the 4th space is lost, and
        one card is turned over."""
        if self.solo:
            lost = self.queue[0]
            if lost is not None:
                self.discarded.append(lost)
                self.log.add(f"order #{lost} advanced past the third space and is lost (RR-10)")
            self.queue = self.queue[1:] + [None]
            self.pending = 1
        else:
            cards = [c for c in self.queue if c is not None]
            self.queue = cards + [None] * (C.QUEUE_SIZE - len(cards))
            self.pending = C.QUEUE_SIZE - len(cards)
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

    # ------------------------------------------------------------------ chance
    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        ph = self.phase
        if ph == "specialty":
            left = [r for r in ROSES if r not in self.specialty]
            return [(Specialty(r), 1.0 / len(left)) for r in left]
        if ph == "start":
            n = self.num_players
            return [(StartPlayer(s), 1.0 / n) for s in range(n)]
        if ph in ("setup-market", "seeding"):
            total = sum(self.bag)
            return [(DrawTile(ROSES[r]), self.bag[r] / total) for r in range(R) if self.bag[r] > 0]
        if ph in ("setup-orders", "refill"):
            cands = self._order_candidates()
            return [(DrawOrder(c), 1.0 / len(cands)) for c in cands]
        return []

    def _order_candidates(self) -> list[int]:
        r = self.rules
        if len(self.drawn_icon) < r.n_icon:
            drawn = set(self.drawn_icon)
            return [c for c in r.icon_ids if c not in drawn]
        drawn = set(self.drawn_plain)
        return [c for c in r.plain_ids if c not in drawn]

    # ------------------------------------------------------------------ legality
    def _legal_actions(self) -> list[Any]:
        ph = self.phase
        seat = self.current_player()
        out: list[Any] = []
        if ph == "trash-or-seed":
            cands = [Trash(), Seed()]
        elif ph == "push":
            cands = [Push(), StopPushing()]
        elif ph == "purchase":
            cands = [Buy(r) for r in ROSES]
            for s in range(self.num_players):
                if s == seat:
                    continue
                for b in range(3):
                    for r in range(R):
                        if self.shops[s][b][r] > 0:
                            cands.append(Offer(s, ((ROSES[r], BOXES[b]),), self.rules.prices[r]))
            cands.append(DoneBuying())
        elif ph == "respond":
            cands = [Accept(), Decline()]
        elif ph == "fill":
            cands = []
            for c in self.queue:
                if c is not None:
                    cands += [FillOrder(c, MATCH), FillOrder(c, FILL)]
            cands.append(EndTurn())
        else:
            cands = []
        for a in cands:
            if self._check(a) is None:
                out.append(a)
        return out

    def is_legal(self, action: Any) -> bool:
        """Chance outcomes must be listed; a seat action is legal when it passes the rule checks —
        which accept any well-formed deal (RR-7) or fill naming its tiles (RR-8), beyond the bounded
        list :meth:`legal_actions` gives."""
        if self.phase == "over":
            return False
        if self.is_chance_node():
            return action in [a for a, _ in self._chance_outcomes()]
        return self._check(action) is None

    def explain_illegal(self, action: Any) -> IllegalActionError:
        err = self._check(action) if not self.is_chance_node() else None
        if err is not None:
            return err
        return IllegalActionError("legal actions", f"{action} is not a legal action now (phase {self.phase})", action)

    def action_from_text(self, text: str) -> Any:
        """The action written ``text`` (any well-formed deal or fill, see :mod:`.actions`), if legal
        now; raises :class:`IllegalActionError` naming the rule otherwise."""
        try:
            action = parse_action(str(text))
        except ValueError as e:
            raise IllegalActionError("action text", str(e), text) from None
        if not self.is_legal(action):
            raise self.explain_illegal(action)
        return action

    def _check(self, a: Any) -> IllegalActionError | None:
        """``None`` if seat action ``a`` is legal now, else the error naming the rule broken."""
        ph = self.phase
        seat = self.current_player()

        def err(rule: str, msg: str) -> IllegalActionError:
            return IllegalActionError(rule, msg, a)

        wrong = err("Turn phases", f"{a} is not an action of the {ph} phase")
        if isinstance(a, (Trash, Seed)):
            if ph != "trash-or-seed":
                return wrong
            if isinstance(a, Trash) and self.oldest_order() is None:
                return err("Trash Oldest Order (RR-11)", "there is no order in the queue to trash")
            if isinstance(a, Seed) and sum(self.bag) == 0:
                return err("Seed The Market (RR-6, RR-11)", "the market bag is empty")
            return None
        if isinstance(a, (Push, StopPushing)):
            if ph != "push":
                return wrong
            if isinstance(a, Push):
                cost = self.push_cost()
                if cost is None:
                    return err("Push The Market (RR-5)", "no more than 6 tiles may be drawn on your turn")
                if self.money[seat] < cost:
                    return err("Push The Market (RR-5)", f"the next tile costs ${cost}; you have ${self.money[seat]}")
            return None
        if isinstance(a, Buy):
            if ph != "purchase":
                return wrong
            if a.rose not in ROSES:
                return err("Purchase Roses", f"unknown rose {a.rose!r}")
            r = ROSES.index(a.rose)
            if self.market[r] == 0:
                return err("Purchase Roses", f"there is no {a.rose} in the market")
            if self.received >= C.MAX_RECEIVED:
                return err("Purchase Roses (RR-7)", "you can't purchase more than 6 roses on your turn")
            if self.money[seat] < self.rules.prices[r]:
                return err("Purchase Roses (RR-2)", f"{a.rose} costs ${self.rules.prices[r]}; you have ${self.money[seat]}")
            return None
        if isinstance(a, Offer):
            if ph != "purchase":
                return wrong
            return self._check_offer(a, seat, err)
        if isinstance(a, (Accept, Decline)):
            return None if ph == "respond" else wrong
        if isinstance(a, DoneBuying):
            return None if ph == "purchase" else wrong
        if isinstance(a, FillOrder):
            if ph != "fill":
                return wrong
            if not isinstance(a.card, int) or a.card not in self.queue:
                return err("Fill Orders", f"order #{a.card} is not in the order queue")
            if self.fills >= C.MAX_FILLS:
                return err("Fill Orders", "you may fill up to three orders a turn")
            if a.value not in (FILL, MATCH):
                return err("Order Cards (RR-8)", "an order is filled for its fill or its match value")
            tiles = a.tiles if a.tiles is not None else self.oldest_tiles(seat, a.card, a.value)
            if tiles is None:
                return err("Order Cards (RR-8)", f"your shop cannot {a.value} order #{a.card} "
                           f"({self.card(a.card)}); an order is filled completely or not at all")
            problem = self.tiles_problem(seat, a.card, a.value, tiles)
            if problem:
                return err("Order Cards (RR-8)", problem)
            return None
        if isinstance(a, EndTurn):
            return None if ph == "fill" else wrong
        return err("legal actions", f"{a!r} is not a Rare Roses action")

    def _check_offer(self, a: Offer, seat: int, err) -> IllegalActionError | None:
        rule = "Purchase Roses (RR-7)"
        n = self.num_players
        if not isinstance(a.seat, int) or not 0 <= a.seat < n or a.seat == seat:
            return err(rule, "a deal is proposed to one other player")
        if self.offers >= self.rules.max_offers:
            return err(rule + " / max_offers", f"at most {self.rules.max_offers} deals may be proposed a turn")
        if not a.take:
            return err(rule, "a deal buys at least one rose from the other player")
        if not isinstance(a.pay, int) or a.pay < 0:
            return err(rule, "pay a whole number of dollars")
        if a.pay > self.money[seat]:
            return err(rule, f"you offer ${a.pay} but have ${self.money[seat]}")
        if self.received + len(a.take) > C.MAX_RECEIVED:
            return err(rule, f"you can't purchase or trade for more than 6 roses on your turn "
                       f"(received {self.received}, asking {len(a.take)})")
        if not self._has_tiles(a.seat, a.take):
            return err(rule, f"seat {a.seat}'s shop does not hold {tiles_text(a.take)}")
        if a.give and not self._has_tiles(seat, a.give):
            return err(rule, f"your shop does not hold {tiles_text(a.give)}")
        return None

    def _has_tiles(self, seat: int, tiles: tuple[Tile, ...]) -> bool:
        need = Counter(tiles)
        shop = self.shops[seat]
        return all(shop[BOXES.index(b)][ROSES.index(r)] >= k for (r, b), k in need.items())

    def tiles_problem(self, seat: int, cid: int, value: str, tiles: tuple[Tile, ...]) -> str | None:
        """Why ``tiles`` cannot fill order ``cid`` for ``value`` from ``seat``'s shop, or ``None``.

        RR-8: Fill needs the types only; Match needs type and maturity (bud = fresh-bud box, bloom =
        either bloom box). The order is filled whole: one tile per rose on the card."""
        card = self.card(cid)
        if len(tiles) != len(card.roses):
            return f"order #{cid} needs {len(card.roses)} roses, {len(tiles)} named"
        if not self._has_tiles(seat, tiles):
            return f"your shop does not hold {tiles_text(tiles)}"
        if value == FILL:
            if Counter(r for r, _ in tiles) != Counter(r for r, _ in card.roses):
                return f"Fill needs the right types: {card}"
            return None
        have = Counter((r, "bud" if b == "bud" else "bloom") for r, b in tiles)
        if have != Counter(card.roses):
            return f"Match needs type and maturity of every rose (bud = fresh-bud box, bloom = a bloom box): {card}"
        return None

    def oldest_tiles(self, seat: int, cid: int, value: str) -> tuple[Tile, ...] | None:
        """The oldest tiles of ``seat``'s shop that fill order ``cid`` for ``value`` (RR-8's default
        choice: mature blooms first, then fresh blooms, then buds), or ``None`` if it cannot."""
        shop = [row[:] for row in self.shops[seat]]
        out: list[Tile] = []
        card = self.card(cid)
        for rose, mat in card.roses:
            r = ROSES.index(rose)
            if value == MATCH:
                order = (BUD,) if mat == "bud" else (MATURE, FRESH)
            else:
                order = (MATURE, FRESH, BUD)
            for b in order:
                if shop[b][r] > 0:
                    shop[b][r] -= 1
                    out.append((rose, BOXES[b]))
                    break
            else:
                return None
        return tuple(out)

    # ------------------------------------------------------------------ apply
    def _apply(self, a: Any) -> None:
        seat = self.current_player()
        if isinstance(a, Specialty):
            s = self.specialty.index(None)
            self.specialty[s] = a.rose
            self.log.add(f"seat {s}'s shop specializes in {a.rose} (RR-4)")
        elif isinstance(a, StartPlayer):
            self.start = a.seat
            self.log.add(f"seat {a.seat} is the starting player")
        elif isinstance(a, DrawTile):
            r = ROSES.index(a.rose)
            self.bag[r] -= 1
            self.market[r] += 1
            self.pending -= 1
            self.log.add(f"{a.rose} drawn into the market")
        elif isinstance(a, DrawOrder):
            self._draw_order(a.card)
        elif isinstance(a, Trash):
            i = self.oldest_order()
            cid = self.queue[i]
            self.queue[i] = None
            self.discarded.append(cid)
            self.log.add(f"seat {seat} trashes the oldest order #{cid}")
            self._enter_refill()
        elif isinstance(a, Seed):
            extras = self.first_turn_extras(seat)
            self.counted = C.SEED_DRAWS
            self.pending = C.SEED_DRAWS + extras
            self.phase = "seeding"
            self.log.add(f"seat {seat} seeds the market" + (f" (+{extras} first-turn extra tile{'s' if extras != 1 else ''}, RR-5)" if extras else ""))
        elif isinstance(a, Push):
            cost = self.push_cost()
            self.money[seat] -= cost
            self.bank_in += cost
            self.counted += 1
            self.pending = 1
            self.phase = "seeding"
            self.log.add(f"seat {seat} pushes the market for ${cost}")
        elif isinstance(a, StopPushing):
            self._enter_refill()
        elif isinstance(a, Buy):
            r = ROSES.index(a.rose)
            p = self.rules.prices[r]
            self.market[r] -= 1
            self.shops[seat][BUD][r] += 1
            self.money[seat] -= p
            self.bank_in += p
            self.received += 1
            self.log.add(f"seat {seat} buys {a.rose} from the market for ${p}")
        elif isinstance(a, Offer):
            self.offers += 1
            self.offer = a
            self.phase = "respond"
            self.log.add(f"seat {seat} proposes a deal to seat {a.seat}",
                         {seat: f"you propose: {a}", a.seat: f"seat {seat} proposes: take {tiles_text(a.take)} "
                          f"from you for ${a.pay}" + (f" and {tiles_text(a.give)}" if a.give else "")})
        elif isinstance(a, Accept):
            self._settle(self.offer)
            self.offer = None
            self.phase = "purchase"
        elif isinstance(a, Decline):
            o = self.offer
            self.log.add(f"seat {o.seat} declines seat {self.turn}'s deal",
                         {self.turn: f"seat {o.seat} declines: {o}", o.seat: f"you decline: {o}"})
            self.offer = None
            self.phase = "purchase"
        elif isinstance(a, DoneBuying):
            self.phase = "fill"
        elif isinstance(a, FillOrder):
            self._fill(seat, a)
        elif isinstance(a, EndTurn):
            self._end_turn()
        self._advance()

    def _draw_order(self, cid: int) -> None:
        if len(self.drawn_icon) < self.rules.n_icon:
            self.drawn_icon.append(cid)
        else:
            self.drawn_plain.append(cid)
        if self.solo:
            self.queue[-1] = cid  # RR-10: the space near the order deck
        else:
            self.queue[self.queue.index(None)] = cid
        self.pending -= 1
        self.log.add(f"order #{cid} turned over: {self.card(cid)}")
        if self.deck_size() == 0 and self.end_trigger is None:
            # RR-9: the last order card is drawn: this turn finishes, then every other player takes
            # one more turn (solo: the game ends with this turn). Drawn at setup: one turn each.
            self.end_trigger = self.turn if self.phase == "refill" else -1
            self.turns_left = self.num_players
            self.log.add("the last order card is drawn: " + (
                "this is the last turn" if self.solo else "every other player takes one more turn"))

    def _settle(self, o: Offer) -> None:
        """Carry out an accepted deal (RR-7): tiles keep their box; money goes seller-ward."""
        buyer, seller = self.turn, o.seat
        for r, b in o.take:
            self.shops[seller][BOXES.index(b)][ROSES.index(r)] -= 1
            self.shops[buyer][BOXES.index(b)][ROSES.index(r)] += 1
        for r, b in o.give:
            self.shops[buyer][BOXES.index(b)][ROSES.index(r)] -= 1
            self.shops[seller][BOXES.index(b)][ROSES.index(r)] += 1
        self.money[buyer] -= o.pay
        self.money[seller] += o.pay
        self.received += len(o.take)
        paid = [f"${o.pay}"] if o.pay or not o.give else []
        paid += [tiles_text(o.give)] if o.give else []
        self.log.add(f"seat {seller} accepts: seat {buyer} takes {tiles_text(o.take)} and gives "
                     + " and ".join(paid))

    def _fill(self, seat: int, a: FillOrder) -> None:
        """"Fill Orders": tiles back to the bag, the card kept, its value paid; the specialty bonus
        on the 4th matching specialty order (RR-4)."""
        tiles = a.tiles if a.tiles is not None else self.oldest_tiles(seat, a.card, a.value)
        for r, b in tiles:
            ri = ROSES.index(r)
            self.shops[seat][BOXES.index(b)][ri] -= 1
            self.bag[ri] += 1
        card = self.card(a.card)
        value = card.match if a.value == MATCH else card.fill
        self.queue[self.queue.index(a.card)] = None
        self.filled[seat].append(a.card)
        self.fills += 1
        self.money[seat] += value
        self.bank_out += value
        self.log.add(f"seat {seat} fills order #{a.card} for its {a.value} value ${value} with {tiles_text(tiles)}")
        if (card.specialty is not None and card.specialty == self.specialty[seat]
                and not self.bonus_paid[seat] and self.specialty_filled(seat) >= C.SPECIALTY_ORDERS):
            self.bonus_paid[seat] = True
            self.money[seat] += C.SPECIALTY_BONUS
            self.bank_out += C.SPECIALTY_BONUS
            self.log.add(f"seat {seat} filled a 4th {card.specialty} specialty order: ${C.SPECIALTY_BONUS} bonus (RR-4)")

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

    def scores(self) -> list[float]:
        """Money per seat, in whole dollars (the end score, "Winning the Game"; solo: the measure
        of success, "The Lone Florist")."""
        return [float(m) for m in self.money]

    def observation(self, seat: int | None):
        from .observation import observe

        return observe(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> "RareRosesState":
        """A copy of this state as ``seat`` sees it. Inputs: the seat and a ``random.Random``;
        output: a new state whose observations equal this one's.

        Nothing hidden is stored (the order deck and the bag are drawn lazily by chance nodes), so
        the copy is a clone, but with its own RNG seeded from ``rng``: the game's RNG decides the
        real next order cards and tile draws (``sample_chance``), which are hidden from every seat
        (Setup: the order decks are shuffled face down; the market bag is drawn blind). A deal
        under negotiation is seen only by its two seats (RR-7): for any other seat its terms are
        re-drawn as one tile of the seller's shop for a random price the buyer can pay."""
        world = self.clone()
        world.rng = random.Random(rng.getrandbits(64))
        world._peeked = None
        o = self.offer
        if o is not None and seat not in (self.turn, o.seat):
            # The real deal took at least one tile of the seller's shop, so one exists and one more
            # received tile stays within the 6 (the re-drawn deal could be accepted in the copy).
            tiles = [(ROSES[r], BOXES[b]) for b in range(3) for r in range(R)
                     for _ in range(self.shops[o.seat][b][r])]
            world.offer = Offer(o.seat, (rng.choice(tiles),), rng.randint(0, self.money[self.turn]))
        return world

    # ------------------------------------------------------------------ fast copies
    _LISTS = ("market", "bag", "money", "specialty", "queue", "drawn_icon", "drawn_plain",
              "discarded", "bonus_paid", "had_turn", "history")

    def clone(self) -> "RareRosesState":
        """An independent copy; the same as the base class's deep copy, only faster (every field is
        a list of immutable values or a number; actions and cards are frozen)."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        for k in self._LISTS:
            d[k] = list(d[k])
        d["shops"] = [[row[:] for row in shop] for shop in self.shops]
        d["filled"] = [f[:] for f in self.filled]
        d["log"] = self.log.copy()
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        new.__dict__ = d
        return new

    def snapshot(self) -> dict[str, Any]:
        """Every field as JSON data, like the base class's, built directly for speed."""
        out: dict[str, Any] = {}
        for k, v in vars(self).items():
            if k in ("game", "rng", "history", "log", "_rng_shared", "_peeked", "_legal"):
                continue
            out[k] = to_jsonable(v)
        out["history"] = [[s, str(a)] for s, a in self.history]
        out["log"] = to_jsonable(self.log.raw())
        out["rng"] = self.rng_position()
        return out

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
