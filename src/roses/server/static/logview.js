// The game log as players read it: grouped by round or turn (each group collapsible, the latest
// open), with runs of routine lines (16 "is dealt a card" lines to start Rose Ceremony) folded
// into one line. Used by the table page and the replay viewer.
import { h, fill } from "/static/common.js";

/** The heading of the group `text` (a worded log line) starts, or null. A renderer may export
 *  `logTurn(text)` for its own turns (Rose Ceremony: a turn starts with an offer). */
export function turnTitle(text, renderer) {
  try {
    if (renderer && typeof renderer.logTurn === "function") {
      const t = renderer.logTurn(text);
      if (t !== undefined) return t;
    }
  } catch { /* the default */ }
  let m = /^Round (\d+)\b/i.exec(text);
  if (m) return `Round ${m[1]}`;
  m = /^(.{1,60}?)'s turn\b/.exec(text);
  if (m) return `${m[1]}'s turn`;
  if (/^Your turn\b/.test(text)) return "Your turn";
  return null;
}

/** Runs of these lines fold into one line: [pattern, what the folded line says]. */
const ROUTINE = [
  [/\b(is|are) dealt\b/, "Cards are dealt"],
  [/\bdraws? (a crystal|a character card|crystal #|the )/i, "Cards and crystals are drawn"],
  [/\bdrawn into the market\b/, "Tiles are drawn into the market"],
];

function routine(text) {
  for (const [re, title] of ROUTINE) if (re.test(text)) return title;
  return null;
}

/** `texts` (worded lines) as groups [{title, items}], each item a line or a folded run
 *  {run: title, lines}. Lines before the first round or turn form the "Setup" group (`first`:
 *  the title of that group when the lines start later in the game). */
export function groupLog(texts, renderer, first = "Setup") {
  const groups = [];
  let group = null;
  for (const text of texts) {
    const title = turnTitle(text, renderer);
    if (!group || (title && title !== group.title)) {
      group = { title: title || first, lines: [] };
      groups.push(group);
    }
    group.lines.push(text);
  }
  for (const g of groups) {
    g.items = [];
    for (let i = 0; i < g.lines.length;) {
      const kind = routine(g.lines[i]);
      let j = i + 1;
      while (kind && j < g.lines.length && routine(g.lines[j]) === kind) j++;
      if (kind && j - i >= 3) g.items.push({ run: kind, lines: g.lines.slice(i, j) });
      else g.items.push(...g.lines.slice(i, j));
      i = j;
    }
  }
  return groups;
}

/** Draw `texts` into the list `el` as groups. `opened` (a Map kept by the caller across redraws)
 *  remembers the groups a player opened or closed; the latest group is open by default.
 *  `earlier`: when the lines start later in the game, {earlier: lines before them, title of
 *  their first group, more(): fetch earlier lines}; a button at the top asks for them. */
export function drawLog(el, texts, renderer, opened = new Map(), earlier = null) {
  const groups = groupLog(texts, renderer, earlier ? earlier.title : "Setup");
  const more = earlier ? [h("li", { class: "log-earlier" }, h("button", {
    type: "button", class: "link", "data-earlier": String(earlier.earlier), onclick: earlier.more,
  }, `Show earlier lines (${earlier.earlier} more)`))] : [];
  if (!groups.length && !more.length) {  // the replay's first step of a game whose set-up logs nothing
    fill(el, h("li", { class: "log-empty muted" }, "Nothing has happened yet."));
    return;
  }
  fill(el, more.concat(groups.map((g, k) => {
    const last = k === groups.length - 1;
    const key = `${k}:${g.title}`;
    const open = opened.has(key) ? opened.get(key) : last;
    const lines = g.items.map(item => typeof item === "string"
      ? h("li", { class: "log-line" }, item)
      : h("li", { class: "log-line log-run" }, h("details", {},
        h("summary", {}, `${item.run} (${item.lines.length} lines)`),
        h("ol", { class: "log-lines" }, item.lines.map(t => h("li", { class: "log-line" }, t))))));
    return h("li", { class: `log-group${last ? " current" : ""}` },
      h("details", { open, ontoggle: e => opened.set(key, e.target.open) },
        h("summary", {}, h("span", { class: "log-title" }, g.title),
          h("span", { class: "muted small" }, ` · ${g.lines.length} line${g.lines.length === 1 ? "" : "s"}`)),
        h("ol", { class: "log-lines" }, lines)));
  })));
}
