// Rare Roses: shops (fresh buds, fresh blooms, mature blooms), the market, the order queue, money,
// and a deal builder for proposing trades (RR-7), sent as the engine's draft steps one move at a
// time ("deal SEAT", "take ROSE/BOX", "give ROSE/BOX", "pay +20|+5|+1", "propose"; tiles written
// rose/box; rare_roses/actions.py), and buttons for naming a fill's tiles one by one (RR-8).
// Observation fields: rare_roses/observation.py.
import { h, titleCase } from "/static/common.js";
import { moveButton, groupedMoves } from "/static/actions.js";
import { seatHead, seatBox, seatOrder, statusStrip, who, nowLine } from "/static/games/pieces.js";

const ROSES = ["rainbow", "juliet", "striped-dragon", "osira", "blue", "black"];
const BOXES = [["bud", "Fresh buds"], ["fresh", "Fresh blooms"], ["mature", "Mature blooms"]];
const TURN_LIMIT = 6;  // tiles received in a turn (RR-5, RR-7)
const FILL_LIMIT = 3;  // orders filled in a turn

/** One rose tile: colour by rose, a bud (•) or a bloom (✿). */
export function tile(rose, kind = "bud", count = null, title = "") {
  return h("span", { class: `tile t-${rose} ${kind === "bud" ? "is-bud" : "is-bloom"}`, title: title || `${titleCase(rose)} ${kind}` },
    h("span", { class: "tile-face" }, kind === "bud" ? "●" : "✿"),
    count !== null && count !== 1 ? h("span", { class: "tile-count" }, `×${count}`) : null);
}

function tiles(counts, kind) {
  const out = [];
  for (const r of ROSES) if ((counts || {})[r]) out.push(tile(r, kind, counts[r]));
  return out;
}

/** The tiles a fill of `order` for `value` ("fill" | "match") takes from `shop` (its bud / fresh /
 *  mature counts) when the tiles are not picked: the oldest fitting ones, mature blooms first,
 *  then fresh blooms, then buds (RR-8, as RareRosesState.oldest_tiles); null if they don't fit. */
export function oldestTiles(shop, order, value) {
  const left = {};
  for (const box of ["bud", "fresh", "mature"]) left[box] = { ...((shop || {})[box] || {}) };
  const out = [];
  for (const [rose, mat] of order.roses || []) {
    const boxes = value === "match" ? (mat === "bud" ? ["bud"] : ["mature", "fresh"]) : ["mature", "fresh", "bud"];
    const box = boxes.find(b => (left[b][rose] || 0) > 0);
    if (!box) return null;
    left[box][rose] -= 1;
    out.push([rose, box]);
  }
  return out;
}

/** Help at the point of decision: the fills of `order` the seat may make now (from its legal
 *  actions, "fill ID match" / "fill ID fill"), best first, each with the tiles it would use. */
function fillsNow(order, ctx, shop) {
  return ["match", "fill"].filter(v => (ctx.legal || []).includes(`fill ${order.id} ${v}`))
    .map(v => ({ value: v, amount: order[v], tiles: oldestTiles(shop, order, v) }));
}

/** An hourglass drawn in CSS (style.css, .hourglass): the "⌛" character has no glyph without an
 *  emoji font (Debian's Chromium as shipped), so it is two triangles, named in words for readers. */
function hourglass() {
  return h("span", { class: "hourglass", role: "img", "aria-label": "time running out", title: "time running out" });
}

