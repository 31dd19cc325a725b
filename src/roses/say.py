"""Table talk typed in the terminal (``roses play``): ``say claim White Rose``, ``say accuse 3``,
``say vouch 2``, ``say nominate 4`` (seats counted from 1, as the terminal shows them). A
statement is words only and changes nothing in the game (Blades & Rose BR-9; Q10)."""
from __future__ import annotations

from roses.core.plain import seat_name
from roses.core.talk import CLAIM, Talk, TalkError, TalkRules, check_talk

PREFIX = "say "


def is_say(answer: str) -> bool:
    """Whether a typed answer is table talk rather than a move."""
    return answer.strip().lower().startswith(PREFIX) or answer.strip().lower() == "say"


def parse_say(answer: str, rules: TalkRules, players: int, seat: int, at_move: int) -> Talk:
    """The statement typed as ``say KIND WHAT`` by ``seat``: ``WHAT`` a claim of the game (any
    case) or a seat number counted from 1. Raises :class:`TalkError` with what can be said when the
    text is not one (an unknown kind, claim or seat, a seat accusing itself)."""
    words = answer.strip().split(None, 2)
    usage = usage_line(rules, players)
    if len(words) < 3:
        raise TalkError("table talk", f"say what? {usage}")
    kind, what = words[1].lower(), words[2].strip()
    if kind == CLAIM:
        # any claim of the game, in any case: the menus offer the table's (offered_claims), but
        # talk is words only and check_talk accepts every claim
        claim = next((c for c in rules.claims if c.lower() == what.lower()), what)
        return check_talk(rules, players, Talk(seat, kind, claim=claim, at_move=at_move))
    if not what.isdigit() or not 1 <= int(what) <= players:
        raise TalkError("table talk", f"{kind} needs a seat number from 1 to {players}. {usage}")
    return check_talk(rules, players, Talk(seat, kind, target=int(what) - 1, at_move=at_move))


def usage_line(rules: TalkRules, players: int | None = None) -> str:
    """How to talk in this game, in one line; ``players``: the table's size, whose claims are
    offered (``TalkRules.offered_claims``: no Great Sword at a Blades & Rose table of 5)."""
    claims = rules.offered_claims(players)
    forms = [f"say {k} <seat>" if k != CLAIM else "say claim <" + " | ".join(claims) + ">" for k in rules.kinds]
    return "Table talk: " + ", ".join(forms) + "."


def talk_example(rules: TalkRules, seat: int, players: int) -> str:
    """One statement the seat could type, for a short reminder: ``"say accuse 2"`` (another
    seat's number, counted from 1), or ``"say claim White Rose Faction"`` in a game of claims only."""
    other = (seat + 1) % players + 1  # the next seat, counted from 1
    kind = next((k for k in rules.kinds if k != CLAIM), None)
    if kind is not None:
        return f"'say {kind} {other}'"
    claims = rules.offered_claims(players)
    return f"'say claim {claims[0]}'" if claims else "'say …'"


def said_line(talk: Talk, rules: TalkRules, me: int | None = None) -> str:
    """A statement as the terminal prints it: "Seat 3 says: I accuse Seat 1." — in plain words."""
    def name(s: int) -> str:
        return "you" if s == me else seat_name(s)

    return f"{seat_name(talk.seat)}{' (you)' if talk.seat == me else ''} {talk.verb(name, rules)}"
