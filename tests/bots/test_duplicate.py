"""``simulate_duplicate``: the same deal for every rotation, exact replays, paired differences by board."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import pytest

from cardsuite.cards import Card
from cardsuite.core.game import DealSetup, Game, State
from cardsuite.core.options import Options
from cardsuite.core.registry import get_game
from cardsuite.simulate import (
    LevelStats,
    SimulationResult,
    mean_interval,
    merge_results,
    paired_differences,
    rotations,
    simulate,
    simulate_duplicate,
    t975,
)


def without_times(data: dict[str, object]) -> dict[str, object]:
    """A run's JSON without what depends on the clock."""
    out = dict(data)
    out.pop("seconds")
    levels = out["levels"]
    assert isinstance(levels, dict)
    out["levels"] = {name: {k: v for k, v in row.items() if k != "decision_ms"} for name, row in levels.items()}
    return out


def test_rotations_are_distinct_and_balanced() -> None:
    assert rotations(["a", "b", "b", "b"]) == [("a", "b", "b", "b"), ("b", "b", "b", "a"), ("b", "b", "a", "b"),
                                               ("b", "a", "b", "b")]
    assert rotations(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert rotations(["a", "a", "a"]) == [("a", "a", "a")]
    for levels in (["a", "b", "c", "c", "b"], ["a", "b", "a", "b", "a", "b"]):
        seatings = rotations(levels)
        for seat in range(len(levels)):
            at_seat = [seating[seat] for seating in seatings]
            assert {x: at_seat.count(x) * len(levels) for x in set(levels)} == {
                x: levels.count(x) * len(seatings) for x in set(levels)}


def test_t_quantiles_match_the_tables() -> None:
    assert t975(1) == pytest.approx(12.706)
    assert t975(30) == pytest.approx(2.042)
    assert t975(40) == pytest.approx(2.021, abs=0.001)
    assert t975(120) == pytest.approx(1.980, abs=0.001)
    with pytest.raises(ValueError):
        t975(0)
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert (mean, high - mean, mean - low) == (2.0, pytest.approx(4.303 / 3**0.5), pytest.approx(4.303 / 3**0.5))
    assert mean_interval([5.0]) == (5.0, 5.0, 5.0)


def test_paired_differences_pair_units_and_skip_missing_levels() -> None:
    units = [{"a": 3.0, "b": 1.0}, {"a": 4.0, "b": 1.0}, {"a": 2.0}]
    (only,) = paired_differences(units, ["a", "b"])
    assert (only.first, only.second, only.pairs, only.mean) == ("a", "b", 2, 2.5)
    assert only.low < 2.5 < only.high and only.verdict == "not shown"


def test_every_rotation_of_a_board_gets_the_same_cards_and_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("nap")
    dealt: list[DealSetup] = []
    original = game.new_deal

    def recording(players: int, options: Options, dealer: int | None, rng: random.Random | None = None,
                  hands: Sequence[Sequence[Card]] | None = None, stock: Sequence[Card] | None = None) -> State:
        state = original(players, options, dealer, rng, hands, stock)
        dealt.append(state.setup())
        return state

    monkeypatch.setattr(game, "new_deal", recording)
    result = simulate_duplicate(game, 4, ["normal", "random", "random", "random"], 3, 7, game.resolve_options({}, 4))
    assert len(dealt) == 12 and result.deals == 12 and result.boards == 3
    boards = [dealt[i:i + 4] for i in range(0, 12, 4)]
    for number, board in enumerate(boards):
        assert all(setup == board[0] for setup in board)
        assert board[0].dealer == number % 4
    assert boards[0][0].hands != boards[1][0].hands
    assert result.levels["normal"].seats == 1 and len(result.levels["normal"].scores) == 12
    assert len(result.levels["random"].scores) == 36


def test_a_duplicate_run_replays_exactly() -> None:
    game = get_game("gops")
    options = game.resolve_options({}, 2)
    first = simulate_duplicate(game, 2, ["normal", "easy"], 6, 3, options).as_json()
    again = simulate_duplicate(game, 2, ["normal", "easy"], 6, 3, options).as_json()
    other = simulate_duplicate(game, 2, ["normal", "easy"], 6, 4, options).as_json()
    assert without_times(first) == without_times(again)
    assert without_times(first) != without_times(other)
    assert first["mode"] == "duplicate" and first["rotations"] == 2 and first["boards"] == 6
    assert first["seatings"] == [["normal", "easy"], ["easy", "normal"]]
    (difference,) = first["differences"]  # type: ignore[misc]
    assert difference["levels"] == ["normal", "easy"] and difference["paired_by"] == "board"
    assert difference["verdict"] == "normal better"


def test_a_run_split_by_boards_merges_into_the_whole_run() -> None:
    game = get_game("nap")
    options = game.resolve_options({}, 4)
    levels = ["normal", "easy", "random", "random"]
    whole = simulate_duplicate(game, 4, levels, 6, 9, options)
    parts = [simulate_duplicate(game, 4, levels, 2, 9, options, first_board=first) for first in (0, 2, 4)]
    assert without_times(merge_results(parts).as_json()) == without_times(whole.as_json())
    alone = simulate_duplicate(game, 4, levels, 1, 9, options, first_board=4)
    assert alone.units == whole.units[16:20] and alone.board_units() == whole.board_units()[4:5]
    with pytest.raises(ValueError):
        merge_results([whole, simulate(game, 4, levels, 1, 9, options)])


def test_level_means_are_per_seat_deal_and_boards_pair_them() -> None:
    game = get_game("napas")
    result = simulate_duplicate(game, 4, ["normal", "easy", "normal", "easy"], 5, 1, game.resolve_options({}, 4))
    normal = result.levels["normal"].scores
    assert len(normal) == 5 * 2 * 2  # boards x rotations x seats
    assert result.as_json()["levels"]["normal"]["mean"] == round(statistics.fmean(normal), 4)  # type: ignore[index]
    per_board = [unit["normal"] - unit["easy"] for unit in result.board_units()]
    assert len(per_board) == 5 and len(result.units) == 10
    (difference,) = result.differences()
    assert difference.mean == pytest.approx(statistics.fmean(per_board))
    per_deal = [unit["normal"] - unit["easy"] for unit in result.units]
    assert difference.efficiency == pytest.approx(statistics.variance(per_deal) / (2 * statistics.variance(per_board)))


def test_the_luck_of_the_deal_cancels() -> None:
    """Two names for the same level (level names are case-blind) play alike, so on every board the duplicate
    form sees almost no difference between them, while the plain form sees the luck of each deal."""
    game: Game = get_game("nap")
    options = game.resolve_options({"deals_per_player": 1}, 4)
    levels = ["normal", "NORMAL", "NORMAL", "NORMAL"]
    plain = simulate(game, 4, levels, 40, 2, options).differences()[0]
    duplicate = simulate_duplicate(game, 4, levels, 40, 2, options).differences()[0]
    assert plain.pairs == duplicate.pairs * 4 == 160
    assert plain.high - plain.low > 1.0
    assert duplicate.high - duplicate.low < 0.25 * (plain.high - plain.low)
    assert duplicate.efficiency is None  # the boards do not vary at all: no finite number of plain deals matches


def test_the_random_bot_draws_exactly_as_choice() -> None:
    """``RandomBot.choose`` writes ``choice``'s draw out for a plain generator: the same action and the same
    generator state after it, for every length; an empty ``legal`` still raises ``IndexError``."""
    from types import SimpleNamespace

    from cardsuite.bots.base import RandomBot

    bot = RandomBot()
    ours, theirs = random.Random(11), random.Random(11)
    for n in range(1, 300):
        legal = tuple(range(n))
        for _ in range(5):
            assert bot.choose(SimpleNamespace(legal=legal), ours) == theirs.choice(legal)  # type: ignore[arg-type,comparison-overlap]
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        bot.choose(SimpleNamespace(legal=()), ours)  # type: ignore[arg-type]


def test_plain_units_are_each_levels_mean_over_its_seats_in_the_deal() -> None:
    """A plain run's unit per deal is each level's mean over its seats (one seat: its score), in the order
    the levels were named, and every seat's score is kept in its level's list in seat order."""
    game = get_game("nap")
    options = game.resolve_options({}, 3)
    result = simulate(game, 3, ["easy", "random", "easy"], 2, 5, options)
    easy, rand = result.levels["easy"].scores, result.levels["random"].scores
    assert len(easy) == 2 * len(rand) == 2 * result.deals
    for unit in result.units:
        assert list(unit) in (["easy", "random"], ["random", "easy"])
    e = 0
    for r, unit in enumerate(result.units):  # each deal adds two easy scores and one random one
        assert unit["easy"] == (0.0 + easy[e] + easy[e + 1]) / 2
        assert unit["random"] == rand[r]
        e += 2


@pytest.mark.parametrize(("name", "players", "given", "levels"), [
    ("nap", 4, {"deals_per_player": 2}, ["random", "easy", "random", "random"]),
    ("napoleon", 5, {"games": 2}, ["random"] * 5),
    ("gops", 2, {"games": 3}, ["random", "easy"]),
    ("gops", 2, {"ties": "discard", "play_out": True}, ["random", "random"]),
    ("gops", 3, {}, ["random"] * 3),
])
def test_a_plain_run_plays_its_matches_as_match_does(name: str, players: int, given: dict[str, object],
                                                     levels: list[str]) -> None:
    """``simulate`` plays a match without a ``Match`` object, for speed: it must play the very match a headless
    ``Match`` on the run's generator plays (first dealer, deals, redeals, end rule, totals and wins). Both are
    driven from here, not by patching ``simulate`` (compiled, it calls its own ``_play_match``)."""
    from cardsuite import simulate as sim
    from cardsuite.core.match import Match

    def through_match(game: Game, players: int, options: Options, seating: sim._Seating, rng: random.Random,
                      stats: dict[str, sim.LevelStats], units: list[dict[str, float]]) -> None:
        plan = seating.seat_plan(game, [rng] * players)
        match = Match(game, players, options, 0, None, keep_record=False, rng=rng)
        while True:
            state = match.state
            sim._play_deal(state, state.apply, plan)
            result = match.settle()
            units.append(sim._count_deal(result.scores, result.summary, seating))
            if match.is_over or match.stopped:
                break
            match.next_deal()
        sim._count_wins(match.totals, seating.levels, stats)

    def run(play: object) -> tuple[list[dict[str, float]], dict[str, object]]:
        stats = sim._check_levels(game, players, levels)
        rng = random.Random(3)
        units: list[dict[str, float]] = []
        for number in range(6):
            shift = number % players
            seating = sim._Seating([*levels[shift:], *levels[:shift]], stats, rng)
            play(game, players, options, seating, rng, stats, units)  # type: ignore[operator]
        return units, {k: (v.scores, v.wins, v.draws, v.bids, v.made) for k, v in stats.items()}

    game = get_game(name)
    options = game.resolve_options(given, players)
    ours, theirs = run(sim._play_match), run(through_match)
    assert len(ours[0]) > 6 or given.get("games", 1) == 1
    assert ours == theirs
    result = simulate(game, players, levels, 6, 3, options)
    assert result.units == ours[0]
    assert {k: (v.scores, v.wins, v.draws, v.bids, v.made) for k, v in result.levels.items()} == ours[1]


def test_the_plain_level_interval_is_student_t_over_deals() -> None:
    """The plain form's level interval is Student's t over deals, each deal's mean of the level's seats,
    as every other interval: four seats of one level in Nap, a zero-sum game, score exactly 0 in every
    deal, so the interval is [0, 0]."""
    game = get_game("nap")
    result = simulate(game, 4, ["normal"] * 4, 2, 1, game.resolve_options({}, 4))
    assert result.deals >= 2
    normal = result.as_json()["levels"]["normal"]  # type: ignore[index]
    assert normal["mean"] == 0 and normal["ci95"] == [0.0, 0.0]
    # two seats of "a" in three deals: (1, 3), (2, 6), (0, 0); deal means 2, 4, 0 (mean 2, sd 2, t with 2 df)
    made = SimulationResult("nap", 4, 1, 3, 0.0, {"a": LevelStats(seats=2, scores=[1, 3, 2, 6, 0, 0])},
                            [{"a": 2.0}, {"a": 4.0}, {"a": 0.0}])
    half = 4.303 * 2 / 3 ** 0.5
    assert made.level_interval("a") == pytest.approx((2.0, 2.0 - half, 2.0 + half))
