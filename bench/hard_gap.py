"""Where does ``hard`` lose? Each of its decisions valued against the true deal (the ``peek`` search).

Boards are dealt as ``cardsuite simulate --duplicate`` deals them (the same board seeds); on each board a
``hard`` seat plays in every seat in turn against ``normal`` seats. At every ``hard`` decision with a choice,
every legal action is valued on the true deal, as the ``peek`` seat values it (the search bot's evaluator:
card play solved exactly, an auction or exchange decision played out with the other seats on their own
policy), with common random numbers for all actions. A decision's loss is the best action's true value minus
that of ``hard``'s choice; the losses are summed by kind of decision and given per seat-deal. Bidding
decisions also give ``hard``'s own estimate against the true value of each bid (its bias), and the pairs
(``hard``'s bid, the best bid) that cost most.

Run: ``.venv/bin/python bench/hard_gap.py --game napas --boards 24 --level hard:16 --peek 16 --jobs 2``
(``--json FILE`` keeps every decision).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from cardsuite.bots import make_bot
from cardsuite.bots.search import SearchBot, utility
from cardsuite.core.game import Action, Bot, Game, State, View
from cardsuite.core.registry import get_game
from cardsuite.simulate import board_seed

IN_MAKE_BENCH = False
NO_TRUMP_CONTRACTS = ("misere", "0")
"""Contracts in which the declarer must take no trick (Nap's misère, Napas's zero game)."""


def kind_of(view: View, *actions: Action) -> str:
    """The kind of a decision, for the sums: bid (apart when ``actions``, the chosen and the best, include the
    zero game or misère), trump, exchange, lead, follow."""
    phase = view.phase
    if phase == "bidding":
        if any(a.verb == "bid" and str(a.args[0]) in NO_TRUMP_CONTRACTS for a in actions):
            return "bid: zero game / misere"
        return "bid"
    table = view.table
    side = "declarer" if table.get("declarer") == view.seat else "defence"
    if phase != "play":
        return f"{phase} ({side})"
    zero = str(table.get("contract")) in NO_TRUMP_CONTRACTS
    move = "lead" if not table.get("trick") else "follow"
    return f"{'zero game ' if zero else ''}{move} ({side})"


def true_values(search: SearchBot, state: State, seat: int, legal: Sequence[Action], samples: int,
                seed: int) -> dict[Action, float]:
    """Each legal action's value on the true deal: the search bot's evaluator from a clone of ``state``,
    ``samples`` times with common random numbers (once in card play, where it is exact)."""
    rounds = 1 if state.phase == "play" else samples
    seeds = random.Random(seed)
    draws = [seeds.getrandbits(64) for _ in range(rounds)]
    out: dict[Action, float] = {}
    for action in legal:
        total = 0.0
        for draw in draws:
            clone = state.clone()
            clone.apply(seat, action)
            final = search.evaluator(clone, seat, random.Random(draw), search.policy)
            total += utility(final.scores(), seat, search.utility)
        out[action] = total / rounds
    return out


def play_board(game_name: str, players: int, board: int, seed: int, level: str, peek: int) -> list[dict[str, Any]]:
    """Every ``hard`` decision of one board (``hard`` in each seat in turn), valued on the true deal."""
    game = get_game(game_name)
    options = game.resolve_options({}, players)
    board_rng = random.Random(board_seed(seed, board))
    deal_seed = board_rng.getrandbits(64)
    dealer = board % players if game.info.uses_dealer else None
    judge = SearchBot(game, iterations=peek)
    rows: list[dict[str, Any]] = []
    for hard_seat in range(players):
        rngs = [random.Random(board_rng.getrandbits(64)) for _ in range(players)]
        bots: list[Bot] = [make_bot(game, level if s == hard_seat else "normal") for s in range(players)]
        state = game.new_deal(players, options, dealer, rng=random.Random(deal_seed))
        while not state.is_over:
            seat = min(state.to_act)
            view = state.view(seat)
            bot = bots[seat]
            if seat != hard_seat or len(view.legal) == 1:
                state.apply(seat, bot.choose(view, rngs[seat]))
                continue
            estimates: dict[Action, float] = {}
            made_share = None
            assert isinstance(bot, SearchBot)
            if bot.decides(view):
                result = bot.search(view, rngs[seat])
                action = result.best.action
                estimates = {s.action: s.mean for s in result.stats if s.count}
                if result.best.declared:
                    made_share = result.best.made / result.best.declared
            else:
                action = bot.choose(view, rngs[seat])
            truth = true_values(judge, state, seat, view.legal, peek, rngs[seat].getrandbits(64) ^ board)
            best = max(truth, key=lambda a: truth[a])
            rows.append({
                "board": board, "seat": hard_seat, "phase": view.phase, "kind": kind_of(view, action, best),
                "chosen": action.text, "best": best.text, "loss": truth[best] - truth[action],
                "true": {a.text: round(v, 3) for a, v in truth.items()},
                "estimate": {a.text: round(v, 3) for a, v in estimates.items()},
                "made_share": made_share,
            })
            state.apply(seat, action)
        summary = state.summary()
        rows.append({"board": board, "seat": hard_seat, "phase": "over", "score": float(state.scores()[hard_seat]),
                     "utility": utility(state.scores(), hard_seat, game.info.traits.utility),
                     "declared": summary.declarer == hard_seat, "contract": summary.contract,
                     "made": summary.made})
    return rows


def _board(args: tuple[str, int, int, int, str, int]) -> list[dict[str, Any]]:
    return play_board(*args)


def report(rows: list[dict[str, Any]], seat_deals: int) -> list[str]:
    """The losses by kind, per seat-deal, and the bidding's biases and costliest pairs, as text lines."""
    lines = [f"{seat_deals} seat-deals; loss per seat-deal by kind of decision (true value of the best action"
             " minus that of hard's):",
             f"{'kind':<28} {'decisions':>9} {'differ':>7} {'loss/seat-deal':>15}"]
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row["phase"] != "over":
            by_kind[row["kind"]].append(row)
    total = 0.0
    for kind, kind_rows in sorted(by_kind.items(), key=lambda kv: -sum(r["loss"] for r in kv[1])):
        loss = sum(r["loss"] for r in kind_rows)
        total += loss
        differ = sum(r["chosen"] != r["best"] and r["loss"] > 1e-9 for r in kind_rows)
        lines.append(f"{kind:<28} {len(kind_rows):>9} {differ / len(kind_rows):>6.0%} {loss / seat_deals:>+15.3f}")
    lines.append(f"{'all':<28} {sum(map(len, by_kind.values())):>9} {'':>7} {total / seat_deals:>+15.3f}")
    bias: dict[str, list[float]] = defaultdict(list)
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row in rows:
        if row["phase"] == "over" or not row["estimate"]:
            continue
        if row["phase"] == "bidding":
            for text, value in row["estimate"].items():
                bias[text].append(value - row["true"][text])
        if row["loss"] > 1e-9:
            pairs[(row["kind"] + ": " + row["chosen"], row["best"])].append(row["loss"])
    if bias:
        lines.append("bids: hard's estimate minus the true value (mean, its standard error, decisions):")
        for text, values in sorted(bias.items()):
            spread = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
            lines.append(f"  {text:<12} {statistics.fmean(values):+6.2f} ± {spread:4.2f}  ({len(values)})")
    lines.extend(calibration(rows))
    lines.append("costliest choices (hard's, the best), total loss per seat-deal:")
    for (chosen, best), losses in sorted(pairs.items(), key=lambda kv: -sum(kv[1]))[:12]:
        lines.append(f"  {chosen:<44} best {best:<22} {len(losses):>4}x {sum(losses) / seat_deals:+.3f}")
    return lines


