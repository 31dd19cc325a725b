// The lobby /: open tables, and the create-table form driven by GET /api/games (each game's typed
// parameters become form fields; each seat is a human or a chosen bot; hot-seat keeps every human
// seat in this browser). After creation it shows the private join links to copy.
import { h, fill, api, errorText, loadTable, saveTable, header, copyText, titleCase } from "/static/common.js";
import { rememberedName, rememberName, takeSeat } from "/static/seats.js";

const $ = id => document.getElementById(id);
let games = [];
let current = null; // the selected game's entry

const OPEN_SHOWN = 20; // open tables listed before "more"
const GAME_ICONS = { "roses-and-thorns": "♠", "rose-ceremony": "❦", "rare-roses": "❀", "blades-and-rose": "⚔" };

async function loadGames() {
  const res = await api("GET", "/api/games");
  if (!res.ok || !Array.isArray(res.data)) {
    fill($("games"), h("p", { class: "error" }, errorText(res.data, "Could not load the games")));
    return;
  }
  games = res.data;
  const wanted = new URLSearchParams(location.search).get("game");
  drawPicker();
  select((games.find(g => g.name === wanted) || games[0] || {}).name);
}

function drawPicker() {
  fill($("games"), games.map(g => h("button", {
    type: "button", role: "radio", class: "game-card", dataset: { game: g.name },
    onclick: () => select(g.name),
  },
  h("span", { class: "game-icon", "aria-hidden": "true" }, GAME_ICONS[g.name] || "✿"),
  h("span", { class: "game-title" }, g.title || titleCase(g.name)),
  h("span", { class: "game-players muted" }, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`))));
  markPicker();
}

// The picker is a radio group: one Tab stop (the chosen game, a "roving" tabindex) and the arrow
// keys move to the next or previous game and choose it. It was four Tab stops and arrows did nothing.
function markPicker() {
  for (const card of $("games").children) {
    const on = !!current && card.dataset.game === current.name;
    card.setAttribute("aria-checked", String(on));
    card.tabIndex = on ? 0 : -1;
  }
}

$("games").addEventListener("keydown", e => {
  const cards = [...$("games").querySelectorAll(".game-card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: cards.length - 1 }[e.key];
  if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  const next = cards[(to + cards.length) % cards.length]; // wraps round, as radio buttons do
  select(next.dataset.game);
  next.focus();
});

function select(name) {
  current = games.find(g => g.name === name) || null;
  markPicker(); // not redrawn: a redraw lost the focused card
  drawForm();
}

// ---------------------------------------------------------------- the form
function paramField(p) {
  const id = `param-${p.name}`;
  const label = titleCase(p.name);
  // The rulebook section / ruling id (p.cite) stays in the API and the docs: players read plain help.
  const help = h("small", { class: "help" }, p.help || "");
  let input;
  if (p.type === "bool") {
    input = h("input", { type: "checkbox", id, name: p.name, checked: !!p.default });
    return h("div", { class: "field check-field" }, h("label", { for: id }, input, " ", label), help);
  }
  if (p.name === "start_player" && p.type === "int") { // a seat of the table: see startPlayerSeats
    input = h("select", { id, name: p.name }, h("option", { value: "" }, "Drawn at random"));
  } else if (p.choices && p.choices.length) {
    input = h("select", { id, name: p.name },
      p.default === null ? h("option", { value: "" }, "(default)") : null,
      p.choices.map(c => h("option", { value: JSON.stringify(c), selected: c === p.default }, String(c))));
  } else if (p.type === "int" || p.type === "float") {
    input = h("input", {
      type: "number", id, name: p.name, step: p.type === "int" ? "1" : "any",
      min: p.min ?? undefined, max: p.max ?? undefined,
      value: p.default === null || p.default === undefined ? "" : String(p.default),
      placeholder: p.default === null ? "default" : "",
    });
  } else if (p.type === "json") {
    input = h("textarea", { id, name: p.name, rows: 6, spellcheck: "false", class: "mono" });
    input.value = p.default === null || p.default === undefined ? "" : JSON.stringify(p.default, null, 1);
  } else {
    input = h("input", { type: "text", id, name: p.name, value: p.default ?? "" });
  }
  return h("div", { class: "field" }, h("label", { for: id }, label), input, help);
}

/** The lobby's "Start player" list for a table of `count` players: "Drawn at random", then Seat 1
 *  to Seat `count` (players count from 1; the value is the 0-based seat). A seat chosen before
 *  stays chosen while the table has it, else the start player is drawn at random again. */
function startPlayerSeats(form, count) {
  const select = form.elements.start_player;
  if (!select || select.tagName !== "SELECT") return;
  const p = (current.params || []).find(q => q.name === "start_player") || {};
  const first = p.min ?? 0, last = Math.min(p.max ?? count - 1, count - 1);
  const was = select.value;
  fill(select, h("option", { value: "" }, "Drawn at random"),
    Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => first + k)
      .map(s => h("option", { value: JSON.stringify(s) }, `Seat ${s + 1}`)));
  select.value = Array.from(select.options).some(o => o.value === was) ? was : "";
}

/** The value of parameter `p`'s field, or undefined when it equals the default / is empty. */
function paramValue(form, p) {
  const el = form.elements[p.name];
  if (!el) return undefined;
  let v;
  if (p.type === "bool") v = el.checked;
  else if (el.tagName === "SELECT") { if (el.value === "") return undefined; v = JSON.parse(el.value); }
  else if (p.type === "int" || p.type === "float") { if (el.value.trim() === "") return undefined; v = Number(el.value); }
  else if (p.type === "json") {
    if (el.value.trim() === "") return undefined;
    try { v = JSON.parse(el.value); } catch (err) { throw new Error(`${titleCase(p.name)}: not valid JSON (${err.message})`); }
  } else v = el.value;
  return JSON.stringify(v) === JSON.stringify(p.default) ? undefined : v;
}

/** A bot's plain name from the server ("Standard", "Hard search"), else its name. */
function botLabel(b) {
  return (current && current.bot_labels && current.bot_labels[b]) || b;
}

/** How long the bot typically thinks a move, in words ("about 0.8 s a move", "instant"), or ""
 *  when the server has no figure for it (bench/move_seconds.py measures them). */
function botPace(seconds) {
  if (typeof seconds !== "number") return "";
  if (seconds < 0.05) return "instant";
  return `about ${seconds < 1 ? seconds.toFixed(1) : Math.round(seconds)} s a move`;
}

function seatRow(i, bots, old) {
  const kind = h("select", { name: `seat-${i}-kind`, "aria-label": `Seat ${i + 1} player` },
    h("option", { value: "human" }, "Human"),
    bots.map(b => {
      const pace = botPace((current.bot_seconds || {})[b]);
      return h("option", { value: `bot:${b}` }, `Bot — ${botLabel(b)}${pace ? ` (${pace})` : ""}`);
    }));
  const defaultBot = bots.includes("heuristic") ? "heuristic" : bots[0];
  kind.value = old ? old.kind : (i === 0 ? "human" : `bot:${defaultBot}`);
  const name = h("input", { type: "text", name: `seat-${i}-name`, maxlength: 40, placeholder: i === 0 ? "Your name" : "Name (optional)", "aria-label": `Seat ${i + 1} name`,
    value: old ? old.name : (i === 0 ? rememberedName() : "") }); // the host's name, remembered (seats.js)
  const sync = () => { name.hidden = kind.value !== "human"; };
  kind.addEventListener("change", sync);
  sync();
  return h("li", { class: "seat-row", dataset: { seat: i } }, h("span", { class: "seat-no" }, `Seat ${i + 1}`), kind, name);
}

function drawSeats(count) {
  const list = $("seat-list");
  const old = Array.from(list.querySelectorAll(".seat-row")).map(row => ({
    kind: row.querySelector("select").value, name: row.querySelector("input").value,
  }));
  const bots = current.bots && current.bots.length ? current.bots : ["random"];
  fill(list, Array.from({ length: count }, (_, i) => seatRow(i, bots, old[i])));
}

function drawForm() {
  const form = $("create-form");
  $("created").hidden = true;
  form.hidden = false;
  if (!current) { fill(form); return; }
  const params = current.params || [];
  const players = params.find(p => p.name === "players");
  const basic = params.filter(p => p.name !== "players" && p.type !== "json");
  const advanced = params.filter(p => p.type === "json");
  const min = current.min_players, max = current.max_players;
  const start = players && players.default !== null ? players.default : min;
  const count = h("input", { type: "number", id: "players", name: "players", min, max, value: start, required: true });
  fill(form,
    h("p", { class: "summary" }, current.summary || "", " ",
      h("a", { href: `/rules/${encodeURIComponent(current.name)}`, target: "_blank", rel: "noopener" }, "How to play ↗")),
    h("div", { class: "field" }, h("label", { for: "table-name" }, "Table name"),
      h("input", { type: "text", id: "table-name", name: "table-name", maxlength: 60, placeholder: "e.g. Friday roses" })),
    h("div", { class: "field" }, h("label", { for: "players" }, "Players"), count,
      h("small", { class: "help" }, `${min}–${max} seats`)),
    h("fieldset", { class: "seats" }, h("legend", {}, "Seats"), h("ol", { id: "seat-list", class: "seat-list" }),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "hotseat", name: "hotseat" }),
        " Hot seat: every human seat plays in this browser"),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "hints", name: "hints" }),
        " Allow hints"),
      h("small", { class: "help" }, "The player to move can ask the search bot for a suggested move. Only at tables with at most one human seat.")),
    basic.length ? h("fieldset", { class: "params" }, h("legend", {}, "Rules and variants"), basic.map(paramField)) : null,
    h("details", { class: "advanced" }, h("summary", {}, "Advanced"),
      h("div", { class: "field" }, h("label", { for: "bot-delay" }, "Bot delay (ms)"),
        h("input", { type: "number", id: "bot-delay", name: "bot-delay", min: 0, max: 10000, step: 100, value: 700 }),
        h("small", { class: "help" }, "How long a bot waits before moving, so you can follow the game.")),
      h("div", { class: "field" }, h("label", { for: "turn-timer" }, "Turn timer (seconds)"),
        h("input", { type: "number", id: "turn-timer", name: "turn-timer", min: 5, max: 3600, placeholder: "none" }),
        h("small", { class: "help" }, "If set, a bot moves for a seat that runs out of time.")),
      h("div", { class: "field" }, h("label", { for: "seed" }, "Seed"),
        h("input", { type: "number", id: "seed", name: "seed", min: 0, max: Number.MAX_SAFE_INTEGER, step: 1, placeholder: "random" }),
        h("small", { class: "help" }, "Fixes the shuffles and bot choices, to replay the same deal. Only at tables with at most one human seat: whoever knows the seed could rebuild every hidden card.")),
      advanced.map(paramField)),
    h("p", { id: "form-error", class: "error", hidden: true, role: "alert" }),
    h("button", { type: "submit", class: "primary big", id: "create" }, `Create a ${current.title || titleCase(current.name)} table`));
  count.addEventListener("input", () => {
    const n = Math.max(min, Math.min(max, parseInt(count.value, 10) || min));
    drawSeats(n);
    startPlayerSeats(form, n);
  });
  drawSeats(start);
  startPlayerSeats(form, start);
}

async function submit(e) {
  e.preventDefault();
  const form = $("create-form");
  const err = $("form-error");
  err.hidden = true;
  const n = parseInt(form.elements.players.value, 10);
  const params = { players: n };
  try {
    for (const p of current.params || []) {
      if (p.name === "players") continue;
      const v = paramValue(form, p);
      if (v !== undefined) params[p.name] = v;
    }
  } catch (ex) {
    err.textContent = ex.message;
    err.hidden = false;
    return;
  }
  const seats = [];
  for (let i = 0; i < n; i++) {
    const kind = form.elements[`seat-${i}-kind`].value;
    const name = form.elements[`seat-${i}-name`].value.trim();
    seats.push(kind === "human" ? (name ? { kind: "human", name } : { kind: "human" }) : { kind: "bot", bot: kind.slice(4) });
  }
  const body = { game: current.name, params, seats };
  const tableName = form.elements["table-name"].value.trim();
  if (tableName) body.name = tableName;
  const delay = form.elements["bot-delay"].value.trim();
  if (delay !== "") body.bot_delay_ms = Number(delay);
  const timer = form.elements["turn-timer"].value.trim();
  body.turn_timer_seconds = timer === "" ? null : Number(timer);
  const seed = form.elements.seed.value.trim();
  if (seed !== "") body.seed = Number(seed);
  if (form.elements.hints.checked) body.hints = true;
  const mine = form.elements["seat-0-name"];
  if (mine && mine.value.trim() && form.elements["seat-0-kind"].value === "human") rememberName(mine.value.trim());
  const button = $("create");
  button.disabled = true;
  const res = await api("POST", "/api/tables", { body });
  button.disabled = false;
  if (!res.ok) {
    err.textContent = errorText(res.data, `The table could not be created (${res.status})`);
    err.hidden = false;
    return;
  }
  created(res.data, form.elements.hotseat.checked);
  loadTables();
}

function joinUrl(seat, tableId) {
  const path = seat.join_url || `/t/${encodeURIComponent(tableId)}?token=${encodeURIComponent(seat.token)}`;
  return new URL(path, location.origin).href;
}

function created(data, hotseat) {
  const id = data.table_id;
  const humans = (data.seats || []).filter(s => s.kind === "human" && (s.token || s.join_url));
  const store = loadTable(id);
  store.host = data.host_token || null;
  store.hotseat = hotseat;
  const tokenOf = s => s.token || new URL(s.join_url, location.origin).searchParams.get("token");
  if (hotseat) {
    for (const s of humans) store.seats[String(s.seat)] = tokenOf(s);
    saveTable(id, store);
    location.href = `/t/${encodeURIComponent(id)}`;
    return;
  }
  // The creator sits at the first human seat; the other links go to friends (kept in this tab
  // so the table page can show them again to the host).
  if (humans.length) store.seats[String(humans[0].seat)] = tokenOf(humans[0]);
  store.links = Object.fromEntries(humans.slice(1).map(s => [String(s.seat), joinUrl(s, id)]));
  saveTable(id, store);
  const box = $("created");
  $("create-form").hidden = true;
  box.hidden = false;
  const tableUrl = `/t/${encodeURIComponent(id)}`;
  fill(box,
    h("h3", {}, "Your table is ready"),
    humans.length > 1 ? h("p", {}, "Send each friend their own link. A link is a secret seat: whoever opens it plays that seat.") : null,
    h("ul", { class: "links-list" }, humans.map((s, k) => {
      const url = joinUrl(s, id);
      const field = h("input", { type: "text", readonly: true, value: url, class: "mono", "aria-label": `Join link for seat ${s.seat + 1}`, dataset: { seat: s.seat }, onfocus: e => e.target.select() });
      return h("li", { class: "join-link" },
        h("span", { class: "seat-no" }, `Seat ${s.seat + 1}`, k === 0 ? " (you)" : ""),
        field,
        k === 0 ? h("a", { class: "button primary", href: tableUrl, id: "open-my-seat" }, "Sit down") :
          h("button", { type: "button", onclick: () => copyText(url, field) }, "Copy"));
    })),
    humans.length === 0 ? h("p", {}, "Only bots at this table: ", h("a", { href: tableUrl, id: "open-my-seat" }, "watch them play")) : null,
    h("p", { class: "muted" }, "Spectator link: ", h("a", { href: tableUrl }, new URL(tableUrl, location.origin).href)),
    h("button", { type: "button", onclick: () => { drawForm(); } }, "Create another table"));
  // The Create button that had focus is hidden now: focus went to <body>, and the next Tab
  // started over at the page header. Put it on the table's "Sit down" link instead.
  const sit = $("open-my-seat");
  if (sit) sit.focus();
}

// ---------------------------------------------------------------- open tables
let tablesAsked = 0, tablesShown = 0; // numbers of the list requests: sent, and drawn last

async function loadTables() {
  // Requests overlap (the 5 s refresh, the button, after creating a table): an answer older than
  // the one drawn would take a new table off the list again.
  const asked = ++tablesAsked;
  const res = await api("GET", "/api/tables");
  if (asked < tablesShown) return;
  tablesShown = asked;
  const list = $("tables");
  if (!res.ok || !Array.isArray(res.data)) { fill(list, h("li", { class: "error" }, errorText(res.data, "Could not load the tables"))); return; }
  // Newest first; at most OPEN_SHOWN open tables, the rest folded under "more".
  const newest = (a, b) => String(b.created || "").localeCompare(String(a.created || ""));
  const open = res.data.filter(t => t.status !== "finished").sort(newest);
  const finished = res.data.filter(t => t.status === "finished").sort(newest);
  const item = (t, link) => {
    const humans = (t.seats || []).filter(s => s.kind === "human");
    const bots = (t.seats || []).length - humans.length;
    return h("li", { class: "table-item" },
      h("div", {},
        // A long table name: two lines at most (the tooltip has it all).
        h("div", { class: "tname", title: t.name ? `${t.title || titleCase(t.game)} · ${t.name}` : null },
          h("b", {}, t.title || titleCase(t.game)), t.name ? [" · ", t.name] : null),
        h("div", { class: "muted small" },
          h("span", { class: `status status-${t.status}` }, t.status), " · ",
          `${humans.length} human${humans.length === 1 ? "" : "s"}, ${bots} bot${bots === 1 ? "" : "s"}`,
          humans.length && t.status !== "finished" ? ` · ${humans.filter(s => s.connected).length} online` : "")),
      link);
  };
  const wasOpen = list.querySelector("details.finished")?.open;
  const moreOpen = list.querySelector("details.more-open")?.open;
  // A seat the host opened can be taken from here (seats.js asks for a name).
  const takers = t => (t.seats || []).filter(s => s.open && s.kind === "human" && !s.joined).map(s =>
    h("button", { type: "button", class: "small primary take-seat", dataset: { table: t.table_id, seat: s.seat },
      onclick: () => takeSeat(t.table_id, s.seat, s.name) }, `Take ${s.name}`));
  const watch = t => item(t, h("div", { class: "take-seats" }, takers(t),
    h("a", { class: "button small", href: `/t/${encodeURIComponent(t.table_id)}` }, "Watch")));
  const shown = open.slice(0, OPEN_SHOWN), rest = open.slice(OPEN_SHOWN);
  fill(list,
    open.length ? shown.map(watch) : h("li", { class: "muted" }, "No open tables yet — create one!"),
    rest.length ? h("li", {}, h("details", { class: "more-open", open: !!moreOpen },
      h("summary", {}, `${rest.length} more open table${rest.length === 1 ? "" : "s"}`),
      h("ul", { class: "tables" }, rest.map(watch)))) : null,
    finished.length ? h("li", {}, h("details", { class: "finished", open: !!wasOpen },
      h("summary", {}, `Finished tables (${finished.length})`),
      h("ul", { class: "tables" }, finished.slice(0, 30).map(t => item(t,
        h("a", { class: "button small", href: `/replay?table=${encodeURIComponent(t.table_id)}` }, "Replay")))))) : null);
}

fill($("site-header"), header("lobby"));
$("create-form").addEventListener("submit", submit);
$("refresh").addEventListener("click", loadTables);
loadGames();
loadTables();
setInterval(() => { if (!document.hidden) loadTables(); }, 5000);
