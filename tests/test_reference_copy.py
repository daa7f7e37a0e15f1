"""tests/reference is a copy of ../shared/reference and of RULES.md's rule ids.

The copy lets the item-by-item comparisons and the rule-coverage test run on any
clone.  Where the originals are beside the checkout, the copy must equal them, so
a correction upstream cannot be missed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REFERENCE, SHARED

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


@pytest.mark.skipif(not (SHARED / "reference").is_dir(), reason="no ../shared beside the checkout")
@pytest.mark.parametrize("relative", COPIED, ids=str)
def test_the_copy_equals_the_shared_reference(relative: Path) -> None:
    original = SHARED / "reference" / relative
    assert original.is_file(), f"{relative} is no longer in ../shared/reference"
    assert (REFERENCE / relative).read_bytes() == original.read_bytes(), (
        f"tests/reference/{relative} differs from ../shared/reference: copy it again")


@pytest.mark.skipif(not (SHARED / "reference").is_dir(), reason="no ../shared beside the checkout")
def test_no_shared_table_is_missing_from_the_copy() -> None:
    shared = sorted(p.relative_to(SHARED / "reference")
                    for p in (SHARED / "reference").rglob("*") if p.suffix in (".csv", ".json"))
    assert shared == COPIED


@pytest.mark.skipif(not (SHARED / "RULES.md").is_file(), reason="no ../shared beside the checkout")
def test_rule_ids_equal_those_of_rules_md() -> None:
    text = (SHARED / "RULES.md").read_text(encoding="utf-8")
    ids = re.findall(r"^- (R-[A-Z]+-\d+)", text, flags=re.M)
    copied = (REFERENCE / "rule_ids.txt").read_text(encoding="utf-8").split()
    assert copied == ids
