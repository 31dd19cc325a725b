"""The HTTP API's request and response shapes as pydantic models: the source of
``/api/openapi.json`` (issue 13, fault 7). docs/server-api.md says what each field means.

Every request body is checked against its model (:func:`checked`: strict types, no unknown
fields, finite numbers; 422 with ``param``), and nothing checks its shape again: the service
refuses only what the game or the table decides (an unknown game, a taken name, an illegal move).
Records (replay, analysis) are the exception: their own parser, ``roses.core.record``, says in
plain words what is wrong with one. Answers are views already built as JSON; these models state
their contract and are checked against the running server by schemathesis
(tests/server/test_server_schema.py).
Game-specific parts (a game's observation, its parameters, a record's actions) are open objects.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

JsonObject = dict[str, Any]

# The sizes the API takes, stated once: the request models below use them, and so do the
# service's own words about them.
#: The longest seat name (the lobby's field holds as many), counted as typed.
MAX_NAME = 40
#: The longest table name.
MAX_TABLE_NAME = 200
#: The longest turn timer, in seconds (a day).
MAX_TURN_TIMER_SECONDS = 86400
#: The longest pause before a bot's turn, in milliseconds.
MAX_BOT_DELAY_MS = 60000
#: Seeds are below this (they are stored as 64-bit integers).
SEED_LIMIT = 2**63
#: The longest action text (the longest legal action is far shorter).
MAX_ACTION_TEXT = 10_000
#: The longest chat message.
MAX_CHAT = 500
#: The longest table-talk claim.
MAX_CLAIM = 100


class Open(BaseModel):
    """A JSON object that may carry further fields (added later, backwards-compatibly)."""

    model_config = ConfigDict(extra="allow")


# ------------------------------------------------------------------ errors
class Error(Open):
    """Every error: ``error`` a short kind ("invalid", "stale", "too many requests"…), ``detail`` in
    plain words; ``param`` names the bad field, ``version`` the current one (409 stale),
    ``retry_after`` seconds (429), ``rule``/``message`` an illegal action's rule (422 illegal)."""

    error: str
    detail: str | None = None
    param: str | None = None
    version: int | None = None
    retry_after: int | None = None
    rule: str | None = None
    message: str | None = None


# ------------------------------------------------------------------ requests
class In(BaseModel):
    """A request body: strict types (no "1" for 1, no true for 1), no unknown fields, finite
    numbers. The routes validate every body against its model (:func:`checked`)."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


def where(loc: Any) -> str:
    """A pydantic error's location as the API names a field: ``seats[0].name``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "body"


def checked(model: type[BaseModel], data: Any) -> Any:
    """``data`` (a parsed JSON body) when it fits ``model``; else :class:`ApiError` 422 naming the
    first field that does not (``param``) and why."""
    from pydantic import ValidationError

    from .auth import ApiError

    try:
        model.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        at = where(first["loc"])
        raise ApiError(422, {"error": "invalid", "param": at, "detail": f"{at}: {first['msg']}"}) from None
    return data


class SeatIn(In):
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, description="a bot's name from GET /api/games (bots); default the game's standard bot")
    name: str | None = Field(None, max_length=MAX_NAME, description="a seat's name; not a seat number, a bot's or the host's")


class CreateTable(In):
    game: str = Field(description="a game's name from GET /api/games")
    seats: list[SeatIn] = Field(min_length=1)
    params: JsonObject | None = Field(None, description="the game's parameters (GET /api/games: params)")
    name: str | None = Field(None, max_length=MAX_TABLE_NAME)
    turn_timer_seconds: int | None = Field(None, ge=0, le=MAX_TURN_TIMER_SECONDS, description="0 or null: no timer")
    bot_delay_ms: int | None = Field(None, ge=0, le=MAX_BOT_DELAY_MS)
    seed: int | None = Field(None, ge=0, lt=SEED_LIMIT, description="only at tables of at most one human seat")
    hints: bool | None = Field(None, description="only at tables of at most one human seat")


