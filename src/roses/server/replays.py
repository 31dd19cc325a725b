"""Records replayed for the replay viewer and the analysis (``POST /api/replay``,
``POST /api/analysis``): a record's shape, game and parameters checked in plain words (422), then
each step as a spectator sees it, with each seat's move in the words of its menu.
"""
from __future__ import annotations

import logging
from typing import Any

from roses.core import GameParameterError, GameRecord, RosesError, get_spec, load, to_jsonable
from roses.core.record import cards_after_the_end, initial_state, verify_result
from roses.core.record import replay_steps as core_replay_steps
from roses.core.story import story

from .auth import ApiError
from .views import result_tags_of

log = logging.getLogger("roses.server")

#: The most actions a record may hold to be replayed (``bodies.MAX_BODY_BYTES`` holds that many).
MAX_REPLAY_ACTIONS = 50_000


def check_record_shape(data: Any) -> None:
    """Refuse (422, in plain words) a record whose top-level fields have the wrong JSON types."""
    def bad(detail: str) -> ApiError:
        return ApiError(422, {"error": "record", "detail": detail})

    if not isinstance(data, dict):
        raise bad("a record must be a JSON object (the file saved from a finished table)")
    if data.get("format") is None:
        raise bad("not a roses record: it has no 'format' field")
    for key in ("game", "engine_version"):
        if not isinstance(data.get(key), str):
            raise bad(f"malformed record: '{key}' must be a string")
    if isinstance(data.get("seed"), bool) or not isinstance(data.get("seed"), int):
        raise bad("malformed record: 'seed' must be a whole number")
    for key in ("params", "result"):
        if not isinstance(data.get(key), dict):
            raise bad(f"malformed record: '{key}' must be an object")
    if not isinstance(data.get("actions"), list):
        raise bad("malformed record: 'actions' must be a list of [seat, action text] pairs")
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise bad("malformed record: 'players' must be a list of strings")


def load_record(data: Any) -> GameRecord:
    """The :class:`GameRecord` in ``data``, its shape, game and parameters checked (not yet
    replayed). Raises :class:`ApiError` 422 in plain words."""
    check_record_shape(data)
    try:
        record = GameRecord.from_json(data)
    except RosesError as e:
        raise ApiError(422, {"error": "record", "detail": str(e)}) from None
    if len(record.actions) > MAX_REPLAY_ACTIONS:
        raise ApiError(422, {"error": "record", "detail": f"the record has more than {MAX_REPLAY_ACTIONS} actions"})
    try:
        spec = get_spec(record.game)
    except RosesError as e:
        raise ApiError(422, {"error": "record", "detail": f"record game: {e}"}) from None
    try:  # the parameters first: nothing is built from parameters that fail validation
        load(spec.name, **record.params)
    except GameParameterError as e:
        raise ApiError(422, {"error": "record", "param": f"params.{e.name}", "detail": f"record params: {e.for_player}"}) from None
    except (RosesError, TypeError) as e:
        raise ApiError(422, {"error": "record", "detail": f"record params: {e}"}) from None
    return record


