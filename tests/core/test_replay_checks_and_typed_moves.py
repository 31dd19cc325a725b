"""Record replay checks each step's seat (one check in the core, used by the CLI and the server),
and typed moves match the legal actions' texts whatever their case and spacing."""
import pytest

import roses
from roses.core import GameRecord, IllegalActionError, RecordError, replay
from roses.core.conformance import check_random_game
from roses.core.record import replay_steps
from roses.core.state import normalize_action_text


def record(seed=5, players=4):
    state = check_random_game(roses.load("roses-and-thorns", players=players), seed, deep=False)
    return GameRecord.from_state(state)


def test_a_step_with_the_wrong_seat_is_refused_naming_the_step():
    rec = record()
    i = next(k for k, (seat, _) in enumerate(rec.actions) if seat >= 0)
    right = rec.actions[i][0]
    rec.actions[i][0] = (right + 1) % 4
    with pytest.raises(RecordError, match=rf"step {i}: the record says seat {(right + 1) % 4} moves, "
                                          rf"the state says seat {right}"):
        replay(rec)
    with pytest.raises(RecordError, match=rf"step {i}:"):
        list(replay_steps(rec))


def test_a_chance_step_given_to_a_seat_is_refused():
    rec = record()
    assert rec.actions[0][0] == -1 and rec.actions[0][1].startswith("start ")
    rec.actions[0][0] = 2
    with pytest.raises(RecordError, match="step 0: the record says seat 2 moves, the state says chance"):
        replay(rec)


def test_replay_steps_yields_every_step_and_ends_in_the_recorded_state():
    rec = record(seed=7)
    steps = list(replay_steps(rec))
    assert [(i, s, t) for i, s, t, _ in steps] == [(i, s, t) for i, (s, t) in enumerate(rec.actions)]
    assert steps[-1][3].returns() == rec.result["returns"] and steps[-1][3].is_terminal()


def test_normalize_action_text():
    assert normalize_action_text("  BID \t  2 ") == "bid 2"
    assert normalize_action_text("play Great Sword") == "play great sword"


def test_typed_moves_ignore_case_and_spacing():
    state = roses.load("roses-and-thorns", players=3).new_initial_state(1)
    state.resolve_chance()
    lay = state.action_from_text("  LAY   Rose ")
    assert str(lay) == "lay rose"
    # A well-formed move that is illegal now gets the rule it breaks, as the action object would.
    with pytest.raises(IllegalActionError) as typed:
        state.action_from_text("BID 2")  # nobody may bid before every seat laid a card
    with pytest.raises(IllegalActionError) as applied:
        state.apply(state.parse_action("bid 2"))
    assert typed.value.rule == applied.value.rule == "§3.1 Everyone lays a card"
    with pytest.raises(IllegalActionError, match="'dance' is not a legal action now"):
        state.action_from_text("dance")  # no action of the game at all: the legal ones are listed


def test_typed_moves_ignore_case_with_capitalised_card_names():
    # Blades & Rose writes its cards with capitals ("deal Great Sword to seat 2").
    state = roses.load("blades-and-rose", players=5).new_initial_state(3)
    first = str(state.legal_actions()[0])
    assert first != first.lower()
    assert str(state.action_from_text(first.upper().replace(" ", "  "))) == first


def test_rare_roses_parses_typed_moves_in_any_case():
    state = roses.load("rare-roses", players=1).new_initial_state(2)
    state.resolve_chance()
    texts = [str(a) for a in state.legal_actions()]
    assert texts, "a seat is to move"
    a = state.action_from_text("  " + texts[0].upper().replace(" ", "   ") + " ")
    assert str(a) == texts[0]
