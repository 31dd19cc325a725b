"""The browser tests' waits must work under the table's Content Security Policy (``script-src
'self'``, no ``unsafe-eval``). Playwright's ``wait_for_function`` evaluates a plain expression
string with ``eval`` on every poll after the first; the first runs inside the DevTools call, which
may eval, the later ones are refused by the page's CSP. So a plain expression passes when it is
true at once and fails with an EvalError when it has to wait (it did in CI). An arrow function is
evaluated once and then called, which the CSP allows. This check reads every browser test file."""
from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).parent


def _string_of(node: ast.AST, names: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):  # an f-string: its literal parts are enough to see an arrow
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.Name):
        return names.get(node.id)
    return None


def plain_expression_waits(source: str) -> list[tuple[int, str]]:
    """(line, expression) of each ``wait_for_function`` whose predicate is a string that is not a
    function (no ``=>`` and no ``function``), for module-level string constants too."""
    tree = ast.parse(source)
    names = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
             for t in n.targets if isinstance(t, ast.Name)
             and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            text = _string_of(node.args[0], names)
            if text is not None and "=>" not in text and not text.lstrip().startswith("function"):
                found.append((node.lineno, text))
    return found


def test_the_check_finds_a_plain_expression_and_passes_a_function():
    assert plain_expression_waits("page.wait_for_function(\"document.title === 'x'\")") == [(1, "document.title === 'x'")]
    assert plain_expression_waits("E = 'window.ok'\npage.wait_for_function(E)") == [(2, "window.ok")]
    assert plain_expression_waits("page.wait_for_function(\"() => document.title === 'x'\")") == []
    assert plain_expression_waits("page.wait_for_function(f\"() => {n} > 1\")") == []


def test_no_browser_test_waits_on_a_plain_expression():
    bad = {p.name: found for p in sorted(HERE.glob("*.py")) if p.name != Path(__file__).name
           if (found := plain_expression_waits(p.read_text()))}
    assert not bad, f"write these predicates as arrow functions, '() => ...': {bad}"
