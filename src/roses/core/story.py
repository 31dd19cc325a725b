"""The story of a finished game: why it ended and how every seat stands, in plain sentences.

One list of sentences per finished game (``story(state, names)``), read by the browser's end
screen and replay, the terminal and the tests alike (issue 42). It is told from public facts only:
the spectator's observation of the finished game (``state.observation(None)``, the game's one
filter of what nobody may know) and its ``result_tags``, never the true state, so a story can name
nothing a seat could not see at the table once the game was over.

A game words its own story in the module named by ``GameSpec.story`` (``story(observation_json,
names, tags) -> list[str]``: the deciding moment first, then the standings with the game's
figures); a game without one gets :func:`generic`, its winners and scores. Seats are named with
:func:`~roses.core.plain.seat_name` ("Seat 4", counted from 1, only where a seat has no name).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .plain import seat_name
from .serial import to_jsonable

if TYPE_CHECKING:
    from .state import State


def story(state: "State", names: Sequence[str | None] | None = None) -> list[str] | None:
    """The finished game's story (plain sentences, module docstring); ``None`` before the end: the
    result is public only once the game is over."""
    if not state.is_terminal():
        return None
    observation = to_jsonable(state.observation(None))
    tags = {str(k): str(v) for k, v in state.result_tags().items()}
    plain = [n or "" for n in names] if names is not None else None
    lines = state.game.spec.tell_story(observation, plain, tags)
    if lines is None:
        lines = generic(state, plain)
    return [sentence(x) for x in lines if x]


def generic(state: "State", names: Sequence[str] | None = None) -> list[str]:
    """The story of a game without its own: who won (or the final score alone) and every seat's
    score where the game keeps one."""
    spec = state.game.spec
    scores = state.scores()
    if state.num_players == 1:
        if scores is None:
            return ["The game is over."]
        return [f"Final score: {spec.format_score(scores[0])}."] + ([spec.solo_goal] if spec.solo_goal else [])
    winners = [s for s, r in enumerate(state.returns()) if r > 0]
    out = [f"{listed([seat_name(s, names) for s in winners])} {'wins' if len(winners) == 1 else 'share the win'}."
           if winners else "Nobody wins."]
    if scores is not None:
        order = sorted(range(state.num_players), key=lambda s: -scores[s])
        out.append("Scores: " + ", ".join(f"{seat_name(s, names)} {spec.format_score(scores[s])}" for s in order) + ".")
    return out


def listed(items: Sequence[str]) -> str:
    """``["Ivy", "Rowan", "Hazel"]`` → ``"Ivy, Rowan and Hazel"``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ordinal(k: int) -> str:
    """``1`` → ``"1st"``, ``2`` → ``"2nd"``, ``11`` → ``"11th"``, ``23`` → ``"23rd"``."""
    tail = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{tail}"


def sentence(text: Any) -> str:
    """A story line as a sentence: a capital first letter and a closing full stop."""
    text = str(text).strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
