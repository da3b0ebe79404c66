"""``cardsuite.net`` is the protocol, the server and the client library: it imports no Textual and no TUI,
at the top of a module or inside a function, so the server runs without them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cardsuite.net

NET = Path(cardsuite.net.__file__).parent
FORBIDDEN = ("textual", "cardsuite.tui", "cardsuite.cli")


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports anywhere (relative imports made absolute)."""
    package = "cardsuite.net"
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            found.append(module)
            found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def test_no_module_of_net_imports_textual_or_the_tui() -> None:
    files = sorted(NET.rglob("*.py"))
    assert len(files) >= 8
    bad = [(path.name, name) for path in files for name in _imports(path)
           if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == []


def test_the_server_and_the_client_library_load_without_textual() -> None:
    code = ("import sys; import cardsuite.net.server, cardsuite.net.client, cardsuite.net.web, cardsuite.net.table;"
            "print(sorted(m for m in sys.modules if m == 'textual' or m.startswith(('textual.', 'cardsuite.tui'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
