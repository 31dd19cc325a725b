// The legal-move panel shared by every game: one button per legal action text, grouped by the
// action's first word (its verb). A game renderer may draw its own panel by exporting
// `renderActions(view, el, ctx)` and returning true; it can reuse `moveButton` and `groupedMoves`.
import { h } from "/static/common.js";

/** A button that plays `text` (a legal action) when clicked. `label` defaults to the text. Its
 *  tooltip is the label in full (a long label shows two lines, then "…"), never the action text. */
export function moveButton(ctx, text, label = text, cls = "") {
  const button = h("button", {
    type: "button", class: `move ${cls}`.trim(), disabled: ctx.busy,
    dataset: { action: text }, onclick: () => ctx.act(text),
  }, typeof label === "string" ? h("span", { class: "move-label" }, label) : label);
  const words = button.textContent.replace(/\s+/g, " ").trim();
  if (words) button.title = words;
  return button;
}

/** Group action texts by their first word, keeping the game's order. */
export function byVerb(texts) {
  const groups = new Map();
  for (const text of texts) {
    const verb = String(text).split(/\s+/)[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(text);
  }
  return groups;
}

/** The generic grouped panel for `texts` (all legal). */
export function groupedMoves(ctx, texts) {
  const groups = byVerb(texts);
  const out = [];
  const singles = h("div", { class: "move-group singles" });
  for (const [verb, items] of groups) {
    if (items.length === 1) {
      singles.appendChild(moveButton(ctx, items[0]));
      continue;
    }
    const buttons = items.map(t => moveButton(ctx, t, t.slice(verb.length).trim() || t));
    const body = h("div", { class: "move-buttons" }, buttons);
    if (items.length > 24) {
      out.push(h("details", { class: "move-group many" },
        h("summary", {}, `${verb} … (${items.length} choices)`), body));
    } else {
      out.push(h("div", { class: "move-group" }, h("span", { class: "verb" }, verb), body));
    }
  }
  if (singles.childElementCount) out.push(singles);
  return out;
}

/** Filter box for long lists: narrows the buttons below by substring. */
function filterBox(container) {
  const input = h("input", {
    type: "search", class: "move-filter", placeholder: "Filter moves…", "aria-label": "Filter moves",
    oninput: () => {
      const q = input.value.trim().toLowerCase();
      for (const b of container.querySelectorAll("button.move")) {
        b.hidden = q !== "" && !b.dataset.action.toLowerCase().includes(q);
      }
      for (const d of container.querySelectorAll("details.move-group")) d.open = q !== "";
    },
  });
  return input;
}

/** A field to type any action text (for long lists and power users); the server checks it.
 *  `keep` ({open, text, error}) restores the box after a refused move: still open, the text
 *  kept to correct, and the refusal shown beside it (verbatim: spaces are not collapsed). */
export function typedMove(ctx, keep = null) {
  const input = h("input", { type: "text", placeholder: "e.g. " + (ctx.legal[0] || "pass"), "aria-label": "Action text" });
  if (keep && keep.text) input.value = keep.text;
  const send = () => { const t = input.value.trim(); if (t) ctx.act(t); };
  input.addEventListener("keydown", e => { if (e.key === "Enter") send(); });
  return h("details", { class: "typed-move", open: !!(keep && keep.open) }, h("summary", {}, "Type a move"),
    h("div", { class: "row" }, input, h("button", { type: "button", onclick: send, disabled: ctx.busy }, "Play")),
    keep && keep.error ? h("p", { class: "typed-error error", role: "alert" }, keep.error) : null);
}

/** Draw the legal moves of `ctx.legal` into `el` (the default panel). */
export function renderMoves(view, el, ctx) {
  const container = h("div", { class: "move-groups" }, groupedMoves(ctx, ctx.legal));
  if (ctx.legal.length > 30) el.appendChild(filterBox(container));
  el.appendChild(container);
}