class ActionIn(In):
    action: str = Field(max_length=MAX_ACTION_TEXT, description="one of the view's legal_actions")
    version: int = Field(description="the view's version the action was chosen on")


class TakeBackIn(In):
    version: int = Field(description="the view's version (the one after the move to take back)")


class ChatIn(In):
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class TalkIn(In):
    """A table-talk statement (GET /api/games: ``talk`` lists a game's kinds and claims)."""

    kind: Literal["nominate", "claim", "accuse", "vouch"]
    target: int | None = Field(None, ge=0, description="the seat named (nominate, accuse, vouch)")
    claim: str | None = Field(None, max_length=MAX_CLAIM, description="what a claim says (one of the game's claims)")


class BotIn(In):
    bot: str | None = None


class NameIn(In):
    name: str = Field(min_length=1, max_length=MAX_NAME, description="the seat's name: not a seat number, a bot's, the host's or another seat's")


class OpenIn(In):
    open: bool = Field(description="true: anyone with the table's public link may take the seat")


class FastBotsIn(In):
    fast: bool = Field(description="true: no pause before a bot's turn; false: the server's default pause")


class TakeIn(In):
    name: str = Field(min_length=1, max_length=MAX_NAME, description="the taker's name (as for /name)")


class Empty(In):
    """No fields: ``{}`` (an empty body is accepted too)."""


class RecordIn(Open):
    """A game record as saved from a finished table (GET /api/tables/{id}/record)."""

    format: Any
    game: str
    engine_version: str
    seed: int
    params: JsonObject
    players: list[str] = []
    actions: list[Any]
    result: JsonObject
    talk: list[JsonObject] | None = Field(None, description="the table talk, as the record saved it")


class AnalysisIn(In):
    record: RecordIn
    seat: int = Field(ge=0)


# ------------------------------------------------------------------ answers
class GameInfo(Open):
    name: str
    title: str
    min_players: int
    max_players: int
    params: list[JsonObject]
    bots: list[str]
    bot_labels: dict[str, str]
    default_bot: str
    bot_seconds: dict[str, float] = Field(default_factory=dict,
                                          description="each bot's typical seconds a move (bench/move_seconds.py)")
    summary: str | None = None
    talk: JsonObject | None = Field(None, description="table talk: kinds, claims, what a nomination is for")


class SeatOut(Open):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    joined: bool
    connected: bool
    bot: str | None = None
    bot_label: str | None = None
    open: bool = Field(False, description="the host lets anyone take this seat (POST …/seats/{seat}/take)")


class CreatedSeat(Open):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    bot: str | None = None
    token: str | None = None
    join_url: str | None = None


class Created(Open):
    table_id: str
    host_token: str
    seats: list[CreatedSeat]


class TableSummary(Open):
    table_id: str
    game: str
    title: str
    name: str
    created: str
    status: Literal["waiting", "playing", "finished", "closed"]
    seats: list[SeatOut]


class TalkOut(Open):
    """A table-talk statement: never enforced, part of no game state."""

    kind: Literal["nominate", "claim", "accuse", "vouch"]
    target: int | None = None
    claim: str | None = None
    at_log: int


class ChatMessage(Open):
    id: int
    seat: int | None
    name: str
    text: str
    at: str
    talk: TalkOut | None = Field(None, description="present when the message is a table-talk statement")


class RevealCard(Open):
    """One card turned face up (``roses.core.reveal``)."""

    face: str
    kind: str
    owner: int | None
    line: str
    at: int


class Reveal(Open):
    """The latest cards the seat saw turned face up, in the order turned (``roses.core.reveal``)."""

    group: int
    title: str
    cards: list[RevealCard]


