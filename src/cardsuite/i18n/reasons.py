"""A rule's English words turned into a message: refusals and reasons made as plain text become words in the
reader's language, with seats by name and cards by name.

Some refusals (``IllegalAction``) and CPU reasons are still English text with record notation in them
(``seat 0 must follow hearts``, ``does not hold KH``, ``the next best, play TS``). ``words_of`` reads the
sentences the rules core and the games use into ``Message``s of the catalogs; any other text keeps its
English, with each ``seat N`` a seat and each card code (``KH``, ``10H``, ``JK``) or card name (``the king
of hearts``) a card, so a reader sees names, never codes.

>>> str(words_of("seat 2 must follow hearts"))
'seat 2 must follow hearts'
>>> words_of("seat 2 must follow hearts").key
'{seat} must follow {suit}'
>>> str(words_of("seat 1 does not hold KH and 10S"))
'seat 1 does not hold the king of hearts and the 10 of spades'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import RANK_NAMES, SUIT_NAMES, read_card
from ..core.message import CardRef, Message, ParamValue, RankRef, SeatRef, SuitRef, msg, msg_n

_SUIT = "|".join(SUIT_NAMES)
_RANK = "|".join(RANK_NAMES)
_CARD_NAME = re.compile(rf"\bthe ({_RANK}) of ({_SUIT})\b|\bthe joker\b")
_CODE = re.compile(r"\b(?:JK|(?:10|[2-9TJQKA])[SHDC])\b")
_SEAT = re.compile(r"\bseat (\d{1,2})\b")
_LEADER = {"the declarer": msg("the declarer"), "the first to exchange": msg("the first to exchange")}


def _suit(name: str) -> SuitRef:
    return SuitRef(SUIT_NAMES.index(name))


def _rule(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace("{seat}", r"seat (\d{1,2})").replace("{suit}", f"({_SUIT})") + "$")


def _card(name: str) -> CardRef:
    """A card from its English name (``the ace of spades``, ``the joker``)."""
    found = _CARD_NAME.fullmatch(name)
    if found is None or found[0] == "the joker":
        return CardRef(52)
    return CardRef(SUIT_NAMES.index(found[2]) * 13 + RANK_NAMES.index(found[1]))


def _turned(key: str) -> re.Pattern[str]:
    """A refusal of an action the moment does not take (``{seat} must bid or pass now, not {action}``), as text."""
    return _rule(re.escape(key).replace(r"\{seat\}", "{seat}").replace(r"\{action\}", "(.+)"))


_TURNED = ("{seat} must bid or pass now, not {action}", "{seat} must bid or pass before play starts, not {action}",
           "{seat} must play a card now, not {action}",
           "{seat} (Napoleon) must name the adjutant's card now, not {action}",
           "{seat} (the declarer) must name trumps now, not {action}",
           '{seat} must exchange now ("exchange" alone keeps the hand), not {action}',
           "{seat} must play a card by its rank (play K), not {action}")
"""The games' refusals of a verb the moment does not take: a server sends them as English text."""

Reading = Callable[[re.Match[str]], Message]
SENTENCES: tuple[tuple[re.Pattern[str], Reading], ...] = (
    *((_turned(key), lambda m, key=key: msg(key, seat=SeatRef(int(m[1])), action=m[2])) for key in _TURNED),
    (_rule(r"{seat} \(Napoleon\) must discard ([23]) cards now, not (.+)"),
     lambda m: msg_n("{seat} (Napoleon) must discard {n} card now, not {action}",
                     "{seat} (Napoleon) must discard {n} cards now, not {action}", int(m[2]), seat=SeatRef(int(m[1])),
                     action=m[3])),
    (re.compile(r"a joker lead must name a suit: play JK S, H, D or C$"),
     lambda m: msg("a joker lead must name a suit: play {joker} S, H, D or C", joker="JK")),
    (_rule(rf"{{seat}} does not hold ({_CARD_NAME.pattern})"),
     lambda m: msg("{seat} does not hold {card}", seat=SeatRef(int(m[1])), card=_card(m[2]))),
    (_rule(f"{{seat}} has no ({_RANK}) left"),
     lambda m: msg("{seat} has no {rank} left", seat=SeatRef(int(m[1])), rank=RankRef(RANK_NAMES.index(m[2]) + 2))),
    (_rule("{seat} has already chosen a card for this prize"),
     lambda m: msg("{seat} has already chosen a card for this prize", seat=SeatRef(int(m[1])))),
    (_rule("it is not {seat}'s turn to exchange"),
     lambda m: msg("it is not {seat}'s turn to exchange", seat=SeatRef(int(m[1])))),
    (_rule(r"the lowest bid is (\d{1,3}) honours?"),
     lambda m: msg_n("the lowest bid is {n} honour", "the lowest bid is {n} honours", int(m[1]))),
    (_rule(r"a bid must outrank ([0-5]) \(the ladder is 1 < 2 < 3 < 0 < 4 < 5\)"),
     lambda m: msg("a bid must outrank {bid} (the ladder is 1 < 2 < 3 < 0 < 4 < 5)", bid=m[1])),
    (_rule("{seat} must follow {suit}"),
     lambda m: msg("{seat} must follow {suit}", seat=SeatRef(int(m[1])), suit=_suit(m[2]))),
    (_rule(r"{seat} must trump \({suit}\) when void in {suit}"),
     lambda m: msg("{seat} must play a trump ({trump}) when out of {led}", seat=SeatRef(int(m[1])),
                   trump=_suit(m[2]), led=_suit(m[3]))),
    (_rule("{seat} must play the joker: the club 3 requests it"),
     lambda m: msg("{seat} must play the joker: the club 3 requests it", seat=SeatRef(int(m[1])))),
    (_rule(r"{seat} may exchange at most (\d+) cards?: no more than (the declarer|the first to exchange) exchanged"),
     lambda m: msg_n("{seat} may exchange at most {n} card: no more than {who} exchanged",
                     "{seat} may exchange at most {n} cards: no more than {who} exchanged", int(m[2]),
                     seat=SeatRef(int(m[1])), who=_LEADER[m[3]])),
    (_rule(r"{seat} may exchange at most (\d+) cards: only (\d+) left in the stock"),
     lambda m: msg_n("{seat} may exchange at most {n} card: only {left} left in the stock",
                     "{seat} may exchange at most {n} cards: only {left} left in the stock", int(m[2]),
                     seat=SeatRef(int(m[1])), left=int(m[3]))),
    (_rule(r"{seat}: the opening lead must be a trump \({suit}\) while the hand holds one"),
     lambda m: msg("{seat} must lead a trump ({suit}) to the first trick while holding one",
                   seat=SeatRef(int(m[1])), suit=_suit(m[2]))),
    (_rule(r"it is {seat}'s turn, not {seat}'s"),
     lambda m: msg("it is {seat}'s turn, not {other}'s", seat=SeatRef(int(m[1])), other=SeatRef(int(m[2])))),
    (_rule("{seat} has already chosen"), lambda m: msg("{seat} has already chosen", seat=SeatRef(int(m[1])))),
    (_rule("{seat} does not choose now"), lambda m: msg("{seat} does not choose now", seat=SeatRef(int(m[1])))),
    (re.compile("the deal is over$"), lambda m: msg("the deal is over")),
    (re.compile("that is not one of your legal actions now$"),
     lambda m: msg("that is not one of your legal actions now")),
)


