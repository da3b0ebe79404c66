"""Headless play between CPU levels, with statistics per level (``cardsuite simulate``).

Two forms:

- **plain** (``simulate``): whole matches; the levels rotate over the seats from one match to the next so
  that no level keeps a seat's advantage. One generator, seeded with the run's seed, deals every deal of
  every match and draws every bot's choices, in order (making a generator per match or per deal would
  cost more than a whole random GOPS deal), so a run replays exactly from its seed.
- **duplicate** (``simulate_duplicate``): each *board* is one deal (the same cards, the same dealer) played
  once for every distinct rotation of the levels over the seats, as in duplicate bridge, so every level
  holds every hand of the board and the luck of the deal cancels out of the difference between levels.
  A board is a single deal, not a match: the dealer of board ``b`` is seat ``b mod players``, and match
  rules (targets, deal counts) play no part. Each board's seed is a hash of the run's seed and the board's
  number, and every seat's bot draws from its own generator seeded by the board, the rotation and the seat,
  so a run replays exactly (decision times and timed ``hard`` budgets aside), any one board can be
  replayed on its own, and a long run can be split into parts.

Both forms report each level's mean score per seat-deal and, for every pair of levels, the mean paired
difference with its 95% interval: paired by deal in the plain form, by board in the duplicate form, and
each level's decision times. A ``random`` seat's decisions are not timed (its times read 0): a random
choice takes about a microsecond, less than reading the clock twice would add to it.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from .bots import RandomBot
from .bots.peek import make_seat_bot
from .core.game import Action, Bot, DealResult, DealSummary, Event, Game, Score, State, View
from .core.match import settle_deal
from .core.options import Options

# Student's t, two-sided 95%, for 1..30 degrees of freedom; beyond, a Cornish-Fisher expansion.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (the 95% two-sided multiplier)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    return 1.959964 + 2.372 / df + 2.823 / df**2


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (Student's t); the interval is the mean itself below two values."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if n < 2:
        return mean, mean, mean
    half = t975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


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

    def percentile_ms(self, q: float) -> float:
        """A percentile of the decision times, in milliseconds."""
        if not self.decision_seconds:
            return 0.0
        ordered = sorted(self.decision_seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass(frozen=True)
class Difference:
    """``first``'s mean score per seat-deal minus ``second``'s, paired by deal or board, with its 95% interval."""

    first: str
    second: str
    mean: float
    low: float
    high: float
    pairs: int
    efficiency: float | None = None  # duplicate form: how many times fewer deals than the plain form needs

    @property
    def verdict(self) -> str:
        """Which level the interval shows to be better, if it shows one."""
        if self.low > 0:
            return f"{self.first} better"
        if self.high < 0:
            return f"{self.second} better"
        return "not shown"


def paired_differences(units: Sequence[Mapping[str, float]], names: Sequence[str]) -> list[Difference]:
    """For each pair of ``names`` (in order), the mean of per-unit differences and its 95% interval.

    A unit is one deal (plain) or one board (duplicate) with each level's mean score in it; units in which
    a level did not play are left out of that level's pairs.
    """
    out = []
    for first, second in itertools.combinations(names, 2):
        diffs = [unit[first] - unit[second] for unit in units if first in unit and second in unit]
        mean, low, high = mean_interval(diffs)
        out.append(Difference(first, second, mean, low, high, len(diffs)))
    return out


def duplicate_efficiency(deal_diffs: Sequence[float], board_diffs: Sequence[float], rotations: int) -> float | None:
    """How many times fewer deals the duplicate form needs than the plain form for an interval as narrow.

    A deal's difference varies as in the plain form (a deal with some seating), so with ``n`` deals the
    plain form's variance is var(deal) / n and the duplicate form's var(board) * rotations / n. ``None``
    when the boards do not vary (levels that play alike) or there are too few to tell.
    """
    if len(board_diffs) < 2 or len(deal_diffs) < 2:
        return None
    board_variance = statistics.variance(board_diffs)
    if board_variance <= 1e-12:
        return None
    return statistics.variance(deal_diffs) / (rotations * board_variance)


@dataclass
class SimulationResult:
    """A finished run. ``units`` holds each deal's mean score per level, in the order played; in the
    duplicate form each run of ``len(seatings)`` deals is one board."""

    game: str
    players: int
    matches: int
    deals: int
    seconds: float
    levels: dict[str, LevelStats]
    units: list[dict[str, float]] = field(default_factory=list)
    mode: str = "plain"
    seatings: list[tuple[str, ...]] = field(default_factory=list)

    @property
    def boards(self) -> int:
        """How many boards a duplicate run played (0 for a plain run)."""
        return len(self.units) // len(self.seatings) if self.mode == "duplicate" else 0

    def board_units(self) -> list[dict[str, float]]:
        """Each board's mean score per level (every seating seats each level equally often)."""
        size = len(self.seatings)
        boards = [self.units[i:i + size] for i in range(0, len(self.units), size)]
        return [{level: statistics.fmean(deal[level] for deal in board) for level in board[0]} for board in boards]

    def differences(self) -> list[Difference]:
        """The paired difference between every two levels, in the order they were first named: by deal in
        the plain form, by board in the duplicate form (with its efficiency against the plain form)."""
        names = list(self.levels)
        if self.mode != "duplicate":
            return paired_differences(self.units, names)
        boards = self.board_units()
        out = []
        for board in paired_differences(boards, names):
            deal_diffs = [unit[board.first] - unit[board.second] for unit in self.units]
            board_diffs = [unit[board.first] - unit[board.second] for unit in boards]
            out.append(replace(board, efficiency=duplicate_efficiency(deal_diffs, board_diffs, len(self.seatings))))
        return out

    def level_interval(self, name: str) -> tuple[float, float, float]:
        """A level's mean per seat-deal and its 95% interval from Student's t over the units a level's seats
        are not independent in: each deal's (plain form) or board's (duplicate) mean of that level's seats."""
        mean = statistics.fmean(self.levels[name].scores) if self.levels[name].scores else 0.0
        units = self.board_units() if self.mode == "duplicate" else self.units
        _, low, high = mean_interval([unit[name] for unit in units if name in unit])
        return mean, low, high

    def as_json(self) -> dict[str, object]:
        """The object ``cardsuite simulate --json`` prints."""
        levels: dict[str, object] = {}
        for name, stats in self.levels.items():
            mean, low, high = self.level_interval(name)
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
        paired_by = "board" if self.mode == "duplicate" else "deal"
        differences: list[dict[str, object]] = []
        for d in self.differences():
            row: dict[str, object] = {"levels": [d.first, d.second], "mean": round(d.mean, 4),
                                      "ci95": [round(d.low, 4), round(d.high, 4)], "pairs": d.pairs,
                                      "paired_by": paired_by, "verdict": d.verdict}
            if self.mode == "duplicate":
                row["efficiency"] = None if d.efficiency is None else round(d.efficiency, 2)
            differences.append(row)
        out: dict[str, object] = {
            "game": self.game, "players": self.players, "matches": self.matches, "deals": self.deals,
            "seconds": round(self.seconds, 3), "levels": levels, "mode": self.mode, "differences": differences,
        }
        if self.mode == "duplicate":
            out["boards"] = self.boards
            out["rotations"] = len(self.seatings)
            out["seatings"] = [list(seating) for seating in self.seatings]
        return out


