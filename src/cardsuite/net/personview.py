"""What a person's connection is sent of a view: the game's ``person_view`` (GOPS's play by memory leaves out
earlier rounds' cards), with the history's continuation and the CPU's marks worked out on what it is sent.

The hub decides from the whole history which of its events a connection already holds (``skip``) and which
of them the server's CPU made (``by_cpu``: indices in the whole history). A person's history may be shorter
and may lose events in the middle (a memory log drops a round's cards once the next round is revealed), so
both are worked out again here, on the history the connection was sent before and the one it is sent now.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..core.game import Event, Game, View


def person_parts(game: Game, view: View, skip: int, by_cpu: Sequence[int]) -> tuple[View, int, list[int]]:
    """The view a person's connection is sent, where its history continues the one the connection holds, and
    the CPU's marks of the events sent (``by_cpu`` holds the marks of the whole history, every one)."""
    shown = game.person_view(view)
    if shown is view or shown.history is view.history:
        return shown, skip, [i for i in by_cpu if i >= skip]
    held: tuple[Event, ...] = ()
    if skip:
        held = game.person_view(dataclasses.replace(view, history=view.history[:skip])).history
    start = _common(held, shown.history)
    positions = subsequence_positions(view.history, shown.history)
    marks = [positions[i] for i in by_cpu if i in positions and positions[i] >= start]
    return shown, start, sorted(marks)


def _common(held: Sequence[Event], now: Sequence[Event]) -> int:
    """How many events the two histories share from the start."""
    count = 0
    for a, b in zip(held, now, strict=False):
        if a is not b and a != b:
            break
        count += 1
    return count


def subsequence_positions(whole: Sequence[Event], shown: Sequence[Event]) -> dict[int, int]:
    """The position in ``shown`` (a subsequence of ``whole``: the same events, in order) of each of its events,
    by their index in ``whole``."""
    out: dict[int, int] = {}
    at = 0
    for position, event in enumerate(shown):
        while at < len(whole) and whole[at] is not event:
            at += 1
        if at == len(whole):
            break
        out[at] = position
        at += 1
    return out
