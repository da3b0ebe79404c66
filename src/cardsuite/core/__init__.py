"""The rules engine. It knows no game by name: games plug in through ``cardsuite.games`` entry points."""

from .errors import (
    ActionSyntaxError,
    CardsuiteError,
    IllegalAction,
    InvalidDeal,
    OptionError,
    RecordError,
    UnknownGame,
)
from .game import (
    Action,
    Bot,
    DealResult,
    DealSetup,
    DealSummary,
    Event,
    Game,
    GameInfo,
    Hint,
    MatchProgress,
    Score,
    SeatInfo,
    State,
    View,
)
from .options import Options, OptionSpec

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Bot",
    "CardsuiteError",
    "DealResult",
    "DealSetup",
    "DealSummary",
    "Event",
    "Game",
    "GameInfo",
    "Hint",
    "IllegalAction",
    "InvalidDeal",
    "MatchProgress",
    "OptionError",
    "OptionSpec",
    "Options",
    "RecordError",
    "Score",
    "SeatInfo",
    "State",
    "UnknownGame",
    "View",
]
