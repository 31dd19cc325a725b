// Who sits where (issue 14): a player's name (asked once, remembered in this browser), open
// seats (the host opens one; anyone with the public link or the lobby takes it) and the rematch
// from the end screen (each token this browser holds is exchanged for the new table's).
// Used by the table page (table.js) and the lobby (lobby.js); the API is in docs/server-api.md.
import { h, fill, api, errorText, loadTable, saveTable, toast } from "/static/common.js";

const NAME_KEY = "roses:name";
const enc = encodeURIComponent;

/** The name this browser's player gave last ("" if none). */
export function rememberedName() {
  try { return String(localStorage.getItem(NAME_KEY) || "").slice(0, 40); } catch { return ""; }
}

export function rememberName(name) {
  try { if (name) localStorage.setItem(NAME_KEY, String(name).trim().slice(0, 40)); } catch { /* private mode */ }
}

/** Whether seat `info` (a view's seats entry) has a name its player chose (not "Seat 2"). */
export function hasOwnName(info) {
  return !!(info && info.name && !/^seat \d+$/i.test(String(info.name).trim()));
}

// The inline name question still open (its `done`), so that a game that ends first can drop it.
let inlineAsk = null;

/** Drop the inline name question if it is still open, as skipped (a finished or closed table
 *  no longer asks: the name would show nowhere new). */
export function dropNameAsk() {
  if (inlineAsk) inlineAsk(null);
}

/** Ask for a name: a dialog in its own overlay, or with `slot` a card inside that element which
 *  leaves the page usable (a player may move before answering). Resolves the name the
 *  `submit(name)` callback accepted (it returns "" when accepted, else the refusal to show), or
 *  null (skipped). */
function askName({ title, text, okLabel, skipLabel, initial, slot }, submit) {
  const box = h("div", { class: slot ? "name-ask-inline" : "overlay", id: "name-ask" });
  (slot || document.body).appendChild(box);
  return new Promise(resolve => {
    const done = value => {
      document.removeEventListener("keydown", onKey);
      box.remove();
      if (inlineAsk === done) inlineAsk = null;
      resolve(value);
    };
    if (slot) inlineAsk = done;
    const onKey = e => { if (e.key === "Escape" && !slot) { e.preventDefault(); done(null); } };
    document.addEventListener("keydown", onKey);
    const input = h("input", { type: "text", id: "name-input", maxlength: 40, value: initial || "", autocomplete: "nickname", "aria-label": "Your name" });
    const error = h("p", { class: "error", id: "name-error", role: "alert", hidden: true });
    const ok = h("button", { type: "submit", class: "primary", id: "name-ok" }, okLabel);
    const form = h("form", { class: "cover-card", role: "dialog", "aria-labelledby": "name-title", onsubmit: async e => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) { error.textContent = "Please type a name."; error.hidden = false; return; }
      ok.disabled = true;
      const why = await submit(name);
      ok.disabled = false;
      if (!why) { rememberName(name); done(name); return; }
      error.textContent = why;
      error.hidden = false;
      input.focus();
    } },
    h("h2", { id: "name-title" }, title), h("p", {}, text), input, error,
    h("div", { class: "row center" }, ok, h("button", { type: "button", id: "name-skip", onclick: () => done(null) }, skipLabel)));
    fill(box, form);
    if (!slot) { input.focus(); input.select(); }
  });
}

async function postName(tableId, seat, token, name) {
  const res = await api("POST", `/api/tables/${enc(tableId)}/seats/${seat}/name`, { body: { name }, token });
  return res.ok ? { view: res.data, why: "" } : { view: null, why: errorText(res.data, "That name can't be used here") };
}

/** Give the seat this page plays a name, once: the remembered name if the table accepts it,
 *  else ask (the player may skip: "Seat 2" stays). Resolves the new view, or null. Not for a
 *  hot seat (several players on one screen) nor a finished or closed table. */
export async function ensureName({ tableId, view, seat, token, store, persist }) {
  if (!view || seat === null || seat === undefined || !token || view.terminal || view.status === "closed") return null;
  if (Object.keys(store.seats || {}).length > 1) return null;
  const info = (view.seats || []).find(s => s.seat === seat);
  if (!info || info.kind !== "human" || hasOwnName(info)) return null;
  store.asked = store.asked || {};
  if (store.asked[String(seat)]) return null;
  const remembered = rememberedName();
  let got = null;
  if (remembered) {
    got = await postName(tableId, seat, token, remembered);
    if (!got.why) return got.view;
  }
  let latest = null;
  await askName({
    title: "What's your name?", okLabel: "Sit down", skipLabel: `Play as ${info.name}`,
    text: got && got.why ? `${got.why}.` : "The others see it beside your seat, in the log and in the chat.",
    initial: remembered, slot: document.getElementById("name-slot"),
  }, async name => {
    const res = await postName(tableId, seat, token, name);
    latest = res.view;
    return res.why;
  });
  store.asked[String(seat)] = true; // asked once: skipping is an answer too
  persist();
  return latest;
}

/** Take open seat `seat` of table `tableId` with a name (asked, the remembered one offered):
 *  stores the seat's token for this browser and opens the table. Resolves whether it was taken. */
