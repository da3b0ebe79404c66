"""A browser seat's process learns its visit from the server only: nothing of the server's own environment
(an operator's identity, a join code, a name) reaches a visitor's seat."""

from __future__ import annotations

import os

import pytest
from textual_serve.download_manager import DownloadManager

from cardsuite.net import web
from cardsuite.tui.online.browser import visit_from


async def _nothing(*_: object) -> None:
    return None


def _environment(extra: dict[str, str]) -> dict[str, str]:
    service = web._SeatService("cardsuite web-seat", extra, write_bytes=_nothing, write_str=_nothing,
                               close=_nothing, download_manager=DownloadManager())
    return service._build_environment(80, 24)


def test_the_servers_own_visit_variables_never_reach_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in web.VISIT_VARIABLES:
        monkeypatch.setenv(variable, "from-the-operators-shell")
    monkeypatch.setenv("CARDSUITE_IDENTITY", "CSID-0000-0000-0000-0000-0000-0000-0000-0000")
    told = {web.SERVER_VARIABLE: "ws://127.0.0.1:8765/game", web.CODE_VARIABLE: "K7P2QX"}
    environment = _environment(told)
    assert {v: environment[v] for v in web.VISIT_VARIABLES} == {**dict.fromkeys(web.VISIT_VARIABLES, ""), **told}
    visit = visit_from(environment)
    assert (visit.code, visit.name, visit.identity, visit.token, visit.key) == ("K7P2QX", None, None, None, None)


@pytest.mark.parametrize("columns", [None, "80", "132"])
def test_a_seat_keeps_what_python_the_locale_and_the_data_folder_need(monkeypatch: pytest.MonkeyPatch,
                                                                      columns: str | None) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)  # a server started in a terminal of that width
    monkeypatch.setenv("CARDSUITE_HOME", "/srv/cardsuite")
    monkeypatch.setenv("LANG", "lt_LT.UTF-8")
    environment = _environment({})
    assert environment["CARDSUITE_HOME"] == "/srv/cardsuite"
    assert environment["LANG"] == "lt_LT.UTF-8"
    assert environment["PATH"] == os.environ["PATH"]
    assert environment["TEXTUAL_DRIVER"] == "textual.drivers.web_driver:WebDriver"
    assert (environment["COLUMNS"], environment["ROWS"]) == ("80", "24")


def test_nothing_else_of_the_servers_environment_reaches_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    secrets = {"PGPASSWORD": "hunter2", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI", "DATABASE_URL":
               "postgresql://cardsuite:hunter2@db/cardsuite", "CARDSUITE_DEBUG": "1"}
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    environment = _environment({web.SERVER_VARIABLE: "ws://127.0.0.1:8765/game"})
    assert not set(secrets) & set(environment)
    assert not any("hunter2" in value for value in environment.values())
    assert set(environment) <= web.SEAT_PASSES | set(web.VISIT_VARIABLES) | {
        name for name in environment if name.startswith(("TEXTUAL", "TERM_PROGRAM")) or name in ("COLUMNS", "ROWS")}
