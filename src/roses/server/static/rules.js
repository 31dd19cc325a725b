// How to play /rules/{game}: the game's rules document (markdown from GET /api/rules/{game}).
import { h, fill, api, errorText, header, titleCase } from "/static/common.js";
import { render } from "/static/markdown.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const el = document.getElementById("rules");

async function main() {
  fill(document.getElementById("site-header"), header("rules"));
  document.title = `How to play ${titleCase(game)} — roses`;
  const res = await api("GET", `/api/rules/${encodeURIComponent(game)}`);
  if (!res.ok || !res.data || typeof res.data.markdown !== "string") {
    fill(el, h("h1", {}, titleCase(game)), h("p", { class: "error" }, errorText(res.data, "No rules found for this game")));
    return;
  }
  const title = res.data.title || titleCase(game);
  document.title = `How to play ${title} — roses`;
  fill(el, h("p", { class: "muted" }, h("a", { href: `/?game=${encodeURIComponent(game)}` }, `▸ Start a ${title} table`)));
  // {markdown: the player-facing page, implementation: the rules as implemented, or null};
  // an older server sent only {markdown} (then the rules-as-implemented document).
  const body = render(res.data.markdown);
  const impl = typeof res.data.implementation === "string" && res.data.implementation.trim() ? res.data.implementation : null;
  // The document's first heading becomes the page title.
  const first = body.querySelector("h2");
  if (first && body.firstChild === first) {
    el.appendChild(h("h1", {}, first.textContent));
    first.remove();
  } else {
    el.appendChild(h("h1", {}, `How to play ${title}`));
  }
  el.appendChild(body);
  if (impl) {
    el.appendChild(h("details", { class: "implementation", id: "implementation" },
      h("summary", {}, "Rules as implemented (for designers)"), render(impl)));
  }
}

main();
