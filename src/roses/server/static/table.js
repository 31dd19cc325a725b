// The table page /t/{id}: the seat's view and who this page plays (seat tokens, hot seat), loading
// and applying views, drawing the page (its parts in the modules below), and acting.
// Its parts: live.js (the WebSocket), turn.js (turn, timer, tab title), movepanel.js (the move
// panel, keyboard focus), hints.js, host.js (host controls), tablelog.js (the log), chat.js,
// endscreen.js; they share the page's state through `page` below.
import { loadSettings, settingsPanel, askConfirm } from "/static/settings.js";
import { h, fill, api, errorText, NETWORK_TEXT, loadTable, saveTable, seatName, seatTag, namedLine, toast, header, titleCase, resultWord } from "/static/common.js";
import * as generic from "/static/games/generic.js";
import { toMove } from "/static/games/pieces.js";
import { dropNameAsk, ensureName, seatControls, updateRematch } from "/static/seats.js";
import { noteView as noteReveal } from "/static/reveal.js"; // paced reveals (issue 14)
import { drawTalk } from "/static/talk.js";
import { connect, reconnect, sendMove, setConn, started as liveStarted } from "/static/live.js";
import { drawTurn } from "/static/turn.js";
import { moveLabel, keepPlayFocus, drawMoves } from "/static/movepanel.js";
import { drawHint } from "/static/hints.js";
import { drawTakeBack } from "/static/takeback.js";
import { drawCloseTable, drawFastBots, drawInvites, hostControl } from "/static/host.js";
import { drawLog } from "/static/tablelog.js";
import { addChat, drawChat, listenChat } from "/static/chat.js";
import { drawEnd } from "/static/endscreen.js";

const $ = id => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const store = loadTable(tableId);

let view = null;          // the latest view of the active seat
let activeSeat = null;    // seat number we play as, or null (spectator)
let renderer = generic;   // the game's renderer module
let gameInfo = null;      // the game's entry of GET /api/games (bots list)
let pending = null;       // the action POST in flight, {seq, version}: the move panel waits for it
let actSeq = 0;
let follow = store.follow !== false; // hot-seat: switch to the held seat that is to move
let banner = null;        // {text, kind, rule}
const settings = loadSettings(); // confirm moves, sound on my turn (settings.js)

// The page's state as its parts (the modules imported above) see it, passed to them explicitly.
// Only this file changes the view and the active seat: the parts read them through the getters
// each time (the view is replaced by every update, the seat by hot-seat switches), and ask the
// page for the rest through the functions.
const page = {
  tableId, store, settings,
  get view() { return view; },             // the latest view of the active seat, or null
  get seat() { return activeSeat; },       // the active seat, or null (spectator)
  get renderer() { return renderer; },     // the game's renderer module
  get gameInfo() { return gameInfo; },     // the game's entry of GET /api/games, or null
  token: () => tokenFor(activeSeat),       // the active seat's token, or null
  fetchView, applyView, addChat: msg => addChat(page, msg), dropSeat, act, ctx, showBanner, clearNetworkBanner,
};

// ---------------------------------------------------------------- tokens and seats
const heldSeats = () => Object.keys(store.seats).map(Number).sort((a, b) => a - b);
const tokenFor = seat => (seat === null || seat === undefined) ? null : store.seats[String(seat)] || null;
const persist = () => { store.active = activeSeat; store.follow = follow; saveTable(tableId, store); };

async function takeUrlToken() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  if (params.has("token")) {
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}${rest ? "?" + rest : ""}`);
  }
  if (!token) return;
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`, { token });
  if (res.ok && res.data && res.data.seat !== null && res.data.seat !== undefined) {
    const seat = res.data.seat;
    // A friend's link opened where another seat of this table is already played (not a table
    // created as hot seat): storing it would silently make this a hot seat with both hands on
    // one screen, so ask first.
    const others = heldSeats().filter(s => s !== seat);
    if (others.length && !store.hotseat && store.seats[String(seat)] !== token) {
      const yes = await askHotSeat(res.data, others[0], seat);
      if (!yes) {
        activeSeat = others[0];
        toast(`Kept ${seatLabel(res.data, others[0])}; the link for seat ${seat + 1} was not stored`, "info", 5000);
        return;
      }
      store.hotseat = true;
    }
    store.seats[String(seat)] = token;
    activeSeat = seat;
    persist();
  } else if (res.status === 401 || res.status === 403) {
    showBanner("This join link is not valid for this table; you are watching as a spectator.", "error");
  }
}

