"""Distances along the Earth's surface, on the WGS 84 ellipsoid (PROJ's geodesic)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyproj


@cache
def _geod() -> pyproj.Geod:
    import pyproj  # loaded on first use: ``import ttrtool`` stays light

    return pyproj.Geod(ellps="WGS84")


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance between two [lat, lon] places along the Earth's surface (WGS 84)."""
    _, _, metres = _geod().inv(a[1], a[0], b[1], b[0])
    return float(metres) / 1000.0
