"""Play one game from start to end with one agent per seat."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from roses.agents import Agent, Turn, tell_table
from roses.core import Game, GameRecord, State
from roses.core.talk import Talk, check_talk

#: Hard stop for a runaway game (a bug, never a rule): far above any real game's length.
MAX_STEPS = 100_000


def play_game(game: Game, agents: Sequence[Agent], seed: int,
              on_step: Callable[[State, int, Any], None] | None = None,
              talk: list[Talk] | None = None, table: Sequence[str | None] | None = None) -> State:
    """Play a whole game and return its terminal state.

    Args:
        game: the game (parameters fixed).
        agents: one agent per seat (``len == game.num_players``).
        seed: seed of the game's RNG (chance outcomes).
        on_step: called after every applied action as ``on_step(state, seat, action)``.
        talk: a list to play with table talk (as the server does): before each of its moves an
            agent with ``speak(turn, talk)`` may make a statement (checked by the game's talk
            rules, :func:`roses.core.talk.check_talk`, and appended to the list), and every agent
            hears the talk so far (:attr:`Turn.talk`). ``None``: no talk.
        table: who sits where, as the table shows it (seat ``s``'s bot name, ``None`` for a
            person), told to every agent first (:func:`roses.agents.tell_table`); default the
            agents' names.

    Raises ``RuntimeError`` if the game does not end within :data:`MAX_STEPS` actions.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.num_players} seats need {game.num_players} agents, got {len(agents)}")
    tell_table(agents, table if table is not None else [a.name for a in agents])
    state = game.new_initial_state(seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state
        seat = state.current_player()
        if state.is_chance_node():
            action = state.sample_chance()
        elif talk is None:
            action = agents[seat].act(Turn.of(state))
        else:
            speak = getattr(agents[seat], "speak", None)
            said = speak(Turn.of(state, tuple(talk)), tuple(talk)) if speak is not None else None
            if said is not None:
                talk.append(check_talk(game.spec.talk, game.num_players, said))
            action = agents[seat].act(Turn.of(state, tuple(talk)))
        state.apply(action)
        if on_step is not None:
            on_step(state, seat, action)
    raise RuntimeError(f"{game.name} did not end within {MAX_STEPS} actions (seed {seed})")


def record_of(state: State, agents: Sequence[Agent]) -> GameRecord:
    return GameRecord.from_state(state, [f"bot:{a.name}" for a in agents])


def seat_actions(state: State) -> int:
    """Number of actions taken by seats (chance outcomes excluded): the game's length."""
    return sum(1 for s, _ in state.history if s >= 0)


def one_seat_wins(game: Game, candidate: Callable[[Game, int], Agent], others: Callable[[Game, int], Agent],
                  games: int, start: int) -> float:
    """Games won by one ``candidate`` seat against ``others`` in every other seat: game ``i``
    (seed ``start + i``, ``i`` in ``range(games)``) seats ``candidate(game, seed)`` at seat
    ``i mod n`` and ``others(game, seed)`` elsewhere, bot seeds ``1000·i + seat``. Returns the sum
    of the candidate's returns (float, in games; a shared win counts its share)."""
    n = game.num_players
    won = 0.0
    for i in range(games):
        m = i % n
        agents = [(candidate if s == m else others)(game, 1000 * i + s) for s in range(n)]
        won += play_game(game, agents, start + i).returns()[m]
    return won
