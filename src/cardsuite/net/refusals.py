"""Every refusal a server sends, as words both sides know, and those words on the wire both ways.

A server refuses with a ``Message`` of one of these templates; the ``error`` carries its English line
(``message``) and, beside it, ``words``: ``{"key": template, "params": {name: value}}`` (docs/protocol.md).
A client shows the words in its reader's language. The server is hostile input to the client:
``read_words`` takes them only when the key is one of ``REFUSALS`` and the values are short text or whole
numbers, exactly the template's fields; anything else is ``None`` and the client shows the English line.
A template is never taken from the wire: the key only picks one of ours. The templates are the catalogs'
message ids; those of a game, its options and its CPU levels are the core's own, as the command line says them.
A ``{game}`` travels as the game's English title; a client shows its own game of that title in its reader's
language (``read_words``). An ``illegal`` action's reason is the game's own message, sent as its words where
``rulewords`` can carry them (a client takes them back with ``rulewords.read_rule_words``); a reason without
such words is English text, which a client reads as the local table does (``read_reason``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any, Final

from ..bots.base import NO_LEVEL
from ..core import options
from ..core.game import PLAYER_COUNT
from ..core.message import N_, Message
from ..core.registry import NO_GAME, all_games
from ..i18n.reasons import words_of
from ..naming import requoted
from .identity import BAD_KEY
from .names import CPU_NAME, EMPTY

MAX_PARAM: Final = 100
"""Characters in one text value of a refusal's words (a name is at most 24)."""
MAX_NUMBER: Final = 2**63
"""A whole-number value of a refusal's words lies strictly between minus and plus this."""
MAX_REASON: Final = 300
"""Characters in an ``illegal`` action's reason that a client reads in its reader's language (longer: English)."""
GAME: Final = "game"
"""The placeholder that names a game: its value is the game's title, in English on the wire."""

# -- a request that is not one ----------------------------------------------------------------------
# TRANSLATORS: {name} is the field of the protocol message (name, code, seed ...), shown as it is
NOT_TEXT: Final = N_("{name} must be text")
# TRANSLATORS: {name} is the field of the protocol message (name, code, seed ...), shown as it is
TOO_LONG: Final = N_("{name} is longer than {limit} characters")
# TRANSLATORS: {name} is the field of the protocol message (players, seed ...), shown as it is
NOT_WHOLE: Final = N_("{name} must be a whole number from {low} to {high}")
# TRANSLATORS: {name} is the field of the protocol message (public, rated ...), shown as it is
NOT_FLAG: Final = N_("{name} must be true or false")
NOT_A_CODE: Final = N_("that is not a join code: a code is six of the letters A-Z and digits 2-9, without I or O")
TOO_MANY_OPTIONS: Final = N_("options must be an object of at most {n} keys")
# TRANSLATORS: {option} is the option's key as sent, in quotes ('deck')
BAD_OPTION: Final = N_("option {option} must be a number, true/false or a short word")
BAD_LANGUAGE: Final = N_("language is a short language tag like en, ja or lt")
BAD_TOKEN: Final = N_("that seat token is not valid here")
WATCHER_TOKEN: Final = N_("a watcher holds no token")
BAD_ACTION: Final = N_("an action is printable record text like \"play KH\"")
# TRANSLATORS: {reason} is why the game cannot read the action as one of its own
NOT_AN_ACTION: Final = N_("not an action: {reason}")
NOT_TEXT_FRAME: Final = N_("send JSON in text frames")
TOO_BIG: Final = N_("a message is at most {n} bytes")
NOT_JSON: Final = N_("not a JSON object")
TOO_DEEP: Final = N_("the message is nested too deeply to read")
VERSION: Final = N_("this server speaks protocol version {version}")
# TRANSLATORS: {known} lists the protocol's message types (create, join ...), shown as they are
UNKNOWN_TYPE: Final = N_("unknown message type; known: {known}")
# TRANSLATORS: {kind} is a protocol message type (join), {fields} the fields it does not take
EXTRA_FIELDS: Final = N_("{kind} does not take {fields}")

