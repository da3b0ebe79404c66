"""The home screen's lists in the player's language: CPU levels, CPU speeds and each option's choices go
through the catalogs (the values behind them stay the identifiers ``--cpu`` and ``--option`` take)."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from cardsuite.core.registry import all_games
from cardsuite.i18n import CLOSE, LANGUAGES, OPEN, PSEUDO, use_language
from cardsuite.storage.history import game_title
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens import home as home_module
from cardsuite.tui.screens.home import HomeScreen


def word_lists(home: HomeScreen) -> dict[str, list[tuple[str, object]]]:
    """Each list of the form but the language and the game: its id, and its (prompt, value) pairs."""
    found: dict[str, list[tuple[str, object]]] = {}
    for select in home.query(Select).results():
        if select.id and select.id.startswith(("seat-kind-", "opt-", "speed")):
            found[select.id] = [(str(prompt), value) for prompt, value in select._options]
    return found


async def home_lists(game: str) -> dict[str, list[tuple[str, object]]]:
    """The home screen's lists of words once ``game`` is chosen, in the language in use."""
    app = CardsuiteApp()
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#game", Select).value = game
        await pilot.pause()
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen) and home.game_name == game
        return word_lists(home)


@pytest.mark.parametrize("game", [g.info.name for g in all_games()])
async def test_every_word_of_the_home_lists_goes_through_the_catalogs(game: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(home_module, "LANGUAGES", (*LANGUAGES, PSEUDO))  # else the language list picks English
    use_language(PSEUDO)
    lists = await home_lists(game)
    assert "speed" in lists and "seat-kind-1" in lists
    for wid, options in lists.items():
        for prompt, value in options:
            if str(value).replace("/", "").isdigit():  # a number is the same in every language
                continue
            assert prompt.startswith(OPEN) and prompt.endswith(CLOSE), (wid, prompt, value)
            if wid.startswith("seat-kind-") and value != "human":  # "CPU {level}", the level in words too
                assert prompt.count(OPEN) == 2, (wid, prompt)


def test_the_history_names_a_game_by_its_title_in_words() -> None:
    use_language(PSEUDO)
    assert game_title("gops") == f"{OPEN}GOPS{CLOSE}"
    assert game_title("no-such-game") == "no-such-game"


@pytest.mark.parametrize("language", ["ja", "lt"])
@pytest.mark.parametrize("game", ["gops", "nap", "napas", "napoleon"])
async def test_the_home_lists_have_no_english_word_in_japanese_or_lithuanian(game: str, language: str) -> None:
    """Every level, speed and choice in words is translated; a number stays a number."""
    from cardsuite.i18n.levels import LEVEL_WORDS
    from cardsuite.tui.words import SPEED_WORDS

    use_language(language)
    lists = await home_lists(game)
    english = {word for _c, word in (*LEVEL_WORDS.values(), *SPEED_WORDS.values())}
    for wid, options in lists.items():
        for prompt, value in options:
            if str(value).replace("/", "").isdigit():
                continue
            words = set(prompt.replace("_", " ").split())
            assert prompt != str(value) and not words & english, (wid, prompt, value)


async def test_the_ratings_name_the_cpus_in_the_readers_words() -> None:
    """The home screen's ratings say a CPU as ``history`` and ``stats`` do (``CPU やさしい``, not ``CPU easy``)."""
    from cardsuite.storage.history import History

    from ..storage.test_history import finished
    from ..tui.helpers import screen_text

    History().record_finished(finished("nap", 3))  # Ann, CPU easy, CPU normal, CPU normal
    use_language("ja")
    app = CardsuiteApp()
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#game", Select).value = "nap"
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
    assert "CPU やさしい" in text and "CPU ふつう" in text and "Ann" in text
    assert "CPU easy" not in text and "CPU normal" not in text
