"""The Natural Earth data shipped in ttrtool/geo/data/, as the basemap and the checks read it."""

from __future__ import annotations

import pytest

from ttrtool.geo.naturalearth import (
    country_at,
    country_names,
    distance_to_land_km,
    world,
)


def test_every_layer_is_there() -> None:
    w = world()
    assert len(w.countries) > 240 and len(w.lakes) > 200 and len(w.rivers) > 400
    assert w.coastline and w.borders and w.regions
    # Coast and borders split the countries' arcs: none is both.
    assert {id(a) for a in w.coastline}.isdisjoint({id(a) for a in w.borders})


@pytest.mark.parametrize("lat, lon, code", [
    (46.95, 7.45, "CH"), (52.37, 4.89, "NL"), (-33.87, 151.21, "AU"), (35.68, 139.69, "JP"),
    (64.15, -21.94, "IS"), (42.66, 21.16, "XK"), (45.0, -30.0, None),
])
def test_country_at_a_place(lat: float, lon: float, code: str | None) -> None:
    assert country_at(lat, lon) == code


def test_names_by_code() -> None:
    assert country_names()["CH"] == "Switzerland"


def test_distance_to_land() -> None:
    assert distance_to_land_km(47.37, 8.54) == 0.0  # Zürich
    # Lisbon with its longitude's sign lost lies south of Sardinia, about 30 km off its coast.
    assert 20 < distance_to_land_km(38.72, 9.14) < 45
    assert distance_to_land_km(95.0, 0.0) == float("inf")


def test_shapes_across_the_antimeridian_are_cut_there() -> None:
    """Natural Earth stitches Fiji, eastern Russia and Antarctica across 180 degrees; read as
    they are, Fiji would cover the whole band of latitude and Cairns would lie in it."""
    import numpy as np

    w = world()
    for c in w.countries:
        for part in getattr(c.shape, "geoms", [c.shape]):
            west, south, east, _ = part.bounds
            assert east - west <= 180.0 or south == -90.0, c.name  # Antarctica rings the pole
    assert country_at(-16.92, 145.77) != "FJ"  # Cairns
    assert country_at(-17.8, 178.0) == "FJ" and country_at(65.0, 175.0) == "RU"
    assert country_at(-80.0, 0.0) == "AQ"
    # No coastline or border strokes across the world from one side to the other.
    for line in (*w.coastline, *w.borders, *w.rivers, *w.regions):
        assert np.abs(np.diff(line[:, 0])).max(initial=0.0) <= 180.0