# -- the server's limits ----------------------------------------------------------------------------
RATE: Final = N_("too many messages: slow down")
CONNECTIONS_FULL: Final = N_("this server has as many connections as it can take: try again in a few minutes")
ADDRESS_CONNECTIONS: Final = N_("your address already has {n} connections to this server: close one first")
BUSY: Final = N_("this server holds as many tables as it can: try again later")
ADDRESS_TABLES: Final = N_("your address already has {n} open tables here: finish or leave one first")
CREATES_PER_HOUR: Final = N_("your address may create {n} tables an hour here: try again later")
PAUSED: Final = N_("too many wrong join codes or tokens from your address: try again in {seconds} s")
SERVER_FAILED: Final = N_("the server could not do that")
NOT_SAVED: Final = N_("the server could not save that action; try again")
ELSEWHERE: Final = N_("this table is served at {url}: connect there and ask again")

# -- tables and seats -------------------------------------------------------------------------------
HOLDS_SEAT: Final = N_("this connection already holds a seat or watches: open another one")
RATED_NEEDS_STORE: Final = N_("rated tables need a server on a shared store (serve --store)")
NO_TABLE: Final = N_("no table {code} at this server (it may have ended)")
TABLE_CLOSED: Final = N_("that table has closed")
NOT_SEATED: Final = N_("sit at a table first (create, join or resume)")
WATCHER_ONLY: Final = N_("a watcher only watches: leave, then join with a name to sit down")
NOT_AT_TABLE: Final = N_("sit at a table or watch one first")
NOT_HOST: Final = N_("only the host (seat 0) starts the match")
CPU_PLAYS: Final = N_("the CPU plays your seat now: take it back first")
FROM_NEXT_DEAL: Final = N_("you sat down during this deal: the CPU finishes it, and you play from the next deal "
                           "if the match goes on")
NO_LEADERBOARD: Final = N_("this server keeps no leaderboard (rated play needs serve --store)")
BOARD_GAME: Final = N_("board needs the game")
SEED_PRACTICE: Final = N_("a table whose seed is chosen is a practice table: it is never rated")
RATED_IDENTITY: Final = N_("a rated table needs your player identity (cardsuite makes one for you)")
SIT_WITH_IDENTITY: Final = N_("this table is rated: sit down with your player identity")
IDENTITY_SEATED: Final = N_("your identity already holds a seat at this table")
NAME_TAKEN: Final = N_("someone called {name} already sits at this table")
FULL: Final = N_("every seat at this table is taken: join with --watch to watch")
TOKEN_ELSEWHERE: Final = N_("that seat token does not hold a seat at this table")
STARTED: Final = N_("the match has already started")
NOT_STARTED: Final = N_("the match has not started")
MATCH_OVER: Final = N_("the match is over")
THIS_MATCH_OVER: Final = N_("this match is over")
DEALING: Final = N_("the deal is over: the next one is being dealt")
REMATCH_LATER: Final = N_("a rematch is offered once the match is over")
REMATCH_STARTED: Final = N_("the rematch has started: table {code}")
LEASE_LOST: Final = N_("table {code} is no longer served here: reconnect and resume")

# -- why a table closed (its ``table`` message's ``closed_why``) --------------------------------------
HOST_LEFT: Final = N_("The host left before the match started: this table has closed.")
HOST_AWAY: Final = N_("The host did not come back before the match started: this table has closed.")

# -- a new table's game, options and CPU level: the core's own words --------------------------------
GAME_REFUSALS: Final = frozenset({
    NO_GAME, PLAYER_COUNT, NO_LEVEL, options.NOT_ONE_OF, options.BELOW_MINIMUM, options.ABOVE_MAXIMUM,
    options.NOT_TRUE_OR_FALSE, options.NOT_WHOLE, options.UNKNOWN_NONE, options.UNKNOWN, options.FOR_PLAYERS_ONLY,
})

