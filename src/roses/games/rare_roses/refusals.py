"""Rare Roses refusals: why a seat action is not legal now, as ``(rule, message)`` naming the
rulebook section or ruling it breaks (the state's ``explain_illegal`` makes it an
``IllegalActionError``). Run only for refusals: a legal action is recognised by its membership in
the legal actions, generated from the rules in ``legal.py`` (a draft's steps in ``drafts.py``, named
tiles in ``fills.py``).

Each check takes the state ``s`` (read only, never changed), the action and the seat to move.
"""
from __future__ import annotations

from typing import Any

from . import cards as C
from .actions import (FILL, MATCH, Accept, Buy, CancelDeal, ChooseTiles, DealGive, DealPay, DealTake,
                      DealWith, Decline, DoneBuying, EndTurn, FillOrder, Offer, Propose, Push, Seed,
                      StopPushing, Trash, UseTile, tiles_text)
from .drafts import draft_actions
from .fills import can_fill, has_tiles, naming_actions, tiles_problem

_ROSE_INDEX = C.ROSE_INDEX


def problem(s, a: Any) -> tuple[str, str] | None:
    """``None`` if seat action ``a`` is legal now, else ``(rule, message)`` naming the rule
    broken (``RareRosesState.explain_illegal`` makes it an :class:`IllegalActionError`)."""
    check = CHECKS.get(type(a))
    if check is None:
        return ("legal actions", f"{a!r} is not a Rare Roses action")
    phase, method = check
    if s.phase != phase:
        return ("Turn phases", f"{a} is not an action of the {s.phase} phase")
    return method(s, a, s.current_player())


def _trash(s, a: Trash, seat: int) -> tuple[str, str] | None:
    if s.oldest_order() is None:
        return ("Trash Oldest Order (RR-11)", "there is no order in the queue to trash")
    return None


def _seed(s, a: Seed, seat: int) -> tuple[str, str] | None:
    if not any(s.bag):
        return ("Seed The Market (RR-6, RR-11)", "the market bag is empty")
    return None


def _push(s, a: Push, seat: int) -> tuple[str, str] | None:
    cost = s.push_cost()
    if cost is None:
        return ("Push The Market (RR-5)", "no more than 6 tiles may be drawn on your turn")
    if s.money[seat] < cost:
        return ("Push The Market (RR-5)", f"the next tile costs ${cost}; you have ${s.money[seat]}")
    return None


def _nothing(s, a: Any, seat: int) -> None:
    return None


def _buy(s, a: Buy, seat: int) -> tuple[str, str] | None:
    r = _ROSE_INDEX.get(a.rose)
    if r is None:
        return ("Purchase Roses", f"unknown rose {a.rose!r}")
    if s.market[r] == 0:
        return ("Purchase Roses", f"there is no {C.ROSE_NAMES[a.rose]} in the market")
    if s.received >= C.MAX_RECEIVED:
        return ("Purchase Roses (RR-7)", "you can't purchase more than 6 roses on your turn")
    price = s._rules.prices[r]
    if s.money[seat] < price:
        return ("Purchase Roses (RR-2)", f"{C.ROSE_NAMES[a.rose]} costs ${price}; you have ${s.money[seat]}")
    return None


def _offer(s, a: Offer, seat: int) -> tuple[str, str] | None:
    rule = "Purchase Roses (RR-7)"
    n = s.num_players
    rules = s._rules
    if not isinstance(a.seat, int) or not 0 <= a.seat < n or a.seat == seat:
        return (rule, "a deal is proposed to one other player")
    if s.offers >= rules.max_offers:
        return (rule + " / max_offers", f"at most {rules.max_offers} deals may be proposed a turn")
    if not a.take:
        return (rule, "a deal buys at least one rose from the other player")
    if not isinstance(a.pay, int) or a.pay < 0:
        return (rule, "pay a whole number of dollars")
    if a.pay > s.money[seat]:
        return (rule, f"you offer ${a.pay} but have ${s.money[seat]}")
    if s.received + len(a.take) > C.MAX_RECEIVED:
        return (rule, f"you can't purchase or trade for more than 6 roses on your turn "
                f"(received {s.received}, asking {len(a.take)})")
    if not has_tiles(s, a.seat, a.take):
        return (rule, f"seat {a.seat}'s shop does not hold {tiles_text(a.take)}")
    if a.give and not has_tiles(s, seat, a.give):
        return (rule, f"your shop does not hold {tiles_text(a.give)}")
    return None


