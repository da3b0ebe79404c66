"""The deals that read Napoleon's calls (``Napoleon.read_deal``): the naming of the adjutant's card and the
discard; who may be the adjutant is counted over them, for the table's page and the hint alike."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.cards import JOKER, mask_of
from cardsuite.core.errors import SamplingError
from cardsuite.games.napoleon import GAME
from cardsuite.games.napoleon.bots import EasyNapoleonBot, NormalNapoleonBot
from cardsuite.games.napoleon.calls import call_order, normal_discard
from cardsuite.games.napoleon.deck import MIGHTY
from cardsuite.games.napoleon.inference import read_calls
from cardsuite.games.napoleon.rules import NapoleonState
from cardsuite.games.napoleon.sampling import unseen_cards

from .test_napoleon import act, auction, deal


def test_call_order_and_discard_are_normal_s_own_choices() -> None:
    """``call_order`` and ``normal_discard`` (no view) choose what ``normal`` chooses through a view."""
    bot = NormalNapoleonBot()
    named = discarded = 0
    for deal_no in range(200):
        options = GAME.resolve_options({"jokers": int(deal_no % 4 != 3)}, 5)
        state = GAME.new_deal(5, options, deal_no % 5, rng=random.Random(deal_no))
        rng = random.Random(deal_no)
        while state.phase in ("bidding", "adjutant", "discard"):
            seat = min(state.to_act)
            view = state.view(seat)
            action = bot.choose(view, rng)
            jokers = bool(options.integer("jokers"))
            if state.phase == "adjutant":
                order = call_order(state.trump, jokers)
                assert int(action.args[0]) == next((c for c in order if c not in view.hand), order[0])
                named += 1
            elif state.phase == "discard":
                chosen = normal_discard(mask_of(view.hand), state.trump, 3 if jokers else 2)
                assert tuple(sorted(chosen)) == tuple(action.args)
                discarded += 1
            state.apply(seat, action)
    assert named > 150 and discarded > 150


def played_to(options: dict[str, object], seed: int, stop: int, easy: bool = False) -> NapoleonState:
    """A deal played by ``normal`` (or ``easy``) for ``stop`` decisions, or to its end."""
    bot = EasyNapoleonBot() if easy else NormalNapoleonBot()
    state = GAME.new_deal(5, GAME.resolve_options(options, 5), seed % 5, rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(stop):
        if state.is_over:
            break
        seat = min(state.to_act)
        state.apply(seat, bot.choose(state.view(seat), rng))
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 4), st.sampled_from([{}, {"jokers": 0}]),
       st.booleans())
def test_read_deals_fit_the_view(seed: int, stop: int, viewer: int, options: dict[str, object],
                                     easy: bool) -> None:
    """Whatever the calls (made by ``normal`` or by ``easy``, which errs), the sample shows the seat exactly
    its own view, and Napoleon's cards add up: ten dealt, the widow, the discard."""
    state = played_to(options, seed, stop, easy)
    view = state.view(viewer)
    try:
        sample = GAME.read_deal(view, random.Random(seed))
    except SamplingError:
        return
    assert sample.view(viewer) == view
    setup = sample.setup()
    assert all(len(hand) == 10 for hand in setup.hands)


def napoleon_named(named: str, hand: str = "AS JK 2H 3H 4H 5H 6H 7H 8H 9H") -> NapoleonState:
    """Seat 0, Napoleon in hearts with ``hand``, has named ``named``, taken the widow and discarded it."""
    state = deal({0: hand}, widow="2C 3C 4C")
    auction(state, 0)
    act(state, f"0 adjutant {named}", "0 discard 2C 3C 4C")
    return state


def test_a_napoleon_who_names_the_heart_jack_holds_the_mighty_and_the_joker() -> None:
    """``normal`` names the trump jack only when it holds the Mighty and the joker: every sample says so,
    where the bids alone leave them anywhere."""
    state = napoleon_named("JH")
    view = state.view(2)
    for i in range(30):
        sample = GAME.read_deal(view, random.Random(i))
        assert {MIGHTY, JOKER} <= set(sample.setup().hands[0])
        assert sample.view(2) == view
    before = [GAME.inferred_deal(view, random.Random(i)) for i in range(30)]
    assert any(not sample.hands[0] >> MIGHTY & 1 for sample in before)


