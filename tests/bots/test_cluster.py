"""``cardsuite simulate --cluster``: a real local Ray head on loopback plays the run as ``--jobs 1`` does.

Only in ``make test-cluster`` (marked ``cluster``), which installs the ``cluster`` extra first: without Ray
these tests fail, they are not skipped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.bots.test_pool import simulate_json

pytestmark = pytest.mark.cluster


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        assert isinstance(port, int)
        return port


@pytest.fixture(scope="module")
def ray_head() -> Iterator[str]:
    """A Ray head on 127.0.0.1 with two CPUs, in its own process group, ended (that group only) afterwards."""
    import ray  # noqa: F401  (fails loudly when the extra is missing)

    ray_command = Path(sys.executable).with_name("ray")
    assert ray_command.is_file(), f"no ray command beside {sys.executable}"
    port = free_port()
    folder = tempfile.mkdtemp(prefix="csray-", dir="/tmp")  # Ray's socket paths must stay short
    env = {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}  # stay on loopback
    head = subprocess.Popen(
        [str(ray_command), "start", "--head", "--block", f"--port={port}", "--node-ip-address=127.0.0.1",
         "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={folder}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert head.poll() is None, "the Ray head stopped while starting"
            if list(Path(folder).glob("session_*/sockets/raylet")):
                break
            time.sleep(0.5)
        else:
            raise AssertionError("the Ray head did not start within 90 s")
        yield f"127.0.0.1:{port}"
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # whatever of the group outlived the head
        shutil.rmtree(folder, ignore_errors=True)


def test_a_cluster_run_is_the_one_process_run(ray_head: str) -> None:
    args = ("nap", "--seats", "normal,easy,random,random", "--games", "40", "--seed", "6")
    assert simulate_json(*args, "--cluster", ray_head) == simulate_json(*args, "--jobs", "1")
    duplicate = ("gops", "--players", "3", "--seats", "normal,easy,random", "--games", "20", "--duplicate")
    assert simulate_json(*duplicate, "--cluster", ray_head) == simulate_json(*duplicate, "--jobs", "1")
