"""Autosaves: save → load → continue gives the same match as playing on; damaged saves are moved aside."""

from __future__ import annotations

import calendar
import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.core.errors import CardsuiteError, RecordError
from cardsuite.core.match import LARGEST_SEED
from cardsuite.i18n import use_language
from cardsuite.i18n.render import words_for
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.savefolder import find_save, list_saves, load_save, read_save
from cardsuite.storage.saves import Autosave, rebuild_match

from .helpers import new_match, play_out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(["nap", "napas", "napoleon", "gops"]),
    seed=st.integers(0, 2**31),
    stop=st.integers(0, 60),
)
def test_save_load_continue_equals_playing_on(game: str, seed: int, stop: int) -> None:
    original = new_match(game, seed)
    choices = random.Random(seed)
    play_out(original, choices, limit=stop)
    autosave = Autosave(keep=True)
    assert autosave.save(original)
    record, _ = read_save(autosave.path)
    resumed = rebuild_match(record)
    assert resumed.record() == original.record()
    assert resumed.totals == original.totals and resumed.dealer == original.dealer
    # the same choices from here on give the same match, future deals included
    state = choices.getstate()
    play_out(original, choices, limit=80)
    choices.setstate(state)
    play_out(resumed, choices, limit=80)
    assert resumed.record() == original.record()
    assert resumed.is_over == original.is_over
    autosave.discard()


def test_save_is_a_record_with_an_additive_save_key() -> None:
    match = play_out(new_match(), random.Random(1), limit=10)
    autosave = Autosave(keep=True)
    autosave.count_hint(0)
    autosave.count_undo(0)
    autosave.save(match)
    data = json.loads(autosave.path.read_text(encoding="utf-8"))
    assert data["format"] == "cardsuite-record/1"
    assert data["save"]["seed"] == 7 and data["save"]["id"] == autosave.id
    assert data["save"]["hints"] == [1, 0, 0, 0] and data["save"]["undos"] == [1, 0, 0, 0]
    assert data["save"]["assisted"] is True
    again = Autosave.resumed(data)
    assert (again.id, again.hints, again.undos, again.assisted) == (autosave.id, [1, 0, 0, 0], [1, 0, 0, 0], True)


def test_several_saves_are_listed_newest_first_and_chosen_by_id_prefix() -> None:
    ids = []
    for seed in (1, 2, 3):
        autosave = Autosave(f"2026010{seed}-000000-abcd", keep=True)
        autosave.save(play_out(new_match(seed=seed), random.Random(seed), limit=5))
        ids.append(autosave.id)
    listed = list_saves()
    assert [s.id for s in listed] == sorted(ids, reverse=True)
    assert find_save("20260102").id == ids[1]
    with pytest.raises(CardsuiteError, match="matches 3 saves"):
        find_save("2026")
    with pytest.raises(CardsuiteError, match="no unfinished match"):
        find_save("1999")
    _, match = load_save(ids[2])
    assert match.seed == 3


def test_a_record_without_a_seed_cannot_be_continued() -> None:
    record = play_out(new_match(), random.Random(1), limit=5).record()
    with pytest.raises(RecordError, match=r"save\.seed"):
        rebuild_match(record)


def test_a_seed_that_deals_other_cards_is_refused() -> None:
    autosave = Autosave()
    record = autosave.record(play_out(new_match(), random.Random(1), limit=5))
    meta = record["save"]
    assert isinstance(meta, dict)
    meta["seed"] = 8
    with pytest.raises(RecordError, match="deal 0: the saved cards are not the ones seed 8 deals"):
        rebuild_match(record)


@pytest.mark.parametrize(("seed", "shown"), [(-7, "-7"), (10**18, "1000000000000000000"), (True, "true")])
def test_a_save_seed_that_play_would_refuse_is_refused_in_one_line(seed: object, shown: str) -> None:
    """A save's match seed is one ``--seed`` takes; ``-7`` would deal as ``7`` does, and is refused all the same."""
    record = Autosave().record(play_out(new_match(seed=7), random.Random(1), limit=5))
    meta = record["save"]
    assert isinstance(meta, dict)
    meta["seed"] = seed
    with pytest.raises(RecordError) as caught:
        rebuild_match(record)
    assert str(caught.value) == (f'key "save.seed": the seed must be a whole number from 0 to {LARGEST_SEED}, '
                                 f"written with 0-9 ({shown} is not)")


