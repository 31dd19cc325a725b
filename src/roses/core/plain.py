"""Plain words for players: seat mentions by name, and the patterns of engine syntax.

The engine's log and status lines name seats as the action texts do, counted from 0 ("seat 2"),
so that a line and the move that caused it agree (``give coin to seat 2``). A player reads seats
counted from 1 or by the name the table gave them: :func:`plain_line` rewrites every seat mention
of an engine line for one reader, in one place for the terminal; the browser does the same in
``static/common.js`` (``namedLine``).

:data:`ENGINE_SYNTAX` lists what must never reach a player (ruling ids, section signs, action
syntax, raw fractions, ...); the plain-words tests scan every player-facing text with it.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from roses.core.state import State

#: name -> pattern of engine syntax that player-facing text must not contain. Applied to text as
#: the player reads it, after :func:`plain_line` (so "seat 0" there is a seat counted from 0).
ENGINE_SYNTAX: dict[str, re.Pattern[str]] = {
    "ruling id": re.compile(r"\b(?:RT|RC|RR|BR)-\d+\b"),
    "FAQ number": re.compile(r"\bFAQ\s+Q\d+"),
    "section sign": re.compile("§"),
    "seat counted from 0": re.compile(r"\b[Ss]eat 0\b|\bseats? [0-9, ]*\b0\b"),
    "action syntax": re.compile(r"\boffer \d+\b|\bpay [+-]?\d+\b|\((?:fresh|mature)\)|\bflip \d\b"),
    "raw fraction": re.compile(r"\b\d+/\d+\b"),
    "slash pair": re.compile(r"\b[a-z-]+/(?:bud|fresh|mature|bloom)\b"),
    "underscore": re.compile(r"_"),
    "code plural": re.compile(r"\w\(s\)"),
    "engine word": re.compile(r"\bengine\b|\bNone\b|\bTrue\b|\bFalse\b"),
    "brackets": re.compile(r"[\[\]{}]"),
    "kebab rose name": re.compile(r"\bstriped-dragon\b"),
}


def engine_syntax(text: str) -> list[str]:
    """The names of the :data:`ENGINE_SYNTAX` patterns found in ``text`` (empty: plain words)."""
    return [name for name, pattern in ENGINE_SYNTAX.items() if pattern.search(text)]


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """How a player reads seat ``seat`` (0-based): its name in ``names`` when it has one, else
    ``"Seat {seat + 1}"`` (players count seats from 1)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


_WORDS_SEAT = re.compile(r"\bSeat (\d+)\b")


def name_seats(words: str, names: Sequence[str | None] | None = None) -> str:
    """A move in plain words (a game's ``words`` module, seats written "Seat N" counted from 1:
    "Offer a card … to Seat 3") with each seat by its name in ``names`` (0-based; a missing, empty
    or default "Seat N" name leaves the mention as it is). Input and output: one string."""
    if not names:
        return words

    def named(m: re.Match[str]) -> str:
        k = int(m.group(1)) - 1
        name = names[k] if 0 <= k < len(names) else None
        return name if name and not re.fullmatch(r"(?i)seat \d+", name.strip()) else m.group(0)

    return _WORDS_SEAT.sub(named, words)


# "seats 0, 3 (you), 5" (a list: plural only, so "seat 2, 3 left" stays one seat) or "seat 2".
_SEATS = re.compile(r"\b[Ss]eats ((?:\d+(?: \(you\))?, )*\d+(?: \(you\))?)|\b[Ss]eat (\d+)\b")


def plain_line(text: str, names: Sequence[str] | None = None) -> str:
    """An engine line (log or status, already worded for its reader: "seat 2 (you)") in plain
    words: each seat mention by :func:`seat_name` and lists such as "seats 0, 3, 5" as names
    (the case of the first letter is kept: a fragment stays one). Input and output: one string."""
    def named(m: re.Match[str]) -> str:
        if m.group(2) is not None:
            return seat_name(int(m.group(2)), names)
        parts = re.findall(r"(\d+)( \(you\))?", m.group(1))
        return ", ".join(seat_name(int(d), names) + you for d, you in parts)

    return _SEATS.sub(named, text)


#: A ruling cited in brackets in a log line: "(FAQ Q3)", "(FAQ Q9, Q12)", "(BR-7)" (the browser's
#: ``RULING`` in common.js).
_CITED = re.compile(r"\s*\((?:FAQ\s+)?(?:Q\d+|(?:RT|RC|RR|BR)-\d+)"
                    r"(?:\s*[,/]\s*(?:FAQ\s+)?(?:Q\d+|(?:RT|RC|RR|BR)-\d+))*\)")


