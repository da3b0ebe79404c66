"""``cardsuite.pool``: a run cut into parts that do not depend on the workers, the same result for any pool."""

from __future__ import annotations

import contextlib
import itertools
import json
import subprocess
import sys

import pytest

from cardsuite.core.errors import CardsuiteError
from cardsuite.core.registry import get_game
from cardsuite.pool import (
    PARTS,
    InProcess,
    check_cluster_address,
    open_pool,
    part_count,
    part_seed,
    parts_of,
    run,
)
from cardsuite.simulate import simulate, simulate_duplicate
from tests.bots.test_duplicate import without_times


def test_parts_cover_the_run_once_and_depend_only_on_it() -> None:
    for count in (1, 7, 64, 65, 1000):
        parts = parts_of("nap", 4, ["normal"] * 4, count, 3, {}, duplicate=False)
        assert len(parts) <= PARTS
        assert [p.first for p in parts] == sorted({p.first for p in parts})
        assert sum(p.count for p in parts) == count and parts[0].first == 0
        assert all(a.first + a.count == b.first for a, b in itertools.pairwise(parts))


@pytest.mark.parametrize("duplicate", [False, True])
def test_two_local_workers_give_what_one_process_gives(duplicate: bool) -> None:
    options = get_game("nap").resolve_options({}, 4)
    args = ("nap", 4, ["normal", "easy", "random", "random"], 70, 5, options, duplicate)
    alone = run(InProcess(), *args)
    with open_pool(2) as pool:
        shared = run(pool, *args)
    assert without_times(shared.as_json()) == without_times(alone.as_json())
    assert shared.deals == alone.deals >= 70


def test_a_duplicate_run_in_parts_is_the_run_in_one_piece() -> None:
    game = get_game("nap")
    options = game.resolve_options({}, 4)
    levels = ["normal", "easy", "random", "random"]
    whole = simulate_duplicate(game, 4, levels, 9, 2, options)
    assert without_times(run(InProcess(), "nap", 4, levels, 9, 2, options, True).as_json()) == \
        without_times(whole.as_json())


def test_a_plain_part_seats_the_levels_as_its_place_in_the_run_does() -> None:
    game = get_game("gops")
    options = game.resolve_options({}, 2)
    later = simulate(game, 2, ["normal", "random"], 1, 8, options, first_match=1)  # seats: random, normal
    swapped = simulate(game, 2, ["random", "normal"], 1, 8, options)
    assert later.levels["normal"].scores == swapped.levels["normal"].scores
    assert later.levels["random"].scores == swapped.levels["random"].scores
    progress: list[int] = []
    result = run(InProcess(), "gops", 2, ["normal", "random"], 3, 8, options, on_progress=progress.append)
    assert progress == [1, 2, 3]
    first = simulate(game, 2, ["normal", "random"], 1, part_seed(8, 0), options)
    assert result.units[0] == first.units[0]


def test_bad_pools_are_refused_in_one_line() -> None:
    for address in ("bad address", "x" * 400, "host:99999999", "http://host:1"):
        with pytest.raises(CardsuiteError, match="not a Ray address"):
            check_cluster_address(address)
    assert check_cluster_address(" 127.0.0.1:6379 ") == "127.0.0.1:6379"
    assert check_cluster_address("ray://[::1]:10001") == "ray://[::1]:10001"
    with pytest.raises(CardsuiteError, match="--jobs"), open_pool(0):
        pass


def simulate_json(*args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "cardsuite", "simulate", *args, "--json"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert not done.stderr  # no progress bar where stderr is not a terminal
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    return without_times(data)


def test_simulate_jobs_two_prints_what_jobs_one_prints() -> None:
    args = ("napas", "--seats", "normal,easy,random,random", "--games", "20", "--seed", "4")
    assert simulate_json(*args, "--jobs", "2") == simulate_json(*args, "--jobs", "1")
    assert simulate_json(*args, "--duplicate", "--jobs", "2") == simulate_json(*args, "--duplicate", "--jobs", "1")


def test_an_unreachable_cluster_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "cardsuite", "simulate", "nap", "--games", "1", "--cluster",
                           "127.0.0.1:9"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Ray" in done.stderr


class _CountingContext:
    """A stand-in for a ``multiprocessing`` context that records the workers asked for and starts none."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def Pool(self, processes: int) -> contextlib.nullcontext[InProcess]:  # multiprocessing's name
        self.asked.append(processes)
        return contextlib.nullcontext(InProcess())


@pytest.mark.parametrize(("games", "workers"), [(1, None), (3, 3), (64, 64), (1000, 63)])
def test_a_run_starts_no_more_workers_than_it_has_parts(games: int, workers: int | None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from typer.testing import CliRunner

    from cardsuite.cli import app

    context = _CountingContext()
    monkeypatch.setattr(multiprocessing, "get_context", lambda method: context)
    assert part_count(games) == len(parts_of("gops", 2, ["random"] * 2, games, 1, {}, duplicate=False))
    done = CliRunner().invoke(app, ["simulate", "gops", "--players", "2", "--seats", "random,random",
                                    "--games", str(games), "--jobs", "256", "--json"])
    assert done.exit_code == 0, done.output
    assert context.asked == ([] if workers is None else [workers])  # one part: in the calling process
