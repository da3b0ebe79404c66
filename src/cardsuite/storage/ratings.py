"""Ratings: OpenSkill (Bradley-Terry, full pairing) per game for each local player name and each CPU level.

Each seat is a team of one, ranked by its final total; equal totals share a rank. Bradley-Terry compares
every pair of seats, so a shared place (a draw) always rates strictly between winning and losing that
place. (OpenSkill's Plackett-Luce rates a shared first place no better than a clear second, and in larger
tables worse, which breaks that rule; the tests check it.) When one rated player sits in several seats
(two CPUs of the same level), each seat is rated from the same prior and the player's new rating is the
mean of its seats' results. A seat the CPU or another person helped is rated apart from the people who
played it, and its result can only cost them (``rate_played``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import BradleyTerryFull

K = TypeVar("K", bound=Hashable)

MODEL = BradleyTerryFull()
MU = float(MODEL.mu)
SIGMA = float(MODEL.sigma)


@dataclass(frozen=True)
class Rating:
    """A player's skill estimate: ``mu`` the mean, ``sigma`` the doubt; ``ordinal`` is the one number shown."""

    mu: float = MU
    sigma: float = SIGMA
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """A conservative skill (mu - 3 sigma): new players start at 0 and climb as they prove themselves."""
        return self.mu - 3 * self.sigma


SHARED = "shared"
"""The kind of a person's seat that a CPU played for part of the match: counted and rated apart."""


def identity(kind: str, name: str, level: str | None, helped: bool = False) -> tuple[str, str]:
    """Who a seat is for ratings and statistics: ``("human", name)`` for a person, ``("cpu", "CPU <level>")``
    for a CPU, ``("shared", name)`` for a person's seat a CPU played for part of the match (so that the CPU's
    play is never credited to the person). The kind is part of the identity: a person called "CPU easy" is not
    the easy CPU."""
    if kind == "cpu":
        return "cpu", f"CPU {level or 'unknown'}"
    return (SHARED if helped else "human"), name.strip()


_LOOKS_LIKE_A_CPU = re.compile(r"(?i)\s*cpu(\W|$)")


def base_label(kind: str, player: str) -> str:
    """An identity's label before any number: ``CPU normal``, ``Ann``, ``CPU easy (person)`` for a person named
    like a CPU, ``Ann (with the CPU)`` for a seat a CPU played for part of the match."""
    if kind == SHARED:
        return f"{player} (with the CPU)"
    return player if kind == "cpu" or not _LOOKS_LIKE_A_CPU.match(player) else f"{player} (person)"


def player_labels(identities: Sequence[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """A label for each identity that tells them apart in a list: a CPU is ``CPU <level>``, a person their
    name, with `` (person)`` after a name that reads like a CPU's ("CPU easy", "cpu:hard")."""
    out: dict[tuple[str, str], str] = {}
    taken: set[str] = set()
    for kind, player in identities:
        label = base_label(kind, player)
        base, number = label, 2
        while label in taken:  # only a hostile record gets here (a CPU level named like a person)
            label = f"{base} [{number}]"
            number += 1
        taken.add(label)
        out[(kind, player)] = label
    return out


def seat_labels(seats: Sequence[tuple[str, str]]) -> list[str]:
    """Each seat's label in a match's line (one identity a seat): ``player_labels``'s, numbered ``[1]``,
    ``[2]`` ... in seat order where one identity holds several seats (two CPUs of one level), so that a line
    tells every seat apart while the ratings still count the level as one player."""
    labels = player_labels(list(dict.fromkeys(seats)))
    held = Counter(seats)
    numbered: Counter[tuple[str, str]] = Counter()
    out = []
    for seat in seats:
        label = labels[seat]
        if held[seat] > 1:
            numbered[seat] += 1
            label = f"{label} [{numbered[seat]}]"
        out.append(label)
    return out


def ranks_of(totals: Sequence[float]) -> list[int]:
    """Rank 1 for the best total; equal totals share a rank (1, 1, 3 ...)."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]


def rate_match(priors: Sequence[Rating], keys: Sequence[K], totals: Sequence[float]) -> dict[K, Rating]:
    """New ratings of the players ``keys`` (one per seat: who sits there) after a match that ended with ``totals``."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in priors]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks_of(totals)])
    grouped: dict[K, list[tuple[float, float]]] = {}
    for key, team in zip(keys, rated, strict=True):
        grouped.setdefault(key, []).append((float(team[0].mu), float(team[0].sigma)))
    before = dict(zip(keys, priors, strict=True))
    out: dict[K, Rating] = {}
    for key, values in grouped.items():
        mu = sum(v[0] for v in values) / len(values)
        sigma = sum(v[1] for v in values) / len(values)
        out[key] = Rating(mu, sigma, before[key].matches + 1)
    return out


def rate_played(priors: Mapping[K, Rating], keys: Sequence[K], totals: Sequence[float],
                played_by: Sequence[Sequence[K]]) -> dict[K, Rating]:
    """New ratings after a match: each seat's key as ``rate_match`` rates it, and each player of
    ``played_by`` (per seat, who made its actions) whose seat is rated under another key (the CPU or another
    person helped) charged what they would have got had they played it under their own key, where that is
    lower (by ``ordinal``, the number shown) than what they get without it: help can only cost a player.

    Everyone else, the seat's own key included, is rated as without the charge: a charge moves nobody else.
    """
    out = rate_match([priors[k] for k in keys], keys, totals)
    for player in dict.fromkeys(p for seat in played_by for p in seat):
        own = [player if player in played_by[i] else key for i, key in enumerate(keys)]
        if own == list(keys):
            continue  # every seat they played is rated under their key already
        alone = rate_match([priors[k] for k in own], own, totals)[player]
        if alone.ordinal < out.get(player, priors[player]).ordinal:
            out[player] = alone
    return out
