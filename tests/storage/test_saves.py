"""Autosaves: save → load → continue gives the same match as playing on; damaged saves are moved aside."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.core.errors import CardsuiteError, RecordError
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.saves import Autosave, find_save, list_saves, load_save, read_save, rebuild_match

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
    autosave = Autosave()
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
    autosave = Autosave()
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
        autosave = Autosave(f"2026010{seed}-000000-abcd")
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
    good = Autosave("20260101-000000-good")
    good.save(play_out(new_match(seed=1), random.Random(1), limit=6))
    bad = Autosave("20260102-000000-bad0")
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
    autosave = Autosave()
    assert autosave.finish(match) is None
    assert autosave.path.exists()