def words_of(text: str | Message) -> Message:
    """``text`` as a message: a known rule sentence in the catalogs, else its English with seats and cards
    as placeholders (a message stays as it is)."""
    if isinstance(text, Message):
        return text
    text = text.strip()
    for pattern, reading in SENTENCES:
        found = pattern.match(text)
        if found is not None:
            return reading(found)
    return _placeholders(text)


def _placeholders(text: str) -> Message:
    """English text whose seats and cards are placeholders (``{p0}``), so they show as names and card names."""
    params: list[tuple[str, ParamValue]] = []

    def hold(value: ParamValue) -> str:
        name = f"p{len(params)}"
        params.append((name, value))
        return "{" + name + "}"

    def card_name(found: re.Match[str]) -> str:
        if found[0] == "the joker":
            return hold(CardRef(52))
        return hold(CardRef(SUIT_NAMES.index(found[2]) * 13 + RANK_NAMES.index(found[1])))

    def code(found: re.Match[str]) -> str:
        card = read_card(found[0])
        return found[0] if card is None else hold(CardRef(card))

    escaped = text.replace("{", "{{").replace("}", "}}")
    escaped = _SEAT.sub(lambda m: hold(SeatRef(int(m[1]))), escaped)
    escaped = _CARD_NAME.sub(card_name, escaped)
    escaped = _CODE.sub(code, escaped)
    return Message(escaped, tuple(params)) if params else Message(text)


_HIGHEST = ("highest spade", "highest heart", "highest diamond", "highest club")


def trump_aware(message: Message, trump: object) -> Message:
    """``message`` with "highest diamond" said as "highest trump" when diamonds are trumps (a trick led in
    trumps is won by the highest trump, whatever the rule's own words).

    >>> m = msg("{seat} wins: {why}", seat=SeatRef(1), why=Message("highest diamond"))
    >>> str(trump_aware(m, 2))
    'seat 1 wins: highest trump'
    >>> str(trump_aware(m, 0))
    'seat 1 wins: highest diamond'
    """
    if not isinstance(trump, int) or isinstance(trump, bool) or not 0 <= trump < 4:
        return message
    if message.key == _HIGHEST[trump] and not message.params:
        return Message("highest trump", context=message.context)
    if not any(isinstance(value, Message) for _, value in message.params):
        return message
    params = tuple((name, trump_aware(value, trump) if isinstance(value, Message) else value)
                   for name, value in message.params)
    return Message(message.key, params, message.plural, message.context)


def read_within(message: Message) -> Message:
    """``message`` with each message inside it that is plain English text (an error's reason made by a rule
    as text, ``seat 2 must follow hearts``) read by ``words_of``, so that a refusal that quotes it, such as a
    record's ``deal 0, action 5 "2 play KH": illegal: …``, reads whole in the reader's language.

    >>> m = msg("illegal: {reason}", reason=Message("seat 2 must follow hearts"))
    >>> read_within(m).param("reason").key
    '{seat} must follow {suit}'
    """
    if not any(isinstance(value, Message) for _, value in message.params):
        return message
    params = tuple((name, _read(value) if isinstance(value, Message) else value) for name, value in message.params)
    return Message(message.key, params, message.plural, message.context)


def _read(message: Message) -> Message:
    """A nested message: plain text read by ``words_of``, any other message looked into."""
    if not message.params and message.plural is None and message.context is None and "{" not in message.key:
        return words_of(message.key)
    return read_within(message)
