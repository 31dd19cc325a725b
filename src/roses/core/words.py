"""Small helpers for messages written to players."""
from __future__ import annotations


def counted(k: float, noun: str, plural: str | None = None) -> str:
    """``k`` and ``noun``, the noun in the plural unless ``k`` is exactly one: ``counted(1, "order")``
    is ``"1 order"``, ``counted(3, "order")`` is ``"3 orders"``; ``plural`` for irregular nouns.
    Inputs: a number, a singular noun; output: a string."""
    number = str(k) if isinstance(k, int) else f"{k:g}"
    return f"{number} {noun if k == 1 else (plural or noun + 's')}"
