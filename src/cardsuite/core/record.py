"""Game records (format ``cardsuite-record/1``): validate and replay; ``cardsuite.recordfiles`` reads and writes them.

Every problem becomes one ``RecordError`` line naming the deal index, the action index and the action
(or the key), as ``docs/records.md`` promises: ``deal 0, action 5 "2 play KH": illegal: ...``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card, CardError
from ..naming import NAME_LIMIT, quoted, shown
from .cardparse import parse_card
from .errors import ActionSyntaxError, CardsuiteError, IllegalAction, InvalidDeal, RecordError
from .game import Action, DealResult, DealSetup, DealSummary, Event, Game, MatchProgress, Score, State
from .match import LARGEST_SEED
from .message import Message, SeatRef, msg, msg_p
from .options import Options, check_json_types
from .values import DealsSoFar

FORMAT = "cardsuite-record/1"
CARDS_EXAMPLE = '["AS", "TH"]'
"""Cards as a record writes them, for the refusal of cards that are not text (a parameter: not read as words)."""


def as_record(data: object) -> dict[str, object]:
    """Parsed JSON as a record object (the keys are checked by ``replay``)."""
    if not isinstance(data, dict):
        raise RecordError(msg("a record is a JSON object"))
    return data


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

    def current_state(self) -> State:
        """The last deal rebuilt and brought up to its last action (for hints and save summaries)."""
        if not self.deals:
            raise CardsuiteError(msg("the record has no deal"))
        deal = self.deals[-1]
        setup = deal.setup
        state = self.game.new_deal(self.players, self.options, setup.dealer, hands=setup.hands, stock=setup.stock)
        for seat, action in deal.actions:
            state.apply(seat, action)
        return state

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


def _reason(why: object, limit: int = 200) -> str:
    """An error's reason for a one-line message: shown safely and cut (it may quote hostile input)."""
    text = shown(" ".join(str(why).split()))
    return text if len(text) <= limit else text[:limit] + "…"


def _why(error: BaseException) -> Message:
    """An error's reason as a message: the error's own message, else its English text shown safely and cut."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Message) else Message(_reason(error))


def _json_text(value: object) -> str:
    """A value read from a record as its JSON is written (``null``, ``2``, ``"x"``), shown safely and cut."""
    if isinstance(value, str):
        return quoted(value, 30)
    return quoted(json.dumps(value, ensure_ascii=False), 30, mark="")


def seed_refusal(seed: object) -> Message | None:
    """Why a seed read from a file is not one ``--seed`` takes (a whole number from 0 to ``LARGEST_SEED``,
    not ``true``), in the words the home screen uses; None for a seed that is."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= LARGEST_SEED:
        return None
    return msg("the seed must be a whole number from 0 to {largest}, written with 0-9 ({seed} is not)",
               largest=LARGEST_SEED, seed=_json_text(seed))


def _refused(where: Message, reason: Message) -> RecordError:
    """The record's problem at ``where`` (a deal, an action, a key), in one line: ``deal 0: a card is dealt twice``."""
    return RecordError(msg_p("where a record is wrong, and why", "{where}: {reason}", where=where, reason=reason))


def _deal(index: int, key: str | None = None) -> Message:
    """A deal of the record, or one of its keys: ``deal 2``, ``deal 2, key "hands"``."""
    if key is None:
        return msg("deal {index}", index=index)
    return msg('deal {index}, key "{name}"', index=index, name=key)


def _key(key: str) -> Message:
    """A key of the record: ``key "seats"``."""
    return msg('key "{name}"', name=key)


def _cards(raw: object, where: Message) -> list[Card]:
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        # TRANSLATORS: {example} is record notation, ["AS", "TH"], shown as it is
        raise _refused(where, msg("expected a list of cards like {example}", example=CARDS_EXAMPLE))
    try:
        return [parse_card(c) for c in raw]
    except CardError as exc:
        raise _refused(where, _why(exc)) from None


_SEAT_NUMBER = re.compile(r"[0-9]{1,3}")


def parse_action_line(game: Game, text: str, players: int) -> tuple[int, Action]:
    """``"2 play KH"`` into seat 2 and the action; ``ActionSyntaxError`` when malformed.

    Numbers are ASCII digits only: ``"² pass"`` or an Arabic-Indic ``"١ pass"`` is malformed, not seat 1.
    """
    if not text.isascii() and any(char.isdigit() and not char.isascii() for char in text):
        raise ActionSyntaxError(msg("numbers are written with the digits 0-9 only"))
    seat_text, _, rest = text.strip().partition(" ")
    if not _SEAT_NUMBER.fullmatch(seat_text):
        raise ActionSyntaxError(msg("an action starts with the seat number"))
    seat = int(seat_text)
    if seat >= players:
        raise ActionSyntaxError(msg("there is no seat {seat} with {players} players", seat=seat, players=players))
    return seat, game.parse_action(rest.strip())


