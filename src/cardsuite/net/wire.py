"""Contract values as JSON and back, losslessly: a ``View`` decoded on a client equals the server's.

The encoding is plain JSON for the common shapes (a tuple is an array, a dict with string keys an
object) and a one-key tagged object for the rest: ``{"$set": [...]}`` (frozenset), ``{"$list": [...]}``,
``{"$map": [[key, value], ...]}`` (a dict whose keys are not all strings), ``{"$frac": [n, d]}``
(a Fraction). Cards are the core's ints (``suit * 13 + rank - 2``, the joker 52); actions also carry
their record text. Decoding never recurses deeper than ``MAX_DEPTH`` levels: deeper input is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core.game import Action, Event, SeatInfo, View
from ..core.message import CardRef, CardsRef, Message, ParamValue, RankRef, SeatRef, SuitRef

MAX_DEPTH = 16

Json = Any


class WireError(ValueError):
    """A value that cannot cross the wire, or wire data that is not a valid encoding."""


def encode_value(value: object, depth: int = 0) -> Json:
    """A contract value (view tables, facts, event data) as JSON-ready data."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if depth > MAX_DEPTH:
        raise WireError("value nested too deeply")
    if kind is tuple:
        items: tuple[object, ...] = value  # type: ignore[assignment]
        if all(type(v) is int for v in items):
            return list(items)
        return [encode_value(v, depth + 1) for v in items]
    if kind is dict:
        mapping: dict[object, object] = value  # type: ignore[assignment]
        if all(type(k) is str and not k.startswith("$") for k in mapping):
            return {k: encode_value(v, depth + 1) for k, v in mapping.items()}
        return {"$map": [[encode_value(k, depth + 1), encode_value(v, depth + 1)] for k, v in mapping.items()]}
    return _encode_other(value, depth)


def _encode_other(value: object, depth: int) -> Json:
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise WireError("not a finite number")
        return value
    if isinstance(value, Fraction):
        return {"$frac": [value.numerator, value.denominator]}
    if isinstance(value, tuple):
        return [encode_value(v, depth + 1) for v in value]
    if isinstance(value, list):
        return {"$list": [encode_value(v, depth + 1) for v in value]}
    if isinstance(value, frozenset | set):
        return {"$set": [encode_value(v, depth + 1) for v in sorted(value, key=_order)]}
    if isinstance(value, Mapping):
        return encode_value(dict(value), depth)
    if isinstance(value, Message):  # a header line in a view's table: words without a language
        return {"$msg": [encode_message(value, depth + 1)]}
    raise WireError(f"cannot send a {type(value).__name__}")


def _order(value: object) -> tuple[str, str]:
    return (type(value).__name__, repr(value))


def decode_value(data: Json, depth: int = 0) -> object:
    """The value ``encode_value`` was given (tuples for arrays, dicts for objects)."""
    if depth > MAX_DEPTH:
        raise WireError("value nested too deeply")
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(decode_value(v, depth + 1) for v in data)
    if isinstance(data, dict):
        if len(data) == 1:
            (key, inner), = data.items()
            if key.startswith("$"):
                return _decode_tagged(key, inner, depth)
        return {str(k): decode_value(v, depth + 1) for k, v in data.items()}
    raise WireError(f"unexpected {type(data).__name__}")


def _decode_tagged(tag: str, inner: Json, depth: int) -> object:
    if not isinstance(inner, list):
        raise WireError(f"{tag} wants an array")
    if tag == "$msg":
        if len(inner) != 1:
            raise WireError("$msg wants [message]")
        return decode_message(inner[0], depth + 1)
    if tag == "$frac":
        if len(inner) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in inner) or not inner[1]:
            raise WireError("$frac wants [numerator, denominator]")
        return Fraction(inner[0], inner[1])
    items = [decode_value(v, depth + 1) for v in inner]
    if tag == "$list":
        return items
    if tag == "$set":
        try:
            return frozenset(items)
        except TypeError:
            raise WireError("$set items must be plain values") from None
    if tag == "$map":
        out: dict[object, object] = {}
        for pair in items:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise WireError("$map wants [key, value] pairs")
            try:
                out[pair[0]] = pair[1]
            except TypeError:
                raise WireError("$map keys must be plain values") from None
        return out
    raise WireError(f"unknown tag {tag}")


def encode_action(action: Action) -> Json:
    """An action: its record text (what a client sends back) and its parts."""
    return {"text": str(action), "verb": action.verb, "args": [encode_value(a) for a in action.args]}


