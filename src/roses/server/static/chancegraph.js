// The win-chance graph of one seat's decisions (an analysis, POST /api/analysis): drawn by the
// replay's analysis panel (replay.js) and by the end screen (endscreen.js).

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v); else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function pct(x) { return x === null || x === undefined ? "?" : `${Math.round(100 * x)}%`; }

/** The seat's win chance before each of its decisions (POST /api/analysis's `decisions` and
 *  `marked`): an SVG line chart (x: decisions, y: 0–100%), the biggest drops marked 1, 2, 3.
 *  `who`: the seat as the page names it; `pick(step)`: called when a point is chosen (the
 *  replay shows that move), or null. */
export function chanceGraph(decisions, marked, who, pick = null) {
  const W = 720, H = 240, L = 44, R = 14, T = 14, B = 36;
  const n = decisions.length;
  const x = k => L + (n === 1 ? (W - L - R) / 2 : k * (W - L - R) / (n - 1));
  const y = c => T + (1 - Math.max(0, Math.min(1, c))) * (H - T - B);
  const markNo = new Map(marked.map((m, k) => [m.step, k + 1]));
  const grid = [0, 0.25, 0.5, 0.75, 1].map(g => svg("g", { class: "grid" },
    svg("line", { x1: L, x2: W - R, y1: y(g), y2: y(g) }),
    svg("text", { x: L - 6, y: y(g) + 4, "text-anchor": "end" }, `${Math.round(g * 100)}%`)));
  const every = Math.max(1, Math.ceil(n / 12));
  const ticks = decisions.map((d, k) => k % every === 0 || k === n - 1
    ? svg("text", { class: "tick", x: x(k), y: H - B + 16, "text-anchor": "middle" }, String(d.move)) : null);
  const line = svg("polyline", { class: "chance-line", fill: "none", points: decisions.map((d, k) => `${x(k)},${y(d.chance)}`).join(" ") });
  const points = decisions.map((d, k) => {
    const no = markNo.get(d.step);
    const title = `Move ${d.move}: about ${pct(d.chance)} with '${d.best_words || d.best}'` + (d.played === d.best ? " (played)" : `; played '${d.played_words || d.played}' (${pct(d.played_chance)})`);
    return svg("g", { class: `pt${no ? " marked" : ""}`, "data-i": d.step + 1, "data-step": d.step, tabindex: 0, role: "button",
      "aria-label": title, onclick: () => pick && pick(d.step), onkeydown: e => { if (e.key === "Enter" && pick) pick(d.step); } },
      svg("title", {}, title),
      no ? svg("line", { class: "drop", x1: x(k), x2: x(k), y1: y(d.chance), y2: y(d.played_chance ?? d.chance) }) : null,
      svg("circle", { cx: x(k), cy: y(d.chance), r: no ? 6 : 4 }),
      no ? svg("text", { class: "mark-label", x: x(k), y: y(d.chance) - 10, "text-anchor": "middle" }, String(no)) : null);
  });
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chance-graph", role: "img", width: "100%",
    "aria-label": `Win chance of ${who} before each of its ${n} decisions` },
    grid, ticks,
    svg("text", { class: "axis", x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" }, `${who}'s decisions (by step of the game)`),
    line, points);
}

