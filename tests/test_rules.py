"""The rules record (ttrtool/rules.py): values built once when a map is read."""

from __future__ import annotations

from ttrtool.model import Board
from ttrtool.rules import POINTS_BAND, PointsBand
from ttrtool.ticket_value import points_band


def test_points_band_is_one_record_built_with_the_rules(usa: Board) -> None:
    """rules.tickets.points_band is a PointsBand when the map is read, and
    ticket_value.points_band hands that same record on (no tuple, no copy per call)."""
    band = usa.rules.tickets.points_band
    assert isinstance(band, PointsBand) and band is POINTS_BAND
    assert points_band(usa) is band and points_band(usa) is points_band(usa)
