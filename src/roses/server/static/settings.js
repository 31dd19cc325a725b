// A player's table settings (kept in this browser): when to ask before a move ("costly": only the
// moves the game calls irreversible and costly, the default; "every": every move; "never") and a
// sound when it is your turn (off by default); the confirm dialog; the sound.
import { h, fill, trapTab } from "/static/common.js";

const KEY = "roses:settings";
const DEFAULTS = { confirm: "costly", sound: false };
export const CONFIRM_CHOICES = [["costly", "Ask before a costly move that can't be taken back"],
  ["every", "Ask before every move"], ["never", "Never ask"]];

export function loadSettings() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  const out = { ...DEFAULTS, ...saved };
  // saved before the three choices: on (true) meant the costly moves, off (false) never
  if (out.confirm === true) out.confirm = "costly";
  if (!CONFIRM_CHOICES.some(([v]) => v === out.confirm)) out.confirm = out.confirm === false ? "never" : "costly";
  return out;
}

export function saveSettings(settings) {
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* private mode: this page only */ }
}

/** The settings panel: two checkboxes, saved as they change. */
export function settingsPanel(settings) {
  const box = (key, label) => h("label", { class: "check" }, h("input", {
    type: "checkbox", id: `setting-${key}`, checked: !!settings[key],
    onchange: e => { settings[key] = e.target.checked; saveSettings(settings); },
  }), " ", label);
  const choice = h("select", { id: "setting-confirm", onchange: e => { settings.confirm = e.target.value; saveSettings(settings); } },
    CONFIRM_CHOICES.map(([value, label]) => h("option", { value }, label)));
  choice.value = settings.confirm;
  return h("details", { class: "settings", id: "settings" }, h("summary", {}, "Settings"),
    h("label", { class: "check", for: "setting-confirm" }, "Before a move: "), choice,
    box("sound", "Play a sound when it is my turn"));
}

/** Ask "Play it?" for `label` in the page's #confirm overlay, with `why` (the game's reason, in
 *  plain words) under it; resolves true (Play it, Enter) or false (Cancel, Escape, a click
 *  outside). */
export function askConfirm(label, why = "Once another player acts, it can't be taken back.") {
  const box = document.getElementById("confirm");
  // The button that asked (a move): focus goes back to it on Cancel or Escape, not to <body>.
  const opener = document.activeElement;
  return new Promise(resolve => {
    let untrap = () => {};
    const done = yes => {
      document.removeEventListener("keydown", onKey); untrap(); box.hidden = true; fill(box);
      if (opener && opener !== document.body && opener.isConnected && !opener.disabled) opener.focus({ preventScroll: true });
      resolve(yes);
    };
    const onKey = e => {
      if (e.key === "Escape") { e.preventDefault(); done(false); }
    };
    document.addEventListener("keydown", onKey);
    const yes = h("button", { type: "button", class: "primary", id: "confirm-yes", onclick: () => done(true) }, "Play it");
    fill(box, h("div", { class: "cover-card", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-text" },
      h("h2", { id: "confirm-text" }, label),
      h("p", { class: "muted", id: "confirm-why" }, why),
      h("div", { class: "row center" }, yes,
        h("button", { type: "button", id: "confirm-no", onclick: () => done(false) }, "Cancel"))));
    box.onclick = e => { if (e.target === box) done(false); };
    box.hidden = false;
    untrap = trapTab(box);
    yes.focus();
  });
}

let audio = null;
/** A short two-note chime (Web Audio; nothing where audio is unavailable or not yet allowed). */
export function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const t = audio.currentTime;
    for (const [k, f] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + k * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.15, t + k * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + k * 0.16 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + k * 0.16);
      osc.stop(t + k * 0.16 + 0.3);
    }
  } catch { /* no sound */ }
}
