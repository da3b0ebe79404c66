"""A two-seat GOPS match on a real server whose winner the test chooses, whatever the server's CPU bids when
the second seat hands it a turn: the first seat always bids its highest card; the second bids just above it
to win (its lowest card where none is above) or just below it to lose (its lowest where none is below)."""

from __future__ import annotations

from cardsuite.net.client import Client

from .helpers import wait_for

FACES = "A23456789TJQK"


def _rank(action: object) -> int:
    return FACES.index(str(action).split()[-1]) + 1


async def _bidding(client: Client, seat: int, left: int) -> bool:
    """Wait until ``seat`` must bid with ``left`` cards in hand (True), or the game is over (False: it may end
    early, once the prizes left cannot change who wins)."""
    def ready() -> bool:
        view = client.view
        return view is not None and (view.is_over or (seat in view.to_act and len(view.legal) == left))
    await wait_for(ready, 30)
    return client.view is not None and not client.view.is_over


async def play_duel(first: Client, second: Client, second_wins: bool, cpu_rounds: int = 0) -> None:
    """Play the table's one game (13 rounds at most) to its filing; the server's CPU bids for the second seat
    in its first ``cpu_rounds`` rounds (handed over, then taken back)."""
    for played in range(13):
        if not (await _bidding(first, 0, 13 - played) and await _bidding(second, 1, 13 - played)):
            break
        assert first.view is not None and second.view is not None
        highest = max(_rank(a) for a in first.view.legal)
        if played < cpu_rounds:
            await second.request("cpu", on=True)
            await wait_for(lambda: second.view is not None and 1 not in second.view.to_act, 30)
            await second.request("cpu", on=False)
        else:
            ranks = sorted(_rank(a) for a in second.view.legal)
            fits = [r for r in ranks if r > highest] if second_wins else [r for r in ranks if r < highest][::-1]
            choice = (fits or ranks)[0]
            await second.request("act", action=next(str(a) for a in second.view.legal if _rank(a) == choice))
        await first.request("act", action=next(str(a) for a in first.view.legal if _rank(a) == highest))
    await wait_for(lambda: first.table.get("history_id") is not None, 30)
