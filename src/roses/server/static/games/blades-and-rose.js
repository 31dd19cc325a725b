// Blades & Rose: the seat's secret (role, faction, hand, crystal, night knowledge), the coin, the
// board areas (sanctuary, sacrifice, death), crystals and the round being played.
// Observation fields: blades_and_rose/observation.py.
import { h } from "/static/common.js";
import { moveButton, groupedMoves } from "/static/actions.js";
import { seatHead, seatBox, seatOrder, statusStrip, who, toMove, nowLine, meter, spoken } from "/static/games/pieces.js";

const CARDS = {
  "White Rose": { glyph: "❀", side: "white" },
  "Bishop": { glyph: "✝", side: "white" },
  "Believer": { glyph: "✿", side: "white" },
  "Ghost": { glyph: "☁", side: "ghost" },
  "Great Sword": { glyph: "⚔", side: "blood" },
  "Double Knife": { glyph: "⚔", side: "blood" },
  "Dark Knife": { glyph: "☠", side: "blood" },
};

// Book of Magic (BR-4: bullet k is effect #k).
const EFFECTS = {
  1: "Must play: the target must play a card this round.",
  2: "Unshuffled: the played cards are revealed without shuffling.",
  3: "The player on your right plays a random card.",
  4: "The player on your left plays a random card.",
  5: "Bind two players: if the first plays, the second must too.",
  6: "Last to play: you decide last this round.",
  7: "Ghost: the target takes a Ghost card into their hand.",
  8: "Both neighbours must play a card.",
};

/** A character card. */
export function brCard(name, opts = {}) {
  const info = CARDS[name] || { glyph: "?", side: "ghost" };
  return h(opts.onclick ? "button" : "div", {
    class: `card br br-${info.side} ${opts.small ? "small" : ""} ${opts.cls || ""}`, title: name,
    type: opts.onclick ? "button" : undefined, onclick: opts.onclick, ...spoken(name, opts.onclick), // said as its name, not "skull and crossbones Dark Knife"
  }, h("span", { class: "pip" }, info.glyph), h("span", { class: "br-name" }, name));
}

function area(title, cards, extra) {
  return h("div", { class: "br-area" }, h("div", { class: "section-title" }, title, extra || ""),
    h("div", { class: "bouquet" }, cards && cards.length ? cards.map(c => brCard(c, { small: true })) : h("span", { class: "muted small" }, "—")));
}

/** The "Now" box; `name` names a seat, the viewer's own as "Seat 0 (you)" (pieces.who). */
function nowText(o, name) {
  const r = o.current_round;
  switch (o.phase) {
    case "coin": return `${name(o.coin)} holds the coin and gives it away`;
    case "effect": return r ? `${name(r.receiver)} places crystal #${r.crystal} (${r.effect})` : "A crystal is placed";
    case "play": return o.current_player >= 0 ? `${name(o.current_player)} decides: play a card or not` : "Playing cards";
    case "over": return `Game over — ${o.winner || "?"} faction wins`;
    default: return o.phase;
  }
}

