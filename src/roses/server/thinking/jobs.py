"""What a thinking worker runs (issue 41): pure functions of picklable, JSON-able arguments that
rebuild the position and run the very code the offline agents run. A bot at the table is
``make_agent(bot, game, seed).act(Turn.of(state, talk))`` on the same position, so it plays
exactly the bot measured in docs/agents.md; a hint and an analysis decision call
:mod:`roses.sim.analysis` as ``roses analyse`` does.

A position travels as :meth:`State.to_json` and its RNG's position (:func:`state_payload`): the
state's RNG is where the game's chance outcomes come from, and a search may draw from it.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from roses.agents import Turn, make_agent, tell_table
from roses.core import State, to_jsonable


def state_payload(state: State) -> tuple[dict[str, Any], Any]:
    """``state`` as a worker receives it: its JSON and its RNG's position."""
    return state.to_json(), to_jsonable(state.rng.getstate())


def state_of(payload: tuple[dict[str, Any], Any]) -> State:
    """The state :func:`state_payload` describes (its RNG at the same position)."""
    data, rng = payload
    state = State.from_json(data)
    if rng is not None:
        state.rng.setstate((rng[0], tuple(rng[1]), rng[2]))
    return state


def bot_choice(position: tuple[dict[str, Any], Any], bot: str, seed: int, talk: tuple = (),
               table: tuple | None = None) -> str:
    """The move of ``bot`` (built with ``seed``) at ``position``, hearing the table talk ``talk``
    (a tuple of ``Talk``) and told who sits where (``table``: each seat's bot name, ``None`` for a
    person): the action's text (the server maps it back with ``State.action_from_text``)."""
    state = state_of(position)
    agent = make_agent(bot, state.game, seed)
    if table is not None:
        tell_table([agent], table)
    return str(agent.act(Turn.of(state, talk)))


def hint_for(position: tuple[dict[str, Any], Any], bot: str, seed: int, talk: tuple = (),
             table: tuple | None = None, names: Sequence[str | None] | None = None,
             make: Callable[[Any, int], Any] | None = None) -> dict[str, Any]:
    """A hint for the seat to move at ``position`` (:func:`roses.sim.analysis.hint`), its words
    naming the moves as that seat's menu does and each seat by its name at the table (``names``)."""
    from roses.core.plain import name_seats
    from roses.sim.analysis import hint

    state = state_of(position)
    seat = state.current_player()
    obs = to_jsonable(state.observation(seat)) if seat >= 0 else {}
    h = hint(state, bot=bot, seed=seed, make=make, talk=talk, table=table,
             describe=lambda text: name_seats(state.game.spec.describe_action(obs, text), names))
    return {"move": h.move, "chance": h.chance, "runner_up": h.runner_up,
            "runner_up_chance": h.runner_up_chance, "text": h.text}


def analyse_decision(position: tuple[dict[str, Any], Any], step: int, seat: int, played: str, bot: str,
                     seed: int, table: tuple, make: Callable[[Any, int], Any] | None = None) -> dict[str, Any]:
    """One decision of an analysis (:func:`roses.sim.analysis.analyse_position`) as JSON data."""
    from roses.sim.analysis import analyse_position

    d = analyse_position(state_of(position), step, seat, played, bot=bot, seed=seed, table=table, make=make)
    return dataclasses.asdict(d)


__all__ = ["analyse_decision", "bot_choice", "hint_for", "state_of", "state_payload"]
