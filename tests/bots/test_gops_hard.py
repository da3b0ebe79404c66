"""GOPS's hard bot: its fast simulator agrees with the engine, matrix games, mixing, exploiting fixed rules."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.registry import get_game
from cardsuite.games.gops.faces import FACE_LETTERS
from cardsuite.games.gops.hard import HardGopsBot, Node, Sim, solve_matrix
from cardsuite.games.gops.reading import Reading

GOPS = get_game("gops")

OPTION_SETS = [
    {}, {"ties": "discard"}, {"ties": "split"}, {"negative_faces": True}, {"ace": "high"},
    {"ace": "beats_king"}, {"play_out": True}, {"games": 3}, {"negative_faces": True, "ties": "discard"},
    {"ties": "rebid"}, {"ties": "rebid", "negative_faces": True}, {"ties": "rebid", "play_out": True},
]


CASES = [(options, players) for options in OPTION_SETS for players in (2, 3)
         if not (options.get("ties") == "split" and players == 3)]  # split is a 2-player rule


@pytest.mark.parametrize(("options", "players"), CASES, ids=[f"{o}-{p}p" for o, p in CASES])
def test_the_fast_simulator_scores_every_game_like_the_engine(options: dict[str, object], players: int) -> None:
    rng = random.Random(players * 31 + len(options))
    resolved = GOPS.resolve_options(options, players)
    for _ in range(25):
        state = GOPS.new_deal(players, resolved, None, rng=rng)
        view = state.view(0)
        rules, hands, current, _future, pts, pot, pot_abs = HardGopsBot._read(view)
        values = dict(view.table["values"])  # type: ignore[call-overload]
        prizes = [values[c] for c in state.setup().stock]
        assert current == prizes[0]
        sim = Sim(rules, hands, prizes, pts, pot, pot_abs, float(sum(abs(v) for v in prizes)))
        while not state.is_over:
            faces = [rng.choice(sim.hands[s]) for s in range(players)]
            for seat, face in enumerate(faces):
                state.apply(seat, GOPS.parse_action(f"play {FACE_LETTERS[face - 1]}"))
            sim.play(faces)
            assert sim.over == state.is_over
        assert sim.pts == [float(x) for x in state.scores()]


def test_matrix_games() -> None:
    strategy, value = solve_matrix([[1.0, -1.0], [-1.0, 1.0]])
    assert strategy == pytest.approx([0.5, 0.5]) and value == pytest.approx(0.0)
    strategy, value = solve_matrix([[3.0, 1.0], [2.0, 0.0]])  # a saddle point: the first row
    assert strategy == [1.0, 0.0] and value == 1.0
    strategy, value = solve_matrix([[0.0, 1.0, -1.0], [-1.0, 0.0, 1.0], [1.0, -1.0, 0.0]])
    assert strategy == pytest.approx([1 / 3] * 3, abs=1e-9) and value == pytest.approx(0.0, abs=1e-9)


def play(bots: list[object], options: dict[str, object], seed: int) -> tuple[float, ...]:
    rng = random.Random(seed)
    state = GOPS.new_deal(len(bots), GOPS.resolve_options(options, len(bots)), None, rng=rng)
    while not state.is_over:
        chosen = {s: bots[s].choose(state.view(s), rng) for s in sorted(state.to_act)}  # type: ignore[attr-defined]
        for seat, action in chosen.items():
            state.apply(seat, action)
    return tuple(float(x) for x in state.scores())


class Matcher:
    """Bids each prize's own value."""

    level = "panel"

    def choose(self, view, rng):  # type: ignore[no-untyped-def]
        prize = view.table["prize"]
        face = prize % 13 + 2
        face = 1 if face == 14 else face
        return next(a for a in view.legal if a.args[0] == FACE_LETTERS[face - 1])


def test_a_bidder_of_the_prize_value_is_read_and_beaten() -> None:
    hard = HardGopsBot(iterations=300)
    total = 0.0
    for seed in range(3):
        mine, theirs = play([hard, Matcher()], {"ties": "discard"}, seed)
        total += mine - theirs
    assert total > 3 * 15


