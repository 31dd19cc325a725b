// The table page's game log (table.js): the seat's log lines as the views bring them, earlier
// pages fetched when the player asks (GET /api/tables/{id}/log), drawn grouped by logview.js with
// table talk's lines, and the new lines said to screen readers through "#announce".
import { drawLog as groupedLog } from "/static/logview.js";
import { api, errorText, logText, toast } from "/static/common.js";
import { talkLog } from "/static/talk.js";

const $ = id => document.getElementById(id);

const logOpened = new Map(); // log groups a player opened or closed, kept across redraws

// A view carries the newest log lines only (from view.log_start); earlier ones are fetched a
// page at a time when the player asks. Lines by their index in the seat's whole log.
const logLines = { seat: undefined, byIndex: new Map() };

/** The log lines known here that run without a gap up to the view's last: {first, lines}. */
function knownLog(view) {
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

async function fetchEarlierLog(page, before) {
  const res = await api("GET", `/api/tables/${encodeURIComponent(page.tableId)}/log?before=${before}&limit=500`,
    { token: page.token() });
  if (!res.ok) { toast(errorText(res.data, "Could not load the earlier log"), "error"); return; }
  if (logLines.seat !== page.view.seat) return;  // hot seat: another seat's log now
  res.data.lines.forEach((line, k) => logLines.byIndex.set(res.data.start + k, line));
  drawLog(page);
}

// Screen-reader players: the log is redrawn whole, so nothing told them what the other seats just
// did. The lines new since the last view are said through the polite live region #announce (the
// last few only, so a burst of bot moves is not read out for a minute); none at the first view.
const spoken = { seat: undefined, upto: -1 };
function announceLog(view, renderer, first, lines) {
  const end = first + lines.length;
  if (spoken.seat !== view.seat || spoken.upto < 0) { spoken.seat = view.seat; spoken.upto = end; return; }
  if (end <= spoken.upto) return;
  const fresh = lines.slice(Math.max(0, spoken.upto - first)).map(line => logText(view, line, renderer)).filter(Boolean);
  spoken.upto = end;
  if (fresh.length) $("announce").textContent = fresh.slice(-3).join(" ");
}

/** The game log "#log", grouped by logview.js, with table talk's lines (talk.js). */
export function drawLog(page) {
  const { view, renderer } = page;
  const el = $("log");
  const { first, lines } = knownLog(view);
  announceLog(view, renderer, first, lines);
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  groupedLog(el, talkLog(view, lines.map(line => logText(view, line, renderer)), first, renderer), renderer, logOpened,
    first > 0 ? { earlier: first, title: "Earlier in the game", more: () => fetchEarlierLog(page, first) } : null);
  if (atBottom || !el.dataset.seen) el.scrollTop = el.scrollHeight;
  el.dataset.seen = "1";
}
