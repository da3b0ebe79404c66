"""``GET /health`` of a server whose store does not answer: a 503 that says so, and nothing of why."""

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
