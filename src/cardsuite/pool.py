"""Simulation runs on every core or on a Ray cluster, with the same result whatever the number of workers.

A run (``cardsuite simulate``, ``bench/strength.py``) is cut into **parts** whose layout depends only on
the run (its form and its number of matches or boards), never on the workers: a duplicate part is a range
of boards (each board is seeded by the run's seed and its number already), a plain part a range of matches
played from its own generator, seeded by the run's seed and the part's first match. The parts are played
through one pool interface, the standard library's ``multiprocessing.Pool`` (``imap``, results in order),
which Ray's ``ray.util.multiprocessing.Pool`` mirrors: local worker processes (``--jobs N``), the calling
process itself (one job), or the workers of a Ray cluster (``--cluster ADDRESS``, the optional extra
``cardsuite[cluster]``). The parts' results are merged in order, so only the times differ.

A part names its game by its registered name and carries its options as plain values, so a worker finds
the game through the registry: on a cluster every node needs cardsuite (and any plugin game) installed.
"""

from __future__ import annotations

import logging
import math
import os
import random
import re
import socket
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from .core.errors import CardsuiteError
from .core.message import msg
from .core.options import OptionValue

PARTS = 64
"""A run is cut into at most this many parts (enough for any number of cores to share it evenly)."""
MAX_JOBS = 256
"""The most local worker processes a run may ask for."""
_ADDRESS = re.compile(r"(auto|(ray://)?[A-Za-z0-9.\-]{1,253}:[0-9]{1,5}|(ray://)?\[[0-9A-Fa-f:]{2,45}\]:[0-9]{1,5})")


@dataclass(frozen=True)
class Part:
    """One part of a run: which matches (or boards) it plays, and everything a worker needs to play them."""

    game: str
    players: int
    levels: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...]
    seed: int
    duplicate: bool
    first: int
    count: int


class WorkPool(Protocol):
    """What a run needs of a pool: ``multiprocessing.Pool.imap`` (results in the order of the items)."""

    def imap(self, func: Callable[[Any], Any], iterable: Iterable[Any], chunksize: int = 1) -> Iterator[Any]: ...


class InProcess:
    """A pool of one: the parts are played in the calling process, one after the other."""

    def imap(self, func: Callable[[Any], Any], iterable: Iterable[Any], chunksize: int = 1) -> Iterator[Any]:
        """``map``, lazily, in order."""
        del chunksize
        return map(func, iterable)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def check_cluster_address(address: str) -> str:
    """A Ray address as ``ray.init(address=...)`` takes it (``host:port``, ``ray://host:port``, ``auto``)."""
    text = address.strip()
    if len(text) > 300 or not _ADDRESS.fullmatch(text):
        from .naming import quoted

        raise CardsuiteError(msg("--cluster {address} is not a Ray address such as 127.0.0.1:6379 or auto",
                                 address=quoted(text, 40)))
    return text


@contextmanager
def open_pool(jobs: int = 1, cluster: str | None = None, parts: int | None = None) -> Iterator[WorkPool]:
    """A pool for a run: a Ray cluster's workers when ``cluster`` names one, else ``jobs`` local processes
    (the calling process alone for one job), never more than the run's ``parts`` when given (a worker
    without a part would only be started and ended). Closed, its workers ended, when the ``with`` block
    ends."""
    if cluster is not None:
        with _ray_pool(check_cluster_address(cluster)) as pool:
            yield pool
        return
    if jobs < 1 or jobs > MAX_JOBS:
        raise CardsuiteError(msg("--jobs {jobs} is not between 1 and {most}", jobs=jobs, most=MAX_JOBS))
    if parts is not None:
        jobs = max(1, min(jobs, parts))
    if jobs == 1:
        yield InProcess()
        return
    import multiprocessing

    with multiprocessing.get_context("spawn" if os.name == "nt" else "fork").Pool(jobs) as local:
        yield local


_LOOPBACK = re.compile(r"(ray://)?(localhost|127\.[0-9.]+|\[::1\]):[0-9]+")


