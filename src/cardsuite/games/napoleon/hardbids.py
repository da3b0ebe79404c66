"""How Napoleon's ``hard`` bids: ``normal``'s reckoning of a hand, with the bar set for ``hard``'s card play."""

from __future__ import annotations

from .bots import NormalNapoleonBot

BOLDER_BY = 2.0
"""Honours ``hard`` counts a hand as worth beyond ``normal``'s estimate (``docs/bots.md``)."""


def hard_bidder() -> NormalNapoleonBot:
    """The player that decides for ``hard`` in every phase its search leaves alone (the bidding, the naming, the
    discard): ``normal``, counting a hand as worth ``BOLDER_BY`` honours more. ``normal``'s bar is fit to how
    often ``normal`` makes a bid, and ``hard``, which searches its cards, makes the same bids more often. (An
    instance, not a subclass: the compiled build's classes take no subclass from interpreted code.)"""
    bidder = NormalNapoleonBot()
    bidder.base += BOLDER_BY
    return bidder
