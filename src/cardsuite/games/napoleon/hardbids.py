"""How Napoleon's ``hard`` bids: ``normal``'s reckoning of a hand, with the bar set for ``hard``'s card play."""

from __future__ import annotations

from .bots import NormalNapoleonBot

BOLDER_BY = 2.0
"""Honours ``hard`` counts a hand as worth beyond ``normal``'s estimate (``docs/bots.md``)."""


class HardNapoleonBidder(NormalNapoleonBot):
    """``normal`` in every phase the search leaves to it (the bidding, the naming, the discard), except that it
    counts a hand as worth ``BOLDER_BY`` honours more: ``normal``'s bar is fit to how often ``normal`` makes a
    bid, and ``hard``, which searches its cards, makes the same bids more often."""

    level = "hard"
    base = NormalNapoleonBot.base + BOLDER_BY
