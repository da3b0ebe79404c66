"""A replay to watch (``cardsuite replay FILE`` on a terminal) and the line-by-line game (``--plain``)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from cardsuite.bots import make_bot
from cardsuite.cli.replay import seat_names
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.recordfiles import save_record
from cardsuite.storage.history import History
from cardsuite.tui.plain import PROMPT, PlainTable
from cardsuite.tui.render import Display
from cardsuite.tui.replay import RecordCursor, ReplayApp
from cardsuite.tui.session import Session
from cardsuite.tui.widgets.panels import EventLog

from .helpers import config, screen_text


def _record(game_name: str, players: int, deals: int = 2, seed: int = 5) -> dict[str, object]:
    game = get_game(game_name)
    match = Match(game, players, game.resolve_options({}, players), seed,
                  [SeatSpec(f"P{i}", "cpu", "normal") for i in range(players)])
    bot, rng = make_bot(game, "normal"), random.Random(seed)
    for number in range(deals):
        while not match.deal_over:
            seat = min(match.state.to_act)
            match.act(seat, bot.choose(match.state.view(seat), rng))
        if match.is_over or number == deals - 1:
            break
        match.next_deal()
    return match.record()


def test_the_cursor_steps_through_every_action_and_across_deals() -> None:
    """Forward to the end and back to the start, one action at a time, crossing the deal boundary."""
    result = replay(_record("nap", 4), get_game)
    cursor = RecordCursor(result)
    total = sum(len(d.actions) for d in result.deals)
    forward = 0
    while cursor.move(1):
        forward += 1
    assert forward == total + len(result.deals) - 1  # each deal's start is a step too
    assert cursor.deal == len(result.deals) - 1 and cursor.state().is_over
    assert cursor.totals() == result.totals
    while cursor.move(-1):
        pass
    assert (cursor.deal, cursor.step) == (0, 0) and not cursor.state().events()
    assert cursor.to_deal(1) and cursor.step == 0 and not cursor.to_deal(9)


async def test_the_replay_table_steps_shows_every_hand_on_request_and_quits() -> None:
    """The viewer draws the table; → steps, n goes to the next deal, a shows every hand, q quits."""
    result = replay(_record("nap", 4), get_game)
    app = ReplayApp(result, tuple(seat_names(result)), Display())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "step 0 of" in text and "deal 1 of 2" in text
        await pilot.press("right", "right")
        assert "step 2 of" in screen_text(app)
        hidden = result.deals[0].setup.hands[1][0]
        face = Display().card(hidden).plain
        await pilot.press("a")
        await pilot.pause()
        assert face in screen_text(app)
        await pilot.press("a", "n")
        await pilot.pause()
        assert "deal 2 of 2" in screen_text(app)
        await pilot.press("q")
    assert app.return_code in (0, None)


def test_a_piped_replay_prints_text(tmp_path: Path) -> None:
    """Not on a terminal, ``replay`` prints the match as text, as before (and ``--text`` forces it)."""
    from typer.testing import CliRunner

    from cardsuite.cli import app

    path = tmp_path / "nap.json"
    save_record(path, _record("nap", 4))
    for extra in ([], ["--text"]):
        result = CliRunner().invoke(app, ["replay", str(path), *extra])
        assert result.exit_code == 0 and "Totals" in result.stdout and "won the trick" in result.stdout


class Person(io.StringIO):
    """Types what a person would at each ``> ``: a choice the prompt offers (a seeded random one)."""

    def __init__(self, table: list[PlainTable], seed: int) -> None:
        super().__init__()
        self.table, self.rng, self.lines = table, random.Random(seed), 0

    def readline(self, size: int | None = -1) -> str:
        self.lines += 1
        if self.lines > 3000:
            return ""
        offered = self.table[0].plan
        keys = [it.key for it in offered.items if it.kind == "action"]
        for it in offered.items:
            if it.kind == "list":
                keys += [offered.looks[a].key or "" for a in it.actions if offered.looks[a].key]
        cards = [k for c, k in zip(offered.order, offered.card_keys, strict=False) if c in offered.legal_cards]
        if offered.multi:
            size = min(len(self.table[0].plan.cards_of[a]) for a in offered.card_verbs[offered.verb or ""])
            return " ".join(cards[:max(1, size)]) + "\n"
        choices = keys + cards
        return (self.rng.choice(choices) if choices else "") + "\n"


@pytest.mark.parametrize(("game", "language"), [("napoleon", "en"), ("napas", "lt"), ("nap", "ja")])
def test_a_whole_match_is_played_line_by_line(game: str, language: str) -> None:
    """``--plain``: one line per event, a prompt that says what may be done, keys typed as text; the match
    goes to its end and into the history, in every language."""
    use_language(language)
    found = get_game(game)
    players = found.info.default_players
    seats = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, players)]
    options = {"games": 1} if game == "napoleon" else ({"target": 1} if game == "napas" else
                                                       {"deals_per_player": 1})
    session = Session(config(game, seats, seed=3, **options))
    holder: list[PlainTable] = []
    out = io.StringIO()
    table = PlainTable(session, Person(holder, 3), out)
    holder.append(table)
    assert table.run(), out.getvalue()[-2000:]
    text = out.getvalue()
    assert text.count(PROMPT) > 3 and "Ann" in text
    assert not any(code in text for code in (" KS", " 10H", "seat 0", "play 5")), text[-1500:]
    assert History().matches()[0].game == game


def test_plain_says_each_bid_and_each_deal_result_once() -> None:
    """A winning bid is not said again as the contract right after it (``Ann bid 3``, ``Ann declared 3``), and
    the deal's score line, the log's last, is not said again after "Deal N is over"; the bids, the
    contract won after others passed and the deal's summary and totals are all still said."""
    use_language("en")
    seats = [SeatSpec("Ann"), SeatSpec("CPU 1", "cpu", "easy"), SeatSpec("CPU 2", "cpu", "easy")]
    session = Session(config("nap", seats, seed=2, deals_per_player=2))
    holder: list[PlainTable] = []
    out = io.StringIO()
    table = PlainTable(session, Person(holder, 2), out)
    holder.append(table)
    assert table.run(), out.getvalue()[-2000:]
    lines = out.getvalue().splitlines()
    ends = [i for i, line in enumerate(lines) if line.startswith("Deal ") and line.endswith(" is over")]
    assert len(ends) == 6
    for end in ends:
        assert lines[end - 1] not in lines[end + 1:end + 6], lines[end - 1:end + 6]
        assert " with " in lines[end - 1] or "thrown in" in lines[end - 1] or "passed" in lines[end - 1]
    bids = [i for i, line in enumerate(lines) if " bid " in line and "made it" not in line and "failed" not in line]
    assert bids
    for i, line in enumerate(lines):
        who, said, bid = line.partition(" declared ")
        if said:
            assert lines[i - 1] != f"{who} bid {bid}", lines[i - 1:i + 1]


