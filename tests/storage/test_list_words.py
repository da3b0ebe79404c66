"""The lists of finished matches in the reader's words: ``history`` and ``stats`` name a CPU by its level's
words, mark a person named like a CPU in the reader's language, show local times and keep their columns
with Japanese in them; the keys (``--json``, ratings) stay as they are."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsuite.i18n import use_language
from cardsuite.storage.history import History, HistoryEntry
from cardsuite.storage.listwords import cells, label_words
from cardsuite.storage.ratings import SHARED, seat_labels
from cardsuite.storage.stats import stats, stats_lines

from .test_history import finished


def test_history_and_stats_name_the_cpu_levels_in_the_readers_words() -> None:
    History().record_finished(finished("nap", 3))  # Ann, CPU easy, CPU normal, CPU normal
    (entry,) = History().matches()
    english = entry.describe()
    assert "CPU easy (" in english and "CPU normal [2] (" in english
    use_language("ja")
    line = entry.describe()
    assert "CPU やさしい（" in line and "CPU ふつう [1]（" in line and "CPU ふつう [2]（" in line
    assert "easy" not in line and "normal" not in line
    assert line.endswith("）") and "(" not in line  # the winner in the language's own brackets too
    shown = stats_lines(stats())
    assert any(row.startswith("  CPU ふつう: ") for row in shown)
    assert any(row.strip().startswith("CPU やさしいと対戦：") for row in shown)
    assert not any("normal" in row or "easy" in row for row in shown)
    # the keys stay English: the JSON of `history` and `stats`, and the ratings
    assert entry.names == ("Ann", "CPU easy", "CPU normal [1]", "CPU normal [2]")
    assert set(stats()["games"]["nap"]["players"]) == {"Ann", "CPU easy", "CPU normal"}


def test_a_person_named_like_a_cpu_and_a_shared_seat_are_marked_in_the_readers_words() -> None:
    use_language("ja")
    person = label_words("human", "CPU easy", "CPU easy (person)")
    shared = label_words(SHARED, "Ann", "Ann (with the CPU)")
    assert person.startswith("CPU easy") and "person" not in person
    assert shared.startswith("Ann") and "with the CPU" not in shared
    assert label_words("cpu", "CPU hard:64", "CPU hard:64 [2]") == "CPU hard:64 [2]"


@given(st.lists(st.tuples(st.sampled_from(["human", "cpu", SHARED]),
                          st.sampled_from(["Ann", "CPU easy", "cpu:hard", "CPU normal", "CPU hard:64", "Bob [2]"])),
                min_size=1, max_size=6))
def test_in_english_the_words_are_the_labels_themselves(seats: list[tuple[str, str]]) -> None:
    use_language("en")
    assert [label_words(kind, player, label) for (kind, player), label in zip(seats, seat_labels(seats),
                                                                               strict=True)] == seat_labels(seats)


def test_a_finished_match_is_listed_at_its_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "JST-9")
    time.tzset()
    try:
        line = HistoryEntry(1, "nap", "2026-03-01T10:00:00Z", 8, ("Ann",), (3.0,), ("win",)).describe()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    assert "  2026-03-01 19:00  " in line and "T10:00" not in line


@pytest.mark.parametrize("language", ["en", "ja", "lt"])
def test_the_totals_start_in_one_column_whatever_the_number_of_deals(language: str) -> None:
    use_language(language)
    lines = [HistoryEntry(1, "nap", "2026-03-01T10:00:00Z", deals, ("Ann",), (3.0,), ("win",)).describe()
             for deals in (1, 8, 100)]
    starts = [cells(line[: line.index("Ann")]) for line in lines]
    assert len(set(starts)) == 1, lines
