"""The history database: filing, statistics, ratings, and damaged databases."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from cardsuite.core.errors import CardsuiteError
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.ratings import Rating, ranks_of, rate_match, rate_played, seat_labels
from cardsuite.storage.saves import Autosave
from cardsuite.storage.stats import stats, stats_lines

from .helpers import new_match, play_out


def finished(game: str, seed: int) -> dict[str, object]:
    match = play_out(new_match(game, seed), random.Random(seed))
    autosave = Autosave(f"{game}-{seed}")
    autosave.count_hint(0)
    autosave.count_hint(0)
    autosave.count_undo(0)
    return autosave.record(match)


def test_stats_count_what_the_records_hold() -> None:
    records = [finished("nap", seed) for seed in (1, 2, 3)]
    for record in records:
        History().record_finished(record)
    ann = stats("nap")["games"]["nap"]["players"]["Ann"]
    wins = declared = made = defended = 0
    contracts: dict[str, list[int]] = {}
    for record in records:
        checked = replay(record, get_game)
        best = max(checked.totals)
        wins += checked.totals[0] == best and list(checked.totals).count(best) == 1
        for deal in checked.deals:
            s = deal.summary
            if s.redeal or s.declarer is None:
                continue
            if s.declarer == 0:
                declared += 1
                made += bool(s.made)
                tally = contracts.setdefault(str(s.contract), [0, 0])
                tally[0] += 1
                tally[1] += bool(s.made)
            else:
                defended += 1
    assert ann["matches"] == 3 and ann["wins"] == wins
    assert ann["roles"].get("declarer", {"deals": 0, "won": 0}) == {"deals": declared, "won": made}
    assert ann["roles"].get("defender", {"deals": 0})["deals"] == defended
    assert {c: [v["bid"], v["made"]] for c, v in ann["contracts"].items()} == contracts
    assert ann["hints"] == 6 and ann["undos"] == 3
    assert ann["vs_cpu"]["easy"]["matches"] == 3 and ann["vs_cpu"]["normal"]["matches"] == 3
    assert ann["rating"]["matches"] == 3
    assert any(line.startswith("  Ann: 3 played") for line in stats_lines(stats()))


def test_stats_name_each_game_by_its_title_in_the_readers_language() -> None:
    History().record_finished(finished("nap", 1))
    assert stats_lines(stats())[0] == "Nap: 1 match"
    use_language("ja")
    assert stats_lines(stats())[0] == "ナップ：1マッチ"


def test_napoleon_roles_are_napoleon_adjutant_and_allies() -> None:
    History().record_finished(finished("napoleon", 4))
    players = stats("napoleon")["games"]["napoleon"]["players"]
    roles = {role for p in players.values() for role in p["roles"]}
    assert roles <= {"napoleon", "adjutant", "allies"} and {"napoleon", "allies"} <= roles


def test_history_lists_and_returns_the_record() -> None:
    record = finished("gops", 2)
    match_id = History().record_finished(record)
    (entry,) = History().matches()
    assert entry.id == match_id and entry.game == "gops" and entry.names[0] == "Ann"
    assert History().record(match_id) == record
    with pytest.raises(CardsuiteError, match="no match 99"):
        History().record(99)


def test_an_unfinished_match_is_not_filed() -> None:
    record = Autosave().record(play_out(new_match(), random.Random(1), limit=4))
    with pytest.raises(CardsuiteError, match="not finished"):
        History().record_finished(record)


def test_a_draw_rates_between_a_win_and_a_loss() -> None:
    priors = [Rating(), Rating()]
    win = rate_match(priors, ["A", "B"], [10, 5])["A"]
    draw = rate_match(priors, ["A", "B"], [5, 5])["A"]
    loss = rate_match(priors, ["A", "B"], [5, 10])["A"]
    assert win.mu > draw.mu > loss.mu
    # a shared first place among three is between first alone and second
    shared = rate_match([Rating()] * 3, ["A", "B", "C"], [9, 9, 1])["A"]
    first = rate_match([Rating()] * 3, ["A", "B", "C"], [9, 5, 1])["A"]
    second = rate_match([Rating()] * 3, ["A", "B", "C"], [5, 9, 1])["A"]
    assert first.mu > shared.mu > second.mu
    # and at a table of five
    five = [Rating()] * 5
    keys = ["A", "B", "C", "D", "E"]
    assert (rate_match(five, keys, [9, 5, 4, 3, 1])["A"].mu > rate_match(five, keys, [9, 9, 4, 3, 1])["A"].mu
            > rate_match(five, keys, [5, 9, 4, 3, 1])["A"].mu)
    assert ranks_of([3, 9, 9, 1]) == [3, 1, 1, 4]


def test_two_seats_of_one_cpu_level_give_it_one_rating() -> None:
    out = rate_match([Rating()] * 3, ["Ann", "CPU hard", "CPU hard"], [9, 5, 1])
    assert set(out) == {"Ann", "CPU hard"} and out["CPU hard"].matches == 1


def test_help_can_only_cost_a_player() -> None:
    """A seat rated apart (``A+``, which ``A`` played with help) leaves ``A`` as it was when it wins, and costs
    ``A`` what losing it alone would have when it loses; nobody else is moved by the charge. Where ``A`` also
    played a seat of their own, the lower of the two ratings stands."""
    priors = {"A": Rating(30, 5, 4), "A+": Rating(), "B": Rating()}
    keys, helped = ["A+", "B"], [["A"], ["B"]]
    assert rate_played(priors, keys, [9, 1], helped) == rate_match([Rating(), Rating()], keys, [9, 1])
    lost = rate_played(priors, keys, [1, 9], helped)
    assert lost["A"] == rate_match([priors["A"], Rating()], ["A", "B"], [1, 9])["A"]
    assert {k: lost[k] for k in keys} == rate_match([Rating(), Rating()], keys, [1, 9])
    assert lost["A"].ordinal < priors["A"].ordinal and lost["A"].matches == 5
    three = {**priors, "C": Rating()}
    own = rate_match([three[k] for k in ["A", "A+", "C"]], ["A", "A+", "C"], [9, 1, 5])
    both = rate_played(three, ["A", "A+", "C"], [9, 1, 5], [["A"], ["A"], ["C"]])
    alone = rate_match([three[k] for k in ["A", "A", "C"]], ["A", "A", "C"], [9, 1, 5])["A"]
    assert both["A"] == min(own["A"], alone, key=lambda r: r.ordinal) and both["A+"] == own["A+"]


def test_a_local_seat_handed_to_the_cpu_costs_its_person_a_loss_only(home: Path) -> None:
    """Ann's seat, where the CPU made an action: a loss lowers Ann's own rating as well as rating the seat
    apart; a win is rated apart only."""
    outcomes: dict[bool, dict[str, Rating]] = {}
    for seed in range(1, 40):
        record = finished("gops", seed)
        totals = replay(record, get_game).totals
        won = totals[0] > max(totals[1:])
        if won in outcomes or (not won and totals[0] == max(totals)):
            continue
        save = record["save"]
        assert isinstance(save, dict)
        save["cpu"], save["assisted"] = [1] + [0] * (len(totals) - 1), True
        before = History().ratings("gops").get("gops", {})
        History().record_finished(record)
        after = History().ratings("gops")["gops"]
        assert "Ann (with the CPU)" in after
        outcomes[won] = {"before": before.get("Ann", Rating()), "after": after.get("Ann", Rating())}
        if len(outcomes) == 2:
            break
    assert outcomes[True]["after"] == outcomes[True]["before"]
    assert outcomes[False]["after"].ordinal < outcomes[False]["before"].ordinal


def helped_seat(seed: int) -> tuple[dict[str, object], bool]:
    """A GOPS match where the CPU made an action of Ann's seat, and whether Ann's seat won it alone."""
    record = finished("gops", seed)
    totals = replay(record, get_game).totals
    save = record["save"]
    assert isinstance(save, dict)
    save["cpu"], save["assisted"] = [1] + [0] * (len(totals) - 1), True
    return record, totals[0] > max(totals[1:])


def test_stats_show_a_person_whose_only_match_is_a_charged_loss(home: Path) -> None:
    """Ann's only match: her seat, helped by the CPU, lost. Her rating counts it; so does her line in stats, as one
    match played and lost, beside the seat's own line (``Ann (with the CPU)``). A win charges her nothing."""
    lost = next(record for record, won in map(helped_seat, range(1, 40)) if not won)
    History().record_finished(lost)
    rating = History().ratings("gops")["gops"]["Ann"]
    players = stats("gops")["games"]["gops"]["players"]
    ann = players["Ann"]
    assert (ann["kind"], ann["matches"], ann["losses"], ann["wins"] + ann["draws"]) == ("human", 1, 1, 0)
    assert ann["rating"]["matches"] == rating.matches == 1
    assert players["Ann (with the CPU)"]["matches"] == 1
    lines = stats_lines(stats("gops"))
    assert any(line.startswith("  Ann: 1 played, 0 won, 0 drawn, 1 lost; rating ") for line in lines), lines
    won = next(record for record, won in map(helped_seat, range(1, 40)) if won)
    History().record_finished(won)
    assert stats("gops")["games"]["gops"]["players"]["Ann"]["matches"] == 1


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_database_is_moved_aside_and_a_new_one_started(damage: str, home: Path) -> None:
    History().record_finished(finished("gops", 1))
    db = paths.history_path()
    if damage == "garbage":
        db.write_bytes(b"this is not a database at all" * 200)
    else:
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        data = db.read_bytes()
        db.write_bytes(data[: len(data) // 2])
    assert History().matches() == []
    (notice,) = paths.take_notices()
    assert "history.sqlite3 is damaged" in notice and "moved aside" in notice
    assert len(list(home.glob("history.sqlite3.corrupt-*"))) >= 1
    # the new database works
    History().record_finished(finished("gops", 2))
    assert len(History().matches()) == 1


def test_history_tells_apart_the_seats_of_one_cpu_level() -> None:
    record = finished("nap", 3)  # Ann, CPU easy, CPU normal, CPU normal
    History().record_finished(record)
    (entry,) = History().matches()
    assert entry.names == ("Ann", "CPU easy", "CPU normal [1]", "CPU normal [2]")
    line = entry.describe()
    assert "CPU normal [1]" in line and "CPU normal [2]" in line
    for name, total in zip(entry.names, entry.totals, strict=True):  # the total in brackets, never read as the name's
        assert f"{name} ({total:g})" in line
    assert set(History().ratings("nap")["nap"]) == {"Ann", "CPU easy", "CPU normal"}


def test_seat_labels_number_only_repeated_identities_in_seat_order() -> None:
    seats = [("cpu", "CPU normal"), ("human", "Ann"), ("cpu", "CPU normal"), ("human", "CPU easy"),
             ("cpu", "CPU normal")]
    assert seat_labels(seats) == ["CPU normal [1]", "Ann", "CPU normal [2]", "CPU easy (person)", "CPU normal [3]"]


def _cannot_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """The database's folder cannot be written (as on a read-only file system)."""
    monkeypatch.setattr(History, "_may_write", lambda self: False)


def test_a_reader_that_cannot_write_leaves_a_damaged_database_where_it_is(home: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    History().record_finished(finished("gops", 1))
    db = paths.history_path()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE ratings SET mu = mu + 1")  # passes quick_check, fails the checksum
    conn.close()
    with monkeypatch.context() as patch:
        _cannot_write(patch)
        with pytest.raises(paths.StorageError, match=r"is damaged .*left as it is"):
            History().matches()
    assert paths.take_notices() == [] and not list(home.glob("history.sqlite3.corrupt-*"))
    assert len(History().matches()) == 1 and list(home.glob("history.sqlite3.corrupt-*"))  # a writer moves it


def _older_schema_database() -> Path:
    """A history of one match as the first schema (0) wrote it, with no checksums; its path."""
    History().record_finished(finished("gops", 1))
    db = paths.history_path()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE matches SET checksum = NULL, record_sum = NULL")
        conn.execute("PRAGMA user_version = 0")
    conn.close()
    return db


def test_a_reader_that_cannot_write_does_not_upgrade_an_older_database(home: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    db = _older_schema_database()
    _cannot_write(monkeypatch)
    with pytest.raises(paths.StorageError, match=r"older cardsuite \(schema 0\); it is upgraded by the next run"):
        stats()
    assert not list(home.glob("history.sqlite3.schema-*"))
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (0,)
    conn.close()


def test_an_empty_database_file_reads_as_an_empty_history_without_writing(home: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    home.mkdir()
    paths.history_path().write_bytes(b"")
    _cannot_write(monkeypatch)
    assert History().matches() == [] and History().ratings() == {}
    assert paths.history_path().read_bytes() == b""


def test_a_reader_reads_read_only_when_the_database_will_not_open_for_writing(home: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (or any file system that refuses a write) lets the history be read, and filing says why not."""
    record = finished("gops", 1)
    History().record_finished(record)
    connect = sqlite3.connect

    def refusing(database: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        if not kwargs.get("uri"):
            raise sqlite3.OperationalError("unable to open database file")
        return connect(database, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", refusing)
    (entry,) = History().matches()
    assert History().record(entry.id) == record and stats("gops")["games"]["gops"]["matches"] == 1
    with pytest.raises(CardsuiteError, match="unable to open database file"):
        History().record_finished(finished("gops", 2))


def test_an_older_database_whose_copy_cannot_be_written_is_neither_upgraded_nor_left_half_copied(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file as it was is copied aside before an upgrade; when that copy cannot be made (a full disk), the
    run says so in one line, upgrades nothing, and leaves no unfinished copy behind."""
    db = _older_schema_database()

    class Full(sqlite3.Connection):
        def backup(self, *_args: object, **_kwargs: object) -> None:
            raise sqlite3.OperationalError("database or disk is full")

    real_connect = sqlite3.connect

    def connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        return real_connect(*args, **{**kwargs, "factory": Full})  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", connect)
    with pytest.raises(paths.StorageError, match=r"older cardsuite \(schema 0\)"):  # read as the disk allows
        History().matches()
    monkeypatch.undo()
    assert not list(home.glob("history.sqlite3.schema-*"))
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (0,)
    conn.close()


def test_an_older_database_whose_copy_cannot_be_made_says_so_in_one_line(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder that takes no new file (a full disk) refuses the copy before the upgrade: one line, no
    traceback, nothing upgraded."""
    import errno
    import os

    db = _older_schema_database()
    real_open = os.open

    def full(path: object, flags: int, *args: object) -> int:
        if ".schema-" in str(path):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", full)
    with pytest.raises(paths.StorageError, match=r"No space left on device|older cardsuite \(schema 0\)"):
        History().matches()
    monkeypatch.undo()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (0,)
    conn.close()
