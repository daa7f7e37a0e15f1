"""The issue's check, end to end: a bundled network with its tickets taken out (and, for
USA, its routes made gray) gets ``colour --write`` and ``deck --write``; the map then
validates clean with --strict, ``analyze`` gives no warning, seeded games give no play
warning, every city is on a ticket and the colours' spaces are within 15 % of each other.
Slow: each map's games take a minute or more."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.design.sketches import sketch_file
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.cli import app
from ttrtool.diagnostics import Severity
from ttrtool.model import Board
from ttrtool.simulate import run
from ttrtool.simulate.session import RunRequest
from ttrtool.validate import validate_file

runner = CliRunner()


def warnings_in_play(path: Path, players: str, games: int) -> list[str]:
    result = run(RunRequest(str(path), games=games, players=players, seed=0, jobs=2,
                            quiet=True))
    assert result.report is not None
    return [f"{f['code']} {f['message']}" for f in result.report["findings"]
            if Severity.named(f["severity"]) >= Severity.WARNING]


def checked_board(path: Path) -> Board:
    result = validate_file(path)
    assert result.diagnostics == [], [d.message for d in result.diagnostics]
    assert result.board is not None
    board = result.board
    found = [f.line() for f in static_findings(analyze(board)) if f.severity >= Severity.WARNING]
    assert found == []
    ends = set().union(*(t.origin_nodes | t.destinations[0].nodes for t in board.tickets))
    assert {n.index for n in board.nodes if n.kind == "city"} <= ends
    return board


@pytest.mark.slow
def test_usa_gray_and_without_tickets_gets_colours_and_a_deck(tmp_path: Path) -> None:
    path = sketch_file(tmp_path, "usa", gray=True)
    res = runner.invoke(app, ["colour", str(path), "--write"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["deck", str(path), "--write"])
    assert res.exit_code == 0, res.output
    board = checked_board(path)
    spaces = {c: sum(r.length for r in board.routes if r.color == c) for c in board.rules.colors}
    assert max(spaces.values()) <= 1.15 * min(spaces.values()), spaces
    assert warnings_in_play(path, "2,3,4", 400) == []


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [
    ("europe", "2,3,4,5"), ("switzerland", "2,3"), ("nordiccountries", "2,3"),
    ("india", "2,3,4")])
def test_the_other_networks_without_tickets_get_a_deck(tmp_path: Path, name: str,
                                                       players: str) -> None:
    path = sketch_file(tmp_path, name)
    res = runner.invoke(app, ["deck", str(path), "--write"])
    assert res.exit_code == 0, res.output
    checked_board(path)
    assert warnings_in_play(path, players, 200) == []
