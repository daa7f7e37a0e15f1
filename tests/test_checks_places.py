"""Checks of where places sit on the board: TTR113 place-off-board, TTR114 places-too-close."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttrtool.diagnostics import Diagnostic
from ttrtool.validate import validate_text

CASES = Path(__file__).resolve().parent / "cases"
TINY = (CASES / "valid" / "tiny.yaml").read_text(encoding="utf-8")
COUNTRIES = (CASES / "valid" / "countries.yaml").read_text(encoding="utf-8")


def found(text: str, code: str) -> list[Diagnostic]:
    return [d for d in validate_text(text, "m.yaml").diagnostics if d.code == code]


def at(text: str, needle: str, column_of: str) -> tuple[int, int]:
    """Line and column of ``column_of`` on the first line holding ``needle``."""
    for n, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return n, line.index(column_of) + 1
    raise AssertionError(needle)


def replaced(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


@pytest.mark.parametrize(("pos", "coordinate"), [
    ("[101, 10]", "101"), ("[-5, 10]", "-5"), ("[10, 100.5]", "100.5"), ("[10, -0.1]", "-0.1"),
])
def test_a_city_off_the_board_is_an_error_at_the_coordinate(pos: str, coordinate: str) -> None:
    text = replaced(TINY, "{name: Crewe, pos: [90, 10]}", "{name: Crewe, pos: " + pos + "}")
    (d,) = found(text, "TTR113")
    assert d.is_error
    assert (d.location.line, d.location.column) == at(text, "name: Crewe", coordinate)
    assert "'Crewe'" in d.message and "outside the board" in d.message
    assert "0–100" in d.message, d.message  # the board's extent, from board.width/height


def test_on_the_edge_is_on_the_board() -> None:
    text = replaced(TINY, "{name: Crewe, pos: [90, 10]}", "{name: Crewe, pos: [100, 100]}")
    text = replaced(text, "{name: Aston, pos: [10, 10]}", "{name: Aston, pos: [0, 0]}")
    assert found(text, "TTR113") == []


def test_the_default_board_size_is_named_when_the_file_gives_none() -> None:
    text = replaced(TINY, "board: {width: 100, height: 100}\n", "")
    text = replaced(text, "{name: Crewe, pos: [90, 10]}", "{name: Crewe, pos: [1200, 10]}")
    (d,) = found(text, "TTR113")
    assert "1000" in d.message and "board.width" in d.message, d.message


def test_border_points_country_labels_and_waypoints_are_on_the_board() -> None:
    text = replaced(COUNTRIES, "{id: FR2, pos: [0, 50]}", "{id: FR2, pos: [0, 1500]}")
    text = replaced(text, "code: 'FR'", "code: 'FR'\n    pos: [-20, 40]")
    text = replaced(text, "{a: Bern, b: Zug, length: 3, color: red}",
                    "{a: Bern, b: Zug, length: 3, color: red, waypoints: [[70, 1001]]}")
    got = found(text, "TTR113")
    assert [(d.location.line, d.location.column) for d in got] == sorted([
        at(text, "id: FR2", "1500"), at(text, "pos: [-20, 40]", "-20"), at(text, "[[70, 1001]]",
                                                                             "1001")])
    assert all(d.is_error for d in got)


def test_the_bundled_maps_have_every_place_on_the_board() -> None:
    for name in ("usa", "europe", "switzerland"):
        result = validate_text(Path(f"maps/{name}.yaml").read_text(encoding="utf-8"))
        assert [d for d in result.diagnostics if d.code in ("TTR113", "TTR114")] == []


def test_two_cities_at_the_same_position_name_each_other() -> None:
    text = replaced(TINY, "{name: Crewe, pos: [90, 10]}", "{name: Crewe, pos: [50, 10]}")
    (d,) = found(text, "TTR114")
    assert not d.is_error
    assert (d.location.line, d.location.column) == at(text, "name: Crewe", "[50, 10]")
    line, column = at(text, "name: Bury", "[50, 10]")
    assert "'Crewe'" in d.message and "'Bury'" in d.message and "same position" in d.message
    assert f"line {line}:{column}" in d.message, d.message


def test_cities_closer_than_a_marker() -> None:
    # tiny.yaml prints 100 units as 778 mm: 7.78 mm per unit; a city marker is 8.4 mm wide.
    near = replaced(TINY, "{name: Crewe, pos: [90, 10]}", "{name: Crewe, pos: [51.5, 11]}")
    (d,) = found(near, "TTR114")
    assert "'Crewe'" in d.message and "'Bury'" in d.message and "mm" in d.message
    apart = replaced(TINY, "{name: Crewe, pos: [90, 10]}", "{name: Crewe, pos: [53, 10]}")
    assert found(apart, "TTR114") == []


def test_a_city_on_a_border_point() -> None:
    text = replaced(COUNTRIES, "{name: Zug, pos: [90, 50]}", "{name: Zug, pos: [1, 50]}")
    (d,) = found(text, "TTR114")
    assert "'Zug'" in d.message and "FR2" in d.message, d.message


def test_the_markers_are_as_wide_as_the_theme_draws_them(tmp_path: Path) -> None:
    """``validate --theme FILE``: TTR114 measures the markers ``render --theme FILE`` draws.
    Crewe 3 units (23.3 mm) from Bury leaves 14.9 mm between default markers (8.4 mm wide),
    and 11.3 mm between markers 12 mm wide: less than a marker's width."""
    from typer.testing import CliRunner

    from ttrtool.cli import app

    board = tmp_path / "tiny.yaml"
    board.write_text(replaced(TINY, "{name: Crewe, pos: [90, 10]}",
                              "{name: Crewe, pos: [53, 10]}"), encoding="utf-8")
    theme = tmp_path / "theme.yaml"
    theme.write_text("sizes:\n  city_radius: 6\n", encoding="utf-8")

    def too_close(*options: str) -> list[str]:
        result = CliRunner().invoke(app, ["validate", *options, "-f", "json", str(board)],
                                    env={"GITHUB_ACTIONS": ""})
        assert result.exit_code == 0, result.output
        return [d["message"] for d in json.loads(result.stdout)["files"][0]["diagnostics"]
                if d["code"] == "TTR114"]

    assert too_close() == []
    (message,) = too_close("--theme", str(theme))
    assert "'Crewe'" in message and "'Bury'" in message, message
    assert "less than a marker's width (12 mm)" in message, message
