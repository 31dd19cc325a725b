"""High Rose in the terminal: your card, each seat's decision and discard."""
from __future__ import annotations

from rich.text import Text


def render(obs) -> Text:
    lines = [f"Your card: {obs.card}" if obs.card is not None else "Watching."]
    for s in range(obs.players):
        what = obs.decided[s] or "to decide"
        if obs.discards[s] is not None:
            what += f" (laid a {obs.discards[s]} face up)"
        you = " (you)" if s == obs.seat else ""
        lines.append(f"Seat {s + 1}{you}: {what}")
    if obs.shown is not None:
        lines.append("Shown: " + ", ".join(str(v) for v in obs.shown))
    return Text("\n".join(lines))
