// Unit tests of static/common.js's pure helpers (run by tests/server/test_javascript.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  errorText, NETWORK_TEXT, seatName, namedLine, logText, seatTag, titleCase, resultWord, loadTable, saveTable,
} from "/static/common.js";

// Seat 0 named Anna, seat 1 with the server's default name, seat 2 "Ivy", seat 3 a bot, seat 4
// a given name in lower case.
const view = {
  seat: 2,
  seats: [
    { seat: 0, name: "Anna", kind: "human", connected: true },
    { seat: 1, name: "Seat 2", kind: "human", connected: false },
    { seat: 2, name: "Ivy", kind: "human", connected: true },
    { seat: 3, name: "Hazel (hard bot)", kind: "bot", bot: "ismcts:hard", bot_label: "Hard search" },
    { seat: 4, name: "élodie", kind: "human" },
  ],
};

test("seatName: the given name, else Seat N counted from 1", () => {
  assert.equal(seatName(view, 0), "Anna");
  assert.equal(seatName(view, 1), "Seat 2"); // the server's default name is not a given name
  assert.equal(seatName(view, 3), "Hazel (hard bot)");
  assert.equal(seatName(view, 7), "Seat 8"); // no such seat in the view
  assert.equal(seatName({ seats: [{ seat: 0, name: "  " }] }, 0), "Seat 1");
  assert.equal(seatName(null, 2), "Seat 3");
  assert.equal(seatName(view, null), "—");
  assert.equal(seatName(view, -1), "—");
});

test("namedLine: engine seats (from 0) become names or Seat N (from 1)", () => {
  assert.equal(namedLine(view, "seat 2 bids 3"), "Ivy bids 3");
  assert.equal(namedLine(view, "Seat 1 passes"), "Seat 2 passes");
  assert.equal(namedLine({ seats: [] }, "seat 2 bids 3"), "Seat 3 bids 3");
  assert.equal(namedLine(view, "seats 0, 2 (you), 5 win"), "Anna, Ivy (you), Seat 6 win");
  assert.equal(namedLine(view, "seat 0 flips seat 3's stack"), "Anna flips Hazel (hard bot)'s stack");
  // numbers that are not seats stay as they are
  assert.equal(namedLine(view, "round 2: bid 3"), "round 2: bid 3");
  assert.equal(namedLine(view, "seat 12 wins"), "Seat 13 wins");
});

test("logText: a sentence, rulings dropped, the renderer's logLine applied", () => {
  assert.equal(logText(view, "seat 1 bids 3"), "Seat 2 bids 3.");
  assert.equal(logText(view, "nothing happens (FAQ Q3)"), "Nothing happens.");
  assert.equal(logText(view, "seat 0 reveals (FAQ Q9, Q12)"), "Anna reveals.");
  assert.equal(logText(view, "the coin passes (BR-7)"), "The coin passes.");
  assert.equal(logText(view, "seat 2 wins!"), "Ivy wins!"); // already ends a sentence
  assert.equal(logText(view, "seat 4 passes"), "élodie passes."); // a given name as typed
  const renderer = { logLine: text => text.replace("juliet", "Juliet") };
  assert.equal(logText(view, "seat 0 buys juliet", renderer), "Anna buys Juliet.");
  const broken = { logLine: () => { throw new Error("bug"); } };
  assert.equal(logText(view, "seat 0 buys juliet", broken), "Anna buys juliet.");
});

test("seatTag: you, a bot with its level, away", () => {
  assert.equal(seatTag(view, 2), "you");
  assert.equal(seatTag(view, 3), "bot · Hard search");
  assert.equal(seatTag({ seats: [{ seat: 0, kind: "bot" }] }, 0), "bot");
  assert.equal(seatTag(view, 1), "away");
  assert.equal(seatTag(view, 0), "");
});

test("errorText: the readable part of an error body", () => {
  assert.equal(errorText(null), "Something went wrong");
  assert.equal(errorText(undefined, "No table"), "No table");
  assert.equal(errorText({ error: "network", message: "TypeError: Failed to fetch" }), NETWORK_TEXT);
  assert.equal(errorText("plain text"), "plain text");
  assert.equal(errorText({ detail: "Not your turn" }), "Not your turn");
  assert.equal(errorText({ detail: [{ msg: "field required" }, { loc: ["body"] }] }),
    'field required; {"loc":["body"]}');
  assert.equal(errorText({ detail: { message: "Illegal move", rule: "RT-3" } }), "Illegal move");
  assert.equal(errorText({ error: "not_found" }), "not_found");
  assert.equal(errorText({}, "fallback"), "fallback");
});

test("titleCase and resultWord", () => {
  assert.equal(titleCase("roses-and-thorns"), "Roses And Thorns");
  assert.equal(titleCase("striped_dragon"), "Striped Dragon");
  assert.equal(resultWord(1), "winner");
  assert.equal(resultWord(0.5), "shared win (50%)");
  assert.equal(resultWord(1 / 3), "shared win (33%)");
  assert.equal(resultWord(0), "");
  assert.equal(resultWord(-1), "");
  assert.equal(resultWord(null), "");
});

/** A Storage stand-in (getItem/setItem), or one whose setItem throws (storage full/blocked). */
function storage(entries = {}, { full = false } = {}) {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: key => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => { if (full) throw new Error("QuotaExceededError"); data.set(key, String(value)); },
  };
}

test("loadTable/saveTable: seat tokens in localStorage, older sessionStorage entries still read", (t) => {
  const saved = { localStorage: globalThis.localStorage, sessionStorage: globalThis.sessionStorage };
  t.after(() => Object.assign(globalThis, saved));

  globalThis.localStorage = storage();
  globalThis.sessionStorage = storage({ "roses:table:old": JSON.stringify({ seats: { 1: "tok1" } }) });
  assert.deepEqual(loadTable("none"), { seats: {}, host: null, hotseat: false });
  assert.deepEqual(loadTable("old"), { seats: { 1: "tok1" }, host: null, hotseat: false });

  saveTable("t1", { seats: { 0: "tok0" }, host: "h", hotseat: true });
  assert.equal(globalThis.localStorage.data.get("roses:table:t1"), '{"seats":{"0":"tok0"},"host":"h","hotseat":true}');
  assert.deepEqual(loadTable("t1"), { seats: { 0: "tok0" }, host: "h", hotseat: true });

  globalThis.localStorage = storage({ "roses:table:bad": "{not json" });
  assert.deepEqual(loadTable("bad"), { seats: {}, host: null, hotseat: false }); // a damaged entry is dropped

  globalThis.localStorage = storage({}, { full: true });
  saveTable("t2", { seats: {} });
  assert.equal(globalThis.sessionStorage.data.get("roses:table:t2"), '{"seats":{}}');
});
