"""``cardsuite hint`` and ``cardsuite analyze`` on real record files."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardsuite.bots import make_bot
from cardsuite.cards import parse_cards
from cardsuite.cli import app
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.recordfiles import save_record

RUNNER = CliRunner()


def record(game_name: str, players: int, deals: int, extra: int, seed: int = 3) -> dict[str, object]:
    """A match of ``normal`` bots: ``deals`` finished deals, then ``extra`` actions of the next one."""
    game = get_game(game_name)
    match = Match(game, players, game.resolve_options({}, players), seed,
                  [SeatSpec(f"P{i}", "cpu", "normal") for i in range(players)])
    bot = make_bot(game, "normal")
    rng = random.Random(seed)

    def act() -> None:
        seat = min(match.state.to_act)
        match.act(seat, bot.choose(match.state.view(seat), rng))

    for number in range(deals):
        while not match.deal_over:
            act()
        if match.is_over:
            return match.record()
        if number < deals - 1 or extra:
            match.next_deal()
    done = 0
    while extra and (done < extra or match.state.phase != "play"):  # stop in the play of a deal
        act()
        done += 1
        if match.deal_over:
            match.next_deal()
    return match.record()


def test_hint_names_the_seat_to_move_the_action_and_the_alternatives(tmp_path: Path) -> None:
    path = tmp_path / "nap.json"
    save_record(path, record("nap", 4, 1, 6))
    result = RUNNER.invoke(app, ["hint", str(path), "--iterations", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (hint,) = data["hints"]
    assert hint["reason"]
    assert hint["action"] in {a["action"] for a in hint["alternatives"]}
    text = RUNNER.invoke(app, ["hint", str(path), "--iterations", "4"])
    assert text.exit_code == 0 and "why:" in text.stdout and "to move" in text.stdout


def at_phase(game_name: str, players: int, phase: str) -> dict[str, object]:
    """A match of ``normal`` bots stopped when its first deal reaches ``phase``."""
    game = get_game(game_name)
    match = Match(game, players, game.resolve_options({}, players), 3,
                  [SeatSpec(f"P{i}", "cpu", "normal") for i in range(players)])
    bot, rng = make_bot(game, "normal"), random.Random(3)
    while match.state.phase != phase:
        seat = min(match.state.to_act)
        match.act(seat, bot.choose(match.state.view(seat), rng))
    return match.record()


def test_hint_says_exchanges_and_discards_in_words_and_keep_the_hand_in_lower_case(tmp_path: Path) -> None:
    for name, players, phase, verb in (("napas", 4, "exchange", "exchange"), ("napoleon", 5, "discard", "discard")):
        path = tmp_path / f"{name}.json"
        save_record(path, at_phase(name, players, phase))
        text = RUNNER.invoke(app, ["hint", str(path), "--iterations", "4"])
        assert text.exit_code == 0, text.output
        assert not re.search(r"\b(?:[2-9TJQKA][SHDC]|JK)\b", text.stdout), text.stdout[:800]
        assert f"{verb}: the " in text.stdout, text.stdout[:800]
        if name == "napas":
            assert "keep the hand" in text.stdout and "Keep the hand" not in text.stdout, text.stdout[:800]


def test_hint_on_a_finished_record_is_one_line_and_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    save_record(path, record("nap", 4, 1, 0))
    result = subprocess.run([sys.executable, "-m", "cardsuite", "hint", str(path)], capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
    assert "no unfinished deal" in result.stderr


def test_analyze_solves_each_finished_nap_deal(tmp_path: Path) -> None:
    path = tmp_path / "nap.json"
    save_record(path, record("nap", 4, 3, 0, seed=5))
    result = RUNNER.invoke(app, ["analyze", str(path), "--json"])
    assert result.exit_code == 0, result.output
    deals = json.loads(result.stdout)["deals"]
    assert len(deals) == 3 and all(d["exact"] for d in deals)
    for deal in deals:
        assert len(deal["contracts"]) == 4  # one line per seat
        for mistake in deal["mistakes"]:
            assert mistake["cost"] > 0 and mistake["played"] != mistake["best"]
    text = RUNNER.invoke(app, ["analyze", str(path)])
    assert text.exit_code == 0 and "could have made" in text.stdout


def thrown_away_winner(tmp_path: Path) -> Path:
    """A Nap record where seat 0 could make nap with spades trumps but leads a heart."""
    game = get_game("nap")
    hands = [["AS", "KS", "QS", "JS", "2H"], ["3H", "4H", "5H", "6H", "7D"], ["2D", "3D", "4D", "5D", "6D"],
             ["2C", "3C", "4C", "5C", "6C"]]
    state = game.new_deal(4, game.resolve_options({}, 4), 3, hands=[parse_cards(h) for h in hands], stock=[])
    actions = ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 play 2H"]
    for line in actions:
        seat, _, text = line.partition(" ")
        state.apply(int(seat), game.parse_action(text))
    bot = make_bot(game, "normal")
    rng = random.Random(1)
    while not state.is_over:
        seat = min(state.to_act)
        action = bot.choose(state.view(seat), rng)
        actions.append(f"{seat} {action}")
        state.apply(seat, action)
    data = {"format": "cardsuite-record/1", "game": "nap", "players": 4,
            "deals": [{"dealer": 3, "hands": hands, "stock": [], "actions": actions}]}
    path = tmp_path / "lead.json"
    save_record(path, data)
    return path


def test_analyze_finds_a_thrown_away_winner(tmp_path: Path) -> None:
    """The declarer could make nap with spades trumps but leads a heart: analyze points at that card."""
    result = RUNNER.invoke(app, ["analyze", str(thrown_away_winner(tmp_path)), "--json"])
    (deal,) = json.loads(result.stdout)["deals"]
    first = deal["mistakes"][0]
    assert (first["action_index"], first["seat"], first["played"]) == (4, 0, "play 2H")
    assert first["best"].endswith("S") and first["cost"] == 24
    assert "4 made" in deal["best_play_result"]


def test_analyze_speaks_the_readers_language(tmp_path: Path) -> None:
    """Headings, the deal's result, the contract table and the costly card, in Japanese and Lithuanian."""
    path = thrown_away_winner(tmp_path)
    english = RUNNER.invoke(app, ["--lang", "en", "analyze", str(path)]).stdout
    assert "trick 1, Seat 0: play the 2 of hearts; play the jack of spades was worth 24.00 more" in english
    japanese = RUNNER.invoke(app, ["--lang", "ja", "analyze", str(path)])
    assert japanese.exit_code == 0, japanese.output
    assert "全員の手札を公開した分析" in japanese.stdout and "ディール1：" in japanese.stdout
    assert "第1トリック、席0：ハートの2を出す。スペードのJを出すなら24.00点多く取れました" in japanese.stdout
    assert "成功できた契約：" in japanese.stdout
    lithuanian = RUNNER.invoke(app, ["--lang", "lt", "analyze", str(path)]).stdout
    assert "analizė atvertomis kortomis" in lithuanian
    assert "eiti vynų berniuku būtų davęs 24.00 tšk. daugiau" in lithuanian
    for text in (japanese.stdout, lithuanian):
        assert not any(words in text for words in ("could have made", "played out", "with best play", "Deal 1"))


