"""Cities by latitude and longitude: the projection fitted to the board (docs/map-format.md)."""

from __future__ import annotations

import math
from pathlib import Path

import pyproj
import pytest

from ttrtool.geo.projection import (
    MARGIN,
    ProjectionError,
    central_longitude,
    default_projection,
    fit_projection,
)
from ttrtool.validate import validate_file, validate_text

ROOT = Path(__file__).resolve().parent.parent.parent
BENELUX = ROOT / "tests" / "cases" / "valid" / "geo-benelux.yaml"
GEOD = pyproj.Geod(ellps="WGS84")
# Amsterdam, Groningen, Luxembourg, Brussel: far apart in every direction.
PLACES = [(52.37, 4.89), (53.22, 6.57), (49.61, 6.13), (50.85, 4.35)]


def test_default_is_a_conformal_conic_centred_on_the_cities() -> None:
    crs = pyproj.CRS.from_user_input(default_projection(PLACES))
    assert crs.is_projected and "Lambert Conic Conformal" in crs.coordinate_operation.method_name
    params = {p.name: p.value for p in crs.coordinate_operation.params}
    assert params["Latitude of false origin"] == pytest.approx((49.61 + 53.22) / 2, abs=0.01)
    assert params["Longitude of false origin"] == pytest.approx((4.35 + 6.57) / 2, abs=0.01)


def test_near_the_equator_the_default_is_mercator() -> None:
    text = default_projection([(1.29, 103.85), (3.14, 101.69), (-6.2, 106.8)])
    assert text.startswith("+proj=merc")


def test_central_longitude_goes_across_the_antimeridian_when_that_is_shorter() -> None:
    assert central_longitude([178.0, -179.0]) == pytest.approx(179.5)
    assert central_longitude([10.0, 20.0]) == pytest.approx(15.0)


def test_the_fit_fills_the_board_less_its_margins_and_keeps_the_shape() -> None:
    p = fit_projection(PLACES, 1000.0, 800.0)
    pts = [p.to_board(*ll) for ll in PLACES]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    free = MARGIN * 800.0
    assert min(xs) >= free - 1e-6 and max(xs) <= 1000 - free + 1e-6
    assert min(ys) == pytest.approx(free) and max(ys) == pytest.approx(800 - free)
    # North is up: Groningen above Luxembourg; west is left: Brussel left of Groningen.
    assert pts[1][1] < pts[2][1] and pts[3][0] < pts[1][0]
    # Distances on the board are true distances at one scale (a projection, not lat/lon
    # stretched to the board: that would shrink east-west distances by cos(51) = 0.63).
    ratios = []
    for i in range(len(PLACES)):
        for j in range(i + 1, len(PLACES)):
            (la, lo), (lb, lob) = PLACES[i], PLACES[j]
            km = GEOD.inv(lo, la, lob, lb)[2] / 1000
            ratios.append(math.dist(pts[i], pts[j]) / km)
    assert max(ratios) / min(ratios) < 1.01


def test_board_positions_go_back_to_latitude_and_longitude() -> None:
    p = fit_projection(PLACES, 1000.0, 800.0)
    for lat, lon in PLACES:
        back = p.to_geo(*p.to_board(lat, lon))
        assert back == pytest.approx((lat, lon), abs=1e-9)


def test_a_named_projection_is_used() -> None:
    p = fit_projection(PLACES, 1000.0, 800.0, "EPSG:3035")
    assert p.crs == "EPSG:3035"
    # EPSG:3035 is an equal-area azimuthal: its board differs from the default conic's.
    q = fit_projection(PLACES, 1000.0, 800.0)
    assert p.to_board(*PLACES[0]) != pytest.approx(q.to_board(*PLACES[0]), abs=0.5)


@pytest.mark.parametrize("text, words", [
    ("+proj=nonsense", "PROJ does not know"),
    ("EPSG:4326", "geographic coordinate system"),
])
def test_bad_projections_say_why(text: str, words: str) -> None:
    with pytest.raises(ProjectionError, match=words):
        fit_projection(PLACES, 1000.0, 800.0, text)


def test_the_benelux_case_places_its_cities_through_the_projection() -> None:
    board = validate_file(BENELUX).board
    assert board is not None and board.geometry.projection is not None
    assert board.geometry.region_countries == ("BE", "NL", "LU")
    amsterdam = board.city("Amsterdam")
    assert amsterdam is not None and amsterdam.geo == (52.37, 4.89)
    assert amsterdam.pos == pytest.approx(board.geometry.projection.to_board(52.37, 4.89))


def _benelux(edit: tuple[str, str]) -> str:
    text = BENELUX.read_text(encoding="utf-8")
    assert edit[0] in text
    return text.replace(*edit)


def test_a_pos_city_on_a_geo_board_stays_where_pos_puts_it() -> None:
    text = _benelux(("{name: Groningen, geo: [53.22, 6.57]}", "{name: Groningen, pos: [900, 60]}"))
    board = validate_text(text).built
    assert board is not None
    groningen = board.city("Groningen")
    assert groningen is not None and groningen.pos == (900.0, 60.0) and groningen.geo is None
    # The fit is to the geo cities only: Amsterdam now touches the top margin.
    amsterdam = board.city("Amsterdam")
    assert amsterdam is not None and amsterdam.pos[1] == pytest.approx(MARGIN * 1000)


def test_without_board_a_geo_board_takes_the_cities_shape() -> None:
    text = BENELUX.read_text(encoding="utf-8")
    start = text.index("board:")
    end = text.index("rules:")
    board = validate_text(text[:start] + text[end:]).built
    assert board is not None
    g = board.geometry
    assert g.height == 1000 and 500 <= g.width < 1000  # the Benelux is taller than wide


def test_basemap_layers_follow_board_basemap() -> None:
    from ttrtool.geo import BASEMAP_LAYERS
    from ttrtool.model import _basemap_layers

    assert _basemap_layers(True) == frozenset(BASEMAP_LAYERS)
    assert _basemap_layers(False) == frozenset()
    assert _basemap_layers({"rivers": False}) == frozenset(BASEMAP_LAYERS) - {"rivers"}