def _check_levels(game: Game, players: int, levels: Sequence[str]) -> dict[str, LevelStats]:
    """Fresh statistics per level; refuses a wrong count or an unknown level before anything is played."""
    if len(levels) != players:
        raise ValueError(f"{len(levels)} seat levels given for {players} players")
    for level in set(levels):
        if level != "random":
            make_seat_bot(game, level)  # fail early on an unknown level
    stats = {level: LevelStats() for level in dict.fromkeys(levels)}
    for level in levels:
        stats[level].seats += 1
    return stats


def simulate(game: Game, players: int, levels: Sequence[str], matches: int, seed: int, options: Options,
             on_match: Callable[[int], None] | None = None, first_match: int = 0) -> SimulationResult:
    """Play ``matches`` whole matches between bots of ``levels`` (one per seat, rotating).

    Matches are numbered from ``first_match`` (match ``m`` seats ``levels`` rotated by ``m``), so that a run
    may be played in parts, each from its own seed (``cardsuite.pool``), and merged (``merge_results``).
    """
    stats = _check_levels(game, players, levels)
    rng = random.Random(seed)
    units: list[dict[str, float]] = []
    start = time.perf_counter()
    seatings: list[_Seating | None] = [None] * players  # seat s: levels[s + shift], worked out when first played
    for number in range(matches):
        shift = (first_match + number) % players
        seating = seatings[shift]
        if seating is None:
            rotated = [*levels[shift:], *levels[:shift]]
            seating = next((done for done in seatings if done is not None and done.levels == rotated), None)
            if seating is None:  # a rotation that differs from those played (not when every seat is alike)
                seating = _Seating(rotated, stats, rng)
            seatings[shift] = seating
        _play_match(game, players, options, seating, rng, stats, units)
        if on_match is not None:
            on_match(number + 1)
    return SimulationResult(game.info.name, players, matches, len(units), time.perf_counter() - start, stats,
                            units)