def test_the_mix_is_mixed_early_and_deterministic_for_a_seed() -> None:
    state = GOPS.new_deal(2, GOPS.resolve_options({"ties": "discard"}, 2), None, rng=random.Random(2))
    bot = HardGopsBot(iterations=400)
    faces, strategy, values, _note = bot.strategy(state.view(0), random.Random(9))
    assert len(faces) == 13 and len(values) == 13
    assert sum(strategy) == pytest.approx(1.0)
    assert sum(1 for p in strategy if p > 0) >= 2
    assert bot.strategy(state.view(0), random.Random(9))[1] == strategy


def test_hint_reports_every_card_and_a_reason() -> None:
    state = GOPS.new_deal(3, GOPS.resolve_options({}, 3), None, rng=random.Random(4))
    hint = HardGopsBot(iterations=200).hint(state.view(1), random.Random(1))
    assert hint.action in state.view(1).legal
    assert len(hint.alternatives) == 13 and "points" in str(hint.reason)


def test_make_bot_finds_the_gops_hard_level() -> None:
    from cardsuite.bots import make_bot

    bot = make_bot(GOPS, "hard:50")
    assert isinstance(bot, HardGopsBot) and bot.iterations == 50


def test_the_choice_ignores_the_opponents_pending_bid() -> None:
    """Whatever card the opponent has already chosen (hidden), the view and so the choice are the same."""
    choices = set()
    for secret in ("A", "7", "K"):
        state = GOPS.new_deal(2, GOPS.resolve_options({}, 2), None, rng=random.Random(6))
        state.apply(1, GOPS.parse_action(f"play {secret}"))
        choices.add(HardGopsBot(iterations=150).choose(state.view(0), random.Random(3)))
    assert len(choices) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_a_mixed_hint_describes_the_advised_card_first_with_its_share_and_worth(players: int) -> None:
    """A mixed strategy's hint names the advised card first, in its words and in its list of values, and each
    card's share and worth in the words are the search's own; a card worth more is not left unexplained."""
    import re

    letters = {"ace": "A", "jack": "J", "queen": "Q", "king": "K", "10": "T"}
    bot = HardGopsBot(iterations=200)
    mixed = 0
    for seed in range(4):
        state = GOPS.new_deal(players, GOPS.resolve_options({}, players), None, rng=random.Random(seed))
        view = state.view(0)
        faces, strategy, values, _reads = bot.strategy(view, random.Random(1))
        hint = bot.hint(view, random.Random(1))
        text = str(hint.reason)
        assert hint.alternatives[0][0] == hint.action
        listed = re.findall(r"the (\w+) (\d+)% \(([+-][0-9.]+)\)", text)
        if not listed:
            continue
        mixed += 1
        letter = {bot._action(view, f).args[0]: i for i, f in enumerate(faces)}
        rank = {word: letter[letters.get(word, word)] for word, _s, _v in listed}
        advised = rank[listed[0][0]]
        assert hint.action == bot._action(view, faces[advised])
        assert f"the {listed[0][0]} most often" in text
        shares = [int(share) for _r, share, _v in listed]
        assert shares == sorted(shares, reverse=True)
        for word, share, value in listed:
            i = rank[word]
            assert int(share) == round(100 * strategy[i])
            assert abs(float(value) - values[i]) <= 0.05 + 1e-9
        assert "listed higher" not in text and "0%" not in text
        if max(values) > values[advised] + 0.05:
            assert "A card worth more is still no card to bid every time" in text
    assert mixed


def test_hard_reads_which_seat_bids_like_normal_easy_or_random() -> None:
    """Both heuristic CPUs bid from public facts, so hard can work out their mixes and weigh each kind."""
    from cardsuite.bots import make_bot

    bots = [make_bot(GOPS, level) for level in ("random", "normal", "easy")]
    state = GOPS.new_deal(3, GOPS.resolve_options({}, 3), None, rng=random.Random(7))
    rng = random.Random(1)
    for _ in range(7):
        for seat in range(3):
            state.apply(seat, bots[seat].choose(state.view(seat), rng))
    readings = HardGopsBot._read_seats(state.view(0), {})
    assert readings[1][1] == "normal" and readings[1][0] > 0.8
    assert readings[2][1] == "easy" and readings[2][0] > 0.8
    assert sum(p for _f, p in readings[1][2]) == pytest.approx(1.0)
    hint = HardGopsBot(iterations=100).hint(state.view(1), random.Random(2))
    assert "seat 2 bids like the easy CPU" in str(hint.reason) and "seat 0 bids at random" in str(hint.reason)