def _damaged_save_lines(save_id: str, seed: object) -> list[str]:
    """What listing the saves says of a Nap save whose match seed is ``seed`` (``...`` for none)."""
    autosave = Autosave(save_id, keep=True)
    autosave.save(play_out(new_match(seed=7), random.Random(1), limit=5))
    autosave.close()
    data = json.loads(autosave.path.read_text(encoding="utf-8"))
    if seed is ...:
        del data["save"]["seed"]
    else:
        data["save"]["seed"] = seed
    autosave.path.write_text(json.dumps(data), encoding="utf-8")
    assert list_saves() == []
    return paths.take_notices()


@pytest.mark.parametrize("language", ["ja", "lt"])
def test_a_damaged_saves_refusal_is_in_the_readers_language(language: str) -> None:
    use_language(language)
    (negative,) = _damaged_save_lines("20260101-000000-neg7", -7)
    (missing,) = _damaged_save_lines("20260102-000000-none", ...)
    for line in (negative, missing):
        words = line[line.index(".json ") + 6:]  # after the file's name (the test's folder says "damaged")
        assert "save.seed" in words and "damaged" not in words and "moved aside" not in words, line
    assert "-7" in negative and "the seed must be" not in negative, negative
    assert "missing" not in missing and "no match seed" not in missing, missing
    record = Autosave().record(play_out(new_match(seed=7), random.Random(1), limit=5))
    meta = record["save"]
    assert isinstance(meta, dict)
    meta["seed"] = 8
    with pytest.raises(RecordError) as caught:
        rebuild_match(record)
    line = words_for(caught.value.args[0])
    assert "8" in line and "the saved cards" not in line and "another version" not in line, line


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda text: text[: len(text) // 2], "not JSON"),
        (lambda text: "\x00\xff garbage", "not JSON"),
        (lambda text: text.replace('"1 ', '"9 ', 1), "deal 0, action"),
        (lambda text: "[]", "a record is a JSON object"),
    ],
    ids=["truncated", "garbage", "illegal-action", "not-an-object"],
)
def test_damaged_save_is_moved_aside_and_reported(damage: object, why: str, home: Path) -> None:
    good = Autosave("20260101-000000-good", keep=True)
    good.save(play_out(new_match(seed=1), random.Random(1), limit=6))
    bad = Autosave("20260102-000000-bad0", keep=True)
    bad.save(play_out(new_match(seed=2), random.Random(2), limit=6))
    assert callable(damage)
    bad.path.write_text(damage(bad.path.read_text(encoding="utf-8")), encoding="utf-8")
    assert [s.id for s in list_saves()] == [good.id]
    notices = paths.take_notices()
    assert len(notices) == 1 and why in notices[0] and "moved aside" in notices[0]
    aside = list((home / "saves").glob("20260102-000000-bad0.json.corrupt-*"))
    assert len(aside) == 1 and not bad.path.exists()


def test_a_finished_match_left_as_a_save_is_filed_into_the_history() -> None:
    """A kill between writing the last save and filing it loses nothing."""
    match = play_out(new_match("gops", 5), random.Random(5))
    assert match.is_over
    autosave = Autosave()
    autosave.save(match)
    assert list_saves() == []
    assert not autosave.path.exists()
    (entry,) = History().matches()
    assert entry.game == "gops"


def test_finish_files_the_match_once_and_removes_the_save() -> None:
    match = play_out(new_match("gops", 6), random.Random(6))
    autosave = Autosave()
    autosave.count_hint(0)
    first = autosave.finish(match)
    assert first is not None and not autosave.path.exists()
    assert History().record_finished(autosave.record(match)) == first
    assert len(History().matches()) == 1


def test_finish_of_an_unfinished_match_keeps_it_saved() -> None:
    match = play_out(new_match(), random.Random(1), limit=3)
    autosave = Autosave(keep=True)
    assert autosave.finish(match) is None
    assert autosave.path.exists()


def _local(stamp: str) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ"))))


