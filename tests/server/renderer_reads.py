"""The observation fields a browser renderer reads, found in its source by regular expressions
tuned to the renderers' style (static/games/<game>.js), and checked against a JSON Schema
(``roses.server.contract``; issue 44).

What is recognised:

- the observation itself: ``view.observation``, ``(view.observation || {})`` and any
  ``<expr>.observation`` (the replay's ``(steps[i] || {}).observation``), and every name assigned
  one of them (``const o = view.observation || {};``); such a name is the observation in the whole
  file (the renderers call it ``o`` everywhere, as their helpers' parameters too:
  ``lastChallenge(o)``, ``(o, name) => o.challenger``);
- reads from there: ``o.high_bid``, ``o.pending_offer.card``, ``o?.x``, ``o.rounds[k].number``;
- names for a part of it, one level down or more: ``const s = (o.seats || [])[i] || {};`` (an item
  of ``seats``), ``const r = o.current_round;``, ``const shops = o.shops || [];`` then
  ``const mine = shops[view.seat] || {};``, ``const d = o.draft && … ? o.draft : null;``,
  ``for (const q of o.queue)`` and ``o.rounds.map(r => …)`` (an item); their reads
  (``s.stack_size``, ``r.receiver``) are checked against that part's schema.

What is missed: a part passed to a helper under another name (``orderCard(q)`` reads
``order.fill``: ``order`` is never assigned from the observation), destructuring
(``const { phase } = o``, ``([s, k]) => …``), computed keys (``o[name]``), parts of a spread copy
(``[...o.hand].map(c => c.roses)``). A name is bound for the whole file (not per function): where
one name stands for two parts, a read is accepted when either part has the field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

OBS = "__obs__"
IDENT = r"[A-Za-z_$][\w$]*"
#: What a JavaScript array (or string) answers besides its items: never an observation field.
ARRAY_MEMBERS = frozenset("""length map filter forEach some every find findIndex includes indexOf
slice join flat flatMap reduce concat reverse sort keys values entries at lastIndexOf""".split())

Path = tuple[str, ...]  # field names, "[]" for "an item of"


@dataclass(frozen=True)
class Read:
    """One read: ``path`` (from the observation's root) as written at ``line``."""

    path: Path
    text: str
    line: int


def strip_comments(js: str) -> str:
    """``js`` without its comments (``//`` to the end of the line, ``/* … */``), lines kept."""
    js = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), js, flags=re.S)
    return re.sub(r"(?<![:\\\"'/])//[^\n]*", "", js)


def normalise(js: str) -> str:
    """Comments out; every way of writing the observation itself as :data:`OBS`."""
    js = strip_comments(js)
    js = re.sub(rf"(?:\b{IDENT}(?:\.{IDENT})*|\([^()]*\))\.observation\b", OBS, js)
    while True:
        out = re.sub(rf"\(\s*{OBS}\s*\|\|\s*\{{\s*\}}\s*\)", OBS, js)
        if out == js:
            return js
        js = out


def _bracket_end(js: str, i: int) -> int:
    """The index just past the ``]`` closing the ``[`` at ``i`` (or ``len(js)``)."""
    depth = 0
    for k in range(i, len(js)):
        if js[k] == "[":
            depth += 1
        elif js[k] == "]":
            depth -= 1
            if depth == 0:
                return k + 1
    return len(js)


def chain(js: str, i: int) -> tuple[Path, int]:
    """The property chain starting at ``i`` (just after a name): ``.a?.b[k]`` → ``("a", "b", "[]")``,
    and where it ends."""
    steps: list[str] = []
    while i < len(js):
        m = re.compile(rf"\??\.({IDENT})").match(js, i)
        if m:
            steps.append(m.group(1))
            i = m.end()
        elif js.startswith("[", i) or js.startswith("?.[", i):
            i = _bracket_end(js, i + (2 if js[i] == "?" else 0))
            steps.append("[]")
        else:
            break
    return tuple(steps), i


