// A tiny markdown renderer that builds DOM nodes (never HTML strings): headings, paragraphs,
// lists, tables, code blocks, block quotes, rules, **bold**, *italic*, `code` and [links](url).
import { h } from "/static/common.js";

const SAFE_URL = /^(https?:\/\/|\/|#|\.\.?\/|[\w-]+\.md)/i;

/** Inline markup of one line of text → array of nodes/strings. */
export function inline(text) {
  const out = [];
  const re = /(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/;
  let rest = text;
  while (rest) {
    const m = re.exec(rest);
    if (!m) { out.push(rest); break; }
    if (m.index) out.push(rest.slice(0, m.index));
    const tok = m[0];
    if (m[1]) out.push(h("code", {}, tok.slice(1, -1)));
    else if (m[2]) out.push(h("strong", {}, inline(tok.slice(2, -2))));
    else if (m[3]) out.push(h("em", {}, inline(tok.slice(1, -1))));
    else {
      const lm = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(tok);
      const href = lm[2];
      out.push(SAFE_URL.test(href) ? h("a", { href }, inline(lm[1])) : inline(lm[1]));
    }
    rest = rest.slice(m.index + tok.length);
  }
  return out;
}

function splitRow(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map(c => c.trim());
}

/** Render markdown `source` into a DocumentFragment. */
export function render(source) {
  const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
  const frag = document.createDocumentFragment();
  let i = 0;
  let para = [];
  const flush = () => { if (para.length) { frag.appendChild(h("p", {}, inline(para.join(" ")))); para = []; } };
  while (i < lines.length) {
    const line = lines[i];
    let m;
    if (!line.trim()) { flush(); i++; continue; }
    if (/^```/.test(line)) {
      flush();
      const code = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
      i++;
      frag.appendChild(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    if ((m = /^(#{1,6})\s+(.*)$/.exec(line))) {
      flush();
      const level = Math.min(6, m[1].length + 1); // the page title is the h1
      const id = m[2].toLowerCase().replace(/[^\w]+/g, "-").replace(/^-|-$/g, "");
      frag.appendChild(h(`h${level}`, { id }, inline(m[2])));
      i++;
      continue;
    }
    if (/^(\*\s*\*\s*\*|-{3,}|_{3,})\s*$/.test(line)) { flush(); frag.appendChild(h("hr")); i++; continue; }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      flush();
      const head = splitRow(line);
      i += 2;
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(splitRow(lines[i++]));
      frag.appendChild(h("div", { class: "table-scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, head.map(c => h("th", {}, inline(c))))),
        h("tbody", {}, rows.map(r => h("tr", {}, r.map(c => h("td", {}, inline(c)))))))));
      continue;
    }
    if (/^>\s?/.test(line)) {
      flush();
      const quote = [];
      while (i < lines.length && /^>\s?/.test(lines[i])) quote.push(lines[i++].replace(/^>\s?/, ""));
      const q = h("blockquote");
      q.appendChild(render(quote.join("\n")));
      frag.appendChild(q);
      continue;
    }
    if ((m = /^(\s*)([-*+]|\d+[.)])\s+/.exec(line))) {
      flush();
      const ordered = /\d/.test(m[2]);
      const list = h(ordered ? "ol" : "ul");
      while (i < lines.length && (m = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(lines[i]))) {
        let text = m[3];
        const nested = m[1].length >= 2;
        i++;
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*([-*+]|\d+[.)])\s+/.test(lines[i])) text += " " + lines[i++].trim();
        const item = h("li", { class: nested ? "nested" : "" }, inline(text));
        list.appendChild(item);
      }
      frag.appendChild(list);
      continue;
    }
    para.push(line.trim());
    i++;
  }
  flush();
  return frag;
}
