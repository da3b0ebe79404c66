"""The Online dialog and the lobby in the player's language: no English outside the catalogs, nothing cut off."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input

from cardsuite.i18n import PSEUDO, use_language
from cardsuite.tui.online.app import lobby_lines
from cardsuite.tui.online.dialog import OnlineDialog
from cardsuite.tui.online.seating import Seating

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
        assert dialog.seating() == ('"ABC" nėra prisijungimo kodas: kodą sudaro šešios raidės ir skaitmenys, '
                                    "pvz., K7P2QX.")
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
    assert "席3：空席（誰かが座るまで CPU normal）" in text and "Enter で今すぐ始めます。" in text
    assert "待っています" in "\n".join(lobby_lines(table | {"host": False}, "ws://h:1/game"))
