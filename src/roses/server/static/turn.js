// The table page's turn signals (table.js): whose turn it is ("#turn", and body.my-turn), the
// move's timer or why the table waits ("#timer": "Waiting for Seat 2 to join"), and the notice of a new turn of ours: the chime (settings.js), the tab
// title "(Your turn) …" and its flashing while the page is in the background.
import { h, fill, seatName } from "/static/common.js";
import { chime } from "/static/settings.js";
import { toMove } from "/static/games/pieces.js";

const $ = id => document.getElementById(id);

let page = null;          // table.js's page state, from the first drawTurn
let lastTurnKey = "";

/** The turn indicator "#turn", the move's timer, and a notice once per new turn of ours. */
export function drawTurn(p) {
  page = p;
  const v = page.view;
  const el = $("turn");
  let text, cls;
  const closed = v.status === "closed";
  const mine = v.seat !== null && toMove(v, v.seat);
  if (v.terminal) { text = "Game over"; cls = "over"; }
  else if (closed) { text = "Closed"; cls = "over"; }
  else if (mine) { text = "Your turn"; cls = "mine"; }
  // A long name ends in "…" but " to move" stays readable.
  else if (v.current_player >= 0) { text = [h("span", { class: "turn-name", title: seatName(v, v.current_player) }, seatName(v, v.current_player)), " to move"]; cls = "other"; }
  else { text = "Shuffling…"; cls = "other"; }
  fill(el, text);
  el.className = `turn turn-${cls}`;
  document.body.classList.toggle("my-turn", mine);
  // Notify once per new turn of ours.
  const key = mine ? `${v.version}` : "";
  if (mine && key !== lastTurnKey) notifyTurn();
  if (!mine) stopFlash();
  if (!flashTimer) document.title = tabTitle();
  lastTurnKey = key;
  drawTimer();
}

/** An ISO time from the server (UTC; a missing offset means UTC), in ms. */
function parseUtc(text) {
  let t = String(text).replace(/(\.\d{3})\d+/, "$1");
  if (!/(Z|[+-]\d\d:?\d\d)$/.test(t)) t += "Z";
  return Date.parse(t);
}

let timerInterval = null;
function drawTimer() {
  const view = page.view;
  const el = $("timer");
  clearInterval(timerInterval);
  el.classList.remove("low");
  // The seat to move has not joined: the table waits for its player, with no clock running
  // (issue 41); the server says so in words, the seat by its name.
  if (view.turn_note && !view.terminal) {
    el.hidden = false;
    el.textContent = view.turn_note;
    el.title = "Nobody can move until this player opens their link";
    return;
  }
  if (!view.turn_deadline || view.terminal) { el.hidden = true; return; }
  const deadline = parseUtc(view.turn_deadline);
  const tick = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    el.hidden = false;
    // in words: "⏱" has no glyph without an emoji font (Debian's Chromium shows an empty box)
    el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
    el.title = "Time left for this move";
    el.classList.toggle("low", left <= 10);
  };
  tick();
  timerInterval = setInterval(tick, 1000);
}

// Sound-free notification: a flashing title while the page is in the background.
let flashTimer = null;
let baseTitle = document.title;
function notifyTurn() {
  if (page.settings.sound) chime();
  if (!document.hidden && document.hasFocus()) return;
  stopFlash();
  baseTitle = tabTitle();
  let on = false;
  flashTimer = setInterval(() => { on = !on; document.title = on ? "★ Your turn! ★" : baseTitle; }, 900);
}
function stopFlash() {
  if (flashTimer) { clearInterval(flashTimer); flashTimer = null; }
  if (page && page.view) document.title = tabTitle();
}
/** The tab's title: "(Your turn) Rose Ceremony — roses" while it is this seat's turn. */
function tabTitle() {
  const view = page.view;
  const mine = view && view.seat !== null && view.seat !== undefined && toMove(view, view.seat);
  return `${mine ? "(Your turn) " : ""}${view.title || "Table"} — roses`;
}
window.addEventListener("focus", stopFlash);
document.addEventListener("visibilitychange", () => { if (!document.hidden) stopFlash(); });
