// The table page's chat (table.js): the messages "#chat", one pushed alone (a statement of table
// talk redraws the log and the talk too), and sending from "#chat-form" (seated players and the
// host; spectators read only; a closed table takes no more chat).
import { h, fill, api, errorText, NETWORK_TEXT, seatName, toast } from "/static/common.js";
import { drawTalk } from "/static/talk.js";
import { drawLog } from "/static/tablelog.js";

const $ = id => document.getElementById(id);

let chatSending = false;  // a chat POST is in flight: the field stays disabled through redraws

// A chat message pushed alone (the view it belongs to is unchanged otherwise).
export function addChat(page, msg) {
  const view = page.view;
  if (!view || !msg.message) return;
  const chat = view.chat || [];
  if (chat.some(m => m.id === msg.message.id)) return;
  view.chat = [...chat, msg.message].slice(-100);
  if ((msg.revision ?? 0) > (view.revision ?? 0)) view.revision = msg.revision;
  drawChat(page);
  if (msg.message.talk) { drawLog(page); drawTalk(view, page.token()); } // a statement (talk.js)
}

/** The chat "#chat" and whether its field takes a message now. */
export function drawChat(page) {
  const view = page.view;
  const el = $("chat");
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  fill(el, (view.chat || []).map(m => h("li", { class: m.seat === view.seat && m.seat !== null ? "mine" : "" },
    // The name the message was sent under (stored with it): a seat later handed to a bot must
    // not appear to have said what its person said.
    h("b", {}, String(m.name || (typeof m.seat === "number" ? seatName(view, m.seat) : "spectator"))), ": ", String(m.text))));
  if (atBottom) el.scrollTop = el.scrollHeight;
  const blocked = chatBlocked(page);
  setChatDisabled(!!blocked || chatSending);
  $("chat-input").placeholder = blocked || "Say something…";
}

function setChatDisabled(disabled) {
  $("chat-input").disabled = disabled;
  $("chat-form").querySelector("button[type=submit]").disabled = disabled;
}

/** Why this page may not chat ("" when it may): spectators read only; a table the host closed
 *  takes no more chat (the server answers 409). */
function chatBlocked(page) {
  const view = page.view;
  if (!(page.token() || page.store.host)) return "Spectators read only";
  if (view && view.status === "closed") return "Table closed: chat is off";
  return "";
}

/** Send what is typed in "#chat-form" (once, at the start). */
export function listenChat(page) {
  $("chat-form").addEventListener("submit", async e => {
    e.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    const token = page.token() || page.store.host; // the host (seated or not) may chat
    if (!text || !token || chatSending || chatBlocked(page)) return;
    // The message's own push usually arrives before this answer: its redraw must not enable the
    // field, or what is typed meanwhile would be wiped when the answer clears it.
    chatSending = true;
    setChatDisabled(true);
    const res = await api("POST", `/api/tables/${encodeURIComponent(page.tableId)}/chat`, { body: { text }, token });
    chatSending = false;
    setChatDisabled(!!chatBlocked(page)); // the table may have been closed meanwhile
    if (res.status === 0) { page.showBanner(NETWORK_TEXT, "error"); return; }
    if (res.ok) { input.value = ""; if (res.data && res.data.observation !== undefined) page.applyView(res.data); else page.fetchView(); }
    else toast(errorText(res.data, "Message not sent"), "error");
    input.focus();
  });
}
