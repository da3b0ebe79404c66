"""GOPS ``ties=rebid`` (decision 5 of the rules spec): a tied prize is bid for again, from the cards left."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.bots import make_bot
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.games.gops.faces import FACE_LETTERS, FACE_OF
from cardsuite.recordfiles import save_record

GOPS = get_game("gops")


def game(players: int, stock: list[int], **options: object) -> object:
    resolved = GOPS.resolve_options({"ties": "rebid", **options}, players)
    return GOPS.new_deal(players, resolved, None, stock=stock)


def bid(state: object, *ranks: str) -> None:
    for seat, rank in enumerate(ranks):
        state.apply(seat, GOPS.parse_action(f"play {rank}"))  # type: ignore[attr-defined]


def prize_pile() -> list[int]:
    """The 13 diamonds, ace first (each turned in that order)."""
    state = GOPS.new_deal(2, GOPS.resolve_options({}, 2), None, rng=random.Random(0))
    return sorted(state.setup().stock, key=lambda c: FACE_OF[c])


def test_a_tie_is_bid_for_again_and_the_cards_stay_played() -> None:
    pile = prize_pile()
    stock = [pile[4], pile[9], *[c for c in pile if c not in (pile[4], pile[9])]]  # 5 first, then 10
    state = game(2, stock, play_out=True)
    bid(state, "8", "8")
    table = state.view(0).table  # type: ignore[attr-defined]
    assert table["prize"] == pile[4] and table["pot"] == () and table["points"] == (0, 0)
    assert table["remaining"][0] == table["remaining"][1] and 8 not in table["remaining"][0]
    assert table["round"] == 2
    bid(state, "K", "2")
    table = state.view(0).table  # type: ignore[attr-defined]
    assert table["points"] == (5, 0) and table["prize"] == pile[9]  # the 5 alone, and then the next prize
    kinds = [e.kind for e in state.events() if e.kind in ("prize", "tie", "award")]  # type: ignore[attr-defined]
    assert kinds == ["prize", "tie", "award", "prize"]  # not turned twice
    tie = next(e for e in state.events() if e.kind == "tie")  # type: ignore[attr-defined]
    assert tie.rule == "rebid" and "bids again" in tie.text
    assert state.setup().stock == tuple(stock)  # type: ignore[attr-defined]


def test_thirteen_bid_rounds_and_the_prizes_never_turned_score_for_nobody() -> None:
    state = game(2, prize_pile(), play_out=True)
    for rank in ("A", "2", "3"):  # three ties on the ace: it is bid for four times
        bid(state, rank, rank)
    for mine, theirs in zip("KQJT98765", "658709QJK", strict=True):  # no tie: the ace, then 2 to 9 taken
        bid(state, mine, theirs if theirs != "0" else "T")
    assert not state.is_over  # type: ignore[attr-defined]
    bid(state, "4", "4")  # the 13th round ties on the 10: nobody takes it
    assert state.is_over  # type: ignore[attr-defined]
    scores = state.scores()  # type: ignore[attr-defined]
    assert sum(scores) == sum(range(1, 10))  # A..9 taken; the 10 was tied in the last round; J, Q, K never turned
    assert len(state.view(0).table["prizes_left"]) == 3  # type: ignore[attr-defined]


def test_three_players_rebid_only_when_all_three_tie() -> None:
    pile = prize_pile()
    state = game(3, pile)
    bid(state, "5", "5", "9")  # two tie: the third takes the ace
    assert state.view(0).table["points"] == (0, 0, 1)  # type: ignore[attr-defined]
    bid(state, "6", "6", "6")  # all three: the 2 is bid for again
    table = state.view(0).table  # type: ignore[attr-defined]
    assert table["prize"] == pile[1] and table["points"] == (0, 0, 1)


def test_negative_ties_are_bid_again_and_a_zero_prize_is_put_away() -> None:
    pile = prize_pile()
    king, jack = pile[12], pile[10]
    state = game(2, [king, jack, *[c for c in pile if c not in (king, jack)]], negative_faces=True, play_out=True)
    bid(state, "4", "4")
    assert state.view(0).table["prize"] == king  # type: ignore[attr-defined]
    bid(state, "2", "9")  # a negative prize goes to the lowest card
    assert state.view(0).table["points"] == (-3, 0)  # type: ignore[attr-defined]


def test_the_early_end_counts_only_the_prizes_the_rounds_left_can_win() -> None:
    pile = prize_pile()
    state = game(2, list(reversed(pile)))  # K first
    for rank in ("K", "Q", "J", "T", "9", "8"):  # seat 0 takes K..8: 13+12+11+10+9+8 = 63 > 91 / 2
        bid(state, rank, "A" if rank == "K" else FACE_LETTERS[FACE_LETTERS.index(rank) - 2])
        if state.is_over:  # type: ignore[attr-defined]
            break
    assert state.is_over and state.scores()[0] >= 46  # type: ignore[attr-defined]


def test_an_early_end_counts_the_prizes_not_the_bid_rounds() -> None:
    """A prize bid for twice is one prize: the result says how many prizes were bid for, not how many rounds."""
    state = game(2, list(reversed(prize_pile())))  # K first
    bid(state, "2", "2")  # a tie: the king is bid for again
    taken = 0
    for rank in ("K", "Q", "J", "T", "9", "8"):
        bid(state, rank, "A" if rank == "K" else FACE_LETTERS[FACE_LETTERS.index(rank) - 2])
        taken += 1
        if state.is_over:  # type: ignore[attr-defined]
            break
    summary = state.summary()  # type: ignore[attr-defined]
    assert state.turn == taken + 1  # type: ignore[attr-defined]
    assert summary.text.endswith(f"decided after {taken} prizes"), summary.text
    assert dict(summary.message.params)["n"] == taken


def test_the_line_of_a_game_under_way_counts_the_prizes_not_the_bid_rounds() -> None:
    """While a tied prize is bid for again the line names that prize again; the next prize is the second."""
    pile = prize_pile()
    state = game(2, pile, play_out=True)
    assert state.summary().text == "prize 1 of 13"  # type: ignore[attr-defined]
    bid(state, "8", "8")  # a tie: the ace is bid for again
    summary = state.summary()  # type: ignore[attr-defined]
    assert summary.text == "prize 1 of 13" and dict(summary.message.params)["number"] == 1
    bid(state, "K", "2")
    assert state.summary().text == "prize 2 of 13"  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 3), st.integers(0, 2**32), st.booleans(), st.booleans())
def test_every_cpu_level_plays_rebid_games_to_their_end(players: int, seed: int, negative: bool, blind: bool) -> None:
    options = GOPS.resolve_options({"ties": "rebid", "negative_faces": negative, "blind_prize": blind}, players)
    rng = random.Random(seed)
    state = GOPS.new_deal(players, options, None, rng=rng)
    levels = ["random", "easy", "normal", "hard:20"]
    bots = [make_bot(GOPS, levels[(seed + s) % 4]) for s in range(players)]
    while not state.is_over:
        for seat in sorted(state.to_act):
            state.apply(seat, bots[seat].choose(state.view(seat), rng))
    assert len(state.rounds) <= 13


def test_replay_json_scores_a_rebid_record(tmp_path: Path) -> None:
    options = GOPS.resolve_options({"ties": "rebid", "play_out": True}, 2)
    match = Match(GOPS, 2, options, 5, [SeatSpec("Ann"), SeatSpec("Bob")])
    rng = random.Random(5)
    ties = 0
    while not match.deal_over:
        legal = [match.state.legal_actions(s) for s in (0, 1)]
        same = [a for a in legal[0] if a in legal[1]]
        pair = (same[0], same[0]) if same and rng.random() < 0.4 else (legal[0][-1], legal[1][0])
        ties += pair[0] == pair[1]
        for seat in (0, 1):
            match.act(seat, pair[seat])
    assert ties
    record = match.record()
    path = tmp_path / "rebid.json"
    save_record(path, record)
    done = subprocess.run([sys.executable, "-m", "cardsuite", "replay", str(path), "--json"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["deals"][-1]["scores"] == list(match.state.scores())
    assert record["options"]["ties"] == "rebid"


def test_the_table_names_the_rule() -> None:
    from cardsuite.games.gops.present import TIE_RULES

    assert "rebid" in TIE_RULES
    with pytest.raises(Exception, match="split"):
        GOPS.resolve_options({"ties": "split"}, 3)
