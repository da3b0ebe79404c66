"""``cardsuite serve --advertise`` and ``--public-url`` take only an address of their kind: anything else is refused
at start in one line, before a store is opened (players would otherwise be sent to it, or browsers pointed at it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

STORE = ("--store", "postgresql://nobody@127.0.0.1:1/cardsuite")  # never reached: the refusal comes first


def _refusal(tmp_path: Path, *args: str, lang: str = "en") -> str:
    """The one line ``cardsuite serve ARGS`` refuses with, in the language ``lang``."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDSUITE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "cardsuite", "--lang", lang, "serve", "--port", "0", "--data",
                           str(tmp_path / "server"), *args], capture_output=True, text=True, env=env, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 1, done
    assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done
    assert not (tmp_path / "server").exists()
    return done.stderr


def test_an_advertise_that_is_no_socket_address_is_refused_in_one_line(tmp_path: Path) -> None:
    line = _refusal(tmp_path, *STORE, "--advertise", "not a url")
    assert line == ("cardsuite: --advertise takes this process's public ws:// or wss:// address, with a host, at most "
                    '300 characters and no user, query or fragment (wss://cards.example.org/p/1), not "not a url"\n')
    line = _refusal(tmp_path, *STORE, "--advertise", "https://cards.example.org/p/1")
    assert line.startswith("cardsuite: --advertise takes") and '"https://cards.example.org/p/1"' in line


def test_a_public_url_that_is_no_page_address_is_refused_in_one_line(tmp_path: Path) -> None:
    line = _refusal(tmp_path, "--public-url", "ftp://x")
    assert line == ("cardsuite: --public-url takes the http:// or https:// address browsers use, with a host, at most "
                    '300 characters and no user, query or fragment (https://cards.example.org), not "ftp://x"\n')


def test_the_refusals_are_in_the_readers_language(tmp_path: Path) -> None:
    line = _refusal(tmp_path, *STORE, "--advertise", "ftp://x", lang="ja")
    assert line.startswith("cardsuite: --advertise には、このプロセスの公開アドレスを") and '"ftp://x"' in line, line
    line = _refusal(tmp_path, "--public-url", "x", lang="lt")
    assert line.startswith("cardsuite: --public-url reikia http:// arba https:// adreso") and '"x"' in line, line
