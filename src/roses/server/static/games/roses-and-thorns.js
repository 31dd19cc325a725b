// Roses and Thorns: each seat's stack of face-down cards (turned-up ones shown face up), hands,
// markers, the bidding and the challenge. Observation fields: roses_and_thorns/observation.py.
import { h, namedLine } from "/static/common.js";
import { moveButton, groupedMoves } from "/static/actions.js";
import { card, seatHead, seatBox, seatOrder, statusStrip, markers, can, who, nowLine } from "/static/games/pieces.js";

/** "1 card", "3 cards". */
const count = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;

// Each player holds the four cards of one rank (§2); the spade is the thorn (RT-1).
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5"];
const ROSE_SUITS = ["♥", "♦", "♣"];

function kindCard(seat, kind, k = 0, opts = {}) {
  const rank = RANKS[seat % RANKS.length];
  if (kind === "thorn") return card({ rank, suit: "♠", pip: "♠", cls: "thorn", title: "thorn", ...opts });
  const suit = ROSE_SUITS[k % 3];
  return card({ rank, suit, pip: "✿", red: suit !== "♣", cls: "rose", title: "rose", ...opts });
}

const PHASES = {
  "start": () => "Drawing the start player",
  "lay-first": () => "Everyone lays a first card",
  "add": () => "Add a card, or start the bidding",
  "bidding": o => `Bidding — highest ${o.high_bid}`,
  "flip": (o, name) => `${name(o.challenger)} turns up cards: ${o.flips_left} to go`,
  "lose": (o, name) => `A thorn! ${name(o.challenger)} loses a card`,
  "over": () => "Game over",
};

export function render(view, el, ctx) {
  const o = view.observation || {};
  const n = o.players || (o.seats || []).length;
  const toWin = view.params && view.params.quick_game ? 1 : 2;
  const name = i => who(view, ctx, i); // the own seat reads "(you)" in the status lines
  const phase = (PHASES[o.phase] || (() => o.phase))(o, name);
  el.appendChild(statusStrip([
    ["Round", String(o.round ?? "—")],
    ["Now", nowLine(view, phase), "wide"],
    ["Cards on the table", String(o.cards_on_table ?? 0)],
    // the bid stands through the challenge; a finished game has no live bid
    o.high_bid && o.phase !== "over" ? ["High bid", `${o.high_bid} · ${name(o.high_bidder)}`, "hot"] : null,
    o.winner !== null && o.winner !== undefined ? ["Winner", name(o.winner), "gold"] : null,
  ]));

  const ring = h("div", { class: "seats-ring rt" });
  for (const i of seatOrder(n, view.seat)) {
    const s = (o.seats || [])[i] || {};
    const revealed = s.revealed || [];
    const down = Math.max(0, (s.stack_size || 0) - revealed.length);
    const mine = i === view.seat && Array.isArray(o.stack);
    const flip = `flip ${i}`;
    const flippable = can(ctx, flip);
    // Stack bottom → top: the face-down cards, then the turned-up ones (revealed is top first).
    const stackCards = [];
    for (let k = 0; k < down; k++) {
      const kind = mine ? o.stack[k] : null;
      stackCards.push(card({ back: true, small: true, cls: kind ? `peek peek-${kind}` : "", title: kind ? `your ${kind}, face down` : "face down" }));
    }
    revealed.slice().reverse().forEach((kind, k) => stackCards.push(kindCard(i, kind, k, { small: true, cls: "up" })));
    const stack = h(flippable ? "button" : "div", {
      type: flippable ? "button" : undefined,
      class: `stack small ${flippable ? "flip-target act" : ""}`,
      title: flippable ? `Turn up ${ctx.name(i)}'s top card` : `${count(s.stack_size || 0, "card")} on the stack`,
      // the button's name in words, not its cards' ("face down face down rose")
      "aria-label": flippable ? `Turn up ${ctx.name(i)}'s top card` : undefined,
      onclick: flippable ? () => ctx.act(flip) : undefined,
      dataset: { action: flippable ? flip : undefined },
    }, stackCards.length ? stackCards : h("span", { class: "empty-stack" }, "no stack"));
    const pills = [
      o.start_player === i ? h("span", { class: "pill dim", title: "started this round" }, "start") : null,
      s.in_game === false ? h("span", { class: "pill dim" }, "out") : null,
      s.passed ? h("span", { class: "pill dim" }, "passed") : null,
      o.challenger === i ? h("span", { class: "pill hot" }, "challenger") : null,
      o.high_bidder === i && o.phase === "bidding" ? h("span", { class: "pill gold" }, `bid ${o.high_bid}`) : null,
      o.thorn_owner === i ? h("span", { class: "pill dim" }, "thorn!") : null,
      o.winner === i ? h("span", { class: "pill gold" }, "★ winner") : null,
    ];
    ring.appendChild(seatBox(view, ctx, i, { out: s.in_game === false },
      seatHead(view, ctx, i, pills),
      h("div", { class: "rt-row" },
        stack,
        h("div", { class: "rt-info" },
          // §4: an out seat's marker no longer counts, so it shows none (the observation says 0).
          s.in_game === false
            ? h("div", { class: "stat muted rt-out" }, "out of the game — no markers")
            : h("div", { class: "stat", title: `${s.markers || 0} of ${count(toWin, "successful challenge")} needed` },
              markers(s.markers || 0), h("span", { class: "markers" }, Array.from({ length: Math.max(0, toWin - (s.markers || 0)) }, () => h("span", { class: "marker empty" }))),
              " markers"),
          h("div", { class: "stat" }, `hand ${s.hand_size ?? 0} · stack ${s.stack_size ?? 0}`),
          h("div", { class: "stat" }, `${s.cards ?? 0} of 4 cards left`),
          h("div", { class: "hand-backs" }, Array.from({ length: i === view.seat ? 0 : (s.hand_size || 0) }, () => h("span", { class: "mini-back" })))))));
  }
  el.appendChild(ring);

  // The board is cleared for the next round at once, so recall how the last challenge went.
  const recap = lastChallenge(o);
  if (recap) {
    el.appendChild(h("div", { class: "rt-recap" }, h("div", { class: "section-title" }, "Last challenge"),
      // the engine's lines count seats from 0: named as the log panel names them (the replay too)
      h("ol", {}, recap.map(line => h("li", {}, ctx.line ? ctx.line(line) : namedLine(view, line))))));
  }

  if (view.seat !== null && view.seat !== undefined && o.hand) {
    const hand = [];
    let k = 0;
    const layRose = can(ctx, "lay rose");
    const layThorn = can(ctx, "lay thorn");
    for (let r = 0; r < (o.hand.rose || 0); r++) {
      hand.push(kindCard(view.seat, "rose", k++, layRose ? { cls: "rose selectable act", onclick: () => ctx.act("lay rose"), title: "Lay a rose" } : {}));
    }
    for (let t = 0; t < (o.hand.thorn || 0); t++) {
      hand.push(kindCard(view.seat, "thorn", 0, layThorn ? { cls: "thorn selectable act", onclick: () => ctx.act("lay thorn"), title: "Lay your thorn" } : {}));
    }
    el.appendChild(h("div", { class: "my-area" },
      h("div", { class: "section-title" }, "Your hand"),
      h("div", { class: "hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty")),
      o.lost && o.lost.length ? h("div", { class: "stat muted" }, `Lost for good: ${o.lost.join(", ")}`) : null));
  }
}

