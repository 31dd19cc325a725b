"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the game name, parameters, seed, every action and chance outcome in order (by text
form, with the seat that took it), the result and the engine version. :func:`replay` rebuilds the
final state from it and checks the result.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from .errors import RecordError
from .serial import to_jsonable
from .state import State, apply_recorded

FORMAT = "roses-record/1"


def engine_version() -> str:
    from roses import __version__

    return __version__


@dataclass
class GameRecord:
    """A complete game as data.

    Attributes:
        game: registry name.
        params: every parameter value (JSON data).
        seed: the game RNG's seed (int).
        actions: ``[seat, action_text]`` pairs; chance outcomes have seat ``-1``.
        result: ``{"returns": [float per seat], "terminal": bool}``.
        engine_version: the ``roses`` version that played it.
        players: optional label per seat (``"human"``, ``"bot:heuristic"``…): who played it at the end.
        holders: optional, per seat, who held it when (a seat can change hands): oldest first,
            ``{"from": index into actions, "name": str, "kind": "human" | "bot", "bot": agent or None}``.
        rules_version: the version of the game's action texts the actions are written in
            (``GameSpec.rules_version``; a record without it is of version 1). Replay translates an
            older version's steps (``GameSpec.upgrade_steps``) or refuses them naming the version.
    """

    game: str
    params: dict[str, Any]
    seed: int
    actions: list[list[Any]]
    result: dict[str, Any]
    engine_version: str
    players: list[str] = field(default_factory=list)
    rules_version: int = 1
    holders: list[list[dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: State, players: list[str] | None = None,
                   holders: list[list[dict[str, Any]]] | None = None) -> "GameRecord":
        """The record of ``state``'s game so far (``players``, ``holders``: see the class)."""
        return cls(
            game=state.game.name,
            params=to_jsonable(dict(state.game.params)),
            seed=state.seed,
            actions=[[s, str(a)] for s, a in state.history],
            result={"returns": list(state.returns()), "terminal": state.is_terminal()},
            engine_version=engine_version(),
            players=list(players or []),
            rules_version=state.game.spec.rules_version,
            holders=[list(h) for h in holders or []],
        )

    def to_json(self) -> dict[str, Any]:
        out = {"format": FORMAT, **to_jsonable(self.__dict__)}
        if not self.holders:  # records made without seat names stay as they were
            del out["holders"]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameRecord":
        """Raises :class:`RecordError` if ``data`` is not a roses record."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a roses record (expected format {FORMAT!r})")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(
                isinstance(x, list) and len(x) == 2 and isinstance(x[0], int) and not isinstance(x[0], bool)
                and isinstance(x[1], str) for x in actions):
            raise RecordError("malformed record: 'actions' must be a list of [seat, action text] pairs")
        try:
            return cls(
                game=data["game"], params=dict(data["params"]), seed=int(data["seed"]),
                actions=[list(x) for x in actions], result=dict(data["result"]),
                engine_version=str(data["engine_version"]), players=list(data.get("players", [])),
                rules_version=data.get("rules_version", 1),
                holders=[list(h) for h in data.get("holders") or [] if isinstance(h, list)],
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"malformed record: {e}") from None

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1))
        return path

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise RecordError(f"cannot read record {path}: {e}") from None
        return cls.from_json(data)


def initial_state(record: GameRecord) -> State:
    """The record's game at its start (same parameters and seed)."""
    from .registry import load

    return load(record.game, **record.params).new_initial_state(record.seed)


def replay_steps(record: GameRecord) -> Iterator[tuple[int, int, str, State]]:
    """Replay ``record`` one action at a time: yield ``(step, seat, text, state)`` after each
    recorded action is applied (the same ``state`` object, advanced in place).

    Every step is checked by :func:`~roses.core.state.apply_recorded` (the seat to move, then the
    action's legality), so the terminal's step-by-step replay and :func:`replay` refuse the same
    records. A record of an older rules version is first translated to today's steps
    (``GameSpec.upgrade_steps``; steps are then numbered as translated). Raises :class:`RecordError` naming the first step that does not fit, or when the
    record's game or parameters do not load.
    """
    state = initial_state(record)
    actions = state.game.spec.upgrade_steps(record.actions, record.rules_version)
    for i, (seat, text) in enumerate(actions):
        apply_recorded(state, i, seat, text)
        yield i, seat, text, state


def verify_result(record: GameRecord, state: State) -> None:
    """Check that ``state`` (the record replayed) has the record's returns and terminal flag.

    Raises :class:`RecordError` saying both when they differ."""
    got = {"returns": list(state.returns()), "terminal": state.is_terminal()}
    want = {"returns": list(record.result.get("returns", [])), "terminal": record.result.get("terminal")}
    if got != want:
        raise RecordError(f"replay gives {got}, the record says {want}")


def replay(record: GameRecord, verify: bool = True) -> State:
    """Replay every recorded action and return the final state.

    With ``verify``, also check that the final returns and terminal flag equal the record's.
    Raises :class:`RecordError` where the record and the rules disagree (a step whose seat is not
    the seat to move, an illegal action, a different result).
    """
    state = None
    for _, _, _, state in replay_steps(record):
        pass
    if state is None:  # a record of no actions
        state = initial_state(record)
    if verify:
        verify_result(record, state)
    return state


def own_cards(state: State) -> list[dict[str, Any]]:
    """What each seat's own observation adds to the spectator's at ``state`` (JSON form, without
    its log): per seat, the top-level fields whose value differs (a hand, a stack, lost cards, a
    role, a crystal; ``seat`` itself). The page merges them over the spectator's observation."""
    public = to_jsonable(state.observation(None))
    out = []
    for seat in range(state.num_players):
        own = to_jsonable(state.observation(seat))
        out.append({k: v for k, v in own.items() if k != "log" and public.get(k) != v}
                   if isinstance(own, dict) and isinstance(public, dict) else {"observation": own})
    return out


def cards_after_the_end(record: GameRecord) -> list[list[dict[str, Any]]]:
    """Every seat's own cards at every step of a *finished* game's record: per step (the start,
    then one per recorded action), :func:`own_cards`. The one place that decides when the cards
    of every seat may be shown together: only once the game is over (issue 42: "Show all cards"
    in a finished game's replay; a game's record holds every card anyway). Raises
    :class:`RecordError` when the record's game did not end, or does not replay to its result."""
    state = initial_state(record)
    steps = [own_cards(state)]
    for _, _, _, state in replay_steps(record):
        steps.append(own_cards(state))
    verify_result(record, state)
    if not state.is_terminal():
        raise RecordError("the game of this record is not over: its cards are shown only after its end")
    return steps


__all__ = ["GameRecord", "replay", "replay_steps", "verify_result", "initial_state", "FORMAT", "own_cards",
           "cards_after_the_end"]
