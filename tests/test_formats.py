"""Output formats of ``ttrtool validate`` (ttrtool/formats.py)."""

from __future__ import annotations

import json

import pytest

from ttrtool.checks.catalog import validation_catalog
from ttrtool.diagnostics import Diagnostic, Location, Severity
from ttrtool.formats import (
    escape_data,
    escape_property,
    format_github,
    format_json,
    format_sarif,
    format_text,
    render,
)

E = Diagnostic("TTR302", "double-route-mismatch", Severity.ERROR,
               "lengths 2 and 3: 100% wrong\nsecond line", ("routes", 4, "length"),
               "maps/a,b:c.yaml", Location(12, 5))
W = Diagnostic("TTR406", "ticket-points", Severity.WARNING, "worth 9", ("tickets", "regular", 0),
               "maps/x.yaml", Location(3, 7))
IO = Diagnostic("TTR000", "unreadable-file", Severity.ERROR, "no such file: gone.yaml", (),
                "gone.yaml", Location(0, 0))
RESULTS = [("maps/a,b:c.yaml", [E]), ("maps/x.yaml", [W]), ("gone.yaml", [IO]), ("ok.yaml", [])]


def test_text_is_grouped_by_file() -> None:
    out = format_text(RESULTS)
    lines = out.splitlines()
    assert lines[0] == "maps/a,b:c.yaml"
    assert lines[1].startswith("  maps/a,b:c.yaml:12:5: error TTR302 [double-route-mismatch] ")
    assert lines[3] == "maps/x.yaml"
    assert lines[4] == "  maps/x.yaml:3:7: warning TTR406 [ticket-points] worth 9"
    assert lines[6] == "  gone.yaml: error TTR000 [unreadable-file] no such file: gone.yaml"
    assert lines[7] == "ok.yaml: ok"
    assert lines[8] == "4 file(s): 2 error(s), 1 warning(s)"
    assert "\x1b[" not in out


def test_text_colour_is_optional() -> None:
    coloured = format_text(RESULTS, color=True)
    assert "\x1b[1;31merror\x1b[0m" in coloured and "\x1b[1;33mwarning\x1b[0m" in coloured
    assert format_text(RESULTS, color=False) == render("text", RESULTS)


def test_json_is_versioned() -> None:
    doc = json.loads(format_json(RESULTS))
    assert doc["version"] == 1
    assert doc["summary"] == {"files": 4, "errors": 2, "warnings": 1}
    first = doc["files"][0]
    assert (first["file"], first["errors"], first["warnings"]) == ("maps/a,b:c.yaml", 1, 0)
    assert first["diagnostics"][0] == {
        "code": "TTR302", "name": "double-route-mismatch", "severity": "error",
        "message": E.message, "file": "maps/a,b:c.yaml", "line": 12, "column": 5,
        "path": "/routes/4/length",
    }


def test_github_escaping() -> None:
    assert escape_data("50% off\r\nnext") == "50%25 off%0D%0Anext"
    assert escape_property("a,b:c%") == "a%2Cb%3Ac%25"
    lines = format_github(RESULTS).splitlines()
    assert lines[0] == ("::error file=maps/a%2Cb%3Ac.yaml,line=12,col=5,"
                        "title=TTR302 double-route-mismatch::lengths 2 and 3: 100%25 "
                        "wrong%0Asecond line")
    assert lines[1] == "::warning file=maps/x.yaml,line=3,col=7,title=TTR406 ticket-points::worth 9"
    # No position for a missing file: the annotation names the file only.
    assert lines[2] == ("::error file=gone.yaml,title=TTR000 unreadable-file::"
                        "no such file: gone.yaml")
    assert lines[3] == "ttrtool: 4 file(s), 2 error(s), 1 warning(s)"


def test_sarif_log() -> None:
    log = json.loads(format_sarif(RESULTS))
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [i.code for i in validation_catalog()]
    assert all(r["shortDescription"]["text"] and r["name"] for r in rules)
    results = run["results"]
    assert [r["ruleId"] for r in results] == ["TTR302", "TTR406", "TTR000"]
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
        assert r["level"] in ("error", "warning")
    first = results[0]["locations"][0]["physicalLocation"]
    assert first["artifactLocation"]["uri"] == "maps/a%2Cb%3Ac.yaml"
    assert first["region"] == {"startLine": 12, "startColumn": 5}
    assert "region" not in results[2]["locations"][0]["physicalLocation"]
    assert results[0]["properties"]["jsonPointer"] == "/routes/4/length"


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        render("xml", RESULTS)


def test_text_shows_the_line_with_a_caret() -> None:
    source = ["format: 1", "routes:"] + [""] * 9 + ["  - {a: X,\tb: Y, length: 3}"]
    out = format_text([("maps/a,b:c.yaml", [E])], sources={"maps/a,b:c.yaml": source})
    lines = out.splitlines()
    assert lines[-3] == "    12 |   - {a: X, b: Y, length: 3}"
    assert lines[-2] == "       |     ^"
    # Without the file's lines, or for a position outside them, there is no excerpt.
    short = format_text([("maps/x.yaml", [W])], sources={"maps/x.yaml": ["a"]})
    assert len(short.splitlines()) == 3


def test_absolute_paths_become_repository_relative(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from ttrtool.formats import repo_relative

    assert repo_relative(str(tmp_path / "maps" / "x.yaml"), tmp_path) == "maps/x.yaml"
    assert repo_relative("maps/x.yaml", tmp_path) == "maps/x.yaml"
    assert repo_relative("/elsewhere/x.yaml", tmp_path) == "/elsewhere/x.yaml"
