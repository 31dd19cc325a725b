// The generic renderer: shows any game's observation readably, so every registered game is
// playable before it has a renderer of its own.
//
// Renderer contract (every static/games/<game>.js):
//   export function render(view, el, ctx)        draw view.observation into the element `el`
//   export function renderActions(view, el, ctx)  optional; draw the move panel, return true if done
// `view` is the server's table view ({game, seat, seats, current_player, observation, legal_actions...});
// `ctx` = {act(text), legal: [texts], busy, name(i), seat, players, replay: bool}.
import { h, titleCase } from "/static/common.js";

// Shown elsewhere on the page (header, log panel, end screen).
const SKIP = new Set(["log", "seat", "current_player", "returns", "winners", "players"]);

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

const isCountMap = v => v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0
  && Object.values(v).every(x => typeof x === "number");

/** The common keys when every non-null item is an object with the same keys, else null. */
function sameKeys(list) {
  const items = list.filter(x => x !== null);
  if (!items.length || !items.every(x => typeof x === "object" && !Array.isArray(x))) return null;
  const keys = Object.keys(items[0]);
  return items.every(x => Object.keys(x).length === keys.length && keys.every(k => k in x)) ? keys : null;
}

/** A compact, readable rendering of any JSON value. */
export function value(v, depth = 0) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", { class: v ? "yes" : "no" }, v ? "yes" : "no");
  if (isScalar(v)) return h("span", { class: "val" }, String(v));
  if (Array.isArray(v)) {
    if (v.length === 0) return h("span", { class: "muted" }, "none");
    if (v.every(isScalar)) return h("span", { class: "chips" }, v.map(x => h("span", { class: "chip" }, String(x))));
    if (v.every(x => Array.isArray(x) && x.every(isScalar))) {
      return h("span", { class: "chips" }, v.map(x => h("span", { class: "chip" }, x.join(" "))));
    }
    const keys = sameKeys(v);
    if (keys && depth < 3) {
      return h("div", { class: "table-scroll" }, h("table", { class: "gen-mini" },
        h("thead", {}, h("tr", {}, keys.map(k => h("th", {}, titleCase(k))))),
        h("tbody", {}, v.map(x => h("tr", {}, x === null ? h("td", { colspan: keys.length, class: "muted" }, "—")
          : keys.map(k => h("td", {}, value(x[k], depth + 1))))))));
    }
    if (depth > 2) return h("code", {}, JSON.stringify(v));
    return h("ol", { class: "gen-list", start: 0 }, v.map(x => h("li", {}, value(x, depth + 1))));
  }
  if (isCountMap(v)) {
    // e.g. {rainbow: 0, juliet: 2, ...}: only what is there.
    const there = Object.entries(v).filter(([, x]) => x);
    return there.length ? h("span", { class: "chips" }, there.map(([k, x]) => h("span", { class: "chip" }, `${k} ×${x}`)))
      : h("span", { class: "muted" }, "none");
  }
  const entries = Object.entries(v);
  if (entries.every(([, x]) => isScalar(x)) && entries.length <= 6) {
    return h("span", { class: "chip obj" }, entries.map(([k, x], i) => [i ? ", " : "", h("b", {}, k), " ", x === null ? "—" : String(x)]));
  }
  if (depth > 2) return h("code", {}, JSON.stringify(v));
  return h("dl", { class: "gen-dl" }, entries.map(([k, x]) => [h("dt", {}, titleCase(k)), h("dd", {}, value(x, depth + 1))]));
}

/** Draw `view.observation`: per-seat arrays as one table (a row per seat), the rest as fields. */
export function render(view, el, ctx) {
  const obs = view.observation || {};
  const n = ctx.players || (view.seats || []).length;
  const perSeat = [];
  const rest = [];
  for (const [k, v] of Object.entries(obs)) {
    if (SKIP.has(k)) continue;
    if (Array.isArray(v) && n > 1 && v.length === n && k !== "hand") perSeat.push([k, v]);
    else rest.push([k, v]);
  }
  const box = h("div", { class: "generic" });
  if (perSeat.length) {
    // A per-seat list of objects (e.g. shops) becomes one column per field.
    const cols = [];
    for (const [k, v] of perSeat) {
      const keys = sameKeys(v);
      if (keys) for (const sub of keys) { if (sub !== "seat") cols.push([sub, i => (v[i] === null ? null : v[i][sub])]); }
      else cols.push([k, i => v[i]]);
    }
    const rows = Array.from({ length: n }, (_, i) => h("tr", {
      class: [i === view.current_player ? "to-move" : "", i === view.seat ? "me" : ""].join(" "),
    }, h("th", {}, ctx.name(i)), cols.map(([, get]) => h("td", {}, value(get(i), 1)))));
    const head = h("thead", {}, h("tr", {}, h("th", {}, "Seat"), cols.map(([k]) => h("th", {}, titleCase(k)))));
    box.appendChild(h("div", { class: "table-scroll" }, h("table", { class: "gen-seats" }, head, h("tbody", {}, rows))));
  }
  box.appendChild(h("dl", { class: "gen-dl top" },
    rest.map(([k, v]) => [h("dt", {}, titleCase(k)), h("dd", {}, value(v))])));
  el.appendChild(box);
}
