"""Messages in words: the viewer's language, seat names, grammatical forms of cards, plurals, numbers."""

from __future__ import annotations

import gettext
import io
from fractions import Fraction

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from cardsuite.cards import JOKER, parse_card
from cardsuite.core.message import CardRef, CardsRef, RankRef, SeatRef, SuitRef, msg, msg_n, msg_p
from cardsuite.i18n import PSEUDO, translations, use_language
from cardsuite.i18n.render import render

AS, QH, TD = parse_card("AS"), parse_card("QH"), parse_card("TD")
NAMES = ("Ona", "Jonas", "Rūta")


def catalog(language: str, entries: dict[str | tuple[str, str], str | tuple[str, ...]]) -> gettext.NullTranslations:
    """An in-memory catalog of test sentences over cardsuite's real words for ``language``."""
    source = Catalog(locale=language)
    for key, value in entries.items():
        context, msgid = key if isinstance(key, tuple) else (None, key)
        if isinstance(value, tuple):
            source.add((msgid, msgid + "s"), value, context=context)
        else:
            source.add(msgid, value, context=context)
    buffer = io.BytesIO()
    write_mo(buffer, source)
    buffer.seek(0)
    words = gettext.GNUTranslations(buffer)
    words.add_fallback(translations(language))
    return words


PLAYED = msg("{seat} played {card}", seat=SeatRef(1), card=CardRef(AS))


def test_english_names_the_seats_and_the_cards() -> None:
    assert render(PLAYED, NAMES) == "Jonas played the ace of spades"
    assert render(PLAYED) == "seat 1 played the ace of spades"
    assert render(msg("{seat} played {card}", seat=SeatRef(0), card=CardRef(JOKER)), NAMES) == "Ona played the joker"


def test_japanese_puts_the_words_in_its_own_order() -> None:
    words = catalog("ja", {"{seat} played {card}": "{seat}が{card}を出しました"})
    assert render(PLAYED, NAMES, words) == "JonasがスペードのAを出しました"
    assert render(PLAYED, None, words) == "席1がスペードのAを出しました"
    hand = msg("You hold {cards}.", cards=CardsRef((AS, QH, TD, JOKER)))
    words = catalog("ja", {"You hold {cards}.": "手札は{cards}です。"})
    assert render(hand, None, words) == "手札はスペードのA、ハートのQ、ダイヤの10、ジョーカーです。"


def test_lithuanian_asks_for_the_case_it_needs() -> None:
    words = catalog("lt", {"{seat} played {card}": "{seat} išleido {card:acc}",
                           "{card} wins": "laimi {card}",
                           "with {card}": "su {card:ins}",
                           "trumps: {suit}": "koziris – {suit}",
                           "named {suit}": "paskelbė {suit:acc}"})
    assert render(PLAYED, NAMES, words) == "Jonas išleido vynų tūzą"
    assert render(msg("{card} wins", card=CardRef(QH)), NAMES, words) == "laimi čirvų dama"
    assert render(msg("with {card}", card=CardRef(TD)), NAMES, words) == "su būgnų dešimtake"
    assert render(msg("with {card}", card=CardRef(JOKER)), NAMES, words) == "su džokeriu"
    assert render(msg("trumps: {suit}", suit=SuitRef(3)), NAMES, words) == "koziris – kryžiai"
    assert render(msg("named {suit}", suit=SuitRef(1)), NAMES, words) == "paskelbė čirvus"


@pytest.mark.parametrize(("n", "form"), [(1, "1 kirtis"), (21, "21 kirtis"), (2, "2 kirčiai"), (9, "9 kirčiai"),
                                         (10, "10 kirčių"), (11, "11 kirčių"), (0, "0 kirčių")])
def test_lithuanian_has_three_plural_forms(n: int, form: str) -> None:
    words = catalog("lt", {"{n} trick": ("{n} kirtis", "{n} kirčiai", "{n} kirčių")})
    assert render(msg_n("{n} trick", "{n} tricks", n), None, words) == form


def test_english_and_japanese_plurals() -> None:
    assert render(msg_n("{n} trick", "{n} tricks", 1)) == "1 trick"
    assert render(msg_n("{n} trick", "{n} tricks", 4)) == "4 tricks"
    words = catalog("ja", {"{n} trick": ("{n}トリック",)})
    assert render(msg_n("{n} trick", "{n} tricks", 4), None, words) == "4トリック"


def test_numbers_halves_and_signs() -> None:
    half = msg("{seat} scores {points:+}", seat=SeatRef(2), points=Fraction(9, 2))
    assert render(half, NAMES) == "Rūta scores +4.5"
    assert render(msg("{points:+}", points=0)) == "+0"
    assert render(msg("{points:+}", points=-3)) == "-3"
    words = catalog("lt", {"{seat} scores {points:+}": "{seat} gauna {points:+}"})
    assert render(half, NAMES, words) == "Rūta gauna +4,5"


def test_symbols_ranks_and_nested_messages() -> None:
    assert render(msg("{card:sym}", card=CardRef(TD))) == "10♦"
    assert render(msg("bid {rank}", rank=RankRef(13))) == "bid king"
    assert render(msg("bid {rank:sym}", rank=RankRef(10))) == "bid 10"
    inner = msg_p("bid", "{n} {suit}", n=13, suit=SuitRef(1))
    assert render(msg("{seat} bid {bid}", seat=SeatRef(0), bid=inner), NAMES) == "Ona bid 13 hearts"


def test_a_translation_that_does_not_fit_its_message_shows_the_english_sentence() -> None:
    words = catalog("ja", {"{seat} played {card}": "{player}が{card}を出しました",
                           "{card} wins": "{card.__class__}の勝ち"})
    assert render(PLAYED, NAMES, words) == "Jonas played スペードのA"
    assert render(msg("{card} wins", card=CardRef(AS)), None, words) == "スペードのA wins"


def test_names_are_data_never_templates() -> None:
    odd = "{card} {0} {seat.__class__}"
    assert render(PLAYED, ("x", odd)) == f"{odd} played the ace of spades"


def test_the_language_in_use_and_the_pseudo_locale() -> None:
    use_language("ja")
    assert render(msg("{card:sym}", card=CardRef(AS))) == "A♠"
    use_language(PSEUDO)
    assert render(PLAYED, NAMES) == "⟦Jonas played ⟦the ⟦ace⟧ of ⟦spades⟧⟧⟧"
