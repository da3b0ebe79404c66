"""The table and the home screen in the player's language: the game's lines, labels and keys come from the
catalogs; the language chosen on the home screen is remembered."""

from __future__ import annotations

import gettext
import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from rich.text import Text
from textual.widgets import Select

from cardsuite.cards import parse_card
from cardsuite.core.match import SeatSpec
from cardsuite.core.message import CardsRef, SeatRef, SuitRef, msg, msg_n
from cardsuite.core.presentation import Line
from cardsuite.core.registry import get_game
from cardsuite.i18n import current_language, translations, use_language
from cardsuite.storage.settings import read_language
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.render import Display
from cardsuite.tui.screens.modals import RulesScreen
from cardsuite.tui.widgets.panels import EventLog

from ..tui.helpers import config, screen_text, settle
from .screens import cut_off


def words(language: str, entries: dict[str, str | tuple[str, ...]]) -> gettext.NullTranslations:
    """Test sentences in ``language`` over cardsuite's real words."""
    source = Catalog(locale=language)
    for msgid, value in entries.items():
        source.add((msgid, msgid + "s") if isinstance(value, tuple) else msgid, value)
    buffer = io.BytesIO()
    write_mo(buffer, source)
    buffer.seek(0)
    out = gettext.GNUTranslations(buffer)
    out.add_fallback(translations(language))
    return out


def test_a_line_is_translated_then_filled_with_faces_names_and_numbers() -> None:
    display = Display(catalog=words("lt", {"{seat} holds {cards}": "{seat} turi {cards}",
                                           "{n} trick": ("{n} kirtis", "{n} kirčiai", "{n} kirčių")}))
    filler = display.filler(["Ona", "Jonas"])
    line = filler.line(Line("{seat} holds {cards}", {"seat": SeatRef(1),
                                                     "cards": CardsRef((parse_card("AS"), parse_card("TD")))}))
    assert line.plain == "Jonas turi A♠ 10♦"
    assert isinstance(line, Text) and any(span.style == "bold" for span in line.spans)
    assert filler.line(Line(msg_n("{n} trick", "{n} tricks", 12))).plain == "12 kirčių"
    assert filler.message(msg("{suit} wins", suit=SuitRef(1))).plain == "♥ wins"


def test_a_line_whose_translation_does_not_fit_is_shown_in_english() -> None:
    display = Display(catalog=words("ja", {"{seat} holds {cards}": "{player}の残り：{cards}"}))
    line = display.filler(["Ona"]).line(Line("{seat} holds {cards}", {"seat": SeatRef(0), "cards": CardsRef(())}))
    assert line.plain == "Ona holds なし"


async def test_the_home_screen_switches_language_and_remembers_it() -> None:
    app = CardsuiteApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert "Language" in screen_text(app)
        app.screen.query_one("#language", Select).value = "ja"
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "言語" in text and "開始" in text
    assert current_language() == "ja"
    assert read_language() == "ja"


async def test_a_napoleon_table_in_japanese_fits_80x24() -> None:
    use_language("ja")
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, 5)]
    app = CardsuiteApp(config("napoleon", seats, seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        if app.screen.__class__.__name__ == "RulesScreen":  # the first play's "how to play" page
            assert "ナポレオンの遊び方" in screen_text(app)
            await pilot.press("escape")
            await settle(pilot, app)
        text = screen_text(app)
        assert "ナポレオン" in text and "宣言" in text and "パス" in text
        assert cut_off(app) == []


async def test_an_ascii_terminal_gets_the_table_in_english_instead_of_japanese() -> None:
    use_language("ja")
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, 4)]
    table = config("nap", seats, seed=2)
    table.ascii_only = True
    app = CardsuiteApp(table)
    app.no_intro = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
    assert current_language() == "en"
    assert text.isascii() and "Your turn" in text


async def test_napoleons_beginner_game_has_its_own_how_to_play_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """With option beginner the first play opens the beginner game's page (no auction, no adjutant), in Japanese."""
    monkeypatch.setattr(CardsuiteApp, "no_intro", False)
    use_language("ja")
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, 5)]
    pages = {}
    for beginner in (True, False):
        app = CardsuiteApp(config("napoleon", seats, seed=2, beginner=beginner))
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot, app)
            if not beginner:  # the beginner table introduced the game: open the page with r
                await pilot.press("r")
                await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            pages[beginner] = screen_text(app)
    assert "初心者ゲーム" in pages[True] and "伏せ札を1枚ずつ表にして" in pages[True] and "競り：" not in pages[True]
    assert "競り：" in pages[False] and "初心者ゲーム" not in pages[False]


def test_the_how_to_play_hook_sees_the_options() -> None:
    napoleon = get_game("napoleon")
    plain, beginner = (napoleon.resolve_options({"beginner": flag}, 5) for flag in (False, True))
    assert napoleon.how_to_play_for(plain) == napoleon.how_to_play()
    assert napoleon.how_to_play_for(beginner) != napoleon.how_to_play()
    assert "beginner game" in str(napoleon.how_to_play_for(beginner))


def test_the_deal_page_shows_the_score_events_message_where_it_has_one() -> None:
    from types import SimpleNamespace

    from cardsuite.tui.session import event_words

    with_message = SimpleNamespace(text="seat 0 wins", message=msg("{seat} wins", seat=SeatRef(0)))
    assert event_words(with_message) is with_message.message
    assert event_words(SimpleNamespace(text="seat 0 wins")) == "seat 0 wins"


