"""``cardsuite analyze RECORD``: each finished deal with all hands shown, best play and costly moves."""

from __future__ import annotations

import json
from gettext import NullTranslations
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..core.message import Message, SeatRef, msg
from ..core.record import score_json
from ..i18n import _, game_words, ngettext
from ..i18n.reasons import words_of
from ..i18n.render import wording
from ._args import LARGEST, decimal, whole
from .replay import replayed, seat_names

if TYPE_CHECKING:
    from ..bots.analysis import DealAnalysis


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

    result = replayed(file)
    analyst = Analyst(result.game, rollouts=rollouts, seed=seed)
    names = seat_names(result)
    report: list[dict[str, object]] = []
    found_deals: list[DealAnalysis] = []
    for index, deal in enumerate(result.deals):
        if not deal.complete:
            continue
        setup = deal.setup
        start = result.game.new_deal(result.players, result.options, setup.dealer, hands=setup.hands,
                                     stock=setup.stock)
        found = analyst.analyze_deal(index, start, deal.actions, threshold)
        found_deals.append(found)
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
    _print_report(found_deals, result.game.info.title, result.players, names, game_words(result.game))


def _print_report(found: list[DealAnalysis], title: str, players: int, names: list[str],
                  words: NullTranslations) -> None:
    """The analysis in the reader's language; names are data, never markup (plain ``print``)."""
    say = wording(names, words)

    def said(message: Message | None, english: str) -> str:
        return say(message if message is not None else words_of(english))

    heading = ngettext("{game}, {n} player: analysis with every hand shown",
                       "{game}, {n} players: analysis with every hand shown", players)
    print(heading.format(game=words.gettext(title), n=players))
    if not found:
        print(_("no finished deal to analyze"))
    for deal in found:
        how = (_("with best play by both sides from the first lead (solved)") if deal.exact else
               _("played out from the first lead by the normal policy (one sample: an estimate)"))
        print("\n" + _("Deal {number}: {result}").format(number=deal.index + 1,
                                                         result=said(deal.summary_message, deal.summary)))
        if deal.best_play is not None:
            print("  " + _("{how}: {result}").format(how=how, result=said(deal.best_play_message,
                                                                            deal.best_play_text)))
        for line in deal.contract_lines:
            print(f"  {say(line)}")
        if not deal.mistakes:
            print("  " + _("no card lost value"))
        for m in deal.mistakes:
            played = m.played_label if m.played_label is not None else words_of(str(m.played))
            best = m.best_label if m.best_label is not None else words_of(str(m.best))
            cost = f"{m.cost:.2f}"
            when = m.moment if m.moment is not None else msg("move {index}", index=m.index + 1)
            print("  " + say(msg("{when}, {seat}: {played}; {best} was worth {cost} more",
                                 when=when, seat=SeatRef(m.seat), played=played, best=best, cost=cost)))


def register(app: typer.Typer) -> None:
    """Add ``analyze``."""
    app.command("analyze")(analyze_command)
