"""The whole package imports one way: no module circle, no circle between its subpackages.

The engine's own chart is tested in tests/engine/test_import_graph.py; this is the same count
(every import, deferred and type-only ones too) over all of ``ttrtool``.
"""

from __future__ import annotations

from pathlib import Path

from tests.engine.test_import_graph import script


def test_no_module_of_the_package_is_in_an_import_circle() -> None:
    graph = script().package_imports()
    assert {"ttrtool.loader", "ttrtool.render.plan", "ttrtool.verdict.report"} <= set(graph)
    assert script().circles(graph) == []


def test_no_two_subpackages_import_each_other_even_through_other_layers() -> None:
    units = script().unit_imports(script().package_imports())
    assert {"ttrtool.geo", "ttrtool.render", "ttrtool.checks", "ttrtool.simulate",
            "ttrtool.verdict"} <= set(units)
    assert script().circles(units) == []


def test_low_layers_import_nothing_above_them() -> None:
    units = script().unit_imports(script().package_imports())
    assert units["ttrtool.geo"] == set()
    assert units["ttrtool.diagnostics"] == set()
    assert units["ttrtool.engine"] <= {"ttrtool.graph", "ttrtool.model", "ttrtool.rules"}
    assert "ttrtool.simulate" not in units["ttrtool.verdict"]  # judging reads logs, plays none


def test_a_circle_between_two_subpackages_is_found(tmp_path: Path) -> None:
    top = tmp_path / "ttrtool"
    for folder, text in (("low", "from ttrtool.high.b import x\n"),
                         ("high", "from ttrtool.low.a import y\n")):
        (top / folder).mkdir(parents=True)
        (top / folder / "__init__.py").write_text("", encoding="utf-8")
        name = "a.py" if folder == "low" else "b.py"
        (top / folder / name).write_text(text, encoding="utf-8")
    graph = script().package_imports(top)
    assert script().circles(graph) == [["ttrtool.high.b", "ttrtool.low.a"]]
    assert script().circles(script().unit_imports(graph)) == [["ttrtool.high", "ttrtool.low"]]
