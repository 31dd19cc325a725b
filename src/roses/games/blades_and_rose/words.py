"""Blades & Rose moves in plain words for menus (the action texts are engine syntax)."""
from __future__ import annotations

import re
from typing import Any

from roses.core.plain import plain_line

from .effects import EFFECTS


def _effect(number: str) -> str:
    e = EFFECTS.get(int(number))
    return f"crystal {number} ({e.title})" if e else f"crystal {number}"


def describe(obs: dict[str, Any], text: str) -> str:
    """The legal move ``text`` as a menu reads it: ``"give coin to seat 2"`` → ``"Give the coin
    to Seat 3"``, ``"#7 on seat 1"`` → ``"Crystal 7 (Ghost) on Seat 2"``."""
    m = re.fullmatch(r"#(\d+) on (.+)", text)
    if m:
        said = _effect(m.group(1))  # the first letter up only: the effect keeps its name's case
        return plain_line(f"{said[:1].upper()}{said[1:]} on {m.group(2)}")
    m = re.fullmatch(r"(activate|decline) #(\d+)", text)
    if m:
        return f"{'Use' if m.group(1) == 'activate' else 'Do not use'} {_effect(m.group(2))}"
    if text.startswith("give coin to "):
        return plain_line("Give the coin to " + text[len("give coin to "):])
    if text == "keep coin":
        return "Keep the coin and place your crystal"
    if text.startswith("play "):
        return f"Play your {text[5:]}"
    if text == "pass":
        return "Play no card"
    return plain_line(text[:1].upper() + text[1:])


def irreversible(text: str) -> bool:
    """Whether the move is a play a confirmation should guard: playing a card, giving the coin."""
    return text.startswith(("play ", "give coin "))


#: Result tags (``State.result_tags``) in plain words for summaries (``GameSpec.describe_result``).
RESULT_WORDS = {"winning_faction": "Winning faction"}
