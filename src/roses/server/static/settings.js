// A player's table settings (kept in this browser): confirm moves that can't be taken back (on
// by default) and a sound when it is your turn (off by default); the confirm dialog; the sound.
import { h, fill, trapTab } from "/static/common.js";

const KEY = "roses:settings";
const DEFAULTS = { confirm: true, sound: false };

export function loadSettings() {
  try { return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY) || "{}") || {}) }; }
  catch { return { ...DEFAULTS }; }
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
  return h("details", { class: "settings", id: "settings" }, h("summary", {}, "Settings"),
    box("confirm", "Ask before a bid or a play that can't be taken back"),
    box("sound", "Play a sound when it is my turn"));
}

/** Ask "Play it?" for `label` in the page's #confirm overlay; resolves true (Play it, Enter) or
 *  false (Cancel, Escape, a click outside). */
export function askConfirm(label) {
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
      h("p", { class: "muted" }, "This move can't be taken back."),
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
