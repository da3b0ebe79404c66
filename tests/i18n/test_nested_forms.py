"""A message inside another in the grammatical form its sentence asks for: Lithuanian "pareiškė 4 kirčius"
(``{bid:acc}``) while the bid alone stays "4 kirčiai"; English and Japanese, and any catalog without the
form, say the plain words."""

from __future__ import annotations

import gettext
import io

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from cardsuite.core.message import SeatRef, Wording, msg, msg_np
from cardsuite.core.presentation import Line
from cardsuite.games.nap.bidding import BID_WORDS
from cardsuite.games.nap.bots import MISERE
from cardsuite.games.napas.bidding import bid_words
from cardsuite.games.napas.events import BID_EVENTS
from cardsuite.games.napoleon.actions import bid_words as napoleon_bid
from cardsuite.i18n import translations, use_language
from cardsuite.i18n.render import event_text, render
from cardsuite.tui.render import Display

NAMES = ("Ona", "Jonas", "Rūta")


def test_a_lithuanian_bid_is_the_object_of_the_sentence_and_plain_alone() -> None:
    use_language("lt")
    assert event_text(BID_EVENTS[1]["4"], NAMES) == "Jonas pareiškė 4 kirčius"
    assert event_text(BID_EVENTS[1]["1"], NAMES) == "Jonas pareiškė 1 kirtį"
    assert event_text(BID_EVENTS[2]["0"], NAMES) == "Rūta pareiškė nulio žaidimą"
    assert render(msg("{seat} bid {bid}", seat=SeatRef(0), bid=BID_WORDS["misere"]), NAMES) == "Ona pareiškė mizerį"
    assert render(msg("{seat} bid {bid}", seat=SeatRef(0), bid=BID_WORDS["wellington"]), NAMES) == (
        "Ona pareiškė Velingtoną")
    assert render(msg("against {contract}: stay under the declarer's card", contract=MISERE)) == (
        "prieš mizerį: dėti jaunesnę už lošiko kortą")
    # the same bid alone, as the seat's note and the table's header say it
    assert render(bid_words("4")) == "4 kirčiai" and render(BID_WORDS["misere"]) == "mizeris"
    assert render(msg("bid {bid}", bid=bid_words("4"))) == "pareiškimas: 4 kirčiai"
    assert render(msg("{seat}: {bid}, no trumps", seat=SeatRef(0), bid=bid_words("0")), NAMES) == (
        "Ona: nulio žaidimas, be kozirio")


def test_the_table_fills_the_form_too() -> None:
    filler = Display(catalog=translations("lt")).filler(list(NAMES))
    line = filler.line(Line(msg("{seat} bid {bid}", seat=SeatRef(1), bid=bid_words("4"))))
    assert line.plain == "Jonas pareiškė 4 kirčius"
    assert filler.line(Line("bid {bid}", {"bid": bid_words("4")})).plain == "pareiškimas: 4 kirčiai"


def test_english_and_japanese_are_unchanged() -> None:
    assert event_text(BID_EVENTS[1]["4"], NAMES) == "Jonas bid 4 tricks"
    assert event_text(BID_EVENTS[1]["1"], NAMES) == "Jonas bid 1 trick"
    assert render(msg("against {contract}: stay under the declarer's card", contract=MISERE)) == (
        "against misère: stay under the declarer's card")
    use_language("ja")
    assert event_text(BID_EVENTS[1]["4"], NAMES) == "Jonas の宣言：4トリック"
    assert render(msg("{seat} bid {bid}", seat=SeatRef(0), bid=BID_WORDS["misere"]), NAMES) == "Ona の宣言：ミゼール"


def _catalog(entries: list[tuple[str | None, str, str | tuple[str, ...]]]) -> gettext.GNUTranslations:
    """A Lithuanian catalog holding only ``entries`` (context, msgid, translation or plural forms)."""
    source = Catalog(locale="lt")
    for context, msgid, value in entries:
        source.add((msgid, msgid + "s") if isinstance(value, tuple) else msgid, value, context=context)
    buffer = io.BytesIO()
    write_mo(buffer, source)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def test_a_catalog_without_the_form_says_the_plain_words() -> None:
    bid = msg_np("Napas bid", "{n} trick", "{n} tricks", 4)
    sentence = msg("{seat} bid {bid}", seat=SeatRef(1), bid=bid)
    plain = [(None, "{seat} bid {bid}", "{seat} pareiškė {bid:acc}"),
             ("Napas bid", "{n} trick", ("{n} kirtis", "{n} kirčiai", "{n} kirčių"))]
    assert Wording(_catalog(plain), NAMES)(sentence) == "Jonas pareiškė 4 kirčiai"
    formed = [*plain, ("Napas bid, accusative", "{n} trick", ("{n} kirtį", "{n} kirčius", "{n} kirčių"))]
    assert Wording(_catalog(formed), NAMES)(sentence) == "Jonas pareiškė 4 kirčius"
    loose = msg("misère")  # a message without a context: its form's context is "accusative" alone
    words = _catalog([(None, "{x}", "{x:acc}"), (None, "misère", "mizeris"), ("accusative", "misère", "mizerį")])
    assert Wording(words)(msg("{x}", x=loose)) == "mizerį" and Wording(words)(loose) == "mizeris"
    # Napoleon's bids have no accusative in the real catalog: the Lithuanian sentence asks, the bid stays plain
    use_language("lt")
    assert render(msg("{seat} bid {bid}", seat=SeatRef(0), bid=napoleon_bid(13, 1)), NAMES) == (
        "Ona pareiškė 13, koziris čirvai")
