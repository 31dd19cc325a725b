// The table page /t/{id}: draws the seat's view, offers the legal moves, keeps a live WebSocket
// (reconnecting with backoff), chat, log, turn notifications, the end screen and host controls.
import { drawLog as groupedLog } from "/static/logview.js";
import { loadSettings, settingsPanel, askConfirm, chime } from "/static/settings.js";
import { h, fill, trapTab, api, errorText, NETWORK_TEXT, loadTable, saveTable, seatName, seatTag, namedLine, logText, toast, header, titleCase, resultWord, copyText } from "/static/common.js";
import * as generic from "/static/games/generic.js";
import { renderMoves, typedMove } from "/static/actions.js";
import { toMove } from "/static/games/pieces.js";
import { dropNameAsk, ensureName, seatControls, rematchBox, updateRematch } from "/static/seats.js";
import { noteView as noteReveal, whenRevealed, busy as revealing } from "/static/reveal.js"; // paced reveals (issue 14)
import { drawTalk, talkLog } from "/static/talk.js";

const $ = id => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const store = loadTable(tableId);

let view = null;          // the latest view of the active seat
let activeSeat = null;    // seat number we play as, or null (spectator)
let renderer = generic;   // the game's renderer module
let gameInfo = null;      // the game's entry of GET /api/games (bots list)
let pending = null;       // the action POST in flight, {seq, version}: the move panel waits for it
let actSeq = 0;
let chatSending = false;  // a chat POST is in flight: the field stays disabled through redraws
let ws = null;
let wsAttempt = 0;
let wsTimer = null;
let pingTimer = null;
let endShown = false;
let follow = store.follow !== false; // hot-seat: switch to the held seat that is to move
let lastTurnKey = "";
let banner = null;        // {text, kind, rule}
const settings = loadSettings(); // confirm moves, sound on my turn (settings.js)

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
    if (ws) reconnect(); // the live connection still speaks for the dropped seat
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

