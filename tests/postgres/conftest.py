"""A real PostgreSQL for these tests: Debian's server in a temporary folder, on loopback, for the session.

The cluster is made by ``scripts/pg_cluster.py`` (as the ``postgres`` user when the tests run as root, since
``initdb`` refuses root). When it cannot start, every test here fails with the reason: never a silent skip.
Each test gets a database of its own; every module here is marked ``postgres``. Run them with
``make test-postgres``.
"""

from __future__ import annotations

import importlib.util
import secrets
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cluster_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pg_cluster", ROOT / "scripts" / "pg_cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pg_cluster"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """The URL of the session's cluster (its ``postgres`` database as the admin connection)."""
    cluster = _cluster_module()
    folder = Path(tempfile.mkdtemp(prefix="cardsuite-pg-"))
    try:
        url = cluster.start(folder)
    except cluster.ClusterError as exc:
        pytest.fail(f"PostgreSQL could not be started for these tests: {exc}", pytrace=False)
    try:
        yield url
    finally:
        cluster.stop(folder)


@pytest.fixture
def pg_url(pg_cluster: str) -> str:
    """A fresh, empty database of the cluster for one test."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    admin = pg_cluster.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return pg_cluster.rsplit("/", 1)[0] + "/" + name