def log_sentence(line: str) -> str:
    """A log line as a player reads it (already in plain words): without a ruling cited in
    brackets (Blades & Rose's "nothing happens (FAQ Q3)"), with a capital first letter and a
    closing full stop when it ends without one, as the browser's ``logText`` does; Roses and Thorns
    writes its lines as sentences already ("Seat 2 bids 3."), the other games as clauses
    ("seat 2 draws a card (12 left)"). Input and output: one string."""
    line = _CITED.sub("", line).strip()
    if not line:
        return line
    if line[-1].isalnum() or line[-1] == ")":
        line += "."
    return line[:1].upper() + line[1:]


#: The tail of a refusal that lists the legal moves in action syntax ("; legal: bid 2, pass"): a
#: player has them as buttons or a numbered menu.
_LEGAL_TAIL = re.compile(r";\s*legal:.*$|\s*\(named so far:[^)]*\)|\s*\(phase [^)]*\)")
#: Ruling ids and section signs, with their brackets (kept in the error's ``rule``, not shown).
_RULE_MARK = re.compile(r"\s*[(\[]?(?:§[\d.]*\s*)?\b(?:RT|RC|RR|BR)-\d+(?:/(?:RT|RC|RR|BR)-\d+)*\b[)\]]?|§[\d.]*\s*")

#: What a player is told when nothing of the game's reason can be said in plain words.
NOT_NOW = "That move is not possible now."
NOT_A_MOVE = "That is not a move of this game: choose one of the moves offered."


def refusal(error: "object", names: Sequence[str] | None = None) -> str:
    """The plain-words sentence a player reads for a refused move: ``error`` an
    :class:`~roses.core.errors.IllegalActionError` (``rule``, ``message``, ``action``), ``names``
    the seats' names as in :func:`plain_line`. The move itself, typed or listed in action syntax,
    becomes "that move"; the list of legal moves, ruling ids and section signs are left out (the
    rule stays in ``error.rule`` for code and the API's ``rule`` field); seats are named; a
    clause still in engine syntax (:data:`ENGINE_SYNTAX`) is dropped, and when none is left the
    sentence is :data:`NOT_NOW` (or :data:`NOT_A_MOVE` for text that is no move of the game).
    Output: one sentence, capitalised, ending in a full stop."""
    rule = str(getattr(error, "rule", "") or "")
    if rule == "action text":  # a parse error: its hint is action syntax
        return NOT_A_MOVE
    text = str(getattr(error, "message", "") or "")
    action = getattr(error, "action", None)
    if action is not None:
        form = str(action)
        text = text.replace(repr(form), "that move")  # quoted anywhere
        if form.strip() and text.startswith(form + " "):  # or as the subject: "flip 2 is not ..."
            text = "that move" + text[len(form):]
    text = _RULE_MARK.sub("", _LEGAL_TAIL.sub("", text)).strip()
    if re.match(r"that move (?:is not a legal action|could be any of)", text):
        return NOT_NOW
    text = plain_line(text, names)
    if engine_syntax(text):
        clauses = [c.strip() for c in re.split(r";\s+|:\s+", text)]
        text = "; ".join(c for c in clauses if c and not engine_syntax(c) and c.lower() != "that move")
    if not text:
        return NOT_NOW
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def end_text(state: "State", seat: int | None) -> str:
    """The end line of a finished game for ``seat`` (``None``: a spectator).

    With others: the winners, and whether ``seat`` won. Alone (a one-seat game has nobody to
    beat): the final score against the game's yardstick (``GameSpec.solo_goal``), never "you win".
    Games with their own score (``State.scores``) also list every seat's score. The one end line
    of the terminal game, its replay and the adapters' text views: the game views leave it out."""
    from roses.core.log import as_read_by  # log imports this module

    spec = state.game.spec
    scores = state.scores()
    if state.num_players == 1:
        score = f"Final score: {spec.format_score(scores[0])}." if scores is not None else "The game is over."
        return f"Game over. {score}" + (f" {spec.solo_goal}." if spec.solo_goal else "")
    winners = [s for s, r in enumerate(state.returns()) if r > 0]
    text = (f"Game over. {'Winner' if len(winners) == 1 else 'Winners'}: "
            + ", ".join(f"seat {s}" for s in winners))
    if scores is not None:
        text += " (scores: " + ", ".join(f"seat {s} {spec.format_score(x)}" for s, x in enumerate(scores)) + ")"
    text = as_read_by(text, seat)  # seats counted from 1, the reader's own marked "(you)"
    if seat is not None:
        text += " — you win!" if seat in winners else " — you lose."
    return text
