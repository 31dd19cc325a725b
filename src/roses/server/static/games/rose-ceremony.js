// Rose Ceremony: hands, bouquets with their rose and thorn sums, charm points, the deck and the
// pending offer (a face-down card on a date). Observation fields: rose_ceremony/observation.py.
import { h } from "/static/common.js";
import { moveButton, groupedMoves } from "/static/actions.js";
import { seatHead, seatBox, seatOrder, statusStrip, can, who, nowLine, meter, spoken } from "/static/games/pieces.js";

const WILT = 5;       // 5 or more thorns wilt a bouquet
const WIN_POINTS = 5; // 5 charm points win
const WIN_ROSES = 10; // exchanging 10+ roses wins

/** Charm points for exchanging a bouquet of `roses` roses (the rulebook's table). */
function pointsFor(roses) {
  if (roses >= 10) return "the game";
  if (roses >= 8) return "3 charm points";
  if (roses >= 6) return "2 charm points";
  if (roses >= 4) return "1 charm point";
  return "nothing";
}

/** The cards this seat has not seen (the deck parameter's rows [roses, thorns, count] minus its
 *  own hand, every bouquet, the discard pile and a face-up offer): {"r/t": count}, and their total. */
export function unseenCards(view) {
  const o = view.observation || {};
  const left = {};
  let total = 0;
  for (const [r, t, k] of (view.params && view.params.deck) || []) { left[`${r}/${t}`] = k; total += k; }
  const seen = [...(o.hand || []), ...((o.bouquets || []).flat()), ...(o.discard || []),
    ...(o.pending_offer && o.pending_offer.card ? [o.pending_offer.card] : [])];
  for (const c of seen) {
    const key = `${c.roses}/${c.thorns}`;
    if (left[key]) { left[key] -= 1; total -= 1; }
  }
  return { left, total };
}

/** Help at the point of decision: the chance that one card this seat has not seen wilts a
 *  bouquet of `thorns` thorns (has WILT - thorns thorns or more), as a whole percent; null when
 *  the deck is unknown. */
export function wiltRisk(unseen, thorns) {
  if (!unseen.total) return null;
  let bad = 0;
  for (const [key, k] of Object.entries(unseen.left)) if (Number(key.split("/")[1]) >= WILT - thorns) bad += k;
  return Math.round((100 * bad) / unseen.total);
}

/** A card's values in words, as the menus say them: "3 roses and 1 thorn", "no roses and no thorns". */
function cardWords(r, t) {
  const n = (k, noun) => k === 0 ? `no ${noun}s` : `${k} ${noun}${k === 1 ? "" : "s"}`;
  return `${n(r, "rose")} and ${n(t, "thorn")}`;
}

/** A rose card: its rose value as flowers, its thorn value as thorns. */
export function roseCard(c, opts = {}) {
  if (!c) return h("div", { class: `card rc back ${opts.small ? "small" : ""}`, title: "face down", ...spoken("face down") });
  const r = c.roses ?? 0, t = c.thorns ?? 0;
  const words = `${r} rose${r === 1 ? "" : "s"}, ${t} thorn${t === 1 ? "" : "s"}`;
  return h(opts.onclick ? "button" : "div", {
    class: `card rc ${opts.small ? "small" : ""} ${opts.cls || ""}`, title: words,
    type: opts.onclick ? "button" : undefined, onclick: opts.onclick, ...spoken(words, opts.onclick), // not "2 ✿ ▲▲"
  },
  h("span", { class: "rc-roses" }, String(r), h("small", {}, "✿")),
  h("span", { class: "rc-thorns" }, t ? "▲".repeat(t) : "·"));
}

/** What a card's marks mean (players saw a tiny "▲" and had no key): the marks as the cards draw
 *  them for sighted players, hidden from screen readers, which hear the words beside them. */
export function legend() {
  const mark = (cls, text) => h("span", { class: cls, "aria-hidden": "true" }, text);
  return h("p", { class: "rc-legend muted small", id: "rc-legend" },
    "On a card, ", mark("rc-roses", "2✿"), " the number with a flower is its roses, and each ",
    mark("rc-thorns", "▲"), " green triangle is one thorn. A bouquet with ", String(WILT), " thorns or more wilts.");
}

const PHASES = {
  deal: "Dealing", start: "Choosing the start player", offer: "goes on a date: offering a card",
  respond: "decides: accept or refuse the card", exchange: "may exchange the bouquet", draw: "draws back to 4", over: "Game over",
};

