"""A ``view`` message as JSON text, with the parts every seat shares encoded once per broadcast.

An action is broadcast to every connection of the table, each with its own seat's view; their public parts
(the seats' facts, the table's facts, most history events) are equal. ``ViewText`` encodes each of those
once and splices the text into every seat's message. The text is the one ``protocol.message("view", ...,
by_cpu=..., view=wire.encode_view(...))`` makes, character for character, of what a person is sent of the view
(``personview``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ..core.game import Event, Game, View
from ..core.registry import get_game
from .personview import person_parts
from .protocol import PROTOCOL_VERSION
from .wire import encode_action, encode_event, encode_seat, encode_value

_dumps: Callable[[object], str] = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


class ViewText:
    """The ``view`` messages of one broadcast (one moment of one table); reuse it only for that moment."""

    def __init__(self) -> None:
        self.events: dict[int, tuple[Event, str]] = {}  # id -> (the event, kept alive; its text)
        self.shared: dict[str, list[tuple[object, str]]] = {"seats": [], "table": []}
        self.heads: dict[tuple[object, ...], tuple[str, str, str]] = {}
        self.games: dict[str, Game] = {}

    def _once(self, name: str, value: object, encode: Callable[[object], object]) -> str:
        """The text of ``value``, encoded once for every equal value this broadcast meets."""
        known = self.shared[name]
        for seen, text in known:
            if seen == value:
                return text
        text = _dumps(encode(value))
        known.append((value, text))
        return text

    def _event(self, event: Event) -> str:
        found = self.events.get(id(event))
        if found is not None and found[0] is event:
            return found[1]
        text = _dumps(encode_event(event))
        self.events[id(event)] = (event, text)
        return text

    def _head(self, view: View) -> tuple[str, str, str]:
        """The text around a view's own parts: the same for every seat at one moment."""
        key = (view.game, view.players, view.phase, view.to_act, view.dealer, view.is_over)
        found = self.heads.get(key)
        if found is None:
            found = (f'"view":{{"game":{_dumps(view.game)},"seat":',
                     f',"players":{_dumps(view.players)},"phase":{_dumps(view.phase)},'
                     f'"to_act":{_dumps(sorted(view.to_act))},"hand":',
                     f',"dealer":{_dumps(view.dealer)},"is_over":{_dumps(view.is_over)}}}}}')
            self.heads[key] = found
        return found

    def message(self, deal: int, step: int, timers: dict[str, float], view: View, skip: int,
                options_text: str, by_cpu: Sequence[int] = ()) -> str:
        """The ``view`` message for one connection: what a person is sent of its seat's view (``Game.person_view``),
        its history from ``skip`` on (or from where a shorter one continues), and which of those events the server's
        CPU made (``by_cpu``: every mark of the seat's history, as indices in the whole history)."""
        game = self.games.get(view.game)
        if game is None:
            game = self.games[view.game] = get_game(view.game)
        view, skip, by_cpu = person_parts(game, view, skip, by_cpu)
        seats = self._once("seats", view.seats, _encode_seats)
        table = self._once("table", dict(view.table), encode_value)
        history: Sequence[Event] = view.history[skip:]
        events = ",".join(self._event(e) for e in history)
        legal = _dumps([encode_action(a) for a in view.legal])
        start, middle, end = self._head(view)
        return (
            f'{{"v":{PROTOCOL_VERSION},"type":"view","deal":{deal},"step":{step},"timers":{_dumps(timers)},'
            f'"by_cpu":{_dumps(list(by_cpu))},'
            f'{start}{_dumps(view.seat)}{middle}{_dumps(list(view.hand))},"legal":{legal},"history_from":{skip},'
            f'"history":[{events}],"seats":{seats},"table":{table},'
            f'"private":{_dumps(encode_value(dict(view.private)))},"options":{options_text}{end}'
        )


def options_text(view: View) -> str:
    """A view's options as JSON text (they never change during a match: encoded once per table)."""
    return _dumps(encode_value(dict(view.options)))


def _encode_seats(seats: object) -> object:
    return [encode_seat(s) for s in seats]  # type: ignore[attr-defined]
