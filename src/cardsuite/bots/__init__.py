"""CPU players: the random bot, finding a game's bot for a level, and the generic search bot (``hard``)."""

from ..core.search import SearchHooks
from .base import LEVELS, RandomBot, levels_for, make_bot
from .search import SearchBot

__all__ = ["LEVELS", "RandomBot", "SearchBot", "SearchHooks", "levels_for", "make_bot"]