_ASSIGN = re.compile(rf"\b(?:const|let|var)\s+({IDENT})\s*=\s*([^;\n]+)")
_FOR_OF = re.compile(rf"\bfor\s*\(\s*(?:const|let|var)\s+({IDENT})\s+of\s+([^)\n]+)\)")
_CALLBACK = re.compile(rf"\.(?:map|forEach|filter|some|every|find|findIndex|flatMap)\(\s*"
                       rf"(?:\(\s*({IDENT})\s*(?:,[^()]*)?\)|({IDENT}))\s*=>")
#: The list a callback walks: ``o.hand`` or ``(o.rounds || [])`` just before ``.map(``.
_HEAD = re.compile(rf"(?:\(\s*({IDENT}(?:\??\.{IDENT}|\[[^\[\]]*\])*)\s*\|\|\s*\[\s*\]\s*\)"
                   rf"|(?<![\w$.])({IDENT}(?:\??\.{IDENT}|\[[^\[\]]*\])*))$")
_FALLBACK = re.compile(r"\s*\|\|\s*(?:\{\s*\}|\[\s*\]|null)\s*$")


def _part(rhs: str, aliases: dict[str, set[Path]]) -> set[Path]:
    """The parts of the observation an assignment's right-hand side names, or none:
    ``(o.seats || [])[i] || {}``, ``o.current_round``, ``shops[i]``, ``c && … ? o.draft : null``."""
    rhs = rhs.strip().rstrip(",")
    m = re.fullmatch(r".*?\?\s*(.+?)\s*:\s*null", rhs)
    if m:
        rhs = m.group(1)
    rhs = _FALLBACK.sub("", rhs)
    index = False
    m = re.fullmatch(r"\((.+)\)\s*(\[[^\[\]]*\])?", rhs)
    if m:
        rhs, index = _FALLBACK.sub("", m.group(1)), bool(m.group(2))
    m = re.fullmatch(rf"({IDENT})(.*)", rhs.strip())
    if not m or m.group(1) not in aliases:
        return set()
    steps, end = chain(m.group(2), 0)
    if m.group(2)[end:].strip():
        return set()  # more than a chain: a computed value, not a part
    tail = steps + (("[]",) if index else ())
    return {p + tail for p in aliases[m.group(1)]}


def aliases_of(js: str) -> dict[str, set[Path]]:
    """Every name the normalised source ``js`` gives the observation or a part of it."""
    aliases: dict[str, set[Path]] = {OBS: {()}}
    for _ in range(4):  # a part of a part: to a fixed point
        before = {k: set(v) for k, v in aliases.items()}
        for m in _ASSIGN.finditer(js):
            aliases.setdefault(m.group(1), set()).update(_part(m.group(2), aliases))
        for m in _FOR_OF.finditer(js):
            aliases.setdefault(m.group(1), set()).update(p + ("[]",) for p in _part(m.group(2), aliases))
        for m in _CALLBACK.finditer(js):
            head = _HEAD.search(js, max(0, m.start() - 200), m.start())
            if head:
                name = m.group(1) or m.group(2)
                aliases.setdefault(name, set()).update(
                    p + ("[]",) for p in _part(head.group(1) or head.group(2), aliases))
        aliases = {k: v for k, v in aliases.items() if v}
        if aliases == before:
            break
    return aliases


def reads(js: str) -> list[Read]:
    """Every read of an observation field in the renderer source ``js``, from the root."""
    src = normalise(js)
    aliases = aliases_of(src)
    names = "|".join(sorted(map(re.escape, aliases), key=len, reverse=True))
    out = []
    for m in re.finditer(rf"(?<![\w$.])({names})(?![\w$])", src):
        steps, end = chain(src, m.end())
        if all(s == "[]" for s in steps):
            continue  # the name alone (`const s = …`, `f(s)`), or only indexed: no field read
        line = src.count("\n", 0, m.start()) + 1
        for path in aliases[m.group(1)]:
            out.append(Read(path + steps, src[m.start():end].replace(OBS, "view.observation"), line))
    return out


