// The replay viewer /replay: upload a game record, POST it to /api/replay, then step forward and
// back through the positions with the game's renderer (spectator view: public information only).
import { drawLog as groupedLog } from "/static/logview.js";
import { h, fill, api, errorText, header, titleCase, logText, seatName } from "/static/common.js";
import { chanceGraph } from "/static/chancegraph.js";
import { drawTalk, talkLog } from "/static/talk.js";
import * as generic from "/static/games/generic.js";

const $ = id => document.getElementById(id);
let steps = [];
let logLines = []; // every step's public log lines, joined: step i's log is logLines[0, logEnds[i])
let logEnds = [];
let record = null;
let talk = []; // the record's table talk, as /api/replay answers it (talk.js draws it)
let resultTags = null; // how the game ended (State.result_tags), as /api/replay answers it
let story = null; // the finished game's story (plain sentences), as /api/replay answers it
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
  await labelsLoaded;
  let next;
  try { next = await import(`/static/games/${encodeURIComponent(game)}.js`); } catch { next = generic; }
  if (ask !== asked) return;
  record = data;
  steps = res.data.steps || [];
  joinLogs(steps);
  talk = res.data.talk || [];
  resultTags = res.data.result_tags || null;
  story = Array.isArray(res.data.story) ? res.data.story : null;
  setUpCards(res.data, n => seatLabel(n));
  renderer = typeof next.render === "function" ? next : generic;
  $("title").textContent = `Replay · ${res.data.title || titleCase(game)}`;
  $("subtitle").textContent = `${steps.length - 1} steps · ${label}`;
  $("viewer").hidden = false;
  resetAnalysis();
  $("slider").max = String(Math.max(0, steps.length - 1));
  fill($("steps"), steps.map((s, i) => h("li", { dataset: { i } },
    h("button", { type: "button", class: "link", onclick: () => go(i) }, stepEntry(i)))));
  go(0);
}

// Plain bot names from GET /api/games ("heuristic" → "Standard"), for the record's "bot:NAME"
// players, by game: a game's own bot is labelled by its game (Rare Roses' "search" is "Look-ahead").
const botLabels = {};
const labelsLoaded = api("GET", "/api/games").then(res => {
  if (res.ok && Array.isArray(res.data)) for (const g of res.data) botLabels[g.name] = g.bot_labels || {};
});

const logOpened = new Map(); // log groups opened or closed, kept while stepping

/** Who held `seat` when action `step` (0-based index into the record's actions) was taken: the
 *  record's `holders` entry (a seat can change hands), or null for a record without names. */
function holderAt(seat, step) {
  const list = record && Array.isArray(record.holders) ? record.holders[seat] : null;
  if (!Array.isArray(list) || !list.length) return null;
  let cur = list[0];
  for (const e of list) if (e && (e.from ?? 0) <= step) cur = e;
  return cur;
}

/** A seat as the replay names it at action `step` (default: at the end): its holder's name
 *  ("Ana", "Hazel (hard bot)"), else "Seat 1 (Standard bot)" from the record's players. */
function seatLabel(seat, step = Infinity) {
  const holder = holderAt(seat, step);
  if (holder && holder.name) return /^seat \d+$/i.test(String(holder.name)) ? `Seat ${seat + 1}` : String(holder.name);
  let label = record && record.players && record.players[seat];
  if (label && String(label).startsWith("bot:")) {
    const name = String(label).slice(4);
    label = `${(botLabels[record.game] || {})[name] || name} bot`;
  }
  return label ? `Seat ${seat + 1} (${label})` : `Seat ${seat + 1}`;
}

// ---------------------------------------------------------------- what each step did, in plain words
/** Said of a chance step that added no public log line (nothing of it is shown). */
const CHANCE_WORDS = "Something is drawn at random";

/** The seats named as at step `i` (as viewAt names them): enough of a view for logText. */
function namesAt(i) {
  const obs = (steps[i] || {}).observation || {};
  const n = (record && record.params && record.params.players) || obs.players || 0;
  return { seats: Array.from({ length: n }, (_, k) => ({ seat: k, name: seatLabel(k, Math.max(0, i - 1)) })) };
}

/** A seat's menu words ("Give the coin to Seat 2": seats counted from 1) with the seats' names. */
function namedWords(view, text) {
  return String(text).replace(/\bSeat (\d+)\b/g, (whole, d) => seatName(view, Number(d) - 1));
}

/** Step `i` (i ≥ 1) in plain words, never its action text: `lines`, the public log lines it added
 *  (seat names, as the log panel shows them), or else the mover's menu words or, for chance, a
 *  short phrase; `who`, the seat that moved (null for chance); `words`, whether `lines` are words. */
