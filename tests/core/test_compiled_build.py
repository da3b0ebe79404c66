"""The opt-in compiled build (``make compiled``, ``make test-compiled``; docs/performance.md).

In ``make test`` (pure Python) these check what keeps a plain install plain: the build asks for mypy only
when ``CARDSUITE_COMPILE=1`` is set and the machine can compile, and every module the build compiles still
exists (a file moved by an engine change must be moved in ``scripts/compile_engines.py`` too).

``make test-compiled`` sets ``CARDSUITE_EXPECT_COMPILED=1`` and runs the rules, games and conformance
tests against the compiled wheel installed in ``.venv-compiled``; there the tests below also check that the
hot modules really are the compiled ones, that seeded deals play out exactly as in the interpreted source,
and that a build without a C compiler falls back to a pure Python wheel, saying so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from ..scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
EXPECT_COMPILED = os.environ.get("CARDSUITE_EXPECT_COMPILED") == "1"
compiled_only = pytest.mark.skipif(not EXPECT_COMPILED, reason="only in make test-compiled")


def load_engines() -> ModuleType:
    """``scripts/compile_engines.py``, loaded from its path as the build hook loads it."""
    return load_script("scripts/compile_engines.py", "compile_engines_under_test")


engines = load_engines()


def test_every_compiled_module_exists_in_the_source() -> None:
    missing = [path for path in engines.HOT_MODULES if not (ROOT / "src" / path).is_file()]
    assert missing == []


def test_a_plain_build_asks_for_nothing_more() -> None:
    assert engines.build_requirements({}) == []
    assert engines.build_requirements({"CARDSUITE_COMPILE": "0"}) == []
    assert not engines.wanted({"CARDSUITE_COMPILE": ""})


def test_asking_to_compile_fetches_mypy_only_where_it_can_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = {"CARDSUITE_COMPILE": "1"}
    monkeypatch.setattr(engines, "missing_toolchain", lambda need_mypyc=True: None)
    wanted = engines.build_requirements(asked, runtime=["rich>=13"])
    assert [name.split(">")[0] for name in wanted] == ["mypy", "setuptools", "rich"]
    monkeypatch.setattr(engines, "missing_toolchain", lambda need_mypyc=True: "no C compiler")
    assert engines.build_requirements(asked) == []


def test_a_missing_compiler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "no-such-c-compiler --flag")
    assert engines.missing_toolchain() == "no C compiler ('no-such-c-compiler' is not on PATH)"
    assert engines.build_requirements({"CARDSUITE_COMPILE": "yes"}) == []


def test_missing_python_headers_are_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CC", sys.executable)  # any program on PATH will do as the compiler here
    paths = dict(sysconfig.get_paths(), include=str(tmp_path))
    monkeypatch.setattr(engines.sysconfig, "get_paths", lambda: paths)
    assert engines.missing_toolchain() == f"no Python headers ({tmp_path / 'Python.h'} is missing)"


@compiled_only
def test_the_hot_modules_are_the_compiled_ones() -> None:
    status = engines.compiled_modules()
    assert set(status) == {engines.module_name(path) for path in engines.HOT_MODULES}
    assert all(status.values()), status
    import cardsuite

    assert ROOT / "src" not in Path(cardsuite.__file__ or "").parents  # the installed wheel, not the source


@compiled_only
def test_the_same_seeds_play_the_same_game_as_interpreted() -> None:
    def run(pythonpath: str | None) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        if pythonpath is not None:
            env["PYTHONPATH"] = pythonpath
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "compiled.py"), "--fingerprints"], env=env,
                              capture_output=True, text=True, check=True, cwd=ROOT)
        return dict(json.loads(done.stdout))

    compiled, interpreted = run(None), run(str(ROOT / "src"))
    assert not compiled.pop("file").endswith(".py")
    assert interpreted.pop("file").endswith(".py")
    assert set(compiled) == {"nap", "napas", "napoleon", "gops"}
    assert compiled == interpreted


@compiled_only
def test_without_a_compiler_the_wheel_is_pure_python(tmp_path: Path) -> None:
    env = dict(os.environ, CARDSUITE_COMPILE="1", CC="no-such-c-compiler")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--wheel-dir", str(tmp_path),
                           str(ROOT)], env=env, capture_output=True, text=True, check=True)
    wheels = [wheel.name for wheel in tmp_path.glob("*.whl")]
    assert len(wheels) == 1 and wheels[0].endswith("-py3-none-any.whl"), wheels
    said = [line.strip() for line in (done.stdout + done.stderr).splitlines() if "compiled engines" in line]
    assert said == ["cardsuite: compiled engines not built, no C compiler ('no-such-c-compiler' is not on PATH): "
                    "the wheel is pure Python"]
    assert "mypy" not in done.stdout  # a build that cannot compile does not fetch mypy either
