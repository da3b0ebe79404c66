"""The home screen's Online dialog makes this device's identity only when the player sits down (hosts or joins):
opening it, leaving it, a field it refuses or a look at the server's lobby leave no identity file behind."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Button, Input

from cardsuite.net.identity import identity_path, load_key, server_key
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.online.dialog import OnlineDialog
from cardsuite.tui.online.lobby import LobbyScreen
from cardsuite.tui.online.seating import Seating

NOBODY = "127.0.0.1:9"
"""A server address where nothing answers: the lobby says so at once."""


async def _dialog(app: CardsuiteApp, pilot: Pilot[None]) -> OnlineDialog:
    """The Online dialog, opened from the home screen's "Online…" button, with ``NOBODY`` as its server."""
    await pilot.pause()
    app.screen.query_one("#online", Button).press()
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, OnlineDialog)
    dialog.query_one("#online-server", Input).value = NOBODY
    return dialog


async def test_opening_leaving_and_refused_fields_make_no_identity() -> None:
    app = CardsuiteApp()
    async with app.run_test(size=(120, 50)) as pilot:
        dialog = await _dialog(app, pilot)
        dialog.query_one("#online-code", Input).value = "ABC"  # not a join code: refused, the dialog stays
        dialog.go()
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, OnlineDialog)
    assert dialog.sitting is None and app.online is None
    assert not identity_path().exists()


async def test_a_look_at_the_lobby_makes_no_identity() -> None:
    app = CardsuiteApp()
    async with app.run_test(size=(120, 50)) as pilot:
        dialog = await _dialog(app, pilot)
        dialog.lobby()
        await pilot.pause(0.3)
        assert isinstance(app.screen, LobbyScreen) and app.screen.identity is None
        await pilot.press("escape")  # back from the lobby to the dialog
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("escape")
        await pilot.pause()
    assert dialog.sitting is None and app.online is None
    assert not identity_path().exists()


async def test_hosting_or_joining_makes_the_identity_it_sits_down_with() -> None:
    for code in ("", "k7p2-qx"):
        app = CardsuiteApp()
        async with app.run_test(size=(120, 50)) as pilot:
            dialog = await _dialog(app, pilot)
            dialog.query_one("#online-code", Input).value = code
            dialog.go()  # nobody answers there: the dialog says so, but it sat down with the identity
            await pilot.pause()
        seating = dialog.sitting
        key = load_key()
        assert isinstance(seating, Seating) and key is not None
        assert seating.identity == server_key(key, seating.url)


async def test_a_table_chosen_in_the_lobby_sits_down_with_the_identity_and_watching_makes_none() -> None:
    for watch in (True, False):
        app = CardsuiteApp()
        async with app.run_test(size=(120, 50)) as pilot:
            dialog = await _dialog(app, pilot)
            dialog.lobby()
            await pilot.pause(0.3)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            lobby.dismiss(Seating(lobby.url, code="K7P2QX", name=lobby.person, watch=watch))
            await pilot.pause()
        seating = dialog.sitting
        assert isinstance(seating, Seating) and seating.watch is watch
        if watch:
            assert seating.identity is None and not identity_path().exists()
        else:
            key = load_key()
            assert key is not None and seating.identity == server_key(key, seating.url)
