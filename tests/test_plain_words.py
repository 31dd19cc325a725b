"""Plain words in everything a player reads in the terminal (issue 14): log lines, status lines of
the game views, move menus and the lobby's parameter help carry no engine syntax (ruling ids,
"§", action syntax, raw fractions, seats counted from 0, ...). The browser's page text is scanned
by tests/server/test_browser_plain_words.py."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import roses
from roses.cli import render
from roses.core import available_games, get_spec, to_jsonable
from roses.core.plain import engine_syntax, log_sentence, plain_line, seat_name

from .registry import SMALL_TABLES, case, every_game, table

#: (game, players, seed): every game, seed 1, at a small table (whole games with every view drawn:
#: Rare Roses at its default 4 seats took 23 s here); and Rare Roses solo as well, whose solo game
#: (the Lone Florist) has views and log lines of its own.
GAMES = [case(name, table(name, SMALL_TABLES), 1) for name in every_game()] + [case("rare-roses", 1, 4)]


@pytest.mark.parametrize("text", [
    "You decline: offer 0 take Osira (fresh) pay 3", "Seat 1 seeds the market (+1 first-turn extra tile, RR-5)",
    "You are dealt 2/0", "Deals a player may propose in one turn (an engine bound so a turn ends).",
    "Original rule (§1 Overview, §7 Variants (RT-7))", "Seat 0 (you) bids 2", "night: seats 0, 3, 5 opened their eyes",
    "names osira/bud for order #8", "2 mature bloom(s) back", "fixed by the start_player parameter",
])
def test_the_patterns_catch_the_engine_syntax_players_met(text):
    assert engine_syntax(text), text


def test_plain_line_counts_seats_from_one_and_uses_names():
    assert plain_line("seat 0 (you) offers a card face down to seat 2") == "Seat 1 (you) offers a card face down to Seat 3"
    assert plain_line("night: seats 0, 3 (you), 5 opened their eyes") == "night: Seat 1, Seat 4 (you), Seat 6 opened their eyes"
    assert plain_line("seat 1's bouquet", ["Anna", "Bo"]) == "Bo's bouquet"
    assert seat_name(9) == "Seat 10" and seat_name(1, ["Anna", ""]) == "Seat 2"


def test_log_lines_read_as_sentences():
    # Rose Ceremony's lines are clauses ("seat 2 draws a card (12 left)"); Roses and Thorns' are
    # sentences already and keep their one full stop
    assert log_sentence(plain_line("seat 1 draws a card (12 left)")) == "Seat 2 draws a card (12 left)."
    assert log_sentence("Seat 2 bids 3.") == "Seat 2 bids 3."
    assert log_sentence("your turn: stock rotated") == "Your turn: stock rotated."
    assert log_sentence("Is it a thorn?") == "Is it a thorn?" and log_sentence("") == ""
    # Blades & Rose cites its FAQ in two lines: a player reads no ruling (the browser's logText too)
    assert log_sentence("Effect #3 cannot be applied: nothing happens (FAQ Q3)") == "Effect #3 cannot be applied: nothing happens."
    assert log_sentence("Seat 2 does not activate effect #10 (FAQ Q11)") == "Seat 2 does not activate effect #10."
    assert engine_syntax("nothing happens (FAQ Q3)") == ["FAQ number"]


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_the_terminal_prints_every_log_line_as_a_sentence(game, players, seed, monkeypatch):
    from roses.cli import table

    printed = io.StringIO()
    monkeypatch.setattr(table, "console", Console(file=printed, width=400))
    state = roses.load(game, players=players).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    shown = table._print_log(state, 0, 0)
    lines = [line.removeprefix("  · ") for line in printed.getvalue().splitlines()]
    assert shown == len(lines) == len(state.log.view(0)) > 10
    assert all(line[:1].isupper() and line[-1] in ".!?:" for line in lines), [
        line for line in lines if not (line[:1].isupper() and line[-1] in ".!?:")][:5]


def _screen(renderable) -> str:
    console = Console(file=io.StringIO(), width=200)
    console.print(renderable)
    return console.file.getvalue()


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_a_whole_seeded_game_reads_in_plain_words(game, players, seed):
    state = roses.load(game, players=players).new_initial_state(seed)
    spec = state.game.spec
    rng = random.Random(seed)
    found: dict[str, set[str]] = {}

    def scan(where: str, text: str) -> None:
        for name in engine_syntax(text):
            found.setdefault(f"{where}: {name}", set()).add(text.strip()[:160])

    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        obs = to_jsonable(state.observation(seat))
        for a in legal:  # the terminal menu, as the seat to move reads it
            scan("menu", spec.describe_action(obs, str(a)))
        if step % 9 == 0:
            for reader in [*range(players), None]:
                for line in _screen(render(state, reader)).splitlines():
                    scan("view", line)
        state.apply(rng.choice(legal))
        step += 1
    for reader in [*range(players), None]:
        for line in state.log.view(reader):  # as the terminal prints it (table._print_log)
            scan("log", log_sentence(plain_line(line)))
        for line in _screen(render(state, reader)).splitlines():
            scan("view", line)
    assert step > 10
    assert not found, found


def test_parameter_help_is_plain():
    for name in available_games():
        spec = get_spec(name)
        for p in spec.params:
            assert not engine_syntax(p.help), (name, p.name, p.help)
        assert not engine_syntax(spec.summary), name


def test_menus_show_prices_and_values():
    """Terminal Rare Roses menus said "1) push 2) stop"; now the price of each push and tile and the
    value of each order are in the menu."""
    state = roses.load("rare-roses", players=1).new_initial_state(2)
    spec = state.game.spec
    seen: dict[str, str] = {}
    rng = random.Random(0)
    while not state.is_terminal() and len(seen) < 40:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        obs = to_jsonable(state.observation(0))
        for a in state.legal_actions():
            seen[str(a)] = spec.describe_action(obs, str(a))
            if str(a) == "push":
                assert seen["push"] == f"Push the market for ${obs['next_push_cost']}"
            if str(a).startswith("buy "):
                rose = str(a).split()[1]
                assert seen[str(a)].endswith(f"bud for ${obs['prices'][rose]}"), seen[str(a)]
            if str(a).startswith("fill "):
                _, card, value = str(a).split()
                assert seen[str(a)] == f"{value.title()} order #{card} for ${obs['cards'][card][value]}"
        state.apply(rng.choice(state.legal_actions()))
    assert any(t == "push" for t in seen) and any(t.startswith("buy ") for t in seen)
