"""Table talk at the browser table (issue 14): statements beside free chat, stored as chat
messages that carry a structured ``talk`` object, so they travel, persist and refresh exactly as
chat does (``{type:"chat"}`` events, the view's chat history, every store).

Talk is public and outside the game state (Blades & Rose BR-9; FAQ Q10: cards are never shown):
posting it changes no state and no action, and nothing checks it against the cards. Bots hear it
through :attr:`roses.agents.Turn.talk` and speak through their ``speak(turn, talk)`` method.

A stored statement: ``{"kind", "target", "claim", "at_move", "at_log"}`` (``at_move``: steps of
the game's history when said; ``at_log``: log entries then, where the log shows it).
"""
from __future__ import annotations

import logging
from typing import Any

from roses.agents import Turn, make_agent
from roses.core import State
from roses.core.talk import TARGETED, Talk, TalkError, check_talk

from .auth import ApiError
from .faults import BOTS
from .runner import bot_seed
from .store import ChatRow, TableRow

log = logging.getLogger(BOTS)  # a bot that could not talk


def seat_label(row: TableRow, seat: int) -> str:
    """A seat as a stored statement names it: its given name, else "Seat N" counted from 1 as
    players count (several bots share a default name such as "Standard bot")."""
    return row.seats[seat].name or f"Seat {seat + 1}"


def statement(row: TableRow, state: State, seat: int, body: Any) -> Talk:
    """The statement ``body`` (``{kind, target?, claim?}``) by ``seat``, checked against the game's
    talk rules (``GameSpec.talk``), at the state's current move; the body's shape was checked by
    the route (:class:`roses.server.schemas.TalkIn`). Raises :class:`ApiError` 422 naming the bad
    field for what the game's talk rules refuse (an unknown claim, a kind this game or a table of
    one has not — no accusing where no seat has a hidden role —, an unknown seat, a seat accusing
    itself), in plain words."""
    kind = body["kind"]
    target = body.get("target")
    claim = body.get("claim")
    talk = Talk(seat=seat, kind=kind, target=target if kind in TARGETED else None,  # type: ignore[arg-type]
                claim=claim if kind not in TARGETED else None, at_move=len(state.history))
    try:
        return check_talk(state.game.spec.talk, state.game.num_players, talk)
    except TalkError as e:
        rules = state.game.spec.talk
        offered = rules.offered(state.game.num_players)
        param = "kind" if kind not in offered else ("target" if kind in TARGETED else "claim")
        raise ApiError(422, {"error": "invalid", "param": param, "detail": e.message}) from None


def stored(talk: Talk, state: State) -> dict[str, Any]:
    """The JSON stored with the chat message: the statement and where the log shows it."""
    return {"kind": talk.kind, "target": talk.target, "claim": talk.claim, "at_move": talk.at_move,
            "at_log": log_length(state)}


def log_length(state: State) -> int:
    """How many log entries the game has (the same count for every reader: private wording
    replaces an entry, never adds one); 0 for a game whose observation has no log."""
    return len(getattr(state.observation(None), "log", ()) or ())


def words(talk: Talk, row: TableRow, spec: Any) -> str:
    """The statement as chat shows it, without the speaker (the chat line names them)."""
    return talk.verb(lambda s: seat_label(row, s), spec.talk)


def heard(rows: list[ChatRow]) -> tuple[Talk, ...]:
    """The statements among chat rows (those with ``talk``), oldest first, as :class:`Talk`."""
    out = []
    for c in rows:
        t = c.talk
        if t is None or c.seat is None:
            continue
        out.append(Talk(seat=c.seat, kind=t.get("kind"), target=t.get("target"), claim=t.get("claim"),
                        at_move=int(t.get("at_move") or 0)))
    return tuple(out)


def record_talk(rows: list[ChatRow]) -> list[dict[str, Any]]:
    """The talk as a game record keeps it: ``{seat, name, kind, target, claim, at_move, at_log,
    text}`` each (who said it under which name, what, and when in the history and the log)."""
    return [{"seat": c.seat, "name": c.name,
             **{k: c.talk.get(k) for k in ("kind", "target", "claim", "at_move", "at_log")},
             "text": c.text} for c in rows if c.talk is not None]


def bot_statement(row: TableRow, state: State, seat: int, bot: str, talk: tuple[Talk, ...]) -> Talk | None:
    """What the bot at ``seat`` says before it moves (its agent's public ``speak(turn, talk)``,
    seeded like its move), checked by the game's talk rules; ``None`` if it says nothing, has no
    ``speak`` or says something the rules refuse, and always for a human's seat moved by the turn
    timer's stand-in (a person's seat never says what its person did not)."""
    if row.seats[seat].kind != "bot":
        return None
    try:
        agent = make_agent(bot, state.game, bot_seed(row.seed, row.version, seat))
        speak = getattr(agent, "speak", None)
        if speak is None:
            return None
        said = speak(Turn.listening(state, seat, talk), talk)
        if said is None:
            return None
        return check_talk(state.game.spec.talk, state.game.num_players, said)
    except Exception:  # a bot that fails to talk still moves
        log.exception("bot %s failed to talk at table %s (it moves without a word)", bot, row.id)
        return None
