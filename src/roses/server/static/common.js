// Shared helpers of the browser table: safe DOM building, the JSON API, seat tokens, toasts.
// Every text that reaches the page goes through text nodes (never innerHTML): chat messages,
// player names and game texts come from users or from the server and are not trusted as markup.

/** Build an element. `props`: class, text, title, attributes, `on<event>` handlers, `dataset`.
 *  Children: strings/numbers become text nodes, null/false/undefined are skipped, arrays flatten. */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    // Handlers are functions only: a string never becomes an inline handler.
    else if (key.startsWith("on")) { if (typeof value === "function") node.addEventListener(key.slice(2), value); }
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace the children of `node` with `children` (same rules as `h`). */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** Call the JSON API. Returns {ok, status, data}; never throws for HTTP errors (network errors
 *  come back as status 0). */
export async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (method === "POST" && body === undefined) body = {}; // every POST is JSON (the server's rule)
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    return { ok: false, status: 0, data: { error: "network", message: String(err) } };
  }
  let data = null;
  const text = await response.text();
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  return { ok: response.ok, status: response.status, data };
}

/** A readable message from an error body ({error, detail, message, rule}). */
export const NETWORK_TEXT = "Can't reach the server — retrying…";

export function errorText(data, fallback = "Something went wrong") {
  if (!data) return fallback;
  if (data.error === "network") return NETWORK_TEXT; // not "TypeError: Failed to fetch"
  if (typeof data === "string") return data;
  const detail = data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) return detail.map(d => d.msg || JSON.stringify(d)).join("; ");
  if (detail && typeof detail === "object") return errorText(detail, fallback);
  return data.message || data.error || fallback;
}

// ---------------------------------------------------------------- seat tokens (localStorage)
// One entry per table: {seats: {"<seat>": token}, host: token|null, hotseat: bool}. Kept in
// localStorage so reopening /t/{id} from history or a bookmark in the same browser rejoins the
// seat; entries written by older pages to sessionStorage are still read (and moved over).
const KEY = id => `roses:table:${id}`;

function readEntry(storage, id) {
  try {
    const data = JSON.parse(storage.getItem(KEY(id)) || "null");
    if (data && typeof data === "object") return data;
  } catch { /* a damaged entry (or no storage) is dropped */ }
  return null;
}

export function loadTable(id) {
  const data = readEntry(localStorage, id) || readEntry(sessionStorage, id);
  if (data) return { seats: {}, host: null, hotseat: false, ...data };
  return { seats: {}, host: null, hotseat: false };
}

export function saveTable(id, data) {
  try { localStorage.setItem(KEY(id), JSON.stringify(data)); }
  catch { sessionStorage.setItem(KEY(id), JSON.stringify(data)); }
}

// ---------------------------------------------------------------- names and small widgets
/** "Anna" (the name given at the table) or "Seat 3" for seat `i` (0-based) of a view. */
export function seatName(view, i) {
  if (i === null || i === undefined || i < 0) return "—";
  const info = (view && view.seats || []).find(s => s.seat === i) || {};
  // The engine's logs and action texts ("flip 2") count seats from 0; players count from 1.
  return givenName(info) || `Seat ${i + 1}`;
}

/** The name a player gave, or a bot's ("Hazel (hard bot)"), or null (the server's default
 *  "Seat N" names are not given names: the page says "Seat N", counted from 1). */
function givenName(info) {
  if (!info || !info.name) return null;
  const name = String(info.name).trim();
  return /^seat \d+$/i.test(name) ? null : name;
}

/** An engine line (seats counted from 0: "seat 3", "seats 0, 3 (you), 5") in plain words: each
 *  seat by the name its player gave, else "Seat 4" (counted from 1). The same rule as
 *  roses.core.plain.plain_line for the terminal. */
export function namedLine(view, line) {
  const named = d => seatName(view, Number(d));
  // One pass: a list ("seats 0, 3 (you)", plural only) or one seat ("seat 2").
  return String(line).replace(/\b[Ss]eats ((?:\d+(?: \(you\))?, )*\d+(?: \(you\))?)|\b[Ss]eat (\d+)\b/g,
    (whole, list, d) => d !== undefined ? named(d) : list.replace(/\d+/g, named));
}

