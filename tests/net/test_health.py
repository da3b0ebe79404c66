"""``GET /health`` of a server whose store does not answer: a 503 that says so, and nothing of why; the log says
why in one line, the same line again held back."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from cardsuite.net.config import ServerConfig
from cardsuite.net.server import HUB, make_app


def test_a_store_that_does_not_answer_is_told_without_its_reason(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """Anyone may ask ``/health``: the store's error (which may name a database's host and user) goes to the
    server's log only."""
    secret = "connection to db.internal:5432 failed for user cardsuite_admin"

    def unreachable(_code: str) -> bool:
        raise ConnectionError(secret)

    async def run() -> tuple[int, dict[str, object]]:
        app = make_app(ServerConfig(port=0, data=tmp_path))
        async with TestClient(TestServer(app)) as client:
            app[HUB].store.code_taken = unreachable  # type: ignore[method-assign]
            answer = await client.get("/health")
            return answer.status, await answer.json()

    with caplog.at_level(logging.ERROR, logger="cardsuite.serve"):
        status, body = asyncio.run(run())
    assert status == 503 and body == {"status": "store unreachable"}
    assert secret in caplog.text


def test_health_polls_of_a_store_that_fails_write_no_traceback_and_do_not_flood(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    def unreachable(_code: str) -> bool:
        raise ConnectionError("the store is away")

    async def run() -> list[int]:
        app = make_app(ServerConfig(port=0, data=tmp_path))
        async with TestClient(TestServer(app)) as client:
            app[HUB].store.code_taken = unreachable  # type: ignore[method-assign]
            return [(await client.get("/health")).status for _ in range(20)]

    with caplog.at_level(logging.ERROR, logger="cardsuite.serve"):
        assert asyncio.run(run()) == [503] * 20
    lines = [r for r in caplog.records if "health" in r.getMessage()]
    assert 1 <= len(lines) <= 5 and all(r.exc_info is None and "\n" not in r.getMessage() for r in lines)