function orderCard(order, ctx, opts = {}) {
  if (!order) return h("div", { class: "order empty-space" }, h("span", { class: "muted small" }, "empty space"));
  const now = opts.shop ? fillsNow(order, ctx, opts.shop) : [];
  return h("div", { class: `order ${opts.oldest ? "oldest" : ""} ${now.length ? "can-fill" : ""}`, dataset: { order: order.id } },
    h("div", { class: "order-head" }, h("b", {}, `#${order.id}`), order.icon ? h("span", { class: "pill dim", title: "back icon: a smaller order" }, "◇") : null,
      order.specialty ? h("span", { class: "pill gold", title: "specialty order" }, `★ ${titleCase(order.specialty)}`) : null),
    h("div", { class: "order-roses" }, (order.roses || []).map(([r, k]) => tile(r, k === "bud" ? "bud" : "bloom"))),
    h("div", { class: "order-pay" }, h("span", { title: "Fill: the right roses, bud or bloom" }, `Fill $${order.fill}`),
      h("span", { title: "Match: right roses and maturity" }, `Match $${order.match}`)),
    now.map(f => h("div", { class: "fill-now", dataset: { value: f.value } },
      `You can ${f.value} it now: $${f.amount}`, f.tiles ? [" with ", f.tiles.map(([r, b]) => tile(r, b === "bud" ? "bud" : "bloom", null, logLine(`${r}/${b}`)))] : null)),
    opts.oldest ? h("div", { class: "expires-next" }, hourglass(), "oldest: lost next") : null);
}

const PHASES = {
  "specialty": "Dealing shop cards", "start": "Drawing the start player", "setup-market": "Seeding the market",
  "setup-orders": "Turning over orders", "trash-or-seed": "trashes the oldest order or seeds the market",
  "seeding": "is seeding the market", "push": "may push their luck", "refill": "Turning over orders",
  "purchase": "is buying roses", "respond": "answers a deal", "fill": "is filling orders",
  "draft": "is drafting a deal", "name-tiles": "is picking tiles for an order", "over": "Game over",
};