/** A ruling cited in brackets: "(FAQ Q3)", "(FAQ Q9, Q12)", "(BR-7)". */
const RULING = /\s*\((?:FAQ\s+)?(?:Q\d+|(?:RT|RC|RR|BR)-\d+)(?:\s*[,/]\s*(?:FAQ\s+)?(?:Q\d+|(?:RT|RC|RR|BR)-\d+))*\)/g;

/** A log line as the page shows it, a sentence: seat names (namedLine), the game renderer's
 *  `logLine` prettifier if it has one (e.g. Rare Roses rose names), a closing full stop when it
 *  ends without one, and a capital first letter — unless the line starts with a name a player
 *  gave, which is shown as given ("élodie", not "Élodie"). The terminal's rule:
 *  roses.core.plain.log_sentence. */
export function logText(view, line, renderer) {
  // Blades & Rose cites its FAQ in two lines ("nothing happens (FAQ Q3)"): players read no rulings.
  let text = namedLine(view, line).replace(RULING, "");
  try { if (renderer && typeof renderer.logLine === "function") text = String(renderer.logLine(text)); } catch { /* plain */ }
  text = text.trim();
  if (/[\p{L}\p{N})]$/u.test(text)) text += ".";
  const names = (view && view.seats || []).map(givenName).filter(Boolean);
  if (names.some(name => text.startsWith(name))) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short tag for a seat: "you", "bot" or nothing. */
export function seatTag(view, i) {
  const info = (view && view.seats || []).find(s => s.seat === i) || {};
  if (view && view.seat === i) return "you";
  if (info.kind === "bot") return info.bot ? `bot · ${info.bot_label || info.bot}` : "bot"; // "bot · Hard search"
  return info.connected === false ? "away" : "";
}

/** Keep Tab and Shift+Tab inside the dialog `box` (a modal overlay): without this, Tab walked on
 *  to the page hidden behind it. Returns a function that removes the trap. */
export function trapTab(box) {
  const onKey = e => {
    if (e.key !== "Tab" || box.hidden) return;
    const items = [...box.querySelectorAll("button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), summary")]
      .filter(el => el.offsetParent !== null);
    if (!items.length) return;
    const first = items[0], last = items[items.length - 1];
    const at = items.indexOf(document.activeElement);
    // outside the dialog, or on its heading (focused when it opened): into the dialog's buttons
    if (!box.contains(document.activeElement) || (at < 0 && e.shiftKey)) { e.preventDefault(); (e.shiftKey ? last : first).focus(); }
    else if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

let toastBox = null;
/** A short message in the corner; kind: "info" | "error" | "ok". */
export function toast(message, kind = "info", ms = 4000) {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.appendChild(toastBox);
  }
  const item = h("div", { class: `toast toast-${kind}` }, message);
  toastBox.appendChild(item);
  setTimeout(() => item.remove(), ms);
  return item;
}

/** Copy `text` to the clipboard (falls back to selecting a field). */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Copied", "ok", 1500);
  } catch {
    if (field) { field.focus(); field.select(); }
    toast("Select and copy the link", "info", 2500);
  }
}

/** Site header shared by the pages. */
export function header(active) {
  const link = (href, label, key) => h("a", { href, class: active === key ? "active" : "" }, label);
  return h("header", { class: "site" },
    h("a", { href: "/", class: "brand" }, h("span", { class: "brand-rose", "aria-hidden": "true" }, "✿"), " roses"),
    h("nav", {}, link("/", "Lobby", "lobby"), link("/replay", "Replays", "replay")));
}

/** Capitalised words from a kebab/snake name. */
export function titleCase(name) {
  return String(name).replace(/[-_]+/g, " ").replace(/\b\w/g, c => c.toUpperCase());
}

/** Format a return value (1, 0.5, 0) as a result word. */
export function resultWord(value) {
  if (value === null || value === undefined) return "";
  if (value >= 0.999) return "winner";
  if (value > 0) return `shared win (${Math.round(value * 100)}%)`;
  return "";
}
