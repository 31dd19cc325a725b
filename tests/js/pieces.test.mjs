// Unit tests of the renderers' shared pure helpers: games/pieces.js, actions.js, logview.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toMove, nowLine, who, seatOrder, can } from "/static/games/pieces.js";
import { byVerb } from "/static/actions.js";
import { turnTitle, groupLog } from "/static/logview.js";

test("toMove: the current player, unless the game ended or the host closed the table", () => {
  assert.equal(toMove({ current_player: 1, terminal: false, status: "playing" }, 1), true);
  assert.equal(toMove({ current_player: 1, terminal: false, status: "playing" }, 0), false);
  assert.equal(toMove({ current_player: 1, terminal: true }, 1), false);
  assert.equal(toMove({ current_player: 1, terminal: false, status: "closed" }, 1), false);
});

test("nowLine: the phase, or that the host closed the table", () => {
  assert.equal(nowLine({ status: "playing" }, "Bidding"), "Bidding");
  assert.equal(nowLine({ status: "closed" }, "Bidding"), "The host closed the table");
});

test("who: the viewer's own seat reads '(you)'", () => {
  const ctx = { name: i => ["Anna", "Bram"][i] };
  assert.equal(who({ seat: 1 }, ctx, 1), "Bram (you)");
  assert.equal(who({ seat: 1 }, ctx, 0), "Anna");
  assert.equal(who({ seat: 0 }, ctx, 0), "Anna (you)"); // seat 0 is a seat, not "none"
  assert.equal(who({ seat: null }, ctx, 0), "Anna"); // a spectator or a replay
});

test("seatOrder: own seat first, then clockwise", () => {
  assert.deepEqual(seatOrder(4, 2), [2, 3, 0, 1]);
  assert.deepEqual(seatOrder(3, null), [0, 1, 2]);
  assert.deepEqual(seatOrder(3, undefined), [0, 1, 2]);
  assert.deepEqual(seatOrder(0, 0), []);
});

test("can: a legal move on a live page that is not busy", () => {
  const ctx = { legal: ["bid 3", "pass"], busy: false, replay: false };
  assert.equal(can(ctx, "pass"), true);
  assert.equal(can(ctx, "bid 4"), false);
  assert.equal(can({ ...ctx, busy: true }, "pass"), false);
  assert.equal(can({ ...ctx, replay: true }, "pass"), false);
});

test("byVerb: groups action texts by their first word in the game's order", () => {
  const groups = byVerb(["bid 2", "pass", "bid 3", "flip 1"]);
  assert.deepEqual([...groups.keys()], ["bid", "pass", "flip"]);
  assert.deepEqual(groups.get("bid"), ["bid 2", "bid 3"]);
});

test("turnTitle: rounds and turns open a log group; a renderer's logTurn comes first", () => {
  assert.equal(turnTitle("Round 3: Anna holds the coin."), "Round 3");
  assert.equal(turnTitle("Anna's turn."), "Anna's turn");
  assert.equal(turnTitle("Your turn."), "Your turn");
  assert.equal(turnTitle("Anna bids 3."), null);
  const renderer = { logTurn: text => (text.startsWith("Anna offers") ? "Anna's turn" : undefined) };
  assert.equal(turnTitle("Anna offers a card.", renderer), "Anna's turn");
  assert.equal(turnTitle("Round 2.", renderer), "Round 2"); // undefined: the default rule
  assert.equal(turnTitle("Round 2.", { logTurn: () => { throw new Error("bug"); } }), "Round 2");
});

test("groupLog: a Setup group, then one per round; 3+ routine lines fold into one", () => {
  const dealt = ["Anna is dealt a card.", "Bram is dealt a card.", "Ivy is dealt a card."];
  const groups = groupLog([...dealt, "Round 1.", "Anna bids 2.", "Bram is dealt a card.", "Round 2.", "Anna passes."]);
  assert.deepEqual(groups.map(g => g.title), ["Setup", "Round 1", "Round 2"]);
  assert.deepEqual(groups[0].items, [{ run: "Cards are dealt", lines: dealt }]);
  assert.deepEqual(groups[1].items, ["Round 1.", "Anna bids 2.", "Bram is dealt a card."]); // one alone stays
  assert.deepEqual(groupLog(["Anna bids 2."], null, "Earlier")[0].title, "Earlier");
});
