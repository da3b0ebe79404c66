"""GOPS's lines about a tied round say one prize in the singular and several in the plural (English,
Lithuanian; Japanese has one form), in the event log and in the table's line for the round."""

from __future__ import annotations

import pytest

from cardsuite.cards import parse_card
from cardsuite.games.gops import GAME
from cardsuite.games.gops.events import award_event
from cardsuite.i18n import translations, use_language
from cardsuite.i18n.render import render
from cardsuite.tui.render import Display

from .test_gops import bid, deal

QUEEN, KING = parse_card("QD"), parse_card("KD")
ONE, TWO = (QUEEN,), (QUEEN, KING)

ENGLISH = {
    "carry": ("a tie: the queen of diamonds carries over (pot +12)",
              "a tie: the queen of diamonds, the king of diamonds carry over (pot +25)"),
    "split": ("a tie: the queen of diamonds is split, 6 each",
              "a tie: the queen of diamonds, the king of diamonds are split, 12.5 each"),
    "discard": ("a tie: the queen of diamonds is discarded",
                "a tie: the queen of diamonds, the king of diamonds are discarded"),
    "lost": ("a tie in the last round: the queen of diamonds scores for nobody",
             "a tie in the last round: the queen of diamonds, the king of diamonds score for nobody"),
    "zero": ("the pot sums to 0: the queen of diamonds is removed and nobody scores",
             "the pot sums to 0: the queen of diamonds, the king of diamonds are removed and nobody scores"),
}
LITHUANIAN = {
    "carry": ("lygu: prizas būgnų dama perkeliamas į kitą ėjimą (vertė +12)",
              "lygu: prizai būgnų dama, būgnų karalius perkeliami į kitą ėjimą (bendra vertė +25)"),
    "split": ("lygu: prizas būgnų dama padalijamas, po 6 tšk.",
              "lygu: prizai būgnų dama, būgnų karalius padalijami, po 12,5 tšk."),
    "discard": ("lygu: prizas būgnų dama išmetamas", "lygu: prizai būgnų dama, būgnų karalius išmetami"),
    "lost": ("lygu paskutiniame ėjime: prizas būgnų dama niekam neatitenka",
             "lygu paskutiniame ėjime: prizai būgnų dama, būgnų karalius niekam neatitenka"),
    "zero": ("prizo vertė lygi 0: prizas būgnų dama pašalinamas, niekas negauna taškų",
             "prizų suma lygi 0: prizai būgnų dama, būgnų karalius pašalinami, niekas negauna taškų"),
}


@pytest.mark.parametrize("rule", sorted(ENGLISH))
def test_one_prize_is_singular_and_several_plural(rule: str) -> None:
    one, two = award_event(-1, ONE, rule, 12), award_event(-1, TWO, rule, 25)
    assert one.message is not None and two.message is not None
    assert (render(one.message), render(two.message)) == ENGLISH[rule]
    assert "carries" in one.text or " is " in one.text or "scores" in one.text
    assert " carry " in two.text or " are " in two.text or " score " in two.text
    use_language("lt")
    assert (render(one.message), render(two.message)) == LITHUANIAN[rule]
    use_language("ja")  # one form for any number: only the prizes differ
    same = award_event(-1, TWO, rule, 12).message
    assert same is not None
    assert render(one.message).replace("ダイヤのQ", "X") == render(same).replace("ダイヤのQ、ダイヤのK", "X")


def test_the_tables_line_for_a_tied_round_is_in_the_readers_language() -> None:
    state = deal(2, "Q K", ties="discard")
    bid(state, "7", "7")
    outcome = GAME.outcome(state.view(0))
    assert outcome is not None
    why = outcome.why
    filler = Display(catalog=translations("lt")).filler(["Ona", "Jonas"])
    assert filler.line(why).plain == "lygu: prizas Q♦ išmetamas"
    assert Display().filler(["Ona", "Jonas"]).line(why).plain == "a tie: Q♦ is discarded"