def calibration(rows: list[dict[str, Any]]) -> list[str]:
    """For the deals ``hard`` declared, by contract: its last bid's estimate and expected make share (from the
    sampled deals) against what it then scored (its utility) and how often it made the contract."""
    last_bid: dict[tuple[int, int], dict[str, Any]] = {}
    for row in rows:
        if row["phase"] == "bidding" and row["estimate"]:
            last_bid[(row["board"], row["seat"])] = row
    groups: dict[str, list[tuple[float, float, float, bool]]] = defaultdict(list)
    for row in rows:
        bid = last_bid.get((row["board"], row["seat"]))
        if row["phase"] != "over" or not row["declared"] or bid is None:
            continue
        groups[str(row["contract"])].append((bid["estimate"][bid["chosen"]], row["utility"],
                                             bid["made_share"] or 0.0, bool(row["made"])))
    lines = ["hard's contracts: its estimate of the bid against the utility it scored, expected against actual makes:"]
    for contract, values in sorted(groups.items()):
        n = len(values)
        lines.append(f"  {contract:<14} {n:>4}x  estimate {statistics.fmean(v[0] for v in values):+6.2f}  scored "
                     f"{statistics.fmean(v[1] for v in values):+6.2f}  makes expected "
                     f"{statistics.fmean(v[2] for v in values):4.0%} actual {sum(v[3] for v in values) / n:4.0%}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="napas")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard:16", help="the level examined (against normal seats)")
    parser.add_argument("--peek", type=int, default=16, help="true-deal rollouts per action outside card play")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", help="write every decision to this file")
    args = parser.parse_args()
    game: Game = get_game(args.game)
    tasks = [(game.info.name, args.players, b, args.seed, args.level, args.peek) for b in range(args.boards)]
    began = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            parts = pool.map(_board, tasks, chunksize=1)
    else:
        parts = [_board(task) for task in tasks]
    rows = [row for part in parts for row in part]
    seat_deals = args.boards * args.players
    scores = [row["score"] for row in rows if row["phase"] == "over"]
    print(f"{args.game}, {args.players} players, {args.level} against normal, {args.boards} boards (seed "
          f"{args.seed}), peek {args.peek}: {time.perf_counter() - began:.0f}s; {args.level}'s mean "
          f"{statistics.fmean(scores):+.3f} per seat-deal")
    print("\n".join(report(rows, seat_deals)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"args": vars(args), "rows": rows}, out, indent=1)


if __name__ == "__main__":
    main()