export async function takeSeat(tableId, seat, label) {
  const taken = await askName({
    title: `Take ${label}`, okLabel: "Take the seat", skipLabel: "Cancel", initial: rememberedName(),
    text: "The host opened this seat to anyone. Your name:",
  }, async name => {
    const res = await api("POST", `/api/tables/${enc(tableId)}/seats/${seat}/take`, { body: { name } });
    if (!res.ok) return errorText(res.data, `The seat could not be taken (${res.status})`);
    const store = loadTable(tableId);
    store.seats[String(seat)] = res.data.token;
    store.active = seat;
    store.asked = { ...(store.asked || {}), [String(seat)]: true };
    saveTable(tableId, store);
    return "";
  });
  if (taken === null) return false;
  location.href = `/t/${enc(tableId)}`;
  return true;
}

/** The buttons beside a seat in the table's players list: the host opens or closes an unjoined
 *  human seat; a watcher takes an open seat. `refresh()` reloads the view. */
export function seatControls(view, info, { tableId, store, refresh }) {
  const live = !view.terminal && view.status !== "closed";
  if (!live || info.kind !== "human" || info.joined) return null;
  const holdsSeat = Object.keys(store.seats || {}).length > 0;
  if (info.open && !holdsSeat) {
    return h("button", { type: "button", class: "small take-seat", dataset: { seat: info.seat },
      onclick: () => takeSeat(tableId, info.seat, info.name) }, "Take this seat");
  }
  if (!store.host) return info.open ? h("span", { class: "tag open-tag" }, "open") : null;
  return h("button", {
    type: "button", class: "small open-seat", dataset: { seat: info.seat },
    title: info.open ? "Only the invite link can take it again" : "Anyone with the table's link, or in the lobby, can take it",
    onclick: async () => {
      const res = await api("POST", `/api/tables/${enc(tableId)}/seats/${info.seat}/open`, { body: { open: !info.open }, token: store.host });
      if (res.ok) toast(info.open ? "The seat waits for its invite link again" : "The seat is open: anyone can take it", "ok");
      else toast(errorText(res.data, "The seat could not be opened"), "error");
      refresh();
    },
  }, info.open ? "Close to others" : "Open to anyone");
}

// ---------------------------------------------------------------- rematch
let joining = false;

/** Exchange every token this browser holds for table `tableId` (its seats', the host's) for the
 *  rematch's, store them, and open the rematch. The first call makes the rematch. */
async function joinRematch(tableId, store) {
  if (joining) return;
  joining = true;
  const held = Object.entries(store.seats || {});
  const calls = held.map(([, token]) => token).concat(store.host ? [store.host] : []);
  let newId = null;
  const next = { seats: {}, host: null, hotseat: !!store.hotseat };
  let refusal = "";
  for (const token of calls) {
    const res = await api("POST", `/api/tables/${enc(tableId)}/rematch`, { body: {}, token });
    if (!res.ok) { refusal = errorText(res.data, `The rematch could not be joined (${res.status})`); continue; }
    newId = res.data.table_id;
    if (res.data.host) next.host = res.data.token;
    else next.seats[String(res.data.seat)] = res.data.token;
  }
  joining = false;
  if (!newId) { toast(refusal || "Only the players of this table can join its rematch", "error"); return; }
  const old = loadTable(newId); // another tab of this browser may have joined already
  const merged = { ...old, seats: { ...old.seats, ...next.seats }, host: next.host || old.host, hotseat: next.hotseat || old.hotseat,
    asked: Object.fromEntries(Object.keys(next.seats).map(s => [s, true])) };
  const mine = Object.keys(next.seats).map(Number).sort((a, b) => a - b);
  if (mine.length) merged.active = mine[0];
  saveTable(newId, merged);
  location.href = `/t/${enc(newId)}`;
}

/** The end screen's rematch offer: "Play again" (starts it), or "Ana started a rematch" with a
 *  button to join; nothing for a page without a token. Redrawn by `updateRematch`. */
export function rematchBox() {
  return h("div", { id: "rematch-box", class: "rematch-box" });
}

let announced = null;

/** Draw the rematch offer into the end screen's box for `view` (call on every view). */
export function updateRematch(view, { tableId, store }) {
  const box = document.getElementById("rematch-box");
  const mayJoin = Object.keys(store.seats || {}).length > 0 || !!store.host;
  if (view && view.rematch && announced !== view.rematch && mayJoin) {
    announced = view.rematch;
    if (!joining) toast(`${view.rematch_by || "A player"} started a rematch`, "info", 6000);
  }
  if (!box) return;
  if (!view || !view.terminal || !mayJoin) { fill(box); return; }
  const key = `${view.rematch || ""}|${view.rematch_by || ""}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const go = () => joinRematch(tableId, store);
  fill(box, view.rematch
    ? [h("p", { id: "rematch-offer" }, `${view.rematch_by || "A player"} started a rematch.`),
       h("button", { type: "button", class: "primary", id: "rematch-join", onclick: go }, "Join the rematch")]
    : h("button", { type: "button", class: "primary", id: "rematch-start", onclick: go,
        title: "The same game, seats and bots, a new deal" }, "Play again"));
}