// ---------------------------------------------------------------- live updates
function wsUrl() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const token = tokenFor(activeSeat);
  return `${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
}

function setConn(state) {
  const el = $("conn");
  el.className = `conn conn-${state}`;
  el.textContent = { live: "live", connecting: "connecting…", reconnecting: "reconnecting…", offline: "offline" }[state] || state;
}

function connect() {
  clearTimeout(wsTimer);
  const seat = activeSeat;
  const socket = new WebSocket(wsUrl());
  ws = socket;
  setConn(wsAttempt ? "reconnecting" : "connecting");
  socket.onopen = () => {
    if (ws !== socket) return;
    wsAttempt = 0;
    setConn("live");
    clearNetworkBanner();
    fetchView(); // restore the view: anything missed while away
    clearInterval(pingTimer);
    pingTimer = setInterval(() => { if (socket.readyState === 1) socket.send(JSON.stringify({ type: "ping" })); }, 25000);
  };
  socket.onmessage = event => {
    if (ws !== socket || seat !== activeSeat) return; // a message for a seat left (hot seat)
    let msg;
    try { msg = JSON.parse(event.data); } catch { return; }
    if (msg && msg.type === "view") applyView(msg);
    else if (msg && msg.type === "chat") addChat(msg);
    else if (msg && msg.type === "error") wsRefused(msg);
  };
  socket.onclose = () => {
    if (ws !== socket) return; // replaced on purpose
    clearInterval(pingTimer);
    setConn("reconnecting");
    const delay = Math.min(15000, 500 * 2 ** wsAttempt) + Math.random() * 300;
    wsAttempt += 1;
    wsTimer = setTimeout(connect, delay);
  };
}

/** The server refused the live connection: a token it no longer knows (watch instead), or a
 *  table that is gone (stop trying). */
function wsRefused(msg) {
  const socket = ws;
  ws = null;
  if (socket) socket.close();
  if ((msg.status === 401 || msg.status === 403) && activeSeat !== null) {
    dropSeat();
    fetchView().then(() => reconnect());
    return;
  }
  setConn("offline");
  showBanner(errorText(msg, "The table refused the live connection"), "error");
}

function reconnect() {
  const old = ws;
  ws = null;
  if (old) old.close();
  wsAttempt = 0;
  connect();
}

// ---------------------------------------------------------------- applying a view
function applyView(next) {
  if (!next || next.table_id === undefined && next.observation === undefined) return;
  const nextSeat = next.seat === undefined ? null : next.seat;
  if (seatWasLost(next)) {
    dropSeat();
    fetchView().then(() => reconnect());
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

// A chat message pushed alone (the view it belongs to is unchanged otherwise).
function addChat(msg) {
  if (!view || !msg.message) return;
  const chat = view.chat || [];
  if (chat.some(m => m.id === msg.message.id)) return;
  view.chat = [...chat, msg.message].slice(-100);
  if ((msg.revision ?? 0) > (view.revision ?? 0)) view.revision = msg.revision;
  drawChat();
  if (msg.message.talk) { drawLog(); drawTalk(view, tokenFor(activeSeat)); } // a statement (talk.js)
}

// Views are ordered by (version: actions taken, revision: any change such as chat or seats).
function isOlder(a, b) {
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
  reconnect();
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
/** The move `text` as its button reads it ("Bid 3"), for the confirm dialog. */
function moveLabel(text) {
  const capital = s => s.charAt(0).toUpperCase() + s.slice(1);
  for (const b of document.querySelectorAll("#moves button[data-action], #board button[data-action]")) {
    if (b.dataset.action !== text) continue;
    const verb = b.closest(".move-group") && b.closest(".move-group").querySelector(".verb");
    const named = b.getAttribute("aria-label"); // a name in full ("Offer a card of 2 roses and 1 thorn to Rowan")
    const label = (named || b.textContent || text).trim();
    // the group's verb in full when the game gives one ("Offer a card of 3 roses and 1 thorn to")
    const said = verb && !named ? (verb.dataset.confirm || verb.textContent).trim() : "";
    return capital(said ? `${said} ${label}?` : `${label}?`);
  }
  return `${text}?`;
}

/** A move the player chose: asked "Play it?" first when the setting is on and the game calls it
 *  irreversible (its renderer's `irreversible(text)`: bids and plays). */
async function chosen(text) {
  let guard = false;
  try { guard = settings.confirm && typeof renderer.irreversible === "function" && !!renderer.irreversible(text); } catch { guard = false; }
  if (guard && !(await askConfirm(moveLabel(text)))) return false;
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

// Keyboard players: every redraw replaces the board and the move panel, so the button that had
// focus is gone and focus fell back to <body> (the next Tab started again at the page header).
// Track whether focus was last in the play area (or the confirm dialog opened from it) and, after
// a redraw, put it back: on the same move when it is still offered, else on the first move, else
// on the board (so the next turn's moves are one Tab away).
let playFocus = false;
let playAction; // the move (data-action) of the last focused button in the play area
document.addEventListener("focusin", e => {
  playFocus = !!(e.target.closest && e.target.closest(".play, #confirm"));
  if (e.target.closest && e.target.closest(".play")) playAction = e.target.dataset ? e.target.dataset.action : undefined;
});

function keepPlayFocus(action) {
  const now = document.activeElement;
  const board = $("board");
  if (!playFocus || !(now === null || now === document.body || now === board)) return;
  if (!$("end").hidden || !$("cover").hidden || !$("confirm").hidden) return; // a dialog has it
  const esc = window.CSS && CSS.escape ? CSS.escape : x => x;
  const same = action ? document.querySelector(`#moves button[data-action="${esc(action)}"]:enabled, #board button[data-action="${esc(action)}"]:enabled`) : null;
  const target = same || document.querySelector("#moves:not([hidden]) button.move:enabled");
  if (target) { target.focus({ preventScroll: true }); return; }
  if (now !== board) { board.tabIndex = -1; board.focus({ preventScroll: true }); }
  playFocus = true;
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
  drawTurn();
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
  drawMoves(c);
  drawHint(c);
  drawPlayers();
  drawInvites();
  drawCloseTable();
  drawLog();
  drawChat();
  noteReveal(v, renderer); // paced reveals: the cards just turned, one by one (reveal.js)
  drawTalk(view, tokenFor(activeSeat)); // table talk by the seats and its panel (talk.js)
  drawEnd();
  updateRematch(v, { tableId, store }); // seats.js: "Play again", or join the one a player started
  keepPlayFocus(playAction);
  window.scrollTo(0, scroll);
}

