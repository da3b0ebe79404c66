"""Game records (format ``cardsuite-record/1``): read, write atomically, validate and replay.

Every problem becomes one ``RecordError`` line naming the deal index, the action index and the action
(or the key), as ``docs/records.md`` promises: ``deal 0, action 5 "2 play KH": illegal: ...``.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..cards import Card, CardError, parse_card
from .errors import ActionSyntaxError, CardsuiteError, IllegalAction, InvalidDeal, RecordError
from .game import Action, DealResult, DealSetup, DealSummary, Event, Game, MatchProgress, Score
from .options import Options

FORMAT = "cardsuite-record/1"


def load_record(path: str | os.PathLike[str]) -> dict[str, object]:
    """Read a record file; unreadable or non-JSON files raise ``RecordError``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {os.fspath(path)}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{os.fspath(path)} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old content or the new, never a torn file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save_record(path: str | os.PathLike[str], record: Mapping[str, object]) -> None:
    """Write a record as indented JSON, atomically."""
    write_atomically(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")


@dataclass(frozen=True)
class ReplayedDeal:
    """One deal as replayed: how it began, what happened, and its score changes."""

    setup: DealSetup
    actions: tuple[tuple[int, Action], ...]
    events: tuple[Event, ...]
    scores: tuple[Score, ...]
    summary: DealSummary
    complete: bool


@dataclass(frozen=True)
class Replay:
    """A replayed match."""

    game: Game
    players: int
    options: Options
    deals: tuple[ReplayedDeal, ...]
    totals: tuple[Score, ...]
    complete: bool
    seats: tuple[Mapping[str, object], ...]

    def as_json(self) -> dict[str, object]:
        """The object ``cardsuite replay --json`` prints (records.md), plus a few extra keys."""
        deals: list[dict[str, object]] = []
        for deal in self.deals:
            s = deal.summary
            deals.append(
                {
                    "scores": [score_json(x) for x in deal.scores],
                    "complete": deal.complete,
                    "dealer": deal.setup.dealer,
                    "declarer": s.declarer,
                    "contract": s.contract,
                    "made": s.made,
                    "redeal": s.redeal,
                    "result": s.text,
                }
            )
        return {
            "game": self.game.info.name,
            "players": self.players,
            "complete": self.complete,
            "deals": deals,
            "totals": [score_json(x) for x in self.totals],
        }


def score_json(score: Score) -> int | float:
    """A score as JSON: an int when whole, else a float (GOPS split ties give halves)."""
    if isinstance(score, Fraction):
        return int(score) if score.denominator == 1 else float(score)
    return score


def _cards(raw: object, where: str) -> list[Card]:
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise RecordError(f"{where}: expected a list of cards like [\"AS\", \"TH\"]")
    try:
        return [parse_card(c) for c in raw]
    except CardError as exc:
        raise RecordError(f"{where}: {exc}") from None


def parse_action_line(game: Game, text: str, players: int) -> tuple[int, Action]:
    """``"2 play KH"`` into seat 2 and the action; ``ActionSyntaxError`` when malformed."""
    seat_text, _, rest = text.strip().partition(" ")
    if not seat_text.isdigit():
        raise ActionSyntaxError("an action starts with the seat number")
    seat = int(seat_text)
    if seat >= players:
        raise ActionSyntaxError(f"there is no seat {seat} with {players} players")
    return seat, game.parse_action(rest.strip())


def replay(record: Mapping[str, object], find_game: Callable[[str], Game]) -> Replay:
    """Replay a whole record, checking every rule; ``RecordError`` on the first problem."""
    if record.get("format") != FORMAT:
        raise RecordError(f'key "format": expected "{FORMAT}", got {record.get("format")!r}')
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError('key "game": missing or not a string')
    try:
        game = find_game(name)
    except CardsuiteError as exc:
        raise RecordError(f'key "game": {exc}') from None
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError('key "players": missing or not a whole number')
    raw_options = record.get("options", {})
    if not isinstance(raw_options, dict):
        raise RecordError('key "options": expected an object')
    try:
        options = game.resolve_options(raw_options, players)
    except CardsuiteError as exc:
        raise RecordError(f'key "options": {exc}') from None
    raw_seats = record.get("seats", [])
    seats = tuple(s for s in raw_seats if isinstance(s, dict)) if isinstance(raw_seats, list) else ()
    raw_deals = record.get("deals")
    if not isinstance(raw_deals, list):
        raise RecordError('key "deals": expected a list of deals')

    deals: list[ReplayedDeal] = []
    results: list[DealResult] = []
    totals: list[Score] = [0] * players
    for index, raw in enumerate(raw_deals):
        if deals and not deals[-1].complete:
            raise RecordError(f"deal {index}: deal {index - 1} is unfinished but more deals follow")
        deal = _replay_deal(game, players, options, index, raw)
        deals.append(deal)
        totals = [t + s for t, s in zip(totals, deal.scores, strict=True)]
        if deal.complete:
            results.append(DealResult(deal.scores, deal.summary))
    complete = bool(deals) and deals[-1].complete
    complete = complete and game.match_over(MatchProgress(players, options, tuple(results), tuple(totals)))
    return Replay(game, players, options, tuple(deals), tuple(totals), complete, seats)


def _replay_deal(game: Game, players: int, options: Options, index: int, raw: object) -> ReplayedDeal:
    where = f"deal {index}"
    if not isinstance(raw, dict):
        raise RecordError(f"{where}: expected an object")
    dealer = raw.get("dealer")
    if game.info.uses_dealer:
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise RecordError(f'{where}, key "dealer": expected a seat number 0..{players - 1}')
    else:
        dealer = None
    try:
        if "hands" in raw or "stock" in raw or "seed" not in raw:
            hands: Sequence[Sequence[Card]] | None = None
            if "hands" in raw:
                raw_hands = raw["hands"]
                if not isinstance(raw_hands, list):
                    raise RecordError(f'{where}, key "hands": expected one list of cards per seat')
                hands = [_cards(h, f'{where}, key "hands"') for h in raw_hands]
            stock = _cards(raw.get("stock", []), f'{where}, key "stock"')
            state = game.new_deal(players, options, dealer, hands=hands, stock=stock)
        else:
            seed = raw["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError(f'{where}, key "seed": expected a whole number')
            state = game.new_deal(players, options, dealer, rng=random.Random(seed))
    except InvalidDeal as exc:
        raise RecordError(f"{where}: {exc}") from None

    raw_actions = raw.get("actions", [])
    if not isinstance(raw_actions, list):
        raise RecordError(f'{where}, key "actions": expected a list of strings')
    actions: list[tuple[int, Action]] = []
    for number, text in enumerate(raw_actions):
        head = f'{where}, action {number} "{text}"'
        if not isinstance(text, str):
            raise RecordError(f"{where}, action {number}: expected a string")
        try:
            seat, action = parse_action_line(game, text, players)
        except (ActionSyntaxError, CardError) as exc:
            raise RecordError(f"{head}: malformed: {exc}") from None
        if state.is_over:
            raise RecordError(f"{head}: illegal: the deal is already over")
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise RecordError(f"{head}: illegal: {exc.reason}") from None
        actions.append((seat, action))
    complete = state.is_over
    scores = state.scores()
    return ReplayedDeal(state.setup(), tuple(actions), state.events(), scores, state.summary(), complete)
