// Table talk (issue 14): structured statements beside free chat — nominate a seat, claim a role or
// faction, accuse, vouch — drawn by each seat on the board and as lines of the game log. Talk is
// never enforced and changes nothing in the game (cards are never shown: a claim is only words).
// Statements travel as chat messages that carry a `talk` object ({kind, target, claim, at_move,
// at_log}); table.js calls drawTalk after each redraw and talkLog when it draws the log.
import { h, fill, api, errorText, seatName, toast } from "/static/common.js";
import { turnTitle } from "/static/logview.js";

let rules = null;         // this game's talk rules from GET /api/games: {kinds, claims, nominate_for, claims_at}
let rulesFor = null;      // the game they are for
let sending = false;
const chosen = {};        // kind -> the value chosen in its menu (kept across redraws)

const LABEL = { nominate: "Nominate", claim: "Claim", accuse: "Accuse", vouch: "Vouch for" };

let asking = null;         // the GET /api/games in flight, shared by redraws meanwhile

function loadRules(game) {
  if (rulesFor === game) return Promise.resolve(rules);
  if (!asking) asking = fetchRules(game).finally(() => { asking = null; });
  return asking;
}

async function fetchRules(game) {
  const res = await api("GET", "/api/games");
  const info = res.ok && Array.isArray(res.data) ? res.data.find(g => g.name === game) : null;
  if (res.ok) rulesFor = game; // a failed request is asked again at the next redraw
  rules = (info && info.talk) || { kinds: [], claims: [], nominate_for: "" };
  return rules;
}

/** The statements of `view.chat`, oldest first: [{seat, name, kind, target, claim, at_log}]. */
export function statements(view) {
  return (view && view.chat || []).filter(m => m.talk && typeof m.seat === "number")
    .map(m => ({ ...m.talk, seat: m.seat, id: m.id }));
}

/** A statement in plain words without its speaker ("claims White Rose", "accuses Bram"). */
export function verb(view, t, r = rules) {
  // the reader as the target reads "you", as the log says "your stack" ("accuses Seat 1" was you)
  const other = typeof t.target !== "number" ? "nobody"
    : view && t.target === view.seat ? "you" : seatName(view, t.target);
  if (t.kind === "claim") return `claims ${t.claim}`;
  if (t.kind === "accuse") return `accuses ${other}`;
  if (t.kind === "vouch") return `vouches for ${other}`;
  const what = (r && r.nominate_for) || "";
  if (t.target === t.seat) return what ? `asks ${what.replace(/^for /, "for ")}` : "nominates themselves";
  return `nominates ${other}${what ? " " + what : ""}`;
}

/** The game log's worded `texts` with each statement placed where it was said (after the
 *  `at_log` log entries that existed then), as "Talk — Ada claims White Rose". */
export function talkLog(view, texts, first = 0, renderer = null) {
  // `first`: the log index of texts[0] (the table shows a long log's newest lines only); talk said
  // before that belongs to lines not shown and is left out with them. Talk said just before a
  // line that opens a round or turn (`turnTitle`) is placed after that heading: the heading was
  // logged after it was said, so it was said in that round (Blades & Rose logs "Round 3: …" when
  // the coin is given, after the coin's discussion; it was shown at the end of round 2).
  const said = statements(view).filter(t => !first || (t.at_log ?? 0) >= first);
  if (!said.length) return texts;
  const out = [];
  let k = 0;
  const sorted = [...said].sort((a, b) => (a.at_log ?? 0) - (b.at_log ?? 0) || a.id - b.id);
  const line = t => `Talk — ${seatName(view, t.seat)}${view && t.seat === view.seat ? " (you)" : ""} ${verb(view, t)}`;
  let group = null; // the round or turn the lines so far are in
  for (let i = 0; i <= texts.length; i++) {
    const title = i < texts.length ? turnTitle(texts[i], renderer) : null;
    const heading = i > 0 && title !== null && title !== group; // a new round's first line
    if (title !== null) group = title;
    if (heading) out.push(texts[i]);
    while (k < sorted.length && (sorted[k].at_log ?? 0) <= first + i) out.push(line(sorted[k++]));
    if (i < texts.length && !heading) out.push(texts[i]);
  }
  return out;
}

/** What still stands for each seat: its latest claim and its latest other statement. */
function standing(view) {
  const by = new Map();
  for (const t of statements(view)) {
    const s = by.get(t.seat) || {};
    if (t.kind === "claim") s.claim = t; else s.other = t;
    by.set(t.seat, s);
  }
  return by;
}