function stepWords(i) {
  const s = steps[i] || {};
  const view = namesAt(i);
  const who = s.seat === null || s.seat === undefined || s.seat < 0 ? null : seatLabel(s.seat, i - 1);
  const lines = (Array.isArray(s.log) ? s.log : []).map(line => logText(view, line, renderer)).filter(Boolean);
  if (lines.length) return { who, lines, words: false };
  if (who === null) return { who, lines: [CHANCE_WORDS], words: true };
  return { who, lines: [namedWords(view, s.words || "a move")], words: true };
}

/** The moves list's entry for step `i`: "Alice offers a card face down to Rowan" (the step's
 *  first log line, its mover in bold), "Round 2: Alice gives the coin to Rowan" (a line that names
 *  the mover further on), "Alice: Done buying" (menu words), or a chance step greyed. */
function stepEntry(i) {
  const s = steps[i] || {};
  if (s.action === null || s.action === undefined) return h("span", { class: "muted" }, "start of the game");
  const { who, lines, words } = stepWords(i);
  if (who === null) return h("span", { class: "muted" }, lines[0]);
  const line = lines[0];
  // one span each: the text wraps under the name
  if (!words && line.startsWith(`${who} `)) return h("span", {}, h("b", {}, who), line.slice(who.length));
  if (!words && line.includes(who)) return h("span", {}, line);
  return h("span", {}, h("b", {}, `${who}: `), line);
}

/** The line above the board for step `i`: every log line the step added, or its words. */
function stepLine(i) {
  const s = steps[i] || {};
  if (s.action === null || s.action === undefined) return "Start of the game";
  const { who, lines, words } = stepWords(i);
  const text = lines.map(l => /[.!?:]$/.test(l) ? l : `${l}.`).join(" ");
  return who !== null && words ? [h("b", {}, `${who}: `), text] : text;
}

/** The steps' `log` lines joined: a step's observation leaves its log out (POST /api/replay
 *  sent it whole at every step, an answer growing with the square of the game's length). */
function joinLogs(all) {
  logLines = [];
  logEnds = all.map(s => { for (const line of Array.isArray(s.log) ? s.log : []) logLines.push(line); return logLines.length; });
}

// ---------------------------------------------------------------- every card, after the end
// Once a game is over its record holds every card: "Show all cards of" a seat merges what that
// seat's own observation adds (POST /api/replay?cards=all: its hand, stack, lost cards, role,
// crystal) over the spectator's at each step, and draws the board as that seat saw it. Never
// offered for a game that did not end (the server answers 409 there).
let cardsOf = null; // the seat whose cards are shown, or null
let ownCards = null; // per step, per seat: what the seat's own observation adds (fetched once)

function setUpCards(data, label) {
  cardsOf = null;
  ownCards = null;
  const box = $("cards-of-box"), select = $("cards-of");
  const over = !!(data.result && data.result.terminal);
  box.hidden = !over;
  const n = (data.players || []).length || ((data.params || {}).players) || 0;
  fill(select, [h("option", { value: "" }, "nobody (what everyone saw)"),
    ...Array.from({ length: over ? n : 0 }, (_, k) => h("option", { value: String(k) }, label(k)))]);
  select.value = "";
}

async function showCardsOf(value) {
  if (value === "") { cardsOf = null; go(index); return; }
  if (!ownCards) {
    const asked0 = asked;
    const res = await api("POST", "/api/replay?cards=all", { body: record });
    if (asked0 !== asked) return;
    if (!res.ok) { showError(errorText(res.data, "The cards of this game cannot be shown")); $("cards-of").value = ""; return; }
    ownCards = (res.data.steps || []).map(s => s.seats || []);
  }
  cardsOf = Number(value);
  go(index);
}

function viewAt(i) {
  const s = steps[i] || {};
  const own = cardsOf !== null && ownCards ? (ownCards[i] || [])[cardsOf] : null;
  const given = own ? { ...(s.observation || {}), ...own } : (s.observation || {});
  // the log so far, for the log panel and the renderers that read it (Roses and Thorns' last challenge)
  const obs = Array.isArray(given.log) ? given : { ...given, log: logLines.slice(0, logEnds[i] || 0) };
  const n = (record && record.params && record.params.players) || obs.players || 0;
  const finalStep = i === steps.length - 1;
  return {
    game: record.game, title: titleCase(record.game), seat: own ? cardsOf : null, version: i,
    seats: Array.from({ length: n }, (_, k) => ({ seat: k, kind: String((record.players || [])[k] || "").startsWith("bot") ? "bot" : "human", name: seatLabel(k, Math.max(0, i - 1)) })),
    current_player: obs.current_player ?? -1, terminal: finalStep && !!(record.result && record.result.terminal),
    returns: finalStep && record.result ? record.result.returns : null,
    result_tags: finalStep ? resultTags : null, // how the game ended (the replay's answer): public at the end
    observation: obs, legal_actions: [], status: "finished",
    chat: talk.filter(t => (t.at_move ?? 0) <= i).map((t, k) => ({ id: k, seat: t.seat, name: t.name, text: t.text, talk: t })),
  };
}

