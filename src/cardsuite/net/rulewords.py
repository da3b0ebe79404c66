"""An ``illegal`` action's reason as words on the wire: the game's own refusal, and the words a client takes back.

A rule's or the notation's refusal is a ``Message`` of the game or the core (``{seat} does not hold {card}``,
``a bid must beat {bid}``, ``malformed action {action}: {why}``). The server sends it beside the English line as
``words``: ``{"key", "params", "plural"?, "context"?}`` (docs/protocol.md), each parameter a whole number,
short printable text, ``{"seat": n}``, ``{"card": n}``, ``{"cards": [n, ...]}``, ``{"suit": n}``,
``{"rank": n}`` or ``{"message": words}`` (a bid, a verb's form, the parser's reason), at most ``MAX_DEPTH``
messages deep. The server is hostile input to the client: ``read_rule_words`` takes words only when every key,
with its plural and context, is one of ``TEMPLATES`` (the refusal templates of the core and the built-in games,
and the words nested in them), each with exactly its template's fields, every value in range; anything else
is ``None`` and the client reads the English line (``refusals.read_reason``). A template is never taken from
the wire: the key only picks one of ours.

A reason given as English text (a rule not yet made a message) travels without words, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ..core.message import CardRef, CardsRef, Message, RankRef, SeatRef, SuitRef
from ..core.verbs import Phase
from ..games.gops.faces import PLAY_VERB
from ..games.nap.bidding import BID_WORDS as NAP_BIDS
from ..games.nap.rules import PHASES as NAP_PHASES
from ..games.napas.bidding import bid_words as napas_bid
from ..games.napas.rules import PHASES as NAPAS_PHASES
from ..games.napoleon.actions import bid_words as napoleon_bid
from ..games.napoleon.rules import PHASES as NAPOLEON_PHASES
from ..naming import requoted
from .refusals import MAX_PARAM, NOT_AN_ACTION, fields_of

MAX_DEPTH: Final = 4
"""Messages nested in an ``illegal`` reason's words (``not an action: malformed action …: not a card …``)."""
MAX_CARDS: Final = 53
"""Cards in one ``cards`` value."""
MAX_SEAT: Final = 15
"""The highest seat number a value may name."""
MAX_WHOLE: Final = 10**6
"""A whole-number value lies strictly between minus and plus this."""

Template = tuple[str, str | None, str | None]
"""A message's identity in the catalogs: its key (English singular), its plural and its context."""

_RULES: Final = (
    # the core: turns, verbs, exchanges, simultaneous choices, the action parser, the card parser
    "the deal is over", "it is {seat}'s turn, not {other}'s", "nothing may be done in the {phase} phase",
    "expected {usage}, not {action}", "a seat is a whole number, not {seat}", "{action} is not an action",
    "malformed action {action}: the verb is not a word", "malformed action {action}: {why}",
    "it is not {seat}'s turn to exchange", "{seat} does not hold {card}", "{seat} does not hold {cards} and {last}",
    "this exchange is not allowed now", "{seat} has already chosen", "{seat} does not choose now",
    "not a suit: {said} (use S, H, D or C)", "not a rank: {said} (use 2-9, T, J, Q, K or A)", "not a card: {said}",
    "not a card: {said} (write rank then suit, like AS, TH or JK)", "a card is listed twice",
    # Napoleon
    "a bid must beat {bid}", "there is no joker in play", "only a joker lead names a suit",
    "a joker lead must name a suit: play {joker} S, H, D or C", "a bid is bid <n> <suit>, like bid 13 H",
    "a bid counts 1..{top} honours, not {n}", "a card is discarded twice",
    "only a joker lead names a suit (play {joker} H)",
    "expected pass, bid <n> <suit>, adjutant <card>, discard <cards>, play <card> or play {joker} <suit>",
    # Nap
    "the dealer must bid when all the others have passed", "misère is not allowed by the options",
    "{bid} is off in this game (option above_nap is {allowed})", "Wellington may be bid only after nap",
    "Blücher may be bid only after Wellington", "{bid} is below the lowest bid allowed",
    "unknown bid {said} (1, 2, 3, 4, misere, nap, wellington, blucher)", "Nap has no joker",
    "expected pass, bid <b> or play <card>",
    # Napas
    "a bid must outrank {bid} (the ladder is 1 < 2 < 3 < 0 < 4 < 5)", "unknown bid {said} (1, 2, 3, 0, 4 or 5)",
    "Napas has no joker", "expected pass, bid <n>, trump <suit>, exchange <cards...> or play <card>",
    # GOPS
    "{seat} has no {rank} left", "{seat} must play a card by its rank (play K), not {action}",
    "there is no seat {seat}", "the game is over", "{seat} has already chosen a card for this prize",
    "expected play <rank>, like play K or play 10", "not a rank: {said} (use A, 2-9, T or 10, J, Q or K; no suit)",
    # the server's own
    NOT_AN_ACTION,
)
"""The rule and notation refusals of the core and the built-in games that are messages without a plural."""

_COUNTED: Final = (("the lowest bid is {n} honour", "the lowest bid is {n} honours"),)
"""Those with a plural."""


def _identity(message: Message) -> Template:
    return message.key, message.plural, message.context


