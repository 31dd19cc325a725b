"""The routes for studying games (docs/server-api.md): the games and their rules, a record's
replay, an analysis of a seat's decisions, and the server's health.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Depends, Query, Request

from roses.core import RosesError, available_games, get_spec, to_jsonable

from . import analysis, contract, schemas as S, views
from .auth import ApiError
from .deps import READ, Json, address_of, body, per_address, service
from .replays import load_record, replay_steps
from .schemas import route
from .service import TableService
from roses.agents.labels import bot_label, bot_names, timer_bot

log = logging.getLogger("roses.server")

router = APIRouter()

#: Where the how-to-play pages are looked for: shipped inside the package, then the repository.
RULES_DIRS = (Path(__file__).parent / "rules", Path(__file__).resolve().parents[3] / "docs" / "rules")
#: Where the player-facing how-to-play pages are looked for (same order).
HOWTO_DIRS = (Path(__file__).parent / "howto", Path(__file__).resolve().parents[3] / "docs" / "howto")


def games_info() -> list[dict[str, Any]]:
    """Every game that loads, with its typed parameters (they drive the lobby's form)."""
    out = []
    for name in available_games():
        try:
            spec = get_spec(name)
        except Exception:  # a game still being written must not break the lobby
            log.exception("game %s does not load; left out of the lobby", name)
            continue
        out.append({
            "name": spec.name, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players, "params": [to_jsonable(p.describe()) for p in spec.params],
            "bots": bot_names(spec), "bot_labels": {b: bot_label(b, spec) for b in bot_names(spec)},
            "default_bot": timer_bot(spec), "summary": spec.summary,
            "bot_seconds": views.bot_seconds(spec.name),
            "talk": {"kinds": list(spec.talk.kinds), "claims": list(spec.talk.claims),
                     "nominate_for": spec.talk.nominate_for,
                     # the claims a table of that many players offers (Blades & Rose: no Great Sword at 5-6)
                     "claims_at": {str(n): list(c) for n, c in spec.talk.claims_at}},
        })
    return out


def rules_path(game: str, dirs: tuple[Path, ...] = RULES_DIRS) -> Path | None:
    """The first ``<game>.md`` (or with underscores) in ``dirs``, or ``None``."""
    for folder in dirs:
        for stem in (game, game.replace("-", "_")):
            p = folder / f"{stem}.md"
            if p.is_file():
                return p
    return None


async def until_disconnected(request: Request, work: Any, every: float = 0.5) -> Any:
    """``await work``, cancelled if the client goes away first (an analysis is many thinks: they
    are cancelled with it, and the workers go on with other tables' bots). Raises
    :class:`ApiError` 499 then (nobody reads it)."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=every)
            if done:
                return task.result()
            if await request.is_disconnected():
                task.cancel()
                raise ApiError(499, {"error": "gone", "detail": "the client went away"})
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


@router.get("/api/games", **route(list[S.GameInfo], 429), dependencies=[READ])
async def api_games() -> Json:
    return Json(games_info())


@router.get("/api/rules/{game}", **route(S.Rules, 404, 429), dependencies=[READ])
async def api_rules(game: str) -> Json:
    try:
        spec = get_spec(game)
    except RosesError as e:
        raise ApiError(404, {"error": "not found", "detail": str(e)}) from None
    howto = spec.own_page("howto") or rules_path(spec.name, HOWTO_DIRS)
    impl = spec.own_page("rules") or rules_path(spec.name, RULES_DIRS)
    if howto is None and impl is None:
        raise ApiError(404, {"error": "no rules", "detail": f"docs/howto/{spec.name}.md is not written yet"})
    impl_text = impl.read_text(encoding="utf-8") if impl is not None else None
    return Json({"game": spec.name, "title": spec.title,
                 "markdown": howto.read_text(encoding="utf-8") if howto is not None else impl_text,
                 "implementation": impl_text})


@router.get("/api/games/{game}/schema", **route(S.JsonObject, 404, 429), dependencies=[READ])
async def api_game_schema(game: str, of: Literal["observation", "view"] = Query(
        "observation", description="`view`: the table view of this game (GET /api/tables/{id}), its "
                                   "observation included")) -> Json:
    # The page contract (issue 44; roses.server.contract): a JSON Schema, generated once per game.
    make = contract.view_schema if of == "view" else contract.observation_schema
    try:
        return Json(await asyncio.to_thread(make, game))
    except RosesError as e:
        raise ApiError(404, {"error": "not found", "detail": str(e)}) from None


@router.post("/api/replay", **route(S.Replay, 409, 429, body=S.RecordIn),
             dependencies=[per_address("replay", "replay", "replays from your address")])
async def api_replay(request: Request, record: Any = body(None), cards: Literal["all"] | None = Query(
        None, description="`all`: every seat's own cards at each step, for a finished game's record only "
                          "(409 for a game that did not end)")) -> Json:
    # A long record costs the server most of a second and answers megabytes: counted per
    # address, and one at a time per address (429 beyond).
    client = address_of(request)
    one_at_a_time = (request.app.state.replay_slots.holding(
        client, "a replay you asked for is still being worked out; wait for it to finish", "")
        if request.app.state.limits.enabled else contextlib.nullcontext())
    with one_at_a_time:
        return Json(await asyncio.to_thread(replay_steps, record, cards))


@router.post("/api/analysis", **route(S.Analysis, 429, 503, body=S.AnalysisIn),
             dependencies=[per_address("analysis", "analysis", "analyses from your address")])
async def api_analysis(request: Request, svc: TableService = Depends(service),
                       data: Any = body(None, limit=analysis.MAX_ANALYSIS_BYTES)) -> Json:
    if not isinstance(data, dict) or "record" not in data:
        raise ApiError(422, {"error": "invalid", "detail": "the body must be {record: <a game record>, seat: <int>}"})
    record = await asyncio.to_thread(load_record, data["record"])
    work = analysis.analyse(record, data.get("seat"), address_of(request), request.app.state.analysis_slots,
                            svc.thinking)
    return Json(await until_disconnected(request, work))


@router.get("/api/health", **route(S.Health))
async def api_health(request: Request, svc: TableService = Depends(service)) -> Json:
    # never rate limited; the thinking service's figures (issue 41): jobs, CPU seconds, fallbacks
    return Json({"ok": True, "thinking": svc.thinking.figures(), "errors": request.app.state.faults.figures(),
                 "moves": dict(svc.moves)})
