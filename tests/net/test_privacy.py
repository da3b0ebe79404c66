"""The server never shows a connection a card hidden from it: whole matches of every game, real processes.

Every seat is a real client on loopback (plus a watcher where the core has a public view); each records
every message it receives. After the match the test takes the finished record from the server's history
and replays it with the core, and for every message checks, at the moment the message describes:

1. **Exactly the seat's view**: the view the client rebuilt equals ``state.view(seat)`` (the watcher's:
   ``state.public_view()``), so nothing reaches a connection but what the core's view gives its seat.
2. **No hidden card, by an independent account** (zones of the replayed state, not the view code): no card
   in another seat's hand, the stock, the widow, face-down discards or a pending GOPS bid, that this seat
   has not legitimately seen, appears anywhere in any message: in the hand, the legal actions, an event's
   card or action, or any text (record notation, suit symbols or words).
3. **Napoleon's adjutant stays secret**: until the adjutant card is played, nobody but the adjutant is told
   who it is (no seat's role, no table fact, no private note).
4. **A move marked as the CPU's tells nothing more**: the last seat is handed to the server's CPU, and every
   message's ``by_cpu`` marks only events of that message's own history (whole numbers among those it sent)
   that are that seat's; every connection, the watcher too, is shown such marks.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardsuite.cards import JOKER, card_name, card_symbol, card_text, rank_of
from cardsuite.core.game import State, View
from cardsuite.core.record import parse_action_line
from cardsuite.core.registry import get_game
from cardsuite.net.refusals import read_words
from cardsuite.net.rulewords import read_rule_words
from cardsuite.net.table import watcher_view
from cardsuite.storage.history import History

from .helpers import RecordingClient, play_randomly, running_server, seated_clients

MATCHES = [
    ("nap", 3, {"deals_per_player": 1}),
    ("napas", 3, {"target": 1}),
    ("napoleon", 5, {"games": 1}),
    ("gops", 3, {}),
    ("gops", 2, {"ties": "split"}),
]

MESSAGE_FIELDS = {
    "hello": {"v", "type", "server", "protocol", "limits", "public_url", "web"},
    "ok": {"v", "type", "ref", "table", "code", "seat", "token", "practice"},
    "error": {"v", "type", "ref", "code", "message", "words"},
    "pong": {"v", "type", "ref"},
    "view": {"v", "type", "deal", "step", "timers", "by_cpu", "view"},
    "table": {"v", "type", "table", "code", "game", "title", "players", "status", "you", "host", "cpu",
              "turn_seconds", "grace_seconds", "paused", "options", "seats", "deal", "totals", "results",
              "match_over", "history_id", "public", "rated", "practice", "language", "rematch", "next_code",
              "closed_why"},
}
HIDDEN_ZONES = ("stock", "widow", "discards", "chosen")
RULES_NAMING_CARDS = ("the joker is requested",)
"""Public sentences that name a card by a rule, never by where it is (Napoleon's club 3 led asks for the joker)."""


def _mentions(card: int) -> list[re.Pattern[str]]:
    """Every way a message could write ``card``: record notation, the table's symbols, the log's words."""
    forms = [card_text(card), card_symbol(card), card_symbol(card, ascii_only=True)]
    patterns = [re.compile(rf"(?<![0-9A-Za-z]){re.escape(f)}(?![0-9A-Za-z])") for f in forms]
    words = card_name(card) if card == JOKER else card_name(card).removeprefix("the ")
    patterns.append(re.compile(re.escape(words), re.IGNORECASE))
    return patterns


def _without_rules(text: str) -> str:
    for rule in RULES_NAMING_CARDS:
        text = text.replace(rule, "")
    return text


def _strings(data: Any) -> list[str]:
    """Every string in a JSON value (no recursion limits matter: messages are small and shallow)."""
    out: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


class Knowledge:
    """What each seat may have seen so far, replayed from the record with the core (not from views)."""

    def __init__(self, game: str, players: int) -> None:
        self.game = game
        self.players = players
        self.seen: list[set[int]] = [set() for _ in range(players)]
        self.public: set[int] = set()
        self.adjutant_card: int | None = None

    def new_deal(self) -> None:
        self.seen = [set() for _ in range(self.players)]
        self.public = set()
        self.adjutant_card = None

    def observe(self, state: State, last_action: str | None) -> None:
        """After each step: every seat has seen its own hand; public namings and face-up discards."""
        zones = state.zones()
        for seat in range(self.players):
            self.seen[seat].update(zones.get(f"hand {seat}", ()))
        for name, cards in zones.items():
            if name == "played" or name.startswith(("played ", "taken ")) or name in ("pot", "discarded"):
                self.public.update(cards)
        if self.game == "napoleon":
            self.public.update(c for c in zones.get("discards", ()) if c != JOKER and rank_of(c) >= 10)
            if last_action and last_action.split()[1] == "adjutant":
                game = get_game("napoleon")
                _, action = parse_action_line(game, last_action, self.players)
                self.adjutant_card = int(action.args[0])
                self.public.add(self.adjutant_card)

    def hidden_from(self, state: State, seat: int | None) -> set[int]:
        """Cards ``seat`` (None: a watcher) must not see now."""
        zones = state.zones()
        hidden: set[int] = set()
        for name, cards in zones.items():
            if name.startswith("hand ") and self.game != "gops":  # GOPS hands are whole suits, known to all
                if seat is None or name != f"hand {seat}":
                    hidden.update(cards)
            elif name in HIDDEN_ZONES:
                hidden.update(cards)
        hidden -= self.public
        if seat is not None:
            hidden -= self.seen[seat]
        return hidden

    def adjutant(self, state: State) -> int | None:
        """The adjutant's seat while it is still a secret (None once its card is played, or with none)."""
        if self.adjutant_card is None:
            return None
        zones = state.zones()
        if self.adjutant_card in zones.get("played", ()):
            return None
        for seat in range(self.players):
            if self.adjutant_card in zones.get(f"hand {seat}", ()):
                return seat
        return None


def _check_message(raw: dict[str, Any], view: View | None, seat: int | None, hidden: set[int],
                   adjutant: int | None, where: str) -> None:
    raw = json.loads(json.dumps(raw))
    named = set()
    if isinstance(raw.get("view"), dict):  # naming the adjutant's card offers every card: no location in it
        legal = raw["view"]["legal"]
        named = {a["args"][0] for a in legal if a["verb"] == "adjutant"}
        raw["view"]["legal"] = [a for a in legal if a["verb"] != "adjutant"]
        assert not named or not hidden - named, f"{where}: the cards one may name depend on where cards are"
    texts = [_without_rules(text) for text in _strings(raw)]
    for card in hidden:
        for pattern in _mentions(card):
            for text in texts:
                assert not pattern.search(text), f"{where}: {card_text(card)} is hidden from seat {seat}: {text!r}"
    if view is None:
        return
    assert not hidden & set(view.hand), f"{where}: a hidden card in the hand"
    for action in view.legal:  # the record text names the cards (and the raw scan above read it)
        if action.verb != "adjutant":
            assert not any(p.search(str(action)) for card in hidden for p in _mentions(card)), f"{where}: {action}"
    for event in view.history:
        assert event.card not in hidden, f"{where}: event {event.kind} shows a hidden card"
    if adjutant is not None and seat != adjutant:
        assert all(info.role != "adjutant" for info in view.seats), f"{where}: a seat is shown as the adjutant"
        assert view.table.get("adjutant") is None, f"{where}: the table names the adjutant"
        assert not view.private.get("adjutant"), f"{where}: seat {seat} is told it is the adjutant"


def _check_marks(raw: dict[str, Any], view: View, cpu_seat: int, where: str) -> int:
    """A view message's ``by_cpu``: indices of events it sent, each an event of the seat the CPU plays; how many."""
    marks, body = raw["by_cpu"], raw["view"]
    assert isinstance(marks, list) and len(set(marks)) == len(marks), f"{where}: by_cpu {marks!r}"
    start = body["history_from"]
    for index in marks:
        assert type(index) is int and start <= index < start + len(body["history"]), f"{where}: by_cpu {marks!r}"
        assert view.history[index].seat == cpu_seat, f"{where}: a mark on {view.history[index]}"
    return len(marks)


async def _play(url: str, game: str, players: int, options: dict[str, object], seed: int) -> tuple[list[Any], Any]:
    clients, code = await seated_clients(url, game, players, options)
    await clients[-1].request("cpu", on=True)  # the CPU plays the last seat: its moves are marked as the CPU's
    watcher = RecordingClient(url)
    await watcher.connect()
    await watcher.request("join", code=code, watch=True)
    rng = random.Random(seed)
    players_ = (play_randomly(c, random.Random(rng.random()), level="normal") for c in clients)
    await asyncio.wait_for(asyncio.gather(*players_), 120)
    for client in (*clients, watcher):
        await client.close()
    return clients, watcher


@pytest.mark.parametrize(("game", "players", "options"), MATCHES, ids=[f"{g}-{p}" for g, p, _ in MATCHES])
def test_no_connection_sees_a_hidden_card(tmp_path: Path, game: str, players: int, options: dict[str, object]) -> None:
    with running_server(tmp_path, "--cpu-delay", "0", "--deal-pause", "0", "--turn-seconds", "0",
                        "--rate", "1000") as server:
        clients, watcher = asyncio.run(_play(server.url, game, players, options, seed=11))
    history_id = clients[0].table["history_id"]
    record = History(tmp_path / "history.sqlite3").record(history_id)

    # every message at each moment, by (deal, step): (seat or None for the watcher, view, raw message)
    by_moment: dict[tuple[int, int], list[tuple[int | None, View, dict[str, Any]]]] = {}
    for seat, client in enumerate(clients):
        assert client.views, f"seat {seat} received no view"
        for deal, step, view, raw in client.views:
            by_moment.setdefault((deal, step), []).append((seat, view, raw))
    for deal, step, view, raw in watcher.views:
        by_moment.setdefault((deal, step), []).append((None, view, raw))
    for who, recorded in [*enumerate(clients), ("watcher", watcher)]:
        marked = sum(_check_marks(raw, view, players - 1, f"{game} deal {deal} step {step} seat {who}")
                     for deal, step, view, raw in recorded.views)
        assert marked, f"{who} was shown no move of the CPU's"

    found = get_game(game)
    resolved = found.resolve_options(record["options"], players)
    knowledge = Knowledge(game, players)
    checked = 0
    for number, deal in enumerate(record["deals"]):
        from cardsuite.cards import parse_card

        state = found.new_deal(players, resolved, deal.get("dealer"),
                               hands=[[parse_card(c) for c in h] for h in deal["hands"]],
                               stock=[parse_card(c) for c in deal["stock"]])
        knowledge.new_deal()
        lines: list[str | None] = [None, *deal["actions"]]
        for step, line in enumerate(lines):
            if line is not None:
                seat, action = parse_action_line(found, line, players)
                state.apply(seat, action)
            knowledge.observe(state, line)
            adjutant = knowledge.adjutant(state)
            for seat, view, raw in by_moment.pop((number, step), []):
                where = f"{game} deal {number} step {step} seat {seat}"
                expected = state.view(seat) if seat is not None else watcher_view(state)
                assert view == expected, f"{where}: the message is not exactly the seat's view"
                _check_message(raw, view, seat, knowledge.hidden_from(state, seat), adjutant, where)
                checked += 1
    assert not by_moment, f"messages for moments the record does not have: {sorted(by_moment)[:3]}"
    assert len(watcher.views) > 10, "the watcher was sent no public view"
    assert checked > 10 * players  # every seat was checked at many moments (the deals are random now)

    # the other messages carry no cards: only the fields their type has (an error answers the client's own
    # request, in words about its own action)
    for client in (*clients, watcher):
        for raw in client.log:
            allowed = MESSAGE_FIELDS.get(raw["type"])
            assert allowed is not None, f"an unknown message type {raw['type']!r}"
            assert set(raw) <= allowed, f"a {raw['type']} message with {sorted(set(raw) - allowed)}"
            if raw["type"] == "error":
                assert "ref" in raw, "an error that answers no request of this client"
                read = read_rule_words if raw["code"] == "illegal" else read_words  # a rule's refusal, or the server's
                assert "words" not in raw or read(raw["words"]) is not None, f"an error's words: {raw}"
            if raw["type"] == "table":
                for seat in raw["seats"]:
                    assert type(seat["cpu_moves"]) is int and seat["cpu_moves"] >= 0, f"a seat's cpu_moves: {seat}"
            if raw["type"] == "table" and raw.get("closed_why") is not None:
                why = raw["closed_why"]
                assert set(why) <= {"message", "words"} and isinstance(why["message"], str), f"closed_why: {why}"
                assert "words" not in why or read_words(why["words"]) is not None, f"closed_why's words: {why}"
