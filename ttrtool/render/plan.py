"""The board's plan: everything placed on the page, in mm, before any SVG is written.

:func:`plan_board` lays the country marks and the city labels around the route layout; the
SVG layers (:mod:`ttrtool.render.board`) and the layout checks read the same plan.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttrtool.render.countries import CountryMark, plan_countries
from ttrtool.render.labels import Label, Obstacles, place_labels
from ttrtool.render.layout import RouteLayout


@dataclass
class BoardPlan:
    """Everything placed on the page, in mm: the input of the SVG layers and the layout check."""

    routes: RouteLayout
    labels: list[Label]
    countries: list[CountryMark]
    obstacles: Obstacles


def plan_board(lay: RouteLayout, country_colors: tuple[str, ...]) -> BoardPlan:
    obstacles = Obstacles(lay)
    countries = plan_countries(lay, obstacles, country_colors)
    labels = place_labels(lay, obstacles)
    for c in countries:  # the title and legend keep off the bands
        for p, q in zip(c.band, c.band[1:], strict=False):
            half = c.depth / 2
            obstacles.add((min(p[0], q[0]) - half, min(p[1], q[1]) - half,
                           max(p[0], q[0]) + half, max(p[1], q[1]) + half))
    return BoardPlan(lay, labels, countries, obstacles)
