"""``core.views.LazyTable``: each entry built once, on first reading; a missing key reads as a mapping's."""

from __future__ import annotations

import pytest

from cardsuite.core.views import LazyTable


class Source:
    """Counts how often each entry is built."""

    def __init__(self) -> None:
        self.built: list[str] = []

    def entry(self, name: str, value: object) -> object:
        self.built.append(name)
        return value


def table(src: Source) -> LazyTable:
    return LazyTable(src, {"trump": lambda s: s.entry("trump", 2), "none": lambda s: s.entry("none", None)})


def test_each_entry_is_built_once_whichever_way_it_is_read() -> None:
    src = Source()
    lazy = table(src)
    assert lazy.get("trump") == 2 and lazy["trump"] == 2 and lazy.get("trump", 9) == 2
    assert lazy["none"] is None and lazy.get("none", 9) is None  # None is a value, not "missing"
    assert src.built == ["trump", "none"]
    assert dict(lazy) == {"trump": 2, "none": None}
    assert src.built == ["trump", "none"]


def test_a_missing_key_reads_as_in_any_mapping_and_builds_nothing() -> None:
    src = Source()
    lazy = table(src)
    assert lazy.get("beginner") is None and lazy.get("beginner", False) is False
    assert "beginner" not in lazy and "trump" in lazy
    with pytest.raises(KeyError):
        lazy["beginner"]
    assert src.built == [] and len(lazy) == 2
