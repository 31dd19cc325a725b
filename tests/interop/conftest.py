"""Games and player counts the interop checkers run on: every registered game at its smallest,
middle and largest table (the registry's list, so a game added to it is checked with no edit here)."""
from roses.core import available_games, get_spec


def table_sizes(name: str) -> list[int]:
    spec = get_spec(name)
    return sorted({spec.min_players, (spec.min_players + spec.max_players) // 2, spec.max_players})


CASES = [(name, {"players": n}) for name in available_games() for n in table_sizes(name)]


def case_id(case) -> str:
    return f"{case[0]}-{case[1]['players']}p"
