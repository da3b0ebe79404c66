"""GOPS 2-player (ties=discard): the ``hard`` bot against OpenSpiel's Python ISMCTS bot.

OpenSpiel's MCTS bots need a turn-based game, and its ISMCTS is only fair with a resampler: in the
turn-based form of goofspiel the second player to move must not see the first one's bid, so at the
second mover's turn the resampler redraws the first mover's pending bid uniformly from the cards that
player still holds (everything else in goofspiel is public; future prizes are chance events not yet
drawn). Our engine referees each game (``ties=discard`` is OpenSpiel's default goofspiel, see
docs/rules/gops.md); OpenSpiel's state is kept in step with it. Seats alternate between games.

Slow (about 1 s per ISMCTS move at 1,000 simulations): not in CI or ``make bench``.

    .venv/bin/python bench/gops_ismcts.py --games 200 --simulations 1000 --jobs 2 --out ismcts.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from typing import Any

from cardsuite.bots import make_bot
from cardsuite.core.registry import get_game
from cardsuite.games.gops.faces import FACE_LETTERS, FACE_OF
from cardsuite.pool import open_pool

IN_MAKE_BENCH = False


def make_resampler(game: Any, seed: int) -> Any:
    """A resampler for turn-based goofspiel: redraw the first mover's hidden bid of the current round."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        if state.current_player() != 1 or player != 1:
            return state.clone()
        history = state.history()
        fresh = game.new_initial_state()
        for action in history[:-1]:
            fresh.apply_action(action)
        legal = fresh.legal_actions()
        fresh.apply_action(legal[rng.randrange(len(legal))])
        return fresh

    return resample


def play_game(index: int, hard: Any, ismcts_bot: Any, spiel_game: Any, hard_seat: int,
              seed: int) -> tuple[float, float]:
    """One game; returns (hard's points, ISMCTS's points)."""
    gops = get_game("gops")
    options = gops.resolve_options({"ties": "discard"}, 2)
    rng = random.Random(seed)
    ours = gops.new_deal(2, options, None, rng=rng)
    theirs = spiel_game.new_initial_state()
    prizes = list(ours.setup().stock)
    round_ = 0
    while not ours.is_over:
        while theirs.is_chance_node():  # the prize: the same card as ours (action = value - 1)
            theirs.apply_action(FACE_OF[prizes[round_]] - 1)
        view = ours.view(hard_seat)
        hard_action = hard.choose(view, rng)
        hard_value = FACE_LETTERS.index(str(hard_action.args[0]))  # 0..12: OpenSpiel's bid action
        if theirs.is_terminal():  # OpenSpiel plays the last, forced round by itself
            (last,) = ours.legal_actions(1 - hard_seat)
            spiel_value = FACE_LETTERS.index(str(last.args[0]))
        elif hard_seat == 0:
            theirs.apply_action(hard_value)
            spiel_value = ismcts_bot.step(theirs)
            theirs.apply_action(spiel_value)
        else:
            spiel_value = ismcts_bot.step(theirs)
            theirs.apply_action(spiel_value)
            theirs.apply_action(hard_value)
        spiel_action = gops.parse_action(f"play {FACE_LETTERS[spiel_value]}")
        ours.apply(hard_seat, hard_action)
        ours.apply(1 - hard_seat, spiel_action)
        round_ += 1
    del index
    scores = ours.scores()
    return float(scores[hard_seat]), float(scores[1 - hard_seat])


def play_indexed(job: tuple[int, int, int, str]) -> tuple[float, float]:
    """Game number ``index`` of a run (in a worker): its own ISMCTS bot and generators, seeded by the index."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    index, seed, simulations, level = job
    spiel_game = pyspiel.load_game_as_turn_based(
        "goofspiel", {"num_cards": 13, "players": 2, "points_order": "random", "imp_info": False})
    state_rng = np.random.RandomState(seed * 7919 + index)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state_rng)
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=state_rng,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(make_resampler(spiel_game, seed * 104729 + index))
    hard = make_bot(get_game("gops"), level)
    return play_game(index, hard, bot, spiel_game, index % 2, seed * 1_000_003 + index)


def main(argv: list[str] | None = None) -> int:
    """Play the match and print the win rate with its 95% interval."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--level", default="hard", help="our level, e.g. hard or hard:400")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (each game is the same for any)")
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)

    wins = draws = 0
    margin = 0.0
    began = time.time()
    jobs = [(index, args.seed, args.simulations, args.level) for index in range(args.games)]
    with open_pool(args.jobs) as pool:
        for done, (mine, theirs) in enumerate(pool.imap(play_indexed, jobs), 1):
            wins += mine > theirs
            draws += mine == theirs
            margin += mine - theirs
            print(f"{done}/{args.games}: hard {wins} wins, {draws} draws, {done - wins - draws} losses "
                  f"({time.time() - began:.0f} s)", file=sys.stderr, flush=True)
    n = args.games
    rate = (wins + 0.5 * draws) / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    result = {"games": n, "simulations": args.simulations, "level": args.level, "wins": wins, "draws": draws,
              "losses": n - wins - draws, "score_rate": round(rate, 4), "ci95": [round(rate - half, 4),
                                                                                round(rate + half, 4)],
              "win_rate": round(wins / n, 4), "mean_margin": round(margin / n, 3),
              "seconds": round(time.time() - began, 1), "jobs": args.jobs, "load": round(os.getloadavg()[0], 2)}
    text = json.dumps(result)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