class SteppingClock:
    """A fake clock: 0 s at the first reading, each later one ``step`` seconds after the one before."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = -step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


class CountingBot(HardGopsBot):
    """The hard bot, counting the searches it starts at the root."""

    searched = 0

    def _iterate(self, node: Node, sim: Sim, rng: random.Random, models: dict[int, int],
                 predicted: dict[int, Reading], first: bool) -> list[float]:
        self.searched += first
        return super()._iterate(node, sim, rng, models, predicted, first)


def test_a_time_budget_is_kept_by_the_clock_given() -> None:
    """A clock that has passed the budget at its next reading stops the search at its first look (16 searches);
    a clock that stands still lets it run to its most."""
    view = GOPS.new_deal(3, GOPS.resolve_options({}, 3), None, rng=random.Random(8)).view(0)
    late = CountingBot(budget_ms=200, max_iterations=64, clock=SteppingClock(10.0))
    late.strategy(view, random.Random(1))
    still = CountingBot(budget_ms=200, max_iterations=64, clock=SteppingClock(0.0))
    still.strategy(view, random.Random(1))
    assert (late.searched, still.searched) == (16, 64)


def test_a_fixed_number_of_iterations_reads_no_clock() -> None:
    def clock() -> float:
        raise AssertionError("hard:N read the clock")

    for players, rounds in ((3, 0), (2, 0), (2, 10)):  # the last: three cards left, solved exactly
        rng = random.Random(5)
        state = GOPS.new_deal(players, GOPS.resolve_options({}, players), None, rng=rng)
        for _ in range(rounds):
            for seat in range(players):
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        bot = CountingBot(iterations=40, clock=clock)
        bot.hint(state.view(0), random.Random(2))
        assert bot.searched == (0 if rounds else 40)


def test_a_time_budget_needs_a_clock_and_make_bot_gives_one() -> None:
    import time

    from cardsuite.bots import make_bot

    with pytest.raises(TypeError, match="clock"):
        HardGopsBot()
    bot = make_bot(GOPS, "hard:300ms")
    assert isinstance(bot, HardGopsBot) and bot.clock is time.perf_counter and bot.budget_ms == 300


@pytest.mark.parametrize(("face", "likely", "hand", "said"), [
    (9, [2, 1], [3, 4, 9, 12], "the 9 beats them all"),  # the 3 and the 4 beat them too, for less
    (3, [2, 1], [3, 4, 9, 12], "the 3 beats them all as cheaply as possible"),
    (5, [13, 2], [5, 8, 11], "the 5 beats the 2 but not the king"),
    (4, [13, 12], [4, 8], "the 4 beats none of them"),
    (9, [7], [8, 9, 10], "the 9 beats it"),
    (8, [7], [8, 9, 10], "the 8 beats it as cheaply as possible"),
    (8, [None, 3], [4, 8], "the 8 beats the 3"),  # a seat read by its rule names no card: not "it"
    (2, [None, 3], [2, 8], "the 2 does not beat the 3"),
])
def test_the_answer_to_read_seats_is_true_of_every_seat_read(face: int, likely: list[int | None],
                                                            hand: list[int], said: str) -> None:
    from cardsuite.games.gops.hard import Rules

    rules = Rules(3, "carry", False, "low", False)
    assert str(HardGopsBot._answer(face, likely, hand, rules)) == said


def test_an_ace_that_counts_high_is_no_cheap_card() -> None:
    from cardsuite.games.gops.hard import Rules

    rules = Rules(2, "carry", False, "high", True)
    assert str(HardGopsBot._answer(1, [13], [1, 5], rules)) == "the ace beats it as cheaply as possible"
    assert str(HardGopsBot._answer(12, [13], [12, 1], rules)) == "give this prize up with the queen"
