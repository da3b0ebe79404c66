"""The command line as a user runs it: real processes, real files, one-line errors, exit statuses."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.cli import LINE_LIMIT
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.recordfiles import save_record


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True,
                          timeout=120, check=False)


def nap_record(seed: int = 3) -> dict[str, object]:
    game = get_game("nap")
    match = Match(game, 4, game.resolve_options({}, 4), seed, [SeatSpec(n) for n in ("Ann", "Bob", "Cy", "Di")])
    rng = random.Random(seed)
    while True:
        while not match.deal_over:
            (seat,) = match.state.to_act
            legal = match.state.legal_actions(seat)
            match.act(seat, legal[rng.randrange(len(legal))])
        if match.is_over:
            return match.record()
        match.next_deal()


def test_list_shows_nap_with_player_counts() -> None:
    result = run("list")
    assert result.returncode == 0
    assert "nap" in result.stdout and "3–6" in result.stdout


def test_list_does_not_import_textual() -> None:
    code = "import sys; from cardsuite.cli import app; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_rules_shows_the_page_and_the_option_table() -> None:
    result = run("rules", "nap")
    assert result.returncode == 0
    for key in ("deals_per_player", "lowest_bid", "above_nap", "nap_points", "all_pass", "deck", "turn_timer"):
        assert key in result.stdout


def test_replay_json_matches_the_match(tmp_path: Path) -> None:
    record = nap_record()
    path = tmp_path / "match.json"
    save_record(path, record)
    result = run("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "nap" and data["players"] == 4 and data["complete"] is True
    assert len(data["deals"]) == 8
    assert all(sum(d["scores"]) == 0 for d in data["deals"])
    totals = [sum(d["scores"][s] for d in data["deals"]) for s in range(4)]
    assert data["totals"] == totals


def test_replay_text_names_players_and_tricks(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    save_record(path, nap_record())
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "Deal 1" in result.stdout and "Ann" in result.stdout and "Totals" in result.stdout


def test_replay_refuses_json_and_text_together(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    save_record(path, nap_record())
    for order in (("--json", "--text"), ("--text", "--json")):
        result = run("replay", str(path), *order)
        assert result.returncode == 1 and result.stdout == "", result.stdout[:200]
        assert result.stderr == "cardsuite: --json and --text cannot be used together: choose one\n"


def test_piped_replay_text_is_one_line_per_event_however_long(tmp_path: Path) -> None:
    record = nap_record()
    names = ("Annabel Featherstonhaugh", "Bartholomew Cholmondeley", "Cyprian Marjoribanks", "Dorothea Wriothesley")
    path = tmp_path / "long.json"
    save_record(path, {**record, "seats": [{"name": n, "kind": "human"} for n in names]})
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(len(line) > 100 for line in lines)
    last = lines[-1]
    assert last.startswith("Annabel Featherstonhaugh ") and last.endswith("(match complete)"), lines[-3:]
    tricks = [line for line in lines if " won the trick with " in line]
    assert tricks and all(line.endswith(")") for line in tricks), tricks[:3]


BAD_DEAL = {"dealer": 3, "hands": [["AS", "KS", "QS", "JS", "TS"], ["AH", "KH", "QH", "JH", "TH"],
                                   ["AD", "KD", "QD", "JD", "TD"], ["AC", "KC", "QC", "JC", "2S"]]}


@pytest.mark.parametrize(("actions", "message"), [
    (["0 bid 3", "1 pass", "2 pass", "3 pass", "0 play AS", "1 play AH", "2 play AD", "3 play KC"],
     'deal 0, action 7 "3 play KC": illegal: seat 3 must follow spades'),
    (["0 bid 3", "1 bid 3"], 'deal 0, action 1 "1 bid 3": illegal: a bid must beat 3'),
    (["0 play AS"], 'deal 0, action 0 "0 play AS": illegal: seat 0 must bid or pass before play starts'),
    (["1 pass"], "deal 0, action 0 \"1 pass\": illegal: it is seat 0's turn, not seat 1's"),
    (["0 bid seven"], 'deal 0, action 0 "0 bid seven": malformed'),
    (["9 pass"], 'deal 0, action 0 "9 pass": malformed: there is no seat 9'),
])
def test_replay_errors_are_one_line_exit_1(tmp_path: Path, actions: list[str], message: str) -> None:
    record = {"format": "cardsuite-record/1", "game": "nap", "players": 4, "options": {},
              "deals": [{**BAD_DEAL, "actions": actions}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--json")
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("change", "message"), [
    ({"options": {"colour": 1}}, "unknown option 'colour'"),
    ({"options": {"lowest_bid": 5}}, "option lowest_bid"),
    ({"game": "chess"}, "no game called 'chess'"),
    ({"format": "other/2"}, 'key "format"'),
    ({"players": 9}, "not 9"),
])
def test_record_key_errors(tmp_path: Path, change: dict[str, object], message: str) -> None:
    record = {"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": []} | change
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--json")
    assert result.returncode == 1 and result.stdout == ""
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_unreadable_and_non_json_files(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "none.json"))
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    garbage = tmp_path / "g.json"
    garbage.write_text("{not json")
    result = run("replay", str(garbage), "--json")
    assert result.returncode == 1 and "not JSON" in result.stderr and result.stdout == ""


def test_unfinished_deal_reports_zeros_and_incomplete(tmp_path: Path) -> None:
    record = {"format": "cardsuite-record/1", "game": "nap", "players": 4,
              "deals": [{**BAD_DEAL, "actions": ["0 bid 3", "1 pass"]}]}
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path), "--json")
    data = json.loads(result.stdout)
    assert data["complete"] is False and data["deals"][0]["scores"] == [0, 0, 0, 0]


def test_seeded_deal_replays(tmp_path: Path) -> None:
    record = {"format": "cardsuite-record/1", "game": "nap", "players": 4,
              "deals": [{"dealer": 0, "seed": 42, "actions": ["1 pass", "2 pass", "3 pass", "0 pass"]}]}
    path = tmp_path / "seeded.json"
    path.write_text(json.dumps(record))
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["deals"][0]["redeal"] is True and data["deals"][0]["scores"] == [0, 0, 0, 0]


def test_simulate_json_has_the_promised_keys() -> None:
    result = run("simulate", "nap", "--players", "4", "--games", "3", "--seats", "normal,easy,random,random",
                 "--seed", "1", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"game", "players", "matches", "deals", "seconds", "levels"} <= set(data)
    assert data["matches"] == 3 and data["deals"] == 24
    for level in ("normal", "easy", "random"):
        row = data["levels"][level]
        assert {"seats", "mean", "ci95", "bids", "made", "wins", "decision_ms"} <= set(row)
        assert row["ci95"][0] <= row["mean"] <= row["ci95"][1]
    assert data["levels"]["random"]["seats"] == 2


def test_simulate_refuses_bad_input_in_one_line() -> None:
    result = run("simulate", "nap", "--players", "4", "--seats", "normal,easy", "--games", "1")
    assert result.returncode == 1 and "--seats names 2 levels for 4 players" in result.stderr
    result = run("simulate", "nap", "--seats", "normal,easy,random,genius", "--games", "1")
    assert result.returncode == 1 and "no 'genius' CPU level" in result.stderr
    result = run("simulate", "nap", "--option", "deck=tiny", "--games", "1")
    assert result.returncode == 1 and "option deck" in result.stderr


ONLINE = {"serve", "host", "join", "web-seat"}
"""The server's and the online client's commands: their numbers are described (and checked) with the protocol."""


def test_every_number_on_the_command_line_has_a_range_and_docs_index_lists_it() -> None:
    """A numeric option without a bounded parser would take ``inf``, ``١٢`` or 5000 digits."""
    import inspect

    from cardsuite.cli import app
    from cardsuite.cli._args import Bounded

    index = (Path(__file__).resolve().parents[2] / "docs" / "index.md").read_text(encoding="utf-8")
    checked = 0
    for info in app.registered_commands:
        if info.name in ONLINE:
            continue
        for name, param in inspect.signature(info.callback).parameters.items():
            if str(param.annotation).split(" | ")[0] not in ("int", "float"):  # annotations are text here
                continue
            checked += 1
            parser = getattr(param.default, "parser", None)
            assert isinstance(parser, Bounded), (info.name, name)
            decls = getattr(param.default, "param_decls", None) or ()
            flag = next((d for d in decls if d.startswith("--")), name.upper())
            assert f"| `{info.name}` | `{flag}` | {parser.range_text()} |" in index, (info.name, flag)
    assert checked >= 16


def test_every_commands_help_names_its_values() -> None:
    """A number's value shows as its range or its kind in ``--help``, never as ``<function>``."""
    from typer.testing import CliRunner

    from cardsuite.cli import app

    names = [command.name or command.callback.__name__ for command in app.registered_commands
             if command.callback is not None]
    assert "play" in names and "simulate" in names
    for name in names:
        result = CliRunner().invoke(app, [name, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, (name, result.output)
        assert "<function>" not in result.output and "Bounded" not in result.output, (name, result.output)
    assert "<0..99>" in CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output


def test_the_game_argument_names_no_fixed_list_of_games() -> None:
    """Every command that takes a game says it the same way: an example and where the installed ones are listed
    (a plugin's game is played as any other, so no help text may name the built-in ones as if they were all)."""
    from typer.testing import CliRunner

    from cardsuite.cli import app

    for name in ("play", "host", "simulate", "rules"):
        output = CliRunner().invoke(app, [name, "--help"], env={"COLUMNS": "200"}).output
        assert "The game, e.g. nap (see cardsuite list)." in output.replace("`", ""), (name, output)
        assert "gops" not in output, (name, output)


def test_replay_text_says_each_gops_bid_once(tmp_path: Path) -> None:
    """A finished GOPS deal's text says that a seat has chosen, then what each played: not also what it chose."""
    game = get_game("gops")
    match = Match(game, 2, game.resolve_options({}, 2), 4, [SeatSpec("Ann"), SeatSpec("Bob")])
    rng = random.Random(4)
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
            continue
        seat = sorted(match.state.to_act)[0]
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[rng.randrange(len(legal))])
    path = tmp_path / "gops.json"
    save_record(path, match.record())
    result = run("replay", str(path), "--text")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    chosen = sum("Ann has chosen" in line for line in lines)
    assert chosen > 0 and chosen == sum("Ann played the" in line for line in lines)
    assert not any("Ann chose" in line for line in lines)


def test_a_malformed_action_is_quoted_once(tmp_path: Path) -> None:
    record = nap_record()
    deals = record["deals"]
    assert isinstance(deals, list)
    deals[0] = dict(deals[0]) | {"actions": ["0 play " + "K" * 1002]}
    path = tmp_path / "match.json"
    save_record(path, record)
    result = run("replay", str(path), "--json")
    (line,) = result.stderr.splitlines()
    assert result.returncode == 1 and line.startswith('cardsuite: deal 0, action 0 "0 play KKK')
    assert len(re.findall("K{20,}", line)) == 1 and "malformed action" not in line and "kkk" not in line
    assert "malformed: not a card: 'KKKKKKKKKKKK…'" in line and len(line) <= LINE_LIMIT, line
