// The table page's end screen (table.js): the results over a finished game (why it ended, in the
// view's `story`; scores, "You won!",
// a solo table's final score) with the rematch box (seats.js), the replay and new-game links and
// the game record's download; it waits for the last cards to turn (reveal.js) and keeps keyboard
// focus inside until closed.
import { h, fill, trapTab, api, errorText, seatName, toast, resultWord } from "/static/common.js";
import { rematchBox, updateRematch } from "/static/seats.js";
import { whenRevealed, busy as revealing } from "/static/reveal.js";
import { chanceGraph } from "/static/chancegraph.js";

const $ = id => document.getElementById(id);

let endShown = false;
let untrapEnd = () => {};
/** The end screen "#end" over a finished game (once; after the last cards turn). */
export function drawEnd(page) {
  const { view, renderer, tableId, store } = page;
  const el = $("end");
  if (!view.terminal) { el.hidden = true; endShown = false; return; }
  if (endShown) return;
  if (revealing()) { whenRevealed(() => { if (page.view) drawEnd(page); }); return; } // the last cards turn first (reveal.js)
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
    storyBlock(view.story),
    chancesBlock(page),
    h("ul", { class: "results" }, order.map(i => h("li", { class: (returns[i] || 0) > 0 && !solo ? "winner" : "" },
      h("span", { class: "star", "aria-hidden": "true" }, (returns[i] || 0) > 0 && !solo ? "★" : ""),
      h("span", { class: "pname" }, seatName(view, i), i === view.seat ? " (you)" : ""),
      (returns[i] || 0) > 0 && !solo ? h("span", { class: "tag win-tag" }, resultWord(returns[i])) : null,
      scoreText(i) ? h("span", { class: "score" }, scoreText(i)) : null,
      note(i) ? h("span", { class: "note" }, note(i)) : null))),
    rematchBox(),
    h("div", { class: "row center" },
      // one filled button on the end screen: "Play again" (the rematch); the rest are plain
      h("button", { type: "button", id: "download-record", onclick: () => downloadRecord(page) }, "Download the game record"),
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

/** The finished game's story (the view's `story`: why it ended, then the standings, in the
 *  server's plain sentences, the same words as the terminal's), or nothing before the end. */
export function storyBlock(story) {
  if (!Array.isArray(story) || !story.length) return null;
  return h("div", { class: "story", id: "end-story" }, story.map(line => h("p", {}, String(line))));
}

/** For a player's own seat: "How did my chances go?" runs the analysis of the seat's decisions
 *  (POST /api/analysis on the game's record, the hard search bot: a few seconds per ten moves) and
 *  draws its win-chance graph, the biggest drops marked. Nothing for a watcher. */
function chancesBlock(page) {
  const { view, tableId } = page;
  if (view.seat === null || view.seat === undefined) return null;
  const status = h("p", { class: "muted small", id: "end-chances-status", role: "status" });
  const graph = h("div", { class: "analysis-graph", id: "end-chances-graph" });
  const button = h("button", { type: "button", id: "end-chances", onclick: async () => {
    button.disabled = true;
    status.textContent = "Working out your chances before each of your moves (a few seconds per ten moves)…";
    const rec = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/record`, { token: page.token() });
    const res = rec.ok ? await api("POST", "/api/analysis", { body: { record: rec.data, seat: view.seat } }) : rec;
    button.disabled = false;
    if (!res.ok) { status.textContent = errorText(res.data, `The analysis failed (${res.status})`); return; }
    const decisions = res.data.decisions || [];
    status.textContent = decisions.length ? `Your win chance before each of your ${decisions.length} decisions:`
      : "You had no real choice in this game (every move was forced).";
    fill(graph, decisions.length ? chanceGraph(decisions, res.data.marked || [], "You") : null);
    button.hidden = true;
  } }, "How did my chances go?");
  return h("div", { class: "end-chances" }, button, status, graph);
}

async function downloadRecord(page) {
  const tableId = page.tableId;
  const res = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/record`, { token: page.token() });
  if (!res.ok) { toast(errorText(res.data, "The record is not available yet"), "error"); return; }
  const blob = new Blob([JSON.stringify(res.data, null, 1)], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: `${page.view.game}-${tableId}.json` });
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