def decode_action(data: Json) -> Action:
    """The action ``encode_action`` was given."""
    if not isinstance(data, dict) or not isinstance(data.get("verb"), str) or not isinstance(data.get("text"), str):
        raise WireError("an action is {text, verb, args}")
    args = decode_value(data.get("args", []), 1)
    if not isinstance(args, tuple) or not all(isinstance(a, int | str) for a in args):
        raise WireError("action args are numbers and words")
    text = data["text"]
    action = Action(data["verb"], args)
    return Action(action.verb, action.args, "" if text == str(action) else text)


_EVENT_FIELDS = ("kind", "seat", "text", "card", "winner", "rule", "scores", "visible_to", "action", "data")


def encode_event(event: Event) -> Json:
    """An event's fields, leaving out those at their default (null, or no data)."""
    out: dict[str, Json] = {"kind": event.kind, "text": event.text}
    for name in _EVENT_FIELDS[2:]:
        value = getattr(event, name)
        if value is not None and value != ():
            out[name] = encode_value(value)
    if event.seat is not None:
        out["seat"] = event.seat
    if event.message is not None:
        out["message"] = encode_message(event.message)
    return out


_REFS: dict[str, type[SeatRef | CardRef | SuitRef | RankRef]] = {"seat": SeatRef, "card": CardRef, "suit": SuitRef,
                                                                   "rank": RankRef}


def encode_message(message: Message, depth: int = 0) -> Json:
    """A message without a language: ``{"key", "params": [[name, value]], "plural"?, "context"?}``.

    A parameter is a number, text, ``{"$frac": [n, d]}``, ``{"seat"|"card"|"suit"|"rank": n}``,
    ``{"cards": [...]}`` or another message (``{"message": {...}}``).
    """
    if depth > MAX_DEPTH:
        raise WireError("message nested too deeply")
    params: list[Json] = []
    for name, value in message.params:
        params.append([name, _encode_param(value, depth)])
    out: dict[str, Json] = {"key": message.key, "params": params}
    if message.plural is not None:
        out["plural"] = message.plural
    if message.context is not None:
        out["context"] = message.context
    return out


def _encode_param(value: ParamValue, depth: int) -> Json:
    if isinstance(value, Message):
        return {"message": encode_message(value, depth + 1)}
    if isinstance(value, CardsRef):
        return {"cards": list(value.cards)}
    if isinstance(value, SeatRef | CardRef | SuitRef | RankRef):
        tag = next(name for name, kind in _REFS.items() if isinstance(value, kind))
        return {tag: getattr(value, tag)}
    return encode_value(value)


def decode_message(data: Json, depth: int = 0) -> Message:
    """The message ``encode_message`` was given; anything else is a ``WireError``."""
    if depth > MAX_DEPTH:
        raise WireError("message nested too deeply")
    if not isinstance(data, dict) or not isinstance(data.get("key"), str) or not isinstance(data.get("params"), list):
        raise WireError("a message is {key, params}")
    plural, context = data.get("plural"), data.get("context")
    if (plural is not None and not isinstance(plural, str)) or (context is not None and not isinstance(context, str)):
        raise WireError("a message's plural and context are text")
    params: list[tuple[str, ParamValue]] = []
    for pair in data["params"]:
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str):
            raise WireError("message params are [name, value] pairs")
        params.append((pair[0], _decode_param(pair[1], depth)))
    return Message(data["key"], tuple(params), plural, context)


def _decode_param(data: Json, depth: int) -> ParamValue:
    if isinstance(data, bool):
        raise WireError("a message parameter is not true or false")
    if isinstance(data, int | str):
        return data
    if isinstance(data, dict) and len(data) == 1:
        (tag, inner), = data.items()
        if tag == "message":
            return decode_message(inner, depth + 1)
        if tag == "cards" and isinstance(inner, list) and all(_whole(c) for c in inner):
            return CardsRef(tuple(inner))
        if tag in _REFS and _whole(inner):
            return _REFS[tag](inner)
        if tag == "$frac":
            value = decode_value(data, depth + 1)
            if isinstance(value, Fraction):
                return value
    raise WireError("a message parameter is a number, text, a reference or a message")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def decode_event(data: Json) -> Event:
    """The event ``encode_event`` was given."""
    if not isinstance(data, dict):
        raise WireError("an event is an object")
    values = {name: decode_value(data.get(name), 1) for name in _EVENT_FIELDS}
    values["data"] = values["data"] or ()
    if not isinstance(values["kind"], str) or not isinstance(values["text"], str):
        raise WireError("an event has a kind and a text")
    for name in ("seat", "card", "winner"):
        if values[name] is not None and not isinstance(values[name], int):
            raise WireError(f"event {name} must be a number")
    for name in ("rule", "action"):
        if values[name] is not None and not isinstance(values[name], str):
            raise WireError(f"event {name} must be text")
    if values["scores"] is not None and not isinstance(values["scores"], tuple):
        raise WireError("event scores must be an array")
    if values["visible_to"] is not None and not isinstance(values["visible_to"], frozenset):
        raise WireError("event visible_to must be a set")
    if not isinstance(values["data"], tuple):
        raise WireError("event data must be an array")
    message = data.get("message")
    values["message"] = None if message is None else decode_message(message)
    return Event(**values)  # type: ignore[arg-type]