export function render(view, el, ctx) {
  const o = view.observation || {};
  const shops = o.shops || [];
  const n = shops.length;
  const mover = o.phase === "respond" && o.current_player >= 0 ? o.current_player : o.turn;
  const phase = PHASES[o.phase] || o.phase;
  const name = i => who(view, ctx, i); // the own seat reads "(you)" in the status lines
  const winners = (view.returns || []).flatMap((r, i) => (r > 0 ? [i] : []));
  const named = ["trash-or-seed", "seeding", "push", "purchase", "draft", "respond", "fill", "name-tiles"].includes(o.phase) && mover >= 0;
  el.appendChild(statusStrip([
    ["Now", nowLine(view, named ? `${name(mover)} ${phase}` : phase), "wide"],
    ["Orders left", `${o.deck_size ?? 0}`],
    ["Bag", `${o.bag_size ?? 0} tiles`],
    o.turn >= 0 && o.phase !== "over" ? ["This turn", `${o.received ?? 0} of ${TURN_LIMIT} tiles · ${o.fills ?? 0} of ${FILL_LIMIT} fills`] : null,
    o.next_push_cost !== null && o.next_push_cost !== undefined ? ["Next push", `$${o.next_push_cost}`, "hot"] : null,
    o.end_triggered && o.phase !== "over" ? ["Last turns", String(o.turns_left ?? 0), "hot"] : null,
    // as the other games show it; solo there is no one to beat (the end dialog gives the score)
    o.phase === "over" && n > 1 && winners.length ? ["Winner", winners.map(name).join(", "), "gold"] : null,
  ]));

  // Market: tiles for sale with their prices (RR-2).
  el.appendChild(h("div", { class: "rr-market" }, h("div", { class: "section-title" }, "Market"),
    h("div", { class: "rr-market-row" }, ROSES.map(r => h("div", { class: `rr-stall ${(o.market || {})[r] ? "" : "sold-out"}` },
      tile(r, "bud"), h("span", { class: "rr-rose" }, titleCase(r)),
      h("span", { class: "rr-count" }, `${(o.market || {})[r] || 0} left`),
      h("span", { class: "rr-price" }, `$${(o.prices || {})[r] ?? "?"}`))))));

  // The order queue, oldest first.
  const queue = o.queue || [];
  const oldest = queue.findIndex(q => q);
  el.appendChild(h("div", { class: "rr-orders" }, h("div", { class: "section-title" }, "Order queue (oldest first)"),
    h("div", { class: "rr-queue" }, queue.map((q, k) => orderCard(q, ctx, { oldest: k === oldest, shop: view.seat !== null && view.seat !== undefined ? shops[view.seat] : null })))));

  if (o.pending_offer) {
    // The proposer (whose turn it is) takes the answering seat's tiles and pays money and/or its
    // own tiles (RR-7, rare_roses _settle); worded as the log words the deal.
    const p = o.pending_offer;
    const roses = ts => ts.map(([r, b], k) => [k ? ", " : "", tile(r, b === "bud" ? "bud" : "bloom"), " ", logLine(`${r}/${b}`)]);
    const give = p.give || [];
    const paid = [p.pay || !give.length ? `$${p.pay}` : null, give.length && p.pay ? " and " : null, give.length ? roses(give) : null];
    el.appendChild(h("div", { class: "rc-offer" }, h("b", {}, name(p.from)), " proposes to take ",
      p.to === view.seat ? "your " : `${ctx.name(p.to)}'s `, roses(p.take || []), " for ", paid));
  }

  const result = o.result;
  const ring = h("div", { class: "seats-ring rr-shops" });
  for (const i of seatOrder(n, view.seat)) {
    const s = shops[i] || {};
    ring.appendChild(seatBox(view, ctx, i, {},
      seatHead(view, ctx, i, [
        o.turn === i && o.phase !== "over" ? h("span", { class: "pill" }, "turn") : null,
        o.start_player === i ? h("span", { class: "pill dim" }, "start") : null,
        view.returns && view.returns[i] > 0 && n > 1 ? h("span", { class: "pill gold" }, "★ winner") : null,
      ]),
      h("div", { class: "rr-money" }, `$${s.money ?? 0}`,
        // RR-4: the specialty's bonus after 4 matching orders.
        s.specialty ? h("span", { class: "rr-spec", title: "shop specialty" }, tile(s.specialty, "bloom"), ` ${s.specialty_filled || 0} of 4 specialty orders${s.bonus_paid ? " ✓ $50" : ""}`) : null),
      h("div", { class: "rr-boxes" }, BOXES.map(([key, label]) => h("div", { class: "rr-box" },
        h("div", { class: "rr-box-label" }, label),
        h("div", { class: "rr-box-tiles" }, tiles(s[key], key === "bud" ? "bud" : "bloom"))))),
      h("div", { class: "stat" }, `${(s.orders_filled || []).length} order${(s.orders_filled || []).length === 1 ? "" : "s"} filled · stock worth $${s.shop_value ?? 0}`),
      result && result.money ? h("div", { class: "stat" }, h("b", {}, `Final: $${result.money[i]}`)) : null));
  }
  el.appendChild(ring);
}

// ------------------------------------------------------------------ moves and the deal builder
let builder = null; // {version, seat, take: {"rose/box": n}, give: {...}, pay}

function stepper(key, max, counts, onchange, held = max) {
  const value = counts[key] || 0;
  const [rose, box] = key.split("/");
  // the − and + buttons' names for a screen reader ("One more fresh Juliet bloom"), not "minus"
  const named = box === "bud" ? `${titleCase(rose)} bud` : `${box} ${titleCase(rose)} bloom`;
  return h("div", { class: "stepper-tile" },
    tile(rose, box === "bud" ? "bud" : "bloom", null, `${rose}/${box}`),
    h("span", { class: "small" }, `${titleCase(rose)} (${box})`),
    h("button", { type: "button", class: "small deal-step", disabled: value <= 0, "aria-label": `One fewer ${named}`, onclick: () => { counts[key] = value - 1; onchange(); } }, "−"),
    h("b", { class: "deal-count" }, String(value)),
    h("button", { type: "button", class: "small deal-step", disabled: value >= max, "aria-label": `One more ${named}`, onclick: () => { counts[key] = value + 1; onchange(); } }, "+"),
    h("span", { class: "muted tiny" }, `of ${held}`));
}

function shopTiles(shop) {
  const out = [];
  for (const [box] of BOXES) for (const r of ROSES) if (((shop || {})[box] || {})[r]) out.push([`${r}/${box}`, shop[box][r]]);
  return out;
}

