"""Game analysis (issue 10): `roses analyse RECORD --seat S` and roses.sim.analysis."""
import json

import pytest
from typer.testing import CliRunner

import roses
from roses.agents import Turn, make_agent
from roses.agents.ismcts import ISMCTSAgent
from roses.cli import app
from roses.core import CHANCE, GameRecord
from roses.sim.analysis import Decision, analyse_record, hint, worst

runner = CliRunner()


def _finished(name="roses-and-thorns", players=3, seed=5):
    game = roses.load(name, players=players)
    state = game.new_initial_state(seed)
    bots = [make_agent("heuristic", game, s) for s in range(players)]
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[p].act(Turn.of(state)))
    return state


def _fast(game, seed):
    return ISMCTSAgent(game, seed=seed, iterations=30)


def test_one_decision_per_real_choice_of_the_seat():
    state = _finished()
    record = GameRecord.from_state(state)
    decisions = analyse_record(record, 1, make=_fast)
    # Every step of seat 1 where it had two or more legal moves, in order.
    replayed = roses.load("roses-and-thorns", players=3).new_initial_state(record.seed)
    expected = []
    for i, (seat, text) in enumerate(record.actions):
        if seat == 1 and len(replayed.legal_actions()) > 1:
            expected.append((i, text))
        replayed.apply(replayed.action_from_text(text))
    assert [(d.step, d.played) for d in decisions] == expected
    for d in decisions:
        assert d.seat == 1 and 0.0 <= d.chance <= 1.0 and d.legal > 1
        assert d.played_chance is None or 0.0 <= d.played_chance <= 1.0
        if d.played == d.best:
            assert d.drop == 0.0
    assert analyse_record(record, 1, make=_fast) == decisions  # reproducible


def test_decisions_name_the_moves_in_plain_words():
    """``roses analyse`` and the replay viewer name moves as the seat's menu did, not by engine
    text ('Lay a rose', not 'lay rose')."""
    from roses.core.plain import engine_syntax

    decisions = analyse_record(GameRecord.from_state(_finished()), 1, make=_fast)
    assert decisions and all(d.played_words and d.best_words for d in decisions)
    assert any(d.played_words != d.played for d in decisions)
    for d in decisions:
        for words in (d.played_words, d.best_words):
            assert not engine_syntax(words), words
        assert d.to_json()["played_words"] == d.played_words


def test_worst_lists_the_biggest_drops_first():
    ds = [Decision(0, 0, "a", "b", 0.6, 0.5, 2), Decision(3, 0, "a", "a", 0.5, 0.5, 2),
          Decision(5, 0, "c", "b", 0.7, 0.2, 3), Decision(7, 0, "c", "b", 0.7, 0.68, 3),
          Decision(9, 0, "c", "b", 0.7, None, 3)]
    assert [d.step for d in worst(ds)] == [5, 0]
    assert [d.step for d in worst(ds, count=1)] == [5]


def test_bad_seat_is_refused():
    record = GameRecord.from_state(_finished())
    with pytest.raises(ValueError):
        analyse_record(record, 3, make=_fast)


def test_hint_names_a_legal_move_in_words():
    game = roses.load("rose-ceremony", players=2)
    state = game.new_initial_state(1)
    state.resolve_chance()
    h = hint(state, make=_fast)
    assert h.move in [str(a) for a in state.legal_actions()]
    assert h.text.startswith("Suggested: ") and "% chance to win" in h.text
    assert "ismcts" not in h.text


def test_a_hint_hears_the_table_talk():
    """The hint's search hears the table talk as the table's bots do (its prior is asked with it)."""
    from roses.core.talk import Talk

    heard = []

    class Listener:
        def act(self, turn):
            heard.append(turn.talk)
            return turn.legal_actions[0]

    game = roses.load("rose-ceremony", players=2)
    state = game.new_initial_state(1)
    state.resolve_chance()
    talk = (Talk(1, "accuse", target=0, at_move=0),)
    h = hint(state, make=lambda g, s: ISMCTSAgent(g, seed=s, iterations=3, prior=Listener()), talk=talk)
    assert h.move in [str(a) for a in state.legal_actions()] and heard and set(heard) == {talk}


def test_the_analysis_and_the_hint_model_each_seat_as_the_bot_it_was():
    """The record's player labels say who sat where (``bot:bold``, a person's name); the analysing
    bot is told it (``ISMCTSAgent.meet``), and so is a hint's bot given the table."""
    from roses.sim.analysis import table_of

    told = []

    class Told(ISMCTSAgent):
        def meet(self, table):
            told.append(table)
            super().meet(table)

    state = _finished()
    record = GameRecord.from_state(state, ["Ann", "bot:bold", "bot:ismcts:hard"])
    assert table_of(record, 3) == (None, "bold", "ismcts:hard")
    assert table_of(GameRecord.from_state(state), 3) == (None, None, None)
    decisions = analyse_record(record, 0, make=lambda g, s: Told(g, seed=s, iterations=5))
    assert decisions and told == [(None, "bold", "ismcts:hard")] * len(decisions)
    told.clear()
    live = roses.load("roses-and-thorns", players=3).new_initial_state(2)
    live.resolve_chance()
    hint(live, make=lambda g, s: Told(g, seed=s, iterations=5), table=("bold", None, "heuristic"))
    assert told == [("bold", None, "heuristic")]


def test_cli_analyse_prints_the_table_and_json(tmp_path, monkeypatch):
    path = GameRecord.from_state(_finished(), ["Ann", "Bo", "Cy"]).save(tmp_path / "g.json")
    r = runner.invoke(app, ["analyse", str(path), "--seat", "1", "--bot", "ismcts:easy"])
    assert r.exit_code == 0, r.output
    assert "Seat 1 (Ann)" in r.output and "chance" in r.output  # seats counted from 1, as players do
    r = runner.invoke(app, ["analyse", str(path), "--seat", "1", "--bot", "ismcts:easy", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert data["seat"] == 0 and data["decisions"]  # JSON: the engine's seat index
    assert all(0 <= d["chance"] <= 1 for d in data["decisions"])
    assert set(data["worst"]) <= {d["step"] for d in data["decisions"]}


def test_cli_analyse_refuses_bad_input(tmp_path):
    path = GameRecord.from_state(_finished(), ["Ann", "Bo", "Cy"]).save(tmp_path / "g.json")
    r = runner.invoke(app, ["analyse", str(path), "--seat", "5"])
    assert r.exit_code != 0 and "--seat must be 1..3" in r.output
    r = runner.invoke(app, ["analyse", str(path), "--seat", "1", "--bot", "heuristic"])
    assert r.exit_code != 0 and "search bot" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    r = runner.invoke(app, ["analyse", str(bad), "--seat", "1"])
    assert r.exit_code != 0
