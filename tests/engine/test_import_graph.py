"""The engine's modules import one way, with no circle, and docs/engine.md shows it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "docs" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_graph", module)
    spec.loader.exec_module(module)
    return module


def test_the_engine_has_no_import_circle() -> None:
    graph = script().engine_imports()
    assert {"state", "position", "tables", "claims", "cards"} <= set(graph)
    assert script().circles(graph) == []


def test_a_circle_is_found_even_through_type_only_imports(tmp_path: Path) -> None:
    """The check counts every import, so a circle held by TYPE_CHECKING shows."""
    (tmp_path / "a.py").write_text("from ttrtool.engine.b import x\n", encoding="utf-8")
    (tmp_path / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from ttrtool.engine.a import y\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("from ttrtool.engine import a\n", encoding="utf-8")
    graph = script().engine_imports(tmp_path)
    assert graph == {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert script().circles(graph) == [["a", "b"]]


def test_the_chart_in_docs_engine_md_is_the_one_the_script_draws() -> None:
    module = script()
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    drawn = module.chart(module.engine_imports())
    assert module.updated(text, drawn) == text, "run: python docs/import_graph.py"
    assert "Import circles: none" in drawn