/** Tiles of `counts` ({"rose/box": n}) one by one, in the engine's tile order (rose, then box). */
function tileList(counts) {
  const parts = [];
  for (const r of ROSES) for (const [box] of BOXES) for (let k = 0; k < (counts[`${r}/${box}`] || 0); k++) parts.push(`${r}/${box}`);
  return parts;
}

/** The money as the draft's steps: +20s, then up to three +5s, then up to four +1s. */
function paySteps(amount) {
  const n = Math.max(0, Math.floor(Number(amount) || 0));
  const out = [];
  for (let k = 0; k < Math.floor(n / 20); k++) out.push("pay +20");
  for (let k = 0; k < Math.floor((n % 20) / 5); k++) out.push("pay +5");
  for (let k = 0; k < n % 5; k++) out.push("pay +1");
  return out;
}

/** The moves that draft and propose the deal being built, in order (the engine drafts a deal step
 *  by step: takes, gives, money, propose), or null when it takes nothing. */
export function dealSteps(b) {
  const take = tileList(b.take);
  if (!take.length) return null;
  return [`deal ${b.seat}`, ...take.map(t => `take ${t}`), ...tileList(b.give).map(t => `give ${t}`),
    ...paySteps(b.pay), "propose"];
}

/** The deal being built in plain words, or null when it takes nothing. */
function dealWords(b, ctx) {
  const take = tileList(b.take);
  if (!take.length) return null;
  const give = tileList(b.give);
  const pay = Math.max(0, Math.floor(Number(b.pay) || 0));
  const paid = [pay || !give.length ? `$${pay}` : null, give.length ? give.map(logLine).join(", ") : null].filter(Boolean);
  return `Take ${take.map(logLine).join(", ")} from ${ctx.name(b.seat)} for ${paid.join(" and ")}`;
}

/** A whole number of dollars between 0 and `money` (what the builder's money field holds). */
export function clampPay(value, money) {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) ? Math.max(0, Math.min(n, Math.max(0, money || 0))) : 0;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Why the deal `b` cannot be proposed now, in plain words, or "" when it can. `room` is how many
 *  more tiles the seat may receive this turn, `money` its money, `legal` the legal moves. */
export function dealProblem(b, { room, money, legal, name = i => `Seat ${i + 1}` }) {
  const take = tileList(b.take).length;
  if (legal && !legal.includes(`deal ${b.seat}`)) return `You can't make a deal with ${name(b.seat)} now.`;
  if (!take) return "Choose at least one tile to take.";
  if (take > room) return `You can receive only ${plural(room, "more tile")} this turn: take fewer.`;
  if ((Number(b.pay) || 0) > money) return `You have only $${money}.`;
  return "";
}

/** The offers note: a deal proposed or cancelled uses one of the turn's offers. */
function offersNote(left) {
  return `a deal proposed or cancelled uses one of your ${plural(left, "offer")} this turn`;
}

