"""Drafts that play like the official boards (issue 40): trains, route lengths, players, and
games of about the official length, for the regions that once gave 9 trains and routes of one
space (Japan) or games of 17 turns (Greece)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.checks.tempo import OFFICIAL_TURNS, estimate
from ttrtool.cli import app
from ttrtool.drafting.board import Draft, draft_board
from ttrtool.drafting.places import region_of
from ttrtool.model import Board
from ttrtool.validate import validate_text


def _draft(region: str) -> tuple[Draft, Board]:
    draft = draft_board(region_of(region), 30, "x", "ttrtool new x.yaml")
    checked = validate_text(draft.text, "x.yaml")
    assert checked.board is not None
    assert [d.code for d in checked.diagnostics] == [], [d.message for d in checked.diagnostics]
    return draft, checked.board


@pytest.fixture(scope="module")
def japan() -> tuple[Draft, Board]:
    return _draft("Japan")


@pytest.fixture(scope="module")
def greece() -> tuple[Draft, Board]:
    return _draft("Greece")


@pytest.mark.parametrize("which", ["japan", "greece"])
def test_a_draft_has_the_official_boards_trains_lengths_and_players(
        which: str, request: pytest.FixtureRequest) -> None:
    draft, board = request.getfixturevalue(which)
    lengths = [r.length for r in board.routes]
    assert board.rules.trains_per_player == draft.trains >= 25
    assert 2 <= statistics.median(lengths) <= 3  # the official boards' 2 to 3
    assert max(lengths) <= 6 and sum(x == 1 for x in lengths) / len(lengths) <= 0.35
    assert len(set(lengths)) >= 4  # short, middle and long routes
    assert board.rules.max_players == 4  # Greece: both tracks of a double from three players
    for players in range(2, board.rules.max_players + 1):
        turns = estimate(board, players).turns
        assert OFFICIAL_TURNS[0] * 0.9 <= turns <= OFFICIAL_TURNS[1] * 1.1, (players, turns)


def test_japan_plays_about_as_long_as_the_official_boards(
        japan: tuple[Draft, Board], tmp_path: Path) -> None:
    """Played by the default bot table at 3 players (the old draft: 8.8 turns a player)."""
    draft, _ = japan
    path = tmp_path / "japan.yaml"
    path.write_text(draft.text, encoding="utf-8")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(path), "-p", "3", "--games", "30",
                                      "--seed", "1", "--quiet", "--out", str(report)])
    assert result.exit_code in (0, 1), result.output  # 1: a balance warning
    config = json.loads(report.read_text(encoding="utf-8"))["configurations"][0]
    assert config["end_reasons"]["normal"] == 30
    turns = config["turns"]["mean"] / 3
    assert 33 <= turns <= 43, turns
