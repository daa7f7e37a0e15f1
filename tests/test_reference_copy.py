"""tests/reference is a copy of the official maps' public tables and of RULES.md's rule ids.

The copy lets the item-by-item comparisons and the rule-coverage test run on any clone;
``python tools/check_reference_copy.py`` compares it with the originals where they are at
hand (the suite never reads a folder outside the checkout).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.conftest import REFERENCE, ROOT

COPIED = sorted(
    p.relative_to(REFERENCE) for p in REFERENCE.rglob("*") if p.suffix in (".csv", ".json")
)


def test_the_copy_holds_every_table() -> None:
    for name in ("usa", "europe", "switzerland"):
        for table in ("cities.csv", "routes.csv", "tickets.csv", "map.json"):
            assert (REFERENCE / name / table).is_file(), f"{name}/{table} missing"
    assert (REFERENCE / "switzerland" / "border_points.csv").is_file()
    for name in ("nordiccountries", "india"):  # no map.json: their rules are in SOURCES.md,
        # checked one by one in test_bundled_variants.py
        for table in ("cities.csv", "routes.csv", "tickets.csv"):
            assert (REFERENCE / name / table).is_file(), f"{name}/{table} missing"


def test_the_comparison_script_names_a_table_that_differs(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("check_reference_copy",
                                                  ROOT / "tools" / "check_reference_copy.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shared = tmp_path / "shared"
    for relative in COPIED:
        (shared / "reference" / relative).parent.mkdir(parents=True, exist_ok=True)
        (shared / "reference" / relative).write_bytes((REFERENCE / relative).read_bytes())
    ids = (REFERENCE / "rule_ids.txt").read_text(encoding="utf-8").split()
    (shared / "RULES.md").write_text("".join(f"- {i} text\n" for i in ids), encoding="utf-8")
    assert script.differences(shared) == []
    changed = shared / "reference" / COPIED[0]
    changed.write_bytes(changed.read_bytes() + b"x")
    assert script.differences(shared) == [f"differs, copy it again: {COPIED[0]}"]
    assert script.main([str(tmp_path / "nowhere")]) == 2
