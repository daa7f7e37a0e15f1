"""Checks TTR113-TTR114: where the places sit on the board.

Positions are in board units (``board.width`` x ``board.height``, origin top
left).  A place outside that rectangle is drawn off the printed map; two
markers closer than a marker's width cannot be told apart, and no route fits
between them.  Distances are judged at print size, with the renderer's own
scale and marker sizes: those of the theme given to ``validate --theme FILE``
(``ctx.theme``), else of the default theme, so these checks agree with what
``ttrtool render`` (with the same ``--theme``) draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import PLACE_OFF_BOARD, PLACES_TOO_CLOSE
from ttrtool.diagnostics import JsonPath, Severity
from ttrtool.model import Point
from ttrtool.render.geometry import board_frame
from ttrtool.render.theme import Sizes, default_theme


@dataclass(frozen=True)
class _Place:
    what: str  # "city 'Bern'", "border point FR1 of France", ...
    pos: Point
    path: JsonPath  # of the [x, y] pair
    radius: float = 0.0  # of its marker on the printed board, in mm (0: not drawn as a disc)


def _sizes(ctx: CheckContext) -> Sizes:
    """The sizes of the run's theme (``validate --theme``), else of the default theme; read
    once per run."""
    sizes = ctx.cache.get("theme-sizes")
    if not isinstance(sizes, Sizes):
        sizes = (ctx.theme or default_theme()).sizes
        ctx.cache["theme-sizes"] = sizes
    return sizes


def _places(ctx: CheckContext) -> Iterator[_Place]:
    """Every position written in the file, in file order."""
    sizes = _sizes(ctx)
    board = ctx.board
    for c in board.cities:
        yield _Place(f"city '{c.name}'", c.pos, c.path + ("pos",), sizes.city_radius)
    for country in board.countries:
        if country.pos is not None:
            yield _Place(f"the label of country '{country.name}'", country.pos,
                         country.path + ("pos",))
        for bp in country.border_points:
            yield _Place(f"border point {bp.id} of {country.name}", bp.pos, bp.path + ("pos",),
                         sizes.border_radius)
    for r in board.routes:
        for k, wp in enumerate(r.waypoints):
            yield _Place(f"waypoint {k + 1} of route {r.label()}", wp, r.path + ("waypoints", k))


def _defaults(ctx: CheckContext) -> str:
    """Which board sizes are the defaults because the file does not set them."""
    data = ctx.document.data
    board = data.get("board") if isinstance(data, dict) else None
    missing = [k for k in ("width", "height") if not (isinstance(board, dict) and k in board)]
    if not missing:
        return ""
    return f" ({' and '.join('board.' + k for k in missing)}: the default, the file sets none)"


def _show(p: Point) -> str:
    return f"({p[0]:g}, {p[1]:g})"


@check(PLACE_OFF_BOARD, Severity.ERROR,
       "A city, border point, country label or waypoint outside board.width x board.height is "
       "drawn off the printed map.")
def place_off_board(ctx: CheckContext) -> Iterator[Problem]:
    """Every position lies on the board: 0 <= x <= ``board.width`` and 0 <= y <=
    ``board.height`` (the origin is the top left corner, y grows downwards).  It compares
    positions in board units, so no theme changes it.

    Passing::

        board: {width: 100, height: 80}
        cities:
          - {name: Bern, pos: [100, 80]}   # a corner is on the board

    Failing::

        board: {width: 100, height: 80}
        cities:
          - {name: Bern, pos: [120, -5]}
    """
    geo = ctx.board.geometry
    for place in _places(ctx):
        x, y = place.pos
        out = [(axis, key, value, size) for axis, (key, value, size)
               in enumerate((("width", x, geo.width), ("height", y, geo.height)))
               if not 0 <= value <= size]
        if not out:
            continue
        axis, key, value, _size = out[0]
        if value < 0:
            fix = "move it onto the board (positions count from 0 at the top left corner)"
        else:
            fix = f"move it onto the board, or enlarge board.{key}"
        yield Problem(f"{place.what} at {_show(place.pos)} is outside the board, which spans "
                      f"x 0–{geo.width:g} and y 0–{geo.height:g}{_defaults(ctx)}: {fix}",
                      place.path + (axis,))


@check(PLACES_TOO_CLOSE, Severity.WARNING,
       "Two city or border-point markers at the same position, or closer on the printed board "
       "than a marker's width, cannot be told apart and leave no room for a route between them.")
def places_too_close(ctx: CheckContext) -> Iterator[Problem]:
    """The markers of any two places (cities and border points) are at least one marker's
    width apart at print size (the board is printed ``board.print_width_mm`` wide). The
    markers are as wide as the theme draws them: with ``validate --theme FILE``, that
    theme's ``city_radius`` and ``border_radius`` (and its ``frame``, which sets the scale),
    as ``render --theme FILE`` draws them; else the default theme's (a city marker 8.4 mm
    wide).

    Passing::

        board: {width: 100, height: 80}
        cities:
          - {name: Bern, pos: [10, 10]}
          - {name: Thun, pos: [20, 10]}

    Failing::

        board: {width: 100, height: 80}
        cities:
          - {name: Bern, pos: [10, 10]}
          - {name: Thun, pos: [10, 10]}   # the same position as Bern
    """
    scale = board_frame(ctx.board, _sizes(ctx)).scale  # mm per board unit
    markers = sorted((p for p in _places(ctx) if p.radius > 0), key=lambda p: p.pos[0])
    reach = 4 * max((p.radius for p in markers), default=0.0) / scale if scale > 0 else math.inf
    pairs: list[tuple[_Place, _Place, float]] = []
    for i, a in enumerate(markers):
        for b in markers[i + 1:]:
            if b.pos[0] - a.pos[0] > reach:
                break  # sorted by x: no later marker is nearer
            mm = math.dist(a.pos, b.pos) * scale
            gap = mm - a.radius - b.radius
            if gap < 2 * min(a.radius, b.radius):
                pairs.append((a, b, gap))
    for a, b, gap in pairs:
        first, second = sorted((a, b), key=lambda p: ctx.document.locate(p.path))
        loc = ctx.document.locate(first.path)
        other = f"{first.what} (line {loc.line}:{loc.column})"
        if first.pos == second.pos:
            where = f"is at the same position as {other}"
        elif gap < 0:
            where = (f"overlaps {other} on the printed board (their markers cover each other "
                     f"by {-gap:.1f} mm)")
        else:
            where = (f"is {gap:.1f} mm from {other} on the printed board, less than a marker's "
                     f"width ({2 * min(a.radius, b.radius):g} mm)")
        yield Problem(f"{second.what} {where}: move one of them so players can tell them apart",
                      second.path)
