"""The game-agnostic core: games, states, actions, chance, observations, records and replay."""
from .errors import GameParameterError, IllegalActionError, RecordError, RosesError, UnknownGameError
from .game import Game, GameInfo, GameSpec, Horizon
from .log import EventLog, LogEntry
from .params import Param
from .record import GameRecord, replay
from .registry import available_games, get_spec, load
from .serial import to_jsonable
from .state import CHANCE, TERMINAL, State
from .talk import Talk, TalkError, TalkRules

__all__ = [
    "CHANCE", "TERMINAL", "EventLog", "Game", "GameInfo", "GameParameterError", "GameRecord", "GameSpec", "Horizon",
    "IllegalActionError", "LogEntry", "Param", "RecordError", "RosesError", "State",
    "Talk", "TalkError", "TalkRules", "UnknownGameError", "available_games", "get_spec", "load", "replay", "to_jsonable",
]
