// Paced reveals (issue 14): the cards the seat just saw turned face up, one after another, in the
// order they were turned, with a short flip each (PACE_MS a card) — a bot's challenge as much as
// your own winning flip. The view's `reveal` (roses.core.reveal, read by the game from the seat's
// own observation) names the latest group of turned cards; this module shows, in the "#reveal"
// tray above the board, the cards of a group the page has not shown yet.
// - Skippable: a click anywhere or any key while cards are still turning shows them all at once.
// - prefers-reduced-motion: no flip and no pacing; the cards appear at once, numbered in the
//   order they were turned (every card carries its number anyway).
// - A newer group finishes the one still turning at once (bots may move faster than the pace).
// - On page load nothing is replayed: the first view only marks what is already known.
// The tray stays, face up, until a newer group replaces it, the player closes it, or the game has
// moved on (the group `ended`: a new round or turn began): then it goes LINGER_MS after its last
// card turned, so the board of the new round is not covered by the last one's cards.
// For the tests: `window.rosesReveal.history` lists each card as it was turned ({group, index, t,
// paced: false when shown at once by a skip or reduced motion}).
import { h, fill, logText, seatName } from "/static/common.js";

/** Milliseconds between two cards (a pace players can follow: ~0.6–0.9 s a card). */
export const PACE_MS = 750;

const SYMBOLS = { rose: "✿", thorn: "♠", "white-rose": "❀", bud: "✿", blade: "†", ghost: "◌", crystal: "◆",
  tile: "✿", order: "✉", accepted: "✿", refused: "✿", card: "▣" };

const state = {
  known: null,   // {group, count}: the latest cards this page knows about (shown or skipped)
  group: null,   // the group in the tray
  turned: 0,     // how many of its cards are face up
  timer: null,
  waiters: new Set(),
  view: null, renderer: null,
};
const history = [];
// `paceMs` may be changed (the skip test slows the pace so the cards are surely still turning).
/** Milliseconds the cards of a group that has ended stay after the last one turned. */
export const LINGER_MS = 2500;
window.rosesReveal = { history, paceMs: PACE_MS, lingerMs: LINGER_MS, get busy() { return busy(); }, skip: () => finish() };
let hideTimer = null;

/** Take the tray off the board once group `g`'s cards have all turned and LINGER_MS passed. */
function hideWhenDone(g) {
  whenRevealed(() => {
    if (hideTimer || !state.group || state.group.group !== g) return;
    hideTimer = setTimeout(() => {
      hideTimer = null;
      const el = tray();
      if (el && state.group && state.group.group === g && !busy()) el.hidden = true;
    }, Number(window.rosesReveal.lingerMs) || 0);
  });
}
const pace = () => Number(window.rosesReveal.paceMs) || PACE_MS;

const reduced = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
const tray = () => document.getElementById("reveal");

/** Whether cards are still turning. */
export function busy() {
  return !!state.group && state.turned < state.group.cards.length;
}

/** Run `fn` once the cards have all turned (at once when none is turning). */
export function whenRevealed(fn) {
  if (!busy()) fn(); else state.waiters.add(fn);
}

/** Note the view drawn now: start turning the cards of its `reveal` the page has not shown yet. */
export function noteView(view, renderer) {
  const r = view && view.reveal;
  state.view = view;
  state.renderer = renderer;
  if (!tray()) return;
  if (state.known === null) { // page load: what the view shows is known already
    state.known = r ? { group: r.group, count: r.cards.length } : { group: -1, count: 0 };
    return;
  }
  if (!r || !Array.isArray(r.cards)) return;
  if (r.ended && state.group && state.group.group === r.group) hideWhenDone(r.group);
  const k = state.known;
  if (r.group < k.group || (r.group === k.group && r.cards.length <= k.count)) return;
  if (!state.group || state.group.group !== r.group) {
    finish(); // an older group still turning is shown at once
    state.turned = r.group === k.group ? k.count : 0;
  }
  state.group = r;
  state.known = { group: r.group, count: r.cards.length };
  draw();
  if (reduced()) while (busy()) turn(state.turned, true); // no motion: all at once, numbered
  if (busy()) schedule(); else done();
  if (r.ended) hideWhenDone(r.group);
}