/** The log lines of the last finished challenge, while the next round is being laid (else null). */
function lastChallenge(o) {
  if (!["lay-first", "add"].includes(o.phase)) return null;
  const log = o.log || [];
  let start = -1;
  for (let k = log.length - 1; k >= 0; k--) if (/is the challenger/i.test(log[k])) { start = k; break; }
  if (start < 0) return null;
  const next = log.findIndex((line, k) => k > start && /^Round \d+/.test(line));
  if (next < 0) return null;
  // Only the round just before this one.
  if (log.slice(next + 1).some(line => /^Round \d+/.test(line))) return null;
  return log.slice(start, next);
}

/** The end screen's note for seat `i`: markers won, or out. */
export function resultNote(view, i) {
  const s = ((view.observation || {}).seats || [])[i];
  if (!s) return "";
  return s.in_game === false ? "out of cards" : `${s.markers} marker${s.markers === 1 ? "" : "s"}`;
}

export function renderActions(view, el, ctx) {
  const o = view.observation || {};
  const legal = ctx.legal;
  const used = new Set();
  const take = pred => legal.filter(t => pred(t) && !used.has(t) && used.add(t));
  const lays = take(t => t.startsWith("lay "));
  const bids = take(t => t.startsWith("bid "));
  const passes = take(t => t === "pass");
  const flips = take(t => t.startsWith("flip "));
  const loses = take(t => t.startsWith("lose "));
  const rest = legal.filter(t => !used.has(t));
  const groups = h("div", { class: "move-groups" });
  if (lays.length) {
    groups.appendChild(h("div", { class: "move-group" }, h("span", { class: "verb" }, "Lay"),
      lays.map(t => moveButton(ctx, t, t === "lay rose" ? "✿ a rose" : "♠ your thorn", "main"))));
  }
  if (bids.length) { // help at the point of decision: what a bid is out of
    const most = Math.max(...bids.map(t => Number(t.slice(4))));
    groups.appendChild(h("p", { class: "decision-help", id: "bid-help" },
      `${o.cards_on_table ?? "?"} cards on the table · the most you can bid: ${most}`,
      o.high_bid ? ` · high bid now: ${o.high_bid}` : ""));
  }
  if (bids.length || passes.length) {
    groups.appendChild(h("div", { class: "move-group" },
      h("span", { class: "verb" }, o.phase === "bidding" ? "Raise to" : (bids.length ? "Bid" : "")),
      h("div", { class: "move-buttons" }, bids.map(t => moveButton(ctx, t, t.slice(4), "num")),
        passes.map(t => moveButton(ctx, t, "Pass", "pass")))));
  }
  if (flips.length) {
    groups.appendChild(h("div", { class: "move-group" }, h("span", { class: "verb" }, "Turn up"),
      h("div", { class: "move-buttons" }, flips.map(t => moveButton(ctx, t, `${ctx.name(Number(t.slice(5)))}'s top card`, "main")))));
  }
  if (loses.length) {
    groups.appendChild(h("div", { class: "move-group" }, h("span", { class: "verb" }, "Lose"),
      loses.map(t => moveButton(ctx, t, t === "lose rose" ? "a rose" : "your thorn"))));
  }
  if (rest.length) groups.appendChild(h("div", { class: "move-groups" }, groupedMoves(ctx, rest)));
  el.appendChild(groups);
  return true;
}

