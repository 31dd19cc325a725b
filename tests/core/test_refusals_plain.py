"""Refusals in plain words (issue 14): an illegal move still raises a typed error naming the rule
(``IllegalActionError.rule``), but what a player reads of it (``roses.core.plain.refusal``: the
browser's banner and the API's ``message``/``detail``, the terminal) has no ruling id, no section
sign and no engine syntax (``ENGINE_SYNTAX``), in every game."""
from __future__ import annotations

import random

import pytest

from roses.cli import _refusal
from roses.core import IllegalActionError, load
from roses.core.plain import NOT_A_MOVE, NOT_NOW, engine_syntax, refusal

from ..registry import every_table

GAMES = every_table()  # every registered game at its default table
#: Typed texts that are no move at all, or malformed ones.
JUNK = ["", "xyzzy", "bid", "bid 99", "flip -1", "flip 99", "offer 9 take", "pay", "pay +7", "fill 999 match",
        "give coin to seat 0", "lay", "play", "1", "offer 0/1 to 1", "buy striped-dragon", "give black/bud"]


def _states_and_texts(name: str, players: int, seed: int):
    """Every 5th position of a seeded random game, and every action text met on the way."""
    state = load(name, players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    states, texts = [], set(JUNK)
    for k in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        legal = state.legal_actions()
        texts.update(str(a) for a in legal)
        if k % 5 == 0:
            states.append(state.clone())
        state.apply(rng.choice(legal))
    return states, sorted(texts)


@pytest.mark.parametrize("name,players", GAMES)
def test_no_refusal_a_player_reads_has_engine_syntax_or_a_ruling_id(name, players):
    refused, reasons = 0, set()
    states, seen = [], set()
    for seed in range(1, 10):  # seeded games until 6 positions: a short one (Blades & Rose at 5 seats) gives 2
        more, texts = _states_and_texts(name, players, seed)
        states, seen = states + more, seen | set(texts)
        if len(states) >= 6:
            break
    texts = sorted(seen)
    for state in states:
        for text in texts:
            try:
                state.action_from_text(text)
            except IllegalActionError as e:
                assert e.rule  # the typed error still names the rule, for code
                shown = refusal(e)
                assert not engine_syntax(shown), (text, e.rule, e.message, shown)
                assert shown[0].isupper() and shown.endswith("."), shown
                terminal = _refusal(text, e).replace(repr(text), "")  # less the echo of what was typed
                assert not engine_syntax(terminal), (text, terminal)
                refused += 1
                reasons.add(shown)
    assert refused > 100
    assert len(reasons - {NOT_NOW, NOT_A_MOVE}) >= 2  # the game's own reasons, not just "no"


def test_a_refusal_keeps_the_reason_and_drops_the_rule_id_the_move_and_the_legal_list():
    e = IllegalActionError("§3.4 The challenge (RT-5)", "flip 2 is not allowed: your own stack is turned up "
                           "first (RT-5); legal: flip 1, flip 3", "flip 2")
    assert refusal(e) == "That move is not allowed: your own stack is turned up first."
    assert str(e).endswith("[§3.4 The challenge (RT-5)] (action: flip 2)")  # developers still see it all
    e = IllegalActionError("§3.4 The challenge", "seat 2 has no face-down card to turn up", "flip 2")
    assert refusal(e) == "Seat 3 has no face-down card to turn up."
    assert refusal(e, ["Anna", "Ben", "Carla"]) == "Carla has no face-down card to turn up."
    assert refusal(IllegalActionError("legal actions", "'zz' is not a legal action now; legal: pass", "zz")) == NOT_NOW
    assert refusal(IllegalActionError("action text", "write: offer SEAT take TILES [give TILES]", "offer")) == NOT_A_MOVE


def test_name_seats_names_the_seats_of_a_move_in_words():
    """Moves in words count seats from 1 ("to Seat 3"); a table names them."""
    from roses.core.plain import name_seats

    names = ["Ann", "Rowan (hard bot)", "Seat 3", None]
    assert name_seats("Offer a card of 1 rose to Seat 2", names) == "Offer a card of 1 rose to Rowan (hard bot)"
    assert name_seats("Turn up Seat 1's top card", names) == "Turn up Ann's top card"
    # no name, a default name or no such seat: as it was
    for text in ("Turn up Seat 3's top card", "Give it to Seat 4", "Give it to Seat 12"):
        assert name_seats(text, names) == text
    assert name_seats("Offer a card to Seat 2", None) == "Offer a card to Seat 2"
