"""Blades & Rose: a finished game's story (``roses.core.story``), from the spectator's view.

The deciding moment is the last round's result (Game End and Victory Conditions, FAQ Q9, Q12,
BR-6, BR-7): the White Rose revealed beside a blade, Flower Buds reaching the Death Area's limit,
the White Rose in the Sanctuary with enough Flower Buds sacrificed, or every crystal placed
(FAQ Q12: the White Rose Faction wins only if it has played all its White Rose and Flower Bud
cards, so the story names who still held which). The standings give each seat's role and faction,
all shown once the game is over.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from roses.core.plain import seat_name
from roses.core.story import listed

from .cards import BLADES, BLOOD_BLADES_FACTION, WHITE_ROSE, WHITE_ROSE_FACTION, faction_of


def cards_in_words(cards: Sequence[str]) -> str:
    """``["Believer", "Believer", "White Rose"]`` → ``"the White Rose and 2 Believers"``."""
    counts = Counter(cards)
    parts = []
    for card, k in counts.items():
        article = "the" if card == WHITE_ROSE else "a"
        parts.append(f"{article} {card}" if k == 1 else f"{k} {card}s")
    return listed(parts)


def role_in_words(role: str) -> str:
    """``"Believer"`` → ``"a Believer"`` (two seats may hold one), ``"Bishop"`` → ``"the Bishop"``."""
    return f"a {role}" if role == "Believer" else f"the {role}"


def story(obs: dict[str, Any], names: Sequence[str] | None, tags: dict[str, str]) -> list[str]:
    def name(s: int) -> str:
        return seat_name(s, names)

    roles = list(obs.get("roles") or [])
    winner = obs.get("winner")
    reason = obs.get("end_reason") or ""
    rounds = obs.get("rounds") or []
    last = rounds[-1] if rounds else {}
    number = last.get("number")
    when = f"In round {number}" if number else "In the last round"
    wins = "the White Rose Faction wins" if winner == WHITE_ROSE_FACTION else "the Blood Blades win"
    lines = []
    if reason.startswith("the White Rose was killed"):
        blades = [c for c in last.get("revealed") or [] if c in BLADES]
        holder = next((s for s, r in enumerate(roles) if r == WHITE_ROSE), None)
        who = f" ({name(holder)})" if holder is not None else ""
        lines.append(f"{when} the White Rose{who} was revealed beside {cards_in_words(blades) or 'a blade'}: "
                     f"the White Rose was killed and {wins}")
    elif "Death Area" in reason:
        lines.append(f"{when} the Death Area reached {obs.get('death_count')} Flower Buds, its limit of "
                     f"{obs.get('death_limit')}: {wins}")
    elif "Sanctuary" in reason:
        lines.append(f"{when} the White Rose was in the Sanctuary with {obs.get('sacrifice_count')} Flower Buds "
                     f"sacrificed ({obs.get('sacrifice_target')} needed): {wins}")
    elif reason.startswith("all crystals are placed"):
        held = obs.get("held_at_end") or []
        if winner == BLOOD_BLADES_FACTION and held:
            who = listed([f"{name(s)} still held {cards_in_words(cards)}" for s, cards in held])
            lines.append(f"When the last crystal was placed, {who}; the White Rose Faction had to have played "
                         f"every White Rose and Flower Bud card, so {wins}")
        else:
            lines.append(f"When the last crystal was placed, the White Rose Faction had played every White Rose "
                         f"and Flower Bud card: {wins}")
    for faction in sorted((WHITE_ROSE_FACTION, BLOOD_BLADES_FACTION), key=lambda f: f != winner):
        seats = [s for s, r in enumerate(roles) if r and faction_of(r) == faction]
        if seats:
            label = "White Rose Faction" if faction == WHITE_ROSE_FACTION else "Blood Blades"
            lines.append(f"{label}: " + ", ".join(f"{name(s)} as {role_in_words(roles[s])}" for s in seats))
    return lines
