"""Games and player counts the interop checkers run on (every game, several table sizes)."""
CASES = [
    ("roses-and-thorns", {"players": 3}),
    ("roses-and-thorns", {"players": 4}),
    ("roses-and-thorns", {"players": 6}),
    ("rose-ceremony", {"players": 2}),
    ("rose-ceremony", {"players": 4}),
    ("rare-roses", {"players": 1}),
    ("rare-roses", {"players": 3}),
    ("blades-and-rose", {"players": 5}),
    ("blades-and-rose", {"players": 8}),
]


def case_id(case) -> str:
    return f"{case[0]}-{case[1]['players']}p"
