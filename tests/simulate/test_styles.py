"""Verdicts across play styles (``--styles``): the same seeds under several tables, each
finding saying which styles it holds for, the seat verdict only where all agree."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ttrtool import simulate
from ttrtool.bots import BOTS, DEFAULT_BOTS
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.simulate.session import RunError, RunRequest
from ttrtool.verdict.styles import STYLES, combine_findings, seat_agreement, styles_line


def test_the_styles_are_tables_of_registered_bots() -> None:
    assert STYLES["default"] == DEFAULT_BOTS
    assert all(b in BOTS for table in STYLES.values() for b in table)
    assert len({tuple(sorted(t)) for t in STYLES.values()}) == len(STYLES)


def _raced(severity: Severity, players: tuple[int, ...]) -> Finding:
    return Finding("TTR607", severity, "route Kansas City–Omaha is raced for",
                   {"routes": ("kansas-city-omaha",)}, {}, players)


def test_a_finding_says_which_styles_it_holds_for() -> None:
    [f] = combine_findings({"strong": [_raced(Severity.INFO, (4,))],
                            "default": [],
                            "casual": [_raced(Severity.WARNING, (3, 4))]})
    assert f.severity is Severity.WARNING and f.players == (3, 4)
    assert f.message.endswith("— only with casual players (info with strong)")
    assert f.evidence["styles"] == {"strong": "info", "default": None, "casual": "warning"}
    [g] = combine_findings({s: [_raced(Severity.WARNING, (4,))] for s in STYLES})
    assert g.message.endswith("— with every style")


def _report(n: int, ruled_out: float, seat_found: bool) -> dict[str, Any]:
    found = [{"code": "TTR601", "players": [n]}] if seat_found else []
    return {"findings": found, "configurations": [
        {"players": n, "seat_verdict": {"ruled_out": 0.01,
                                        "every_seat": {"ruled_out": ruled_out}}}]}


def test_the_seat_verdict_holds_only_when_every_style_agrees() -> None:
    calm = seat_agreement({"strong": _report(4, 0.05, False), "default": _report(4, 0.07, False),
                           "casual": _report(4, 0.06, False)})
    assert calm["4"]["ruled_out"] == 0.07  # the widest style's bound
    line = styles_line({"players": 4, "styles_verdict": calm["4"]})
    assert line is not None and "with every style, every seat's edge is within ±7.0" in line
    split = seat_agreement({"strong": _report(4, 0.05, False),
                            "default": _report(4, 0.07, False),
                            "casual": _report(4, 0.06, True)})
    assert split["4"]["ruled_out"] is None and split["4"]["seat_found_with"] == ["casual"]
    line = styles_line({"players": 4, "styles_verdict": split["4"]})
    assert line is not None and "only with casual players" in line
    assert "no fairness verdict" in line


def test_a_run_with_styles_plays_every_table_on_the_same_seeds(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    result = simulate.run(RunRequest("switzerland", games=12, players="2", jobs=1, quiet=True,
                                     styles=True, log=log))
    # the log keeps the default table's games, one per seed
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 12
    assert {b for r in records for b in r["bots"]} <= set(STYLES["default"])
    report = result.report
    assert report is not None and set(report["styles"]) == set(STYLES)
    assert report["run"]["styles"] == {s: list(t) for s, t in STYLES.items()}
    [c] = report["configurations"]
    assert set(c["styles_verdict"]["by_style"]) == set(STYLES)
    # the main figures are the default table's, the same games as a run without --styles
    plain = simulate.run(RunRequest("switzerland", games=12, players="2", jobs=1, quiet=True))
    assert plain.report is not None
    assert c["seats"] == plain.report["configurations"][0]["seats"]


def test_styles_refuses_a_table_of_its_own() -> None:
    with pytest.raises(RunError, match="--styles plays its own tables"):
        simulate.run(RunRequest("switzerland", games=2, bots="expert,random", styles=True))


@pytest.mark.slow  # over 8 s: make test-slow and CI
def test_a_baseline_with_styles_is_compared_on_the_default_table() -> None:
    result = simulate.run(RunRequest("switzerland", games=30, players="2", jobs=1, quiet=True,
                                     styles=True, baseline="switzerland"))
    report = result.report
    assert report is not None and report["baseline"]["paired"] == [2]
    assert report["baseline"]["edits"] == [] and report["baseline"]["changes"] == 0
    assert not any("only with" in f["message"] for f in report["findings"]
                   if f["source"] == "baseline")
