"""What a seat, a spectator or the lobby is shown of a table (docs/server-api.md, "view"): only
``state.observation(seat)`` of the hidden state, the legal actions on the seat's own turn, and
plain names for seats and bots."""
from __future__ import annotations

import functools
import json
import logging
from pathlib import Path
from typing import Any

from roses.agents.labels import bot_label, spec_of
from roses.core import TERMINAL, IllegalActionError, State, get_spec, to_jsonable
from roses.core.errors import shorten
from roses.core.plain import refusal
from roses.core.story import story

from .auth import ApiError, Who
from .clock import turn_deadline, turn_note
from .seating import display_name
from .store import ChatRow, TableRow
from .takeback import refusal as take_back_refusal

log = logging.getLogger("roses.server")

#: Log lines a view carries at most (the newest); older ones are paged with ``GET .../log``
#: (issue 13, "large logs are paged"): a long game's log was 70–90 % of every view pushed.
LOG_WINDOW = 150
#: Log lines one page of ``GET .../log`` holds at most.
LOG_PAGE = 500


#: Typical CPU seconds a move per game and bot (``bench/move_seconds.py`` writes it).
MOVE_SECONDS = Path(__file__).with_name("move_seconds.json")


@functools.cache
def _move_seconds() -> dict[str, dict[str, float]]:
    return json.loads(MOVE_SECONDS.read_text()) if MOVE_SECONDS.is_file() else {}


def bot_seconds(game: str) -> dict[str, float]:
    """Each bot's typical seconds a move in ``game`` as measured by ``bench/move_seconds.py``
    (the lobby shows them beside the levels); empty for a game not measured yet."""
    return dict(_move_seconds().get(game, {}))


def scores_of(state: State) -> list[float] | None:
    """The game's own score per seat (``State.scores``, e.g. Rare Roses dollars), or ``None``."""
    try:
        scores = state.scores()
    except Exception:  # a game hook that fails must not break the view
        log.exception("scores() failed for %s", state.game.name)
        return None
    return None if scores is None else to_jsonable(list(scores))


def result_tags_of(state: State) -> dict[str, str] | None:
    """How a finished game ended (``State.result_tags``, e.g. Rose Ceremony's
    ``{"win_by": "ten-roses", "tie": "no"}``), for the end screen; ``None`` before the end: the
    result is public only once the game is over. A game hook that fails must not break the view."""
    if not state.is_terminal():
        return None
    try:
        tags = state.result_tags()
    except Exception:
        log.exception("result_tags() failed for %s", state.game.name)
        return None
    return {str(k): str(v) for k, v in tags.items()}


def story_of(state: State, row: TableRow) -> list[str] | None:
    """A finished game's story in plain sentences, seats by their names (``roses.core.story``:
    public facts only); ``None`` before the end. A game hook that fails must not break the view."""
    if not state.is_terminal():
        return None
    try:
        return story(state, [display_name(s) for s in row.seats])
    except Exception:
        log.exception("story() failed for %s", state.game.name)
        return None


def confirms(spec: Any, observation: Any, legal: list[str]) -> dict[str, str]:
    """The legal moves the game asks a second look for, each with why (``GameSpec.confirm``, per
    game: docs/browser.md, "Confirmations"); a game hook that fails must not break the view."""
    out = {}
    for text in legal:
        try:
            why = spec.confirm(observation, text)
        except Exception:
            log.exception("confirm() failed for %s", spec.name)
            return {}
        if why:
            out[text] = why
    return out


def reveal_of(spec: Any, observation: dict[str, Any]) -> dict[str, Any] | None:
    """The latest cards the seat saw turned, in order (``GameSpec.latest_reveal`` on the seat's
    own observation, JSON form), or ``None``; a game hook that fails must not break the view."""
    try:
        return spec.latest_reveal(observation)
    except Exception:
        log.exception("latest_reveal() failed for %s", spec.name)
        return None


def chat_json(c: ChatRow) -> dict[str, Any]:
    """A chat message as views and chat events carry it; a table-talk statement has ``talk``."""
    out = {"id": c.id, "seat": c.seat, "name": c.name, "text": c.text, "at": c.at.isoformat()}
    if c.talk is not None:  # without ``at_move``, the true step count (records keep it)
        out["talk"] = {k: v for k, v in c.talk.items() if k != "at_move"}
    return out


def seat_info(row: TableRow, live_seats: set[int | None]) -> list[dict[str, Any]]:
    """Every seat of ``row`` as the lobby and views show it (``live_seats``: seats with a live
    connection)."""
    out = []
    for s in row.seats:
        d: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": display_name(s),
                             "joined": s.joined or s.kind == "bot", "open": s.open,
                             "connected": s.kind == "bot" or s.seat in live_seats}
        if s.kind == "bot":
            d["bot"] = s.bot
            d["bot_label"] = bot_label(s.bot or "random", spec_of(row.game))
        out.append(d)
    return out

def unseen(state: State, seat: int | None) -> int:
    """How many of the table's actions ``seat`` (``None``: a spectator) did not see happen: the
    game's :meth:`State.unseen_actions` while it is played, none once it is over (the finished
    game's record shows every action). A seat's views, chat events and stale answers are numbered
    by the actions it saw (issue 43, finding 6: a third seat counted another's deal-draft steps)."""
    return 0 if state.is_terminal() else state.unseen_actions(seat)


