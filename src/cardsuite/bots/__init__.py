"""CPU players: the random bot, and finding a game's bot for a level."""

from .base import LEVELS, RandomBot, levels_for, make_bot

__all__ = ["LEVELS", "RandomBot", "levels_for", "make_bot"]