def test_hint_on_a_save_whose_deal_is_being_played_says_to_ask_at_the_table(tmp_path: Path) -> None:
    """A save in the saves folder gets no hint here (the table counts its hints); a record that keeps a
    ``save`` key but whose match has left the folder (an export of a finished match, cut to an unfinished
    deal) is a record like any other and gets its hint."""
    from cardsuite.storage import paths
    from cardsuite.storage.saves import SAVE_KEY

    save = {**record("nap", 4, 1, 6), SAVE_KEY: {"id": "20261207-101600-beef", "hints": [0, 0, 0, 0],
                                                 "undos": [0, 0, 0, 0]}}
    cut = tmp_path / "cut-from-an-export.json"
    save_record(cut, save)
    assert RUNNER.invoke(app, ["hint", str(cut), "--iterations", "4"]).exit_code == 0
    live = paths.saves_dir() / "20261207-101600-beef.json"
    save_record(live, save)
    result = subprocess.run([sys.executable, "-m", "cardsuite", "hint", str(live), "--iterations", "4"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "20261207-101600-beef" in result.stderr and "ask for a hint at its table" in result.stderr
    refused = RUNNER.invoke(app, ["hint", str(cut), "--iterations", "4"])
    assert refused.exit_code == 1 and "20261207-101600-beef" in str(refused.exception)


def test_hint_on_a_copy_of_a_save_in_play_without_its_save_key_says_to_ask_at_the_table(tmp_path: Path) -> None:
    """A copy of a save being played, its ``save`` key deleted, gets no hint the table would not count, nor does
    an earlier moment of its deal; once the match has left the saves folder the copy is a record like any other."""
    from cardsuite.storage import paths
    from cardsuite.storage.saves import SAVE_KEY

    plain = record("nap", 4, 1, 6)
    live = paths.saves_dir() / "20261207-101500-abcd.json"
    save_record(live, {**plain, SAVE_KEY: {"id": "20261207-101500-abcd", "seed": 3, "hints": [0, 0, 0, 0]}})
    copy = tmp_path / "copy.json"
    save_record(copy, plain)
    result = subprocess.run([sys.executable, "-m", "cardsuite", "hint", str(copy), "--iterations", "4"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "20261207-101500-abcd" in result.stderr and "ask for a hint at its table" in result.stderr
    deals = plain["deals"]
    assert isinstance(deals, list)
    earlier = tmp_path / "earlier.json"
    save_record(earlier, {**plain, "deals": [*deals[:-1], {**deals[-1], "actions": deals[-1]["actions"][:-1]}]})
    refused = RUNNER.invoke(app, ["hint", str(earlier), "--iterations", "4"])
    assert refused.exit_code == 1 and "20261207-101500-abcd" in str(refused.exception)
    live.unlink()
    assert RUNNER.invoke(app, ["hint", str(copy), "--iterations", "4"]).exit_code == 0


def test_analyze_names_the_contracts_a_seat_could_have_made_in_running_text(tmp_path: Path) -> None:
    """The contract lines say the game's words for each contract mid-sentence ("misère", "nap"), never the
    bid buttons' "Bid 3" or "Misère"; ``--json`` keeps its English lines."""
    path = thrown_away_winner(tmp_path)
    english = RUNNER.invoke(app, ["--lang", "en", "analyze", str(path)]).stdout
    assert "Seat 0 as declarer (the others passing) could have made: 3 (+9), misère (+9), 4 (+12)" in english
    assert "Seat 1 as declarer (the others passing) could have made: 3 (+9), 4 (+12), nap (+15)" in english
    japanese = RUNNER.invoke(app, ["--lang", "ja", "analyze", str(path)]).stdout
    assert "成功できた契約：3（+9）、ミゼール（+9）、4（+12）" in japanese, japanese
    lithuanian = RUNNER.invoke(app, ["--lang", "lt", "analyze", str(path)]).stdout
    assert "būtų įvykdęs: 3 (+9), mizerį (+9), 4 (+12)" in lithuanian, lithuanian
    for text in (english, japanese, lithuanian):
        assert not re.search(r"Bid \d|Misère|Nap \(|を宣言|Pareikšti|Mizeris", text), text
    (deal,) = json.loads(RUNNER.invoke(app, ["analyze", str(path), "--json"]).stdout)["deals"]
    assert deal["contracts"][0] == ("seat 0 as declarer (the others passing) could have made: "
                                    "3 (+9), Misère (+9), 4 (+12)")


@pytest.mark.parametrize("language", ["en", "ja", "lt"])
def test_a_hint_or_an_analysis_says_each_action_as_a_sentence_does(language: str) -> None:
    """Bids, passes, the adjutant and the joker's lead in running text: the game's words for them mid-sentence
    (``bid misère``, ``lead the joker, naming spades``), never a button's capitalised label."""
    from cardsuite.bots.search import action_words
    from cardsuite.core.game import Action
    from cardsuite.i18n import game_words, use_language
    from cardsuite.i18n.render import wording

    use_language(language)
    try:
        said: dict[str, list[str]] = {}
        for name, players, extra in (("nap", 4, ()), ("napas", 4, ()),
                                     ("napoleon", 5, ("adjutant AH", "play JK S"))):
            game = get_game(name)
            state = game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(2))
            seat = min(state.to_act)
            view = state.view(seat)
            actions: list[Action] = [*state.legal_actions(seat), *map(game.parse_action, extra)]
            say = wording([f"P{i}" for i in range(players)], game_words(game))
            said[name] = [say(action_words(game, action, view)) for action in actions]
    finally:
        use_language("en")
    shown = [text for texts in said.values() for text in texts]
    assert not any(text[:1].isupper() for text in shown), shown
    expected = {"en": ["bid misère", "bid the zero game", "bid 13 spades", "lead the joker, naming spades",
                       "name the adjutant: the ace of hearts", "pass"],
                "ja": ["ミゼールを宣言", "ゼロゲームを宣言", "スペードで13を宣言", "ジョーカーを出してスペードを指定",
                       "パスする"],
                "lt": ["pareikšti mizerį", "pareikšti nulio žaidimą", "išleisti džokerį, nurodant vynus",
                       "sakyti pas"]}[language]
    for words in expected:
        assert words in shown, (words, shown)


@pytest.mark.parametrize(("language", "napoleon", "declarer"), [("en", "P0 as Napoleon (", "as declarer"),
                                                               ("ja", "P0 がナポレオンなら", "宣言者"),
                                                               ("lt", "P0 kaip Napoleonas (", "lošikas")])
def test_the_contract_lines_call_the_declarer_by_the_games_own_word(language: str, napoleon: str,
                                                                    declarer: str) -> None:
    """Napoleon's declarer is Napoleon (ナポレオン, Napoleonas), never "the declarer" (宣言者); Nap's stays the
    declarer."""
    from cardsuite.bots.analysis import Analyst
    from cardsuite.bots.search import random_policy
    from cardsuite.i18n import game_words, use_language
    from cardsuite.i18n.render import wording

    said: dict[str, list[str]] = {}
    use_language(language)
    try:
        for name, players in (("napoleon", 5), ("nap", 4)):
            game = get_game(name)
            analyst = Analyst(game, rollouts=1)
            analyst.policy = random_policy  # the words are under test, not the play: quick rollouts
            start = game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(3))
            say = wording([f"P{i}" for i in range(players)], game_words(game))
            said[name] = [say(line) for _, line in analyst.contracts(start)]
    finally:
        use_language("en")
    assert len(said["napoleon"]) == 5 and said["napoleon"][0].startswith(napoleon), said
    assert not any(declarer in line for line in said["napoleon"]), said
    assert all(declarer in line for line in said["nap"]), said


def gops_endgame(tmp_path: Path, name: str, late: tuple[str, str] = ("2", "3")) -> Path:
    """A 2-player GOPS deal (played out) where seat 0 gives the king away: with the ace, the 10, the jack and
    the king left against the 2, 3, 4 and queen, it bids the ace for the king. ``late``: seat 1's bids of the
    10th and 11th rounds (which one met the ace)."""
    zero = ["2", "3", "4", "5", "6", "7", "8", "9", "Q", "A", "K", "T", "J"]
    one = ["A", "5", "6", "7", "8", "9", "T", "J", "K", *late, "4", "Q"]
    actions = [f"{seat} play {card}" for pair in zip(zero, one, strict=True) for seat, card in enumerate(pair)]
    stock = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "KD", "QD", "JD", "TD"]
    path = tmp_path / name
    save_record(path, {"format": "cardsuite-record/1", "game": "gops", "players": 2, "options": {"play_out": True},
                       "deals": [{"stock": stock, "actions": actions}]})
    return path


def test_analyze_judges_a_gops_bid_that_gives_the_king_away(tmp_path: Path) -> None:
    """Round 10, exact: the ace for the king is worse than the best card against the other's equilibrium mix."""
    result = RUNNER.invoke(app, ["analyze", str(gops_endgame(tmp_path, "king.json")), "--json"])
    assert result.exit_code == 0, result.output
    (deal,) = json.loads(result.stdout)["deals"]
    assert set(deal) == {"deal", "exact", "result", "scores", "best_play", "best_play_result", "contracts", "mistakes"}
    assert deal["best_play"] is None and deal["contracts"] == []  # no one line of best play in a simultaneous game
    (ace,) = [m for m in deal["mistakes"] if m["action_index"] == 18]
    assert (ace["seat"], ace["played"], ace["best"]) == (0, "play A", "play T")
    assert ace["cost"] == pytest.approx(4.638, abs=0.01)
    text = RUNNER.invoke(app, ["--lang", "en", "analyze", str(gops_endgame(tmp_path, "king.json"))]).stdout
    assert "round 10, Seat 0: play the ace; play the 10 was worth 4.64 more" in text, text


def test_analyze_judges_a_gops_bid_by_what_the_other_could_bid_not_by_what_it_did(tmp_path: Path) -> None:
    """The other seat's actual bid of the round (the 2 or the 3 against the ace) changes nothing of the verdict."""
    found = []
    for late in (("2", "3"), ("3", "2")):
        result = RUNNER.invoke(app, ["analyze", str(gops_endgame(tmp_path, f"{late[0]}.json", late)), "--json"])
        (deal,) = json.loads(result.stdout)["deals"]
        found.append([m for m in deal["mistakes"] if m["action_index"] == 18])
    assert found[0] == found[1] and len(found[0]) == 1


def test_analyze_judges_every_bid_of_a_gops_match_in_seconds(tmp_path: Path) -> None:
    """Three 3-player games of random bids: bids are judged (random bids lose value), in a bounded time."""
    game = get_game("gops")
    options = game.resolve_options({"games": 3}, 3)
    match = Match(game, 3, options, 7, [SeatSpec(f"P{i}", "cpu", "random") for i in range(3)])
    rng = random.Random(7)
    while not match.is_over:
        seat = min(match.state.to_act)
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
        if match.deal_over and not match.is_over:
            match.next_deal()
    path = tmp_path / "gops3.json"
    save_record(path, match.record())
    began = time.perf_counter()
    result = RUNNER.invoke(app, ["analyze", str(path), "--json"])
    assert time.perf_counter() - began < 30
    deals = json.loads(result.stdout)["deals"]
    assert len(deals) == 3 and all(d["mistakes"] for d in deals)
    for deal in deals:
        for mistake in deal["mistakes"]:
            assert mistake["cost"] > 0.5 and mistake["played"] != mistake["best"]
