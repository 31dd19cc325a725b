// The table page's play area around the board (table.js): the move panel "#moves" (the game's
// own panel or the generic one from actions.js, the typed move kept across redraws, folded on a
// phone), a move's words for the confirm dialog, and keyboard focus kept in the play area
// across redraws.
import { h, fill, seatName } from "/static/common.js";
import { renderMoves, typedMove } from "/static/actions.js";

const $ = id => document.getElementById(id);

/** The move `text` as its button reads it ("Bid 3"), for the confirm dialog. */
export function moveLabel(text) {
  const capital = s => s.charAt(0).toUpperCase() + s.slice(1);
  for (const b of document.querySelectorAll("#moves button[data-action], #board button[data-action]")) {
    if (b.dataset.action !== text) continue;
    const verb = b.closest(".move-group") && b.closest(".move-group").querySelector(".verb");
    const named = b.getAttribute("aria-label"); // a name in full ("Offer a card of 2 roses and 1 thorn to Rowan")
    const label = (named || b.textContent || text).trim();
    // the group's verb in full when the game gives one ("Offer a card of 3 roses and 1 thorn to")
    const said = verb && !named ? (verb.dataset.confirm || verb.textContent).trim() : "";
    return capital(said ? `${said} ${label}?` : `${label}?`);
  }
  return `${text}?`;
}

// Keyboard players: every redraw replaces the board and the move panel, so the button that had
// focus is gone and focus fell back to <body> (the next Tab started again at the page header).
// Track whether focus was last in the play area (or the confirm dialog opened from it) and, after
// a redraw, put it back: on the same move when it is still offered, else on the first move, else
// on the board (so the next turn's moves are one Tab away).
let playFocus = false;
let playAction; // the move (data-action) of the last focused button in the play area
document.addEventListener("focusin", e => {
  playFocus = !!(e.target.closest && e.target.closest(".play, #confirm"));
  if (e.target.closest && e.target.closest(".play")) playAction = e.target.dataset ? e.target.dataset.action : undefined;
});

/** After a redraw: focus back where it was in the play area (see above). */
export function keepPlayFocus(action = playAction) {
  const now = document.activeElement;
  const board = $("board");
  if (!playFocus || !(now === null || now === document.body || now === board)) return;
  if (!$("end").hidden || !$("cover").hidden || !$("confirm").hidden) return; // a dialog has it
  const esc = window.CSS && CSS.escape ? CSS.escape : x => x;
  const same = action ? document.querySelector(`#moves button[data-action="${esc(action)}"]:enabled, #board button[data-action="${esc(action)}"]:enabled`) : null;
  const target = same || document.querySelector("#moves:not([hidden]) button.move:enabled");
  if (target) { target.focus({ preventScroll: true }); return; }
  if (now !== board) { board.tabIndex = -1; board.focus({ preventScroll: true }); }
  playFocus = true;
}

// On a phone the move panel sticks to the bottom of the screen; it can be folded to its heading
// to see the whole board (until the turn passes).
let movesFolded = false;

function movesHeading() {
  const label = () => movesFolded ? "Show ▴" : "Hide ▾";
  const fold = h("button", {
    type: "button", class: "small moves-fold", "aria-controls": "moves", "aria-expanded": String(!movesFolded),
    title: "Fold the moves to see the board",
    onclick: () => {
      movesFolded = !movesFolded;
      $("moves").classList.toggle("folded", movesFolded);
      fold.setAttribute("aria-expanded", String(!movesFolded));
      fold.textContent = label();
    },
  }, label());
  return h("h2", { class: "moves-head" }, h("span", {}, "Your move"), fold);
}

/** The move panel "#moves" for context `c` (table.js ctx()); `banner` is the page's message
 *  ({text, kind, rule} or null): a refused typed move keeps its refusal beside the text. */
export function drawMoves(page, c, banner) {
  const { view, renderer } = page;
  const el = $("moves");
  // Unchanged moves (e.g. a chat message arrived): keep the panel, and what is typed or open in it.
  // Seat names are in it too: the game's panel names the seats (offer to, give the coin to), and
  // a seat handed to a bot changes its name without a new version.
  const names = (view.seats || []).map(s => seatName(view, s.seat)).join("\n");
  const key = `${view.version}|${page.seat}|${c.busy}|${c.legal.join("\n")}|${names}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  // Redrawn for the same position (a refused move, a refresh): the typed move stays as it was.
  const oldTyped = el.querySelector(".typed-move");
  const oldInput = oldTyped && oldTyped.querySelector("input");
  const keep = oldTyped && el.dataset.version === String(view.version) ? {
    open: oldTyped.open, text: oldInput ? oldInput.value : "", focus: document.activeElement === oldInput,
    error: oldTyped.open && banner && banner.kind === "error" ? banner.text + (banner.rule ? ` — ${banner.rule}` : "") : "",
  } : null;
  fill(el);
  el.dataset.version = String(view.version);
  const mine = c.legal.length > 0 && !view.terminal;
  el.hidden = !mine;
  if (!mine) movesFolded = false; // the next turn opens unfolded
  el.classList.toggle("folded", mine && movesFolded);
  if (!mine) return;
  el.appendChild(movesHeading());
  let done = false;
  if (typeof renderer.renderActions === "function") {
    try { done = renderer.renderActions(view, el, c) === true; } catch (err) { console.error(err); done = false; }
  }
  if (!done) {
    fill(el, movesHeading());
    renderMoves(view, el, c);
  }
  el.appendChild(typedMove(c, keep));
  if (keep && keep.focus && !c.busy) el.querySelector(".typed-move input").focus({ preventScroll: true });
}
