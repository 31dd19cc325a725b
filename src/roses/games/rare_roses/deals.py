"""Rare Roses deals as carried out (rulebook "Purchase Roses"; ruling RR-7; rules_version 2): what
each deal action changes, from opening a draft to settling the accepted deal.

RR-7: the active player proposes a deal to one other player: tiles from that player's shop (each
keeps its box) for money and/or tiles of the active player's; the other accepts or declines. The
draft's terms are private: its steps are read by the proposer only, the proposed deal by its two
seats, an accepted deal's terms by all (the log lines below say who reads what).

Each function takes the state and the action and changes the state (the state's apply table calls
them, as it calls its own ``_apply_*`` methods); which steps are legal, and the re-drawing of hidden
drafts, are in :mod:`.drafts`.
"""
from __future__ import annotations

from . import cards as C
from .actions import Accept, CancelDeal, DealGive, DealPay, DealTake, DealWith, Decline, Offer, Propose, tiles_words
from .drafts import price_words

_ROSE_INDEX, _BOX_INDEX = C.ROSE_INDEX, C.BOX_INDEX


def open_draft(state, a: DealWith) -> None:
    """``deal SEAT``: a draft opened with that seat, its public facts kept (``deal_context``)."""
    seat = state.turn
    state.offers += 1  # a draft counts toward max_offers when it is opened (a turn stays bounded)
    state.draft = (a.seat, (), (), 0, 0, 0)
    bud, fresh, mature = state.shops[a.seat]
    ob, of, om = state.shops[seat]
    state.deal_context.append((len(state.history), tuple(bud + fresh + mature), tuple(ob + of + om),
                               state.money[seat], state.received))
    state.phase = "draft"
    state.log.add(("seat {} drafts a deal with seat {}", seat, a.seat))


def _count_step(state) -> None:
    """One more draft step, seen by its proposer only (``RareRosesState.unseen_actions``)."""
    state.draft_steps += 1
    by = list(state.draft_steps_by)
    by[state.turn] += 1
    state.draft_steps_by = tuple(by)


def add_take(state, a: DealTake) -> None:
    d = state.draft
    state.draft = (d[0], d[1] + (a.tile,), d[2], d[3], d[4], d[5])
    _count_step(state)


def add_give(state, a: DealGive) -> None:
    d = state.draft
    state.draft = (d[0], d[1], d[2] + (a.tile,), d[3], d[4], d[5])
    _count_step(state)


def add_pay(state, a: DealPay) -> None:
    _count_step(state)
    seller, take, give, n20, n5, n1 = state.draft
    k = a.amount
    state.draft = (seller, take, give, n20 + (k == 20), n5 + (k == 5), n1 + (k == 1))


def cancel_draft(state, a: CancelDeal) -> None:
    seller = state.draft[0]
    state.draft = None
    state.phase = "purchase"
    state.log.add(("seat {} drops the deal with seat {}", state.turn, seller))


def propose_draft(state, a: Propose) -> None:
    seller, take, give, n20, n5, n1 = state.draft
    propose(state, Offer(seller, take, 20 * n20 + 5 * n5 + n1, give))


def propose(state, a: Offer) -> None:
    """The deal proposed: its terms logged for its two seats only."""
    seat = state.turn
    state.draft = None
    state.offer = a
    state.phase = "respond"
    state.log.add(("seat {} proposes a deal to seat {}", seat, a.seat),
                  {seat: ("you propose to seat {}: take {} from them for {}", a.seat, tiles_words(a.take),
                          price_words(a)),
                   a.seat: ("seat {} proposes: take {} from you for {}", seat, tiles_words(a.take),
                            price_words(a))})


def accept(state, a: Accept) -> None:
    settle(state, state.offer)
    state.offer = None
    state.phase = "purchase"


def decline(state, a: Decline) -> None:
    """The deal declined: that it was is public, its terms stay with its two seats (``declined``)."""
    o = state.offer
    terms = (tiles_words(o.take), price_words(o))
    state.log.add(("seat {} declines seat {}'s deal", o.seat, state.turn),
                  {state.turn: ("seat {} declines your deal: take {} for {}", o.seat, *terms),
                   o.seat: ("you decline seat {}'s deal: take {} for {}", state.turn, *terms)})
    state.declined = state.declined + [o]
    state.offer = None
    state.phase = "purchase"


def settle(state, o: Offer) -> None:
    """Carry out an accepted deal (RR-7): tiles keep their box; money goes seller-ward."""
    buyer, seller = state.turn, o.seat
    bshop, sshop = state.shops[buyer], state.shops[seller]
    for r, b in o.take:
        bi, ri = _BOX_INDEX[b], _ROSE_INDEX[r]
        sshop[bi][ri] -= 1
        bshop[bi][ri] += 1
    for r, b in o.give:
        bi, ri = _BOX_INDEX[b], _ROSE_INDEX[r]
        bshop[bi][ri] -= 1
        sshop[bi][ri] += 1
    state.money[buyer] -= o.pay
    state.money[seller] += o.pay
    state.received += len(o.take)
    paid = [f"${o.pay}"] if o.pay or not o.give else []
    paid += [tiles_words(o.give)] if o.give else []
    state.log.add(("seat {} accepts: seat {} takes {} and gives {}", seller, buyer, tiles_words(o.take),
                   " and ".join(paid)))