def _reachable(address: str) -> None:
    """Refuse, in one line, a cluster whose head does not answer (Ray itself would retry for minutes)."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        raise CardsuiteError(msg("cannot reach the Ray cluster at {address}: {reason}", address=address,
                                 reason=str(exc.strerror or exc)[:200])) from None


@contextmanager
def _ray_pool(address: str) -> Iterator[WorkPool]:
    """``ray.util.multiprocessing.Pool`` on the cluster at ``address`` (one worker per CPU of the cluster).

    A head on loopback is joined on loopback: Ray would otherwise swap 127.0.0.1 for the machine's
    outward address, which a head started on loopback does not listen on.
    """
    _reachable(address)
    if _LOOPBACK.fullmatch(address):
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        import ray
        from ray.util.multiprocessing import Pool
    except ImportError:
        raise CardsuiteError(msg("--cluster needs Ray: pip install 'cardsuite[cluster]'")) from None
    began_here = not ray.is_initialized()
    if began_here:
        try:
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise CardsuiteError(msg("cannot reach the Ray cluster at {address}: {reason}", address=address,
                                     reason=(str(exc).splitlines() or [""])[0][:200])) from None
    pool = Pool()
    try:
        yield pool
    finally:
        pool.terminate()
        if began_here:
            ray.shutdown()


def parts_of(game: str, players: int, levels: Sequence[str], count: int, seed: int,
             options: Mapping[str, OptionValue], duplicate: bool) -> list[Part]:
    """The run cut into parts: at most ``PARTS`` ranges of matches (or boards), the same for any pool."""
    size = max(1, math.ceil(count / PARTS))
    frozen = tuple(sorted(options.items()))
    return [Part(game, players, tuple(levels), frozen, seed, duplicate, first, min(size, count - first))
            for first in range(0, count, size)]


def part_count(count: int) -> int:
    """How many parts ``parts_of`` cuts a run of ``count`` matches (or boards) into."""
    return math.ceil(count / max(1, math.ceil(count / PARTS))) if count > 0 else 0


def part_seed(seed: int, first: int) -> int:
    """The seed of the plain part whose first match is number ``first`` (a hash of both)."""
    return random.Random(f"cardsuite-plain/{seed}/{first}").getrandbits(64)


def play_part(part: Part) -> Any:
    """Play one part (in a worker); its ``SimulationResult``."""
    from .core.registry import get_game
    from .simulate import simulate, simulate_duplicate

    game = get_game(part.game)
    options = game.resolve_options(dict(part.options), part.players)
    if part.duplicate:
        return simulate_duplicate(game, part.players, part.levels, part.count, part.seed, options,
                                  first_board=part.first)
    return simulate(game, part.players, part.levels, part.count, part_seed(part.seed, part.first), options,
                    first_match=part.first)


def run(pool: WorkPool, game: str, players: int, levels: Sequence[str], count: int, seed: int,
        options: Mapping[str, OptionValue], duplicate: bool = False,
        on_progress: Callable[[int], None] | None = None) -> Any:
    """Play a whole run through ``pool``: its parts in order, merged into one ``SimulationResult`` whose
    ``seconds`` is the run's wall time. ``on_progress`` hears the matches (or boards) done so far."""
    from .simulate import merge_results

    began = time.perf_counter()
    parts = parts_of(game, players, levels, count, seed, options, duplicate)
    results = []
    done = 0
    for part, result in zip(parts, pool.imap(play_part, parts), strict=True):
        results.append(result)
        done += part.count
        if on_progress is not None:
            on_progress(done)
    merged = merge_results(results)
    merged.seconds = time.perf_counter() - began
    return merged


def pool_for(jobs: int, cluster: str | None, parts: int | None = None) -> AbstractContextManager[WorkPool]:
    """``open_pool`` with ``jobs`` 0 meaning every core."""
    return open_pool(jobs or default_jobs(), cluster, parts)
