"""Build hook: compile the gettext catalogs (``.po`` -> ``.mo``) with Babel when a wheel is built.

Compiled catalogs are never committed or edited by hand. A regular wheel gets them from a temporary folder;
an editable install (``make setup``) compiles them in place, next to their ``.po`` files, where the source
tree's package finds them (``make catalogs`` refreshes them after a ``.po`` changes).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
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


class CatalogBuildHook(BuildHookInterface):
    """Compiles every ``src/cardsuite/locale/<lang>/LC_MESSAGES/<domain>.po`` into the wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sources = sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po"))
        if version == "editable":
            for po_file in sources:
                compile_catalog(po_file, po_file.with_suffix(".mo"))
            return
        self._folder = Path(tempfile.mkdtemp(prefix="cardsuite-catalogs-"))
        for po_file in sources:
            relative = po_file.relative_to(root / LOCALE).with_suffix(".mo")
            compile_catalog(po_file, self._folder / relative)
            build_data["force_include"][str(self._folder / relative)] = f"cardsuite/locale/{relative.as_posix()}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