// On a phone the move panel sticks to the bottom of the screen; it can be folded to its heading
// to see the whole board (until the turn passes).
let movesFolded = false;

function movesHeading() {
  const label = () => movesFolded ? "Show ▴" : "Hide ▾";
  const fold = h("button", {
    type: "button", class: "small moves-fold", "aria-controls": "moves", "aria-expanded": String(!movesFolded),
    title: "Fold the moves to see the board",
    onclick: () => {
      movesFolded = !movesFolded;
      $("moves").classList.toggle("folded", movesFolded);
      fold.setAttribute("aria-expanded", String(!movesFolded));
      fold.textContent = label();
    },
  }, label());
  return h("h2", { class: "moves-head" }, h("span", {}, "Your move"), fold);
}

function drawMoves(c) {
  const el = $("moves");
  // Unchanged moves (e.g. a chat message arrived): keep the panel, and what is typed or open in it.
  // Seat names are in it too: the game's panel names the seats (offer to, give the coin to), and
  // a seat handed to a bot changes its name without a new version.
  const names = (view.seats || []).map(s => seatName(view, s.seat)).join("\n");
  const key = `${view.version}|${activeSeat}|${c.busy}|${c.legal.join("\n")}|${names}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  // Redrawn for the same position (a refused move, a refresh): the typed move stays as it was.
  const oldTyped = el.querySelector(".typed-move");
  const oldInput = oldTyped && oldTyped.querySelector("input");
  const keep = oldTyped && el.dataset.version === String(view.version) ? {
    open: oldTyped.open, text: oldInput ? oldInput.value : "", focus: document.activeElement === oldInput,
    error: oldTyped.open && banner && banner.kind === "error" ? banner.text + (banner.rule ? ` — ${banner.rule}` : "") : "",
  } : null;
  fill(el);
  el.dataset.version = String(view.version);
  const mine = c.legal.length > 0 && !view.terminal;
  el.hidden = !mine;
  if (!mine) movesFolded = false; // the next turn opens unfolded
  el.classList.toggle("folded", mine && movesFolded);
  if (!mine) return;
  el.appendChild(movesHeading());
  let done = false;
  if (typeof renderer.renderActions === "function") {
    try { done = renderer.renderActions(view, el, c) === true; } catch (err) { console.error(err); done = false; }
  }
  if (!done) {
    fill(el, movesHeading());
    renderMoves(view, el, c);
  }
  el.appendChild(typedMove(c, keep));
  if (keep && keep.focus && !c.busy) el.querySelector(".typed-move input").focus({ preventScroll: true });
}

// A hint (tables created with "Allow hints"): asked for one turn, shown until the turn passes.
let hintState = { key: null, busy: false, text: "", move: null, error: "" };

/** The "Hint" button and the hint's text, for the seat to move at a table that allows hints. */
function drawHint(c) {
  const el = $("hint");
  const mine = !!view.hints && c.legal.length > 0 && !view.terminal && view.status !== "closed";
  el.hidden = !mine;
  if (!mine) { fill(el); return; }
  const key = `${view.version}|${activeSeat}`;
  if (hintState.key !== key) hintState = { key, busy: false, text: "", move: null, error: "" };
  const ask = h("button", { type: "button", id: "hint-button", class: "small", disabled: hintState.busy || c.busy,
    title: "Ask the search bot which move it would play (it sees only what you see)", onclick: askHint },
    hintState.busy ? "Thinking…" : "Hint");
  const canPlay = hintState.move && c.legal.includes(hintState.move);
  fill(el, h("div", { class: "row hint-row" }, ask,
    hintState.text ? h("span", { id: "hint-text", class: "hint-text", role: "status" }, hintState.text) : null,
    canPlay ? h("button", { type: "button", class: "small", id: "hint-play", disabled: c.busy, onclick: () => act(hintState.move) }, "Play it") : null,
    hintState.error ? h("span", { class: "error" }, hintState.error) : null));
}

// The page's hint request still unanswered, maybe for a turn already played: the server works out
// one hint per seat at a time and refused the next turn's ("already being worked out", 429) until
// the old one was done, so a new ask waits for it first.
let hintInFlight = null;

async function askHint() {
  const token = tokenFor(activeSeat);
  if (!token || hintState.busy) return;
  const key = hintState.key;
  hintState.busy = true;
  drawHint(ctx());
  while (hintInFlight) await hintInFlight;
  if (hintState.key !== key) return; // the turn passed while the older hint was worked out
  const request = hintInFlight = api("POST", `/api/tables/${encodeURIComponent(tableId)}/hint`, { token });
  const res = await request;
  if (hintInFlight === request) hintInFlight = null;
  if (hintState.key !== key) return; // the turn passed meanwhile
  hintState.busy = false;
  if (res.ok) { hintState.text = res.data.text; hintState.move = res.data.move; hintState.error = ""; }
  else { const why = errorText(res.data, `No hint (${res.status})`); hintState.error = why.charAt(0).toUpperCase() + why.slice(1); }
  drawHint(ctx());
}

function drawTurn() {
  const v = view;
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
  const el = $("timer");
  clearInterval(timerInterval);
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
  if (settings.sound) chime();
  if (!document.hidden && document.hasFocus()) return;
  stopFlash();
  baseTitle = tabTitle();
  let on = false;
  flashTimer = setInterval(() => { on = !on; document.title = on ? "★ Your turn! ★" : baseTitle; }, 900);
}
function stopFlash() {
  if (flashTimer) { clearInterval(flashTimer); flashTimer = null; }
  if (view) document.title = tabTitle();
}
/** The tab's title: "(Your turn) Rose Ceremony — roses" while it is this seat's turn. */
function tabTitle() {
  const mine = view && view.seat !== null && view.seat !== undefined && toMove(view, view.seat);
  return `${mine ? "(Your turn) " : ""}${view.title || "Table"} — roses`;
}
window.addEventListener("focus", stopFlash);
document.addEventListener("visibilitychange", () => { if (!document.hidden) stopFlash(); });

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
    const hostControls = store.host && live && s.kind !== "bot" ? hostControl(i, bots) : null;
    return h("li", { class: ["player", i === v.current_player && live ? "to-move" : "", i === v.seat ? "me" : "", s.kind].join(" ") },
      h("span", { class: `dot ${s.kind === "bot" || s.connected || here ? "on" : "off"}`, title: s.kind === "bot" ? "bot" : (here ? "played in this browser" : (s.connected ? "connected" : "not connected")) }),
      h("span", { class: "pname", title: seatName(v, i) }, seatName(v, i)),
      tag ? h("span", { class: "tag" }, tag) : null,
      i === v.current_player && live ? h("span", { class: "tag move-tag" }, "to move") : null,
      returns && returns[i] > 0 && (v.seats || []).length > 1 ? h("span", { class: "tag win-tag" }, "★ " + resultWord(returns[i])) : null,
      hostControls, seatControls(v, s, { tableId, store, refresh: fetchView }));
  }));
}

// The host menu that is open survives redraws (bots move, chat arrives while the host chooses).
let hostMenu = { seat: null, bot: null };

/** The host may close an unfinished table (POST /api/tables/{id}/close): it leaves the lobby's
 *  list and nobody can move any more. Asks first; the server's answer redraws the page. */
function drawCloseTable() {
  let box = $("close-table");
  const show = store.host && !view.terminal && view.status !== "closed";
  if (!show) { if (box) box.remove(); return; }
  if (box) return;
  box = h("div", { id: "close-table", class: "row close-table" },
    h("button", { type: "button", class: "small danger", onclick: async () => {
      if (!confirm("Close this table for everyone? Nobody will be able to move any more.")) return;
      const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/close`, { token: store.host });
      if (res.ok) { toast("Table closed", "ok"); fetchView(); }
      else toast(errorText(res.data, `The table could not be closed (${res.status})`), "error");
    } }, "Close table"));
  $("players-panel").appendChild(box);
}

