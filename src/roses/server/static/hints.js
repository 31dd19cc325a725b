// The table page's hint (table.js; tables created with "Allow hints"): the "Hint" button for the
// seat to move, the search bot's answer with "Play it", and the page's single hint request in
// flight (POST /api/tables/{id}/hint).
import { h, fill, api, errorText } from "/static/common.js";

const $ = id => document.getElementById(id);

// A hint (tables created with "Allow hints"): asked for one turn, shown until the turn passes.
let hintState = { key: null, busy: false, text: "", move: null, error: "" };

/** The "Hint" button and the hint's text, for the seat to move at a table that allows hints. */
export function drawHint(page, c) {
  const view = page.view;
  const el = $("hint");
  const mine = !!view.hints && c.legal.length > 0 && !view.terminal && view.status !== "closed";
  el.hidden = !mine;
  if (!mine) { fill(el); return; }
  const key = `${view.version}|${page.seat}`;
  if (hintState.key !== key) hintState = { key, busy: false, text: "", move: null, error: "" };
  const ask = h("button", { type: "button", id: "hint-button", class: "small", disabled: hintState.busy || c.busy,
    title: "Ask the search bot which move it would play (it sees only what you see)", onclick: () => askHint(page) },
    hintState.busy ? "Thinking…" : "Hint");
  const canPlay = hintState.move && c.legal.includes(hintState.move);
  fill(el, h("div", { class: "row hint-row" }, ask,
    hintState.text ? h("span", { id: "hint-text", class: "hint-text", role: "status" }, hintState.text) : null,
    canPlay ? h("button", { type: "button", class: "small", id: "hint-play", disabled: c.busy, onclick: () => page.act(hintState.move) }, "Play it") : null,
    hintState.error ? h("span", { class: "error" }, hintState.error) : null));
}

// The page's hint request still unanswered, maybe for a turn already played: the server works out
// one hint per seat at a time and refused the next turn's ("already being worked out", 429) until
// the old one was done, so a new ask waits for it first.
let hintInFlight = null;

async function askHint(page) {
  const token = page.token();
  if (!token || hintState.busy) return;
  const key = hintState.key;
  hintState.busy = true;
  drawHint(page, page.ctx());
  while (hintInFlight) await hintInFlight;
  if (hintState.key !== key) return; // the turn passed while the older hint was worked out
  const request = hintInFlight = api("POST", `/api/tables/${encodeURIComponent(page.tableId)}/hint`, { token });
  const res = await request;
  if (hintInFlight === request) hintInFlight = null;
  if (hintState.key !== key) return; // the turn passed meanwhile
  hintState.busy = false;
  if (res.ok) { hintState.text = res.data.text; hintState.move = res.data.move; hintState.error = ""; }
  else { const why = errorText(res.data, `No hint (${res.status})`); hintState.error = why.charAt(0).toUpperCase() + why.slice(1); }
  drawHint(page, page.ctx());
}
