"""The tables' routes (docs/server-api.md): create and list tables, a table's view, log and record,
and what a seat or the host does at it (moves, chat, table talk, seats, fast bots, rematch, close,
hints). Each route states its token, limits and body as dependencies (:mod:`roses.server.deps`);
the service decides the rest.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse

from . import schemas as S
from . import views
from .deps import MOVES, READ, Json, body, per_address, per_seat, required_token, service, token_of
from .schemas import route
from .service import TableService

router = APIRouter()

SEAT_TOKEN = "a seat token is required"
HOST_TOKEN = "the host token is required"


def seat_changes(detail: str) -> list[Any]:
    """The limits of a seat change (name, open, bot) or the host's fast-bots switch: each pushes a
    view to every viewer of the table, so a flood of them is a flood of pushes, as chat was (429
    past the rate)."""
    return per_seat("seat", "seat changes", detail, limit="seat_change", token_words="with this token")


@router.post("/api/tables", **route(S.Created, 429, status=201, body=S.CreateTable),
             dependencies=[per_address("create", "create", "tables created from your address")])
async def api_create(svc: TableService = Depends(service), data: Any = body(S.CreateTable)) -> Json:
    return Json(await svc.create(data), status_code=201)


@router.get("/api/tables", **route(list[S.TableSummary], 429), dependencies=[READ])
async def api_tables(svc: TableService = Depends(service)) -> Json:
    return Json(await svc.list_tables())


@router.get("/api/tables/{table_id}", **route(S.View, 401, 404, 429), dependencies=[READ])
async def api_view(table_id: str, request: Request, svc: TableService = Depends(service)) -> Json:
    return Json(await svc.get_view(table_id, token_of(request)))


@router.get("/api/tables/{table_id}/log", **route(S.LogPage, 401, 404, 429), dependencies=[READ])
async def api_log(table_id: str, request: Request, svc: TableService = Depends(service),
                  before: int | None = Query(None, ge=0, le=10**9, description="the page ends before this line (default: the end)"),
                  limit: int = Query(views.LOG_WINDOW, ge=1, le=views.LOG_PAGE, description="lines at most")) -> Json:
    return Json(await svc.log(table_id, token_of(request), before, limit))


@router.get("/api/tables/{table_id}/record", **route(S.Record, 404, 409, 429), dependencies=[READ])
async def api_record(table_id: str, svc: TableService = Depends(service)) -> JSONResponse:
    rec = await svc.record(table_id)
    return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="{rec["game"]}-{table_id}.json"'})


@router.post("/api/tables/{table_id}/actions", **route(S.View, 401, 403, 404, 409, 429, body=S.ActionIn),
             dependencies=per_seat("action", MOVES, SEAT_TOKEN))
async def api_act(table_id: str, svc: TableService = Depends(service),
                  token: str = Depends(required_token(SEAT_TOKEN)), data: Any = body(S.ActionIn)) -> Json:
    out = Json(await svc.act(table_id, token, data["action"], data["version"]))
    svc.moves["http"] += 1
    return out


@router.post("/api/tables/{table_id}/take-back", **route(S.View, 401, 403, 404, 409, 429, body=S.TakeBackIn),
             dependencies=per_seat("action", MOVES, SEAT_TOKEN))
async def api_take_back(table_id: str, svc: TableService = Depends(service),
                        token: str = Depends(required_token(SEAT_TOKEN)), data: Any = body(S.TakeBackIn)) -> Json:
    """Take back your last move while nobody else has acted (issue 42; docs/server-api.md)."""
    return Json(await svc.take_back(table_id, token, data["version"]))


CHAT_TOKEN = "a seat token is required to chat"


@router.post("/api/tables/{table_id}/chat", **route(S.View, 401, 403, 404, 409, 429, body=S.ChatIn),
             dependencies=per_seat("chat", "chat messages", CHAT_TOKEN))
async def api_chat(table_id: str, svc: TableService = Depends(service),
                   token: str = Depends(required_token(CHAT_TOKEN)), data: Any = body(S.ChatIn)) -> Json:
    return Json(await svc.chat(table_id, token, data["text"]))


TALK_TOKEN = "a seat token is required for table talk"


@router.post("/api/tables/{table_id}/talk", **route(S.View, 401, 403, 404, 409, 429, body=S.TalkIn),
             dependencies=per_seat("talk", "table-talk statements", TALK_TOKEN))
async def api_talk(table_id: str, svc: TableService = Depends(service),
                   token: str = Depends(required_token(TALK_TOKEN)), data: Any = body(S.TalkIn)) -> Json:
    return Json(await svc.talk(table_id, token, data))


@router.post("/api/tables/{table_id}/seats/{seat}/bot", **route(S.View, 401, 403, 404, 409, 429, body=S.BotIn),
             dependencies=seat_changes(HOST_TOKEN))
async def api_seat_bot(table_id: str, seat: int, svc: TableService = Depends(service),
                       token: str = Depends(required_token(HOST_TOKEN)), data: Any = body(S.BotIn, empty={})) -> Json:
    return Json(await svc.seat_to_bot(table_id, seat, token, data.get("bot")))


NAME_TOKEN = "the seat's token is required"


@router.post("/api/tables/{table_id}/seats/{seat}/name", **route(S.View, 401, 403, 404, 409, 429, body=S.NameIn),
             dependencies=seat_changes(NAME_TOKEN))
async def api_seat_name(table_id: str, seat: int, svc: TableService = Depends(service),
                        token: str = Depends(required_token(NAME_TOKEN)), data: Any = body(S.NameIn)) -> Json:
    return Json(await svc.set_seat_name(table_id, seat, token, data["name"]))


@router.post("/api/tables/{table_id}/seats/{seat}/open", **route(S.View, 401, 403, 404, 409, 429, body=S.OpenIn),
             dependencies=seat_changes(HOST_TOKEN))
async def api_seat_open(table_id: str, seat: int, svc: TableService = Depends(service),
                        token: str = Depends(required_token(HOST_TOKEN)), data: Any = body(S.OpenIn)) -> Json:
    return Json(await svc.set_seat_open(table_id, seat, token, data["open"]))


@router.post("/api/tables/{table_id}/fast-bots", **route(S.View, 401, 403, 404, 409, 429, body=S.FastBotsIn),
             dependencies=seat_changes(HOST_TOKEN))
async def api_fast_bots(table_id: str, svc: TableService = Depends(service),
                        token: str = Depends(required_token(HOST_TOKEN)), data: Any = body(S.FastBotsIn)) -> Json:
    return Json(await svc.set_fast_bots(table_id, token, data["fast"]))


@router.post("/api/tables/{table_id}/seats/{seat}/take", **route(S.Taken, 404, 409, 429, body=S.TakeIn),
             dependencies=[per_address("join", "join", "seats taken from your address")])
async def api_seat_take(table_id: str, seat: int, svc: TableService = Depends(service),
                        data: Any = body(S.TakeIn)) -> Json:
    return Json(await svc.take_seat(table_id, seat, data["name"]))


REMATCH_TOKEN = "a seat's or the host's token is required"


@router.post("/api/tables/{table_id}/rematch", **route(S.RematchOut, 401, 403, 404, 409, 429, body=S.Empty),
             dependencies=[Depends(required_token(REMATCH_TOKEN)),
                           per_address("join", "join", "rematch joins from your address"), body(S.Empty, empty={})])
async def api_rematch(table_id: str, svc: TableService = Depends(service),
                      token: str = Depends(required_token(REMATCH_TOKEN))) -> Json:
    return Json(await svc.rematch(table_id, token))


@router.post("/api/tables/{table_id}/close", **route(S.View, 401, 403, 404, 409, body=S.Empty),
             dependencies=[Depends(required_token(HOST_TOKEN)), body(S.Empty, empty={})])
async def api_close(table_id: str, svc: TableService = Depends(service),
                    token: str = Depends(required_token(HOST_TOKEN))) -> Json:
    return Json(await svc.close(table_id, token))


HINT_TOKEN = "a seat token is required to ask for a hint"


@router.post("/api/tables/{table_id}/hint", **route(S.Hint, 401, 403, 404, 409, 429, 503, body=S.Empty),
             dependencies=[*per_seat("hint", "hints", HINT_TOKEN), body(S.Empty, empty={})])
async def api_hint(table_id: str, svc: TableService = Depends(service),
                   token: str = Depends(required_token(HINT_TOKEN))) -> Json:
    return Json(await svc.hint(table_id, token))