function go(i) {
  if (!steps.length) return;
  index = Math.max(0, Math.min(steps.length - 1, i));
  const v = viewAt(index);
  $("slider").value = String(index);
  $("step-label").textContent = `Step ${index} of ${steps.length - 1}`;
  fill($("step-action"), stepLine(index));
  // At the last step of a finished game: why it ended and the standings (the end screen's words).
  const storyEl = $("replay-story");
  const atEnd = index === steps.length - 1 && !!(story && story.length);
  storyEl.hidden = !atEnd;
  fill(storyEl, atEnd ? [h("h2", {}, "How the game ended"), ...story.map(line => h("p", {}, String(line)))] : []);
  const board = $("board");
  fill(board);
  const ctx = { act: () => {}, busy: true, seat: null, replay: true, legal: [], players: v.seats.length,
    name: k => holderAt(k, 0) ? v.seats[k].name : `Seat ${k + 1}`,
    // an engine line on the board (Roses and Thorns' last challenge) with the seats' names, as the log panel
    line: text => logText(v, text, renderer) };
  try { renderer.render(v, board, ctx); } catch (err) { console.error(err); fill(board); generic.render(v, board, ctx); }
  const log = v.observation.log;
  const logEl = $("log");
  groupedLog(logEl, talkLog(v, log.map(line => logText(v, line, renderer)), 0, renderer), renderer, logOpened);
  drawTalk(v, null);
  logEl.scrollTop = logEl.scrollHeight;
  for (const li of $("steps").children) li.classList.toggle("current", Number(li.dataset.i) === index);
  for (const pt of document.querySelectorAll("#analysis-graph .pt")) pt.classList.toggle("current", Number(pt.dataset.i) === index);
  // Scroll the moves list only: scrollIntoView scrolled the page too, and on a phone (the list
  // below the board) every step carried the board and the ◀ ▶ buttons off the screen.
  const list = $("steps"), cur = list.children[index];
  if (cur) {
    const lr = list.getBoundingClientRect(), cr = cur.getBoundingClientRect();
    if (cr.top < lr.top) list.scrollTop += cr.top - lr.top;
    else if (cr.bottom > lr.bottom) list.scrollTop += cr.bottom - lr.bottom;
  }
}

// ---------------------------------------------------------------- analysis (POST /api/analysis)
let analysing = 0; // analyses asked for: only the last one's answer is drawn

function resetAnalysis() {
  analysing++;
  const n = (record && record.params && record.params.players) || 0;
  fill($("analysis-seat"), Array.from({ length: n }, (_, k) => h("option", { value: String(k) }, seatLabel(k))));
  $("analyse").disabled = n === 0;
  $("analysis-status").textContent = "";
  fill($("analysis-graph"));
  fill($("analysis-marked"));
}

async function analyse() {
  const ask = ++analysing;
  const seat = Number($("analysis-seat").value);
  $("analyse").disabled = true;
  $("analysis-status").textContent = `Analysing ${seatLabel(seat)}'s moves…`;
  fill($("analysis-graph"));
  fill($("analysis-marked"));
  const res = await api("POST", "/api/analysis", { body: { record, seat } });
  if (ask !== analysing) return;
  $("analyse").disabled = false;
  if (!res.ok) { $("analysis-status").textContent = errorText(res.data, `The analysis failed (${res.status})`); return; }
  const decisions = res.data.decisions || [];
  const marked = res.data.marked || [];
  $("analysis-status").textContent = decisions.length
    ? `${decisions.length} decision${decisions.length === 1 ? "" : "s"} of ${seatLabel(seat)} analysed.`
    : `${seatLabel(seat)} had no real choice in this game (every move was forced).`;
  if (!decisions.length) return;
  $("analysis-graph").appendChild(chanceGraph(decisions, marked, seatLabel(seat), step => go(step + 1)));
  fill($("analysis-marked"), marked.map((m, k) => h("li", { dataset: { step: m.step } },
    h("button", { type: "button", class: "link", onclick: () => go(m.step + 1) },
      h("span", { class: "mark-no" }, String(k + 1)), " ", m.text))));
  if (!marked.length) $("analysis-marked").appendChild(h("li", { class: "muted" }, "No move lost much: every choice kept close to the best chance."));
  go(index);
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
$("analyse").onclick = analyse;
$("slider").addEventListener("input", e => go(Number(e.target.value)));
$("cards-of").addEventListener("change", e => showCardsOf(e.target.value));
document.addEventListener("keydown", e => {
  if ($("viewer").hidden || e.target.tagName === "INPUT" && e.target.type !== "range" || e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight") { go(index + 1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { go(index - 1); e.preventDefault(); }
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(steps.length - 1);
  // Space on a focused button or link is that control's own key (Space on ▶ steps, it does not play).
  else if (e.key === " " && !(e.target.closest && e.target.closest("button, a, summary, select, textarea"))) { togglePlay(); e.preventDefault(); }
});