def test_a_save_that_fails_is_said_at_once_and_once_until_saving_works_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--plain`` on a full disk: the first failed save is said on stderr before the next prompt, not at the
    end; the table's lines stay on stdout alone."""
    import errno

    from cardsuite.storage.saves import Autosave

    full = [True]
    written = Autosave._write

    def write(self: Autosave, match: Match) -> None:
        if full[0]:
            raise OSError(errno.EFBIG, "File too large")
        written(self, match)

    monkeypatch.setattr(Autosave, "_write", write)
    seats = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, 4)]
    session = Session(config("nap", seats, seed=3))
    holder: list[PlainTable] = []
    answers = Person(holder, 3)
    turns: list[str] = []

    class Typing(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            turns.append(err.getvalue())
            if len(turns) == 4:
                full[0] = False  # room again
            elif len(turns) == 6:
                full[0] = True
            return answers.readline() if len(turns) < 9 else ""

    out, err = io.StringIO(), io.StringIO()
    table = PlainTable(session, Typing(), out, err)
    holder.append(table)
    table.run()
    failed = "cardsuite: could not save the match to"
    assert failed not in turns[0] and failed in turns[1]  # said after the first action, before the next prompt
    assert err.getvalue().count(failed) == 2  # once, then again after saving had worked once
    assert err.getvalue().count("cardsuite: the match is saved again") == 1
    assert "cardsuite:" not in out.getvalue()


def _in_play(game_name: str, players: int, finished: int, extra: int, seed: int = 5) -> Match:
    """A match of ``normal`` bots: ``finished`` whole deals, then the first ``extra`` actions of the next one."""
    game = get_game(game_name)
    match = Match(game, players, game.resolve_options({}, players), seed,
                  [SeatSpec(f"P{i}", "cpu", "normal") for i in range(players)])
    bot, rng = make_bot(game, "normal"), random.Random(seed)

    def act() -> None:
        seat = min(match.state.to_act)
        match.act(seat, bot.choose(match.state.view(seat), rng))

    for _number in range(finished):
        while not match.deal_over:
            act()
        match.next_deal()
    for _step in range(extra):
        act()
    assert not match.deal_over
    return match


async def test_a_deal_still_being_played_shows_no_hand_with_a_or_tab() -> None:
    """In a deal the record has not finished, ``a`` and ``Tab`` show no hidden card (the public view only),
    and the screen says why; the finished deal before it still shows every hand."""
    match = _in_play("nap", 4, 1, 5)
    held = {card for seat in range(4) for card in match.state.view(seat).hand}
    result = replay(match.record(), get_game)
    app = ReplayApp(result, tuple(seat_names(result)), Display())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert "deal 2 of 2" in screen_text(app)
        for keys in ((), ("a",), ("tab",), ("tab",), ("tab",), ("a",)):
            await pilot.press(*keys)
            await pilot.pause()
            text = screen_text(app)
            assert "this deal is still being played: its hands stay hidden" in text
            assert not [c for c in held if Display().card(c).plain in text], keys
        await pilot.press("p", "p", "a")  # the finished deal: every hand on request
        await pilot.pause()
        assert "deal 1 of 2" in screen_text(app)
        first = result.deals[0].setup.hands[1][0]
        assert Display().card(first).plain in screen_text(app)
        await pilot.press("q")


async def test_a_gops_round_still_open_keeps_its_choices_hidden() -> None:
    """GOPS: the choices already made in the open round show neither in the log nor on the table, with ``a``
    or from any seat; only "has chosen"."""
    match = _in_play("gops", 3, 0, 5)  # one round (3 choices), then two choices of the next
    result = replay(match.record(), get_game)
    app = ReplayApp(result, tuple(seat_names(result)), Display())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        for keys in ((), ("a",), ("tab",), ("tab",)):
            await pilot.press(*keys)
            await pilot.pause()
            shown = "\n".join(app.screen.query_one(EventLog).shown)
            assert "has chosen" in shown
            assert "chose the" not in shown and "chose the" not in screen_text(app)
        await pilot.press("q")


def test_a_piped_replay_keeps_a_deal_in_play_hidden(tmp_path: Path) -> None:
    """The text of a record whose deal is unfinished prints its public events only (no GOPS choice of the open
    round) and says why; ``--json`` is the result object as before."""
    from typer.testing import CliRunner

    from cardsuite.cli import app

    path = tmp_path / "gops.json"
    record = _in_play("gops", 3, 0, 5).record()
    save_record(path, record)
    result = CliRunner().invoke(app, ["replay", str(path), "--text"])
    assert result.exit_code == 0
    assert "has chosen" in result.stdout and "chose the" not in result.stdout
    assert "this deal is still being played: its hands stay hidden" in result.stdout
    data = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert json.loads(data.stdout) == replay(record, get_game).as_json()
    assert set(json.loads(data.stdout)) == {"game", "players", "complete", "deals", "totals"}


async def test_the_replay_header_gives_the_match_length_not_the_record_length() -> None:
    """A record of the first two deals of an 8-deal Nap match reads ``deal 2 / 8`` in the header, as the table
    does; the step line still counts the record's deals."""
    result = replay(_record("nap", 4), get_game)
    length = result.game.match_length(4, result.options)
    assert length == 8 and len(result.deals) == 2
    app = ReplayApp(result, tuple(seat_names(result)), Display())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        text = screen_text(app)
        assert "deal 2 / 8" in text and "deal 2 / 2" not in text and "deal 2 of 2" in text
        await pilot.press("q")