export function render(view, el, ctx) {
  const o = view.observation || {};
  const n = o.players || (o.hand_counts || []).length;
  const r = o.current_round;
  el.appendChild(statusStrip([
    ["Now", nowLine(view, nowText(o, i => who(view, ctx, i))), "wide"],
    // Giving the coin starts the next round (the log's "Round 1: … gives the coin"), not round 0.
    ["Round", String(r ? r.number : (o.rounds || []).length + (o.phase === "coin" ? 1 : 0))],
    ["Crystals left", String(o.crystals_left ?? 0)],
    o.winner ? ["Winner", `${o.winner}`, "gold"] : null,
  ]));
  el.appendChild(h("div", { class: "br-meters" },
    meter(o.sacrifice_count || 0, o.sacrifice_target || 1, "m-roses", `Sacrificed buds: ${o.sacrifice_count || 0} of ${o.sacrifice_target}`),
    meter(o.death_count || 0, o.death_limit || 1, "m-thorns danger", `Dead buds: ${o.death_count || 0} of ${o.death_limit}`)));

  // The seat's secret.
  if (view.seat !== null && view.seat !== undefined && o.role) {
    const crystal = o.crystal;
    el.appendChild(h("div", { class: `br-secret br-${o.faction === "Blood Blades" ? "blood" : "white"}` },
      h("div", { class: "br-role" }, brCard(o.role),
        h("div", {}, h("div", { class: "section-title" }, "Your role"), h("b", {}, o.role),
          h("div", { class: "small" }, `${o.faction} Faction`))),
      h("div", {}, h("div", { class: "section-title" }, "Your hand"),
        h("div", { class: "hand" }, (o.hand || []).length ? o.hand.map(c => brCard(c)) : h("span", { class: "muted" }, "no cards left"))),
      h("div", { class: "br-notes" },
        h("div", { class: "section-title" }, "Your crystal"),
        h("div", {}, crystal ? [h("b", {}, `#${crystal}`), " — ", EFFECTS[crystal] || "a custom effect"]
          : (placingNow(o, view) ? [h("b", {}, `#${r.crystal}`), " — placing now…"] : h("span", { class: "muted" }, "already placed"))),
        o.night_seen ? [h("div", { class: "section-title" }, "At night"),
          h("div", {}, "Eyes were open at: ", o.night_seen.map(i => who(view, ctx, i)).join(", "))] : null)));
  }

  // The board areas.
  el.appendChild(h("div", { class: "br-areas" },
    area("Sanctuary", o.sanctuary),
    area("Sacrifice area", o.sacrifice_area),
    area("Death area", o.death_area),
    area("Blades revealed", o.blades_revealed),
    h("div", { class: "br-area" }, h("div", { class: "section-title" }, "Ghosts removed"), h("b", {}, String(o.removed_ghosts || 0)))));

  // The current round; between rounds (the coin moves on), the one just played.
  if (r) el.appendChild(roundBox(r, ctx, view, true));
  else if ((o.rounds || []).length && o.phase !== "over") {
    el.appendChild(h("div", { class: "section-title" }, "Last round"));
    el.appendChild(roundBox(o.rounds[o.rounds.length - 1], ctx, view, false));
  }

  // The seats.
  const ring = h("div", { class: "seats-ring" });
  for (const i of seatOrder(n, view.seat)) {
    const cards = (o.hand_counts || [])[i] || 0;
    const role = (o.roles || [])[i];
    let status = null;
    if (r) {
      if ((r.played || []).includes(i)) status = h("span", { class: "pill hot" }, "played a card");
      else if ((r.passed || []).includes(i)) status = h("span", { class: "pill dim" }, "passed");
      else if ((r.must_play || []).includes(i)) status = h("span", { class: "pill gold" }, "must play");
    }
    ring.appendChild(seatBox(view, ctx, i, {},
      seatHead(view, ctx, i, [
        o.coin === i ? h("span", { class: "pill gold", title: "holds the coin" }, "● coin") : null,
        (o.holds_crystal || [])[i] ? h("span", { class: "pill", title: "still holds a crystal (Q7)" }, "◆ crystal") : null,
        status,
        view.returns && view.returns[i] > 0 ? h("span", { class: "pill gold" }, "★ won") : null,
      ]),
      h("div", { class: "stat" }, `${cards} card${cards === 1 ? "" : "s"} in hand `,
        h("span", { class: "hand-backs inline" }, Array.from({ length: cards }, () => h("span", { class: "mini-back" })))),
      role && i !== view.seat ? h("div", { class: "stat" }, "was ", h("b", {}, role)) : null,
      (o.placed_crystals || []).filter(([s]) => s === i).map(([, k]) => h("div", { class: "stat muted" },
        o.phase === "effect" && r && r.receiver === i && r.crystal === k ? `placing crystal #${k}…` : `placed crystal #${k}`))));
  }
  el.appendChild(ring);

  const past = (o.rounds || []).slice().reverse();
  if (past.length) {
    el.appendChild(h("details", { class: "discard" }, h("summary", {}, `Past rounds (${past.length})`),
      past.map(pr => roundBox(pr, ctx, view, false))));
  }
}

/** The seat is placing its own crystal right now (choosing the effect's target). */
function placingNow(o, view) {
  const r = o.current_round;
  return o.phase === "effect" && r && r.receiver === view.seat;
}

