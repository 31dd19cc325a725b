"""A refused move over HTTP (issue 14): 422 with ``message`` and ``detail`` in plain words (no
ruling id, no action syntax, seats by name) and the rule it breaks as ``rule``, for code; the
view carries the latest cards turned, in order (``reveal``)."""
from __future__ import annotations

import pytest

from roses.core.plain import engine_syntax

from .test_server_api import auth, create, tokens, view


@pytest.mark.parametrize("db_url", ["memory"], indirect=True)
def test_a_refused_move_reads_in_plain_words_and_names_the_rule_apart(client):
    created = create(client, "roses-and-thorns", ["human", "heuristic", "heuristic"], seed=5,
                     params={"start_player": 0})
    tid, token = created["table_id"], tokens(created)[0]
    v = view(client, tid, token)
    assert "lay rose" in v["legal_actions"]
    url = f"/api/tables/{tid}/actions"
    # Each breaks a rule now (the old messages quoted the move or listed the legal ones raw).
    for text in ("bid 1", "flip 2", "pass", "offer 0/1 to 1"):
        r = client.post(url, json={"action": text, "version": v["version"]}, headers=auth(token))
        assert r.status_code == 422, r.text
        body = r.json()
        assert body["error"] == "illegal" and body["rule"]  # the rule, for code
        assert body["detail"] == body["message"] and body["message"].endswith(".")
        assert not engine_syntax(body["message"]), body
        assert f"{text} " not in body["message"] and repr(text) not in body["message"]
    r = client.post(url, json={"action": "bid 1", "version": v["version"]}, headers=auth(token))
    assert r.json()["rule"].startswith("§3.1") and r.json()["message"] == "Everyone lays a first card before any bid."
    assert view(client, tid, token)["version"] == v["version"]  # nothing changed
    assert v["reveal"] is None  # no card turned yet