def _phase_words(phases: Iterable[Phase]) -> set[Template]:
    """What a game's phases say: each phase's ``expect`` and each verb's form, where they are messages."""
    found: set[Template] = set()
    for phase in phases:
        if isinstance(phase.expect, Message):
            found.add(_identity(phase.expect))
        for verb, _ in phase.moves.values():
            if isinstance(verb.usage, Message):
                found.add(_identity(verb.usage))
    return found


def _templates() -> frozenset[Template]:
    found: set[Template] = {(key, None, None) for key in _RULES}
    found |= {(one, many, None) for one, many in _COUNTED}
    found |= _phase_words([*NAP_PHASES.values(), *NAPAS_PHASES.values(),
                           *(phase for phases in NAPOLEON_PHASES.values() for phase in phases.values())])
    if isinstance(PLAY_VERB.usage, Message):
        found.add(_identity(PLAY_VERB.usage))
    found |= {_identity(words) for words in NAP_BIDS.values()}
    found |= {_identity(napas_bid("0")), _identity(napas_bid("2")), _identity(napoleon_bid(13, 1))}
    return frozenset(found)


TEMPLATES: Final = _templates()
"""Every message a client takes in an ``illegal`` reason's words: refusals, and the bids and forms inside them."""

FIELDS: Final = {template: fields_of(template[0]) | fields_of(template[1] or "") | ({"n"} if template[1] else set())
                 for template in TEMPLATES}
"""Each template's placeholders (a counted one's ``n`` among them): its words carry exactly these values."""

_REFS: Final = {"seat": (SeatRef, range(MAX_SEAT + 1)), "card": (CardRef, range(53)),
                "suit": (SuitRef, range(4)), "rank": (RankRef, range(2, 15))}


def _whole(value: object, allowed: range | None = None) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return value in allowed if allowed is not None else -MAX_WHOLE < value < MAX_WHOLE


def encode_rule_words(message: Message) -> dict[str, Any] | None:
    """A rule's refusal as words for the wire; ``None`` when a client would not take them (a template not among
    ``TEMPLATES``, a value out of range, a kind of value the wire does not carry): the English line goes alone."""
    words = _encode(message, 0)
    return words if words is not None and read_rule_words(words) == _requoted(message) else None


def _encode(message: Message, depth: int) -> dict[str, Any] | None:
    if depth >= MAX_DEPTH:
        return None
    params: dict[str, Any] = {}
    for name, value in message.params:
        if isinstance(value, Message):
            inner = _encode(value, depth + 1)
            if inner is None:
                return None
            params[name] = {"message": inner}
        elif isinstance(value, CardsRef):
            params[name] = {"cards": list(value.cards)}
        elif isinstance(value, SeatRef | CardRef | SuitRef | RankRef):
            tag = next(tag for tag, (kind, _) in _REFS.items() if isinstance(value, kind))
            params[name] = {tag: getattr(value, tag)}
        elif isinstance(value, int | str) and not isinstance(value, bool):
            params[name] = str(value) if isinstance(value, str) else value
        else:
            return None
    words: dict[str, Any] = {"key": message.key, "params": params}
    if message.plural is not None:
        words["plural"] = message.plural
    if message.context is not None:
        words["context"] = message.context
    return words


def read_rule_words(data: object, depth: int = 0) -> Message | None:
    """A server's words of an ``illegal`` reason as the message they name, or ``None`` when they are not exactly
    one of ours (see the module's docstring)."""
    if depth >= MAX_DEPTH or not isinstance(data, Mapping) or set(data) - {"key", "params", "plural", "context"}:
        return None
    key, plural, context, params = data.get("key"), data.get("plural"), data.get("context"), data.get("params", {})
    if not isinstance(key, str) or not all(part is None or isinstance(part, str) for part in (plural, context)):
        return None
    template = (key, plural, context)
    if template not in FIELDS or not isinstance(params, Mapping) or set(params) != FIELDS[template]:
        return None
    values = []
    for name, value in sorted(params.items()):
        read = _value(value, depth)
        if read is None:
            return None
        values.append((name, read))
    return Message(key, tuple(values), plural, context)


def _value(value: object, depth: int) -> Any:
    """One parameter as the message holds it, or ``None`` when it is not a value the words may carry."""
    if isinstance(value, str):
        return requoted(value) if len(value) <= MAX_PARAM and value.isprintable() else None
    if isinstance(value, int):
        return value if _whole(value) else None
    if not isinstance(value, Mapping) or len(value) != 1:
        return None
    (tag, inner), = value.items()
    if tag == "message":
        return read_rule_words(inner, depth + 1)
    if tag == "cards":
        fits = isinstance(inner, list) and 0 < len(inner) <= MAX_CARDS and all(_whole(c, range(53)) for c in inner)
        return CardsRef(tuple(inner)) if fits else None
    if tag in _REFS:
        kind, allowed = _REFS[tag]
        return kind(inner) if _whole(inner, allowed) else None
    return None


def _requoted(message: Message) -> Message:
    """``message`` as a client reads it back: its parameters in order, each text as ``requoted`` gives it."""
    values = []
    for name, value in sorted(message.params):
        if isinstance(value, Message):
            value = _requoted(value)
        elif isinstance(value, str):
            value = requoted(value)
        values.append((name, value))
    return Message(message.key, tuple(values), message.plural, message.context)
