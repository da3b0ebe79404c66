"""A failure is one log line (never a traceback), and the same failure again and again is held back and
counted: a store that is away fails every request and every ``/health`` poll alike (``test_health.py``: the
polls themselves)."""

from __future__ import annotations

import logging

import pytest

from cardsuite.net.faultlog import FAULT_BURST, Faults


def _failure(text: str) -> Exception:
    try:
        raise OSError(text)
    except OSError as exc:
        return exc


def test_a_failure_is_one_bounded_line_and_its_repeats_are_counted(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    faults = Faults(clock=lambda: now[0])
    with caplog.at_level(logging.ERROR, logger="cardsuite.serve"):
        for _ in range(FAULT_BURST + 7):
            faults("health: the store did not answer", _failure("disk full\nsecond line" + "x" * 1000))
        now[0] = 60.0
        faults("health: the store did not answer", _failure("disk full\nsecond line" + "x" * 1000))
    records = caplog.records
    assert len(records) == FAULT_BURST + 1 and all(r.exc_info is None for r in records)
    assert records[0].getMessage() == "health: the store did not answer: OSError: disk full"
    assert "second line" not in caplog.text
    assert records[-1].getMessage().endswith("(7 such lines held back before this one)")
