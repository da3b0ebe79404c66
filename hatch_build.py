"""Build hook: compile the gettext catalogs (``.po`` -> ``.mo``) with Babel when a wheel is built, and,
when asked with ``CARDSUITE_COMPILE=1``, the rules engines' hot modules with mypyc.

Compiled catalogs are never committed or edited by hand. A regular wheel gets them from a temporary folder;
an editable install (``make setup``) compiles them in place, next to their ``.po`` files, where the source
tree's package finds them (``make catalogs`` refreshes them after a ``.po`` changes).

The compiled engines are opt-in (``make compiled``; docs/performance.md). A plain build is pure Python and
asks for no more than ``build-system.requires``: only when ``CARDSUITE_COMPILE=1`` is set and a C compiler
and the Python headers are there does ``dependencies`` add mypy, setuptools and the project's own
dependencies (whose types mypyc reads) to the build environment.
The hook then compiles ``scripts/compile_engines.py``'s ``HOT_MODULES`` in a temporary copy of ``src`` and
puts the extensions into the wheel beside the ``.py`` files (which Python then no longer imports), and the
wheel is tagged for this interpreter and platform. Without a compiler or the headers it says so in one line
and builds the pure Python wheel. An editable install never compiles: the extensions would sit in ``src``
and shadow the sources for every run, ``make test`` included.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("src") / "cardsuite" / "locale"


def compile_catalog(po_file: Path, mo_file: Path) -> None:
    """Write the compiled form of ``po_file`` (translated, non-fuzzy messages only) to ``mo_file``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_file.open("rb") as source:
        catalog = read_po(source)
    mo_file.parent.mkdir(parents=True, exist_ok=True)
    with mo_file.open("wb") as target:
        write_mo(target, catalog)


def engines_module(root: str) -> ModuleType:
    """``scripts/compile_engines.py`` of the project at ``root`` (not a package, so loaded from its path)."""
    path = Path(root) / "scripts" / "compile_engines.py"
    spec = importlib.util.spec_from_file_location("cardsuite_compile_engines", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class CatalogBuildHook(BuildHookInterface):
    """Compiles every ``src/cardsuite/locale/<lang>/LC_MESSAGES/<domain>.po`` into the wheel, and the hot
    modules with mypyc when ``CARDSUITE_COMPILE=1`` asks for them."""

    def dependencies(self) -> list[str]:
        """mypy, setuptools and the project's dependencies (for their types) when compiling is asked for
        and possible here; nothing otherwise."""
        return list(engines_module(self.root).build_requirements(runtime=self.metadata.core.dependencies))

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sources = sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po"))
        if version == "editable":
            for po_file in sources:
                compile_catalog(po_file, po_file.with_suffix(".mo"))
            if engines_module(self.root).wanted():
                self.app.display_warning("cardsuite: CARDSUITE_COMPILE is ignored by an editable install, which "
                                         "stays pure Python (make compiled builds a compiled wheel)")
            return
        self._folder = Path(tempfile.mkdtemp(prefix="cardsuite-catalogs-"))
        for po_file in sources:
            relative = po_file.relative_to(root / LOCALE).with_suffix(".mo")
            compile_catalog(po_file, self._folder / relative)
            build_data["force_include"][str(self._folder / relative)] = f"cardsuite/locale/{relative.as_posix()}"
        self.compile_engines(build_data)

    def compile_engines(self, build_data: dict[str, Any]) -> None:
        """Put the mypyc-compiled hot modules into the wheel, when asked and possible (module docstring)."""
        engines = engines_module(self.root)
        if not engines.wanted():
            return
        why = engines.missing_toolchain()
        if why is not None:
            self.app.display_warning(f"cardsuite: compiled engines not built, {why}: the wheel is pure Python")
            return
        src = engines.copy_source(Path(self.root), self._folder / "engines")
        for built in engines.compile_tree(src):
            build_data["force_include"][str(built)] = built.relative_to(src).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"cardsuite: compiled {len(engines.HOT_MODULES)} hot modules with mypyc")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
