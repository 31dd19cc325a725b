"""Generate the shipped Rare Roses order deck (RR-3) as ``order_deck.json``.

The rulebook prints no order cards, so the deck is designed here (see ``docs/rules/rare-roses.md``,
"Order deck"). The design is a fixed recipe plus a fixed seed, so the file is reproducible:

* 20 cards with the back icon (smaller orders): 10 of 2 roses, 10 of 3 roses;
  23 cards without: 9 of 3 roses, 9 of 4, 5 of 5.
* Rose types drawn in proportion to the tiles in the bag (18/18/16/16/14/12), each rose a bud or a
  bloom with even odds.
* Specialty orders (RR-4): first 3 per rose type (9 icon, 9 plain) placed with the recipe's seed; then
  more cards, in an order shuffled with seed + 1, picture one of the roses they already ask for
  (the rarest so far) until each rose has SPECIALTY_PER_ROSE. The bonus pays on the 4th matching
  order and only 20 of the 43 cards come out in a game, so 3 a rose (the first design) made it
  unreachable; the second pass changes no card's roses or values.
* Values from the RR-2 market prices: Fill = round(cost × FILL_RATE) + FILL_FLAT; Match = Fill +
  MATCH_PER_ROSE × number of roses. FILL_RATE, FILL_FLAT and MATCH_PER_ROSE are the calibration
  knobs (``bench/lab/calibrate_rare_roses.py``).

Usage: ``python bench/lab/make_rare_roses_deck.py [--out PATH] [--fill-rate X] [--fill-flat N] [--match-per-rose N]``
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ROSES = ("rainbow", "juliet", "striped-dragon", "osira", "blue", "black")
WEIGHTS = (18, 18, 16, 16, 14, 12)
PRICES = {"rainbow": 2, "juliet": 2, "striped-dragon": 3, "osira": 3, "blue": 4, "black": 5}
SEED = 4343
FILL_RATE = 1.0
FILL_FLAT = 0
MATCH_PER_ROSE = 2
SPECIALTY_PER_ROSE = 6
OUT = Path(__file__).resolve().parents[2] / "src/roses/games/rare_roses/order_deck.json"


def make_deck(fill_rate: float = FILL_RATE, fill_flat: int = FILL_FLAT,
              match_per_rose: int = MATCH_PER_ROSE, seed: int = SEED,
              specialty_per_rose: int = SPECIALTY_PER_ROSE) -> list[dict]:
    rng = random.Random(seed)
    sizes = [(True, 2)] * 10 + [(True, 3)] * 10 + [(False, 3)] * 9 + [(False, 4)] * 9 + [(False, 5)] * 5
    # specialty roses: 3 per type, 9 on icon cards and 9 on plain cards
    specs = [r for r in ROSES for _ in range(3)]
    rng.shuffle(specs)
    icon_slots = rng.sample(range(20), 9)
    plain_slots = rng.sample(range(20, 43), 9)
    spec_of = dict(zip(sorted(icon_slots) + sorted(plain_slots), specs))
    cards = []
    for cid, (icon, n) in enumerate(sizes):
        roses = [rng.choices(ROSES, WEIGHTS)[0] for _ in range(n)]
        spec = spec_of.get(cid)
        if spec is not None and spec not in roses:
            roses[0] = spec
        roses.sort(key=ROSES.index)
        items = [[r, rng.choice(("bud", "bloom"))] for r in roses]
        cost = sum(PRICES[r] for r in roses)
        fill = round(cost * fill_rate) + fill_flat
        cards.append({"id": cid, "icon": icon, "roses": items, "fill": fill,
                      "match": fill + match_per_rose * n, "specialty": spec})
    add_specialties(cards, specialty_per_rose, random.Random(seed + 1))
    return cards


def add_specialties(cards: list[dict], per_rose: int, rng: random.Random) -> None:
    """Give cards without a specialty one of the roses they ask for (the one with the fewest
    specialty orders so far, ties by rose order) until every rose has ``per_rose`` or no card can
    take one. Changes only the ``specialty`` fields."""
    count = {r: sum(c["specialty"] == r for c in cards) for r in ROSES}
    free = [c for c in cards if c["specialty"] is None]
    rng.shuffle(free)
    for c in free:
        wanted = sorted({r for r, _ in c["roses"] if count[r] < per_rose}, key=lambda r: (count[r], ROSES.index(r)))
        if wanted:
            c["specialty"] = wanted[0]
            count[wanted[0]] += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--fill-rate", type=float, default=FILL_RATE)
    ap.add_argument("--fill-flat", type=int, default=FILL_FLAT)
    ap.add_argument("--match-per-rose", type=int, default=MATCH_PER_ROSE)
    ap.add_argument("--specialty-per-rose", type=int, default=SPECIALTY_PER_ROSE)
    a = ap.parse_args()
    cards = make_deck(a.fill_rate, a.fill_flat, a.match_per_rose, specialty_per_rose=a.specialty_per_rose)
    a.out.write_text("[\n" + ",\n".join(json.dumps(c) for c in cards) + "\n]\n")
    print(f"wrote {len(cards)} cards to {a.out}")


if __name__ == "__main__":
    main()
