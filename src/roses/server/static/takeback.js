// The table page's "Take back" button (table.js; issue 42): shown while the seat may take back
// its last move (the view's take_back: nobody else has acted since, and the game lets that move
// be taken back; docs/browser.md, "Taking a move back"). POST /api/tables/{id}/take-back.
import { h, fill, api, errorText } from "/static/common.js";

const $ = id => document.getElementById(id);

let busy = false;

/** The button, for the active seat while its last move may be taken back. */
export function drawTakeBack(page, c) {
  const view = page.view;
  const el = $("take-back");
  const mine = !!view && !!view.take_back && !!page.token();
  el.hidden = !mine;
  if (!mine) { fill(el); return; }
  fill(el, h("div", { class: "row" }, h("button", {
    type: "button", id: "take-back-button", class: "small", disabled: busy || c.busy,
    title: "Nobody has acted since your last move: you may still take it back",
    onclick: () => takeBack(page),
  }, busy ? "Taking back…" : "Take back my last move")));
}

async function takeBack(page) {
  const token = page.token();
  const view = page.view;
  if (!token || !view || busy) return;
  busy = true;
  drawTakeBack(page, page.ctx());
  const res = await api("POST", `/api/tables/${encodeURIComponent(page.tableId)}/take-back`,
    { body: { version: view.version }, token });
  busy = false;
  if (res.ok && res.data) {
    page.applyView(res.data);
  } else {
    page.showBanner(errorText(res.data, "That move can no longer be taken back"), "info");
    await page.fetchView();
  }
  drawTakeBack(page, page.ctx());
}
