"""Event messages cross the wire intact, and malformed ones are refused with ``WireError``, never a crash."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from cardsuite.core.message import CardRef, CardsRef, RankRef, SeatRef, SuitRef, listed, msg_n
from cardsuite.net.wire import WireError, decode_message, encode_message


def test_every_kind_of_parameter_round_trips_through_json() -> None:
    inner = listed([SeatRef(1), SeatRef(3)])
    message = msg_n("{seat} took {n} with {card}, {cards}, {suit}, {rank}, {half}, {name}, {who}",
                    "{seat} took {n} with {card}, {cards}, {suit}, {rank}, {half}, {name}, {who}", 3,
                    seat=SeatRef(2), card=CardRef(51), cards=CardsRef((0, 13)), suit=SuitRef(1), rank=RankRef(12),
                    half=Fraction(7, 2), name="Ann", who=inner)
    assert decode_message(json.loads(json.dumps(encode_message(message)))) == message


@pytest.mark.parametrize("data", [
    None, [], {"key": 1, "params": []}, {"key": "x"}, {"key": "x", "params": [["a"]]},
    {"key": "x", "params": [["a", True]]}, {"key": "x", "params": [["a", {"seat": "1"}]]},
    {"key": "x", "params": [["a", {"cards": [1, "2"]}]]}, {"key": "x", "params": [["a", {"evil": 1}]]},
    {"key": "x", "params": [["a", 1.5]]}, {"key": "x", "params": [], "plural": 3},
    {"key": "x", "params": [["a", {"$frac": [1, 0]}]]},
])
def test_a_malformed_message_is_a_wire_error(data: object) -> None:
    with pytest.raises(WireError):
        decode_message(data)


def test_a_deeply_nested_message_is_refused_without_recursing_far() -> None:
    data: dict[str, object] = {"key": "x", "params": []}
    for _ in range(200):
        data = {"key": "{m}", "params": [["m", {"message": data}]]}
    with pytest.raises(WireError, match="too deeply"):
        decode_message(data)


def test_a_header_message_in_a_views_table_crosses_the_wire() -> None:
    """A game's header line (``contract_text``) is a message: a remote table shows it in its own language."""
    from cardsuite.core.registry import get_game
    from cardsuite.net.wire import decode_view, encode_view

    game = get_game("napas")
    state = game.new_deal(3, game.resolve_options({}, 3), 0, rng=random.Random(1))
    while state.view(0).phase == "bidding":
        (seat,) = state.to_act
        state.apply(seat, state.legal_actions(seat)[-1])
    view = state.view(0)
    header = view.table["contract_text"]
    assert not isinstance(header, str)
    again = decode_view(json.loads(json.dumps(encode_view(view))))
    assert again.table["contract_text"] == header
    with pytest.raises(WireError):
        decode_view(json.loads(json.dumps(encode_view(view)).replace('"$msg": [{', '"$msg": [1, {')))


def test_a_deal_summary_reaches_a_remote_table_without_a_language() -> None:
    """The ``table`` message's results carry the summary's message; a remote deal page shows it in its language."""
    from cardsuite.core.game import DealSummary
    from cardsuite.core.message import msg
    from cardsuite.net.table import result_json
    from cardsuite.tui.online.remote import _summary_message

    summary = DealSummary(1, "nap", True, False, "seat 1 bid nap made (5 tricks)",
                          message=msg("{seat} bid {bid} and made it ({n} trick)", seat=SeatRef(1), bid="nap"))
    sent = json.loads(json.dumps(result_json(summary, (-10, 40, -10, -20))))
    assert sent["text"] == summary.text and _summary_message(sent.get("message")) == summary.message
    assert "message" not in result_json(DealSummary(text="x"), (0,))
    assert _summary_message(None) is None and _summary_message({"key": 3}) is None
