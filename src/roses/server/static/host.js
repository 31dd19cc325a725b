// The host's controls on the table page (table.js), for the tab that created the table (it holds
// the host token, store.host): close the table, fast bots, the friends' invite links, and hand a
// seat to a bot (the menu beside each human seat in the Players list).
import { h, fill, api, errorText, seatName, toast, copyText, saveTable } from "/static/common.js";

const $ = id => document.getElementById(id);

// The host menu that is open survives redraws (bots move, chat arrives while the host chooses).
let hostMenu = { seat: null, bot: null };

/** The host may close an unfinished table (POST /api/tables/{id}/close): it leaves the lobby's
 *  list and nobody can move any more. Asks first; the server's answer redraws the page. */
export function drawCloseTable(page) {
  const { view, store, tableId } = page;
  let box = $("close-table");
  const show = store.host && !view.terminal && view.status !== "closed";
  if (!show) { if (box) box.remove(); return; }
  if (box) return;
  box = h("div", { id: "close-table", class: "row close-table" },
    h("button", { type: "button", class: "small danger", onclick: async () => {
      if (!confirm("Close this table for everyone? Nobody will be able to move any more.")) return;
      const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/close`, { token: store.host });
      if (res.ok) { toast("Table closed", "ok"); page.fetchView(); }
      else toast(errorText(res.data, `The table could not be closed (${res.status})`), "error");
    } }, "Close table"));
  $("players-panel").appendChild(box);
}

/** The host's fast-bots switch (POST /api/tables/{id}/fast-bots, issue 41): on, bots move without
 *  a pause; off, they pause as the server's default before each turn. Shown while the table is
 *  live and has a bot; the view's bot_delay_ms (pushed to everyone) says which it is. */
export function drawFastBots(page) {
  const { view, store, tableId } = page;
  let box = $("fast-bots");
  const show = store.host && !view.terminal && view.status !== "closed" && (view.seats || []).some(s => s.kind === "bot");
  if (!show) { if (box) box.remove(); return; }
  if (!box) {
    const input = h("input", { type: "checkbox", id: "fast-bots-input", onchange: async e => {
      const fast = e.target.checked;
      e.target.disabled = true;
      const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/fast-bots`, { body: { fast }, token: store.host });
      e.target.disabled = false;
      if (res.ok) { toast(fast ? "Bots now move without a pause" : "Bots pause before their turns again", "ok"); page.fetchView(); }
      else { e.target.checked = !fast; toast(errorText(res.data, "Could not change the bots' pace"), "error"); }
    } });
    box = h("div", { id: "fast-bots", class: "row fast-bots" },
      h("label", { class: "check", title: "Bots move without a pause before their turns" }, input, " Fast bots"));
    $("players-panel").appendChild(box);
  }
  const input = $("fast-bots-input");
  if (!input.disabled) input.checked = view.bot_delay_ms === 0;
}

/** Drop the invite link of a seat someone took while it was open (its link no longer works: the
 *  taker got a new token). The seats seen open are kept in `store.opened`; one closed again before
 *  anyone took it keeps its link (its friend may still join with it). */
function dropTakenInvites(page) {
  const { view, store, tableId } = page;
  const links = store.links || {};
  const opened = new Set(store.opened || []);
  let changed = false;
  for (const s of view.seats || []) {
    if (s.kind !== "human") continue;
    if (s.open && !opened.has(s.seat)) { opened.add(s.seat); changed = true; }
    else if (!s.open && opened.has(s.seat)) {
      opened.delete(s.seat); changed = true;
      if (s.joined && links[String(s.seat)]) delete links[String(s.seat)]; // taken while open
    }
  }
  if (changed) { store.opened = [...opened]; store.links = links; saveTable(tableId, store); }
}

/** The host's copy of the friends' join links (only in the tab that created the table); a seat
 *  taken through "Open to anyone" has its invite dropped. */
export function drawInvites(page) {
  const { view, store } = page;
  if (store.host) dropTakenInvites(page);
  const links = store.links || {};
  const seats = Object.keys(links).map(Number).filter(s => {
    const info = (view.seats || []).find(x => x.seat === s);
    return info && info.kind === "human" && !view.terminal;
  });
  let box = $("invites");
  if (!seats.length) { if (box) box.remove(); return; }
  if (!box) {
    box = h("details", { id: "invites", class: "invites" });
    $("players-panel").appendChild(box);
  }
  const wasOpen = box.open;
  fill(box, h("summary", {}, "Invite links"),
    seats.map(s => {
      const field = h("input", { type: "text", readonly: true, value: links[String(s)], class: "mono", "aria-label": `Join link for seat ${Number(s) + 1}`, onfocus: e => e.target.select() });
      return h("div", { class: "row invite" }, h("span", { class: "seat-no" }, seatName(view, s)), field,
        h("button", { type: "button", class: "small", onclick: () => copyText(links[String(s)], field) }, "Copy"));
    }));
  box.open = wasOpen;
}

/** A bot's plain name from the server ("Standard", "Hard search"), else its name. */
function botLabel(page, b) {
  const gameInfo = page.gameInfo;
  return (gameInfo && gameInfo.bot_labels && gameInfo.bot_labels[b]) || b;
}

/** The host's menu beside an unfinished human seat: hand it to the chosen bot. */
export function hostControl(page, seat, bots) {
  const { store, tableId } = page;
  const select = h("select", { "aria-label": `Bot for seat ${seat + 1}`, onchange: e => { hostMenu.bot = e.target.value; } },
    bots.map(b => h("option", { value: b }, botLabel(page, b))));
  select.value = hostMenu.seat === seat && hostMenu.bot ? hostMenu.bot : (bots.includes("heuristic") ? "heuristic" : bots[0]);
  return h("details", {
    class: "host", open: hostMenu.seat === seat,
    ontoggle: e => { if (e.target.open) hostMenu = { seat, bot: select.value }; else if (hostMenu.seat === seat) hostMenu = { seat: null, bot: null }; },
  }, // named in words: a screen reader said only "⚙" (or "gear")
  h("summary", { title: "Host: hand this seat to a bot", "aria-label": `Give seat ${seat + 1} to a bot` }, "⚙"),
    h("div", { class: "row" }, select, h("button", {
      type: "button", onclick: async () => {
        if (!confirm(`Hand ${seatName(page.view, seat)}'s seat to the ${botLabel(page, select.value)} bot?`)) return;
        const res = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { body: { bot: select.value }, token: store.host });
        if (res.ok) { hostMenu = { seat: null, bot: null }; toast(`A ${botLabel(page, select.value)} bot took the seat`, "ok"); page.fetchView(); }
        else toast(errorText(res.data, "Could not hand the seat to a bot"), "error");
      },
    }, "Give to bot")));
}