/** The host's copy of the friends' join links (only in the tab that created the table). */
function drawInvites() {
  const links = store.links || {};
  const seats = Object.keys(links).map(Number).filter(s => {
    const info = (view.seats || []).find(x => x.seat === s);
    return info && info.kind === "human" && !view.terminal;
  });
  let box = $("invites");
  if (!seats.length) { if (box) box.remove(); return; }
  if (!box) {
    box = h("details", { id: "invites", class: "invites" });
    $("players-panel").appendChild(box);
  }
  const wasOpen = box.open;
  fill(box, h("summary", {}, "Invite links"),
    seats.map(s => {
      const field = h("input", { type: "text", readonly: true, value: links[String(s)], class: "mono", "aria-label": `Join link for seat ${Number(s) + 1}`, onfocus: e => e.target.select() });
      return h("div", { class: "row invite" }, h("span", { class: "seat-no" }, seatName(view, s)), field,
        h("button", { type: "button", class: "small", onclick: () => copyText(links[String(s)], field) }, "Copy"));
    }));
  box.open = wasOpen;
}

/** A bot's plain name from the server ("Standard", "Hard search"), else its name. */
function botLabel(b) {
  return (gameInfo && gameInfo.bot_labels && gameInfo.bot_labels[b]) || b;
}