def replay(record: Mapping[str, object], find_game: Callable[[str], Game]) -> Replay:
    """Replay a whole record, checking every rule; ``RecordError`` on the first problem."""
    if "format" not in record:
        raise _refused(_key("format"), msg('missing: a record begins with "format": "{expected}"', expected=FORMAT))
    if record["format"] != FORMAT:
        raise _refused(_key("format"), msg('expected "{expected}", got {found}', expected=FORMAT,
                                          found=_json_text(record["format"])))
    name = record.get("game")
    if not isinstance(name, str):
        raise _refused(_key("game"), msg("missing or not a string"))
    try:
        game = find_game(name)
    except CardsuiteError as exc:
        raise _refused(_key("game"), _why(exc)) from None
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise _refused(_key("players"), msg("missing or not a whole number"))
    if players not in game.info.players:
        raise _refused(_key("players"), msg("{game} is for {counts} players, not {players}",
                                            game=Message(game.info.title), players=players,
                                            counts=", ".join(map(str, game.info.players))))
    raw_options = record.get("options", {})
    if not isinstance(raw_options, dict):
        raise _refused(_key("options"), msg("expected an object"))
    try:
        check_json_types(game.info.options, raw_options)  # a record writes 3, not "3"; true, not 1
        options = game.resolve_options(raw_options, players)
    except CardsuiteError as exc:
        raise _refused(_key("options"), _why(exc)) from None
    seats = _seats(record.get("seats", []))
    raw_deals = record.get("deals")
    if not isinstance(raw_deals, list):
        raise _refused(_key("deals"), msg("expected a list of deals"))

    deals: list[ReplayedDeal] = []
    results: list[DealResult] = []
    totals: tuple[Score, ...] = (0,) * players
    played = 0
    for index, raw in enumerate(raw_deals):
        if deals:
            progress = MatchProgress(players, options, DealsSoFar(results), totals, played)
            _check_next_deal(game, index, deals[-1], raw, progress)
        deal = _replay_deal(game, players, options, index, raw)
        deals.append(deal)
        totals = tuple([t + s for t, s in zip(totals, deal.scores, strict=True)])
        if deal.complete:
            results.append(DealResult(deal.scores, deal.summary))
            played += not deal.summary.redeal
    complete = bool(deals) and deals[-1].complete
    complete = complete and game.match_over(MatchProgress(players, options, DealsSoFar(results), totals, played))
    return Replay(game, players, options, tuple(deals), totals, complete, seats)


SEAT_TEXT_LIMIT = 40
"""The longest ``kind`` or ``level`` of a seat (``hard:2000ms``, ``hard:100000`` are far shorter)."""


def _seats(raw: object) -> tuple[Mapping[str, object], ...]:
    """The record's ``seats``: objects whose ``name`` is text of at most ``NAME_LIMIT`` characters (the longest
    a person may give, here and online) and whose ``kind`` and ``level`` are short text, where given. A blank
    name is dropped; seats past the list's end (or past ``players``) are for the readers to name or ignore."""
    if not isinstance(raw, list):
        raise _refused(_key("seats"), msg('expected a list of seats like {example}', example=SEAT_EXAMPLE))
    for index, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise _refused(_seat(index), msg("expected an object like {example}", example=SEAT_EXAMPLE))
        name = seat.get("name", "")
        if not isinstance(name, str):
            raise _refused(_seat(index), msg("the name is not text"))
        if len(name) > NAME_LIMIT:
            raise _refused(_seat(index), msg("the name {name} is longer than {limit} characters",
                                                name=quoted(name, 30), limit=NAME_LIMIT))
        for key in ("kind", "level"):
            value = seat.get(key, "")
            if not isinstance(value, str) or len(value) > SEAT_TEXT_LIMIT:
                raise _refused(_seat(index), msg("the {field} is not text of at most {limit} characters",
                                                    field=key, limit=SEAT_TEXT_LIMIT))
    return tuple([seat if str(seat.get("name", "x")).strip() else _unnamed(seat) for seat in raw])


def _unnamed(seat: Mapping[str, object]) -> dict[str, object]:
    """A seat whose name is empty as one that gives none, so that it is shown by its default name (``Seat 0``)."""
    return {key: value for key, value in seat.items() if key != "name"}


