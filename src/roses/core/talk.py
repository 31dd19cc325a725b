"""Table talk: structured statements players make beside free chat, outside the rules engine.

A statement is public information that is **not** part of the game state: nothing in it is
enforced, no rule reads it, and applying it changes no state (Blades & Rose BR-9: talk is free and
outside the rules; FAQ Q10: cards in hand are never shown, so a claim is only words and "whether
anyone believes you is up to themselves"). Agents hear it through :attr:`roses.agents.Turn.talk`.

Kinds (a game declares the subset it allows in its ``GameSpec.talk``, :class:`TalkRules`; by
default none: accusing and vouching fit only a game of hidden roles, and a table of one seat has
no table talk at all, whatever its game allows):

* ``nominate``: who should get something next (Blades & Rose: the Coin, rulebook "The Game Begins",
  Step 1: "players should discuss who should receive the Coin token"); may name oneself;
* ``claim``: "I am …" (one of the game's claims, e.g. a faction or a character);
* ``accuse``: "that seat is against us";
* ``vouch``: "that seat is with us".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import RosesError

NOMINATE, CLAIM, ACCUSE, VOUCH = "nominate", "claim", "accuse", "vouch"
#: Every kind of statement, in the order menus list them.
KINDS: tuple[str, ...] = (NOMINATE, CLAIM, ACCUSE, VOUCH)
#: Kinds that name another seat (``target``); a ``claim`` names a claim instead.
TARGETED = frozenset({NOMINATE, ACCUSE, VOUCH})


class TalkError(RosesError, ValueError):
    """A statement the table-talk rules do not allow (unknown kind, claim or seat, a seat accusing
    itself). Attributes: ``rule`` (what it breaks, in plain words a player can act on)."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")


@dataclass(frozen=True)
class TalkRules:
    """What a game's table talk allows (``GameSpec.talk``).

    Attributes:
        kinds: the allowed kinds (a subset of :data:`KINDS`, in menu order); none by default (a
            game declares its own: accuse and vouch only where seats have hidden roles).
        claims: what a ``claim`` may say (e.g. Blades & Rose's factions and characters); empty: no
            claims (then ``claim`` should not be in ``kinds``).
        nominate_for: what a nomination is for, in plain words ("for the coin"), or ``""``.
        claims_at: the claims offered at a table of a given number of players, when some of
            ``claims`` are not in every game (Blades & Rose has no Great Sword at 5 or 6 players);
            ``((players, claims), …)`` pairs, a count left out offering every claim. Menus offer these;
            :func:`check_talk` still accepts every claim (talk is never enforced, and a record
            keeps whatever was said).
    """

    kinds: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
    nominate_for: str = ""
    claims_at: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def offered(self, players: int | None) -> tuple[str, ...]:
        """The kinds a table of ``players`` may say: :attr:`kinds`, or none at a table of one
        (nobody to talk to); ``None``: the game's kinds whatever the table."""
        return () if players is not None and players < 2 else self.kinds

    def offered_claims(self, players: int | None) -> tuple[str, ...]:
        """The claims a menu offers at a table of ``players`` (all of them for ``None`` or a
        count ``claims_at`` leaves out), in ``claims`` order."""
        return dict(self.claims_at).get(players, self.claims) if players is not None else self.claims


@dataclass(frozen=True)
class Talk:
    """One statement at the table.

    Attributes:
        seat: the speaking seat (0-based).
        kind: one of :data:`KINDS`.
        target: the seat named by ``nominate``/``accuse``/``vouch`` (else ``None``).
        claim: what a ``claim`` says, one of the game's ``TalkRules.claims`` (else ``None``).
        at_move: how many steps of the game's history (actions and chance outcomes) had been taken
            when it was said (``len(state.history)``).
    """

    seat: int
    kind: str
    target: int | None = None
    claim: str | None = None
    at_move: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "target": self.target, "claim": self.claim,
                "at_move": self.at_move}

    def words(self, name: Callable[[int], str], rules: TalkRules | None = None) -> str:
        """The statement as a sentence, seats by ``name(seat)``: "Ada claims White Rose Faction",
        "Ada accuses Bram", "Ada vouches for Bram", "Ada nominates Bram for the coin"."""
        return f"{name(self.seat)} {self.verb(name, rules)}"

    def verb(self, name: Callable[[int], str], rules: TalkRules | None = None) -> str:
        """The sentence without its speaker ("accuses Bram")."""
        if self.kind == CLAIM:
            return f"claims {self.claim}"
        other = name(self.target) if self.target is not None else "nobody"
        if self.kind == ACCUSE:
            return f"accuses {other}"
        if self.kind == VOUCH:
            return f"vouches for {other}"
        what = rules.nominate_for if rules is not None and rules.nominate_for else ""
        if self.target == self.seat:
            return f"asks for {what[4:] if what.startswith('for ') else 'it'}" if what else "nominates themselves"
        return f"nominates {other}" + (f" {what}" if what else "")


