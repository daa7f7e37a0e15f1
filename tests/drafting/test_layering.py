"""The drafter sits above the library it uses; the low ``geo`` package imports nothing of it."""

from __future__ import annotations

import ast
from pathlib import Path

import ttrtool

PACKAGE = Path(ttrtool.__file__).parent


def _imports(folder: Path) -> set[str]:
    """Every ``ttrtool`` module imported anywhere in ``folder`` (at the top or in a function)."""
    out: set[str] = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                out.add(node.module)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
    return {m for m in out if m == "ttrtool" or m.startswith("ttrtool.")}


def test_geo_imports_nothing_of_the_drafter_loading_or_pricing() -> None:
    above = {m for m in _imports(PACKAGE / "geo") if not m.startswith("ttrtool.geo")}
    # checks.geo is the one left, a circle the layering work removes; nothing else may join it.
    assert above <= {"ttrtool.checks.geo"}, sorted(above)


def test_nothing_in_the_library_imports_the_drafter_but_the_new_command() -> None:
    users = sorted(str(folder.relative_to(PACKAGE)) for folder in {PACKAGE, *PACKAGE.rglob("*/")}
                   if folder.name not in ("drafting", "__pycache__")
                   and any(m.startswith("ttrtool.drafting") for m in _imports(folder)))
    assert users == ["commands"]
