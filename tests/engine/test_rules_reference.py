"""docs/rules.md is the project's rules reference: every rule id cited in the code or
the tests is defined there, and every id defined there is cited by a test."""

from __future__ import annotations

import re
from pathlib import Path

from .test_rule_coverage import cited

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules.md"
RULE_ID = re.compile(r"\bR-([A-Z]+)-(\d+)\b")
# "R-EU-6..8" and "R-VAR-1..3" name every id of the range; "R-DRAW-5..7" too.
RANGE = re.compile(r"\bR-([A-Z]+)-(\d+)\.\.(\d+)\b")
DEFINED = re.compile(r"^- \*\*(R-[A-Z]+-\d+)\*\* — ", flags=re.M)


def defined(text: str) -> list[str]:
    """The ids a rules page defines: its '- **R-X-n** — ...' entries, in order."""
    return DEFINED.findall(text)


def cited_ids(text: str) -> set[str]:
    """Every rule id a text names, ranges spelled out."""
    found = {f"R-{m.group(1)}-{m.group(2)}" for m in RULE_ID.finditer(text)}
    for m in RANGE.finditer(text):
        found.update(f"R-{m.group(1)}-{n}" for n in range(int(m.group(2)), int(m.group(3)) + 1))
    return found


def cited_in_code_and_tests() -> dict[str, set[str]]:
    """Rule id -> the files of the library, the benchmarks and the tests that name it."""
    where: dict[str, set[str]] = {}
    for folder in ("ttrtool", "tests", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for rule in cited_ids(path.read_text(encoding="utf-8")):
                where.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return where


def test_the_reference_defines_each_id_once() -> None:
    ids = defined(REFERENCE.read_text(encoding="utf-8"))
    assert len(ids) >= 50 and len(ids) == len(set(ids)), sorted(ids)
    assert {"R-SET-1", "R-EU-7", "R-CH-9", "R-VAR-10"} <= set(ids)


def test_every_rule_id_cited_in_code_or_tests_is_in_the_reference() -> None:
    known = set(defined(REFERENCE.read_text(encoding="utf-8")))
    missing = {rule: sorted(files) for rule, files in cited_in_code_and_tests().items()
               if rule not in known}
    assert not missing, f"cited but not defined in docs/rules.md: {missing}"


def test_every_id_of_the_reference_is_cited_by_a_test() -> None:
    ids = defined(REFERENCE.read_text(encoding="utf-8"))
    missing = [rule for rule in ids if rule not in cited()]
    assert not missing, f"defined in docs/rules.md but cited by no test: {missing}"


def test_the_checks_would_catch_an_unknown_or_untested_id() -> None:
    """The helpers see an id that is cited but not defined, and one defined but never
    cited, so the two tests above can fail."""
    untested, unknown = "R-" + "ZZZ-9", "R-" + "QQQ-3"  # spelt apart: this file cites neither
    page = f"- **R-SET-1** — one.\n- **{untested}** — an id no test names.\n"
    assert defined(page) == ["R-SET-1", untested]
    assert untested not in cited()
    assert cited_ids(f"see {unknown} and R-EU-6..8") == {unknown, "R-EU-6", "R-EU-7", "R-EU-8"}
    assert unknown not in set(defined(REFERENCE.read_text(encoding="utf-8")))
