"""The official maps are clean: no finding of severity warning or above, static or from
play, at every player count with the default bots.

This is the unit-scale guard (a few dozen games per player count); ``make verdicts``
runs the same check with 1,000 games per player count (docs/simulate.md).
"""

from __future__ import annotations

import pytest

from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.verdict.report import build_report

# Each test plays hundreds of games: `make test-slow` and CI run them.
pytestmark = pytest.mark.slow

GAMES = 30


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland", "nordiccountries", "india"])
def test_official_map_has_no_warning(boards: dict[str, Board], variant_boards: dict[str, Board],
                                     name: str) -> None:
    board = {**boards, **variant_boards}[name]
    counts = range(board.rules.min_players, board.rules.max_players + 1)
    tallies = play_tallies(board, counts, GAMES, 5)
    report = build_report(board, tallies, {"seed": 5}, "test", static_findings(analyze(board)))
    assert [f["message"] for f in report["findings"]
            if f["severity"] in ("warning", "error")] == []
    assert all("findings" in c for c in report["configurations"])