def test_saves_are_listed_so_a_person_can_tell_them_apart() -> None:
    """Game, names with totals, deal k/N, where the deal stands, last played (local time); newest first."""
    older = Autosave("20260101-000000-nap0", keep=True)
    older.save(play_out(new_match("nap", 1), random.Random(1), limit=2))
    newer = Autosave("20260101-000000-gops", keep=True)
    newer.save(play_out(new_match("gops", 2), random.Random(2), limit=7))
    for save, stamp in ((older, "2026-03-01T10:00:00Z"), (newer, "2026-03-02T09:30:00Z")):
        data = json.loads(save.path.read_text(encoding="utf-8"))
        data["save"]["updated"] = stamp
        save.path.write_text(json.dumps(data), encoding="utf-8")
    nap, gops = sorted(list_saves(), key=lambda s: s.game, reverse=True)
    assert [s.id for s in list_saves()] == [newer.id, older.id]
    assert nap.describe() == ("20260101-000000-nap0  Nap: Ann (0), CPU 1 (0), CPU 2 (0), CPU 3 (0); deal 1/8, bidding; "
                              f"last played {_local('2026-03-01T10:00:00Z')}")
    assert gops.deal_text == "deal 1/1" and gops.moment.startswith("round ")
    assert "GOPS: Ann" in gops.describe() and f"last played {_local('2026-03-02T09:30:00Z')}" in gops.describe()
    deep = play_out(new_match("nap", 1), random.Random(1), limit=30)
    Autosave("20260101-000000-nap1", keep=True).save(deep)
    info = next(s for s in list_saves() if s.id == "20260101-000000-nap1")
    assert info.moment == f"trick {deep.state.view(0).table['trick_number']}" or info.moment == "between deals"
    assert info.deal_text == f"deal {len(deep.logs)}/8"


