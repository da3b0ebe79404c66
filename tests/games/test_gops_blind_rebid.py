"""GOPS ``ties=rebid`` with ``blind_prize``: "the prize is already turned when it is bid for again" (decision 5 of
the rules spec), so the table shows it as the prize, not among the prizes to come, and every CPU level bids for it.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import cardsuite
from cardsuite.core.registry import get_game
from cardsuite.games.gops.bots import EasyGopsBot, NormalGopsBot, situation
from cardsuite.games.gops.faces import FACE_OF, PLAY
from cardsuite.games.gops.hard import HardGopsBot
from cardsuite.net.personview import person_parts
from cardsuite.storage import paths

GOPS = get_game("gops")
SOURCE = str(Path(cardsuite.__file__).resolve().parents[1])


def diamonds() -> list[int]:
    """The 13 prize cards, ace first."""
    state = GOPS.new_deal(2, GOPS.resolve_options({}, 2), None, rng=random.Random(0))
    return sorted(state.setup().stock, key=lambda c: FACE_OF[c])


def tied_king(**options: object) -> object:
    """Eleven bid rounds of a 2-player blind ``rebid`` game: the 3 to the queen of diamonds taken, then the king
    turned and tied (both played the ace). The king is bid for again; the ace and the 2 are still face down.
    Seat 0 holds the king and the 2, seat 1 the queen and the 3, so the king is the card to bid."""
    pile = diamonds()
    resolved = GOPS.resolve_options({"ties": "rebid", "blind_prize": True, "games": 2, **options}, 2)
    state = GOPS.new_deal(2, resolved, None, stock=[*pile[2:12], pile[12], pile[0], pile[1]])
    for mine, theirs in zip((3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1), (13, 2, 4, 5, 6, 7, 8, 9, 10, 11, 1), strict=True):
        state.apply(0, PLAY[mine])  # type: ignore[attr-defined]
        state.apply(1, PLAY[theirs])  # type: ignore[attr-defined]
    return state


def test_the_prize_bid_for_again_is_the_prize_face_up_and_not_one_to_come() -> None:
    pile = diamonds()
    king = pile[12]
    state = tied_king()
    assert [r[3] for r in state.rounds][-1] == "rebid"  # type: ignore[attr-defined]
    for table in (state.table(), state.view(0).table, state.view(1).table, state.public_view().table):  # type: ignore[attr-defined]
        assert table["prize"] == king and table["prize_value"] == 13
        assert table["prizes_left"] == (pile[1], pile[0])
    assert state.current_prize() == king  # type: ignore[attr-defined]
    state.apply(0, PLAY[13])  # type: ignore[attr-defined]
    state.apply(1, PLAY[3])  # type: ignore[attr-defined]
    table = state.view(0).table  # type: ignore[attr-defined]
    assert table["prize"] is None and len(table["prizes_left"]) == 2  # the next prize is blind again


def test_a_memory_table_and_a_persons_connection_show_it_too() -> None:
    king = diamonds()[12]
    state = tied_king(memory=True)
    view = state.view(0)  # type: ignore[attr-defined]
    assert GOPS.person_view(view).table["prize"] == king
    shown, _skip, _marks = person_parts(GOPS, view, 0, [])
    assert shown.table["prize"] == king


def test_the_plain_table_names_the_prize_bid_for_again(tmp_path: Path) -> None:
    """Seed 3: both bid a 7 for a blind prize, the 8 of diamonds; while it is bid for again ``table``
    names it as the prize and leaves it out of the prizes to come."""
    env = {**os.environ, paths.HOME_VARIABLE: str(tmp_path / "home"), "PYTHONPATH": SOURCE}
    played = subprocess.run([sys.executable, "-m", "cardsuite", "--lang", "en", "play", "gops", "-p", "2", "--humans",
                             "2", "-o", "ties=rebid", "-o", "blind_prize=true", "--seed", "3", "--plain"],
                            input="\n7S\n\n7H\n\ntable\n", capture_output=True, text=True, env=env, timeout=60,
                            check=False)
    out = played.stdout
    assert "a tie: everyone bids again for the 8 of diamonds" in out, out[-2000:]
    after = out[out.index("everyone bids again"):]
    assert "prize the 8 of diamonds, worth 8" in after, after
    assert "face down" not in after
    (to_come,) = [line for line in after.splitlines() if line.startswith("prizes to come")]
    assert "the 8 of diamonds" not in to_come and "the 9 of diamonds" in to_come


def test_normal_and_easy_bid_for_the_known_prize() -> None:
    view = tied_king().view(0)  # type: ignore[attr-defined]
    sit = situation(view)
    assert sit.known and sit.pot == 13 and sorted(sit.future) == [1, 2]
    hint = NormalGopsBot().hint(view, random.Random(1))
    assert hint.action.args == ("K",)
    mix = EasyGopsBot().mix_for(sit)
    assert mix[13] > 0.6 > mix[2]  # by feel, about what a king is worth


def test_hard_and_its_exact_solver_bid_for_the_known_prize() -> None:
    """The solver's values: the king takes 13 and the 2 then loses the last prize (1 or 2); the 2 gives the king
    away and the king then takes the last prize. Points 72 to 3 before."""
    view = tied_king().view(0)  # type: ignore[attr-defined]
    hint = HardGopsBot(iterations=200, exploit=False).hint(view, random.Random(1))
    assert hint.action.args == ("K",)
    assert [(a.args[0], v) for a, v in hint.alternatives] == [("K", 69 + 13 - 1.5), ("2", 69 - 13 + 1.5)]
    for seed in range(3):
        assert HardGopsBot(iterations=200).choose(view, random.Random(seed)).args == ("K",)


def test_hard_solves_the_rounds_after_it_as_blind() -> None:
    """Three cards each, the 3 of diamonds bid for again, the ace, 2 and king face down: the exact solver the
    hint comes from bids for the 3 knowing it, and for each later prize before it is turned."""
    from cardsuite.games.gops.endgame import Endgame, Rules2

    pile = diamonds()
    resolved = GOPS.resolve_options({"ties": "rebid", "blind_prize": True, "games": 2}, 2)
    state = GOPS.new_deal(2, resolved, None, stock=[*pile[3:12], pile[2], pile[0], pile[1], pile[12]])
    for mine, theirs in zip((3, 4, 6, 7, 8, 9, 10, 11, 12, 1), (13, 2, 4, 5, 7, 8, 9, 10, 11, 1), strict=True):
        state.apply(0, PLAY[mine])  # type: ignore[attr-defined]
        state.apply(1, PLAY[theirs])  # type: ignore[attr-defined]
    view = state.view(0)  # type: ignore[attr-defined]
    assert view.table["prize"] == pile[2] and view.table["points"] == (68, 4)
    hint = HardGopsBot(iterations=200, exploit=False).hint(view, random.Random(1))
    solved = {blind: Endgame(Rules2("rebid", early_end=False, win=False, blind=blind)).turned(
        (2, 5, 13), (3, 6, 12), 3, (1, 2, 13), 0.0, 0.0, 64.0)[1] for blind in (True, False)}
    assert solved[True] != solved[False]
    worth = dict(zip((2, 5, 13), solved[True], strict=True))
    assert [(a.args[0], v) for a, v in hint.alternatives] == [("2", round(worth[2], 2)), ("5", round(worth[5], 2)),
                                                             ("K", round(worth[13], 2))]
