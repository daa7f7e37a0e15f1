"""Maps that would make a command grow without bound (issue 39, items 3 and 7): every
count the game multiplies has a ceiling in the schema, checked before anything is
expanded, and the refusal names the file, line and column at once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.validate import validate_text

ROOT = Path(__file__).resolve().parent
TINY = (ROOT / "cases" / "valid" / "tiny.yaml").read_text(encoding="utf-8")
cli = CliRunner()
COLOURS = ", ".join(f"{c}: 12" for c in ["red", "blue", "green"] + [f"c{n}" for n in range(20)])


def _with(old: str, new: str) -> str:
    assert old in TINY
    return TINY.replace(old, new)


@pytest.mark.parametrize(("text", "where", "says"), [
    # a million copies of one ticket: 10 s and 380 MB before, and "ok"
    (_with("points: 3}", "points: 3, copies: 1000000}"), "25:50",
     "copies is 1000000, more than the most allowed, 100: lower it"),
    (_with("  end_trigger_trains", "  train_cards: {locomotives: 100000000}\n  end_trigger_trains"),
     "11:30", "locomotives is 100000000, more than the most allowed, 1000"),
    # 23 colours and a market of 20: every market the colours can show is tabled at once
    (_with("  end_trigger_trains", "  market: {size: 20}\n  train_cards: {colors: {"
           + COLOURS + "}}\n  end_trigger_trains"), "12:25",
     "colors has 23 entries, more than the most allowed, 12"),
    (_with("players: {min: 2, max: 2}", "players: {min: 2, max: 100000}"), "9:26",
     "max is 100000, more than the most allowed, 12"),
    (_with("trains_per_player: 3", "trains_per_player: 100000000"), "10:22",
     "trains_per_player is 100000000, more than the most allowed, 1000"),
])
def test_a_count_past_its_ceiling_is_refused_at_once(text: str, where: str, says: str) -> None:
    start = time.monotonic()
    result = validate_text(text, "big.yaml")
    elapsed = time.monotonic() - start
    assert result.board is None
    located = [f"{d.location.line}:{d.location.column}" for d in result.errors]
    assert where in located, [str(d) for d in result.errors]
    assert any(says in d.message for d in result.errors), [d.message for d in result.errors]
    assert elapsed < 1.0


def test_simulate_refuses_a_deck_of_a_million_copies_before_any_game(tmp_path: Path) -> None:
    board = tmp_path / "big.yaml"
    board.write_text(_with("points: 3}", "points: 3, copies: 1000000}"), encoding="utf-8")
    start = time.monotonic()
    res = cli.invoke(app, ["simulate", str(board), "-n", "1", "-j", "1", "-q"])
    assert res.exit_code == 1, res.output
    assert "big.yaml:25:50: error TTR010" in res.output
    assert time.monotonic() - start < 5
