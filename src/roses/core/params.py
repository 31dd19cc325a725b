"""Typed game parameters: declaration, defaults, validation.

A :class:`Param` declares one parameter of a game (its name, type, default, allowed range and the
rulebook section or ruling it comes from). :func:`resolve` turns user-supplied values (Python values
or strings from a command line or a web form) into a complete, validated mapping.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from .errors import GameParameterError, quoted

#: What a parameter's value must be, in words for its refusal ("2.5 is not a whole number").
TYPE_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "text", object: "JSON data"}


@dataclass(frozen=True)
class Param:
    """One typed game parameter.

    Attributes:
        name: identifier used in ``roses.load(game, name=value)`` and on the command line.
        type: one of ``int``, ``bool``, ``str``, ``float``, or ``object`` (JSON data, e.g. a deck).
        default: value used when none is given. ``None`` means "unset" (e.g. a random start seat).
        help: one sentence for users.
        cite: the rulebook section and/or ruling id this parameter implements, e.g. ``"RT-8"``.
        choices: allowed values, if the parameter is an enumeration.
        min, max: inclusive bounds for numbers.
        check: extra validation; returns an error message or ``None``.
        seat: the value is a seat, counted from 0 as the engine counts them, so it must be below
            the ``players`` parameter (refused by :func:`seat_error`, in a player's words too).
    """

    name: str
    type: type
    default: Any
    help: str
    cite: str = ""
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)
    seat: bool = False

    def coerce(self, value: Any, players: int | None = None) -> Any:
        """Return ``value`` converted to this parameter's type and validated; ``players``: the
        game's number of players, which a :attr:`seat` parameter must stay below.

        Strings are parsed (``"true"``/``"false"`` for bools, JSON for ``object``).
        Raises :class:`GameParameterError` with the reason when the value is not allowed.
        """
        if value is None:
            if self.default is None:
                return None
            raise GameParameterError(self.name, "a value is required")
        v = value
        try:
            if self.type is bool:
                if isinstance(v, str):
                    low = v.strip().lower()
                    if low in ("1", "true", "yes", "on"):
                        v = True
                    elif low in ("0", "false", "no", "off"):
                        v = False
                    else:
                        raise ValueError(v)
                elif not isinstance(v, bool):
                    raise ValueError(v)
            elif self.type is int:
                if isinstance(v, bool):
                    raise ValueError(v)
                if isinstance(v, str):
                    v = v.strip()
                    if v.lower() in ("", "none", "random") and self.default is None:
                        return None
                if isinstance(v, float) and not v.is_integer():
                    raise ValueError(v)
                v = int(v)
            elif self.type is float:
                v = float(v)
            elif self.type is str:
                if not isinstance(v, str):
                    raise ValueError(v)
            elif self.type is object:
                if isinstance(v, str):
                    v = json.loads(v)
        except (ValueError, TypeError, json.JSONDecodeError):
            raise GameParameterError(self.name, f"{quoted(value)} is not {TYPE_WORDS.get(self.type, 'valid')}") from None
        if self.seat and isinstance(players, int) and isinstance(v, int) and not 0 <= v < players:
            raise seat_error(self.name, v, players)
        if self.choices is not None and v not in self.choices:
            raise GameParameterError(self.name, f"{quoted(v)} is not one of {list(self.choices)}")
        if self.min is not None and v < self.min:
            raise GameParameterError(self.name, f"{quoted(v)} is below the minimum {self.min:g}")
        if self.max is not None and v > self.max:
            raise GameParameterError(self.name, f"{quoted(v)} is above the maximum {self.max:g}")
        if self.check is not None:
            problem = self.check(v)
            if problem:
                raise GameParameterError(self.name, problem)
        return v

    def default_data(self) -> Any:
        """The default as data to edit (``roses param GAME NAME``): the default itself, unless a
        parameter's ``None`` stands for data the game ships (Rare Roses' order deck), which then
        overrides this to give that data."""
        return self.default

    def describe(self) -> dict[str, Any]:
        """JSON-serialisable description (used by the CLI help and the lobby form)."""
        return {
            "name": self.name,
            "type": self.type.__name__ if self.type is not object else "json",
            "default": self.default,
            "help": self.help,
            "cite": self.cite,
            "choices": list(self.choices) if self.choices is not None else None,
            "min": self.min,
            "max": self.max,
        }


def resolve(params: tuple[Param, ...], given: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return every parameter's validated value: ``given`` over the defaults.

    A name ``NAME.KEY`` sets one entry of a parameter whose value is a mapping, over the value
    given for ``NAME`` or its default: ``market_prices.rainbow=3`` changes one rose's price, so a
    sweep can vary it alone (the value is read as JSON when it parses, else as text).

    Raises :class:`GameParameterError` for an unknown name or key, or a bad value.
    """
    known = {p.name: p for p in params}
    given = dict(given)
    entries: dict[str, dict[str, Any]] = {}
    for name in list(given):
        base, dot, key = name.partition(".")
        if dot and base in known:
            entries.setdefault(base, {})[key] = _entry_value(given.pop(name))
    for name in given:
        if name not in known:
            raise GameParameterError(name, f"unknown parameter; known: {sorted(known)}")
    for base, keys in entries.items():
        given[base] = _with_entries(known[base], given.get(base), keys)
    out = {}
    for p in params:
        # None means "not given": the default applies.
        if given.get(p.name) is None:
            out[p.name] = p.default
        elif p.seat:  # below the number of players, coerced first (every game's first parameter)
            out[p.name] = p.coerce(given[p.name], out.get("players"))
        else:
            out[p.name] = p.coerce(given[p.name])
    return MappingProxyType(out)


def _entry_value(value: Any) -> Any:
    """One ``NAME.KEY`` value: JSON when a string parses as JSON (``3`` is the number 3), else as given."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value.strip()
    return value


def _with_entries(param: Param, value: Any, keys: Mapping[str, Any]) -> dict[str, Any]:
    """``param``'s mapping (``value`` as given, else its default) with ``keys`` set; refuses a
    parameter that is not a mapping, or a key it does not have."""
    base = param.default if value is None else value
    if isinstance(base, str) and param.type is object:
        try:
            base = json.loads(base)
        except json.JSONDecodeError:
            raise GameParameterError(param.name, f"{quoted(value)} is not JSON data") from None
    if not isinstance(base, Mapping):
        raise GameParameterError(f"{param.name}.{next(iter(keys))}",
                                 f"{param.name} has no named entries to set one at a time")
    for key in keys:
        if key not in base:
            raise GameParameterError(f"{param.name}.{key}", f"unknown entry; known: {sorted(base)}")
    return {**base, **keys}


def seat_error(name: str, seat: int, players: int) -> GameParameterError:
    """The refusal of seat parameter ``name`` = ``seat`` (counted from 0, as the parameter is
    given) at a game of ``players``: for the command line, the values to give and what they mean;
    for a player (``plain``: the lobby's "Start player" list, the API's message), the seats
    counted from 1 and how they are given ("The start player must be one of the 3 seats: Seat 1 to
    Seat 3, given as 0 to 2.": an API client sends 0 to 2)."""
    return GameParameterError(
        name, f"{seat} is not a seat of a {players}-player game: give 0 to {players - 1} (counted from 0: 0 is Seat 1)",
        plain=f"The {name.replace('_', ' ')} must be one of the {players} seats: Seat 1 to Seat {players}, "
              f"given as 0 to {players - 1}.")