function schedule() {
  if (state.timer) return;
  // The first card turns at once (the player sees the move answered), the next ones at the pace.
  const step = () => {
    state.timer = null;
    if (!busy()) return;
    turn(state.turned);
    if (busy()) state.timer = setTimeout(step, pace()); else done();
  };
  const last = history.length ? history[history.length - 1].t : -Infinity;
  state.timer = setTimeout(step, Math.max(60, pace() - (performance.now() - last)));
}

/** Turn card `i` of the tray face up (with the flip, unless `instant`). */
function turn(i, instant = false) {
  state.turned = Math.max(state.turned, i + 1);
  history.push({ group: state.group.group, index: i, t: performance.now(), paced: !instant });
  const el = tray();
  const c = el && el.querySelector(`.reveal-card[data-index="${i}"]`);
  if (c) {
    c.classList.add("turned");
    if (instant) c.classList.add("instant");
    c.dataset.turned = "1";
  }
  caption(i);
  if (el) { el.dataset.turned = String(state.turned); el.dataset.state = busy() ? "playing" : "done"; }
}

/** Show every card of the tray face up at once (skip). */
function finish() {
  if (!state.group) return;
  clearTimeout(state.timer);
  state.timer = null;
  while (busy()) turn(state.turned, true);
  done();
}

function done() {
  const el = tray();
  if (el) {
    el.dataset.state = "done";
    const skip = el.querySelector(".reveal-skip");
    if (skip) skip.remove();
  }
  const board = document.getElementById("board");
  if (board) board.classList.remove("revealing");
  const waiting = [...state.waiters];
  state.waiters.clear();
  for (const fn of waiting) { try { fn(); } catch (err) { console.error(err); } }
}

const line = text => logText(state.view, text, state.renderer);

function caption(i) {
  const el = tray();
  const c = state.group && state.group.cards[i];
  const cap = el && el.querySelector(".reveal-caption");
  if (cap && c) cap.textContent = line(c.line);
}

function cardEl(c, i, up) {
  const v = state.view;
  const owner = c.owner === null || c.owner === undefined ? null : seatName(v, c.owner);
  return h("div", {
    class: `reveal-card kind-${c.kind}${up ? " turned instant" : ""}`,
    dataset: { index: i, kind: c.kind, turned: up ? "1" : "0" },
    title: line(c.line),
  },
  h("div", { class: "reveal-inner" },
    h("div", { class: "reveal-back", "aria-hidden": "true" }),
    h("div", { class: "reveal-front" },
      h("span", { class: "reveal-symbol", "aria-hidden": "true" }, SYMBOLS[c.kind] || SYMBOLS.card),
      h("span", { class: "reveal-face" }, c.face))),
  h("span", { class: "reveal-order", title: `turned ${i + 1}.` }, String(i + 1)),
  // under a card 74 px wide: a bot's name without its "(hard bot)" tag ("Juniper (ha…" was cut)
  owner ? h("span", { class: "reveal-owner", title: owner }, owner.replace(/\s*\([^()]*\bbot\)$/, "")) : null);
}

function draw() {
  const el = tray();
  const g = state.group;
  if (!el || !g) return;
  clearTimeout(hideTimer); // a newer group: it stays until it ends in turn
  hideTimer = null;
  const playing = busy();
  fill(el,
    h("div", { class: "reveal-head" },
      h("span", { class: "reveal-title" }, line(g.title)),
      playing ? h("button", { type: "button", class: "small reveal-skip", id: "reveal-skip", onclick: finish }, "Show all") : null,
      h("button", { type: "button", class: "close", "aria-label": "Close", onclick: () => { finish(); el.hidden = true; } }, "×")),
    h("div", { class: "reveal-cards" }, g.cards.map((c, i) => cardEl(c, i, i < state.turned))),
    h("div", { class: "reveal-caption", "aria-live": "polite" }, state.turned ? line(g.cards[state.turned - 1].line) : ""));
  el.hidden = false;
  el.dataset.group = String(g.group);
  el.dataset.total = String(g.cards.length);
  el.dataset.turned = String(state.turned);
  el.dataset.state = playing ? "playing" : "done";
  el.dataset.motion = reduced() ? "reduced" : "full";
  const board = document.getElementById("board");
  if (board) board.classList.toggle("revealing", playing);
}

// Skip: a click anywhere (the click still does what it does) or any key while cards turn.
document.addEventListener("pointerdown", () => { if (busy()) finish(); }, true);
document.addEventListener("keydown", () => { if (busy()) finish(); }, true);
