"""The core keeps hidden information sealed: no agent, simulation, server or CLI module calls a
private game hook or reads a true state behind a Turn (issue: "Hidden information is sealed in the
core"); determinize is final."""
from __future__ import annotations

import re
from pathlib import Path

import roses
from roses.core import State

SRC = Path(roses.__file__).parent
HOOKS = re.compile(r"\._(apply|legal_actions|chance_outcomes|sample_history|compute_legal|source)\b|\._state\b")


def test_no_module_outside_core_and_games_calls_a_private_hook():
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel == "agents/base.py":  # Turn itself holds the state
            continue
        if rel.startswith("core/") or (rel.startswith("games/") and not rel.endswith("/bots.py")):
            continue  # the rules themselves; a game's bots are agents like any other
        for i, line in enumerate(path.read_text().splitlines(), 1):
            if HOOKS.search(line):
                offenders.append(f"{rel}:{i}: {line.strip()}")
    assert offenders == []