def replay_steps(data: Any, cards: str | None = None) -> dict[str, Any]:
    """The record as spectator views after each step (for the replay viewer), each seat's step
    with its move in the words of that seat's menu (``words``: seats written "Seat N", counted
    from 1; ``None`` for chance and the start) and ``log``, the public log lines it added. A step's
    ``observation`` leaves out its ``log`` (the lines of every step so far, joined), which each
    step repeated: the answer grew with the square of the game's length (20 MB for a 20 kB Rare
    Roses record). With ``cards="all"`` each step also carries ``seats``, every seat's own cards
    after it (``roses.core.record.cards_after_the_end``), only for a record of a finished game
    (409 otherwise). Raises :class:`ApiError` 422 when the record is not a roses record or does not
    replay."""
    record = load_record(data)
    try:  # one pass: every step checked (seat to move, legality), then the result
        state = initial_state(record)
        spec = state.game.spec
        lines = list(state.log.view(None))  # the spectator's log so far
        steps = [{"seat": None, "action": None, "words": None,
                  "observation": without_log(to_jsonable(state.observation(None)), lines), "log": list(lines)}]
        seen = len(state.log)
        final = state
        mover = mover_view(state)  # the seat to move and its observation, before the step
        for _, seat, text, final in core_replay_steps(record):
            words = spec.describe_action(mover[1], text) if mover is not None and mover[0] == seat else None
            added = list(final.log.view(None)[seen:])
            lines += added
            steps.append({"seat": seat, "action": text, "words": words,
                          "observation": without_log(to_jsonable(final.observation(None)), lines), "log": added})
            seen = len(final.log)
            mover = mover_view(final)
        verify_result(record, final)
        if cards == "all":
            if not final.is_terminal():
                raise ApiError(409, {"error": "not over", "detail": "every seat's cards are shown only once the game "
                                     "is over: this record's game did not end"})
            for step, seats in zip(steps, cards_after_the_end(record), strict=True):
                step["seats"] = seats
    except RosesError as e:
        raise ApiError(422, {"error": "record", "detail": str(e)}) from None
    except (ValueError, TypeError, KeyError, AttributeError) as e:  # pragma: no cover - a game's bug
        log.warning("replay of a %s record failed: %r", record.game, e)
        raise ApiError(422, {"error": "record", "detail": "the record does not replay under these rules"}) from None
    return {"game": record.game, "title": final.game.spec.title, "params": record.params, "seed": record.seed,
            "players": record.players, "holders": record.holders, "result": record.result,
            "result_tags": result_tags_of(final), "story": story(final, end_names(record.holders)),
            "steps": steps,
            "talk": replay_talk(data.get("talk"), final)}


def end_names(holders: Any) -> list[str] | None:
    """Each seat's name at the end of a record (its last holder's, ``GameRecord.holders``), or
    ``None`` for a record without names (the story then says "Seat 4", counted from 1)."""
    if not isinstance(holders, list) or not holders:
        return None
    out = []
    for entries in holders:
        last = entries[-1] if isinstance(entries, list) and entries else {}
        name = last.get("name") if isinstance(last, dict) else None
        out.append(name if isinstance(name, str) else "")
    return out


def without_log(observation: Any, lines: list[str]) -> Any:
    """A step's spectator observation (JSON) without its ``log`` when that log is ``lines``, the
    steps' ``log`` lines so far joined (the viewer joins them back); unchanged otherwise (a game
    whose observation words its log otherwise keeps it)."""
    if isinstance(observation, dict) and observation.get("log") == lines:
        return {k: v for k, v in observation.items() if k != "log"}
    return observation


def mover_view(state: Any) -> tuple[int, Any] | None:
    """``(seat, observation JSON)`` of the seat to move in ``state``, for wording its move
    (``GameSpec.describe_action``); ``None`` at a chance step or the end."""
    if state.is_terminal() or state.is_chance_node():
        return None
    seat = state.current_player()
    return (seat, to_jsonable(state.observation(seat))) if seat >= 0 else None


def replay_talk(data: Any, state: Any) -> list[dict[str, Any]]:
    """A record's table talk (``[{seat, name, kind, target, claim, at_move, at_log, text}]``), each
    statement checked by the game's talk rules; 422 for a malformed one. ``[]`` when absent."""
    from roses.core.talk import TalkError, talk_from_json

    if data is None:
        return []
    if not isinstance(data, list):
        raise ApiError(422, {"error": "record", "detail": "malformed record: 'talk' must be a list of statements"})
    out = []
    for i, t in enumerate(data):
        try:
            said = talk_from_json(t, state.game.spec.talk, state.game.num_players, recorded=True)
        except TalkError as e:
            raise ApiError(422, {"error": "record", "detail": f"record talk[{i}]: {e.message}"}) from None
        name, text, at_log = t.get("name"), t.get("text"), t.get("at_log")
        out.append({**said.to_json(), "name": name if isinstance(name, str) else None,
                    "text": text if isinstance(text, str) else None,
                    "at_log": at_log if isinstance(at_log, int) and not isinstance(at_log, bool) and at_log >= 0 else None})
    return out
