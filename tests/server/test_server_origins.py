"""Issue 43, findings 2 and 3: rate limits count the connection's own address unless a proxy is
named, every POST is JSON, and pages of other sites may not use the API or its WebSocket."""
from __future__ import annotations

import json

import httpx
import pytest

from .launched import Launched
from .test_server_abuse import RT, assert_429, limited, one_human

BODY = json.dumps({"game": RT, "seats": one_human(), "bot_delay_ms": 60000})


def create(client, **headers):
    return client.post("/api/tables", content=BODY, headers={"Content-Type": "application/json", **headers})


@pytest.mark.parametrize("ctype", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
def test_a_post_that_is_not_json_is_refused_before_it_counts(make_client, ctype):
    # what a page of another site can send without asking the server first
    client = limited(make_client, create="2/minute")
    headers = {} if ctype is None else {"Content-Type": ctype}
    for _ in range(5):
        r = client.post("/api/tables", content=BODY, headers=headers)
        assert r.status_code == 415, r.text
        assert "Content-Type: application/json" in r.json()["detail"]
    assert len(client.app.state.store.unfinished()) == 0
    assert create(client).status_code == 201  # the allowance was not used up
    made = create(client).json()
    r = client.post(f"/api/tables/{made['table_id']}/close?token={made['host_token']}", headers=headers)
    assert r.status_code == 415  # a join link's ?token= cannot close a table from another site
    assert client.get(f"/api/tables/{made['table_id']}").json()["status"] != "closed"


def test_another_sites_page_may_not_post_and_its_own_may(make_client):
    client = limited(make_client, create="3/minute")
    for origin in ("http://evil.example", "null", "http://testserver.evil.example", "https://testserver"):
        r = create(client, Origin=origin)
        assert r.status_code == 403 and "--allowed-origins" in r.json()["detail"], (origin, r.text)
    assert len(client.app.state.store.unfinished()) == 0
    assert create(client, Origin="http://testserver").status_code == 201  # the server's own page
    assert create(client).status_code == 201  # no Origin: not a browser (curl, API clients)
    assert client.get("/api/tables", headers={"Origin": "http://evil.example"}).status_code == 200  # reads pass


def test_allowed_origins_may_post(make_client):
    client = make_client(allowed_origins=["https://games.example.org/"])
    assert create(client, Origin="https://games.example.org").status_code == 201
    assert create(client, Origin="https://games.example.org:443").status_code == 201
    assert create(client, Origin="http://games.example.org").status_code == 403


def test_a_websocket_from_another_sites_page_is_closed(client):
    made = create(client).json()
    with client.websocket_connect(f"/ws/tables/{made['table_id']}", headers={"Origin": "http://evil.example"}) as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 403 and "evil.example" in msg["detail"]
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 4403
    with client.websocket_connect(f"/ws/tables/{made['table_id']}", headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "view"


def test_forwarded_for_counts_only_from_a_named_proxy(tmp_path):
    # Each request claims another address in X-Forwarded-For. Without --forwarded-allow-ips the
    # server counts the connection's own address (20 tables a minute: the 21st is refused); with
    # the proxy named (here the test itself, on 127.0.0.1) each claimed address counts apart.
    plain = Launched("python3 -m roses serve", tmp_path, "--database-url", "memory://", "--think-workers", "1")
    try:
        codes = [httpx.post(plain.url + "/api/tables", content=BODY, timeout=30,
                            headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.0.0.{i}"}).status_code
                 for i in range(21)]
        assert codes == [201] * 20 + [429], codes
    finally:
        plain.stop()
    proxied = Launched("python3 -m roses serve", tmp_path, "--database-url", "memory://", "--think-workers", "1",
                       "--forwarded-allow-ips", "127.0.0.1")
    try:
        codes = [httpx.post(proxied.url + "/api/tables", content=BODY, timeout=30,
                            headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.0.0.{i}"}).status_code
                 for i in range(21)]
        assert codes == [201] * 21, codes
        r = httpx.post(proxied.url + "/api/tables", content=BODY, timeout=30,
                       headers={"Content-Type": "application/json", "X-Forwarded-For": "10.0.0.1"})
        assert r.status_code == 201  # 10.0.0.1 made one table so far
    finally:
        proxied.stop()


def test_serve_refuses_an_allowed_origin_that_is_not_one(tmp_path):
    import subprocess
    import sys

    from .launched import free_port

    r = subprocess.run([sys.executable, "-m", "roses", "serve", "--port", str(free_port()), "--database-url", "memory://",
                        "--allowed-origins", "games.example.org/path"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--allowed-origins" in r.stderr, r.stderr
