"""Every rule id in RULES.md is cited by at least one test name or docstring."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# RULES.md's rule ids (a copy, checked against the original by tests/test_reference_copy.py).
RULE_IDS = ROOT / "tests" / "reference" / "rule_ids.txt"
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")

# Ids the engine leaves to other modules, with the reason.  (None today.)
ELSEWHERE: dict[str, str] = {}


def rule_ids() -> list[str]:
    return sorted(set(RULE_IDS.read_text(encoding="utf-8").split()))


def cited() -> set[str]:
    """Ids named by test function names (test_r_eu_8_...) or in test files' docstrings."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        found |= ids_in_names(text)
        for doc in re.findall(r'"""(.*?)"""', text, flags=re.S):
            for m in RULE_ID.finditer(doc):
                found.add(m.group(0))
            for m in re.finditer(r"R-([A-Z]+)-(\d+)\.\.(\d+)", doc):
                for n in range(int(m.group(2)), int(m.group(3)) + 1):
                    found.add(f"R-{m.group(1)}-{n}")
    return found


def named_in_tests() -> set[str]:
    """Ids with a test function of their own (the stricter requirement)."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        found |= ids_in_names(path.read_text(encoding="utf-8"))
    return found


def ids_in_names(text: str) -> set[str]:
    """``test_r_score_3_and_r_set_5_...`` cites R-SCORE-3 and R-SET-5."""
    found: set[str] = set()
    for name in re.findall(r"def (test_\w+)", text):
        for m in re.finditer(r"(?:^|_)r_([a-z]+)_(\d+)(?=_|$)", name[len("test"):]):
            found.add(f"R-{m.group(1).upper()}-{m.group(2)}")
    return found


def test_every_rule_id_is_cited_by_a_test() -> None:
    ids = rule_ids()
    assert len(ids) >= 40
    missing = [i for i in ids if i not in cited() and i not in ELSEWHERE]
    assert not missing, f"rule ids without a test: {missing}"


def test_every_rule_id_has_a_test_named_after_it() -> None:
    ids = rule_ids()
    missing = [i for i in ids if i not in named_in_tests() and i not in ELSEWHERE]
    assert not missing, f"rule ids without a test_r_..._ function: {missing}"


VARIANTS = ROOT / "docs" / "variants.md"


def variant_rule_ids() -> list[str]:
    """The R-VAR ids docs/variants.md defines (its bold '**R-VAR-n —' headings)."""
    text = VARIANTS.read_text(encoding="utf-8")
    return sorted(set(re.findall(r"\*\*(R-VAR-\d+) —", text)), key=lambda i: int(i[6:]))


def test_every_variant_rule_id_has_a_test_named_after_it() -> None:
    ids = variant_rule_ids()
    assert ids == [f"R-VAR-{n}" for n in range(1, len(ids) + 1)] and len(ids) >= 10
    missing = [i for i in ids if i not in named_in_tests()]
    assert not missing, f"variant rule ids without a test_r_var_..._ function: {missing}"
