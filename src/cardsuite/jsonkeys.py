"""JSON objects whose keys are each given once: the ``object_pairs_hook`` of the bounded JSON reader.

A repeated key (``{"game": "gops", "game": "nap"}``) would otherwise keep its last value unseen.
"""

from __future__ import annotations

from .naming import quoted


class RepeatedKey(ValueError):
    """A key given twice in one object; ``key`` is the key, quoted safely for a line."""

    def __init__(self, key: str) -> None:
        self.key = quoted(key, 40)
        super().__init__(f"key {self.key} is given twice in one object")


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """The object of ``pairs``; ``RepeatedKey`` naming the first key given twice (linear time)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(key)
            seen.add(key)
    return found