class View(Open):
    """The table as the asking seat may see it (``seat`` null: a spectator)."""

    table_id: str
    game: str
    title: str
    name: str
    params: JsonObject
    version: int = Field(description="the actions this seat has seen happen (another seat's private "
                         "steps, such as a Rare Roses deal draft, are not counted); an action names it")
    revision: int = Field(description="every change this seat has seen (actions, chat, seats): orders views")
    status: Literal["waiting", "playing", "finished", "closed"]
    seat: int | None
    host: bool
    seats: list[SeatOut]
    current_player: int
    terminal: bool
    returns: list[float] | None
    result_tags: dict[str, str] | None = Field(None, description="how the finished game ended "
                                                "(State.result_tags, e.g. {\"win_by\": \"ten-roses\"}); "
                                                "null until the game is over")
    confirm: dict[str, str] = Field({}, description="the legal moves worth a second look before they are "
                                                    "played (irreversible and costly), each with why, in "
                                                    "plain words (docs/browser.md, \"Confirmations\")")
    take_back: bool = Field(False, description="whether this seat may take back its last move now "
                                               "(POST /api/tables/{id}/take-back; docs/browser.md, "
                                               "\"Taking a move back\")")
    takebacks: int = Field(0, description="moves taken back at this table so far: views are ordered by "
                                          "(takebacks, version, revision), as a take-back lowers the version")
    story: list[str] | None = Field(None, description="why the finished game ended, then the standings, in "
                                                      "plain sentences with the seats' names; null until "
                                                      "the game is over")
    observation: Any
    log_start: int = Field(description="index of the first log line the observation's log holds "
                                        "(older lines: GET /api/tables/{id}/log)")
    log_total: int = Field(description="log lines in all")
    legal_actions: list[str]
    chat: list[ChatMessage]
    turn_deadline: str | None = Field(description="when the turn-timer stand-in moves for the human seat to move "
                                                  "(UTC); null without a timer or while nobody has joined that seat")
    turn_note: str | None = Field(None, description="why the table waits, in plain words: "
                                                    "\"Waiting for Seat 2 to join\"")
    turn_timer_seconds: int | None
    bot_delay_ms: int
    hints: bool
    scores: list[float] | None
    replaced_by_bot: bool
    replaced_seat: int | None
    rematch: str | None = Field(None, description="the rematch's table id, once a player started one")
    rematch_by: str | None = Field(None, description="the name of who started the rematch")
    reveal: Reveal | None = None


class Taken(Open):
    """An open seat taken: its new token (keep it: it is the seat's only key)."""

    table_id: str
    seat: int
    token: str


class RematchOut(Open):
    """The rematch's table and the token this call's token was exchanged for (``seat`` null and
    ``host`` true: the host's token)."""

    table_id: str
    seat: int | None
    token: str
    host: bool


class LogPage(Open):
    """Lines ``start .. start+len(lines)`` of the asking seat's log, of ``total``."""

    start: int
    lines: list[Any]
    total: int


class Record(Open):
    game: str
    seed: int
    actions: list[Any]


class ReplayStep(Open):
    seat: int | None
    action: str | None
    words: str | None = Field(None, description="a seat's move in the words of its menu (seats \"Seat N\", "
                                                "counted from 1); null for chance and the start")
    observation: Any = Field(None, description="a spectator's observation after the step, without its "
                                               "`log`: the log so far is the `log` lines of this step and "
                                               "every step before it, joined")
    log: list[Any] = Field([], description="the public log lines the step added (the first step: the "
                                           "lines of the set-up)")
    seats: list[JsonObject] | None = Field(None, description="with `?cards=all`, for a finished game only: per "
                                                            "seat, what its own observation adds to the "
                                                            "spectator's after the step (hand, stack, lost "
                                                            "cards, role, crystal)")


class Replay(Open):
    game: str
    title: str
    params: JsonObject
    seed: int
    players: list[str]
    holders: list[list[JsonObject]] = Field([], description="per seat, who held it from which step on")
    result: JsonObject
    result_tags: dict[str, str] | None = Field(None, description="how the replayed game ended "
                                                "(State.result_tags); null when it did not end")
    story: list[str] | None = Field(None, description="why the replayed game ended and the standings, in "
                                                      "plain sentences; null when it did not end")
    steps: list[ReplayStep]
    talk: list[JsonObject] = []


class Analysis(Open):
    game: str
    seat: int
    bot: str
    decisions: list[JsonObject]
    marked: list[JsonObject]


class Hint(Open):
    seat: int
    version: int
    move: Any
    text: str