function dealBuilder(view, ctx, container) {
  const o = view.observation || {};
  const shops = o.shops || [];
  const others = shops.map((_, i) => i).filter(i => i !== view.seat);
  if (!others.length) return null;
  // A deal takes at least one tile (RR-7): with every other shop empty there is nothing to ask for.
  const stocked = others.filter(i => shopTiles(shops[i]).length);
  if (!stocked.length) {
    return h("p", { class: "hint deal-none" }, "No deal to propose: every other shop is empty.");
  }
  if (!builder || builder.version !== view.version || !others.includes(builder.seat)) {
    builder = { version: view.version, seat: stocked[0], take: {}, give: {}, pay: 0 };
  }
  const b = builder;
  const mine = shops[view.seat] || {};
  const money = Math.max(0, mine.money ?? 0);
  const room = Math.max(0, TURN_LIMIT - (o.received ?? 0));
  const left = o.offers_left ?? 0;
  b.pay = clampPay(b.pay, money);
  const box = h("details", { class: "deal-builder", open: b.open || undefined, ontoggle: e => { b.open = e.target.open; } });
  const redraw = () => { if (box.isConnected) box.replaceWith(dealBuilder(view, ctx, container)); };
  const taken = tileList(b.take).length;
  // The text, the reason and the Propose button follow the money field as it is typed (no redraw:
  // the field keeps its focus, and a click on Propose is not lost to a redraw on the field's blur).
  const text = h("span", { class: "deal-text" });
  const why = h("p", { class: "small deal-why" });
  const propose = h("button", { type: "button", class: "primary deal-propose" }, "Propose deal");
  const refresh = () => {
    const problem = dealProblem(b, { room, money, legal: ctx.legal, name: ctx.name });
    text.textContent = dealWords(b, ctx) || "Choose at least one tile to take.";
    const note = b.capped ? `You have $${money}: that is the most you can pay.` : "";
    why.textContent = problem && problem !== "Choose at least one tile to take." ? problem : note;
    why.hidden = !why.textContent;
    why.classList.toggle("error", !!problem);
    propose.disabled = !!problem || ctx.busy;
    propose.title = problem || `Propose it; ${offersNote(left)}`;
  };
  const payField = h("input", {
    type: "number", min: 0, max: money, step: 1, value: String(b.pay), class: "deal-pay", "aria-label": "Money to pay",
    oninput: e => {
      const raw = e.target.value;
      const pay = clampPay(raw, money);
      b.capped = raw !== "" && Number(raw) > money;
      // More than the money (or below 0) is corrected at once, so what is shown is what is sent.
      if (raw !== "" && (Number(raw) > money || Number(raw) < 0)) e.target.value = String(pay);
      b.pay = pay;
      refresh();
    },
    onchange: e => { b.pay = clampPay(e.target.value, money); e.target.value = String(b.pay); refresh(); },
  });
  propose.onclick = () => {
    b.pay = clampPay(payField.value, money); // the field as it is now, even before its change event
    const steps = dealSteps(b);
    if (!steps || dealProblem(b, { room, money, legal: ctx.legal, name: ctx.name })) { refresh(); return; }
    b.open = false;
    // A step refused half-way leaves a draft open: cancel it, and say so plainly.
    if (ctx.actAll) {
      ctx.actAll(steps, {
        undo: "cancel deal",
        message: undone => undone
          ? "The deal could not be sent, so it was cancelled. It still counts as one of your offers this turn."
          : "The deal could not be sent.",
      });
    } else ctx.act(steps[0]);
  };
  box.append(
    h("summary", {}, `Propose a deal (${left} left this turn)`, h("span", { class: "muted small deal-cost" }, ` — ${offersNote(left)}`)),
    h("p", { class: "hint" }, "Buy tiles from another shop for money and/or your own tiles. They keep their box (bud, fresh, mature). The other player accepts or declines."),
    h("div", { class: "row" }, h("span", { class: "verb" }, "With"),
      others.map(i => h("button", { type: "button", class: `small seat-btn ${i === b.seat ? "active" : ""}`, onclick: () => { b.seat = i; b.take = {}; redraw(); } }, ctx.name(i)))),
    h("div", { class: "deal-cols" },
      h("div", {}, h("div", { class: "section-title" }, `You take from ${ctx.name(b.seat)}`),
        shopTiles(shops[b.seat]).map(([key, max]) => stepper(key, Math.min(max, (b.take[key] || 0) + room - taken), b.take, redraw, max)),
        shopTiles(shops[b.seat]).length ? null : h("p", { class: "muted small" }, "Their shop is empty."),
        room < TURN_LIMIT && shopTiles(shops[b.seat]).length ? h("p", { class: "muted small deal-room" }, `You can receive ${plural(room, "more tile")} this turn.`) : null),
      h("div", {}, h("div", { class: "section-title" }, "You give"),
        h("label", { class: "row small" }, "Money $", payField, h("span", { class: "muted" }, `(you have $${money})`)),
        shopTiles(mine).map(([key, max]) => stepper(key, max, b.give, redraw)))),
    h("div", { class: "row" }, text, propose),
    why);
  refresh();
  return box;
}

