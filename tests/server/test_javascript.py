"""The browser table's JavaScript unit tests (``tests/js/*.test.mjs``, Node's built-in runner).

They import the pure helpers of ``src/roses/server/static`` (seat names, log lines, the Rare Roses
deal checks, …) under Node; ``tests/js/register.mjs`` maps the pages' ``/static/…`` imports to
the files. By hand: ``node --import ./tests/js/register.mjs --test tests/js/*.test.mjs``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))
NODE = shutil.which("node")


def _node_version() -> tuple[int, ...]:
    out = subprocess.run([NODE, "--version"], capture_output=True, text=True, check=True).stdout
    return tuple(int(part) for part in re.findall(r"\d+", out)[:3])


def test_there_are_javascript_tests():
    assert JS_TESTS, "tests/js/*.test.mjs: no JavaScript unit tests found"


@pytest.mark.skipif(NODE is None, reason="node is not installed (Debian: apt-get install nodejs)")
@pytest.mark.parametrize("path", JS_TESTS, ids=lambda p: p.name)
def test_javascript(path: Path):
    # --import and module.register (the /static/ resolve hook) need Node 18.19 or later.
    if _node_version() < (18, 19):
        pytest.skip(f"node {'.'.join(map(str, _node_version()))} is older than 18.19")
    run = subprocess.run(
        [NODE, "--import", "./tests/js/register.mjs", "--test", "--test-reporter=spec", str(path.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, f"node --test {path.name} failed:\n{run.stdout}\n{run.stderr}"
