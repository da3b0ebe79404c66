"""How GOPS ``hard`` reads the other seats from the public history: fixed rules, and the heuristic CPUs' mixes.

Every bid in GOPS is public once revealed, and the ``normal`` and ``easy`` CPUs bid from public facts only,
so the chances with which each would have bid every card in every past round can be worked out exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import cast

from ...core.game import View
from ...core.message import N_
from .bots import SMOOTH
from .faces import FACE_OF

READ_ROUNDS = 6  # past rounds weighed when reading how a seat bids

Reading = tuple[float, str, list[tuple[int, float]]]
"""How a seat bids: the weight of the known kinds, the likeliest kind, and its mix of this round's cards."""

Model = Callable[[int, list[int]], int]
"""A fixed opponent rule: (prize face, faces held) -> the face it bids."""


def _match(prize: int, held: list[int]) -> int:
    return prize


def _above(prize: int, held: list[int]) -> int:
    return 1 if prize == 13 else prize + 1


def _highest(prize: int, held: list[int]) -> int:
    return max(held)


def _lowest(prize: int, held: list[int]) -> int:
    return min(held)


MODELS: tuple[tuple[str, Model], ...] = (
    (N_("{seat} bids each prize's own value"), _match),
    (N_("{seat} bids one above each prize (the ace on the king)"), _above),
    (N_("{seat} always bids its highest card"), _highest),
    (N_("{seat} always bids its lowest card"), _lowest),
)
"""The fixed rules a seat may follow: what the hint says of a seat caught following one, and the rule."""


def fixed_rules(view: View) -> dict[int, int]:
    """Opponents whose every bid so far fits one fixed rule (at least three bids seen)."""
    history = cast(tuple[tuple[tuple[int, ...], tuple[int, ...], object, str], ...], view.table["history"])
    if len(history) < 3 or view.table["prize"] is None or view.options.get("ace", "low") != "low" \
            or view.options.get("negative_faces", False):
        return {}
    found: dict[int, int] = {}
    for seat in range(view.players):
        if seat == view.seat:
            continue
        for index, (_name, model) in enumerate(MODELS):
            held = list(range(1, 14))
            fits = True
            for pot, faces, _winner, _rule in history:
                prize_face = FACE_OF[pot[-1]]
                if model(prize_face, held) != faces[seat]:
                    fits = False
                    break
                held.remove(faces[seat])
            if fits:
                prize = cast(int, view.table["prize"])
                remaining = cast(tuple[tuple[int, ...], ...], view.table["remaining"])[seat]
                if model(FACE_OF[prize], list(remaining)) in remaining:
                    found[seat] = index
                break
    return found

def read_seats(view: View, models: dict[int, int]) -> dict[int, Reading]:
    """How each other seat bids, read from the public history: like ``normal``, like ``easy``, at random.

    Both heuristic CPUs bid from public facts only, so the chances with which a ``normal`` or an
    ``easy`` player in that seat would have bid each card in every past round can be worked out
    exactly, and so can this round's. The seat's actual bids weigh those kinds against a random
    bidder and an unknown player (a loose bid in proportion to the prize). Returns, per seat, the
    weight of the known kinds, the likeliest kind, and its mix of this round's cards: the search
    draws the seat's card from that mix with that weight (the rest of the time the seat is searched
    like any other).
    """
    from ...core.options import resolve_options
    from .bots import EasyGopsBot, NormalGopsBot, proportional, situation
    from .deal import new_gops_deal
    from .faces import PLAY, standard_hands
    from .tables import OPTIONS

    table = view.table
    history = cast(tuple[tuple[tuple[int, ...], tuple[int, ...], object, str], ...], table["history"])
    prize = cast("int | None", table["prize"])
    others = [s for s in range(view.players) if s != view.seat and s not in models]
    if not history or prize is None or not others:
        return {}
    turned = list(dict.fromkeys([row[0][-1] for row in history] + [prize]))  # ``rebid``: a prize again
    rest = [c for c in cast(tuple[int, ...], table["prizes_left"]) if c not in turned]
    options = resolve_options(OPTIONS, view.options)
    state = new_gops_deal(view.players, options, None, standard_hands(view.players), turned + rest)
    normal, easy = NormalGopsBot(), EasyGopsBot()
    kinds = ("normal", "easy")
    log_odds = {seat: dict.fromkeys((*kinds, "random", "unknown"), 0.0) for seat in others}

    def mixes(sit_view: View, seat: int) -> dict[str, dict[int, float]]:
        sit = situation(sit_view, seat)
        n = len(sit.mine)
        out = {"normal": normal.mix_for(sit)}
        out["easy"] = easy.mix_for(sit, out["normal"])
        out["random"] = {f: 1 / n for f in sit.mine}
        out["unknown"] = proportional(sit.mine, sit.quantile, sit.ace, 3.0, sit.known)
        return {name: {f: (1 - SMOOTH) * mix.get(f, 0.0) + SMOOTH / n for f in sit.mine}
                for name, mix in out.items()}

    start = max(0, len(history) - READ_ROUNDS)  # earlier rounds are replayed without reading (cheaper)
    for number, row in enumerate(history):
        faces: tuple[int, ...] = row[1]
        if number >= start:
            current = state.view(view.seat)
            for seat in others:
                for name, mix in mixes(current, seat).items():
                    log_odds[seat][name] += math.log(mix.get(faces[seat], 1e-9))
        for seat in range(view.players):
            state.apply(seat, PLAY[faces[seat]])
    if state.is_over:
        return {}
    current = state.view(view.seat)
    out: dict[int, Reading] = {}
    for seat in others:
        odds = log_odds[seat]
        top = max(odds.values())
        weights = {name: math.exp(v - top) for name, v in odds.items()}
        total = sum(weights.values())
        now = mixes(current, seat)
        known = {name: weights[name] / total for name in (*kinds, "random")}
        weight = sum(known.values())
        if weight < 0.05:
            continue
        cards = sorted(now["random"])
        blend = [(f, sum(known[name] * now[name][f] for name in known) / weight) for f in cards]
        out[seat] = (weight, max(known, key=known.__getitem__), blend)
    return out