/** Each seat's final money (the end screen's scores when the view has no `scores`). */
export function scores(view, n) {
  const o = view.observation || {};
  if (o.result && Array.isArray(o.result.money)) return o.result.money;
  const shops = o.shops || [];
  return shops.length ? shops.map(s => (s || {}).money ?? null) : null;
}

/** A score in dollars. */
export function formatScore(value) {
  return `$${value}`;
}

/** The end screen's note for seat `i`: in solo (The Lone Florist) the rulebook's yardstick
 *  ("with 20 Order Cards, a good score is around $90, a great score is over $120"). */
export function resultNote(view, i) {
  const n = ((view.observation || {}).shops || []).length || (view.seats || []).length;
  return n === 1 ? "with 20 orders: good ≈ $90, great > $120" : "";
}

/** A log line with the rose ids written as names ("striped-dragon" → "Striped Dragon",
 *  "juliet/bud" → "Juliet (bud)"). */
export function logLine(line) {
  const ids = ROSES.join("|");
  return String(line)
    .replace(new RegExp(`\\b(${ids})/(bud|fresh|mature)\\b`, "g"), (_, r, b) => `${titleCase(r)} (${b})`)
    .replace(new RegExp(`(^|[^\\w-])(${ids})(?![\\w-])`, "g"), (_, pre, r) => pre + titleCase(r))
    .replace(/\),(?=[A-Z])/g, "), "); // "Juliet (bud),Osira (fresh)" → "Juliet (bud), Osira (fresh)"
}