function hostControl(seat, bots) {
  const select = h("select", { "aria-label": `Bot for seat ${seat + 1}`, onchange: e => { hostMenu.bot = e.target.value; } },
    bots.map(b => h("option", { value: b }, botLabel(b))));
  select.value = hostMenu.seat === seat && hostMenu.bot ? hostMenu.bot : (bots.includes("heuristic") ? "heuristic" : bots[0]);
  return h("details", {
    class: "host", open: hostMenu.seat === seat,
    ontoggle: e => { if (e.target.open) hostMenu = { seat, bot: select.value }; else if (hostMenu.seat === seat) hostMenu = { seat: null, bot: null }; },
  }, // named in words: a screen reader said only "⚙" (or "gear")
  h("summary", { title: "Host: hand this seat to a bot", "aria-label": `Give seat ${seat + 1} to a bot` }, "⚙"),
    h("div", { class: "row" }, select, h("button", {
      type: "button", onclick: async () => {
        if (!confirm(`Hand ${seatName(view, seat)}'s seat to the ${botLabel(select.value)} bot?`)) return;
        const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { body: { bot: select.value }, token: store.host });
        if (res.ok) { hostMenu = { seat: null, bot: null }; toast(`A ${botLabel(select.value)} bot took the seat`, "ok"); fetchView(); }
        else toast(errorText(res.data, "Could not hand the seat to a bot"), "error");
      },
    }, "Give to bot")));
}

const logOpened = new Map(); // log groups a player opened or closed, kept across redraws

// A view carries the newest log lines only (from view.log_start); earlier ones are fetched a
// page at a time when the player asks. Lines by their index in the seat's whole log.
const logLines = { seat: undefined, byIndex: new Map() };

/** The log lines known here that run without a gap up to the view's last: {first, lines}. */
function knownLog() {
  const lines = (view.observation && view.observation.log) || [];
  const start = view.log_start || 0;
  if (logLines.seat !== view.seat) { logLines.seat = view.seat; logLines.byIndex = new Map(); }
  lines.forEach((line, k) => logLines.byIndex.set(start + k, line));
  let first = start;
  while (first > 0 && logLines.byIndex.has(first - 1)) first--;
  const out = [];
  for (let i = first; i < start + lines.length; i++) out.push(logLines.byIndex.get(i));
  return { first, lines: out };
}