// Another tab of this browser stored a seat of this table (e.g. said yes to hot seat): learn it,
// so this tab neither overwrites it on its next save nor hides the seat switch.
window.addEventListener("storage", e => {
  if (e.key !== `roses:table:${tableId}`) return;
  const fresh = loadTable(tableId);
  store.seats = { ...store.seats, ...fresh.seats };
  if (fresh.hotseat) store.hotseat = true;
  if (view) draw();
});

/** "seat 1" or "seat 1 (Anna)" from a view (seat 0-based, shown counted from 1). */
function seatLabel(v, seat) {
  const name = seatName(v, seat);
  return name === `Seat ${seat + 1}` ? `seat ${seat + 1}` : `seat ${seat + 1} (${name})`;
}

/** Ask whether this browser should also play `seat` (hot seat) while it holds `held`; resolves
 *  true (yes) or false (keep `held`, forget the link). */
function askHotSeat(v, held, seat) {
  const box = $("join-ask");
  return new Promise(resolve => {
    // Escape cancels: the same as No (nothing stored), the safe answer.
    const onKey = e => { if (e.key === "Escape") { e.preventDefault(); answer(false); } };
    const answer = yes => { document.removeEventListener("keydown", onKey); box.hidden = true; fill(box); resolve(yes); };
    document.addEventListener("keydown", onKey);
    fill(box, h("div", { class: "cover-card", role: "alertdialog", "aria-labelledby": "join-ask-text" },
      h("h2", {}, "Another seat's link"),
      h("p", { id: "join-ask-text" }, `This browser already plays ${seatLabel(v, held)} at this table. `,
        `Also play ${seatLabel(v, seat)} here (hot seat: both hands on this screen)?`),
      h("p", { class: "muted small" }, `If the link is for a friend, choose No and send it to them.`),
      h("div", { class: "row center" },
        h("button", { type: "button", id: "join-ask-yes", onclick: () => answer(true) }, `Yes, also play seat ${seat + 1} here`),
        h("button", { type: "button", class: "primary", id: "join-ask-no", onclick: () => answer(false) },
          `No, keep seat ${held + 1} and don't store this link`))));
    box.hidden = false;
    box.querySelector("#join-ask-no").focus();
  });
}

/** Forget the active seat's token (it no longer holds a seat) and watch; remember the seat so the
 *  notice can say "Your seat is now played by a bot" when that is what happened. */
function dropSeat() {
  const seat = activeSeat;
  delete store.seats[String(seat)];
  store.lostSeats = Array.from(new Set([...(store.lostSeats || []), seat]));
  const held = heldSeats();
  activeSeat = held.length ? held[0] : null; // hot seat: carry on with another held seat
  view = null;
  persist();
}

/** The server says the active seat was handed to a bot (`replaced_by_bot` for `replaced_seat`).
 *  Only news about the active seat counts: in hot seat, a late message for a seat already dropped
 *  (its old socket, a fetch still in flight) must not drop the next held seat as well. */
function seatWasLost(next) {
  if (activeSeat === null || !tokenFor(activeSeat)) return false;
  return !!next.replaced_by_bot && next.replaced_seat === activeSeat;
}