def encode_seat(info: SeatInfo) -> Json:
    """What everyone may know about one seat."""
    return {"seat": info.seat, "cards_held": info.cards_held, "tricks": info.tricks, "role": info.role,
            "facts": encode_value(dict(info.facts))}


def decode_seat(data: Json) -> SeatInfo:
    """The seat facts ``encode_seat`` was given."""
    if not isinstance(data, dict):
        raise WireError("a seat is an object")
    seat, held, tricks, role = data.get("seat"), data.get("cards_held"), data.get("tricks", 0), data.get("role")
    facts = decode_value(data.get("facts", {}), 1)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seat, held, tricks)):
        raise WireError("seat, cards_held and tricks are numbers")
    if role is not None and not isinstance(role, str):
        raise WireError("a role is text")
    if not isinstance(facts, dict):
        raise WireError("seat facts are an object")
    return SeatInfo(seat, held, tricks, role, facts)  # type: ignore[arg-type]


def encode_view(view: View, skip: int = 0, options: Json = None) -> Json:
    """A seat's view (or a watcher's) as JSON-ready data; ``legal`` carries each action's text.

    ``skip`` leaves out the first events of the history, which the receiver already has: the data then
    says ``history_from`` and ``decode_view`` needs those events back (``known``). ``options`` is the
    view's options already encoded (they never change during a match: the server encodes them once).
    """
    return {
        "game": view.game,
        "seat": view.seat,
        "players": view.players,
        "phase": view.phase,
        "to_act": sorted(view.to_act),
        "hand": list(view.hand),
        "legal": [encode_action(a) for a in view.legal],
        "history_from": skip,
        "history": [encode_event(e) for e in view.history[skip:]],
        "seats": [encode_seat(s) for s in view.seats],
        "table": encode_value(dict(view.table)),
        "private": encode_value(dict(view.private)),
        "options": options if options is not None else encode_value(dict(view.options)),
        "dealer": view.dealer,
        "is_over": view.is_over,
    }


def decode_view(data: Json, known: tuple[Event, ...] = ()) -> View:
    """The view ``encode_view`` was given: equal to the server's ``View``.

    ``known`` is the history the receiver already holds for this deal; the data's events continue it
    from ``history_from`` (a gap is a ``WireError``: ask for the whole view again).
    """
    if not isinstance(data, dict):
        raise WireError("a view is an object")
    try:
        game, seat, players, phase = data["game"], data["seat"], data["players"], data["phase"]
        to_act, hand, legal = data["to_act"], data["hand"], data["legal"]
        history, seats, dealer, is_over = data["history"], data["seats"], data["dealer"], data["is_over"]
    except KeyError as exc:
        raise WireError(f"a view needs {exc.args[0]}") from None
    if not isinstance(game, str) or not isinstance(phase, str) or not isinstance(is_over, bool):
        raise WireError("a view's game and phase are text, is_over true or false")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seat, players)):
        raise WireError("a view's seat and players are numbers")
    if dealer is not None and not isinstance(dealer, int):
        raise WireError("a view's dealer is a number or null")
    for name, items in (("to_act", to_act), ("hand", hand), ("legal", legal), ("history", history), ("seats", seats)):
        if not isinstance(items, list):
            raise WireError(f"a view's {name} is an array")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (*to_act, *hand)):
        raise WireError("a view's to_act and hand are numbers")
    start = data.get("history_from", 0)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= len(known):
        raise WireError("the view's history does not continue the one held here")
    parts = [decode_value(data.get(name, {}), 1) for name in ("table", "private", "options")]
    if not all(isinstance(p, dict) for p in parts):
        raise WireError("a view's table, private and options are objects")
    table, private, options = parts
    return View(
        game=game, seat=seat, players=players, phase=phase, to_act=frozenset(to_act), hand=tuple(hand),
        legal=tuple(decode_action(a) for a in legal), history=known[:start] + tuple(decode_event(e) for e in history),
        seats=tuple(decode_seat(s) for s in seats), table=table, private=private,  # type: ignore[arg-type]
        options=options, dealer=dealer, is_over=is_over,  # type: ignore[arg-type]
    )