export function renderActions(view, el, ctx) {
  const o = view.observation || {};
  const legal = ctx.legal;
  const used = new Set();
  const take = re => legal.filter(t => re.test(t) && (used.add(t), true));
  const box = h("div", { class: "move-groups" });
  const simple = take(/^(trash|seed|push|stop|accept|decline|done buying|end turn|propose|cancel deal)$/);
  const buys = take(/^buy /);
  take(/^deal \d+$/); // no buttons of their own: see the deal builder below
  const steps = take(/^(take|give|use) [\w-]+\/\w+$|^pay \+\d+$/);
  const fills = take(/^(fill|choose tiles for) /);
  const LABELS = {
    trash: "Trash the oldest order", seed: "Seed the market", push: `Push: draw another ($${o.next_push_cost ?? "?"})`,
    stop: "Stop pushing", accept: "Accept the deal", decline: "Decline", "done buying": "Done buying", "end turn": "End my turn",
    propose: "Propose the deal", "cancel deal": "Cancel the deal",
  };
  if (buys.length) {
    box.appendChild(h("div", { class: "move-group" }, h("span", { class: "verb" }, "Buy"),
      h("div", { class: "move-buttons" }, buys.map(t => {
        const r = t.slice(4);
        return moveButton(ctx, t, [tile(r, "bud"), ` ${titleCase(r)} $${(o.prices || {})[r] ?? "?"}`]);
      }))));
  }
  if (fills.length) {
    const byOrder = new Map();
    for (const t of fills) {
      const m = /^(fill|choose tiles for) (\d+) (fill|match)$/.exec(t);
      const id = m ? m[2] : t;
      if (!byOrder.has(id)) byOrder.set(id, []);
      byOrder.get(id).push([t, m ? m[3] : t, m && m[1] !== "fill"]);
    }
    const cards = o.cards || {};
    box.appendChild(h("p", { class: "hint" }, "Fill an order with the right roses; Match also needs each tile's maturity. ",
      "The plain buttons use your oldest fitting tiles; \"pick tiles\" lets you choose them one by one."));
    for (const [id, items] of byOrder) {
      const card = cards[id] || {};
      box.appendChild(h("div", { class: "move-group" }, h("span", { class: "verb" }, `Order #${id}`),
        h("div", { class: "move-buttons" }, items.map(([t, kind, pick]) => {
          const label = kind === "match" ? `Match $${card.match ?? "?"}` : (kind === "fill" ? `Fill $${card.fill ?? "?"}` : t);
          return moveButton(ctx, t, pick ? `${label}, pick tiles` : label, kind === "match" && !pick ? "main" : "");
        }))));
    }
  }
  // Outside a draft the deal builder is the one way to propose a deal: the `deal SEAT` moves (a
  // draft's first step) get no buttons of their own (they can still be typed).
  const draft = o.draft && o.phase === "draft" ? o.draft : null;
  let draftSteps = [];
  if (draft) {
    const d = draft;
    const parts = [d.take.length ? `take ${d.take.map(([r, b]) => logLine(`${r}/${b}`)).join(", ")}` : "nothing taken yet",
      d.give.length ? `give ${d.give.map(([r, b]) => logLine(`${r}/${b}`)).join(", ")}` : null, `pay $${d.pay}`].filter(Boolean);
    const takes = steps.filter(t => t.startsWith("take "));
    // Giving or paying before a tile is taken would leave a deal that can never be proposed.
    draftSteps = d.take.length ? steps : takes;
    const dead = !d.take.length && !takes.length;
    box.appendChild(h("div", { class: "hint rr-draft" },
      h("p", {}, `Your deal with ${ctx.name(d.to)} so far: ${parts.join(", ")}.`),
      h("p", { class: "rr-draft-order" }, dead
        ? "This deal takes no tiles, so it can't be proposed: cancel it."
        : "Take the tiles first, then give yours, then add money — in that order."),
      draftSteps.some(t => t.startsWith("pay ")) ? h("p", { class: "small" }, "Money goes in largest first: $20s, then up to three $5s, then up to four $1s.") : null));
  }
  if (o.naming) {
    const nm = o.naming;
    box.appendChild(h("p", { class: "hint rr-naming" }, `Picking the tiles for order #${nm.card} (${nm.value === "match" ? "Match" : "Fill"}): `,
      nm.tiles.length ? nm.tiles.map(([r, b]) => logLine(`${r}/${b}`)).join(", ") : "none yet", "."));
  }
  const PLAIN = { take: "Take", give: "Give", use: "Use" };
  const stepButton = t => {
    const m = /^(take|give|use) ([\w-]+)\/(\w+)$/.exec(t);
    const b = m
      ? moveButton(ctx, t, [`${PLAIN[m[1]]} `, tile(m[2], m[3] === "bud" ? "bud" : "bloom"), ` ${titleCase(m[2])} (${m[3]})`])
      : moveButton(ctx, t, `Add $${t.slice(5)}`);
    b.title = m ? `${PLAIN[m[1]]} ${logLine(`${m[2]}/${m[3]}`)}` : `Add $${t.slice(5)} to the money you pay`;
    return b;
  };
  const shownSteps = draft ? draftSteps : steps;
  if (shownSteps.length) {
    box.appendChild(h("div", { class: "move-group" }, h("div", { class: "move-buttons" }, shownSteps.map(stepButton))));
  }
  if (o.phase === "purchase" && (o.offers_left ?? 0) > 0 && !ctx.replay) {
    const builderBox = dealBuilder(view, ctx, box);
    if (builderBox) box.appendChild(builderBox);
  }
  if (simple.length) {
    box.appendChild(h("div", { class: "move-group" }, simple.map(t => {
      const b = moveButton(ctx, t, LABELS[t] || t, ["accept", "seed", "end turn", "done buying", "cancel deal"].includes(t) ? "main" : "");
      if (t === "cancel deal") {
        const left = o.offers_left ?? 0;
        b.title = `Cancelling still uses up this deal's offer: you have ${plural(left, "more offer")} this turn.`;
      } else if (t === "propose") b.title = `${ctx.name((o.draft || {}).to)} then accepts or declines it.`;
      else b.title = LABELS[t] || t;
      return b;
    })));
  }
  const rest = legal.filter(t => !used.has(t));
  if (rest.length) box.appendChild(h("div", { class: "move-groups" }, groupedMoves(ctx, rest)));
  el.appendChild(box);
  return true;
}

