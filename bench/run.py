"""``make bench``: random-playout speed per game and decision time per CPU level, as a table.

Random playouts go through the contract only (``to_act``, ``legal_actions``, ``apply``) on one core.
Figures are medians of 5 runs. Game-specific benchmarks (``bench/*_*.py`` with ``main()`` and ``IN_MAKE_BENCH = True``)
run after the table, and last ``bench/engine_bars.py``: the engine figures, interpreted and compiled with mypyc
side by side (interpreted only when there is no C compiler). docs/performance.md says what each figure is.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

from cardsuite.bots import levels_for, make_bot
from cardsuite.core.game import Game
from cardsuite.core.registry import all_games

RUNS = 5
SECONDS_PER_RUN = 0.6


def random_deals_per_second(game: Game, players: int, seconds: float = SECONDS_PER_RUN) -> float:
    """Whole random deals per second, through the contract."""
    options = game.resolve_options({}, players)
    rng = random.Random(1)
    deals = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            state = game.new_deal(players, options, deals % players, rng=rng)
            while not state.is_over:
                for seat in tuple(state.to_act):
                    legal = state.legal_actions(seat)
                    state.apply(seat, legal[rng.randrange(len(legal))])
            deals += 1
    return deals / (time.perf_counter() - start)


def decision_ms(game: Game, players: int, level: str, decisions: int = 400) -> tuple[float, float]:
    """Median and 95th percentile of one bot level's decision time, in ms, over random deals."""
    options = game.resolve_options({}, players)
    rng = random.Random(2)
    bot = make_bot(game, level)
    times: list[float] = []
    while len(times) < decisions:
        state = game.new_deal(players, options, 0, rng=rng)
        while not state.is_over and len(times) < decisions:
            for seat in tuple(state.to_act):
                view = state.view(seat)
                began = time.perf_counter()
                action = bot.choose(view, rng)
                times.append(time.perf_counter() - began)
                state.apply(seat, action)
                if state.is_over:
                    break
    times.sort()
    return 1000 * statistics.median(times), 1000 * times[int(0.95 * len(times))]


def main() -> None:
    """Print the table, then run the game-specific benchmarks."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"Random playouts (median of {RUNS}) and bot decision times", title_justify="left")
    for column in ("game", "players", "deals/s", "level", "p50 ms", "p95 ms"):
        table.add_column(column, justify="left" if column in ("game", "level") else "right")
    for game in all_games():
        players = game.info.default_players
        rates = [random_deals_per_second(game, players) for _ in range(RUNS)]
        table.add_row(game.info.name, str(players), f"{statistics.median(rates):,.0f}", "", "", "")
        for level in levels_for(game):
            p50, p95 = decision_ms(game, players, level, 200 if level == "hard" else 400)
            table.add_row("", "", "", level, f"{p50:.3f}", f"{p95:.3f}")
    console.print(table)
    here = Path(__file__).parent
    for script in sorted(here.glob("*_*.py")):
        spec = importlib.util.spec_from_file_location(script.stem, script)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[script.stem] = module
        spec.loader.exec_module(module)
        if hasattr(module, "main") and getattr(module, "IN_MAKE_BENCH", False):
            console.rule(script.name)
            module.main([])
    console.rule("engine_bars.py")
    sys.path.insert(0, str(here))
    spec = importlib.util.spec_from_file_location("engine_bars", here / "engine_bars.py")
    if spec is not None and spec.loader is not None:
        engines = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(engines)
        engines.main(["--hard"])


if __name__ == "__main__":
    main()