def check_talk(rules: TalkRules, players: int, talk: Talk, *, recorded: bool = False) -> Talk:
    """``talk`` if the game's talk rules allow it; raises :class:`TalkError` naming what is wrong:
    an unknown kind or claim, a kind the game or a table of one does not offer
    (:meth:`TalkRules.offered`), a seat outside ``0..players-1`` (speaker or target), a target
    where none belongs (a claim) or missing one, a seat accusing or vouching for itself, a
    negative ``at_move``. ``recorded``: a statement a saved record keeps, any known kind (a record
    keeps what was said, also where a game offered more talk when it was played). Nothing about
    the game's state is checked: talk is never enforced (BR-9, Q10)."""
    if talk.kind not in KINDS:
        raise TalkError("table talk", f"unknown kind of statement {str(talk.kind)[:40]!r}; "
                        f"known: {', '.join(KINDS)}")
    if not recorded and talk.kind not in rules.offered(players):
        raise TalkError("table talk", not_offered(rules, players, talk.kind))
    if not _seat(talk.seat, players):
        raise TalkError("table talk", f"no seat {talk.seat!r} at a table of {players}")
    if isinstance(talk.at_move, bool) or not isinstance(talk.at_move, int) or talk.at_move < 0:
        raise TalkError("table talk", "at_move must be a whole number of moves, 0 or more")
    if talk.kind == CLAIM:
        if talk.target is not None:
            raise TalkError("table talk", "a claim names no seat")
        if talk.claim not in rules.claims:
            raise TalkError("table talk", f"unknown claim {str(talk.claim)[:40]!r}; "
                            f"known: {', '.join(rules.claims) or 'none'}")
        return talk
    if talk.claim is not None:
        raise TalkError("table talk", f"{talk.kind!r} names a seat, not a claim")
    if not _seat(talk.target, players):
        raise TalkError("table talk", f"{talk.kind!r} needs a seat of this table (0 to {players - 1}), "
                        f"not {talk.target!r}")
    if talk.target == talk.seat and talk.kind != NOMINATE:
        raise TalkError("table talk", f"a seat cannot {'accuse' if talk.kind == ACCUSE else 'vouch for'} itself")
    return talk


#: Each kind as a player says it was refused ("There is no accusing in this game").
DOING = {NOMINATE: "nominating", CLAIM: "claiming", ACCUSE: "accusing", VOUCH: "vouching for a seat"}


def not_offered(rules: TalkRules, players: int, kind: str) -> str:
    """Why ``kind`` is refused at a table of ``players``, in plain words: a table of one has no
    talk; a game without it says so, and what it has instead, if anything."""
    if players < 2:
        return "There is no table talk at a table of one: nobody else is there to hear it."
    if not rules.kinds:
        return f"There is no {DOING.get(kind, kind)} in this game: no seat has a hidden role."
    return (f"There is no {DOING.get(kind, kind)} in this game; you can say: "
            f"{', '.join(DOING.get(k, k) for k in rules.kinds)}.")


def talk_from_json(data: Any, rules: TalkRules, players: int, *, recorded: bool = False) -> Talk:
    """A :class:`Talk` from its JSON form (:meth:`Talk.to_json`), checked by :func:`check_talk`
    (``recorded`` as there). Raises :class:`TalkError` for anything else (not an object, wrong
    field types)."""
    if not isinstance(data, Mapping):
        raise TalkError("table talk", "a statement must be an object {seat, kind, target, claim, at_move}")
    return check_talk(rules, players, Talk(seat=data.get("seat"), kind=data.get("kind"),  # type: ignore[arg-type]
                                           target=data.get("target"), claim=data.get("claim"),
                                           at_move=data.get("at_move", 0)), recorded=recorded)


def _seat(x: Any, players: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < players


__all__ = ["ACCUSE", "CLAIM", "DOING", "KINDS", "NOMINATE", "TARGETED", "VOUCH", "Talk", "TalkError", "TalkRules",
           "check_talk", "not_offered", "talk_from_json"]