async function fetchEarlierLog(before) {
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/log?before=${before}&limit=500`,
    { token: tokenFor(activeSeat) });
  if (!res.ok) { toast(errorText(res.data, "Could not load the earlier log"), "error"); return; }
  if (logLines.seat !== view.seat) return;  // hot seat: another seat's log now
  res.data.lines.forEach((line, k) => logLines.byIndex.set(res.data.start + k, line));
  drawLog();
}

// Screen-reader players: the log is redrawn whole, so nothing told them what the other seats just
// did. The lines new since the last view are said through the polite live region #announce (the
// last few only, so a burst of bot moves is not read out for a minute); none at the first view.
const spoken = { seat: undefined, upto: -1 };
function announceLog(first, lines) {
  const end = first + lines.length;
  if (spoken.seat !== view.seat || spoken.upto < 0) { spoken.seat = view.seat; spoken.upto = end; return; }
  if (end <= spoken.upto) return;
  const fresh = lines.slice(Math.max(0, spoken.upto - first)).map(line => logText(view, line, renderer)).filter(Boolean);
  spoken.upto = end;
  if (fresh.length) $("announce").textContent = fresh.slice(-3).join(" ");
}

function drawLog() {
  const el = $("log");
  const { first, lines } = knownLog();
  announceLog(first, lines);
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  groupedLog(el, talkLog(view, lines.map(line => logText(view, line, renderer)), first), renderer, logOpened,
    first > 0 ? { earlier: first, title: "Earlier in the game", more: () => fetchEarlierLog(first) } : null);
  if (atBottom || !el.dataset.seen) el.scrollTop = el.scrollHeight;
  el.dataset.seen = "1";
}

function drawChat() {
  const el = $("chat");
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  fill(el, (view.chat || []).map(m => h("li", { class: m.seat === view.seat && m.seat !== null ? "mine" : "" },
    // The name the message was sent under (stored with it): a seat later handed to a bot must
    // not appear to have said what its person said.
    h("b", {}, String(m.name || (typeof m.seat === "number" ? seatName(view, m.seat) : "spectator"))), ": ", String(m.text))));
  if (atBottom) el.scrollTop = el.scrollHeight;
  const blocked = chatBlocked();
  setChatDisabled(!!blocked || chatSending);
  $("chat-input").placeholder = blocked || "Say something…";
}

function setChatDisabled(disabled) {
  $("chat-input").disabled = disabled;
  $("chat-form").querySelector("button[type=submit]").disabled = disabled;
}

/** Why this page may not chat ("" when it may): spectators read only; a table the host closed
 *  takes no more chat (the server answers 409). */
function chatBlocked() {
  if (!(tokenFor(activeSeat) || store.host)) return "Spectators read only";
  if (view && view.status === "closed") return "Table closed: chat is off";
  return "";
}

let untrapEnd = () => {};
function drawEnd() {
  const el = $("end");
  if (!view.terminal) { el.hidden = true; endShown = false; return; }
  if (endShown) return;
  if (revealing()) { whenRevealed(() => { if (view) drawEnd(); }); return; } // the last cards turn first (reveal.js)
  endShown = true;
  const returns = view.returns || (view.observation && view.observation.returns) || [];
  const n = (view.seats || []).length || returns.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (returns[b] || 0) - (returns[a] || 0));
  const endScores = count => {
    if (Array.isArray(view.scores) && view.scores.length) return view.scores;
    try { if (typeof renderer.scores === "function") return renderer.scores(view, count) || null; } catch { /* none */ }
    return null;
  };
  const formatScore = value => {
    try { if (typeof renderer.formatScore === "function") return String(renderer.formatScore(value)); } catch { /* plain */ }
    return String(value);
  };
  const won = view.seat !== null && view.seat !== undefined && (returns[view.seat] || 0) > 0;
  const note = i => {
    try { return typeof renderer.resultNote === "function" ? String(renderer.resultNote(view, i) || "") : ""; } catch { return ""; }
  };
  // Scores (e.g. Rare Roses dollars): the server's `scores`, else what the renderer reads from
  // the observation. A solo table has no one to beat: it ends with the score, not "You won!".
  const scores = endScores(n);
  const scoreText = i => scores && scores[i] !== null && scores[i] !== undefined ? formatScore(scores[i]) : "";
  const solo = n === 1;
  let headline = view.seat === null || view.seat === undefined ? "Game over" : (won ? "You won!" : "Game over");
  if (solo) headline = scoreText(0) ? `Final score: ${scoreText(0)}` : "Game over";
  // Keyboard and screen-reader players: the end screen takes focus (it opened over the page with
  // focus left on <body>, and Tab walked the hidden page behind it), keeps Tab inside, and
  // Escape closes it like "See the table".
  const closeEnd = () => { el.hidden = true; untrapEnd(); untrapEnd = () => {}; document.removeEventListener("keydown", endKey); $("board").tabIndex = -1; $("board").focus({ preventScroll: true }); };
  const endKey = e => { if (e.key === "Escape" && !el.hidden && $("confirm").hidden) { e.preventDefault(); closeEnd(); } };
  fill(el, h("div", { class: "end-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "end-title" },
    h("div", { class: "big-rose", "aria-hidden": "true" }, won && !solo ? "❀" : "✿"),
    h("h2", { id: "end-title" }, headline),
    h("ul", { class: "results" }, order.map(i => h("li", { class: (returns[i] || 0) > 0 && !solo ? "winner" : "" },
      h("span", { class: "star", "aria-hidden": "true" }, (returns[i] || 0) > 0 && !solo ? "★" : ""),
      h("span", { class: "pname" }, seatName(view, i), i === view.seat ? " (you)" : ""),
      (returns[i] || 0) > 0 && !solo ? h("span", { class: "tag win-tag" }, resultWord(returns[i])) : null,
      scoreText(i) ? h("span", { class: "score" }, scoreText(i)) : null,
      note(i) ? h("span", { class: "note" }, note(i)) : null))),
    rematchBox(),
    h("div", { class: "row center" },
      // one filled button on the end screen: "Play again" (the rematch); the rest are plain
      h("button", { type: "button", id: "download-record", onclick: downloadRecord }, "Download the game record"),
      h("a", { class: "button", href: `/replay?table=${encodeURIComponent(tableId)}` }, "Watch the replay"),
      h("a", { class: "button", id: "new-game", href: `/?game=${encodeURIComponent(view.game || "")}` }, "New game"),
      h("button", { type: "button", id: "see-table", onclick: closeEnd }, "See the table"))));
  el.hidden = false;
  untrapEnd();
  untrapEnd = trapTab(el);
  document.removeEventListener("keydown", endKey);
  document.addEventListener("keydown", endKey);
  const title = $("end-title");
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
  // The end screen may come after the view that ended the game (the last cards turn first):
  // its rematch box is filled now, not only by the next view.
  updateRematch(view, { tableId, store });
}

async function downloadRecord() {
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/record`, { token: tokenFor(activeSeat) });
  if (!res.ok) { toast(errorText(res.data, "The record is not available yet"), "error"); return; }
  const blob = new Blob([JSON.stringify(res.data, null, 1)], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: `${view.game}-${tableId}.json` });
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
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
  const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/actions`, { body: { action: text, version: mine.version }, token });
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
    if (res.data && res.data.observation !== undefined) applyView(res.data); else await fetchView();
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
$("chat-form").addEventListener("submit", async e => {
  e.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  const token = tokenFor(activeSeat) || store.host; // the host (seated or not) may chat
  if (!text || !token || chatSending || chatBlocked()) return;
  // The message's own push usually arrives before this answer: its redraw must not enable the
  // field, or what is typed meanwhile would be wiped when the answer clears it.
  chatSending = true;
  setChatDisabled(true);
  const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/chat`, { body: { text }, token });
  chatSending = false;
  setChatDisabled(!!chatBlocked()); // the table may have been closed meanwhile
  if (res.status === 0) { showBanner(NETWORK_TEXT, "error"); return; }
  if (res.ok) { input.value = ""; if (res.data && res.data.observation !== undefined) applyView(res.data); else fetchView(); }
  else toast(errorText(res.data, "Message not sent"), "error");
  input.focus();
});

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
  if (ok) connect();
  else setConn("offline");
  // seats.js: a player who joined is asked for a name once (the remembered one is used if free)
  const named = await ensureName({ tableId, view, seat: activeSeat, token: tokenFor(activeSeat), store, persist });
  if (named) applyView(named);
}

main();
