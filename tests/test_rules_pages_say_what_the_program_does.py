"""The rules pages say what the program does: Napoleon's deal limit pauses a sitting, it does not end the match;
GOPS's hint comes from the hard CPU, in every language."""

from __future__ import annotations

import pytest

from cardsuite.core.registry import get_game
from cardsuite.rules_pages import rules_markdown


@pytest.mark.parametrize("language", ["en", "ja"])
def test_napoleons_page_calls_the_deal_limit_a_pause(language: str) -> None:
    page = rules_markdown(get_game("napoleon"), language)
    if language == "en":
        assert "match also ends" not in page and "safety stop" not in page
        assert "pauses it after twice `games` deals and 100 more" in page and "names no winner" in page
    else:
        assert "マッチは終わります" not in page and "打ち切り" not in page
        assert "マッチを中断します" in page and "勝者は決めず" in page


def test_the_japanese_gops_page_says_the_hint_comes_from_hard() -> None:
    page = rules_markdown(get_game("gops"), "ja")
    assert "**hard**" in page and "ヒント**（卓では `h`、`cardsuite hint`）は **hard** のコンピューターから" in page
    assert "normal のプレイヤーが選ぶカード" not in page
