"""Every region ``ttrtool new`` accepts gives a draft that validates and draws over its basemap.

The whole list of countries takes a few minutes (``slow``); a small subset of the regions
that once failed to draw runs always.  A region ``new`` refuses must be refused with a
message (:class:`~ttrtool.drafting.places.RegionError`), never with a traceback.
"""

from __future__ import annotations

import pytest

from ttrtool.drafting.board import draft_board
from ttrtool.drafting.places import RegionError, region_cities, region_of
from ttrtool.render.board import render_board
from ttrtool.render.theme import default_theme
from ttrtool.validate import validate_text

CITIES = 30


def _draws(region_text: str | None, bbox: str | None = None, cities: int = CITIES) -> str:
    """Draft the region and draw it; the draft text.  RegionError goes up as it is."""
    draft = draft_board(region_of(region_text, bbox), cities, "x", "ttrtool new x.yaml")
    checked = validate_text(draft.text, "x.yaml")
    errors = [f"{d.code} {d.message}" for d in checked.diagnostics if d.is_error]
    assert checked.board is not None and not errors, errors
    svg = render_board(checked.board, default_theme())
    assert b'id="basemap-land"' in svg
    return draft.text


@pytest.mark.parametrize("region", ["Spain", "Spain,Portugal", "Russia", "Japan", "Greece"])
def test_regions_that_once_failed_to_draw(region: str) -> None:
    _draws(region)


def test_a_box_around_the_north_pole_draws() -> None:
    text = _draws(None, "66,-180,90,180", 12)  # Murmansk, Norilsk, Tromsø, Fairbanks ...
    assert "Murmansk" in text


@pytest.mark.parametrize("bbox", ["-90,-180,-60,180", "85,-180,90,180"])
def test_a_box_at_a_pole_without_cities_is_refused_with_a_message(bbox: str) -> None:
    with pytest.raises(RegionError, match="towns of 15,000 people or more"):
        _draws(None, bbox, 6)


def test_a_box_across_the_antimeridian_is_refused_with_a_message() -> None:
    with pytest.raises(RegionError, match="antimeridian"):
        region_of(None, "60,170,70,-170")


@pytest.mark.parametrize("region, cities", [("Malta", 6), ("Maldives", 6), ("Fiji", 6),
                                            ("New Zealand", 12)])
def test_small_islands_and_the_antimeridian_draw_or_are_refused(region: str, cities: int
                                                                 ) -> None:
    try:
        _draws(region, cities=cities)
    except RegionError as e:
        assert any(w in str(e) for w in ("--cities", "--include-islands", "larger region")), \
            str(e)


def _accepted_countries() -> list[str]:
    from ttrtool.drafting.places import _countries

    return sorted(_countries())


@pytest.mark.slow
@pytest.mark.parametrize("code", _accepted_countries())
def test_every_country_draws(code: str) -> None:
    """Each country at 30 cities, or all it has when fewer (a refusal must say what to do)."""
    count = len(region_cities(region_of(code)))
    if count < 6:
        return
    try:
        _draws(code, cities=min(CITIES, count))
    except RegionError as e:
        assert any(w in str(e) for w in ("--cities", "--include-islands", "larger region")), \
            str(e)
