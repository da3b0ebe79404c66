"""The pure planning of a turn (no Pilot): keys that say what they do, cards from the hand, lists for many."""

from __future__ import annotations

import random

from cardsuite.core.game import Game, State
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.tui.planning import plan, prompt_text
from cardsuite.tui.screens.table import TableScreen


def _until(game: Game, players: int, phase: str, seed: int = 1, pick: int = -1) -> State:
    options = game.resolve_options({}, players)
    state = game.new_deal(players, options, 0, rng=random.Random(seed))
    for _ in range(500):
        if state.phase == phase:
            return state
        seat = sorted(state.to_act)[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick] if pick >= 0 else legal[0])
    raise AssertionError(f"no {phase} phase")


def test_nap_bids_have_mnemonics_not_positions() -> None:
    """In Nap, ``m`` is misère and ``p`` pass, whatever their place on the bar."""
    nap = get_game("nap")
    state = nap.new_deal(4, nap.resolve_options({}, 4), 0, rng=random.Random(3))
    seat = sorted(state.to_act)[0]
    offered = plan(nap, state.view(seat), TableScreen.RESERVED_KEYS)
    keys = {item.key: str(item.actions[0]) for item in offered.items}
    assert keys["p"] == "pass" and keys["m"] == "bid misere" and keys["3"] == "bid 3" and keys["n"] == "bid nap"
    assert all(key not in TableScreen.RESERVED_KEYS for key in keys)
    assert offered.verb is None and prompt_text(offered, "Ann").startswith("Your turn, Ann")


def test_gops_cards_come_from_the_hand_and_every_card_has_a_number() -> None:
    """A GOPS bid ``play K`` uses the king of the seat's suit; all 13 cards are offered from the hand."""
    gops = get_game("gops")
    state = gops.new_deal(2, gops.resolve_options({}, 2), None, rng=random.Random(1))
    view = state.view(1)
    offered = plan(gops, view)
    assert offered.verb == "play" and not offered.items
    assert offered.legal_cards == frozenset(view.hand) and len(view.hand) == 13
    groups = gops.arrange_hand(view.hand, view)
    assert len(groups) == 1 and groups[0][-1] % 13 == 12  # ace low: the ace is shown last


def test_gops_ace_high_is_shown_first() -> None:
    """Under ``ace = high`` the ace is the strongest card and leads the hand."""
    gops = get_game("gops")
    state = gops.new_deal(2, gops.resolve_options({"ace": "high"}, 2), None, rng=random.Random(1))
    view = state.view(0)
    assert gops.arrange_hand(view.hand, view)[0][0] % 13 == 12


def test_napas_exchange_marks_cards_and_keeps_with_k() -> None:
    """The exchange takes marked cards; keeping the hand is the ``k`` button."""
    napas = get_game("napas")
    state = _until(napas, 4, "exchange", pick=1)
    seat = sorted(state.to_act)[0]
    offered = plan(napas, state.view(seat))
    assert offered.verb == "exchange" and offered.multi
    assert [(i.key, i.label) for i in offered.items] == [("k", "Keep the hand")]


def test_napoleon_bids_are_one_list_with_typed_keys() -> None:
    """The Napoleon auction is one button opening a list; each bid's key is typed there (``13s``)."""
    napoleon = get_game("napoleon")
    state = napoleon.new_deal(5, napoleon.resolve_options({}, 5), 0, rng=random.Random(2))
    seat = sorted(state.to_act)[0]
    view = state.view(seat)
    offered = plan(napoleon, view)
    lists = [i for i in offered.items if i.kind == "list"]
    assert lists and any(offered.looks[a].key == "13s" for a in lists[0].actions)
    assert any(i.key == "p" for i in offered.items)


def test_the_count_of_a_list_of_choices_takes_the_languages_plural() -> None:
    """Napoleon's 40 bids are "40 pasirinkimų" in Lithuanian (its plural for 10, 20 ... 40), not "pasirinkimai"."""
    napoleon = get_game("napoleon")
    state = napoleon.new_deal(5, napoleon.resolve_options({}, 5), 0, rng=random.Random(1))
    view = state.view(sorted(state.to_act)[0])
    use_language("lt")
    listed = [item for item in plan(napoleon, view).items if item.kind == "list"]
    assert len(listed) == 1 and len(listed[0].actions) == 40
    assert listed[0].label.endswith("40 pasirinkimų")