def test_a_named_card_is_never_in_the_hand_napoleon_named_it_from() -> None:
    """The named card is another seat's, or was in the widow (Napoleon then plays alone) about as often
    as a widow of 3 from the cards he did not hold would hold it."""
    state = napoleon_named("AS", "JK JH 2H 3H 4H 5H 6H 7H 8H 9H")
    view = state.view(3)
    alone = 0
    for i in range(200):
        sample = GAME.read_deal(view, random.Random(i))
        assert MIGHTY not in sample.setup().hands[0]
        alone += sample.adjutant_seat < 0
    assert 0 < alone < 40  # 3 widow cards of the 43 he did not hold: about 7% (14 of 200)


def test_hidden_discards_are_normal_s_and_never_the_joker() -> None:
    """The discard of a ``normal`` Napoleon in the sampled deals is mostly the one ``normal`` makes from his
    sampled cards (where the bids alone give it far less often), and the joker is never among the hidden cards."""
    fits = {True: 0, False: 0}
    checked = 0
    for seed in range(12):
        state = played_to({}, seed, 40)
        for viewer in range(5):
            if viewer == state.napoleon or state.phase != "play":
                continue
            view = state.view(viewer)
            checked += 1
            for calls in (True, False):
                sample = (GAME.read_deal if calls else GAME.inferred_deal)(view, random.Random(seed * 5 + viewer))
                setup = sample.setup()
                hand = mask_of(setup.hands[sample.napoleon]) | mask_of(setup.stock)
                fits[calls] += sorted(normal_discard(hand, sample.trump, 3)) == sorted(sample.discards)
                assert JOKER not in sample.discards or not calls
    assert checked > 20 and fits[True] > checked // 2 and fits[True] >= fits[False] + checked // 4


def test_calls_normal_would_not_make_are_not_read() -> None:
    """A named card ``normal`` never names (a low card), or one it would name only while holding a card
    this seat holds, tells nothing: Napoleon's cards are sampled as before."""
    state = napoleon_named("2D")
    assert read_calls(state.view(2), unseen_cards(state.view(2), state.options)) is not None
    assert not read_calls(state.view(2), unseen_cards(state.view(2), state.options)).read_name
    held = deal({0: "AS JK 2H 3H 4H 5H 6H 7H 8H 9H", 1: "JH " + " ".join(f"{r}S" for r in "23456789T")},
                widow="2C 3C 4C")
    auction(held, 0)
    act(held, "0 adjutant JD", "0 discard 2C 3C 4C")  # normal names the heart jack first: seat 1 holds it
    calls = read_calls(held.view(1), unseen_cards(held.view(1), held.options))
    assert calls is not None and not calls.read_name
    assert read_calls(held.view(0), unseen_cards(held.view(0), held.options)) is None  # Napoleon himself


def test_the_hint_says_what_the_page_shows() -> None:
    """The hint's sentence names the seat the page gives the largest share, with that share: one count,
    over deals that read the calls; the search itself samples with the bids only."""
    from cardsuite.bots.search import SearchBot
    from cardsuite.core.search import odds_seed

    state = played_to({}, 3, 45)
    seat = next(s for s in range(5) if s != state.napoleon and s != state.adjutant_seat)
    view = state.view(seat)
    odds = GAME.adjutant_odds(view, random.Random(odds_seed(view)))
    assert odds is not None and odds.deals == 40
    likely = max(range(5), key=odds.seats.__getitem__)
    words = GAME.adjutant_words(view, [])
    assert words is not None and dict(words.params)["seat"].seat == likely
    assert dict(words.params)["share"] == f"{round(100 * odds.seats[likely])}%"
    assert SearchBot(GAME).sampler == GAME.inferred_deal