// ---------------------------------------------------------------- loading
async function fetchView() {
  const seat = activeSeat;
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`, { token: tokenFor(seat) });
  // Hot seat: the page moved to another seat meanwhile; this answer (or refusal) is about a seat
  // no longer shown, and the move's own fetch brings the new seat's view.
  if (seat !== activeSeat) return res.ok;
  // Not forced: a push that overtook this answer is newer, and an older view would hide the turn.
  if (res.ok) { clearNetworkBanner(); applyView(res.data); return true; }
  if (res.status === 0) { showBanner(NETWORK_TEXT, "error"); return false; }
  if (res.status === 404) {
    fill($("board"), h("div", { class: "empty-state" }, h("h2", {}, "No such table"),
      h("p", {}, "It may have been removed. "), h("a", { href: "/" }, "Back to the lobby")));
    $("title").textContent = "Table not found";
    return false;
  }
  if ((res.status === 401 || res.status === 403) && activeSeat !== null) {
    // The stored token no longer works (e.g. the host handed the seat to a bot): forget it and
    // watch instead; the notice under the title says which.
    dropSeat();
    const ok = await fetchView();
    if (liveStarted()) reconnect(page); // the live connection still speaks for the dropped seat
    return ok;
  }
  showBanner(errorText(res.data, "Could not load the table"), "error");
  return false;
}

async function loadRenderer(game) {
  // ?view=generic shows the generic renderer (what a new game looks like before it has its own).
  if (new URLSearchParams(location.search).get("view") === "generic") { renderer = generic; return; }
  try {
    renderer = await import(`/static/games/${encodeURIComponent(game)}.js`);
    if (typeof renderer.render !== "function") renderer = generic;
  } catch {
    renderer = generic;
  }
}

async function loadGameInfo(game) {
  const res = await api("GET", "/api/games");
  if (res.ok && Array.isArray(res.data)) gameInfo = res.data.find(g => g.name === game) || null;
}

// ---------------------------------------------------------------- applying a view
function applyView(next) {
  if (!next || next.table_id === undefined && next.observation === undefined) return;
  const nextSeat = next.seat === undefined ? null : next.seat;
  if (seatWasLost(next)) {
    dropSeat();
    fetchView().then(() => reconnect(page));
    return;
  }
  if (nextSeat !== activeSeat) return; // a late message for the seat we left
  if (view && isOlder(next, view)) return; // views never go back (a late GET after a push)
  if (next.chat === undefined) next.chat = view ? view.chat : []; // pushed views leave chat to chat events
  view = next;
  // The table moved past the position the pending move was chosen in (it was played, or refused
  // as stale): the panel need not wait for that answer, which may be slow or never come.
  if (pending && (next.version ?? 0) > pending.version) pending = null;
  if (next.terminal || next.status === "closed") dropNameAsk(); // asked while playing, never answered
  draw();
  maybeFollow();
}

// Views are ordered by (takebacks: moves taken back, which lower the version; version: actions
// taken; revision: any change such as chat or seats).
function isOlder(a, b) {
  const at = a.takebacks ?? 0, bt = b.takebacks ?? 0;
  if (at !== bt) return at < bt;
  const av = a.version ?? 0, bv = b.version ?? 0;
  if (av !== bv) return av < bv;
  return (a.revision ?? 0) < (b.revision ?? 0);
}

function maybeFollow() {
  if (!follow || !view || view.terminal) return;
  const cp = view.current_player;
  if (cp >= 0 && cp !== activeSeat && tokenFor(cp)) switchSeat(cp, true);
}

async function switchSeat(seat, auto = false) {
  if (seat === activeSeat) return;
  const name = view ? seatName(view, seat) : `Seat ${seat + 1}`;
  activeSeat = seat;
  persist();
  view = null;
  if (auto && heldSeats().length > 1 && store.privacy !== false) showCover(name);
  await fetchView();
  reconnect(page);
}

function showCover(name) {
  const cover = $("cover");
  fill(cover, h("div", { class: "cover-card" },
    h("div", { class: "big-rose", "aria-hidden": "true" }, "✿"),
    h("h2", {}, `Pass the device to ${name}`),
    h("p", {}, "Their cards are hidden until they are ready."),
    h("button", { type: "button", class: "primary", id: "reveal", onclick: () => { cover.hidden = true; } }, `I am ${name} — show my seat`)));
  cover.hidden = false;
}

// ---------------------------------------------------------------- drawing
/** A move the player chose: asked "Play it?" first when the game calls it irreversible and
 *  costly (the view's `confirm`: the move with why, worded by the server per game) and the
 *  setting is "costly" (the default), or for every move with "every"; never with "never". */
async function chosen(text) {
  const why = (view.confirm || {})[text];
  const mode = settings.confirm;
  if ((mode === "every" || (mode === "costly" && why)) && !(await askConfirm(moveLabel(text), why || undefined))) return false;
  return act(text);
}

function ctx() {
  return {
    act: chosen, actAll, busy: pending !== null, seat: view.seat, replay: false,
    legal: view.legal_actions || [],
    players: (view.seats || []).length || (view.observation && view.observation.players) || 0,
    name: i => seatName(view, i),
    line: text => namedLine(view, text),
  };
}

function draw() {
  const v = view;
  if (!v) return; // between seats (hot seat): the next view is on its way
  document.body.dataset.game = v.game || "";
  $("title").textContent = v.name ? `${v.title || titleCase(v.game)} · ${v.name}` : (v.title || titleCase(v.game));
  $("title").title = $("title").textContent;
  fill($("subtitle"), v.seat === null || v.seat === undefined
    ? h("span", { class: "badge" }, "Spectator — public information only")
    : (seatName(v, v.seat) === `Seat ${v.seat + 1}`
      ? h("span", {}, "You play ", h("b", {}, `seat ${v.seat + 1}`))
      : h("span", {}, "You are ", h("b", {}, seatName(v, v.seat)), ` (seat ${v.seat + 1})`)));
  $("rules-link").href = `/rules/${encodeURIComponent(v.game)}`;
  drawTurn(page);
  drawSeatSwitch();
  drawBanner();
  drawNotice();
  const board = $("board");
  const c = ctx();
  const scroll = window.scrollY;
  fill(board);
  try {
    renderer.render(v, board, c);
  } catch (err) {
    console.error(err);
    fill(board);
    generic.render(v, board, c);
  }
  drawMoves(page, c, banner);
  drawHint(page, c);
  drawTakeBack(page, c);
  drawPlayers();
  drawInvites(page);
  drawFastBots(page);
  drawCloseTable(page);
  drawLog(page);
  drawChat(page);
  noteReveal(v, renderer); // paced reveals: the cards just turned, one by one (reveal.js)
  drawTalk(view, tokenFor(activeSeat)); // table talk by the seats and its panel (talk.js)
  drawEnd(page);
  updateRematch(v, { tableId, store }); // seats.js: "Play again", or join the one a player started
  keepPlayFocus();
  window.scrollTo(0, scroll);
}

function drawSeatSwitch() {
  const el = $("seat-switch");
  const held = heldSeats();
  if (held.length < 2) { el.hidden = true; return; }
  el.hidden = false;
  fill(el, h("span", { class: "label" }, "Hot seat — play as:"),
    held.map(s => h("button", {
      type: "button", class: `seat-btn ${s === activeSeat ? "active" : ""} ${toMove(view, s) ? "to-move" : ""}`,
      onclick: () => switchSeat(s),
    }, seatName(view, s), toMove(view, s) ? " ●" : "")),
    h("label", { class: "check" }, h("input", {
      type: "checkbox", checked: follow, onchange: e => { follow = e.target.checked; persist(); maybeFollow(); },
    }), " follow the seat to move"),
    h("label", { class: "check" }, h("input", {
      type: "checkbox", checked: store.privacy !== false, onchange: e => { store.privacy = e.target.checked; persist(); },
    }), " hide cards between seats"));
}

function showBanner(text, kind = "error", rule = "") {
  banner = { text, kind, rule, network: text === NETWORK_TEXT };
  drawBanner();
}
/** The page is live again: a "Can't reach the server" banner goes away by itself. */
function clearNetworkBanner() {
  if (banner && banner.network) { banner = null; drawBanner(); }
}

/** Why this page only watches: said plainly under the title (spectators, seats given to bots). */
function drawNotice() {
  const el = $("notice");
  if (!el) return;
  if (view && view.status === "closed") {
    el.hidden = false;
    el.textContent = "The host closed this table: nobody can move any more.";
    return;
  }
  const watching = activeSeat === null && view && view.seat === null && !view.host;
  if (!watching) { el.hidden = true; return; }
  const lost = (store.lostSeats || []).filter(s => ((view.seats || []).find(x => x.seat === s) || {}).kind === "bot");
  let text;
  if (lost.length) text = `Your seat is now played by a bot. You are watching the table.`;
  else if (view.terminal || !(view.seats || []).some(s => s.kind === "human")) text = "You are watching.";
  else text = "You are watching. To play your seat, open your private join link.";
  el.hidden = false;
  el.textContent = text;
}
function drawBanner() {
  const el = $("banner");
  if (!banner) { el.hidden = true; return; }
  el.hidden = false;
  el.className = `banner banner-${banner.kind}`;
  fill(el, h("span", { class: "banner-text" }, banner.text), banner.rule ? h("span", { class: "rule" }, ` — ${banner.rule}`) : null,
    h("button", { type: "button", class: "close", "aria-label": "Dismiss", onclick: () => { banner = null; drawBanner(); } }, "×"));
}

function drawPlayers() {
  const v = view;
  const list = $("players");
  const returns = v.returns || null;
  const bots = (gameInfo && gameInfo.bots) || ["random"];
  fill(list, (v.seats || []).map(s => {
    const i = s.seat;
    // Hot seat: another seat held in this browser is here, not "away" (only the active seat
    // keeps a live connection).
    const here = i !== v.seat && s.kind !== "bot" && !!tokenFor(i);
    const tag = here ? "this device" : seatTag(v, i);
    const live = !v.terminal && v.status !== "closed";
    const hostControls = store.host && live && s.kind !== "bot" ? hostControl(page, i, bots) : null;
    return h("li", { class: ["player", i === v.current_player && live ? "to-move" : "", i === v.seat ? "me" : "", s.kind].join(" ") },
      h("span", { class: `dot ${s.kind === "bot" || s.connected || here ? "on" : "off"}`, title: s.kind === "bot" ? "bot" : (here ? "played in this browser" : (s.connected ? "connected" : "not connected")) }),
      h("span", { class: "pname", title: seatName(v, i) }, seatName(v, i)),
      tag ? h("span", { class: "tag" }, tag) : null,
      i === v.current_player && live ? h("span", { class: "tag move-tag" }, "to move") : null,
      returns && returns[i] > 0 && (v.seats || []).length > 1 ? h("span", { class: "tag win-tag" }, "★ " + resultWord(returns[i])) : null,
      hostControls, seatControls(v, s, { tableId, store, refresh: fetchView }));
  }));
}

// ---------------------------------------------------------------- acting
/** Send several moves in order, each after the previous one's answer (a game that splits one
 *  choice into small steps, e.g. a Rare Roses deal); stops at the first move not accepted.
 *  Returns whether all were. Options: `undo`, a move sent when a later step fails and it is
 *  legal then (Rare Roses: "cancel deal", so no half-built draft stays open); `message(undone)`,
 *  the plain words shown instead of the refused step's rule text. */
async function actAll(texts, opts = {}) {
  for (let k = 0; k < texts.length; k++) {
    if (await act(texts[k])) continue;
    let undone = false;
    if (k > 0 && opts.undo && view && (view.legal_actions || []).includes(opts.undo)) undone = await act(opts.undo);
    if (opts.message) showBanner(opts.message(undone), "error");
    return false;
  }
  return true;
}

/** Send one move; returns whether the server accepted it. */
async function act(text) {
  if (pending || !view) return false;
  const token = tokenFor(activeSeat);
  if (!token) { showBanner("You are watching; only seated players can move.", "info"); return false; }
  const mine = { seq: ++actSeq, version: view.version };
  pending = mine;
  for (const b of document.querySelectorAll("#moves button, #board button.act")) b.disabled = true;
  $("moves").dataset.key = ""; // redraw the panel after the answer, whatever it is
  // On the live connection when it is open (the server's answer follows the view it pushes);
  // else posted: the server checks both alike.
  const sent = sendMove(page, text, mine.version);
  const res = sent ? await sent
    : await api("POST", `/api/tables/${encodeURIComponent(tableId)}/actions`, { body: { action: text, version: mine.version }, token });
  if (pending !== mine) {
    // A newer view came first and freed the panel: only the view this answer carries can still
    // matter (applied if it is the newest); a refusal is old news.
    if (res.ok && res.data && res.data.observation !== undefined) applyView(res.data);
    if (res.ok && actSeq === mine.seq) { banner = null; drawBanner(); }
    return res.ok;
  }
  pending = null;
  if (res.ok) {
    banner = null;
    if (res.data && res.data.observation !== undefined) applyView(res.data);
    else if (!sent) await fetchView(); // the socket's answer came after the pushed view
    draw(); // re-enable the buttons even when a newer pushed view already arrived (no-op between seats)
    return true;
  }
  const d = res.data || {};
  if (res.status === 409) {
    showBanner("The table moved on before your move arrived; the view is refreshed — please choose again.", "info");
  } else if (res.status === 422) {
    showBanner(d.message || errorText(d, "That move is not allowed"), "error"); // plain words; d.rule is for code
  } else if (res.status === 401 || res.status === 403) {
    showBanner(errorText(d, "You may not move now"), "error");
  } else {
    showBanner(errorText(d, "The move could not be sent"), "error");
  }
  await fetchView();
  draw(); // re-enable the moves even when the refresh failed too or brought nothing newer
  return false;
}

// ---------------------------------------------------------------- chat
listenChat(page); // chat.js

// ---------------------------------------------------------------- start
// For debugging and the browser tests: the latest view (read only).
window.rosesTable = { get view() { return view; }, get seat() { return activeSeat; } };

async function main() {
  fill($("site-header"), header("table"));
  fill($("settings-panel"), settingsPanel(settings));
  if (!tableId) { $("title").textContent = "No table id"; return; }
  await takeUrlToken();
  if (activeSeat === null) {
    const held = heldSeats();
    if (store.active !== undefined && store.active !== null && tokenFor(store.active)) activeSeat = store.active;
    else if (held.length) activeSeat = held[0];
  }
  // Fetch once to learn the game, load its renderer, then draw.
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`, { token: tokenFor(activeSeat) });
  if (res.ok && res.data) {
    await Promise.all([loadRenderer(res.data.game), loadGameInfo(res.data.game)]);
  }
  const ok = await fetchView();
  if (ok) connect(page);
  else setConn("offline");
  // seats.js: a player who joined is asked for a name once (the remembered one is used if free)
  const named = await ensureName({ tableId, view, seat: activeSeat, token: tokenFor(activeSeat), store, persist });
  if (named) applyView(named);
}

main();
