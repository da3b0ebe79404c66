"""A table that stops a match its rules have not ended: nobody is named the winner, nothing goes into the
history, and the match stays saved to resume."""

from __future__ import annotations

import io

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.games.napas import Napas
from cardsuite.i18n import use_language
from cardsuite.storage.history import History
from cardsuite.storage.savefolder import list_saves, load_save
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.reports import stopped_words
from cardsuite.tui.session import Session

from .helpers import config, drive, random_legal, table_app
from .test_replay_and_plain import Person


def test_a_plain_table_stops_after_the_deal_limit_and_keeps_the_match_to_resume(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Napas, "deal_limit", lambda self, players, options: 2)
    seats = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, 4)]
    session = Session(config("napas", seats, seed=3, target=1000))
    holder: list[PlainTable] = []
    out = io.StringIO()
    table = PlainTable(session, Person(holder, 3), out)
    holder.append(table)
    table.run()
    text = out.getvalue()
    assert "The match stops here" in text and "The match is over" not in text, text[-1500:]
    assert "After 2 deals nobody has won: the table stops here, and the match stays saved" in text
    assert "winner" not in text and "tied" not in text
    assert History().matches() == []
    saves = list_saves()
    assert len(saves) == 1 and saves[0].deals == 2 and not saves[0].complete
    _record, match = load_save(saves[0].id)
    assert not match.stopped and not match.is_over and len(match.results) == 2


async def test_the_table_screen_says_the_match_stops_and_names_no_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Napas, "deal_limit", lambda self, players, options: 1)
    seats = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, 4)]
    app = table_app(config("napas", seats, seed=3, target=1000))
    async with app.run_test(size=(100, 30)) as pilot:
        run = await drive(pilot, app, random_legal(2))
    assert "The match stops here" in run.match_page and "After 1 deal nobody has won" in run.match_page
    assert "winner" not in run.match_page and "tied" not in run.match_page
    assert History().matches() == [] and len(list_saves()) == 1


@pytest.mark.parametrize(("language", "words"), [("ja", "100ディールを終えても勝者がいません"),
                                                  ("lt", "Po 100 dalinių niekas nelaimėjo")])
def test_the_stop_is_said_in_the_readers_language(language: str, words: str) -> None:
    use_language(language)
    assert stopped_words(100, saved=True).startswith(words)
    assert stopped_words(1, saved=False) in ("1ディールを終えても勝者がいません。テーブルはここで止まります。",
                                             "Po 1 dalinio niekas nelaimėjo: stalas čia sustoja.")


def test_a_plain_table_stopped_while_its_save_fails_says_the_match_is_not_saved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from cardsuite.core.errors import CardsuiteError
    from cardsuite.tui.plain import run_plain

    monkeypatch.setattr(Napas, "deal_limit", lambda self, players, options: 1)
    seats = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, 4)]
    sessions: list[Session] = []

    def failing_session(table_config: object) -> Session:
        session = Session(config("napas", seats, seed=3, target=1000))
        sessions.append(session)
        saves = session.autosave
        saves.kept = True
        assert saves.save(session.match)  # a save of the first moment stays behind

        def full(match: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(saves, "_write", full)
        return session

    holder: list[PlainTable] = []
    out = io.StringIO()
    real_init = PlainTable.__init__

    def remember(self: PlainTable, *args: object, **kwargs: object) -> None:
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        holder.append(self)

    monkeypatch.setattr(PlainTable, "__init__", remember)
    with pytest.raises(CardsuiteError, match=r"the match is not saved as it stands: saving it to .* failed"):
        run_plain(config("napas", seats, seed=3, target=1000), Person(holder, 3), out,
                  failing_session)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "The match stops here" in text and "the match stays saved" not in text, text[-1500:]