# ------------------------------------------------------------------ checking against a schema
def _deref(node: dict[str, Any], root: dict[str, Any]) -> list[dict[str, Any]]:
    """The non-null alternatives of a schema node, ``$ref``s followed."""
    while "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[1]]
    if "anyOf" in node:
        out = []
        for alt in node["anyOf"]:
            out += _deref(alt, root)
        return out
    return [] if node.get("type") == "null" else [node]


def keys_seen(observation: Any, out: dict[Path, set[str]] | None = None, at: Path = ()) -> dict[Path, set[str]]:
    """The keys of every object in an observation's JSON by path (``"[]"`` for a list's items),
    added to ``out``: what the open parts of a schema (a plain ``dict``) held in real views."""
    out = {} if out is None else out
    if isinstance(observation, dict):
        out.setdefault(at, set()).update(observation)
        for k, v in observation.items():
            keys_seen(v, out, at + (k,))
    elif isinstance(observation, list):
        for v in observation:
            keys_seen(v, out, at + ("[]",))
    return out


def unknown(path: Path, schema: dict[str, Any], seen: dict[Path, set[str]] | None = None) -> str | None:
    """Why ``path`` names no field of ``schema`` (the first step it fails at, in words), or
    ``None`` where it may (also where the schema leaves that part open, or the step is an array's
    own member such as ``length``). Where the schema leaves an object open (a plain ``dict``),
    ``seen`` (:func:`keys_seen` of real observations) says which keys it has, if it was seen."""
    nodes = [schema]
    for k, step in enumerate(path):
        where = ".".join(path[:k]) or "the observation"
        nxt: list[dict[str, Any]] = []
        why = None
        for node in nodes:
            for alt in _deref(node, schema):
                kind = alt.get("type")
                if step == "[]":
                    if kind == "array" and isinstance(alt.get("items"), dict):
                        nxt.append(alt["items"])
                    elif kind == "object" and isinstance(alt.get("additionalProperties"), dict):
                        nxt.append(alt["additionalProperties"])
                    else:
                        return None  # a tuple, a dataclass by a computed key, an open object: unchecked
                elif kind == "object" and "properties" in alt:
                    if step in alt["properties"]:
                        nxt.append(alt["properties"][step])
                    elif alt.get("additionalProperties") is False:
                        why = (f"{where} has no field {step!r} "
                               f"({alt.get('title', 'object')}: {', '.join(alt['properties'])})")
                    else:
                        return None
                elif kind == "object":
                    extra = alt.get("additionalProperties", True)
                    if isinstance(extra, dict):
                        nxt.append(extra)
                    elif seen and seen.get(path[:k]) and step not in seen[path[:k]]:
                        why = (f"{where} (an open object) never had a key {step!r} in the views seen: "
                               f"{', '.join(sorted(seen[path[:k]]))}")
                    else:
                        return None  # an open object (a plain dict) not seen: any key
                elif kind == "array":
                    if step in ARRAY_MEMBERS:
                        return None
                    why = f"{where} is a list: it has no field {step!r}"
                else:
                    return None  # a string's or number's own members (o.phase.startsWith)
        if not nxt:
            return why
        nodes = nxt
    return None


def problems(js: str, schema: dict[str, Any], seen: dict[Path, set[str]] | None = None) -> list[str]:
    """Each read of ``js`` that no part of ``schema`` has (nor, in an open part, the ``seen``
    keys), as ``line N: text: why``. A read is accepted when any of the parts its name may stand
    for has the field."""
    by_text: dict[tuple[int, str], list[str | None]] = {}
    for r in reads(js):
        by_text.setdefault((r.line, r.text), []).append(unknown(r.path, schema, seen))
    return [f"line {line}: {text}: {whys[0]}" for (line, text), whys in sorted(by_text.items())
            if whys and all(whys)]


def top_fields(js: str) -> set[str]:
    """The top-level observation fields ``js`` reads (first step of every read from the root)."""
    return {r.path[0] for r in reads(js) if r.path and r.path[0] != "[]"}
