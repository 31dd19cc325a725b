"""Large logs are paged (issue 13, "Pushes that scale"): a view carries the newest
``LOG_WINDOW`` log lines, ``GET /api/tables/{id}/log`` gives the earlier ones."""
from __future__ import annotations

import json

from roses.agents import Turn, make_agent
from roses.core import load, to_jsonable
from roses.server import views
from roses.server.auth import Who

from .test_server_api import play_out_with_bots, true_state


def long_game_state(seed: int = 3):
    game = load("roses-and-thorns", players=6)
    state = game.new_initial_state(seed)
    bots = [make_agent("heuristic", game, i) for i in range(6)]
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else bots[state.current_player()].act(Turn.of(state)))
    return state


def test_a_view_holds_only_the_newest_log_lines_and_says_where_they_start():
    state = long_game_state()
    full = to_jsonable(state.observation(2))["log"]
    assert len(full) > views.LOG_WINDOW  # the case this is about
    observation, start, total = views.windowed(to_jsonable(state.observation(2)))
    assert (start, total) == (len(full) - views.LOG_WINDOW, len(full))
    assert observation["log"] == full[start:]
    assert len(json.dumps(observation)) < len(json.dumps(to_jsonable(state.observation(2))))
    # A short log is left whole.
    short = {"log": ["a", "b"], "phase": "x"}
    assert views.windowed(short) == (short, 0, 2)
    assert views.windowed({"phase": "x"}) == ({"phase": "x"}, 0, 0)


def test_log_pages_are_the_seats_own_log_and_join_up_without_a_gap():
    state = long_game_state()
    full = to_jsonable(state.observation(4))["log"]
    page = views.log_page(state, Who(4), before=100, limit=40)
    assert page == {"start": 60, "lines": full[60:100], "total": len(full)}
    assert views.log_page(state, Who(4), before=10, limit=40)["start"] == 0
    assert views.log_page(state, Who(4), before=None, limit=5)["lines"] == full[-5:]
    assert views.log_page(state, Who(4), before=10**9, limit=5)["lines"] == full[-5:]
    # Seat 4 reads its own log ("You ..."), not a spectator's.
    assert full != to_jsonable(state.observation(None))["log"]


def test_the_log_route_pages_back_to_the_first_line(client):
    out = play_out_with_bots(client, "roses-and-thorns", 7, ["heuristic"] * 6)
    tid, v = out["table_id"], out["view"]
    full = to_jsonable(true_state(client, tid).observation(None))["log"]
    assert v["log_total"] == len(full) > views.LOG_WINDOW
    assert v["log_start"] == len(full) - views.LOG_WINDOW
    assert v["observation"]["log"] == full[v["log_start"]:]
    lines, before = [], v["log_start"]
    while before > 0:
        r = client.get(f"/api/tables/{tid}/log", params={"before": before, "limit": 60})
        assert r.status_code == 200, r.text
        page = r.json()
        assert page["total"] == len(full) and page["start"] == max(0, before - 60)
        lines = page["lines"] + lines
        before = page["start"]
    assert lines + v["observation"]["log"] == full


def test_bad_log_requests_get_4xx_with_a_message(client):
    out = play_out_with_bots(client, "rose-ceremony", 2, ["heuristic"] * 3)
    tid = out["table_id"]
    for params in ({"limit": 0}, {"limit": views.LOG_PAGE + 1}, {"before": -1}, {"before": "x"}):
        r = client.get(f"/api/tables/{tid}/log", params=params)
        assert r.status_code == 422 and r.json()["detail"], (params, r.text)
    assert client.get("/api/tables/nope/log").status_code == 404
    r = client.get(f"/api/tables/{tid}/log", headers={"Authorization": "Bearer not-a-token"})
    assert r.status_code == 401 and r.json()["detail"]
