"""Every file of tests/cases through ``ttrtool validate`` (see tests/cases/README.md).

Invalid files carry their expected diagnostics in ``# expect:`` comment
lines; the hazards that cannot be stored as text (bytes that are not UTF-8,
control characters, an empty file, a directory, a missing file) are written
by the tests into a temporary folder.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app

CASES = Path(__file__).resolve().parent / "cases"
EXPECT = re.compile(r"^# expect: (TTR\d{3}) (\d+):(\d+)(?: exit (\d))?\s*$")
runner = CliRunner()


@dataclass(frozen=True)
class Expected:
    code: str
    line: int
    column: int


def expectations(path: Path) -> tuple[list[Expected], int | None]:
    expected, exit_code = [], None
    with open(path, "rb") as f:
        for raw in f:
            m = EXPECT.match(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
            if not m:
                break
            expected.append(Expected(m[1], int(m[2]), int(m[3])))
            if m[4] is not None:
                exit_code = int(m[4])
    return expected, exit_code


def run_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["validate", "--format", "json", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout)


def check_case(path: Path, expected: list[Expected], exit_code: int | None) -> None:
    code, report = run_json(str(path))
    (file_report,) = report["files"]
    got = [(d["code"], d["line"], d["column"]) for d in file_report["diagnostics"]]
    for e in expected:
        assert (e.code, e.line, e.column) in got, f"{path.name}: expected {e}, got {got}"
    expected_codes = {e.code for e in expected}
    unexpected = [d for d in file_report["diagnostics"]
                  if d["severity"] == "error" and d["code"] not in expected_codes]
    assert not unexpected, f"{path.name}: errors not in '# expect:' lines: {unexpected}"
    if exit_code is None:
        exit_code = 1
    assert code == exit_code, f"{path.name}: exit code {code}, expected {exit_code}"
    for d in file_report["diagnostics"]:
        assert d["message"] and d["name"], d


INVALID = sorted((CASES / "invalid").glob("*.yaml"))


def test_enough_invalid_cases() -> None:
    assert len(INVALID) >= 45
    for path in INVALID:
        assert expectations(path)[0], f"{path.name} has no '# expect:' line"


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_case(path: Path) -> None:
    expected, exit_code = expectations(path)
    check_case(path, expected, exit_code)


VALID = sorted((CASES / "valid").glob("*.yaml"))


@pytest.mark.parametrize("path", VALID, ids=[p.stem for p in VALID])
def test_valid_case(path: Path) -> None:
    code, report = run_json("--strict", str(path))
    assert report["files"][0]["diagnostics"] == []
    assert code == 0


# Hazards written by the test: (file name, bytes, code, line, column, exit code).
GENERATED = [
    ("empty.yaml", b"", "TTR002", 1, 1, 1),
    ("blank.yaml", b"\n  \n\n", "TTR002", 1, 1, 1),
    ("not-utf8.yaml", b"format: 1\nmeta: {id: x, name: Z\xfcrich}\n", "TTR001", 2, 22, 1),
    ("latin1-name.yaml", b"format: 1\ncities:\n  - {name: Gen\xe8ve}\n", "TTR001", 3, 15, 1),
    ("control-in-name.yaml", b"format: 1\ncities:\n  - {name: Ber\x07n}\n", "TTR001", 3, 15, 1),
    ("escape-in-name.yaml", b"format: 1\ncities:\n  - {name: \"Ber\\x07n\"}\n", "TTR001", 3, 12, 1),
    ("nel-in-name.yaml", "format: 1\ncities:\n  - {name: Bern\u0085}\n".encode(),
     "TTR001", 3, 16, 1),
    ("bom-then-tab.yaml", b"\xef\xbb\xbfformat: 1\nmeta:\n\tid: x\n", "TTR002", 3, 1, 1),
]


@pytest.mark.parametrize("name,data,code,line,column,exit_code", GENERATED,
                         ids=[g[0] for g in GENERATED])
def test_generated_case(tmp_path: Path, name: str, data: bytes, code: str, line: int,
                        column: int, exit_code: int) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    check_case(path, [Expected(code, line, column)], exit_code)


def test_directory_is_a_usage_error(tmp_path: Path) -> None:
    code, report = run_json(str(tmp_path))
    assert code == 2
    (d,) = report["files"][0]["diagnostics"]
    assert d["code"] == "TTR000" and "directory" in d["message"]


def test_missing_file_still_checks_the_others(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    bad = CASES / "invalid" / "route-unknown-color.yaml"
    code, report = run_json(str(missing), str(CASES / "valid" / "tiny.yaml"), str(bad))
    assert code == 2
    files = report["files"]
    tiny = str(CASES / "valid" / "tiny.yaml")
    assert [f["file"] for f in files] == [str(missing), tiny, str(bad)]
    assert files[0]["diagnostics"][0]["code"] == "TTR000"
    assert files[1]["diagnostics"] == []
    assert [d["code"] for d in files[2]["diagnostics"]] == ["TTR305"]
    assert report["summary"] == {"files": 3, "errors": 2, "warnings": 0}
