"""Stretched cars: a lane too long for its spaces at ``car_length`` gets longer cars, up to
``car_stretch_max`` times ``car_length``; beyond that TTR205 and TTR208 still warn, naming
the stretched length."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import ttrtool
from tests.render.conftest import tiny_board
from tests.render.test_layout_checks import TICKET, TOO_SHORT
from ttrtool.checks.layout import layout_findings
from ttrtool.cli import app
from ttrtool.model import Board
from ttrtool.render.board import plan
from ttrtool.render.plan import BoardPlan
from ttrtool.render.theme import Theme, ThemeError, default_theme_data, load_theme, theme_from_data

runner = CliRunner()


# One car between cities 64 mm apart: at 24 mm it stops 16 mm short of both (TTR208).
FAR_APART = """cities:
  - {name: A, pos: [100, 150]}
  - {name: B, pos: [164, 150]}
routes:
  - {a: A, b: B, length: 1, color: red}
""" + TICKET

# One car between cities 330 mm apart (test_layout_checks' TOO_SHORT): too short to draw
# however far it is stretched.
MUCH_TOO_FAR = TOO_SHORT


def _theme(stretch: float | None = None) -> Theme:
    data = default_theme_data()
    if stretch is not None:
        data["sizes"]["car_stretch_max"] = stretch
    return theme_from_data(data)


def _cars(p: BoardPlan, route_id: str) -> list[float]:
    """The drawn lengths (mm) of a route's cars."""
    r = next(r for r in p.routes.board.routes if r.id == route_id)
    return [2 * sp.box.hl for sp in p.routes.spaces() if sp.route == r.index]


def _lengths(board: Board, theme: Theme) -> set[str]:
    found = layout_findings(board, plan(board, theme))
    return {code for code in ("TTR205", "TTR208") if found[code]}


def test_a_one_car_route_between_far_places_gets_a_longer_car_up_to_the_bound() -> None:
    theme = _theme()
    board = tiny_board(FAR_APART)
    drawn = plan(board, theme)
    (car,) = _cars(drawn, "a-b")
    sizes = theme.sizes
    assert sizes.car_length < car <= sizes.car_length * sizes.car_stretch_max + 1e-9
    assert _lengths(board, theme) == set()
    # A theme without stretch draws the car at car_length, and the warning comes back.
    rigid = _theme(stretch=1.0)
    assert _cars(plan(board, rigid), "a-b") == [rigid.sizes.car_length]
    assert _lengths(board, rigid) == {"TTR208"}


def test_a_route_too_long_for_the_bound_still_warns_naming_the_stretched_length() -> None:
    theme = _theme()
    board = tiny_board(MUCH_TOO_FAR)
    drawn = plan(board, theme)
    longest = theme.sizes.car_length * theme.sizes.car_stretch_max
    assert _cars(drawn, "a-b") == [pytest.approx(longest)]
    found = layout_findings(board, drawn)
    named = f"{longest:.1f} mm, stretched as far as car_stretch_max (1.6) allows"
    assert [f.message.startswith(f"a-b (1 space of {named}) is too short") for f in
            found["TTR205"]] == [True]
    assert found["TTR208"] and all(named in f.message for f in found["TTR208"])


@pytest.mark.parametrize(("name", "route"), [("nordiccountries", "helsinki-tampere"),
                                             ("india", "calcutta-madras")])
def test_the_bundled_maps_draw_their_long_routes_without_warning(
        tmp_path: Path, name: str, route: str) -> None:
    """Helsinki-Tampere (one car, 69 mm between the markers' centres) stopped 22 mm short of
    Helsinki, Calcutta-Madras (eight cars bent along the coast) left more than two cars'
    length empty; stretched, neither warns, and `render` names no route."""
    board = ttrtool.load_map(name)
    theme = _theme()
    drawn = plan(board, theme)
    found = layout_findings(board, drawn)
    assert found["TTR205"] == [] and found["TTR208"] == []
    cars = _cars(drawn, route)
    assert min(cars) > theme.sizes.car_length
    rendered = runner.invoke(app, ["render", name, "-o", str(tmp_path / "board.svg")])
    assert rendered.exit_code == 0, rendered.output
    assert "could not be drawn" not in rendered.output


@pytest.mark.parametrize(("value", "shown"), [("0.9", "0.9"), ("'long'", "'long'")])
def test_a_bad_stretch_is_an_error_at_its_line_and_column(
        tmp_path: Path, value: str, shown: str) -> None:
    path = tmp_path / "theme.yaml"
    path.write_text(f"sizes:\n  car_length: 20\n  car_stretch_max: {value}\n",
                    encoding="utf-8")
    with pytest.raises(ThemeError) as raised:
        load_theme(path)
    assert str(raised.value) == (
        f"{path}:3:20: theme size 'car_stretch_max' must be a number at least 1 and at most 4 "
        f"(times car_length), got {shown}")
