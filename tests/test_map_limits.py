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


def grid_map(cities: int, routes: int | None = None, tickets: int = 2, copies: int = 1,
             countries: int = 0) -> str:
    """A schema-valid map of ``cities`` cities in a row, ``routes`` routes between neighbours
    (cycling along the row; default one per neighbour pair) and ``tickets`` tickets."""
    names = [f"C{n}" for n in range(cities)]
    lines = ["format: 1", "meta: {id: big, name: Big}", "board: {width: 1000, height: 1000}",
             "cities:"]
    lines += [f"  - {{name: {n}, pos: [{i % 1000}, {i // 1000}]}}" for i, n in enumerate(names)]
    if countries:
        lines.append("countries:")
        lines += [f"  - {{name: Land{k}, pos: [5, 5], border_points: [{{id: B{k}, pos: [0, 1]}}]}}"
                  for k in range(countries)]
    lines.append("routes:")
    for k in range(cities - 1 if routes is None else routes):
        a = k % (cities - 1)
        lines.append(f"  - {{a: {names[a]}, b: {names[a + 1]}, length: 1, color: gray}}")
    lines += ["tickets:", "  regular:"]
    lines += [f"    - {{from: C0, to: C{1 + k % (cities - 1)}, points: 1, copies: {copies}}}"
              for k in range(tickets)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("text", "where", "says"), [
    (grid_map(1001), "1005:5", "the map has 1,001 cities, more than the 1,000"),
    (grid_map(10, routes=2501), "2516:5", "the map has 2,501 routes, more than the 2,500"),
    (grid_map(10, tickets=11, copies=100), "37:7",
     "the decks hold 1,100 ticket cards (copies counted), more than the 1,000"),
    (grid_map(10, countries=101), "116:5", "the map has 101 countries, more than the 100"),
])
def test_a_map_past_a_size_limit_is_refused_before_it_is_built(text: str, where: str,
                                                                says: str) -> None:
    start = time.monotonic()
    result = validate_text(text, "big.yaml")
    elapsed = time.monotonic() - start
    assert [d.code for d in result.diagnostics] == ["TTR006"], result.diagnostics[:3]
    d = result.diagnostics[0]
    assert f"{d.location.line}:{d.location.column}" == where and says in d.message, d
    assert result.board is None and result.built is None
    assert elapsed < 5


def test_a_map_at_the_limits_is_not_refused_for_its_size() -> None:
    from ttrtool.limits import MAX_CITIES, size_diagnostics
    from ttrtool.loader import parse_map_text

    doc = parse_map_text(grid_map(MAX_CITIES, tickets=10, copies=100), "big.yaml")
    assert size_diagnostics(doc) == []


def test_a_file_of_too_many_values_stops_while_it_is_read(tmp_path: Path) -> None:
    from ttrtool.loader import MAX_VALUES

    board = tmp_path / "huge.yaml"
    board.write_text("format: 1\nmeta: {id: huge, name: Huge}\ncities:\n"
                     + "".join(f"  - {{name: C{n}, pos: [1, 2]}}\n" for n in range(30_000)),
                     encoding="utf-8")
    start = time.monotonic()
    res = cli.invoke(app, ["validate", str(board)])
    assert res.exit_code == 1, res.output
    assert f"huge.yaml:20002:29: error TTR006 [map-too-large] the file holds more than " \
           f"{MAX_VALUES:,} values" in res.output
    assert time.monotonic() - start < 10
