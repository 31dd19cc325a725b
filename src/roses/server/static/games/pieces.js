// Small drawing helpers shared by the game renderers (cards, seat boxes, labels).
import { h } from "/static/common.js";

/** What a screen reader says for a card drawn as glyphs ("A ♥ ✿" read aloud means nothing): its
 *  title in words ("Lay a rose", "thorn"), as the button's name or as an image's. */
export function spoken(label, clickable) {
  if (!label) return {};
  return clickable ? { "aria-label": label } : { role: "img", "aria-label": label };
}

/** A playing card. opts: {rank, suit, red, back, small, cls, title, onclick}. */
export function card(opts = {}) {
  const cls = ["card", opts.back ? "back" : "", opts.red ? "red" : "", opts.small ? "small" : "", opts.cls || ""].join(" ");
  if (opts.back) return h(opts.onclick ? "button" : "div", { class: cls, title: opts.title || "face down", onclick: opts.onclick, type: opts.onclick ? "button" : undefined, ...spoken(opts.title || "face down", opts.onclick) });
  return h(opts.onclick ? "button" : "div", { class: cls, title: opts.title, onclick: opts.onclick, type: opts.onclick ? "button" : undefined, ...spoken(opts.title, opts.onclick) },
    opts.rank !== undefined ? h("span", { class: "corner" }, String(opts.rank), h("br"), opts.suit || "") : null,
    h("span", { class: "pip" }, opts.pip || opts.suit || ""));
}

/** Whether seat `i` is to move: the game is not over and the host has not closed the table
 *  (a closed table keeps its last current_player, but nobody can move there any more). */
export function toMove(view, i) {
  return i === view.current_player && !view.terminal && view.status !== "closed";
}

/** The "Now" box's text: `text` (the phase), or on a table the host closed, that it was closed. */
export function nowLine(view, text) {
  return view.status === "closed" ? "The host closed the table" : text;
}

/** A seat's name in its box, whole: a bot's level on a line of its own ("Rowan" over "(standard
 *  bot)": "Rowan (standard b…" was cut in Blades & Rose's narrow boxes); another name wraps. */
export function nameInBox(name) {
  const bot = /^(.*\S)\s+(\([^()]*\bbot\))$/.exec(String(name));
  if (!bot) return h("span", { class: "sname", title: name }, name);
  return h("span", { class: "sname bot-name", title: name },
    h("span", { class: "sname-first" }, `${bot[1]} `), h("span", { class: "sname-level" }, bot[2]));
}

/** The heading of a seat's box: name, "you", "to move" and extra pills. */
export function seatHead(view, ctx, i, pills = []) {
  return h("h3", {},
    nameInBox(ctx.name(i)),
    i === view.seat ? h("span", { class: "pill" }, "you") : null,
    toMove(view, i) ? h("span", { class: "pill hot" }, "to move") : null,
    pills);
}

/** A seat as a status line names it: the viewer's own seat reads "Seat 0 (you)" (or "Anna (you)"),
 *  as the game log names it (verbs stay in the third person); every other seat, and every seat
 *  for a spectator or a replay, reads ctx.name(i). */
export function who(view, ctx, i) {
  const own = view && view.seat !== null && view.seat !== undefined && i === view.seat;
  return own ? `${ctx.name(i)} (you)` : ctx.name(i);
}

/** A seat box with the usual classes. */
export function seatBox(view, ctx, i, { out = false, extraClass = "" } = {}, ...children) {
  const cls = ["seat-box", toMove(view, i) ? "to-move" : "", i === view.seat ? "me" : "", out ? "out" : "", extraClass].join(" ");
  return h("div", { class: cls, dataset: { seat: i } }, children);
}

/** Seats in the order to draw them: the viewer's own seat first, then clockwise. */
export function seatOrder(n, seat) {
  const start = seat === null || seat === undefined ? 0 : seat;
  return Array.from({ length: n }, (_, k) => (start + k) % n);
}

/** A labelled progress bar: `label` beside a bar filled to value/max (label outside the bar, so a
 *  short fill never covers it). `cls` colours it (m-roses, m-thorns, danger). */
export function meter(value, max, cls, label) {
  const pct = Math.max(0, Math.min(100, max ? (value / max) * 100 : 0));
  return h("div", { class: `meter-row ${cls}`, title: label },
    h("span", { class: "meter-text" }, label),
    h("div", { class: `meter ${cls}` }, h("span", { class: "meter-fill", style: { width: `${pct}%` } })));
}

/** A status strip of label/value pairs over the board. */
export function statusStrip(items) {
  return h("div", { class: "status-strip" }, items.filter(Boolean).map(([label, value, cls]) =>
    h("div", { class: `status-item ${cls || ""}` }, h("span", { class: "status-label" }, label), h("span", { class: "status-value" }, value))));
}

/** `n` marker discs. */
export function markers(n, cls = "marker") {
  return h("span", { class: "markers" }, Array.from({ length: n }, () => h("span", { class: cls })));
}

/** Whether `text` is among the legal moves (and the page is live, not a replay). */
export function can(ctx, text) {
  return !ctx.replay && !ctx.busy && ctx.legal.includes(text);
}