function roundBox(r, ctx, view, current) {
  // While the crystal is being placed its effect is not resolved yet: "(no effect)" only after.
  const pending = current && ((view.observation || {}).phase === "effect");
  const name = i => who(view, ctx, i); // the own seat reads "(you)"
  return h("div", { class: `br-round ${current ? "current" : ""}` },
    h("div", {}, h("b", {}, `Round ${r.number}: `), `${name(r.giver)} gave the coin to ${name(r.receiver)} — crystal #${r.crystal} `,
      h("i", {}, r.effect || ""), pending ? " — placing now…" : (r.effect_applied === false ? " (no effect)" : ""),
      (r.targets || []).length ? ` on ${r.targets.map(name).join(" and ")}` : ""),
    h("div", { class: "br-order" }, h("span", { class: "muted small" }, "Order: "),
      (r.order || []).map(s => h("span", {
        class: `chip ${(r.played || []).includes(s) ? "played" : ""} ${(r.passed || []).includes(s) ? "passed" : ""} ${current && toMove(view, s) ? "now" : ""}`,
        title: (r.played || []).includes(s) ? "played a card" : ((r.passed || []).includes(s) ? "passed" : "to decide"),
      }, name(s), (r.played || []).includes(s) ? " ▣" : ((r.passed || []).includes(s) ? " ✕" : "")))),
    (r.revealed || []).length ? h("div", { class: "bouquet" }, h("span", { class: "muted small" }, "Revealed: "),
      (r.attribution || r.revealed.map(c => [null, c])).map(([s, c]) => h("span", { class: "br-rev" }, brCard(c, { small: true }), s !== null ? h("small", {}, name(s)) : null))) : null,
    r.my_card ? h("div", { class: "small" }, "You played: ", h("b", {}, r.my_card)) : null,
    r.outcome ? h("div", { class: "small" }, h("b", {}, r.outcome)) : null);
}

/** The end screen's note for seat `i`: the role it held (all roles are shown once over). */
export function resultNote(view, i) {
  const role = ((view.observation || {}).roles || [])[i];
  if (!role) return "";
  const side = (CARDS[role] || {}).side === "blood" ? "Blood Blades" : "White Rose";
  return `${role} · ${side} faction`; // "White Rose · White Rose faction", not the name twice
}

export function renderActions(view, el, ctx) {
  const legal = ctx.legal;
  const box = h("div", { class: "move-groups" });
  const used = new Set();
  const take = re => legal.filter(t => re.test(t) && (used.add(t), true));
  const gives = take(/^give coin to seat \d+$/);
  const keep = take(/^keep coin$/);
  const targets = take(/^#\d+ on /);
  const optional = take(/^(activate|decline) #\d+$/);
  const plays = take(/^play /);
  const pass = take(/^pass$/);
  if (gives.length || keep.length) {
    box.appendChild(h("p", { class: "hint" }, "Give the coin to a player who holds a crystal: they place it and its magic happens."));
    box.appendChild(h("div", { class: "move-group" }, h("span", { class: "verb" }, "Coin to"),
      h("div", { class: "move-buttons" }, gives.map(t => moveButton(ctx, t, ctx.name(Number(t.split(" ").pop())))),
        keep.map(t => moveButton(ctx, t, "Keep it and place my crystal")))));
  }
  if (targets.length) {
    const k = /^#(\d+)/.exec(targets[0])[1];
    box.appendChild(h("p", { class: "hint" }, `Crystal #${k}: ${EFFECTS[k] || "choose the seats"}`));
    box.appendChild(h("div", { class: "move-buttons" }, targets.map(t => {
      const seats = [...t.matchAll(/seat (\d+)/g)].map(m => ctx.name(Number(m[1])));
      return moveButton(ctx, t, seats.join(" & "));
    })));
  }
  if (optional.length) box.appendChild(h("div", { class: "move-group" }, optional.map(t => moveButton(ctx, t, t.startsWith("activate") ? `Activate ${t.slice(9)}` : `Do not activate ${t.slice(8)}`))));
  if (plays.length || pass.length) {
    box.appendChild(h("p", { class: "hint" }, "Play one card face down, or declare you play none this round."));
    box.appendChild(h("div", { class: "move-group br-plays" },
      plays.map(t => moveButton(ctx, t, [h("span", { class: "br-glyph" }, (CARDS[t.slice(5)] || {}).glyph || ""), ` ${t.slice(5)}`], "main")),
      pass.map(t => moveButton(ctx, t, "Play no card"))));
  }
  const rest = legal.filter(t => !used.has(t));
  if (rest.length) box.appendChild(h("div", { class: "move-groups" }, groupedMoves(ctx, rest)));
  el.appendChild(box);
  return true;
}

