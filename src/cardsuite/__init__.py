"""cardsuite: Nap, Napas, Napoleon and GOPS at the terminal."""

__version__ = "0.1.0"