export function render(view, el, ctx) {
  const o = view.observation || {};
  const n = o.players || (o.bouquets || []).length;
  const mover = o.phase === "respond" && o.pending_offer ? o.pending_offer.receiver : o.turn_player;
  const phase = PHASES[o.phase] || o.phase;
  const name = i => who(view, ctx, i); // the own seat reads "(you)" in the status lines
  el.appendChild(statusStrip([
    ["Now", nowLine(view, o.phase === "over" ? "Game over" : (mover !== null && mover !== undefined && mover >= 0 ? `${name(mover)} ${phase}` : phase)), "wide"],
    ["Deck", `${o.deck_size ?? 0} cards`],
    ["Discard", String(o.discard_count ?? 0)],
    o.last_round ? ["Last round", "deck is empty", "hot"] : null,
    o.winners && o.winners.length ? ["Winner", o.winners.map(name).join(", "), "gold"] : null,
    wonWith(view) ? ["Won with", wonWith(view), "gold"] : null,
  ]));
  el.appendChild(legend());

  const offer = o.pending_offer;
  if (offer) {
    // Offered face down: the receiver decides unseen (ruling RC-3).
    el.appendChild(h("div", { class: "rc-offer" },
      h("div", {}, h("b", {}, name(offer.offerer)), " offers a card face down to ", h("b", {}, name(offer.receiver))),
      roseCard(offer.card || null),
      offer.receiver === view.seat ? h("div", { class: "muted small" }, "You choose without seeing it. Accept: it joins your bouquet. Refuse: it joins theirs.") : null));
  }

  const ring = h("div", { class: "seats-ring rc-ring" });
  const unseen = unseenCards(view);
  for (const i of seatOrder(n, view.seat)) {
    const roses = (o.bouquet_roses || [])[i] || 0;
    const thorns = (o.bouquet_thorns || [])[i] || 0;
    const pts = (o.points || [])[i] || 0;
    const bouquet = (o.bouquets || [])[i] || [];
    ring.appendChild(seatBox(view, ctx, i, {},
      seatHead(view, ctx, i, [
        o.turn_player === i && o.phase !== "over" ? h("span", { class: "pill" }, "turn") : null,
        o.start_player === i ? h("span", { class: "pill dim", title: "first player of each round" }, "start") : null,
        (o.winners || []).includes(i) ? h("span", { class: "pill gold" }, "★ winner") : null,
      ]),
      h("div", { class: "hearts", title: `${pts} charm point${pts === 1 ? "" : "s"}; ${WIN_POINTS} win`,
        ...spoken(`${pts} charm point${pts === 1 ? "" : "s"} of the ${WIN_POINTS} that win`) }, // not "♥♥♥♥♥"
        Array.from({ length: Math.max(WIN_POINTS, pts) }, (_, k) => h("span", { class: k < pts ? "heart on" : "heart" }, "♥"))),
      h("div", { class: "bouquet" }, bouquet.length ? bouquet.map(c => roseCard(c, { small: true })) : h("span", { class: "muted small" }, "empty bouquet")),
      meter(roses, WIN_ROSES, "m-roses", `${roses} rose${roses === 1 ? "" : "s"}`),
      meter(thorns, WILT, `m-thorns ${thorns >= WILT - 1 ? "danger" : ""}`, `${thorns} thorn${thorns === 1 ? "" : "s"} (wilts at ${WILT})`),
      (() => {
        const risk = wiltRisk(unseen, thorns);
        return risk === null ? null : h("div", { class: "wilt-risk small", dataset: { risk },
          title: `A card with ${WILT - thorns} or more thorns wilts this bouquet: ${risk}% of the cards you have not seen.` },
          `Wilt risk: ${risk}% (a card with ${WILT - thorns}+ thorns)`);
      })(),
      h("div", { class: "stat" }, `hand ${(o.hand_sizes || [])[i] ?? 0}`,
        h("span", { class: "hand-backs inline" }, Array.from({ length: i === view.seat ? 0 : ((o.hand_sizes || [])[i] || 0) }, () => h("span", { class: "mini-back" }))))));
  }
  el.appendChild(ring);

  if (view.seat !== null && view.seat !== undefined) {
    el.appendChild(h("div", { class: "my-area" },
      h("div", { class: "section-title" }, "Your hand"),
      h("div", { class: "hand" }, (o.hand || []).length ? o.hand.map(c => roseCard(c)) : h("span", { class: "muted" }, "empty"))));
  }
  if ((o.discard || []).length) {
    el.appendChild(h("details", { class: "discard" }, h("summary", {}, `Discard pile (${o.discard.length})`),
      h("div", { class: "bouquet" }, o.discard.map(c => roseCard(c, { small: true })))));
  }
}

