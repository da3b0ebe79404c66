"""A refused action reaches an online player in the player's language: the server sends the game's refusal as
words beside its English line (a bid inside it, the reason an action cannot be read), the client fills its own
translation of a template it knows, and words a server makes up fall back to the English line."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from cardsuite.core.errors import ActionSyntaxError, RecordError, message_of, reason_of
from cardsuite.core.message import CardRef, CardsRef, Message, SeatRef, english, msg
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.games.nap.bidding import BID_WORDS
from cardsuite.i18n import translations, use_language
from cardsuite.i18n.render import render
from cardsuite.net import refusals
from cardsuite.net.client import ClientError, refusal_line
from cardsuite.net.protocol import error_message
from cardsuite.net.refusals import read_reason
from cardsuite.net.rulewords import FIELDS, MAX_DEPTH, TEMPLATES, encode_rule_words, read_rule_words

from ..i18n.test_game_reasons import CASES, record_of
from .helpers import RecordingClient, running_server, seated_clients, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")
BEAT_JA = "3より強い宣言でなければなりません"
BEAT_LT = "pareiškimas turi būti aukštesnis už 3"


def _not_an_action(game: str, text: str) -> Message:
    """What the server answers an action ``text`` the game cannot read with."""
    with pytest.raises(ActionSyntaxError) as refused:
        get_game(game).parse_action(text)
    why = reason_of(refused.value)
    assert isinstance(why, Message)
    return msg(refusals.NOT_AN_ACTION, reason=why)


# -- a real server ----------------------------------------------------------------------------------------
def test_japanese_and_lithuanian_players_read_a_refused_bid_and_an_unreadable_action_in_their_language(
        tmp_path: Path) -> None:
    beaten = msg("a bid must beat {bid}", bid=BID_WORDS["3"])
    unreadable = _not_an_action("nap", "bid seven")

    async def run(url: str) -> None:
        clients, _code = await seated_clients(url, "nap", 3, {})  # every seat a person's: it starts
        try:
            await wait_for(lambda: all(c.view is not None and c.view.to_act for c in clients))
            first = next(c for c in clients if c.view is not None and c.view.seat in c.view.to_act)
            await first.request("act", action="bid 3")
            await wait_for(lambda: all(c.view is not None and first.view is not None
                                       and c.view.to_act and first.view.seat not in c.view.to_act for c in clients))
            late = next(c for c in clients if c.view is not None and c.view.seat in c.view.to_act)
            lines: dict[str, list[str]] = {}
            for language in ("ja", "lt"):
                use_language(language)
                for action in ("bid 2", "bid seven"):
                    with pytest.raises(ClientError) as refused:
                        await late.request("act", action=action)
                    assert refused.value.code == "illegal"
                    lines.setdefault(language, []).append(refused.value.message)
        finally:
            for client in clients:
                await client.close()
        assert isinstance(late, RecordingClient) and late.log is not None
        sent = [m for m in late.log if m["type"] == "error"]
        assert [m["message"] for m in sent] == [
            "a bid must beat 3", "not an action: malformed action \"bid seven\": unknown bid 'seven' (1, 2, 3, 4, "
            "misere, nap, wellington, blucher)"] * 2  # the English line, for programs, as it was
        assert sent[0]["words"] == {"key": "a bid must beat {bid}",
                                    "params": {"bid": {"message": {"key": "3", "params": {}, "context": "Nap bid"}}}}
        assert sent[1]["words"]["key"] == refusals.NOT_AN_ACTION
        for language, said in lines.items():
            words = translations(language)
            assert said == [render(beaten, None, words), render(unreadable, None, words)]
            assert "bid must" not in " ".join(said) and "not an action" not in " ".join(said), said
        assert lines["ja"][0] == BEAT_JA and lines["lt"][0] == BEAT_LT
        assert lines["ja"][1].startswith("アクションではありません") and "'seven'" in lines["ja"][1]
        assert lines["lt"][1].startswith("ne ėjimas") and "'seven'" in lines["lt"][1]

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


# -- every refusal of the built-in games that is a message travels as words --------------------------------
def _game_refusal(name: str) -> Message:
    """The case's refusal as the server would send it: the rule's message, or "not an action" and why."""
    case = CASES[name]
    record = record_of(case)
    if '": malformed: ' in case.english:
        return _not_an_action(case.game, case.actions.split(" / ")[-1].split(" ", 1)[1])
    with pytest.raises(RecordError) as refused:
        replay(record, get_game)
    illegal = message_of(refused.value).param("reason")
    assert isinstance(illegal, Message) and illegal.key == "illegal: {reason}"
    reason = illegal.param("reason")
    assert isinstance(reason, Message)
    return reason


@pytest.mark.parametrize("name", list(CASES))
def test_each_games_refusal_goes_as_words_a_client_takes(name: str) -> None:
    reason = _game_refusal(name)
    words = encode_rule_words(reason)
    assert words is not None, reason
    sent = json.loads(error_message("illegal", reason))
    assert sent["message"] == str(reason) and sent["words"] == words
    for language in ("ja", "lt"):
        use_language(language)
        assert refusal_line(sent, ["Ann", "Bob", "Cy", "Di", "Ed"]) == render(
            read_rule_words(words), ["Ann", "Bob", "Cy", "Di", "Ed"], translations(language))


@pytest.mark.parametrize("language", ["ja", "lt"])
def test_every_template_a_client_takes_has_no_placeholder_of_its_own_in_translation(language: str) -> None:
    words = translations(language)
    for key, plural, context in sorted(TEMPLATES, key=str):
        for n in (1, 2, 5):
            if plural is None:
                said = words.pgettext(context, key) if context else words.gettext(key)
            else:
                said = words.npgettext(context, key, plural, n) if context else words.ngettext(key, plural, n)
            assert refusals.fields_of(said) <= FIELDS[(key, plural, context)], (language, key, said)


# -- a server that makes words up -------------------------------------------------------------------------
def _nested(depth: int) -> dict[str, Any]:
    """"not an action: not an action: … x", ``depth`` messages deep."""
    inner: object = "x"
    for _ in range(depth):
        inner = {"message": {"key": refusals.NOT_AN_ACTION, "params": {"reason": inner}}}
    assert isinstance(inner, dict)
    return dict(inner["message"])


ENGLISH_LINE = "a bid must beat 3"
BID = {"message": {"key": "3", "params": {}, "context": "Nap bid"}}
GOOD = {"key": "a bid must beat {bid}", "params": {"bid": BID}}
HOSTILE_WORDS: list[object] = [
    {"key": "{0.__class__}", "params": {}},
    {"key": "not one of ours", "params": {}},
    {"key": "{seat} played {card}", "params": {"seat": {"seat": 0}, "card": {"card": 1}}},  # ours, no refusal
    {"key": "a bid must beat {bid}", "params": {}},
    {"key": "a bid must beat {bid}", "params": {"bid": BID, "extra": "x"}},
    {"key": "a bid must beat {bid}", "params": {"who": BID}},
    {"key": "a bid must beat {bid}", "params": {"bid": "3" * 101}},
    {"key": "a bid must beat {bid}", "params": {"bid": "3\x1b[2J"}},
    {"key": "a bid must beat {bid}", "params": {"bid": True}},
    {"key": "a bid must beat {bid}", "params": {"bid": 1.5}},
    {"key": "a bid must beat {bid}", "params": {"bid": None}},
    {"key": "a bid must beat {bid}", "params": {"bid": ["3"]}},
    {"key": "a bid must beat {bid}", "params": {"bid": 10**100}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"seat": 99}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"card": -1}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"cards": list(range(60))}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"suit": 4}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"rank": 1}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"seat": True}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"seat": 1, "card": 1}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"message": {"key": "{0.__class__}", "params": {}}}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"message": {"key": "3", "params": {}}}}},
    {"key": "a bid must beat {bid}", "params": {"bid": {"message": {"key": "3", "params": {}, "context": "x"}}}},
    {"key": "a bid must beat {bid}", "params": {"bid": BID}, "plural": "bids must beat {bid}"},
    {"key": "a bid must beat {bid}", "params": {"bid": BID}, "context": "{0}"},
    {"key": "a bid must beat {bid}", "params": {"bid": BID}, "why": 1},
    {"key": "the lowest bid is {n} honour", "params": {"n": 2}},
    {"key": "the lowest bid is {n} honour", "plural": "{n} honours", "params": {"n": 2}},
    {"key": "the lowest bid is {n} honour", "plural": ["the lowest bid is {n} honours"], "params": {"n": 2}},
    {"key": ["a bid must beat {bid}"], "params": {"bid": BID}},
    {"key": "a bid must beat {bid}", "params": [["bid", BID]]},
    _nested(MAX_DEPTH + 1),
    {"key": refusals.NOT_AN_ACTION, "params": {"reason": "x" * 101}},
    "a bid must beat 3",
    [GOOD],
    None,
    7,
]


def test_words_a_server_makes_up_for_a_refused_action_fall_back_to_its_english_line() -> None:
    use_language("ja")
    assert refusal_line({"code": "illegal", "message": ENGLISH_LINE, "words": GOOD}) == BEAT_JA
    assert read_rule_words(_nested(MAX_DEPTH)) is not None  # as deep as words may be
    for words in HOSTILE_WORDS:
        assert read_rule_words(words) is None, words
        assert refusal_line({"code": "illegal", "message": ENGLISH_LINE, "words": words}) == ENGLISH_LINE, words
    line = "seat 2 must follow hearts"  # a rule the client knows: read from the English line, as before
    said = read_reason(line)
    assert said is not None and said.key == "{seat} must follow {suit}"
    assert refusal_line({"code": "illegal", "message": line, "words": HOSTILE_WORDS[0]}) == render(said) != line


def test_a_refusal_of_other_words_is_not_read_as_a_rules() -> None:
    use_language("ja")
    other: dict[str, Any] = {"code": "name_taken", "message": ENGLISH_LINE, "words": GOOD}
    assert refusal_line(other) == ENGLISH_LINE  # a game's refusal is taken only on an illegal action
    assert refusal_line({"code": "illegal", "message": "x", "words": {"key": refusals.FULL}}) == "x"


def test_a_reason_a_client_would_not_take_goes_without_words() -> None:
    long = msg(refusals.NOT_AN_ACTION, reason=msg("not a card: {said}", said="Z" * 101))
    assert encode_rule_words(long) is None
    sent = json.loads(error_message("illegal", long))
    assert "words" not in sent and sent["message"] == str(long)
    other = msg("{seat} played {card}")
    assert "words" not in json.loads(error_message("illegal", other))


def test_cards_not_held_and_a_verbs_form_are_read_with_their_cards_and_forms() -> None:
    names = ["Ann", "Bob", "Cy"]
    for said in (msg("{seat} does not hold {cards} and {last}", seat=SeatRef(1), cards=CardsRef((12, 25)),
                     last=CardRef(38)),
                 Message("expected {usage}, not {action}", (("usage", Message(
                     "discard <exactly {n} different card>", (("n", 3),), "discard <exactly {n} different cards>")),
                     ("action", "discard AS KS")))):
        sent = json.loads(error_message("illegal", said))
        assert sent["message"] == str(said) and "words" in sent
        for language in ("ja", "lt"):
            use_language(language)
            line = refusal_line(sent, names)
            assert line == render(said, names, translations(language)) != english(said, names), line
