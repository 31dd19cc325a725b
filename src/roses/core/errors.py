"""Typed errors raised by the game core.

Every error says which rule or parameter it is about, so a player, a designer or an HTTP client
gets a message they can act on. None of them leaves a state changed.
"""
from __future__ import annotations


class RosesError(Exception):
    """Base class of every error the roses engine raises on purpose."""


class IllegalActionError(RosesError):
    """An action that the rules do not allow in this state.

    Attributes:
        rule: the rule broken, as a rulebook section and/or ruling id, e.g. ``"§3 Bidding (RT-4)"``.
        action: the text form of the refused action.
        message: a plain-language reason.

    The state on which ``apply`` was called is unchanged when this is raised.
    """

    def __init__(self, rule: str, message: str, action: object = None):
        self.rule = rule
        self.message = shorten(message)
        self.action = None if action is None else shorten(str(action))
        super().__init__(f"{self.message} [{rule}]" + (f" (action: {self.action})" if self.action else ""))


#: How many characters of a user's input an error message quotes at most.
ECHO = 200


def shorten(text: str, limit: int = ECHO) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis: bad input can be huge (a 1 MB
    "action" from the web), and an error message never echoes more."""
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(value: object, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters plus "…" (a parameter
    value read from a file, ``-p NAME=@FILE``, must not print the whole file)."""
    return shorten(repr(value), limit)


class GameParameterError(RosesError, ValueError):
    """A game parameter with an unknown name or a value out of its range. ``plain``: the refusal as
    a player reads it (seats counted from 1, no parameter names), when the message (for the
    command line and code: the parameter's own values) is not that; :attr:`for_player` gives it."""

    def __init__(self, name: str, message: str, plain: str | None = None):
        self.name = name
        self.plain = plain
        super().__init__(f"parameter {quoted(name)}: {message}")

    @property
    def for_player(self) -> str:
        """The sentence a player reads: :attr:`plain`, else the message."""
        return self.plain or str(self)


class UnknownGameError(RosesError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want the plain message.
        return str(self.args[0])


class RecordError(RosesError, ValueError):
    """A game record that cannot be read, or whose replay does not give the recorded result."""
