"""A record's values are taken as docs/records.md writes them, not converted: GOPS deals give no ``dealer``,
a deal's ``seed`` is a whole number the ``--seed`` of a match would take, and an option's value has its
option's JSON type. Anything else is one line, and the records the program writes still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite.core.errors import CardsuiteError, RecordError
from cardsuite.core.match import LARGEST_SEED, Match, SeatSpec
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.i18n.render import words_for
from cardsuite.storage.saves import Autosave
from cardsuite.tui.config import parse_seed

from .helpers import cli, gops_record, nap_match, refused, write_json, write_save


def _record(game: str, players: int, **changes: object) -> dict[str, object]:
    return {"format": "cardsuite-record/1", "game": game, "players": players, "deals": [], **changes}


def _refusal(record: dict[str, object]) -> str:
    """The line ``replay`` refuses ``record`` with (the core alone: no file reader in front)."""
    with pytest.raises(RecordError) as caught:
        replay(record, get_game)
    return words_for(caught.value.args[0])


@pytest.mark.parametrize("dealer", [0, 1, None, "0"])
def test_a_gops_deal_with_a_dealer_is_refused(tmp_path: Path, dealer: object) -> None:
    record = gops_record()
    deals = record["deals"]
    assert isinstance(deals, list) and "dealer" not in deals[0]
    assert replay(record, get_game).complete  # as written: no dealer
    deals[0] = {"dealer": dealer, **deals[0]}
    path = write_json(tmp_path / "gops.json", record)
    for mode in (["--json"], []):
        refused(cli("replay", str(path), *mode), 'deal 0, key "dealer": GOPS deals have no dealer')
    seeded = _record("gops", 2, deals=[{"dealer": dealer, "seed": 3}])
    assert _refusal(seeded) == 'deal 0, key "dealer": GOPS deals have no dealer'


def test_the_gops_dealer_refusal_is_in_the_readers_language(tmp_path: Path) -> None:
    path = write_json(tmp_path / "gops.json", _record("gops", 2, deals=[{"dealer": 0, "seed": 3}]))
    japanese = refused(cli("--lang", "ja", "replay", str(path), "--json"), "dealer")
    lithuanian = refused(cli("--lang", "lt", "replay", str(path), "--json"), "dealer")
    for line in (japanese, lithuanian):
        assert "GOPS deals have no dealer" not in line, line


def test_a_gops_deal_with_a_dealer_in_a_save_is_moved_aside_and_nothing_resumes(home: Path) -> None:
    game = get_game("gops")
    match = Match(game, 2, game.resolve_options({}, 2), 5, [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random")])
    match.act(0, match.state.legal_actions(0)[0])
    save = Autosave("20260101-000000-gops", keep=True)
    written = save.record(match)
    deals = written["deals"]
    assert isinstance(deals, list)
    deals[0] = {"dealer": 0, **deals[0]}
    write_json(save.path, written)
    ran = cli("resume", "20260101")
    assert ran.code == 1 and len(ran.lines) == 2 and "Traceback" not in ran.err, ran.err
    assert 'is damaged (deal 0, key "dealer": GOPS deals have no dealer' in ran.lines[0], ran.lines
    assert not save.path.exists() and list((home / "saves").glob("20260101-000000-gops.json.corrupt-*"))


def test_games_with_a_dealer_still_need_one(tmp_path: Path) -> None:
    assert _refusal(_record("nap", 4, deals=[{"seed": 3}])) == 'deal 0, key "dealer": expected a seat number 0..3'
    assert replay(nap_match().record(), get_game).complete


@pytest.mark.parametrize(("seed", "shown"), [
    (-5, "-5"), (-1, "-1"), (LARGEST_SEED + 1, "1000000000000000000"), (2**64, "18446744073709551616"),
    (True, "true"), (False, "false"), (1.5, "1.5"), (3.0, "3.0"), ("5", '"5"'), (None, "null"), ([1], "[1]"),
])
def test_a_deal_seed_that_play_would_refuse_is_refused(seed: object, shown: str) -> None:
    line = _refusal(_record("nap", 4, deals=[{"dealer": 0, "seed": seed}]))
    assert line == (f'deal 0, key "seed": the seed must be a whole number from 0 to {LARGEST_SEED}, written with '
                    f"0-9 ({shown} is not)"), line
    if isinstance(seed, int) and not isinstance(seed, bool):
        with pytest.raises(CardsuiteError):  # the home screen's seed field and --seed refuse it too
            parse_seed(str(seed))


def test_a_negative_deal_seed_in_a_file_is_one_line_in_every_language(tmp_path: Path) -> None:
    path = write_json(tmp_path / "seed.json", _record("nap", 4, deals=[{"dealer": 0, "seed": -5}]))
    refused(cli("replay", str(path), "--json"), 'deal 0, key "seed": the seed must be a whole number from 0 to',
            "(-5 is not)")
    for language in ("ja", "lt"):
        line = refused(cli("--lang", language, "replay", str(path), "--json"), "seed", "-5")
        assert "must be a whole number" not in line, line


@pytest.mark.parametrize("seed", [0, 1, LARGEST_SEED])
def test_a_deal_seed_that_play_takes_is_dealt(seed: int) -> None:
    deal = replay(_record("nap", 4, deals=[{"dealer": 0, "seed": seed}]), get_game).deals[0]
    assert len(deal.setup.hands) == 4 and not deal.complete
    assert parse_seed(str(seed)) == seed  # the home screen's seed field and --seed take it too


def _save_with_seed(seed: object, match: Match | None = None) -> Path:
    """A Nap save of a few actions whose match seed is ``seed`` (the deals as ``match`` dealt them)."""
    path = write_save("20260101-000000-seed", match or nap_match(steps=3))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["save"]["seed"] = seed
    return write_json(path, data)


_SEED_WORDS = f'key "save.seed": the seed must be a whole number from 0 to {LARGEST_SEED}, written with 0-9'


@pytest.mark.parametrize(("seed", "why"), [
    (-5, f"{_SEED_WORDS} (-5 is not)"), (True, f"{_SEED_WORDS} (true is not)"), ("3", f'{_SEED_WORDS} ("3" is not)'),
    (None, f"{_SEED_WORDS} (null is not)"),
    (LARGEST_SEED + 1, "a number longer than 18 digits"),  # the file reader refuses it before the save is read
])
def test_a_save_seed_that_play_would_refuse_is_moved_aside_in_one_line(home: Path, seed: object, why: str) -> None:
    path = _save_with_seed(seed)
    ran = cli("resume", "20260101")
    assert ran.code == 1 and len(ran.lines) == 2 and "Traceback" not in ran.err, ran.err
    assert f"{why}); moved aside to 20260101-000000-seed.json.corrupt-" in ran.lines[0], ran.lines
    assert not path.exists() and list((home / "saves").glob("20260101-000000-seed.json.corrupt-*"))
    assert ran.opened == []


def test_a_save_seed_that_play_takes_resumes() -> None:
    game = get_game("nap")
    seats = [SeatSpec("Ann")] + [SeatSpec(n, "cpu", "random") for n in ("Bob", "Cy", "Di")]
    match = Match(game, 4, game.resolve_options({}, 4), LARGEST_SEED, seats)
    match.act(min(match.state.to_act), match.state.legal_actions(min(match.state.to_act))[0])
    _save_with_seed(LARGEST_SEED, match)
    ran = cli("resume", "20260101")
    assert ran.code == 0 and ran.err == "", ran.err
    assert [what[2].seed for what in ran.opened] == [LARGEST_SEED]


@pytest.mark.parametrize(("game", "players", "options", "shown"), [
    ("nap", 4, {"lowest_bid": "2"}, "option lowest_bid: '2' is not a whole number"),
    ("nap", 4, {"lowest_bid": " 2 "}, "option lowest_bid: ' 2 ' is not a whole number"),
    ("nap", 4, {"deals_per_player": "3"}, "option deals_per_player: '3' is not a whole number"),
    ("nap", 4, {"deals_per_player": True}, "option deals_per_player: true is not a whole number"),
    ("nap", 4, {"deals_per_player": 3.0}, "option deals_per_player: 3.0 is not a whole number"),
    ("nap", 4, {"deals_per_player": 3.5}, "option deals_per_player: 3.5 is not a whole number"),
    ("nap", 4, {"misere": 0}, "option misere: 0 is not true or false"),
    ("nap", 4, {"misere": 1}, "option misere: 1 is not true or false"),
    ("nap", 4, {"misere": 3}, "option misere: 3 is not true or false"),
    ("nap", 4, {"misere": "false"}, "option misere: 'false' is not true or false"),
    ("nap", 4, {"misere": "no"}, "option misere: 'no' is not true or false"),
    ("nap", 4, {"misere": None}, "option misere: null is not true or false"),
    ("nap", 4, {"deck": 1}, 'option deck: 1 is not one of "full", "reduced"'),
    ("nap", 4, {"above_nap": False}, 'option above_nap: false is not one of "none", "wellington", "blucher"'),
    ("napas", 4, {"deck": 32}, 'option deck: 32 is not one of "auto", "32", "52"'),
    ("napas", 4, {"turn_timer": "30"}, "option turn_timer: '30' is not a whole number"),
    ("gops", 2, {"blind_prize": "true"}, "option blind_prize: 'true' is not true or false"),
    ("gops", 2, {"games": "2"}, "option games: '2' is not a whole number"),
    ("napoleon", 5, {"yoromeki": 0}, "option yoromeki: 0 is not true or false"),
    ("napoleon", 5, {"jokers": False}, "option jokers: false is not a whole number"),
])
def test_an_option_of_the_wrong_json_type_is_refused_not_converted(tmp_path: Path, game: str, players: int,
                                                                  options: dict[str, object], shown: str) -> None:
    path = write_json(tmp_path / "options.json", _record(game, players, options=options))
    refused(cli("replay", str(path), "--json"), 'key "options": ' + shown)
    assert _refusal(_record(game, players, options=options)) == 'key "options": ' + shown


def test_options_as_the_program_writes_them_load(tmp_path: Path) -> None:
    for game, players, given in (("nap", 4, {"lowest_bid": "2", "misere": "false", "deck": "reduced",
                                             "deals_per_player": "1"}),
                                 ("napas", 4, {"deck": "52", "target": "30", "turn_timer": "30"}),
                                 ("gops", 2, {"blind_prize": "yes", "games": "2", "ace": "high"}),
                                 ("napoleon", 5, {"jokers": "0", "yoromeki": "off"})):
        found = get_game(game)
        written = found.resolve_options(given, players).non_default()  # what --option key=value makes
        assert len(written) == len(given)
        record = json.loads(json.dumps(_record(game, players, options=written)))
        assert dict(replay(record, get_game).options.non_default()) == written
