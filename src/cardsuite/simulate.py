"""Headless matches between CPU levels, with statistics per level (``cardsuite simulate``).

Levels rotate over the seats from one match to the next so that no level keeps a seat's advantage.
Each match has its own seed derived from the run's seed, so a run replays exactly (decision times aside).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .bots import make_bot
from .core.game import Bot, Game, Score
from .core.match import Match, SeatSpec, winners
from .core.options import Options


@dataclass
class LevelStats:
    """What one CPU level did over a run."""

    seats: int = 0
    scores: list[float] = field(default_factory=list)
    bids: int = 0
    made: int = 0
    wins: int = 0
    draws: int = 0
    decision_seconds: list[float] = field(default_factory=list)

    def mean_ci95(self) -> tuple[float, float, float]:
        """Mean score per deal per seat, and its 95% interval (normal approximation)."""
        n = len(self.scores)
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = statistics.fmean(self.scores)
        half = 1.96 * statistics.stdev(self.scores) / math.sqrt(n) if n > 1 else 0.0
        return mean, mean - half, mean + half

    def percentile_ms(self, q: float) -> float:
        """A percentile of the decision times, in milliseconds."""
        if not self.decision_seconds:
            return 0.0
        ordered = sorted(self.decision_seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class SimulationResult:
    """A finished run."""

    game: str
    players: int
    matches: int
    deals: int
    seconds: float
    levels: dict[str, LevelStats]

    def as_json(self) -> dict[str, object]:
        """The object ``cardsuite simulate --json`` prints."""
        levels: dict[str, object] = {}
        for name, stats in self.levels.items():
            mean, low, high = stats.mean_ci95()
            levels[name] = {
                "seats": stats.seats,
                "mean": round(mean, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "bids": stats.bids,
                "made": stats.made,
                "wins": stats.wins,
                "draws": stats.draws,
                "samples": len(stats.scores),
                "decision_ms": {"p50": round(stats.percentile_ms(0.5), 3),
                                "p95": round(stats.percentile_ms(0.95), 3)},
            }
        return {"game": self.game, "players": self.players, "matches": self.matches, "deals": self.deals,
                "seconds": round(self.seconds, 3), "levels": levels}


def simulate(game: Game, players: int, levels: Sequence[str], matches: int, seed: int, options: Options,
             on_match: Callable[[int], None] | None = None) -> SimulationResult:
    """Play ``matches`` whole matches between bots of ``levels`` (one per seat, rotating)."""
    if len(levels) != players:
        raise ValueError(f"{len(levels)} seat levels given for {players} players")
    for level in set(levels):
        make_bot(game, level)  # fail early on an unknown level
    stats = {level: LevelStats() for level in dict.fromkeys(levels)}
    for level in levels:
        stats[level].seats += 1
    master = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    for number in range(matches):
        shift = number % players
        seat_levels = [levels[(s + shift) % players] for s in range(players)]
        deals += _play_match(game, players, options, seat_levels, master.getrandbits(64), stats)
        if on_match is not None:
            on_match(number + 1)
    return SimulationResult(game.info.name, players, matches, deals, time.perf_counter() - start, stats)


def _play_match(game: Game, players: int, options: Options, seat_levels: Sequence[str], seed: int,
                stats: dict[str, LevelStats]) -> int:
    bots: list[Bot] = [make_bot(game, level) for level in seat_levels]
    seats = [SeatSpec(f"CPU {s}", "cpu", seat_levels[s]) for s in range(players)]
    match = Match(game, players, options, seed, seats)
    rng = random.Random(seed ^ 0x5EED)
    deals = 0
    clock = time.perf_counter
    while True:
        while not match.deal_over:
            for seat in sorted(match.state.to_act):
                view = match.state.view(seat)
                began = clock()
                action = bots[seat].choose(view, rng)
                stats[seat_levels[seat]].decision_seconds.append(clock() - began)
                match.act(seat, action)
                if match.deal_over:
                    break
        deals += 1
        result = match.results[-1]
        for seat in range(players):
            stats[seat_levels[seat]].scores.append(float(result.scores[seat]))
        declarer = result.summary.declarer
        if declarer is not None:
            stats[seat_levels[declarer]].bids += 1
            stats[seat_levels[declarer]].made += bool(result.summary.made)
        if match.is_over:
            break
        match.next_deal()
    _count_wins(match.totals, seat_levels, stats)
    return deals


def _count_wins(totals: Sequence[Score], seat_levels: Sequence[str], stats: dict[str, LevelStats]) -> None:
    top = winners(totals)
    for seat in top:
        if len(top) == 1:
            stats[seat_levels[seat]].wins += 1
        else:
            stats[seat_levels[seat]].draws += 1
