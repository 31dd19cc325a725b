// The replay viewer /replay: upload a game record, POST it to /api/replay, then step forward and
// back through the positions with the game's renderer (spectator view: public information only).
import { h, fill, api, errorText, header, titleCase, logText } from "/static/common.js";
import * as generic from "/static/games/generic.js";

const $ = id => document.getElementById(id);
let steps = [];
let record = null;
let renderer = generic;
let index = 0;
let playing = null;
let asked = 0; // records asked for: only the last one's answer is shown (a slow earlier one is dropped)

function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

async function open(file) {
  const ask = ++asked;
  showError("");
  let data;
  try { data = JSON.parse(await file.text()); } catch (err) { if (ask === asked) showError(`This file is not JSON: ${err.message}`); return; }
  await show(data, file.name, ask);
}

/** Replay a finished table straight from the server (/replay?table=ID). */
async function openTable(id) {
  const ask = ++asked;
  const res = await api("GET", `/api/tables/${encodeURIComponent(id)}/record`);
  if (ask !== asked) return;
  if (!res.ok) { showError(errorText(res.data, "This table's record is not available (is the game over?)")); return; }
  await show(res.data, `table ${id}`, ask);
}

/** Replay `data` (a record) unless another record was asked for since (`ask`, from `asked`). */
async function show(data, label, ask) {
  const res = await api("POST", "/api/replay", { body: data });
  if (ask !== asked) return;
  if (!res.ok) { showError(errorText(res.data, "This record cannot be replayed")); return; }
  const game = res.data.game || data.game;
  let next;
  try { next = await import(`/static/games/${encodeURIComponent(game)}.js`); } catch { next = generic; }
  if (ask !== asked) return;
  record = data;
  steps = res.data.steps || [];
  renderer = typeof next.render === "function" ? next : generic;
  $("title").textContent = `Replay · ${res.data.title || titleCase(game)}`;
  $("subtitle").textContent = `${steps.length - 1} steps · ${label}`;
  $("viewer").hidden = false;
  $("slider").max = String(Math.max(0, steps.length - 1));
  fill($("steps"), steps.map((s, i) => h("li", { dataset: { i } },
    h("button", { type: "button", class: "link", onclick: () => go(i) },
      s.action === null || s.action === undefined ? h("span", { class: "muted" }, "start of the game")
        : [s.seat === -1 || s.seat === null ? h("span", { class: "muted" }, "chance: ") : h("b", {}, `${seatLabel(s.seat)}: `), prettyAction(s.action)]))));
  go(0);
}

function seatLabel(seat) {
  const label = record && record.players && record.players[seat];
  return label ? `Seat ${seat} (${label})` : `Seat ${seat}`;
}

/** An action text with the game's names (e.g. Rare Roses "striped-dragon/bud" → "Striped Dragon (bud)"). */
function prettyAction(text) {
  try { if (typeof renderer.logLine === "function") return String(renderer.logLine(String(text))); } catch { /* plain */ }
  return String(text);
}

function viewAt(i) {
  const s = steps[i] || {};
  const obs = s.observation || {};
  const n = (record && record.params && record.params.players) || obs.players || 0;
  const finalStep = i === steps.length - 1;
  return {
    game: record.game, title: titleCase(record.game), seat: null, version: i,
    seats: Array.from({ length: n }, (_, k) => ({ seat: k, kind: String((record.players || [])[k] || "").startsWith("bot") ? "bot" : "human", name: seatLabel(k) })),
    current_player: obs.current_player ?? -1, terminal: finalStep && !!(record.result && record.result.terminal),
    returns: finalStep && record.result ? record.result.returns : null,
    observation: obs, legal_actions: [], chat: [],
  };
}

function go(i) {
  if (!steps.length) return;
  index = Math.max(0, Math.min(steps.length - 1, i));
  const v = viewAt(index);
  const s = steps[index];
  $("slider").value = String(index);
  $("step-label").textContent = `Step ${index} of ${steps.length - 1}`;
  fill($("step-action"), s.action === null || s.action === undefined ? "Start of the game" :
    [s.seat === -1 ? "Chance: " : h("b", {}, `${seatLabel(s.seat)} `), prettyAction(s.action)]);
  const board = $("board");
  fill(board);
  const ctx = { act: () => {}, busy: true, seat: null, replay: true, legal: [], players: v.seats.length, name: k => `Seat ${k}` };
  try { renderer.render(v, board, ctx); } catch (err) { console.error(err); fill(board); generic.render(v, board, ctx); }
  const log = Array.isArray(v.observation.log) ? v.observation.log : (Array.isArray(s.log) ? s.log : []);
  const logEl = $("log");
  fill(logEl, log.map(line => h("li", {}, logText(v, line, renderer))));
  logEl.scrollTop = logEl.scrollHeight;
  for (const li of $("steps").children) li.classList.toggle("current", Number(li.dataset.i) === index);
  const cur = $("steps").children[index];
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function togglePlay() {
  if (playing) { clearInterval(playing); playing = null; $("play").textContent = "Play"; return; }
  $("play").textContent = "Pause";
  playing = setInterval(() => { if (index >= steps.length - 1) togglePlay(); else go(index + 1); }, 700);
}

fill($("site-header"), header("replay"));
$("record-file").addEventListener("change", e => { const f = e.target.files[0]; if (f) open(f); });
const drop = $("drop");
drop.addEventListener("dragover", e => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", e => { e.preventDefault(); drop.classList.remove("over"); const f = e.dataTransfer.files[0]; if (f) open(f); });
const fromTable = new URLSearchParams(location.search).get("table");
if (fromTable) openTable(fromTable);
$("first").onclick = () => go(0);
$("prev").onclick = () => go(index - 1);
$("next").onclick = () => go(index + 1);
$("last").onclick = () => go(steps.length - 1);
$("play").onclick = togglePlay;
$("slider").addEventListener("input", e => go(Number(e.target.value)));
document.addEventListener("keydown", e => {
  if ($("viewer").hidden || e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "ArrowRight") { go(index + 1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { go(index - 1); e.preventDefault(); }
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(steps.length - 1);
  else if (e.key === " ") { togglePlay(); e.preventDefault(); }
});
