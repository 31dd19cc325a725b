"""Issue 43, finding 4: every body has its route's shape (pydantic, strict, no unknown fields,
finite numbers) or is refused with 422, and nothing changes. Before, the host's routes answered
200 to ``[1,2,3]`` or ``null`` and acted on them, and NaN, Infinity and 1e400 passed everywhere."""
from __future__ import annotations

import pytest

from .test_server_abuse import RT, auth, made_table

JUNK = ["[1,2,3]", "null", "7", '"text"', '{"x": 1}', '{"bot": 1}', '{"bot": NaN}']


def post(client, path, raw, token=None):
    headers = {"Content-Type": "application/json", **(auth(token) if token else {})}
    return client.post(path, content=raw, headers=headers)


@pytest.mark.parametrize("raw", JUNK)
def test_the_hosts_routes_refuse_junk_and_change_nothing(client, raw):
    made = made_table(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, host = made["table_id"], made["host_token"]
    before = client.get(f"/api/tables/{tid}").json()
    for path in (f"/api/tables/{tid}/seats/1/bot", f"/api/tables/{tid}/close", f"/api/tables/{tid}/fast-bots"):
        r = post(client, path, raw, host)
        assert r.status_code == 422 and r.json()["error"] == "invalid", (path, raw, r.text)
    after = client.get(f"/api/tables/{tid}").json()
    assert (after["status"], after["seats"], after["revision"]) == (before["status"], before["seats"], before["revision"])
    assert post(client, f"/api/tables/{tid}/close", "{}", host).status_code == 200  # the right body works


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"])
@pytest.mark.parametrize("where", ["create", "action", "replay"])
def test_numbers_json_does_not_have_are_refused_everywhere(client, number, where):
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    version = client.get(f"/api/tables/{tid}").json()["version"]
    path, raw, token = {
        "create": ("/api/tables", f'{{"game": "{RT}", "seats": [{{"kind": "human"}}], "bot_delay_ms": {number}}}', None),
        "action": (f"/api/tables/{tid}/actions", f'{{"action": "x", "version": {number}}}', tok),
        "replay": ("/api/replay", f'{{"format": 1, "game": "{RT}", "seed": {number}, "actions": []}}', None),
    }[where]
    r = post(client, path, raw, token)
    assert r.status_code == 422 and r.json()["error"] == "invalid", r.text
    assert number.lstrip("-") in r.json()["detail"] or "too large" in r.json()["detail"]
    assert len(client.get("/api/tables").json()) <= 1 and client.get(f"/api/tables/{tid}").json()["version"] == version


def test_a_strict_body_takes_no_look_alike_values(client):
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    v = client.get(f"/api/tables/{tid}", headers=auth(tok)).json()
    action = v["legal_actions"][0] if v["legal_actions"] else "x"
    for version in (str(v["version"]), float(v["version"]), True):
        r = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": version}, headers=auth(tok))
        assert r.status_code == 422 and r.json()["param"] == "version", r.text
    r = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": v["version"], "extra": 1},
                    headers=auth(tok))
    assert r.status_code == 422 and r.json()["param"] == "extra"
    assert client.get(f"/api/tables/{tid}").json()["version"] == v["version"]
