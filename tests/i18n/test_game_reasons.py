"""Why a game refuses an action, in the reader's language: each built-in game's rule and notation refusals read
whole in Japanese and Lithuanian in a record's refusal line, and in English as they were (record notation shown as
written: ``play JK <suit>``, ``'QS'``, never rendered into card names)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

import pytest

from cardsuite.cli import main
from cardsuite.i18n import use_language
from cardsuite.i18n.render import render
from cardsuite.net.refusals import read_reason


class Case(NamedTuple):
    """A record of one deal that ends in a refused action: its hands (``|`` between seats), its stock and its
    actions (``/`` between them), and the English line ``replay`` refuses it with."""

    game: str
    players: int
    options: dict[str, object]
    dealer: int | None
    hands: str
    stock: str
    actions: str
    english: str


NAP_HANDS = "AS KS QS JS TS | AH KH QH JH TH | 2C 3C 4C 5C 6C"
"""The three Nap hands every Nap case deals (seat 0 spades, seat 1 hearts, seat 2 low clubs)."""

CASES = {
    "jk_words": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         ("1 bid 11 D / 2 pass / 3 pass / 4 bid 12 C / 0 bid 12 H / 1 pass / 4 pass / 0 adjutant JH / 0 "
          "discard 2S 8H 3C / 0 play the joker H"),
         "deal 0, action 9 \"0 play the joker H\": malformed: expected pass, bid <n> <suit>, adjutant "
         "<card>, discard <cards>, play <card> or play JK <suit>"),
    "o_pass_reenter": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         "1 bid 11 D / 2 pass / 3 pass / 4 bid 12 C / 0 bid 12 H / 1 bid 13 C / 4 pass / 0 adjutant JH",
         "deal 0, action 7 \"0 adjutant JH\": illegal: seat 0 must bid or pass now, not adjutant JH"),
    "n_well_gate": Case("nap", 3, {}, 2,
         NAP_HANDS,
         "",
         "0 bid 4 / 1 bid wellington",
         "deal 0, action 1 \"1 bid wellington\": illegal: Wellington may be bid only after nap"),
    "n_bid1": Case("nap", 3, {}, 2,
         NAP_HANDS,
         "",
         "0 bid 1",
         "deal 0, action 0 \"0 bid 1\": illegal: 1 is below the lowest bid allowed"),
    "n_misere_off": Case("nap", 3, {"misere": False}, 2,
         NAP_HANDS,
         "",
         "0 bid misere",
         "deal 0, action 0 \"0 bid misere\": illegal: misère is not allowed by the options"),
    "n_forced_pass": Case("nap", 3, {"all_pass": "dealer_bids"}, 2,
         NAP_HANDS,
         "",
         "0 pass / 1 pass / 2 pass",
         "deal 0, action 2 \"2 pass\": illegal: the dealer must bid when all the others have passed"),
    "o_bidlow": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         "1 bid 10 S",
         "deal 0, action 0 \"1 bid 10 S\": illegal: the lowest bid is 11 honours"),
    "o_bid21": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         "1 bid 21 S",
         "deal 0, action 0 \"1 bid 21 S\": malformed: a bid counts 1..20 honours, not 21"),
    "o_nj_adjJK": Case("napoleon", 5, {"jokers": 0, "min_bid": 1}, 4,
         ("KD 4C TH 3H QS 3D JS 3C 5S 9S | 5H 4H 7C TD 4D 2H QD AC TS QC | 6S 7D TC 9C 2C 6C 8H KH JH AS | "
          "2D 9H 8D 6D 2S 5C 8S JD 3S 4S | JC KS 6H 5D 8C 9D 7S AH QH 7H"),
         "AD KC",
         ("0 bid 19 C / 1 bid 20 C / 2 bid 20 D / 3 pass / 4 pass / 0 pass / 1 bid 20 H / 2 bid 20 S / 2 "
          "adjutant JK"),
         "deal 0, action 8 \"2 adjutant JK\": illegal: there is no joker in play"),
    "o_discard_dup": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         ("1 bid 11 D / 2 pass / 3 pass / 4 bid 12 C / 0 bid 12 H / 1 pass / 4 pass / 0 adjutant JH / 0 "
          "discard 2S 2S 3C"),
         "deal 0, action 8 \"0 discard 2S 2S 3C\": malformed: a card is discarded twice"),
    "o_jk_nosuit": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         ("1 bid 11 D / 2 pass / 3 pass / 4 bid 12 C / 0 bid 12 H / 1 pass / 4 pass / 0 adjutant JH / 0 "
          "discard 2S 8H 3C / 0 play JK"),
         "deal 0, action 9 \"0 play JK\": illegal: a joker lead must name a suit: play JK S, H, D or C"),
    "o_adj_twice": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         ("1 bid 11 D / 2 pass / 3 pass / 4 bid 12 C / 0 bid 12 H / 1 pass / 4 pass / 0 adjutant JH / 0 "
          "adjutant AS"),
         "deal 0, action 8 \"0 adjutant AS\": illegal: seat 0 (Napoleon) must discard 3 cards now, not "
         "adjutant AS"),
    "o_discard2": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         ("1 bid 11 D / 2 pass / 3 pass / 4 bid 12 C / 0 bid 12 H / 1 pass / 4 pass / 0 adjutant JH / 0 "
          "discard 2S 8H"),
         "deal 0, action 8 \"0 discard 2S 8H\": illegal: expected discard <exactly 3 different cards>, not "
         "discard 2S 8H"),
    "o_badsuit": Case("napoleon", 5, {"yoromeki": False, "same_two": False, "joker_request": False}, 0,
         ("6D 2S 4C AS KH JK 8H 9S 6H 3S | KS QH TC 4S 6C 7D TS JD QS 3D | 2H 9C TH 6S 7S 9H 2D 8D AH JC | "
          "8C AC 5C 9D 7C JH KD 4H 7H 2C | AD JS 5H QC 4D QD 8S 5D KC 5S"),
         "3H 3C TD",
         "1 bid 11 X",
         "deal 0, action 0 \"1 bid 11 X\": malformed: not a suit: 'X' (use S, H, D or C)"),
    "p_bid6": Case("napas", 4, {"deck": "52"}, 2,
         "JS 7D 8D 7C 8H | 6H 9H TS TC AS | TD 4S KC 4H AD | 3D 4C 3C JC AH",
         "4D 3S 9C KS TH QC 8S 6S AC 9S JH QS 5H 5S 5D KD 5C 9D 2H 2D 2S 6C KH 7S JD 2C 6D 7H 8C QH QD 3H",
         "3 bid 6",
         "deal 0, action 0 \"3 bid 6\": malformed: unknown bid '6' (1, 2, 3, 0, 4 or 5)"),
    "p_bid_after_pass": Case("napas", 4, {"deck": "52"}, 2,
         "JS 7D 8D 7C 8H | 6H 9H TS TC AS | TD 4S KC 4H AD | 3D 4C 3C JC AH",
         "4D 3S 9C KS TH QC 8S 6S AC 9S JH QS 5H 5S 5D KD 5C 9D 2H 2D 2S 6C KH 7S JD 2C 6D 7H 8C QH QD 3H",
         "3 bid 2 / 0 bid 1",
         "deal 0, action 1 \"0 bid 1\": illegal: a bid must outrank 2 (the ladder is 1 < 2 < 3 < 0 < 4 < 5)"),
    "p_zero_trump": Case("napas", 4, {"deck": "52"}, 2,
         "JS 7D 8D 7C 8H | 6H 9H TS TC AS | TD 4S KC 4H AD | 3D 4C 3C JC AH",
         "4D 3S 9C KS TH QC 8S 6S AC 9S JH QS 5H 5S 5D KD 5C 9D 2H 2D 2S 6C KH 7S JD 2C 6D 7H 8C QH QD 3H",
         "3 bid 0 / 0 pass / 1 pass / 2 pass / 3 trump C",
         "deal 0, action 4 \"3 trump C\": illegal: seat 3 must exchange now (\"exchange\" alone keeps the "
         "hand), not trump C"),
    "p_trump_bad": Case("napas", 4, {"deck": "52"}, 2,
         "JS 7D 8D 7C 8H | 6H 9H TS TC AS | TD 4S KC 4H AD | 3D 4C 3C JC AH",
         "4D 3S 9C KS TH QC 8S 6S AC 9S JH QS 5H 5S 5D KD 5C 9D 2H 2D 2S 6C KH 7S JD 2C 6D 7H 8C QH QD 3H",
         "3 bid 2 / 0 pass / 1 pass / 2 pass / 3 trump X",
         "deal 0, action 4 \"3 trump X\": malformed: not a suit: 'X' (use S, H, D or C)"),
    "q_dup_rank": Case("gops", 2, {"ties": "rebid"}, None,
         "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS | AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
         "9D 6D 7D 5D 3D KD 4D TD 8D JD 2D QD AD",
         "0 play Q / 1 play 4 / 0 play Q",
         "deal 0, action 2 \"0 play Q\": illegal: seat 0 has no queen left"),
    "q_twice": Case("gops", 2, {"ties": "rebid"}, None,
         "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS | AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
         "9D 6D 7D 5D 3D KD 4D TD 8D JD 2D QD AD",
         "0 play Q / 0 play K",
         "deal 0, action 1 \"0 play K\": illegal: seat 0 has already chosen a card for this prize"),
    "q_suit": Case("gops", 2, {"ties": "rebid"}, None,
         "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS | AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
         "9D 6D 7D 5D 3D KD 4D TD 8D JD 2D QD AD",
         "0 play QS",
         "deal 0, action 0 \"0 play QS\": malformed: not a rank: 'QS' (use A, 2-9, T or 10, J, Q or K; no "
         "suit)"),
    "q_pass": Case("gops", 2, {"ties": "rebid"}, None,
         "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS | AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
         "9D 6D 7D 5D 3D KD 4D TD 8D JD 2D QD AD",
         "0 pass",
         "deal 0, action 0 \"0 pass\": malformed: expected play <rank>, like play K or play 10"),
    "q_badrank": Case("gops", 2, {"ties": "rebid"}, None,
         "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS | AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
         "9D 6D 7D 5D 3D KD 4D TD 8D JD 2D QD AD",
         "0 play Z",
         "deal 0, action 0 \"0 play Z\": malformed: not a rank: 'Z' (use A, 2-9, T or 10, J, Q or K; no "
         "suit)"),
    "n_badcard": Case("nap", 3, {}, 2,
         NAP_HANDS,
         "",
         "0 play ZZ",
         "deal 0, action 0 \"0 play ZZ\": malformed: not a card: 'ZZ' (write rank then suit, like AS, TH "
         "or JK)"),
    "n_verb": Case("nap", 3, {}, 2,
         NAP_HANDS,
         "",
         "0 dance",
         "deal 0, action 0 \"0 dance\": malformed: expected pass, bid <b> or play <card>"),
    "n_play_in_auction": Case("nap", 3, {}, 2,
         NAP_HANDS,
         "",
         "0 play AS",
         "deal 0, action 0 \"0 play AS\": illegal: seat 0 must bid or pass before play starts, not play AS"),
    "n_not_held": Case("nap", 3, {}, 2,
         NAP_HANDS,
         "",
         "0 bid 4 / 1 pass / 2 pass / 0 play AH",
         "deal 0, action 3 \"0 play AH\": illegal: seat 0 does not hold the ace of hearts"),
}

NOTATION = re.compile(r"'[^']*'|\"[^\"]*\"|(?<![A-Za-z0-9])(?:pass|bid|play|discard|exchange|adjutant|trump|misere|nap"
                      r"|wellington|blucher|JK|[2-9TJQKA]|10|(?:[2-9TJQKA]|10)[SHDC]|[SHDC])(?![A-Za-z0-9])|[0-9.<>|]")
"""Record notation a refusal quotes as written (verbs, bids, cards, suits, quoted input), and numbers: the same in
every language; the words inside ``<...>`` are translated."""


def record_of(case: Case) -> dict[str, object]:
    """The case's one-deal record, its last action the refused one."""
    deal: dict[str, object] = {"hands": [seat.split() for seat in case.hands.split(" | ")],
                               "actions": case.actions.split(" / ")}
    if case.dealer is not None:
        deal["dealer"] = case.dealer
    if case.stock:
        deal["stock"] = case.stock.split()
    return {"format": "cardsuite-record/1", "game": case.game, "players": case.players, "options": case.options,
            "deals": [deal]}


