"""The page contract is typed (issue 44; ``roses.server.contract``, docs/server-api.md, "The page
contract"): a JSON Schema generated from each game's observation dataclass and from the view
model; every seat's and a spectator's views of random games of every registered game fit it; the
field names the renderers (static/games/<game>.js) and the table page read are in it. Fast: no
browser, no server process (the views are built by ``roses.server.views.view`` itself); the
Playwright tests were the only ones to notice a renamed field before.
"""
from __future__ import annotations

import dataclasses
import functools
import random
import re
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from roses.core import available_games, load
from roses.server import contract, views
from roses.server.auth import Who
from roses.server.schemas import View
from roses.server.store import ChatRow, SeatRow, TableRow

from . import renderer_reads as R

STATIC = Path(views.__file__).with_name("static")
GAMES = available_games()
#: Fields every observation has (docs/game-conventions.md, "observation.py"); the table page reads
#: ``log`` and ``current_player`` of any game.
ALWAYS = {"seat", "current_player", "phase", "log"}
#: What the table page's own modules (not a game's renderer) read of an observation that only some
#: games have, each as a fallback: endscreen.js ``view.returns || observation.returns``, table.js
#: ``seats.length || observation.players``, replay.js ``record.params.players || obs.players``.
GENERIC_FALLBACKS = {"players", "returns"}


def validator(schema: dict[str, Any]) -> Any:
    """A draft 2020-12 validator of ``schema`` with ``.validate(data)`` raising on the first error
    and ``.is_valid(data)``: jsonschema-rs (schemathesis's, ~100× faster) or else jsonschema."""
    try:
        import jsonschema_rs
        return jsonschema_rs.validator_for(schema)
    except ImportError:
        jsonschema = pytest.importorskip("jsonschema")
        return jsonschema.Draft202012Validator(schema)


def as_sent(view: dict[str, Any]) -> Any:
    """The view as its JSON reaches the page (``roses.server.deps.Json``: orjson, int keys as text)."""
    return orjson.loads(orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS))


# ------------------------------------------------------------------ the schemas
@pytest.mark.parametrize("game", GAMES)
def test_the_observation_schema_is_closed_and_has_every_field(game):
    """Every field of the dataclass (and of its nested ones) required, no other allowed; the view
    schema closed the same way around it."""
    schema = contract.observation_schema(game)
    cls = contract.observation_class(game)
    fields = [f.name for f in dataclasses.fields(cls)]
    assert schema["$schema"] == contract.DIALECT
    assert list(schema["properties"]) == fields and schema["required"] == fields
    assert schema["additionalProperties"] is False and ALWAYS <= set(fields)
    for name, part in schema.get("$defs", {}).items():  # nested dataclasses: SeatView, RoundView…
        assert part["additionalProperties"] is False and part["required"] == list(part["properties"]), name
    validator(schema)  # a valid schema (jsonschema-rs checks it as it builds)
    # the view embeds it, closed as well
    view = contract.view_schema(game)
    assert set(view["required"]) == set(View.model_fields) == set(view["properties"])
    assert view["additionalProperties"] is False
    ref = view["properties"]["observation"]["$ref"].rsplit("/", 1)[1]
    assert view["$defs"][ref]["required"] == fields


def test_the_schemas_are_served_and_unknown_games_are_not(client):
    for game in GAMES:
        assert client.get(f"/api/games/{game}/schema").json() == contract.observation_schema(game)
        assert client.get(f"/api/games/{game}/schema?of=view").json() == contract.view_schema(game)
    r = client.get("/api/games/no-such-game/schema")
    assert r.status_code == 404 and r.json()["error"] == "not found"
    assert client.get(f"/api/games/{GAMES[0]}/schema?of=seat").status_code == 422


# ------------------------------------------------------------------ the views fit them
def _row(game: str, players: int, state: Any, variant: int) -> TableRow:
    """A table of ``players`` seats around ``state``, in one of three set-ups so that every kind of
    view field is filled in some view: 0 everyone joined, no timer; 1 a bot seat, a turn timer,
    hints; 2 seat 0 open and not joined yet (the view's ``turn_note``)."""
    now = datetime.now(timezone.utc)
    seats = [SeatRow(s, "human", None, f"P{s}", None, True) for s in range(players)]
    if variant == 1 and players > 1:
        seats[1] = SeatRow(1, "bot", "heuristic", "Hazel (standard bot)", None, True)
    if variant == 2:
        seats[0] = SeatRow(0, "human", None, None, None, False, True)
    terminal = state.is_terminal()
    n = len(state.history)
    return TableRow(id="contract", game=game, params=dict(state.game.params), seed=0, name="t", created=now,
                    updated=now, version=n, revision=n + 1, status="finished" if terminal else "playing",
                    current_player=state.current_player(), returns=None,
                    turn_timer_seconds=30 if variant == 1 else None, bot_delay_ms=0, host_token_hash="h",
                    seats=seats, options={"hints": variant == 1})


