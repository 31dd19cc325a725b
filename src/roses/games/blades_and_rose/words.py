"""Blades & Rose moves in plain words for menus (the action texts are engine syntax)."""
from __future__ import annotations

import re
from typing import Any

from roses.core.plain import plain_line

from .effects import EFFECTS


def _effect(number: str) -> str:
    e = EFFECTS.get(int(number))
    return f"crystal {number} ({e.title})" if e else f"crystal {number}"


def describe_outcome(text: str) -> str:
    """A chance outcome's text in words, for a replay that shows them: ``"deal Bishop to seat 2"``
    → ``"Seat 3 is dealt the Bishop card"``, ``"crystal #7 to seat 0"`` → ``"Seat 1 draws crystal 7
    (Ghost)"``, ``"coin starts at seat 1"`` → ``"The coin starts with Seat 2"``, ``"random card from
    seat 3: Ghost"`` → ``"A random card of Seat 4's hand: Ghost"``."""
    m = re.fullmatch(r"deal (.+) to seat (\d+)", text)
    if m:
        return plain_line(f"seat {m.group(2)} is dealt the {m.group(1)} card")
    m = re.fullmatch(r"crystal #(\d+) to seat (\d+)", text)
    if m:
        return plain_line(f"seat {m.group(2)} draws {_effect(m.group(1))}")
    m = re.fullmatch(r"coin starts at seat (\d+)", text)
    if m:
        return plain_line(f"The coin starts with seat {m.group(1)}")
    m = re.fullmatch(r"random card from seat (\d+): (.+)", text)
    if m:
        return plain_line(f"A random card of seat {m.group(1)}'s hand: {m.group(2)}")
    return text


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


def confirm(obs: dict[str, Any], text: str) -> str | None:
    """Why the move ``text`` is worth a second look, in plain words, or ``None`` (docs/browser.md,
    "Confirmations"). Blades & Rose asks only before playing the White Rose (Game End and Victory
    Conditions): a blade played the same round kills it and the White Rose Faction loses. Other
    plays, passes and the coin are not asked about."""
    if text == "play White Rose":
        return "Play the White Rose: if a blade is played this round, the White Rose is killed and your faction loses."
    return None


#: Result tags (``State.result_tags``) in plain words for summaries (``GameSpec.describe_result``).
RESULT_WORDS = {"winning_faction": "Winning faction"}