/** Draw the statements by the seats on the board (or in the players list when the board has
 *  no seat boxes) and the talk panel. `token`: the seat token of the page's seat, or null. */
export async function drawTalk(view, token) {
  try {
    if (view) await draw(view, token);
  } catch (err) {
    console.error(err); // talk is an extra: the table stays usable without it
  }
}

async function draw(view, token) {
  const r = await loadRules(view.game);
  const board = document.getElementById("board");
  const players = document.getElementById("players");
  for (const old of document.querySelectorAll(".talk-badge")) old.remove();
  for (const [seat, s] of standing(view)) {
    const lines = [s.claim, s.other].filter(Boolean).map(t => h("span", { class: `talk-line talk-${t.kind}` }, `“${verb(view, t, r)}”`));
    const badge = h("div", { class: "talk-badge", dataset: { seat }, title: "Table talk: words only, never checked" }, lines);
    const box = board && board.querySelector(`.seat-box[data-seat="${seat}"]`);
    const row = players && players.children[seat];
    if (box) box.appendChild(badge);
    else if (row) row.appendChild(badge);
  }
  drawPanel(view, r, token);
}

function drawPanel(view, r, token) {
  const panel = document.getElementById("talk-panel");
  if (!panel) return;
  // the game's own talk (none where no seat has a hidden role), and none at a table of one
  const n = (view.seats || []).length;
  const kinds = n < 2 ? [] : (r && r.kinds) || [];
  const seated = view.seat !== null && view.seat !== undefined && !!token;
  const live = !view.terminal && view.status !== "closed" && !view.replaced_by_bot;
  panel.hidden = !kinds.length;
  if (!kinds.length) { fill(document.getElementById("talk-controls")); return; }
  const box = document.getElementById("talk-controls");
  if (!seated || !live) {
    fill(box, h("p", { class: "muted small" }, !seated ? "Only players at the table can talk." : "The table talk is over."));
    return;
  }
  // The seats from the next one clockwise (turn order), so the player's own name comes last:
  // "Nominate … for the coin" opens on another player, as players expect, not on themselves.
  const seats = Array.from({ length: n }, (_, k) => (view.seat + 1 + k) % n);
  fill(box, kinds.map(kind => {
    // the claims of this table's size (Blades & Rose: no Great Sword at 5 or 6 players)
    const claims = (r.claims_at && r.claims_at[String(n)]) || r.claims || [];
    const options = kind === "claim"
      ? claims.map(c => [c, c])
      : seats.filter(i => kind === "nominate" || i !== view.seat).map(i => [String(i), i === view.seat ? `${seatName(view, i)} (you)` : seatName(view, i)]);
    if (!options.length) return null;
    const current = options.some(([v]) => v === chosen[kind]) ? chosen[kind] : options[0][0];
    const select = h("select", { "aria-label": `${LABEL[kind] || kind}: choose`, dataset: { talk: kind },
      onchange: e => { chosen[kind] = e.target.value; } },
      options.map(([value, label]) => h("option", { value, selected: value === current }, label)));
    const say = h("button", { type: "button", class: "talk-say", dataset: { talk: kind }, disabled: sending,
      onclick: () => post(view, token, kind, select.value) }, LABEL[kind] || kind);
    const tail = kind === "nominate" && r.nominate_for ? h("span", { class: "muted small" }, ` ${r.nominate_for}`) : null;
    return h("div", { class: "talk-row row" }, say, tail, select); // "Nominate for the coin", then the list
  }),
  h("p", { class: "muted small" }, "Words only: nothing here is checked, and no card is ever shown."));
}

async function post(view, token, kind, value) {
  if (sending) return;
  sending = true;
  for (const b of document.querySelectorAll(".talk-say")) b.disabled = true;
  chosen[kind] = value;
  const body = kind === "claim" ? { kind, claim: value } : { kind, target: Number(value) };
  const res = await api("POST", `/api/tables/${encodeURIComponent(view.table_id)}/talk`, { body, token });
  sending = false;
  for (const b of document.querySelectorAll(".talk-say")) b.disabled = false;
  if (!res.ok) toast(errorText(res.data, "Could not say that"), "error");
  // The statement comes back as a chat event (and in the answer's view): table.js redraws.
}