def rotations(levels: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of ``levels`` over the seats, each once (``A,B,A,B`` has two).

    Over these every level sits in every seat equally often, as it does over all rotations.
    """
    seen = dict.fromkeys(tuple(levels[(s + shift) % len(levels)] for s in range(len(levels)))
                         for shift in range(len(levels)))
    return list(seen)


def simulate_duplicate(game: Game, players: int, levels: Sequence[str], boards: int, seed: int, options: Options,
                       on_board: Callable[[int], None] | None = None, first_board: int = 0) -> SimulationResult:
    """Play ``boards`` deals, each once for every rotation of ``levels`` over the seats (duplicate form).

    Boards are numbered from ``first_board``; each board's cards and bots depend only on ``seed`` and its
    number, so a long run may be split into parts (``merge_results``) and one board replayed alone.
    """
    stats = _check_levels(game, players, levels)
    seatings = rotations(levels)
    units: list[dict[str, float]] = []
    start = time.perf_counter()
    for done, board in enumerate(range(first_board, first_board + boards), 1):
        units.extend(_play_board(game, players, options, board, board_seed(seed, board), seatings, stats))
        if on_board is not None:
            on_board(done)
    return SimulationResult(game.info.name, players, boards, boards * len(seatings), time.perf_counter() - start,
                            stats, units, "duplicate", seatings)


def board_seed(seed: int, board: int) -> int:
    """The seed of board number ``board`` in a duplicate run seeded with ``seed`` (a hash of both)."""
    return random.Random(f"cardsuite-duplicate/{seed}/{board}").getrandbits(64)


def merge_results(parts: Sequence[SimulationResult]) -> SimulationResult:
    """One result from the parts of a run split by boards or matches, in order (``seconds`` are summed)."""
    first = parts[0]
    levels = {name: LevelStats(seats=stats.seats) for name, stats in first.levels.items()}
    for part in parts:
        if (part.game, part.players, part.mode, list(part.levels)) != (first.game, first.players, first.mode,
                                                                        list(first.levels)):
            raise ValueError("only parts of the same run can be merged")
        for name, stats in part.levels.items():
            into = levels[name]
            into.scores += stats.scores
            into.decision_seconds += stats.decision_seconds
            into.bids += stats.bids
            into.made += stats.made
            into.wins += stats.wins
            into.draws += stats.draws
    return SimulationResult(first.game, first.players, sum(p.matches for p in parts), sum(p.deals for p in parts),
                            sum(p.seconds for p in parts), levels, [u for p in parts for u in p.units], first.mode,
                            first.seatings)


def _play_board(game: Game, players: int, options: Options, board: int, seed: int,
                seatings: Sequence[tuple[str, ...]], stats: dict[str, LevelStats]) -> list[dict[str, float]]:
    """One board: the same deal under every seating; each deal's mean score per level."""
    board_rng = random.Random(seed)
    deal_seed = board_rng.getrandbits(64)
    dealer = board % players if game.info.uses_dealer else None
    deal_units = []
    for levels in seatings:
        rngs = [random.Random(board_rng.getrandbits(64)) for _ in range(players)]
        state = game.new_deal(players, options, dealer, rng=random.Random(deal_seed))
        seating = _Seating(levels, stats)
        plan = seating.seat_plan(game, rngs)
        for sit in seating.watchers:
            sit(state)
        _play_deal(state, state.apply, plan)
        scores = state.scores()
        deal_units.append(_count_deal(scores, state.summary(), seating))
        _count_wins(scores, levels, stats)
    return deal_units


_RANDOM_BOT: Final = RandomBot()
"""The ``random`` level's bot, shared by every seat and match of every run: it keeps nothing between
decisions (every other level gets a new bot per match, as it may learn within one)."""
_IN_ORDER: dict[frozenset[int], tuple[int, ...]] = {}
"""The seats of a ``to_act`` set in seat order (simultaneous rounds act in seat order)."""


def _bot(game: Game, level: str) -> Bot:
    """A bot of ``level`` for one match (``random``'s shared one)."""
    return _RANDOM_BOT if level == "random" else make_seat_bot(game, level)


SeatPlan = list[tuple[Callable[[View, random.Random], Action], random.Random, Callable[[float], None] | None]]
"""Each seat's bot's ``choose``, its generator, and where its decision times go (``None``: not timed)."""


class _Seating:
    """One seating of a run (each seat's level) and what every deal played in it looks up, worked out once
    per run rather than per match or deal: each seat's statistics and its list of scores, each level's
    seats, and, in the plain form when every seat is ``random`` (the shared bot, which keeps nothing between
    matches), the seat plan itself (``shared_rng``: the run's generator, which every seat draws from)."""

    __slots__ = ("alike", "appends", "groups", "levels", "plan", "stats", "watchers")

    def __init__(self, levels: Sequence[str], stats: dict[str, LevelStats],
                 shared_rng: random.Random | None = None) -> None:
        self.levels = levels
        self.stats = tuple([stats[level] for level in levels])
        self.appends = tuple([level_stats.scores.append for level_stats in self.stats])
        seats: dict[str, list[int]] = {}
        for seat, level in enumerate(levels):
            seats.setdefault(level, []).append(seat)
        self.groups = tuple([(level, tuple(held)) for level, held in seats.items()])
        """Each level and its seats, in the order of their first seat (the order of a unit's keys)."""
        self.alike = len(self.groups) == 1  # every seat of one level
        self.plan: SeatPlan | None = None
        self.watchers: list[Callable[[State], None]] = []
        """The ``sit`` of each seat that is shown the deal (``peek``), from the latest ``seat_plan``."""
        if shared_rng is not None and all(level == "random" for level in levels):
            self.plan = [(_RANDOM_BOT.choose, shared_rng, None)] * len(levels)

    def seat_plan(self, game: Game, rngs: Sequence[random.Random]) -> SeatPlan:
        """What ``_play_deal`` looks up per seat, in one tuple each: the ``choose`` of each seat's bot (new,
        but for ``random``'s shared one), its generator, and where its decision times go. A ``RandomBot``'s
        decisions are not timed: its choice costs less than the clock."""
        plan: SeatPlan = []
        self.watchers = []
        for level, level_stats, rng in zip(self.levels, self.stats, rngs, strict=True):
            bot = _bot(game, level)
            sit = getattr(bot, "sit", None)
            if sit is not None:
                self.watchers.append(sit)
            plan.append((bot.choose, rng, None if bot.__class__ is RandomBot else level_stats.decision_seconds.append))
        return plan


def _play_deal(state: State, act: Callable[[int, Action], tuple[Event, ...]], seats: SeatPlan) -> None:
    """Let the bots play ``state`` to its end through ``act``, timing every decision but a random seat's.

    The loop is lean on purpose: with ``random`` seats it is measured against the bare engine (``make
    bench``), so it looks nothing up twice. Each seat's bot, generator and timer come in one tuple
    (``_Seating.seat_plan``); the seats to act (one in a turn-based game, several in a simultaneous round,
    which act in seat order) are put in order by one lookup of their set, in the same expression; and the
    end is tested once per decision, where the deal can end.
    """
    if state.is_over:
        return
    clock = time.perf_counter
    view_of = state.view
    in_order = _IN_ORDER
    while True:
        for seat in in_order.get(state.to_act) or _in_order(state.to_act):
            choose, rng, timed = seats[seat]
            if timed is None:
                act(seat, choose(view_of(seat), rng))
            else:
                view = view_of(seat)
                began = clock()
                action = choose(view, rng)
                timed(clock() - began)
                act(seat, action)
            if state.is_over:
                return


def _in_order(to_act: frozenset[int]) -> tuple[int, ...]:
    """The seats of ``to_act`` in seat order (kept in ``_IN_ORDER``)."""
    order = _IN_ORDER[to_act] = tuple(sorted(to_act))
    return order


def _count_deal(scores: Sequence[Score], summary: DealSummary, seating: _Seating) -> dict[str, float]:
    """Add a finished deal's scores and contract to the statistics; each level's mean score in it (its
    seats' scores added in seat order from 0.0, then divided by their number).

    When every seat is of one level (self-play, or all seats ``random``) the scores are counted and added
    in one pass, a running total; otherwise each level's seats are added after all are converted.
    """
    unit: dict[str, float] = {}
    if seating.alike:
        total = 0.0
        for append, score in zip(seating.appends, scores, strict=True):
            value = float(score)
            append(value)
            total += value
        unit[seating.levels[0]] = total / len(scores) if len(scores) > 1 else total
    else:
        values = list(map(float, scores))
        for append, value in zip(seating.appends, values, strict=True):
            append(value)
        for level, seats in seating.groups:
            if len(seats) == 1:
                unit[level] = 0.0 + values[seats[0]]
            else:
                total = 0.0
                for seat in seats:
                    total += values[seat]
                unit[level] = total / len(seats)
    declarer = summary.declarer
    if declarer is not None:
        level_stats = seating.stats[declarer]
        level_stats.bids += 1
        level_stats.made += bool(summary.made)
    return unit


def _play_match(game: Game, players: int, options: Options, seating: _Seating, rng: random.Random,
                stats: dict[str, LevelStats], units: list[dict[str, float]]) -> None:
    """One whole match: ``rng`` (the run's generator) draws the first dealer, deals every deal and drives
    every bot; each finished deal is counted, and the game's end rule asked, as ``Match`` does it (and, as a
    table does, it stops at the game's ``deal_limit``).

    The match is played here without a ``Match`` object (the one ``Match(..., keep_record=False, rng=rng)``
    would play: the same draws, in the same order), counting each deal with ``Match``'s own
    ``core.match.settle_deal``; ``tests/bots/test_duplicate.py`` plays both and compares.
    """
    plan = seating.plan
    watchers: list[Callable[[State], None]] = []
    if plan is None:  # a seat whose level is not ``random``: its bot is new for every match
        plan = seating.seat_plan(game, [rng] * players)
        watchers = seating.watchers
    dealer = rng.randrange(players) if game.info.uses_dealer else None
    results: list[DealResult] = []
    totals: tuple[Score, ...] = _ZEROS[:players] if players <= len(_ZEROS) else (0,) * players
    played = 0  # deals played out, not thrown in
    limit = game.deal_limit(players, options)  # a match its rules never end stops here, its leader winning
    while True:
        state = game.new_deal(players, options, dealer, rng=rng)
        for sit in watchers:
            sit(state)
        _play_deal(state, state.apply, plan)
        result, totals, over = settle_deal(game, options, state, results, totals, played)
        played += not result.summary.redeal
        units.append(_count_deal(result.scores, result.summary, seating))
        if over or (limit is not None and len(results) >= limit):
            break
        dealer = game.next_dealer(dealer, players)
    _count_wins(totals, seating.levels, stats)


_ZEROS: Final = (0,) * 8
"""A match's totals before its first deal (up to 8 seats)."""


def _count_wins(totals: Sequence[Score], seat_levels: Sequence[str], stats: dict[str, LevelStats]) -> None:
    """A win for the level of the seat with the highest total, or a draw for each level of the seats that
    share it (``core.match.winners``, without its tuple)."""
    best = max(totals)
    if totals.count(best) == 1:
        stats[seat_levels[totals.index(best)]].wins += 1
        return
    for seat, total in enumerate(totals):
        if total == best:
            stats[seat_levels[seat]].draws += 1