/** How a finished game was won, when the charm points alone do not say it: "a bouquet of 10
 *  roses or more" for a 10-rose exchange (the winner may have fewer points than others), else
 *  null. Read from the finished view's `result_tags` (the game's result_tags, win_by). */
function wonWith(view) {
  return (view.result_tags || {}).win_by === "ten-roses" ? `a bouquet of ${WIN_ROSES} roses or more` : null;
}

/** The end screen's note for seat `i`: charm points, and for a seat that won by exchanging a
 *  bouquet of 10+ roses (maybe with fewer points than others) how it won. */
export function resultNote(view, i) {
  const o = view.observation || {};
  const pts = (o.points || [])[i] ?? 0;
  const note = `${pts} charm point${pts === 1 ? "" : "s"}`;
  const how = (o.winners || []).includes(i) ? wonWith(view) : null;
  return how ? `${note} · won with ${how}` : note;
}

export function renderActions(view, el, ctx) {
  const o = view.observation || {};
  const legal = ctx.legal;
  const box = h("div", { class: "move-groups" });
  const offers = legal.filter(t => t.startsWith("offer "));
  if (offers.length) {
    // "offer 3/1 to 2": one row per card value, one button per receiver.
    const byCard = new Map();
    for (const t of offers) {
      const m = /^offer (\d+)\/(\d+) to (\d+)$/.exec(t);
      const key = m ? `${m[1]}/${m[2]}` : t;
      if (!byCard.has(key)) byCard.set(key, []);
      byCard.get(key).push([t, m ? Number(m[3]) : null]);
    }
    box.appendChild(h("p", { class: "hint" }, "Go on a date: offer a card face down to another player."));
    for (const [key, items] of byCard) {
      const [r, t] = key.split("/").map(Number);
      box.appendChild(h("div", { class: "move-group offer-row" },
        roseCard({ roses: r, thorns: t }, { small: true }),
        h("span", { class: "verb", dataset: { confirm: `Offer a card of ${cardWords(r, t)} to` } }, "offer to"),
        h("div", { class: "move-buttons" }, items.map(([text, to]) => {
          const button = moveButton(ctx, text, to === null ? text : ctx.name(to));
          // Its name says which card: a screen reader heard "Rowan" once per card, alike.
          if (to !== null) button.setAttribute("aria-label", `Offer a card of ${cardWords(r, t)} to ${ctx.name(to)}`);
          return button;
        }))));
    }
  }
  if (legal.includes("accept") || legal.includes("refuse")) {
    box.appendChild(h("div", { class: "move-group" },
      can(ctx, "accept") || legal.includes("accept") ? moveButton(ctx, "accept", "Accept the card", "main") : null,
      legal.includes("refuse") ? moveButton(ctx, "refuse", "Refuse it") : null));
  }
  if (legal.includes("exchange") || legal.includes("keep")) {
    const roses = (o.bouquet_roses || [])[view.seat] || 0;
    box.appendChild(h("div", { class: "move-group" },
      legal.includes("exchange") ? moveButton(ctx, "exchange", `Exchange the bouquet (${roses} roses → ${pointsFor(roses)})`, "main") : null,
      legal.includes("keep") ? moveButton(ctx, "keep", "Keep it and end the turn") : null));
  }
  const known = new Set(["accept", "refuse", "exchange", "keep", ...offers]);
  const rest = legal.filter(t => !known.has(t));
  if (rest.length) box.appendChild(h("div", { class: "move-groups" }, groupedMoves(ctx, rest)));
  el.appendChild(box);
  return true;
}

/** The log's turns (logview.js): a turn starts with its offer ("Anna offers a card face down to
 *  …", or the offerer's own "You offer …"); null for other lines, which stay in their turn. */
export function logTurn(text) {
  if (/^You offer\b/.test(text)) return "Your turn";
  const m = /^(.{1,60}?) offers a card face down\b/.exec(text);
  return m ? `${m[1].replace(/ \(you\)$/, "")}'s turn` : null;
}

