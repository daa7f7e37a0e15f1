"""Themes, heatmap reports and maps with values that make no sense (issue 26, items 1-4
and 12): a clear message with the file, the line and column or key, exit 2 (1 for a map
with errors), never a traceback or thousands of warnings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.render.heatmap import heat_color
from ttrtool.render.theme import ThemeError, load_theme
from ttrtool.resources import bundled_map_path

cli = CliRunner()


def _render(tmp_path: Path, *args: str) -> tuple[int, str]:
    res = cli.invoke(app, ["render", "switzerland", "-o", str(tmp_path / "b.svg"), *args])
    return res.exit_code, res.output


@pytest.mark.parametrize(("sizes", "key", "column"), [
    ('"car_turn_max": 0', "car_turn_max", 29),
    ('"car_length": Infinity', "car_length", 27),
    ('"car_width": NaN', "car_width", 26),
    ('"city_radius": 1e308', "city_radius", 28),
    ('"car_length": 0', "car_length", 27),
    ('"frame": -1', "frame", 22),
])
def test_a_size_with_no_sense_is_an_error_at_its_line_and_column(
        tmp_path: Path, sizes: str, key: str, column: int) -> None:
    theme = tmp_path / "theme.json"
    theme.write_text('{\n  "font_family": "serif",\n  "sizes": {' + sizes + "}\n}\n",
                     encoding="utf-8")
    code, output = _render(tmp_path, "--theme", str(theme))
    assert code == 2, output
    assert output.startswith(f"error: {theme}:3:{column}: theme size '{key}' must be a number")
    assert "Traceback" not in output and not (tmp_path / "b.svg").exists()


def test_a_yaml_theme_names_the_line_too(tmp_path: Path) -> None:
    theme = tmp_path / "theme.yaml"
    theme.write_text("# big cars\nsizes:\n  car_length: .inf\n", encoding="utf-8")
    with pytest.raises(ThemeError, match=r"theme.yaml:3:15: theme size 'car_length'"):
        load_theme(theme)


def test_heatmap_colours_by_name_are_the_themes_route_colours(tmp_path: Path) -> None:
    theme = tmp_path / "theme.json"
    theme.write_text(json.dumps({"heatmap": ["white", "red", "#000"]}), encoding="utf-8")
    loaded = load_theme(theme)
    assert loaded.heatmap == (loaded.routes["white"], loaded.routes["red"], "#000000")
    assert heat_color(loaded, 1.0) == "#000000"  # it used to fail on int('re', 16)
    theme.write_text(json.dumps({"heatmap": ["#fff", "chartreuse"]}), encoding="utf-8")
    with pytest.raises(ThemeError, match=r":1:22: theme heatmap colour 2 must be"):
        load_theme(theme)


@pytest.mark.parametrize(("report", "says"), [
    ({"configurations": [{"games": 3, "routes": 5}]},
     "configurations[0].routes must be a list of routes, got int"),
    ({"configurations": [7]}, "configurations[0] must be an object"),
    ({"routes": {"basel-olten": float("nan")}}, "claim rate must be a number from 0 to 1"),
])
def test_a_malformed_heatmap_report_is_exit_2(tmp_path: Path, report: object,
                                              says: str) -> None:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    code, output = _render(tmp_path, "--heatmap", str(path))
    assert code == 2 and says in output and "Traceback" not in output, output


def test_a_deeply_nested_heatmap_report_is_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text('{"routes": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    code, output = _render(tmp_path, "--heatmap", str(path))
    assert code == 2 and "nested too deeply to be a report" in output, output


@pytest.mark.parametrize("width", ["0.000000001", "50", "99.9", "1e308"])
def test_a_print_width_with_no_sense_is_one_error_at_its_line(tmp_path: Path,
                                                              width: str) -> None:
    text = bundled_map_path("switzerland").read_text(encoding="utf-8")
    assert "  print_width_mm: 800\n" in text
    source = tmp_path / "tiny.yaml"
    source.write_text(text.replace("print_width_mm: 800", f"print_width_mm: {width}"),
                      encoding="utf-8")
    res = cli.invoke(app, ["validate", str(source)])
    assert res.exit_code == 1
    assert ":16:19: error TTR010 [schema] board.print_width_mm" in res.output
    assert "1 file(s): 1 error(s), 0 warning(s)" in res.output  # not thousands of warnings


def test_two_cities_at_one_position_joined_by_a_route_are_drawn(tmp_path: Path) -> None:
    """Basel moved onto Baden, which a route joins: a TTR114 warning, and render died of
    a ZeroDivisionError.  Now the route is named among those not drawn cleanly."""
    text = bundled_map_path("switzerland").read_text(encoding="utf-8")
    moved = text.replace("{name: Basel, pos: [620, 178]", "{name: Basel, pos: [859, 216]")
    assert moved != text
    source = tmp_path / "same.yaml"
    source.write_text(moved, encoding="utf-8")
    res = cli.invoke(app, ["render", str(source), "-o", str(tmp_path / "same.svg")])
    assert res.exit_code == 0, res.output
    assert "baden-basel" in res.output and (tmp_path / "same.svg").exists()
