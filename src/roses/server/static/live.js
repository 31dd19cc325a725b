// The table page's live connection (table.js): a WebSocket to /ws/tables/{id} speaking for the
// active seat, which carries the seat's moves as well (sendMove), pinged every 25 s, reopened with backoff when it drops (the view is re-fetched on
// every open: anything missed while away), and the "#conn" badge that says its state. Views and
// chat it receives go to the page through `page` (table.js documents it).
import { errorText } from "/static/common.js";

const $ = id => document.getElementById(id);

let ws = null;
let wsAttempt = 0;
let wsTimer = null;
let pingTimer = null;

/** Whether a connection was started and not refused or dropped on purpose (it may be retrying). */
export function started() {
  return ws !== null;
}

function wsUrl(page) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const token = page.token();
  return `${proto}://${location.host}/ws/tables/${encodeURIComponent(page.tableId)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
}

export function setConn(state) {
  const el = $("conn");
  el.className = `conn conn-${state}`;
  el.textContent = { live: "live", connecting: "connecting…", reconnecting: "reconnecting…", offline: "offline" }[state] || state;
}

export function connect(page) {
  clearTimeout(wsTimer);
  const seat = page.seat;
  const socket = new WebSocket(wsUrl(page));
  ws = socket;
  setConn(wsAttempt ? "reconnecting" : "connecting");
  socket.onopen = () => {
    if (ws !== socket) return;
    wsAttempt = 0;
    setConn("live");
    page.clearNetworkBanner();
    page.fetchView(); // restore the view: anything missed while away
    clearInterval(pingTimer);
    pingTimer = setInterval(() => { if (socket.readyState === 1) socket.send(JSON.stringify({ type: "ping" })); }, 25000);
  };
  socket.seat = seat;
  socket.awaiting = new Map(); // the moves sent on it and not yet answered: id -> {resolve, timer}
  socket.onmessage = event => {
    let msg;
    try { msg = JSON.parse(event.data); } catch { return; }
    if (msg && (msg.type === "acted" || msg.type === "refused")) { answered(socket, msg); return; }
    if (ws !== socket || seat !== page.seat) return; // a message for a seat left (hot seat)
    if (msg && msg.type === "view") page.applyView(msg);
    else if (msg && msg.type === "chat") page.addChat(msg);
    else if (msg && msg.type === "error") wsRefused(page, msg);
  };
  socket.onclose = () => {
    for (const { resolve, timer } of socket.awaiting.values()) {
      clearTimeout(timer);
      resolve({ ok: false, status: 0, data: { error: "network" } });
    }
    socket.awaiting.clear();
    if (ws !== socket) return; // replaced on purpose
    clearInterval(pingTimer);
    setConn("reconnecting");
    const delay = Math.min(15000, 500 * 2 ** wsAttempt) + Math.random() * 300;
    wsAttempt += 1;
    wsTimer = setTimeout(() => connect(page), delay);
  };
}

let moveId = 0;

/** Send a move on the live connection, which speaks for the page's seat: a promise of `{ok,
 *  status, data}` as `api()` gives (`data`: the refusal's body; `null` once accepted, the new view
 *  having come first, pushed), or `null` when no connection for this seat is open (the caller
 *  posts the move instead: the server checks both alike). */
export function sendMove(page, text, version) {
  const socket = ws;
  if (!socket || socket.readyState !== 1 || socket.seat !== page.seat) return null;
  const id = ++moveId;
  return new Promise(resolve => {
    // No answer in time: the connection is taken for dead (it may be, without having closed):
    // the move is reported unsent (the page refreshes; a move that did arrive is not applied
    // twice, by its version) and the connection is opened again.
    const timer = setTimeout(() => {
      if (!socket.awaiting.delete(id)) return;
      resolve({ ok: false, status: 0, data: { error: "network" } });
      if (ws === socket) socket.close();
    }, MOVE_ANSWER_MS);
    socket.awaiting.set(id, { resolve, timer });
    socket.send(JSON.stringify({ type: "act", id, action: text, version }));
  });
}

/** How long a move sent on the socket waits for its answer. */
const MOVE_ANSWER_MS = 15000;

function answered(socket, msg) {
  const waiting = socket.awaiting.get(msg.id);
  if (!waiting) return;
  socket.awaiting.delete(msg.id);
  clearTimeout(waiting.timer);
  if (msg.type === "acted") waiting.resolve({ ok: true, status: 200, data: null });
  else waiting.resolve({ ok: false, status: msg.status, data: msg });
}

/** The server refused the live connection: a token it no longer knows (watch instead), or a
 *  table that is gone (stop trying). */
function wsRefused(page, msg) {
  const socket = ws;
  ws = null;
  if (socket) socket.close();
  if ((msg.status === 401 || msg.status === 403) && page.seat !== null) {
    page.dropSeat();
    page.fetchView().then(() => reconnect(page));
    return;
  }
  setConn("offline");
  page.showBanner(errorText(msg, "The table refused the live connection"), "error");
}

/** Drop the connection (it speaks for a seat no longer active) and open a new one at once. */
export function reconnect(page) {
  const old = ws;
  ws = null;
  if (old) old.close();
  wsAttempt = 0;
  connect(page);
}
