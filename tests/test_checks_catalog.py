"""The registry of checks, docs/checks.md made from it, and test cases for every code."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_validate_cases import GENERATED, INVALID, expectations
from ttrtool.checks import all_checks, is_opt_in
from ttrtool.checks.catalog import catalog, checks_markdown

ROOT = Path(__file__).resolve().parent.parent


def test_docs_checks_md_is_generated_from_the_registry() -> None:
    text = (ROOT / "docs" / "checks.md").read_text(encoding="utf-8")
    assert text == checks_markdown(), (
        "docs/checks.md is out of date: run "
        "`.venv/bin/python -m ttrtool.checks.catalog > docs/checks.md`")
    for info in catalog():
        assert f"## {info.code} {info.name}" in text


def test_codes_and_names() -> None:
    infos = catalog()
    codes = [i.code for i in infos]
    assert len(codes) == len(set(codes))
    for i in infos:
        assert re.fullmatch(r"TTR\d{3}", i.code), i.code
        assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", i.name), i.name
        assert i.summary.endswith((".", ")")), i.code


def test_every_check_documents_a_passing_and_a_failing_example() -> None:
    for c in all_checks():
        assert "Passing:" in c.doc and "Failing:" in c.doc, f"{c.code} {c.name}"


def test_every_code_has_a_test_case() -> None:
    covered = {e.code for path in INVALID for e in expectations(path)[0]}
    covered |= {g[2] for g in GENERATED}
    covered.add("TTR000")  # the directory and missing-file tests in test_validate_cases.py
    # validation codes have a case each; findings have theirs in tests/findings
    wanted = {i.code for i in catalog() if not is_opt_in(i.code) and not i.is_finding}
    wanted -= {"TTR999"}
    assert wanted - covered == set()


def test_one_catalogue_holds_validation_codes_and_findings_with_one_severity_type() -> None:
    from ttrtool.diagnostics import Severity

    infos = catalog()
    sources = {i.source for i in infos}
    assert {"validate", "static", "play"} <= sources
    assert all(isinstance(i.severity, Severity) for i in infos)
    for i in infos:
        if i.is_finding:  # a finding says how to fix it and shows a line it prints
            assert i.fix and i.example.split()[:2] == [str(i.severity), i.code] or \
                i.example.split()[1] == i.code, i.code
    assert Severity.INFO < Severity.WARNING < Severity.ERROR
    assert Severity.named("Warning") is Severity.WARNING


def test_there_is_one_class_named_finding() -> None:
    import ttrtool.checks as checks
    import ttrtool.findings as findings

    assert not hasattr(checks, "Finding") and hasattr(findings, "Finding")
    assert not hasattr(findings, "Level") and not hasattr(findings, "CODES")


def test_the_catalogue_is_imported_one_way() -> None:
    """The modules that list codes, and the record they use, never import the catalogue
    that gathers them (they once did, through a type-only import)."""
    import ast
    from pathlib import Path

    import ttrtool.checks

    folder = Path(ttrtool.checks.__file__).parent
    for name in ("balance_codes.py", "code_info.py"):
        tree = ast.parse((folder / name).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module}
        assert "ttrtool.checks.catalog" not in imported, name


def test_the_catalogue_says_which_codes_ttrtool_fix_corrects() -> None:
    from ttrtool.checks.code_info import AUTOFIX

    fixable = {i.code: i.autofix for i in catalog() if i.autofix}
    assert set(fixable.values()) <= set(AUTOFIX)
    # what the fix loop applies (ttrtool/edit): waypoints and moves, ticket points, tuning
    assert fixable == {"TTR201": "safe", "TTR202": "safe", "TTR208": "safe",
                       "TTR406": "unsafe", "TTR407": "unsafe", "TTR604": "tune"}
    text = checks_markdown()
    assert text.count("*Fixable*:") == len(fixable)