def test_the_escape_key_is_named_in_the_language() -> None:
    from cardsuite.i18n import PSEUDO
    from cardsuite.tui.screens.modals import MenuScreen, TextScreen

    use_language(PSEUDO)
    for screen in (TextScreen("title", Text("body")), RulesScreen("body"), MenuScreen([("back", "Back")])):
        shown = [b.key_display for bs in screen._bindings.key_to_bindings.values() for b in bs if b.key == "escape"
                 or b.key.startswith("escape")]
        assert shown and all(k is not None and k.startswith("⟦") for k in shown), (screen, shown)


@pytest.mark.parametrize("name", ["nap", "napas", "napoleon", "gops"])
def test_a_games_header_and_deal_summary_are_messages_in_the_readers_language(name: str) -> None:
    """The table's header (``contract_text``) and the deal page's summary line speak the reader's language."""
    import random

    from cardsuite.i18n.render import render

    game = get_game(name)
    players = game.info.default_players
    state = game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(4))
    rng = random.Random(4)
    headers = set()
    while not state.is_over:
        header = state.view(0).table.get("contract_text")
        if header is not None:
            headers.add(header)
        seat = sorted(state.to_act)[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    summary = state.summary()
    names = [f"P{seat}" for seat in range(players)]
    use_language("ja")
    assert summary.message is not None  # (GOPS has no header line)
    texts = [render(h, names) for h in headers] + [render(summary.message, names)]
    assert texts and all(not any(w in t for w in ("seat", "trumps", "bid", "won", "draw")) for t in texts), texts


@pytest.mark.parametrize("language", ["en", "ja", "lt"])
def test_no_two_keys_of_the_key_bar_have_the_same_word(language: str) -> None:
    """Backspace (take back a bid) and u (undo) may share the bar: each says what it does in its own word."""
    from textual.binding import Binding

    from cardsuite.tui.screens.table_keys import TABLE_BINDINGS

    catalog = translations(language)
    shown = [catalog.gettext(b.description) for b in TABLE_BINDINGS if isinstance(b, Binding) and b.show]
    assert len(shown) == len(set(shown)), shown


async def test_a_japanese_reader_at_an_ascii_table_gets_english_names_and_lines_and_no_question_marks() -> None:
    """``--lang ja`` where the table is ASCII only: the person's default name and the seed line are English,
    never Japanese folded into ``?``."""
    from cardsuite.cli.play import make_config

    use_language("ja")
    table = make_config("nap", players=3, seed=2, ascii_only=True, speed="instant")
    app = CardsuiteApp(table)  # type: ignore[arg-type]
    app.no_intro = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        log = "\n".join(app.screen.query_one(EventLog).shown)
    assert current_language() == "en"
    assert text.isascii() and "?" not in text.replace("? Keys", ""), text
    assert "Player" in text and "seed 2" in log


def test_lithuanian_quotes_and_a_notices_edge_have_ascii_forms() -> None:
    """The „quotes“ of a Lithuanian line and the block edge Textual draws a notice with become ASCII, not ``?``."""
    from cardsuite.tui.text import Ascii, ascii_cells

    assert Ascii(True).text("CPU 2 pasakė „pas“") == 'CPU 2 pasake "pas"'
    assert ascii_cells("▌„pas“▐") == '|"pas"|'


def test_lithuanian_names_the_stock_with_the_rules_word() -> None:
    """The stock is ``likčius`` (the Napas text's word) in every Lithuanian line, never ``likutis`` or ``kaladė``."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    import cardsuite

    po = Path(cardsuite.__file__).parent / "locale" / "lt" / "LC_MESSAGES" / "cardsuite.po"
    with po.open("rb") as source:
        catalog = read_po(source)
    wrong = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not message.id or not any(" stock" in text for text in ids) or message.context == "the stock of a deal":
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [text for text in strings if "likč" not in text and "{stock}" not in text]
    assert not wrong, wrong


@pytest.mark.parametrize(("typed", "shown"), [(None, "Player"), ("Ann", "Ann"), ("花子", "花子")])
async def test_the_home_screens_default_name_at_an_ascii_table_is_english_and_a_typed_name_stays(
        typed: str | None, shown: str) -> None:
    """Japanese, ASCII suits switched on at the home screen: the name field's default (プレイヤー) is no chosen
    name, so the table names the person *Player* as ``cardsuite play`` does, and the settings keep no name."""
    from textual.widgets import Input, Switch

    from cardsuite.storage.settings import load_settings
    from cardsuite.tui.screens.home import HomeScreen

    use_language("ja")
    app = CardsuiteApp()
    app.no_intro = True
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert home.query_one("#seat-name-0", Input).value == "プレイヤー"
        if typed is not None:
            home.query_one("#seat-name-0", Input).value = typed
        home.query_one("#ascii", Switch).value = True
        home.query_one("#speed", Select).value = "instant"
        await pilot.pause()
        home.action_start()
        await settle(pilot, app)
        assert app.table is not None and app.table.session.names[0] == shown
        text = screen_text(app)
    if typed is None:
        assert "Player" in text and "?" not in text.replace("? Keys", ""), text
    assert load_settings().names == ([] if typed is None else [typed])
