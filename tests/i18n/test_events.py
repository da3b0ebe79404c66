"""Event lines are messages: every event of every game carries one, and Japanese and Lithuanian translate it.

Whole deals of each game (and the options that make their own events) are played with random legal
actions; every event met must have a ``message`` whose keys, and the keys of the messages nested in it,
are in the ja and lt catalogs. A match recorded in one language then reads in any other.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardsuite.core.game import Event
from cardsuite.core.message import Message
from cardsuite.core.registry import get_game
from cardsuite.i18n.catalogs import translations
from cardsuite.i18n.render import event_text

CASES = [
    ("nap", 4, {}), ("nap", 3, {"above_nap": "blucher"}),
    ("napas", 4, {}), ("napas", 2, {}), ("napas", 6, {}),
    ("napoleon", 5, {}), ("napoleon", 5, {"jokers": 0}), ("napoleon", 5, {"beginner": True}),
    ("gops", 2, {}), ("gops", 3, {}), ("gops", 2, {"ties": "split"}), ("gops", 2, {"ties": "discard"}),
    ("gops", 2, {"negative_faces": True}),
]


def events_of(game: str, players: int, options: dict[str, object], deals: int) -> Iterator[Event]:
    """Every event of ``deals`` random deals (random legal actions, seeded)."""
    found = get_game(game)
    resolved = found.resolve_options(options, players)
    rng = random.Random(f"{game}{players}{options}")
    for deal in range(deals):
        state = found.new_deal(players, resolved, deal % players, rng=rng)
        yield from state.log
        while not state.is_over:
            seat = min(state.to_act)
            yield from state.apply(seat, rng.choice(state.legal_actions(seat)))


def keys(message: Message) -> Iterator[tuple[str | None, str, str | None]]:
    """``(context, key, plural)`` of ``message`` and of every message among its parameters."""
    yield message.context, message.key, message.plural
    for _name, value in message.params:
        if isinstance(value, Message):
            yield from keys(value)


def translated(catalog: object, context: str | None, key: str, plural: str | None) -> bool:
    """Whether the compiled ``catalog`` holds a translation of this message (not the English fallback)."""
    entries: dict[object, str] = getattr(catalog, "_catalog", {})
    msgid = key if context is None else f"{context}\x04{key}"
    return (msgid, 0) in entries if plural is not None else msgid in entries


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_event_has_a_message_translated_into_japanese_and_lithuanian(
        game: str, players: int, options: dict[str, object]) -> None:
    catalogs = {language: translations(language) for language in ("ja", "lt")}
    kinds: set[str] = set()
    for event in events_of(game, players, options, deals=12):
        assert isinstance(event.message, Message), f"{game}: a {event.kind} event has no message: {event.text}"
        kinds.add(event.kind)
        for context, key, plural in keys(event.message):
            for language, catalog in catalogs.items():
                assert translated(catalog, context, key, plural), f"{language} lacks {key!r} ({context})"
    assert {"trick", "play"} <= kinds or game == "gops"


def test_an_event_reads_in_the_readers_language_with_the_players_names() -> None:
    event = next(e for e in events_of("napoleon", 5, {}, deals=1) if e.kind == "contract")
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    english = event_text(event, names, translations("en"))
    japanese = event_text(event, names, translations("ja"))
    assert names[event.seat or 0] in english and names[event.seat or 0] in japanese
    assert "Napoleon" in english and "ナポレオン" in japanese and "Napoleon" not in japanese
