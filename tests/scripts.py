"""Load a project script (``bench/*.py``, ``scripts/*.py``) from its path, as a module the tests can call."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
"""The project's root (``bench/`` and ``scripts/`` live there, outside the package)."""


def load_script(relative: str, name: str) -> ModuleType:
    """The script at ``ROOT / relative``, run once as module ``name`` (registered in ``sys.modules``, which
    dataclasses need while their class is built)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