REFUSALS: Final = frozenset({
    NOT_TEXT, TOO_LONG, NOT_WHOLE, NOT_FLAG, NOT_A_CODE, TOO_MANY_OPTIONS, BAD_OPTION, BAD_LANGUAGE, BAD_TOKEN,
    WATCHER_TOKEN, BAD_ACTION, NOT_TEXT_FRAME, TOO_BIG, NOT_JSON, TOO_DEEP, VERSION, UNKNOWN_TYPE, EXTRA_FIELDS,
    EMPTY, CPU_NAME, RATE, CONNECTIONS_FULL, ADDRESS_CONNECTIONS, BUSY, ADDRESS_TABLES, CREATES_PER_HOUR, PAUSED,
    SERVER_FAILED, NOT_SAVED, ELSEWHERE, HOLDS_SEAT, RATED_NEEDS_STORE, NO_TABLE, TABLE_CLOSED, NOT_SEATED,
    WATCHER_ONLY, NOT_AT_TABLE, NOT_HOST, CPU_PLAYS, FROM_NEXT_DEAL, NO_LEADERBOARD, BOARD_GAME, SEED_PRACTICE,
    RATED_IDENTITY, SIT_WITH_IDENTITY, IDENTITY_SEATED, NAME_TAKEN, FULL, TOKEN_ELSEWHERE, STARTED, NOT_STARTED,
    MATCH_OVER, THIS_MATCH_OVER, DEALING, REMATCH_LATER, REMATCH_STARTED, LEASE_LOST, BAD_KEY, HOST_LEFT, HOST_AWAY,
    *GAME_REFUSALS,
})
"""Every refusal (and closing notice) template a client knows: the only keys it takes from a server's ``words``."""


def fields_of(template: str) -> frozenset[str]:
    """The placeholders of a template (each a plain name): ours, or a translation of one."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


FIELDS: Final = {template: fields_of(template) for template in REFUSALS}
"""Each refusal template's placeholders: a refusal's words carry exactly these values."""


def _value_fits(value: object) -> bool:
    """A value a refusal's words may carry: short printable text, or a whole number of bounded size."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return -MAX_NUMBER < value < MAX_NUMBER
    return isinstance(value, str) and len(value) <= MAX_PARAM and value.isprintable()


def _checked(key: object, params: object) -> Message | None:
    """The refusal ``key`` with ``params``, when they are one of ours with exactly its fields, each value fitting."""
    if not isinstance(key, str) or key not in FIELDS or not isinstance(params, Mapping):
        return None
    if set(params) != FIELDS[key] or not all(_value_fits(v) for v in params.values()):
        return None
    return Message(key, tuple(sorted(params.items())))


def _sent(name: str, value: object) -> object:
    """A value as the wire carries it: a game's title (a message of no values) as its English words."""
    if name == GAME and isinstance(value, Message) and not value.params and value.plural is None \
            and value.context is None:
        return value.key
    return value


def encode_words(message: Message) -> dict[str, Any] | None:
    """A refusal's words for the wire; ``None`` when it is not one of ``REFUSALS`` or a value does not fit
    (the client would not take them: the English line alone goes)."""
    if message.plural is not None or message.context is not None:
        return None
    checked = _checked(message.key, {name: _sent(name, value) for name, value in message.params})
    if checked is None or len(checked.params) != len(message.params):
        return None
    return {"key": checked.key, "params": dict(checked.params)}


def read_words(data: object) -> Message | None:
    """A server's ``words`` as the refusal they name, or ``None`` when they are not exactly one of ours."""
    if not isinstance(data, Mapping) or set(data) - {"key", "params"}:
        return None
    checked = _checked(data.get("key"), data.get("params", {}))
    if checked is None:
        return None
    return _titled(Message(checked.key, tuple((name, requoted(value) if isinstance(value, str) else value)
                                              for name, value in checked.params)))


def _titled(message: Message) -> Message:
    """``message`` with its ``{game}`` the title of the installed game of that English title, to be said in the
    reader's language; a title no installed game has stays the text it came as."""
    title = dict(message.params).get(GAME)
    if not isinstance(title, str) or title not in {game.info.title for game in all_games()}:
        return message
    return Message(message.key, tuple((name, Message(title) if name == GAME else value)
                                      for name, value in message.params))


def read_reason(line: object) -> Message | None:
    """An ``illegal`` refusal's English line as the local table reads a rule's reason (``words_of``): a sentence
    of the rules it knows in its own words, any other with its seats and cards as such; ``None`` for anything
    but short printable text."""
    if not isinstance(line, str) or not 0 < len(line) <= MAX_REASON or not line.isprintable():
        return None
    return words_of(line)
