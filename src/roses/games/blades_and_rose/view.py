"""Terminal view of a Blades & Rose observation: ``render(obs)`` -> a Rich renderable.

Draws only what the observation holds (own secrets, the public board, the rounds); the terminal
prints the log itself, line by line.
"""
from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from roses.core.log import as_read_by, seat_number

from .cards import BLADES, BLOOD_BLADES_FACTION, WHITE_ROSE
from .effects import EFFECTS
from .observation import BladesAndRoseObservation, RoundView

_STYLE = {WHITE_ROSE: "bold white", "Bishop": "green", "Believer": "green", "Ghost": "dim"}


def _card(c: str) -> Text:
    return Text(c, style="bold red" if c in BLADES else _STYLE.get(c, ""))


def _cards(cards) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(", ")
        out.append_text(_card(c))
    return out if cards else Text("—", style="dim")


def _effect(number: int) -> str:
    e = EFFECTS.get(number)
    return f"#{number} {e.title}" if e else f"#{number}"


def _round_line(r: RoundView, me: int | None = None) -> Text:
    t = Text(f"R{r.number}: coin {seat_number(r.giver, me)}→{seat_number(r.receiver, me)}, {_effect(r.crystal)}")
    if r.targets:
        t.append(" on " + ", ".join(seat_number(s, me) for s in r.targets))
    if r.crystal and not r.effect_applied:
        t.append(" (not applied)", style="dim")
    t.append(f"; played: {', '.join(seat_number(s, me) for s in r.played) or 'nobody'}; revealed: ")
    if r.attribution is not None:
        t.append_text(Text(", ".join(f"{seat_number(s, me)}:{c}" for s, c in r.attribution)))
    else:
        t.append_text(_cards(r.revealed))
    if r.my_card:
        t.append(f" (you: {r.my_card})", style="italic")
    return t


#: What the table is doing in each phase, in plain words (the phase names are engine syntax).
PHASE_WORDS = {"setup": "setting up", "coin": "the coin is given", "effect": "a crystal is placed",
               "play": "playing cards", "over": "game over"}


def render(obs: BladesAndRoseObservation):
    """A Rich renderable of ``obs``: header, seats table, areas, current round, own hand (not the
    log: the terminal prints it line by line). The reader's own seat reads "you" in the status
    lines as in the log (``as_read_by``; "3 (you)" in the rounds' seat lists); a spectator's are
    unchanged."""
    head = Text(f"Blades & Rose — {obs.players} players — {PHASE_WORDS.get(obs.phase, obs.phase)}")
    if obs.seat is not None and obs.role:
        style = "red" if obs.faction == BLOOD_BLADES_FACTION else "white"
        head.append(f"  |  you: Seat {obs.seat + 1}, {obs.role} ({obs.faction} Faction)", style=style)
        if obs.crystal is not None:
            head.append(f", crystal {_effect(obs.crystal)}")
        if obs.night_seen is not None:
            head.append(f", awake at night: {', '.join(seat_number(s, obs.seat) for s in obs.night_seen)}")

    seats = Table(show_header=True, header_style="bold", box=None)
    for col in ("seat", "cards", "crystal", "coin", "this round", "role"):
        seats.add_column(col)
    cur = obs.current_round
    for s in range(obs.players):
        status = ""
        if cur is not None:
            if s in cur.played:
                status = "played" + (" (random)" if s in cur.random_seats else "")
            elif s in cur.passed:
                status = "passed"
            if s in cur.must_play:
                status += " must play"
            if cur.bound and s in cur.bound:
                status += f" bound {'A' if s == cur.bound[0] else 'B'}"
        marker = "▶ " if s == obs.current_player else ""
        seats.add_row(f"{marker}{seat_number(s, obs.seat)}", str(obs.hand_counts[s]),
                      "yes" if obs.holds_crystal[s] else "—", "●" if obs.coin == s else "",
                      status.strip(), obs.roles[s] or "?")

    areas = Table.grid(padding=(0, 2))
    areas.add_row("Sanctuary", _cards(obs.sanctuary))
    areas.add_row(f"Sacrifice ({obs.sacrifice_count} of {obs.sacrifice_target} buds)", _cards(obs.sacrifice_area))
    areas.add_row(f"Death ({obs.death_count} of {obs.death_limit} buds)", _cards(obs.death_area))
    areas.add_row("Blades revealed", _cards(obs.blades_revealed))
    areas.add_row("Ghosts removed", Text(str(obs.removed_ghosts)))
    areas.add_row("Crystals left", Text(str(obs.crystals_left)))

    parts = [head, seats, areas]
    if cur is not None:
        line = Text(as_read_by(f"Round {cur.number}: seat {cur.receiver} placed {_effect(cur.crystal)}; order ", obs.seat)
                    + " ".join(seat_number(s, obs.seat) for s in cur.order))
        if cur.unshuffled:
            line.append(" (unshuffled)")
        parts.append(line)
    for r in obs.rounds[-4:]:
        parts.append(_round_line(r, obs.seat))
    if obs.seat is not None:
        parts.append(Text("Your hand: ").append_text(_cards(obs.hand)))
    if obs.winner:
        parts.append(Text(f"{obs.winner} Faction wins: {obs.end_reason}", style="bold yellow"))
    return Panel(Group(*parts), title="Blades & Rose")