class Rules(Open):
    game: str
    title: str
    markdown: str | None
    implementation: str | None


class ThinkTally(BaseModel):
    done: int
    failed: int
    cancelled: int
    cpu_seconds: float = Field(description="CPU time of the workers on these jobs")
    run_seconds: float
    wait_seconds: float = Field(description="time the jobs waited in the queue, summed")


class Thinking(BaseModel):
    """The thinking service (bots, stand-ins, hints, analyses; issue 41)."""
    backend: str = Field(description="process or ray")
    workers: int = Field(description="worker processes; with Ray: the most jobs running at once")
    workers_alive: int = Field(description="worker processes alive; with Ray: workers while connected, else 0")
    queued: int
    running: int
    jobs: dict[str, ThinkTally] = Field(description="by kind: bot, stand-in, hint, analysis")
    fallbacks: int = Field(description="bot moves played by the fallback after a think failed twice")


class Errors(BaseModel):
    """Everything the server logged at ERROR since it started (its log has the tracebacks)."""
    count: int
    by_logger: dict[str, int]
    last: list[str] = Field(description="the last few messages, cut to 200 characters")


class Moves(BaseModel):
    """Moves applied by this process, by the way they came."""

    http: int = Field(description="POST /api/tables/{id}/actions (API clients)")
    socket: int = Field(description="the table's WebSocket (the table page)")


class Health(BaseModel):
    ok: bool
    thinking: Thinking
    errors: Errors
    moves: Moves


# ------------------------------------------------------------------ wiring into the OpenAPI document
#: Statuses every route with a JSON body may answer besides its own (docs/server-api.md, "Errors").
BODY_ERRORS = (403, 413, 415, 422)  # 403: a page of another site (roses.server.guards)
#: Every request body's model (each :class:`In`, and the records'): listed from the classes, so a
#: new body cannot be left out of the OpenAPI document (FastBotsIn once was: an unresolvable $ref).
REQUEST_MODELS = (*In.__subclasses__(), RecordIn)


def route(ok: Any, *errors: int, status: int = 200, body: type[BaseModel] | None = None,
          body_required: bool = True) -> dict[str, Any]:
    """Keyword arguments for ``@app.get/post``: the answer ``ok`` (a model) at ``status``, the
    :class:`Error` statuses, and the JSON ``body`` it reads (by reference: see :func:`openapi`)."""
    from http import HTTPStatus

    codes = sorted(set(errors) | (set(BODY_ERRORS) if body is not None else set()))
    responses: dict[int | str, Any] = {status: {"model": ok, "description": HTTPStatus(status).phrase}}
    for code in codes:
        responses[code] = {"model": Error, "description": HTTPStatus(code).phrase}
    kw: dict[str, Any] = {"responses": responses, "response_model": None, "status_code": status}
    if body is not None:
        kw["openapi_extra"] = {"requestBody": {"required": body_required, "content": {
            "application/json": {"schema": {"$ref": f"#/components/schemas/{body.__name__}"}}}}}
    return kw


def openapi(app: Any) -> dict[str, Any]:
    """The app's OpenAPI document with the request models among its components and every 422
    answered with :class:`Error` (FastAPI's own validation-error shape is not what the app sends)."""
    from fastapi.openapi.utils import get_openapi

    if app.openapi_schema:
        return app.openapi_schema
    doc = get_openapi(title=app.title, version=app.version, routes=app.routes,
                      description="The roses browser table's JSON API (docs/server-api.md).")
    components = doc.setdefault("components", {}).setdefault("schemas", {})
    for model in REQUEST_MODELS:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(schema.pop("$defs", {}))
        components[model.__name__] = schema
    if "Error" not in components:
        components["Error"] = Error.model_json_schema(ref_template="#/components/schemas/{model}")
    error_ref = {"description": "Unprocessable Content",
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    for ops in doc.get("paths", {}).values():
        for op in ops.values():
            if "422" in op.get("responses", {}):
                op["responses"]["422"] = error_ref
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    app.openapi_schema = doc
    return doc
