"""``cardsuite hint RECORD``: what the hard CPU would do now in an unfinished record, and why.

A record of a deal that a save in the saves folder is playing is refused (the save itself, or a copy of it
with or without its ``save`` key): its hints are asked at the table, which counts them in the save (and so
in the history). A match that has left the saves folder (finished and exported, or abandoned) gets its hints.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import typer
from rich.cells import cell_len

from ..core.errors import CardsuiteError
from ..core.game import State, View
from ..core.message import Message
from ..core.record import Replay, replay
from ..core.registry import get_game
from ..i18n import _, game_words
from ..i18n.reasons import words_of
from ..i18n.render import wording
from ..naming import shown
from ..recordfiles import load_record
from ..storage.savefolder import save_playing
from ._args import LARGEST, decimal, whole
from .replay import seat_names


def current_state(result: Replay) -> State:
    """The last deal of a replayed record, rebuilt and brought up to its last action."""
    if not result.deals or result.deals[-1].complete:
        raise CardsuiteError(_("the record has no unfinished deal: nobody is to move"))
    return result.current_state()


def refuse_a_save_in_play(result: Replay) -> None:
    """A record whose unfinished deal is the one a save in the saves folder is playing gets no hint here,
    whatever its file says of itself (its ``save`` key kept, deleted, or an export's): one line says to ask
    at the table, where hints are counted."""
    if not result.deals or result.deals[-1].complete:
        return
    playing = save_playing(result.game.info.name, result.players, result.deals[-1].setup)
    if playing is not None:
        raise CardsuiteError(_("this deal is being played in the save {id}: ask for a hint at its table (h), "
                               "where hints are counted").format(id=shown(playing)))


def hint_command(
    file: Path = typer.Argument(..., help="An unfinished game record (cardsuite-record/1 JSON)."),
    seat: int | None = typer.Option(None, "--seat", parser=whole(-1, 99),  # -1 was the default: still every seat
                                    help="The seat to advise (default: every seat to move)."),
    level: str = typer.Option("hard", "--level", help="The CPU level that gives the hint."),
    budget_ms: float = typer.Option(200.0, "--budget-ms", parser=decimal(1, 600_000), help="Thinking time per hint."),
    iterations: int = typer.Option(0, "--iterations", parser=whole(0, 1_000_000),
                                   help="Sampled deals instead of a time budget (repeatable results)."),
    seed: int = typer.Option(1, "--seed", parser=whole(0, LARGEST), help="Seed of the hint's sampling."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Print the hint for the seat to move: the action, why, and the value of the alternatives."""
    from ..bots import make_bot

    record = load_record(file)
    result = replay(record, get_game)
    refuse_a_save_in_play(result)
    state = current_state(result)
    movers = sorted(state.to_act)
    if seat is not None and seat >= 0:
        if seat not in movers:
            raise CardsuiteError(_("seat {seat} is not to move (to move: {movers})").format(
                seat=seat, movers=", ".join(map(str, movers))))
        movers = [seat]
    bot = make_bot(result.game, level, budget_ms=budget_ms, iterations=iterations or None)
    names = seat_names(result)
    out: list[dict[str, object]] = []
    reasons: list[str | Message] = []
    for mover in movers:
        hint = bot.hint(state.view(mover), random.Random(seed))
        reasons.append(hint.reason)
        out.append({
            "seat": mover,
            "action": str(hint.action),
            "reason": str(hint.reason),
            "alternatives": [{"action": str(a), "value": v} for a, v in hint.alternatives],
        })
    if as_json:
        print(json.dumps({"game": result.game.info.name, "deal": len(result.deals) - 1, "hints": out}))
        return
    say = wording(names, game_words(result.game))
    for item, mover, reason in zip(out, movers, reasons, strict=True):
        view = state.view(mover)
        print(_("{who} to move: {action}").format(who=names[mover],
                                                  action=say(_label(result, str(item["action"]), view))))
        why = say(words_of(reason))
        print("  " + _("why: {reason}").format(reason=why[:1].upper() + why[1:]))
        alternatives = item["alternatives"]
        assert isinstance(alternatives, list)
        if alternatives:
            print("  " + _("estimated value of each choice (your score against the table's average):"))
            labels = [say(_label(result, str(alt["action"]), view)) for alt in alternatives]
            width = max(cell_len(label) for label in labels) + 2
            for label, alt in zip(labels, alternatives, strict=True):
                print(f"    {label}{' ' * (width - cell_len(label))}{alt['value']:+.2f}")


def _label(result: Replay, text: str, view: View) -> Message:
    """An action in a person's words (the game's label: a card or bid by name), from its record text."""
    from ..bots.search import action_words

    return action_words(result.game, result.game.parse_action(text), view)


def register(app: typer.Typer) -> None:
    """Add ``hint``."""
    app.command("hint")(hint_command)
