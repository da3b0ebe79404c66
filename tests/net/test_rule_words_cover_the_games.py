"""Every refusal of an action the core or a built-in game raises as a message is a template an online client
takes as words: a refusal added to a game without its template would reach a Japanese or Lithuanian player
in English only."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from cardsuite.net.rulewords import TEMPLATES

SOURCE = Path(__file__).resolve().parents[2] / "src" / "cardsuite"
REFUSING = re.compile(r"refusal|why_not|syntax_error")
"""Functions whose messages are refusals (besides those written in a ``raise``)."""
NOT_ACTIONS = {"core/record.py", "core/deals.py", "core/options.py", "core/registry.py", "games/gops/deal.py"}
"""Files whose refusals are of records, deals, options or plugins: never the answer to an action."""


def _refusals(node: ast.AST, refusing: bool) -> Iterator[tuple[str, int]]:
    """Each ``msg``/``msg_n`` template with its line, under ``node``, that is raised or made by a refusing function."""
    for child in ast.iter_child_nodes(node):
        inside = refusing
        if isinstance(child, ast.Raise):
            inside = True
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            inside = bool(REFUSING.search(child.name))
        if (inside and isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                and child.func.id in ("msg", "msg_n") and child.args and isinstance(child.args[0], ast.Constant)):
            yield str(child.args[0].value), child.lineno
        yield from _refusals(child, inside)


def test_every_refusal_of_an_action_is_a_template_a_client_knows() -> None:
    known = {key for key, _plural, _context in TEMPLATES}
    found: list[str] = []
    missing: list[str] = []
    for folder in ("core", "games"):
        for path in sorted((SOURCE / folder).rglob("*.py")):
            name = path.relative_to(SOURCE).as_posix()
            if name in NOT_ACTIONS:
                continue
            for key, line in _refusals(ast.parse(path.read_text(encoding="utf-8")), False):
                found.append(key)
                if key not in known:
                    missing.append(f"{name}:{line}: {key!r}")
    assert len(found) > 40  # the scan still finds the games' refusals
    assert not missing, "refusals no client takes as words (add them to net/rulewords.py):\n" + "\n".join(missing)