def _refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, case: Case,
             *language: str) -> str:
    """The one line ``cardsuite [--lang L] replay`` refuses the case's record with."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record_of(case)), encoding="utf-8")
    monkeypatch.setattr("sys.argv", ["cardsuite", *language, "replay", str(path)])
    with pytest.raises(SystemExit) as exited:
        main()
    out, err = capsys.readouterr()
    assert exited.value.code == 1 and out == "" and len(err.splitlines()) == 1, err
    return err.strip().removeprefix("cardsuite: ")


def _english_words(line: str) -> set[str]:
    """The words of an English reason that are not record notation (``Wellington``, ``honours``, ``joker``)."""
    return {word.lower() for word in re.findall(r"[A-Za-zè]{2,}", NOTATION.sub(" ", line))}


@pytest.mark.parametrize("name", list(CASES))
def test_the_english_refusal_shows_record_notation_as_written(name: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    case = CASES[name]
    assert _refusal(tmp_path, capsys, monkeypatch, case) == case.english


@pytest.mark.parametrize("language", ["ja", "lt"])
@pytest.mark.parametrize("name", list(CASES))
def test_the_reason_is_in_the_readers_language(name: str, language: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    case = CASES[name]
    line = _refusal(tmp_path, capsys, monkeypatch, case, "--lang", language)
    quoted = re.escape(case.english.split('"')[1])
    reason = re.split(rf'"{quoted}"', line, maxsplit=1)[1]
    english = _english_words(case.english.split('": ', 1)[1])
    left = _english_words(reason) & (english | {"seat", "the", "of", "not", "expected", "must", "is", "no"})
    assert not left, line
    if language == "ja":  # past the notation, Japanese has no Latin letters at all
        assert not re.search(r"[A-Za-z]{2,}", NOTATION.sub(" ", reason)), line


ONLINE = [name for name, case in CASES.items() if '": illegal: ' in case.english
          and name not in ("n_bid1", "o_discard2")]
"""The rule refusals a client reads from a server's English line (``i18n.reasons.words_of``) when the server sent
no words it takes; a bid's or a verb form's words inside one stay English there (with words they do not:
tests/net/test_rule_refusal_words.py)."""


@pytest.mark.parametrize("language", ["ja", "lt"])
@pytest.mark.parametrize("name", ONLINE)
def test_an_online_table_reads_the_servers_reason_in_the_readers_language(name: str, language: str) -> None:
    english = CASES[name].english.split('": illegal: ', 1)[1]
    use_language(language)
    reason = read_reason(english)
    assert reason is not None
    line = render(reason)
    assert not _english_words(line) & (_english_words(english) | {"seat", "the", "of", "not", "must"}), line