def views_of_random_games(game: str, seeds=(1, 2, 3), positions: int = 80):
    """``(seed, step, seat, view JSON)`` for every seat and a spectator, at about ``positions``
    positions spread over a random game per seed (every position of a short game), the last
    one included: the views the server would send (:func:`roses.server.views.view`)."""
    chat = [ChatRow(1, 0, "P0", "hello", datetime.now(timezone.utc)),
            ChatRow(2, 1, "P1", "I am loyal", datetime.now(timezone.utc),
                    {"kind": "claim", "target": None, "claim": "loyal", "at_move": 3, "at_log": 2})]
    for k, seed in enumerate(seeds):
        g = load(game)
        state, rng = g.new_initial_state(seed), random.Random(seed)
        states = []
        while True:
            state.resolve_chance()
            states.append(state.clone())
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        stride = max(1, len(states) // positions)
        players = g.params["players"]
        for step, s in enumerate(states):
            if step % stride and step != len(states) - 1:
                continue
            row = _row(game, players, s, k % 3)
            live = SimpleNamespace(state=s, version=row.version, chat=chat)
            for seat in [*range(players), None]:
                yield seed, step, seat, as_sent(views.view(row, live, Who(seat, host=seat is None), set()))


@functools.cache
def sampled(game: str) -> tuple[tuple[int, int, int | None, Any], ...]:
    """:func:`views_of_random_games` of ``game``, made once for the tests that read them."""
    return tuple(views_of_random_games(game))


@functools.cache
def keys_seen(game: str) -> dict:
    """The keys of every object in the observations of :func:`sampled` (``R.keys_seen``)."""
    seen: dict = {}
    for *_, view in sampled(game):
        R.keys_seen(view["observation"], seen)
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_random_games_fits_the_schema(game):
    """3 random games at the default player count; every seat's and a spectator's view at about
    80 positions of each (every position of a shorter game). A view the schema refuses names its
    game, seed, step and seat."""
    check = validator(contract.view_schema(game))
    phases, ends, seen = set(), 0, 0
    for seed, step, seat, view in sampled(game):
        try:
            check.validate(view)
        except Exception as e:  # jsonschema(-rs)'s ValidationError
            pytest.fail(f"{game} seed {seed} step {step} seat {seat}: {e}")
        phases.add(view["observation"]["phase"])
        ends += view["terminal"]
        seen += 1
    assert seen > 50 and len(phases) > 2 and ends >= 3, (seen, phases, ends)


@pytest.mark.parametrize("game", GAMES)
def test_a_renamed_field_fails_the_schema(game):
    """What the schema is for: an observation field renamed (or one more, or one less), in the
    observation or in a nested part of it, is refused."""
    check = validator(contract.view_schema(game))
    _, _, _, view = next(views_of_random_games(game, seeds=(1,), positions=1))
    assert check.is_valid(view)
    obs = view["observation"]
    name = next(k for k in obs if k not in ALWAYS)
    renamed = {("x_" + k if k == name else k): v for k, v in obs.items()}
    assert not check.is_valid({**view, "observation": renamed})
    assert not check.is_valid({**view, "observation": {**obs, "extra": 1}})
    assert not check.is_valid({**view, "high_bid": 1})  # the view itself is closed too
    part = next(((k, v) for k, v in obs.items() if isinstance(v, list) and v and isinstance(v[0], dict)), None)
    if part:  # seats, shops, hand (cards)…: rename a field of the first item
        k, items = part
        first = {("x_" + f if i == 0 else f): x for i, (f, x) in enumerate(items[0].items())}
        assert not check.is_valid({**view, "observation": {**obs, k: [first, *items[1:]]}})


# ------------------------------------------------------------------ the renderers read fields of them
RENDERED = [g for g in GAMES if (STATIC / "games" / f"{g}.js").is_file()]


def _renderer(game: str) -> str:
    return (STATIC / "games" / f"{game}.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", RENDERED)
def test_the_renderer_reads_only_fields_of_the_observation(game):
    """Every observation field static/games/<game>.js reads, at the top and in its parts (a seat,
    a shop, a round, the pending offer…), is in the game's schema; in a part the schema leaves
    open (a plain ``dict``: Rare Roses' ``draft``, Roses and Thorns' ``hand``), among the keys it
    had in the random games' views (tests/server/renderer_reads.py says what the expressions find
    and miss). A field renamed on one side only fails here:
    :func:`test_a_renderer_reading_a_renamed_field_fails` shows it."""
    js = _renderer(game)
    schema = contract.observation_schema(game)
    assert R.problems(js, schema, keys_seen(game)) == []
    read = R.top_fields(js)
    assert len(read) >= 8, f"the expressions found almost nothing in {game}.js: {read}"  # a style change
    assert read <= set(schema["properties"])


#: (game, text in its renderer, the same text misspelt): a read at the top, and in a part.
# per-game facts: field names each game's own renderer reads
RENAMES = [
    ("roses-and-thorns", "o.high_bid", "o.high_bet"),
    ("roses-and-thorns", "s.stack_size", "s.stack_count"),  # s: an item of o.seats
    ("rose-ceremony", "offer.receiver", "offer.reciever"),  # offer: o.pending_offer
    ("rose-ceremony", "o.bouquet_thorns", "o.bouquets_thorns"),
    ("rare-roses", "s.shop_value", "s.shop_worth"),  # s: an item of shops = o.shops
    ("rare-roses", "card.match", "card.matches"),  # card: cards[id], cards = o.cards
    ("rare-roses", "nm.tiles", "nm.tile"),  # nm: o.naming, an open dict: checked against the views' keys
    ("blades-and-rose", "r.giver", "r.giver_seat"),  # r: o.current_round, a round of o.rounds
    ("blades-and-rose", "o.crystals_left", "o.crystal_left"),
]


@pytest.mark.parametrize("game,text,typo", RENAMES)
def test_a_renderer_reading_a_renamed_field_fails(game, text, typo):
    js = _renderer(game)
    assert text in js, f"{game}.js no longer reads {text}: pick another example"
    seen = keys_seen(game)
    found = R.problems(re.sub(rf"{re.escape(text)}\b", typo, js), contract.observation_schema(game), seen)
    field = typo.split(".")[1]
    assert found and all(repr(field) in p for p in found), found
    # and the other way round: the field renamed in the game (its schema, the keys seen), the renderer as it is
    schema = contract.observation_schema(game)
    owner = text.split(".")[1]
    for part in [schema, *schema.get("$defs", {}).values()]:
        if owner in part.get("properties", {}):
            part["properties"] = {("x_" + k if k == owner else k): v for k, v in part["properties"].items()}
    renamed = {p: {("x_" + k if k == owner else k) for k in keys} for p, keys in seen.items()}
    assert R.problems(js, schema, renamed)


def test_the_expressions_find_reads_in_the_renderers_styles():
    js = """
    // o.commented_out is no read
    const o = view.observation || {};
    const s = (o.seats || [])[i] || {};
    const shops = o.shops || [];
    const mine = shops[view.seat] || {};
    const d = o.draft && o.phase === "draft" ? o.draft : null;
    for (const q of o.queue) q.fill;
    (o.rounds || []).map(r => r.number);
    const n = ((view.observation || {}).shops || []).length;
    f(o.winner ?? 0, s.markers, mine.money, d.pay, o.log.length, o.rounds[o.rounds.length - 1].giver);
    """
    assert sorted({r.path for r in R.reads(js)}) == [
        ("draft",), ("draft", "pay"), ("log", "length"), ("phase",), ("queue",), ("queue", "[]", "fill"),
        ("rounds",), ("rounds", "[]", "giver"), ("rounds", "[]", "number"), ("rounds", "length"),
        ("seats",), ("seats", "[]", "markers"), ("shops",), ("shops", "[]", "money"), ("winner",)]


def test_the_table_page_reads_only_fields_every_game_has_or_falls_back():
    """The page's own modules (table, log, end screen, replay; generic.js reads no field by
    name) read ``log`` and ``current_player``, which every game has; ``players`` and ``returns``,
    which some games lack, only as a fallback (:data:`GENERIC_FALLBACKS`)."""
    fields = {g: set(contract.observation_schema(g)["properties"]) for g in GAMES}
    every = set.intersection(*fields.values())
    assert ALWAYS <= every
    for path in sorted([*STATIC.glob("*.js"), STATIC / "games" / "generic.js", STATIC / "games" / "pieces.js"]):
        for field in R.top_fields(path.read_text(encoding="utf-8")):
            assert field in every or field in GENERIC_FALLBACKS, f"{path.name} reads observation.{field}"
            assert any(field in f for f in fields.values()), f"{path.name} reads observation.{field}: no game has it"


def test_the_page_reads_only_fields_of_the_view():
    """``view.<field>`` anywhere in the page's JavaScript (table, renderers, replay) is a field of
    the view (:class:`roses.server.schemas.View`)."""
    fields = set(View.model_fields)
    for path in sorted([*STATIC.glob("*.js"), *STATIC.glob("games/*.js")]):
        js = R.strip_comments(path.read_text(encoding="utf-8"))
        for m in re.finditer(r"(?<![\w$.])view\??\.([A-Za-z_$][\w$]*)", js):
            assert m.group(1) in fields, f"{path.name} line {js.count(chr(10), 0, m.start()) + 1}: view.{m.group(1)}"
