"""Player identity keys: made from the operating system, kept on the device, moved with a checked code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsuite.net import identity
from cardsuite.net.identity import IdentityError, export_code, identity_id, import_code, new_key
from cardsuite.net.protocol import ProtocolError, parse_request


def test_a_key_moves_through_its_code_and_a_typo_is_refused() -> None:
    key = new_key()
    assert len(key) == 52 and new_key() != key
    code = export_code(key)
    assert code.startswith("CSID-") and import_code(code) == key
    assert import_code(code.lower().replace("-", " ")) == key
    groups = code.split("-")
    groups[3] = groups[3][::-1] if groups[3][::-1] != groups[3] else "AAAA"
    with pytest.raises(IdentityError, match="does not check"):
        import_code("-".join(groups))
    with pytest.raises(IdentityError):
        import_code("CSID-1234")
    assert identity_id(key) == identity_id(key.lower()) and len(identity_id(key)) == 64


def test_the_device_keeps_one_key_and_never_deletes_an_earlier_one(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    first = identity.device_key()
    assert identity.device_key() == first and identity.load_key() == first
    other = new_key()
    aside = identity.keep_key(other)
    assert identity.load_key() == other
    assert aside is not None and first in aside.read_text()
    identity.identity_path().write_text("{not json", encoding="utf-8")
    assert identity.load_key() is None  # damaged: moved aside, reported
    assert any(p.name.startswith("identity.json.corrupt") for p in identity.identity_path().parent.iterdir())


def test_the_server_keeps_only_the_identity_id() -> None:
    key = new_key()
    req = parse_request(json.dumps({"v": 1, "type": "join", "code": "ABCDEF", "name": "Ann", "identity": key}))
    assert req.fields["identity"] == identity_id(key) and key not in str(req.fields)
    with pytest.raises(ProtocolError) as bad:
        parse_request('{"v":1,"type":"join","code":"ABCDEF","name":"Ann","identity":"short"}')
    assert bad.value.code == "identity"
    with pytest.raises(ProtocolError) as lang:
        parse_request('{"v":1,"type":"create","game":"nap","language":"<script>"}')
    assert lang.value.code == "bad_message"


def test_the_identity_command_exports_and_imports(tmp_path: Path) -> None:
    import subprocess
    import sys

    def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "cardsuite", "--lang", "en", "identity", *args],
                              capture_output=True, text=True, timeout=60, env={"CARDSUITE_HOME": str(home)})

    first, second = tmp_path / "a", tmp_path / "b"
    exported = run(first, "--export")
    assert exported.returncode == 0, exported.stderr
    code = exported.stdout.strip().splitlines()[-1]
    assert code.startswith("CSID-")
    assert run(second, "--server", "cards.example.org").stdout != run(first, "--server", "cards.example.org").stdout
    imported = run(second, "--import", code)
    assert imported.returncode == 0 and "kept in" in imported.stdout  # the earlier identity is moved aside
    assert run(second, "--server", "cards.example.org").stdout == run(first, "--server", "cards.example.org").stdout
    refused = run(second, "--import", code[:-1] + ("A" if code[-1] != "A" else "B"))
    assert refused.returncode != 0 and "does not check" in refused.stderr + refused.stdout
