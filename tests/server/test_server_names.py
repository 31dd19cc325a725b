"""Issue 43, finding 1: nobody poses as someone else. Seat names are compared by their Unicode
TR39 confusable skeletons after NFKC and case folding; invisible tails and blank-looking names are
refused. Each name here was accepted (201/200) before."""
from __future__ import annotations

import pytest

from roses.server.names import clean_text, name_refusal, skeleton

from .test_server_api import auth, tokens
from .test_server_seating import create_named

RT = "roses-and-thorns"


@pytest.mark.parametrize("name, beside", [
    ("\u0410na", "Ana"),          # Cyrillic capital A
    ("Ana\u3164", "Ana"),         # Hangul filler tail
    ("Ana\u2800", "Ana"),         # Braille blank tail
    ("ANA", "Ana"),
    ("lvy", "Ivy"),               # l for I
    ("rnary", "Mary"),            # rn for m
])
def test_a_look_alike_of_another_seats_name_is_refused(client, name, beside):
    r = client.post("/api/tables", json={"game": RT, "seats": [
        {"kind": "human", "name": beside}, {"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 422, r.text
    assert r.json()["param"] == "seats[1].name" and "reads as another seat's name" in r.json()["detail"]
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("name", [
    "\u0405\u0435\u0430t 1",      # "Ѕеаt 1": Cyrillic Dze, Ie and A
    "h\u043est",                  # "hоst": Cyrillic o
    "Seat 1.", "Seat 1 (you)", "Seat No. 2", "SEAT l",
    "Willow (standard b\u043et)", "Hazel the bot",
])
def test_a_name_that_reads_as_a_seat_the_host_or_a_bot_is_refused(client, name):
    r = client.post("/api/tables", json={"game": RT, "seats": [
        {"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 422, r.text
    assert "pick a name of your own" in r.json()["detail"]


@pytest.mark.parametrize("name", ["\u3164", "\u2800\u2800", "\u3164 \u2800", "\u200b\u0301"])
def test_a_name_that_looks_blank_is_refused(client, name):
    r = client.post("/api/tables", json={"game": RT, "seats": [
        {"kind": "human", "name": "Ana"}, {"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 422 and r.json()["param"] == "seats[1].name", r.text


@pytest.mark.parametrize("name", ["Seattle", "Robot", "Abbot", "José", "Зоя", "李", "-_-", "Ann-Marie", "Seat lover"])
def test_names_that_only_resemble_a_word_are_kept(client, name):
    made = create_named(client, ["human", "random", "random"], {0: name})
    assert client.get(f"/api/tables/{made['table_id']}").json()["seats"][0]["name"] == name


def test_a_taker_of_an_open_seat_cannot_pose_as_a_seated_player_or_its_bot(client):
    created = create_named(client, ["human", "human", "heuristic"], {0: "Ana"})
    tid, host = created["table_id"], created["host_token"]
    bot_name = client.get(f"/api/tables/{tid}").json()["seats"][2]["name"]  # e.g. "Hazel (standard bot)"
    assert client.post(f"/api/tables/{tid}/seats/1/open", json={"open": True}, headers=auth(host)).status_code == 200
    take = lambda name: client.post(f"/api/tables/{tid}/seats/1/take", json={"name": name})  # noqa: E731
    first = bot_name.split(" (")[0]
    for name in ("\u0410na", "Ana\u3164", bot_name.replace("o", "\u043e"), first.upper()):
        r = take(name)
        assert r.status_code == 422, (name, r.text)
    assert [s["name"] for s in client.get(f"/api/tables/{tid}").json()["seats"]][:2] == ["Ana", "Seat 2"]
    assert take("Bea").status_code == 200


def test_chat_shows_the_name_as_checked(client):
    made = create_named(client, ["human", "human", "random"], {0: "Ana\u2800", 1: "Bea\u3164"})
    v = client.get(f"/api/tables/{made['table_id']}").json()
    assert [s["name"] for s in v["seats"][:2]] == ["Ana", "Bea"]
    r = client.post(f"/api/tables/{made['table_id']}/chat", json={"text": "hi\u3164"}, headers=auth(tokens(made)[1]))
    assert r.status_code == 200 and r.json()["chat"][-1]["text"] == "hi"


def test_the_skeleton_is_unicodes_tr39_mapping():
    # UTS #39 section 4 and confusables.txt: Cyrillic а, е, о, Ѕ; 1 → l; m → rn; 0 → O
    assert skeleton("\u0405\u0435\u0430t 1") == "Seat l" and skeleton("m0") == "rnO"
    assert clean_text("a\u3164b\u2800c\ufe0f") == "ab c"
    assert name_refusal("Ana", ["Bob", "Hazel (hard bot)"]) is None
