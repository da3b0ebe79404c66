"""``cardsuite analyze RECORD``: each finished deal with all hands shown, best play and costly moves."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..core.record import load_record, replay, score_json
from ..core.registry import get_game
from ..naming import name_seats
from ._args import LARGEST, decimal, whole
from .replay import seat_names


def analyze_command(
    file: Path = typer.Argument(..., help="A game record (cardsuite-record/1 JSON)."),
    threshold: float = typer.Option(0.5, "--threshold", parser=decimal(0, 1_000_000),
                                    help="Report moves that cost more than this many points."),
    rollouts: int = typer.Option(24, "--rollouts", parser=whole(1, 100_000),
                                 help="Rollouts per move where no exact solver exists."),
    seed: int = typer.Option(1, "--seed", parser=whole(0, LARGEST), help="Seed of the rollouts (search-based games)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Show, for each finished deal, the best result with all hands visible and where value was lost."""
    from ..bots.analysis import Analyst

    result = replay(load_record(file), get_game)
    analyst = Analyst(result.game, rollouts=rollouts, seed=seed)
    names = seat_names(result)
    report: list[dict[str, object]] = []
    for index, deal in enumerate(result.deals):
        if not deal.complete:
            continue
        setup = deal.setup
        start = result.game.new_deal(result.players, result.options, setup.dealer, hands=setup.hands,
                                     stock=setup.stock)
        found = analyst.analyze_deal(index, start, deal.actions, threshold)
        report.append({
            "deal": index,
            "exact": found.exact,
            "result": found.summary,
            "scores": [score_json(x) for x in found.actual],
            "best_play": None if found.best_play is None else [score_json(x) for x in found.best_play],
            "best_play_result": found.best_play_text,
            "contracts": found.contracts,
            "mistakes": [{"action_index": m.index, "seat": m.seat, "played": str(m.played),
                          "best": str(m.best), "cost": round(m.cost, 3)} for m in found.mistakes],
        })
    if as_json:
        print(json.dumps({"game": result.game.info.name, "deals": report}))
        return
    title = result.game.info.title
    print(f"{title}, {result.players} players: analysis with every hand shown")
    if not report:
        print("no finished deal to analyze")
    for item in report:
        how = ("with best play by both sides from the first lead (solved)" if item["exact"] else
               "played out from the first lead by the normal policy (one sample: an estimate)")
        print(f"\nDeal {item['deal'] + 1}: {name_seats(str(item['result']), names)}")  # type: ignore[operator]
        if item["best_play"] is not None:
            print(f"  {how}: {name_seats(str(item['best_play_result']), names)}")
        for line in item["contracts"]:  # type: ignore[attr-defined]
            print(f"  {name_seats(line, names)}")
        mistakes = item["mistakes"]
        assert isinstance(mistakes, list)
        if not mistakes:
            print("  no card lost value")
        for m in mistakes:
            seat = int(m["seat"])
            print(f"  action {m['action_index']}: {names[seat]} played {m['played'].removeprefix('play ')}; "
                  f"{m['best'].removeprefix('play ')} was worth {m['cost']:.2f} more to {names[seat]}")


def register(app: typer.Typer) -> None:
    """Add ``analyze``."""
    app.command("analyze")(analyze_command)
