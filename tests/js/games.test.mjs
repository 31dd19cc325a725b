// Unit tests of the game renderers' pure helpers (games/rare-roses.js, games/rose-ceremony.js,
// end-screen notes).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as rareRoses from "/static/games/rare-roses.js";
import * as roseCeremony from "/static/games/rose-ceremony.js";
import * as rosesAndThorns from "/static/games/roses-and-thorns.js";
import * as bladesAndRose from "/static/games/blades-and-rose.js";

test("Rare Roses logLine: rose ids as names", () => {
  assert.equal(rareRoses.logLine("seat 1 buys striped-dragon/bud,juliet/fresh"),
    "seat 1 buys Striped Dragon (bud), Juliet (fresh)");
  assert.equal(rareRoses.logLine("osira and black are drawn into the market"), "Osira and Black are drawn into the market");
  assert.equal(rareRoses.logLine("a blue-ish rose"), "a blue-ish rose"); // part of another word: kept
});

test("Rare Roses oldestTiles: mature blooms first, then fresh, then buds; null when they don't fit", () => {
  const shop = { bud: { juliet: 1 }, fresh: { juliet: 1, osira: 1 }, mature: { juliet: 1 } };
  const order = { roses: [["juliet", "bloom"], ["juliet", "bloom"], ["osira", "bloom"]] };
  assert.deepEqual(rareRoses.oldestTiles(shop, order, "fill"), [["juliet", "mature"], ["juliet", "fresh"], ["osira", "fresh"]]);
  assert.deepEqual(rareRoses.oldestTiles(shop, { roses: [["juliet", "bud"]] }, "match"), [["juliet", "bud"]]);
  // a match of three Juliet blooms: only two blooms in the shop (the bud doesn't match)
  assert.equal(rareRoses.oldestTiles(shop, { roses: [["juliet", "bloom"], ["juliet", "bloom"], ["juliet", "bloom"]] }, "match"), null);
  assert.deepEqual(rareRoses.oldestTiles(shop, { roses: [["juliet", "bloom"], ["juliet", "bloom"], ["juliet", "bloom"]] }, "fill"),
    [["juliet", "mature"], ["juliet", "fresh"], ["juliet", "bud"]]);
  assert.deepEqual(shop.mature, { juliet: 1 }); // the shop itself is not changed
});

test("Rare Roses clampPay: whole dollars between 0 and the money", () => {
  assert.equal(rareRoses.clampPay("7.9", 20), 7);
  assert.equal(rareRoses.clampPay(25, 20), 20);
  assert.equal(rareRoses.clampPay(-3, 20), 0);
  assert.equal(rareRoses.clampPay("", 20), 0);
  assert.equal(rareRoses.clampPay("abc", 20), 0);
  assert.equal(rareRoses.clampPay(5, undefined), 0);
});

test("Rare Roses dealProblem: why a deal can't be proposed, or ''", () => {
  const b = { seat: 1, take: { "juliet/bud": 2 }, give: {}, pay: 5 };
  const ok = { room: 6, money: 10, legal: ["deal 1", "deal 2"] };
  assert.equal(rareRoses.dealProblem(b, ok), "");
  assert.equal(rareRoses.dealProblem(b, { ...ok, legal: ["deal 2"] }), "You can't make a deal with Seat 2 now.");
  assert.equal(rareRoses.dealProblem(b, { ...ok, legal: ["deal 2"], name: () => "Bram" }), "You can't make a deal with Bram now.");
  assert.equal(rareRoses.dealProblem({ ...b, take: {} }, ok), "Choose at least one tile to take.");
  assert.equal(rareRoses.dealProblem(b, { ...ok, room: 1 }), "You can receive only 1 more tile this turn: take fewer.");
  assert.equal(rareRoses.dealProblem(b, { ...ok, money: 4 }), "You have only $4.");
});

test("Rare Roses scores, formatScore and resultNote", () => {
  assert.deepEqual(rareRoses.scores({ observation: { result: { money: [40, 55] } } }, 2), [40, 55]);
  assert.deepEqual(rareRoses.scores({ observation: { shops: [{ money: 12 }, {}] } }, 2), [12, null]);
  assert.equal(rareRoses.scores({ observation: {} }, 2), null);
  assert.equal(rareRoses.formatScore(95), "$95");
  assert.equal(rareRoses.resultNote({ observation: { shops: [{}] } }, 0), "with 20 orders: good ≈ $90, great > $120");
  assert.equal(rareRoses.resultNote({ observation: { shops: [{}, {}] } }, 0), "");
});

test("Rose Ceremony unseenCards and wiltRisk", () => {
  const view = {
    params: { deck: [[1, 0, 4], [0, 3, 2], [2, 1, 4]] },
    observation: {
      hand: [{ roses: 1, thorns: 0 }],
      bouquets: [[{ roses: 0, thorns: 3 }], []],
      discard: [{ roses: 2, thorns: 1 }],
      pending_offer: { card: { roses: 1, thorns: 0 } },
    },
  };
  const unseen = roseCeremony.unseenCards(view);
  assert.deepEqual(unseen, { left: { "1/0": 2, "0/3": 1, "2/1": 3 }, total: 6 });
  // a bouquet with 2 thorns wilts on a card with 3+ thorns: 1 of the 6 unseen cards
  assert.equal(roseCeremony.wiltRisk(unseen, 2), 17);
  assert.equal(roseCeremony.wiltRisk(unseen, 4), 67); // 1+ thorn: the 0/3 and the three 2/1
  assert.equal(roseCeremony.wiltRisk({ left: {}, total: 0 }, 4), null);
});

test("Rose Ceremony logTurn: a turn starts with an offer", () => {
  assert.equal(roseCeremony.logTurn("Anna offers a card face down to Bram."), "Anna's turn");
  assert.equal(roseCeremony.logTurn("Anna (you) offers a card face down to Bram."), "Anna's turn");
  assert.equal(roseCeremony.logTurn("You offer a card face down to Bram."), "Your turn");
  assert.equal(roseCeremony.logTurn("Bram accepts."), null);
});

test("end-screen notes", () => {
  const rt = { observation: { seats: [{ markers: 1, in_game: true }, { markers: 0, in_game: false }, { markers: 2 }] } };
  assert.equal(rosesAndThorns.resultNote(rt, 0), "1 marker");
  assert.equal(rosesAndThorns.resultNote(rt, 1), "out of cards");
  assert.equal(rosesAndThorns.resultNote(rt, 2), "2 markers");
  assert.equal(rosesAndThorns.resultNote(rt, 5), "");
  assert.equal(roseCeremony.resultNote({ observation: { points: [1, 3] } }, 0), "1 charm point");
  assert.equal(bladesAndRose.resultNote({ observation: { roles: [] } }, 0), "");
});
