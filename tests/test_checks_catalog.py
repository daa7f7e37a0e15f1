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
    wanted = {i.code for i in catalog() if not is_opt_in(i.code)} - {"TTR999"}
    assert wanted - covered == set()