def check_version(row: TableRow, state: State, seat: int | None, version: Any) -> None:
    """Raise :class:`~roses.server.auth.ApiError` 409 ``stale`` unless ``version`` is the one
    ``seat``'s view of ``row`` shows (the actions it saw): a move or a take-back chosen on an older
    view changes nothing."""
    seen = row.version - unseen(state, seat)
    if version != seen:
        raise ApiError(409, {"error": "stale", "version": seen,
                             "detail": f"the table is at version {seen}, not {version}"})


def view(row: TableRow, live: Any, who: Who, live_seats: set[int | None]) -> dict[str, Any]:
    """The table as ``who`` may see it (docs/server-api.md, "view"): ``live`` the cached state
    (``state``, ``version``, ``chat``); only ``state.observation(who.seat)`` of the hidden state."""
    state = live.state
    seat = who.seat
    cp = state.current_player()
    terminal = cp == TERMINAL
    is_open = row.status != "closed"
    my_turn = is_open and seat is not None and cp == seat and row.seats[seat].kind == "human"
    deadline = turn_deadline(row, cp) if is_open and cp >= 0 else None
    spec = state.game.spec
    full = to_jsonable(state.observation(seat))
    observation, log_start, log_total = windowed(full)
    legal = [str(a) for a in state.legal_actions()] if my_turn else []
    hidden = unseen(state, seat)
    return {
        "table_id": row.id, "game": row.game, "title": spec.title, "name": row.name,
        "params": to_jsonable(dict(state.game.params)),
        # Numbered as the seat saw the table change: another seat's deal-draft steps are not
        # counted (RR-7; issue 43, finding 6), so neither number lets a seat count them.
        "version": live.version - hidden, "revision": row.revision - hidden, "status": row.status,
        "seat": seat, "host": who.host, "seats": seat_info(row, live_seats),
        "current_player": cp, "terminal": terminal,
        "returns": list(state.returns()) if terminal else None,
        "result_tags": result_tags_of(state),  # how the game ended: public once it is over
        "story": story_of(state, row),  # why it ended and the standings, in sentences (issue 42)
        "observation": observation, "log_start": log_start, "log_total": log_total,
        # the cards this seat saw turned last, in order: read from its own observation only
        # (the whole of it: the cut log may start after the challenge began)
        "reveal": reveal_of(spec, full),
        "legal_actions": legal,
        # the legal moves worth a second look (irreversible and costly), with why, in plain words
        "confirm": confirms(spec, full, legal),
        # whether this seat may take back its last move now (issue 42; roses.server.takeback)
        "take_back": take_back_refusal(row, state, seat) is None, "takebacks": row.takebacks,
        "chat": [chat_json(c) for c in live.chat],
        "turn_deadline": deadline.isoformat() if deadline else None,
        "turn_note": turn_note(row, cp),  # "Waiting for Seat 2 to join" (issue 41)
        "turn_timer_seconds": row.turn_timer_seconds,
        "bot_delay_ms": row.bot_delay_ms, "hints": bool(row.options.get("hints")),
        "scores": scores_of(state),
        "replaced_by_bot": who.replaced is not None, "replaced_seat": who.replaced,
        "rematch": row.rematch, "rematch_by": row.rematch_by,
    }

def windowed(observation: Any, window: int = LOG_WINDOW) -> tuple[Any, int, int]:
    """``(observation, log_start, log_total)``: the observation (JSON) with its ``log`` cut to the
    newest ``window`` lines; ``log_start`` is the index of the first line kept, ``log_total`` the
    lines in all (0, 0 for an observation without a log)."""
    lines = observation.get("log") if isinstance(observation, dict) else None
    if not isinstance(lines, list):
        return observation, 0, 0
    start = max(0, len(lines) - window)
    if start:
        observation = {**observation, "log": lines[start:]}
    return observation, start, len(lines)


def log_page(state: State, who: Who, before: int | None, limit: int) -> dict[str, Any]:
    """Lines ``[start, before)`` of the log ``who`` may read (their seat's observation's ``log``),
    at most ``limit`` (1..:data:`LOG_PAGE`) of them, ending at ``before`` (default: the end):
    ``{start, lines, total}``."""
    observation = to_jsonable(state.observation(who.seat))
    lines = observation.get("log") if isinstance(observation, dict) else None
    lines = lines if isinstance(lines, list) else []
    end = len(lines) if before is None else max(0, min(before, len(lines)))
    start = max(0, end - limit)
    return {"start": start, "lines": lines[start:end], "total": len(lines)}


def refused(error: IllegalActionError, row: TableRow) -> dict[str, Any]:
    """The 422 body of a refused move: ``message`` and ``detail``, what the player reads, in plain
    words (``roses.core.plain.refusal``: no action syntax, no ruling id, seats by their names);
    ``rule``, the rule the move breaks, for code and developers (never shown on a page)."""
    text = shorten(refusal(error, [s.name or "" for s in row.seats]), 1000)
    return {"error": "illegal", "rule": error.rule, "message": text, "detail": text}


def public_table(row: TableRow, live_seats: set[int | None]) -> dict[str, Any]:
    """A table as the lobby lists it."""
    try:
        title = get_spec(row.game).title
    except Exception:  # a game module that no longer loads still lists, under its name
        log.exception("game %s does not load; its table %s is listed under the game's name", row.game, row.id)
        title = row.game
    return {"table_id": row.id, "game": row.game, "title": title, "name": row.name,
            "created": row.created.isoformat(), "status": row.status,
            "seats": seat_info(row, live_seats)}
