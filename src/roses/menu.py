"""The terminal's move menu (``roses play``): numbered moves whose numbers cannot change meaning
under the typist.

Each prompt has a letter (``a``, ``b``, … then ``a`` again), shown with its numbers: ``b1) Bid 3``.
An answer is read as:

- ``b2`` (the letter and a number, ``B2`` too): move 2 of prompt ``b``; a letter of an earlier prompt is
  refused with a message, as its numbers may mean other moves now;
- ``2`` (a bare number): move 2 of this prompt, unless it was typed before this prompt was shown
  (type-ahead while bots moved) and the moves are not the ones of the previous prompt: then it
  was meant for a menu that no longer exists, and it is refused;
- the move's text (``bid 3``), checked by the game; ``q`` stops.

Confirmation: with ``confirm`` on, a move the game calls irreversible and costly
(``GameSpec.confirm``: a bid that ends the bidding, playing the White Rose, ...) is played only
after its reason and "Play it? [Y/n]".
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re
from typing import Sequence

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_TOKEN = re.compile(r"([a-z])\s*(\d+)")


@dataclass(frozen=True)
class Answer:
    """What an answer means: ``index`` (0-based) of a listed move, or ``text`` to parse, or a
    refusal ``message``; ``quit`` for q."""

    index: int | None = None
    text: str | None = None
    message: str | None = None
    quit: bool = False


@dataclass
class Menu:
    """The menus of one game in the terminal (one per ``roses play``). ``prompts`` counts the
    prompts shown; ``last`` is the previous prompt's moves (their action texts)."""

    prompts: int = 0
    last: tuple[str, ...] | None = None
    current: tuple[str, ...] = field(default_factory=tuple)
    previous: tuple[str, ...] | None = None

    @property
    def letter(self) -> str:
        """The current prompt's letter."""
        return LETTERS[(self.prompts - 1) % len(LETTERS)]

    def open(self, moves: Sequence[str]) -> str:
        """Start a new prompt for the legal ``moves`` (action texts); returns its letter."""
        self.previous = self.last
        self.current = tuple(moves)
        self.last = self.current
        self.prompts += 1
        return self.letter

    def choices(self) -> str:
        """``"b1–b4"``: how this prompt's numbers are typed."""
        return f"{self.letter}1–{self.letter}{len(self.current)}" if len(self.current) > 1 else f"{self.letter}1"

    def read(self, answer: str, typed_ahead: bool = False) -> Answer:
        """The meaning of ``answer`` at the current prompt; ``typed_ahead``: it was typed before
        the prompt was shown."""
        a = answer.strip()
        if not a:  # Enter alone: no move, and no "'' is not a legal move"
            return Answer(message="Nothing was typed.")
        if a.lower() in ("q", "quit", "exit"):
            return Answer(quit=True)
        m = _TOKEN.fullmatch(a.lower())  # "B2" is "b2": Shift or Caps Lock does not refuse a move
        if m and a.isascii():
            letter, number = m.group(1), int(m.group(2))
            if letter != self.letter:
                return Answer(message=f"{a!r} was a choice for an earlier move; this move's choices are "
                                      f"{self.choices()}. Nothing was played.")
            return self._number(number, a)
        if a.isascii() and a.isdigit():  # ASCII digits only: "٣" or "１" is no move number
            if typed_ahead and self.previous is not None and self.previous != self.current:
                return Answer(message=f"{a!r} was typed before this move was asked, and the moves have "
                                      f"changed since; nothing was played. Choose again: {self.choices()}.")
            return self._number(int(a), a)
        return Answer(text=a)

    def _number(self, number: int, typed: str) -> Answer:
        if 1 <= number <= len(self.current):
            return Answer(index=number - 1)
        return Answer(message=f"There is no move {typed}.")