def test_a_match_nobody_has_played_is_not_kept_and_a_finished_one_leaves_the_list() -> None:
    match = new_match("nap", 5)  # Ann is seat 0; the CPUs may bid first
    autosave = Autosave()
    while not any(text.startswith("0 ") for log in match.logs for text in log.actions):
        assert autosave.save(match) and not autosave.path.exists()
        seat = sorted(match.state.to_act)[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    assert autosave.save(match) and autosave.path.exists()
    play_out(match, random.Random(5))
    autosave.save(match)
    assert list_saves() == [] and not autosave.path.exists() and len(History().matches()) == 1


def test_a_save_with_a_long_name_in_japanese_is_written_and_resumed() -> None:
    """A save renamed to a long Japanese name (245 bytes with .json) still saves after every action."""
    match = play_out(new_match(), random.Random(2), limit=12)
    autosave = Autosave("対局" * 40, keep=True)
    assert autosave.save(match), paths.take_notices()
    play_out(match, random.Random(3), limit=3)
    assert autosave.save(match), paths.take_notices()
    (info,) = list_saves()
    assert info.id == "対局" * 40
    _, resumed = load_save(info.id)
    assert resumed.record() == match.record()


def test_a_save_of_a_game_not_installed_is_kept_untouched_not_moved_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    """An uninstalled or failing plugin is no damage: the save stays as it is and comes back with the game."""
    from cardsuite.core.errors import UnknownGame
    from cardsuite.storage import savefolder

    match = play_out(new_match(), random.Random(4), limit=10)
    autosave = Autosave("mine", keep=True)
    assert autosave.save(match)
    record = json.loads(autosave.path.read_text(encoding="utf-8"))
    record["game"] = "whist"
    whist = autosave.path.with_name("mywhist.json")
    whist.write_text(json.dumps(record), encoding="utf-8")
    before = {p.name: p.read_bytes() for p in whist.parent.iterdir()}
    assert [info.id for info in list_saves()] == ["mine"]
    (line,) = paths.take_notices()
    assert "mywhist.json is a match of \"whist\", which cannot be played here" in line and "kept" in line
    with pytest.raises(CardsuiteError, match="no unfinished match"):
        load_save("mywhist")
    assert len(paths.take_notices()) == 1

    def failing(name: str) -> object:  # the plugin of Nap itself fails to load
        raise UnknownGame(f"the game {name!r} failed to load: ImportError: gone")

    with monkeypatch.context() as patched:
        patched.setattr(savefolder, "get_game", failing)
        assert list_saves() == []
        assert len(paths.take_notices()) == 2
    assert {p.name: p.read_bytes() for p in whist.parent.iterdir()} == before  # nothing renamed or changed
    assert [info.id for info in list_saves()] == ["mine"]


@pytest.mark.parametrize("level", ["peek", "bogus"])
def test_a_save_with_a_seat_the_game_cannot_seat_is_listed_as_damaged_and_left_as_it_is(level: str) -> None:
    """``resume --list`` runs the check opening runs: a CPU level the game does not have (``peek`` is
    only for ``simulate``) marks the save as one that cannot be opened; only opening moves it aside."""
    save = Autosave("20260101-000000-peek", keep=True)
    save.save(play_out(new_match("nap", 1), random.Random(1), limit=4))
    data = json.loads(save.path.read_text(encoding="utf-8"))
    data["seats"][1] = {"name": "CPU 1", "kind": "cpu", "level": level}
    save.path.write_text(json.dumps(data), encoding="utf-8")
    before = sorted(p.name for p in save.path.parent.iterdir())
    (info,) = list_saves()
    assert f'seat 1 is a CPU of level "{level}", which Nap does not have' in info.problem
    assert "damaged, cannot be opened" in info.describe()
    assert sorted(p.name for p in save.path.parent.iterdir()) == before
    with pytest.raises(RecordError, match="moved aside"):
        load_save(info.id)
    assert not save.path.exists()


def _unreadable(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """The system refuses to open ``path`` (a save of another user's, mode 0600), even to root."""
    import errno
    import os

    real_open = os.open

    def refusing(name: object, flags: int, *args: object, **kwargs: object) -> int:
        if os.fspath(name) == str(path):  # type: ignore[call-overload]
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(name, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refusing)


def test_a_save_that_cannot_be_read_is_said_kept_and_is_neither_resumed_nor_deleted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsuite.storage.savefolder import delete_save

    autosave = Autosave("mine", keep=True)
    autosave.save(play_out(new_match(seed=3), random.Random(3), limit=5))
    autosave.close()
    before = autosave.path.read_bytes()
    with monkeypatch.context() as refusing:
        _unreadable(refusing, autosave.path)
        assert list_saves() == []
        (line,) = paths.take_notices()
        assert line == (f"cannot read {autosave.path}: Permission denied: the unfinished match mine is kept as it is, "
                        "and listed once it can be read")
        with pytest.raises(CardsuiteError) as resumed:
            load_save("mi")
        assert str(resumed.value) == (f"the save mine cannot be resumed: cannot read {autosave.path}: Permission "
                                      "denied (it is kept as it is)")
        with pytest.raises(CardsuiteError) as deleted:
            delete_save("mine")
        assert str(deleted.value) == (f"the save mine is not deleted: cannot read {autosave.path}: Permission denied "
                                      "(only a save that can be read is abandoned)")
        assert paths.take_notices() == []  # the refusal is the one line
        with pytest.raises(CardsuiteError, match="no unfinished match \"nope\""):
            delete_save("nope")
    assert autosave.path.read_bytes() == before
    assert [info.id for info in list_saves()] == ["mine"]


def test_a_finished_match_whose_last_save_failed_is_filed_and_its_older_save_goes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from cardsuite.storage import saves

    match = new_match("gops", 4)
    rng = random.Random(4)
    autosave = Autosave()
    play_out(match, rng, limit=6)
    assert autosave.save(match) and autosave.path.exists()  # a save of an earlier moment

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_atomically", full)
    play_out(match, rng)
    assert match.is_over and not autosave.save(match)
    assert "could not save the match" in " ".join(paths.take_notices())
    history_id = autosave.finish(match)
    assert history_id == 1 and autosave.lost is None
    assert History().record(1)["deals"] == match.record()["deals"]  # the whole match, not the older save's
    assert not autosave.path.exists() and list_saves() == []  # no unfinished match beside the filed one
    assert paths.take_notices() == []


def test_a_finished_match_neither_saved_nor_filed_says_it_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from cardsuite.storage import saves

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def refused(self: History, record: object) -> int:
        raise CardsuiteError("history database history.sqlite3: database or disk is full")

    monkeypatch.setattr(saves, "write_atomically", full)
    monkeypatch.setattr(History, "record_finished", refused)
    autosave = Autosave(keep=True)
    match = play_out(new_match("gops", 4), random.Random(4))
    assert autosave.finish(match) is None
    assert autosave.lost is not None and str(autosave.lost) == (
        f"the finished match is not kept: saving it to {autosave.path} failed, and so did filing it in the history: "
        "history database history.sqlite3: database or disk is full")