def _old_offer(s, a: Offer, seat: int) -> tuple[str, str] | None:
    """A compound deal (rules_version 1): refused with the rule it breaks, or with how deals
    are made now (drafted step by step)."""
    problem = _offer(s, a, seat)
    if problem is not None:
        return problem
    return ("Purchase Roses (RR-7)", "a deal is drafted step by step (rules version 2): "
            f"deal {a.seat}, then take ROSE/BOX, give ROSE/BOX, pay +20/+5/+1, then propose")


def _deal(s, a: DealWith, seat: int) -> tuple[str, str] | None:
    rule = "Purchase Roses (RR-7)"
    if not isinstance(a.seat, int) or not 0 <= a.seat < s.num_players or a.seat == seat:
        return (rule, "a deal is proposed to one other player")
    if s.offers >= s._rules.max_offers:
        return (rule + " / max_offers", f"at most {s._rules.max_offers} deals may be proposed a turn")
    if s.received >= C.MAX_RECEIVED:
        return (rule, "you can't purchase or trade for more than 6 roses on your turn")
    if not any(map(any, s.shops[a.seat])):
        return (rule, f"seat {a.seat}'s shop is empty: a deal buys at least one rose from it")
    return None


def _draft_step(s, a: Any, seat: int) -> tuple[str, str] | None:
    if a in draft_actions(s, seat):
        return None
    rule = "Purchase Roses (RR-7)"
    seller, take, give, n20, n5, n1 = s.draft
    if type(a) is Propose:
        return (rule, "a deal buys at least one rose from the other player: take a tile first")
    if type(a) is DealPay:
        return (rule, f"{a} is not possible now: you have ${s.money[seat]}, the draft pays "
                f"${20 * n20 + 5 * n5 + n1}; money is added as +20s, then up to three +5s, then up to four +1s")
    who = f"seat {seller}'s" if type(a) is DealTake else "your"
    return (rule, f"{a} is not possible now: {who} shop must hold the tile, at most 6 roses are received "
            "a turn, and a draft names its takes, then its gives (each in tile order), then the money")


def _choose(s, a: ChooseTiles, seat: int) -> tuple[str, str] | None:
    return _fill(s, FillOrder(a.card, a.value), seat)


def _use(s, a: UseTile, seat: int) -> tuple[str, str] | None:
    if a in naming_actions(s, seat):
        return None
    cid, value, used = s.naming
    return ("Order Cards (RR-8)", f"{a} cannot serve order #{cid} ({s._rules.card_text[cid]}) for its {value} "
            f"value now (named so far: {tiles_text(used) or 'none'})")


def _fill(s, a: FillOrder, seat: int) -> tuple[str, str] | None:
    if not isinstance(a.card, int) or a.card not in s.queue:
        return ("Fill Orders", f"order #{a.card} is not in the order queue")
    if s.fills >= C.MAX_FILLS:
        return ("Fill Orders", "you may fill up to three orders a turn")
    if a.value not in (FILL, MATCH):
        return ("Order Cards (RR-8)", "an order is filled for its fill or its match value")
    if a.tiles is None:
        # The oldest fitting tiles always fit when there are enough (see fills.oldest_tiles).
        if not can_fill(s, seat, a.card, a.value):
            return ("Order Cards (RR-8)", f"your shop cannot {a.value} order #{a.card} "
                    f"({s._rules.card_text[a.card]}); an order is filled completely or not at all")
        return None
    problem = tiles_problem(s, seat, a.card, a.value, a.tiles)
    if problem:
        return ("Order Cards (RR-8)", problem)
    return ("Order Cards (RR-8)", "tiles are named one by one (rules version 2): "
            f"choose tiles for {a.card} {a.value}, then use ROSE/BOX for each")


#: The phase each seat action belongs to and its check.
CHECKS = {
    Trash: ("trash-or-seed", _trash),
    Seed: ("trash-or-seed", _seed),
    Push: ("push", _push),
    StopPushing: ("push", _nothing),
    Buy: ("purchase", _buy),
    Offer: ("purchase", _old_offer),
    DealWith: ("purchase", _deal),
    DealTake: ("draft", _draft_step),
    DealGive: ("draft", _draft_step),
    DealPay: ("draft", _draft_step),
    Propose: ("draft", _draft_step),
    CancelDeal: ("draft", _nothing),
    ChooseTiles: ("fill", _choose),
    UseTile: ("name-tiles", _use),
    DoneBuying: ("purchase", _nothing),
    Accept: ("respond", _nothing),
    Decline: ("respond", _nothing),
    FillOrder: ("fill", _fill),
    EndTurn: ("fill", _nothing),
}
