"""Helpers for the Rare Roses tests: small fixed decks and positions built through the rules."""
from __future__ import annotations

from roses.core import load
from roses.games.rare_roses.actions import DrawOrder, DrawTile, Specialty, parse_action, upgrade_history
from roses.games.rare_roses.cards import ROSES


def card(cid, roses, fill, match, icon=True, specialty=None):
    return {"id": cid, "icon": icon, "roses": [list(r) for r in roses], "fill": fill,
            "match": match, "specialty": specialty}


def small_deck(n_icon=12, n_plain=12, specialty=None):
    """A deck whose cards all ask for (juliet bud, osira bloom): Fill $7, Match $11; ``specialty``
    marks every card with that specialty rose."""
    return [card(i, [("juliet", "bud"), ("osira", "bloom")], 7, 11, icon=i < n_icon, specialty=specialty)
            for i in range(n_icon + n_plain)]


def new_game(players, seed=1, specialties=None, **params):
    """A game with ``start_player=0`` whose setup chance nodes are resolved; ``specialties`` fixes
    the shops' roses (else drawn)."""
    params.setdefault("start_player", 0)
    game = load("rare-roses", players=players, **params)
    state = game.new_initial_state(seed)
    if specialties:
        for r in specialties:
            state.apply(Specialty(r))
    state.resolve_chance()
    return state


def do(state, *texts):
    """Apply each action text (chance resolved by the game's RNG after each). A compound deal
    ``offer SEAT take TILES pay N [give TILES]`` or fill ``fill ID V with TILES`` (the rules_version
    1 texts, a short way to write a whole deal or fill in a test) is played as its step sequence:
    the draft ``deal SEAT, take …, give …, pay …, propose`` or ``choose tiles for ID V, use …``."""
    for t in texts:
        for _, step in upgrade_history([[state.current_player(), t]], 1):
            state.apply(state.action_from_text(step))
            state.resolve_chance()
    return state


def draw(state, *roses):
    for r in roses:
        state.apply(DrawTile(r))


def shop(state, seat, box):
    b = ("bud", "fresh", "mature").index(box)
    return {r: state.shops[seat][b][i] for i, r in enumerate(ROSES) if state.shops[seat][b][i]}


def set_shop(state, seat, box, **counts):
    """Put tiles in a shop box, taking them from the bag (so tiles stay conserved)."""
    b = ("bud", "fresh", "mature").index(box)
    for name, k in counts.items():
        r = ROSES.index(name.replace("_", "-"))
        state.bag[r] -= k
        state.shops[seat][b][r] += k


def set_market(state, **counts):
    """Make the market hold exactly ``counts`` (others back to the bag)."""
    for r in range(len(ROSES)):
        state.bag[r] += state.market[r]
        state.market[r] = 0
    for name, k in counts.items():
        r = ROSES.index(name.replace("_", "-"))
        state.bag[r] -= k
        state.market[r] += k


def to_purchase(state, action="seed"):
    """From trash-or-seed: seed (or trash), stop pushing, refill: the purchase phase."""
    do(state, action)
    if state.phase == "push":
        do(state, "stop")
    assert state.phase == "purchase", state.phase
    return state


__all__ = ["card", "small_deck", "new_game", "do", "draw", "shop", "set_shop", "set_market",
           "to_purchase", "parse_action", "DrawOrder", "DrawTile"]


def deal_steps_of_fresh_bots(game, bot, seeds):
    """Play a game per seed with ``bot`` on every seat, made afresh for each move (as the server's
    bot runner does, seed ``1000·seed + move``), and count its deal steps: ``opened`` (``deal
    SEAT``), ``proposed``, ``cancelled``, ``accepted``, and ``repeats``: proposals whose terms a
    deal declined earlier that turn already had (read from the proposer's observation)."""
    from collections import Counter

    from roses.agents import Turn, make_agent
    from roses.games.rare_roses.actions import Accept, CancelDeal, DealWith, Offer, Propose

    counts = Counter()
    for seed in seeds:
        s = game.new_initial_state(seed)
        i = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance())
                continue
            a = make_agent(bot, game, 1000 * seed + i).act(Turn.of(s))
            i += 1
            counts["opened"] += isinstance(a, DealWith)
            counts["cancelled"] += isinstance(a, CancelDeal)
            counts["accepted"] += isinstance(a, Accept)
            if isinstance(a, Propose):
                obs = s.observation(s.turn)
                d = obs.draft
                terms = str(Offer(d["to"], tuple(map(tuple, d["take"])), d["pay"], tuple(map(tuple, d["give"]))))
                counts["proposed"] += 1
                counts["repeats"] += terms in {x["text"] for x in obs.deals_declined}
            s.apply(a)
    return counts
