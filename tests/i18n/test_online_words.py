"""The Online dialog and the lobby in the player's language: no English outside the catalogs, nothing cut off."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Input

from cardsuite.i18n import PSEUDO, translations, use_language
from cardsuite.i18n.levels import level_word
from cardsuite.net.protocol import MAX_NAME, clean_name
from cardsuite.tui.online.app import lobby_lines
from cardsuite.tui.online.dialog import OnlineDialog
from cardsuite.tui.online.seating import Seating, default_name

from ..tui.helpers import screen_text
from .screens import cut_off, unmarked_words

TABLE: dict[str, object] = {"game": "nap", "players": 4, "cpu": "normal", "options": {}}


async def test_every_word_of_the_dialog_goes_through_the_catalogs() -> None:
    use_language(PSEUDO)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = OnlineDialog("Ann", dict(TABLE))
        await app.push_screen(dialog)
        await pilot.pause()
        text = screen_text(app)
        assert "⟦" in text
        # the code field's hint K7P2QX is an example code, not a word
        assert unmarked_words(text, allowed={"Ann", "QX"}) == []
        bindings = [b.description for bs in dialog._bindings.key_to_bindings.values() for b in bs]
        assert bindings and all(d.startswith("⟦") for d in bindings)


async def test_the_dialog_in_japanese_fits_80x24() -> None:
    use_language("ja")
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(OnlineDialog("Ann", dict(TABLE)))
        await pilot.pause()
        text = screen_text(app)
        assert "オンラインで遊ぶ" in text and "参加コード" in text and "戻る" in text
        assert cut_off(app) == []


async def test_a_field_that_cannot_be_used_is_named_in_the_players_language() -> None:
    use_language("lt")
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = OnlineDialog("Ann", dict(TABLE))
        await app.push_screen(dialog)
        await pilot.pause()
        server, name, code = (dialog.query_one(f"#online-{f}", Input) for f in ("server", "name", "code"))
        server.value = "host/x"
        assert dialog.seating() == 'Serveris rašomas ADRESAS arba ADRESAS:PRIEVADAS, o prievadas yra skaičius: "host/x"'
        server.value = "cards.example:9000"
        name.value = "[]"
        assert dialog.seating() == "Varde turi būti bent viena raidė ar skaitmuo."
        name.value = "Ona"
        code.value = "ABC"
        assert dialog.seating() == ('"ABC" nėra prisijungimo kodas: kodą sudaro šeši ženklai, raidės A-Z ir '
                                    "skaitmenys 2-9, be I ir O, pvz., K7P2QX.")
        code.value = "k7p2-qx"
        seating = dialog.seating()
        assert isinstance(seating, Seating)
        assert (seating.url, seating.code, seating.name) == ("ws://cards.example:9000/game", "K7P2QX", "Ona")
        code.value = ""
        name.value = ""
        seating = dialog.seating()
        assert isinstance(seating, Seating) and seating.create == TABLE and seating.name == "Žaidėjas"
        server.value = "a b"
        dialog.go()  # a field that cannot be used keeps the dialog open, with a notice
        await pilot.pause()
        assert app.screen is dialog and app._notifications


def test_the_lobby_speaks_the_players_language() -> None:
    table = {"game": "nap", "title": "Nap", "code": "K7P2QX", "cpu": "normal", "you": 0, "host": True,
             "seats": [{"kind": "person", "name": "Ann", "connected": True},
                       {"kind": "person", "name": "Bob", "connected": False},
                       {"kind": "person", "name": "Cy", "connected": True}, {"kind": "cpu"}]}
    use_language(PSEUDO)
    lines = lobby_lines(table, "ws://127.0.0.1:8765/game")
    assert len([line for line in lines if line]) == 7
    assert unmarked_words("\n".join(lines)) == []
    use_language("ja")
    text = "\n".join(lobby_lines(table, "ws://127.0.0.1:8765/game"))
    assert "ナップ：テーブル K7P2QX" in text and "席0：Ann（あなた）" in text and "席1：Bob（未接続）" in text
    assert "席3：空席（誰かが座るまで CPU ふつう）" in text and "Enter で今すぐ始めます。" in text
    assert "待っています" in "\n".join(lobby_lines(table | {"host": False}, "ws://h:1/game"))


def test_the_lobby_names_the_open_seats_cpu_level_in_the_players_words() -> None:
    table = {"game": "gops", "title": "GOPS", "code": "K7P2QX", "cpu": "hard", "you": 0, "host": True,
             "seats": [{"kind": "person", "name": "Ann", "connected": True}, {"kind": "cpu"}]}
    assert "(CPU hard until someone sits down)" in "\n".join(lobby_lines(table, "ws://h:1/game"))
    use_language("lt")
    assert "CPU hard" not in "\n".join(lobby_lines(table, "ws://h:1/game"))
    assert level_word("hard") in "\n".join(lobby_lines(table, "ws://h:1/game"))
    assert "hard:64" in "\n".join(lobby_lines(table | {"cpu": "hard:64"}, "ws://h:1/game"))  # no words: as it is


def test_the_lobby_says_whether_the_table_is_rated_or_practice_in_the_players_language() -> None:
    table = {"game": "nap", "title": "Nap", "code": "K7P2QX", "cpu": "normal", "you": 1, "host": False,
             "seats": [{"kind": "person", "name": "Ann", "connected": True},
                       {"kind": "person", "name": "Bob", "connected": True}, {"kind": "cpu"}]}
    url = "ws://h:1/game"
    rated, practice = table | {"rated": True}, table | {"practice": True}
    assert "Rated table" in "\n".join(lobby_lines(rated, url))
    lines = len(lobby_lines(rated, url))  # the same lines in every language: the rated one in its own
    assert "Practice table" in "\n".join(lobby_lines(practice, url))
    assert "Rated" not in "\n".join(lobby_lines(practice, url))
    assert "Rated" not in "\n".join(lobby_lines(table, url)) and "Practice" not in "\n".join(lobby_lines(table, url))
    use_language(PSEUDO)
    assert unmarked_words("\n".join(lobby_lines(rated, url))) == []
    for language in ("ja", "lt"):
        use_language(language)
        english = "counts toward every player's rating"
        assert english not in "\n".join(lobby_lines(rated, url)) and len(lobby_lines(rated, url)) == lines


def test_a_person_without_a_name_sits_down_as_player_in_the_players_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``cardsuite join`` without --name (and no name in the settings), ``host`` likewise, the lobby's seat: the
    default name is a word of the language, and the server takes it as it is."""
    from cardsuite.cli import _terminal
    from cardsuite.cli import online as online_cli

    opened: list[Seating] = []
    monkeypatch.setattr(_terminal, "on_terminal", lambda: True)
    monkeypatch.setattr(online_cli, "_run_online", lambda seating, _display: opened.append(seating))
    seen: dict[str, tuple[str, str]] = {}
    for language in ("en", "ja", "lt"):
        use_language(language)
        online_cli.join(server="127.0.0.1:9", code="ABC234", name=None, watch=False, ascii_only=False,
                        four_colour=False)
        online_cli.host(game="gops", server="127.0.0.1:9", players=None, cpu="normal", option=[], name=None,
                        turn_seconds=None, seed=None, public=False, rated=False, ascii_only=False,
                        four_colour=False)
        joined, hosted = opened[-2].name, opened[-1].name
        for name in (joined, hosted):
            assert clean_name(name) == name and len(name) <= MAX_NAME  # within the server's limits, unchanged
        assert default_name() == joined == Seating("ws://h:1/game").name and default_name(hosting=True) == hosted
        seen[language] = (joined, hosted)
    assert seen["en"] == ("Player", "Host")
    assert seen["ja"] == ("プレイヤー", "ホスト") and seen["lt"][0] == "Žaidėjas" and seen["lt"][1] != "Host"
    assert default_name(["Ona"], hosting=True) == default_name(["Ona"]) == "Ona"  # a chosen name is data


def test_the_rematch_page_names_who_asked_with_the_languages_colon() -> None:
    from cardsuite.tui.online.rematch import rematch_lines

    table: dict[str, object] = {"seats": [{"kind": "person", "name": "Ann"}, {"kind": "cpu", "name": "CPU 1"},
                                          {"kind": "person", "name": "Bo"}], "rematch": [0]}
    use_language("ja")
    try:
        lines = rematch_lines(table)
    finally:
        use_language("en")
    assert lines[-2:] == ["  Ann：申し込み済み", "  Bo：" + translations("ja").pgettext("rematch", "not yet")]
    assert rematch_lines(table)[-2:] == ["  Ann: asked", "  Bo: not yet"]