SEAT_EXAMPLE = '{"name": "Ann", "kind": "human"}'
"""A seat of a record, as the refusals of a malformed one show it."""


def _seat(index: int) -> Message:
    """A seat of the record's ``seats``: ``key "seats": seat 2``."""
    return msg('key "seats": seat {index}', index=index)


def _check_next_deal(game: Game, index: int, previous: ReplayedDeal, raw: object, progress: MatchProgress) -> None:
    """A deal may follow only a finished deal of a match that is not over, dealt by the next dealer."""
    if not previous.complete:
        raise _refused(_deal(index), msg("deal {previous} is unfinished but more deals follow", previous=index - 1))
    if game.match_over(progress):
        raise _refused(_deal(index), msg("illegal: the match was over after deal {previous}", previous=index - 1))
    if game.info.uses_dealer and isinstance(raw, dict):
        expected = game.next_dealer(previous.setup.dealer, progress.players)
        dealer = raw.get("dealer")
        if isinstance(dealer, int) and not isinstance(dealer, bool) and dealer != expected:
            assert expected is not None and previous.setup.dealer is not None  # a game that uses a dealer
            raise _refused(_deal(index, "dealer"), msg("illegal: {expected} deals after {previous}, not {dealer}",
                                                         expected=SeatRef(expected),
                                                         previous=SeatRef(previous.setup.dealer),
                                                         dealer=SeatRef(dealer)))


def _action(index: int, number: int, text: str) -> Message:
    """An action of a deal, quoted: ``deal 0, action 5 "2 play KH"``."""
    return msg("deal {index}, action {number} {action}", index=index, number=number, action=quoted(text))


def _replay_deal(game: Game, players: int, options: Options, index: int, raw: object) -> ReplayedDeal:
    where = _deal(index)
    if not isinstance(raw, dict):
        raise _refused(where, msg("expected an object"))
    dealer = raw.get("dealer")
    if game.info.uses_dealer:
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise _refused(_deal(index, "dealer"), msg("expected a seat number 0..{last}", last=players - 1))
    elif "dealer" in raw:
        raise _refused(_deal(index, "dealer"), msg("{game} deals have no dealer", game=Message(game.info.title)))
    else:
        dealer = None
    if "seed" in raw and ("hands" in raw or "stock" in raw):
        raise _refused(_deal(index, "seed"), msg('a deal gives either "seed" or "hands"/"stock", not both'))
    try:
        if "seed" not in raw:
            hands: Sequence[Sequence[Card]] | None = None
            if "hands" in raw:
                raw_hands = raw["hands"]
                if not isinstance(raw_hands, list):
                    raise _refused(_deal(index, "hands"), msg("expected one list of cards per seat"))
                hands = [_cards(h, _deal(index, "hands")) for h in raw_hands]
            stock = _cards(raw.get("stock", []), _deal(index, "stock"))
            state = game.new_deal(players, options, dealer, hands=hands, stock=stock)
        else:
            seed = raw["seed"]
            problem = seed_refusal(seed)
            if problem is not None:
                raise _refused(_deal(index, "seed"), problem)
            state = game.new_deal(players, options, dealer, rng=random.Random(seed))
    except InvalidDeal as exc:
        raise _refused(where if exc.key is None else _deal(index, exc.key), _why(exc)) from None

    raw_actions = raw.get("actions", [])
    if not isinstance(raw_actions, list):
        raise _refused(_deal(index, "actions"), msg("expected a list of strings"))
    actions: list[tuple[int, Action]] = []
    for number, text in enumerate(raw_actions):
        if not isinstance(text, str):
            raise _refused(msg("deal {index}, action {number}", index=index, number=number), msg("expected a string"))
        try:
            seat, action = parse_action_line(game, text, players)
        except (ActionSyntaxError, CardError) as exc:  # the action is quoted once, in front: its why alone after
            why = exc.why if isinstance(exc, ActionSyntaxError) and exc.why else _why(exc)
            why = why if isinstance(why, Message) else Message(_reason(why))
            raise _refused(_action(index, number, text), msg("malformed: {reason}", reason=why)) from None
        if state.is_over:
            raise _refused(_action(index, number, text), msg("illegal: the deal is already over"))
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise _refused(_action(index, number, text), msg("illegal: {reason}", reason=_why(exc))) from None
        actions.append((seat, action))
    complete = state.is_over
    scores = state.scores()
    return ReplayedDeal(state.setup(), tuple(actions), state.events(), scores, state.summary(), complete)
