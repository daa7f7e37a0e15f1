"""Checks TTR200-TTR209: does the board draw cleanly at print size, and its cards?

The board is laid out exactly as ``ttrtool render`` draws it, with the theme of
``validate --theme FILE`` as ``render --theme FILE`` reads it, or else the default
theme (train spaces of 24 x 8 mm, longer on a route too long for its spaces: up to
1.6 times; the map scaled to ``board.print_width_mm``)
and the result is checked by :func:`ttrtool.render.problems.layout_problems`,
the one list that ``render`` reports too: spaces of different routes that
overlap, spaces over a city or border-point marker, tracks that cross, labels
that overlap, routes whose spaces cannot be drawn between their places, routes
whose cars turn sharply from one to the next (a staircase) and routes whose
first or last car stops short of its marker.  The layout is computed once per
board and shared by the checks; the renderer is imported only when these
checks run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import (
    LABELS_OVERLAP,
    LAYOUT_NOT_CHECKED,
    ROUTE_END_GAP,
    ROUTE_SHARP_TURN,
    ROUTE_TOO_LONG_TO_DRAW,
    ROUTE_TOO_SHORT_TO_DRAW,
    ROUTES_CROSS,
    SPACE_COVERS_CITY,
    SPACES_OVERLAP,
    TICKET_CARD_TEXT,
)
from ttrtool.diagnostics import Severity
from ttrtool.model import Board

if TYPE_CHECKING:
    from ttrtool.render.plan import BoardPlan
    from ttrtool.render.theme import Theme

# The findings of the last board laid out, with the theme it was laid out with (None: the
# default): the eight checks of one run share one layout.
_cache: list[tuple[Board, Theme | None, dict[str, list[Problem]]]] = []


def layout_findings(board: Board, plan: BoardPlan | None = None,
                    theme: Theme | None = None) -> dict[str, list[Problem]]:
    """Findings by code for ``board``: of ``plan``, or else of the board laid out with
    ``theme`` (None: the default theme) as ``render`` lays it out."""
    if plan is None:
        for b, t, found in _cache:
            if b is board and t is theme:
                return found
        from ttrtool.render.board import plan as make_plan
        from ttrtool.render.collector import collector_paused
        from ttrtool.render.theme import default_theme

        with collector_paused():  # the layout's memo tables: ttrtool/render/collector.py
            plan = make_plan(board, theme if theme is not None else default_theme())
            found = _analyse(board, plan)
        _cache[:] = [(board, theme, found)]
        return found
    return _analyse(board, plan)


def _analyse(board: Board, plan: BoardPlan) -> dict[str, list[Problem]]:
    """The findings of :func:`ttrtool.render.problems.layout_problems`, the list ``render``
    reports too, each pointed at the route (or the label's place) it concerns."""
    from ttrtool.render.problems import CODES, layout_problems

    out: dict[str, list[Problem]] = {c: [] for c in CODES}
    for p in layout_problems(plan):
        if p.code == LABELS_OVERLAP:
            path = _label_path(board, p.node if p.node is not None else 0)
        else:
            path = board.routes[p.routes[0]].path
            if p.code in (ROUTE_TOO_SHORT_TO_DRAW, ROUTE_TOO_LONG_TO_DRAW):
                path += ("length",)
        out[p.code].append(Problem(p.message, path))
    return out


def _label_path(board: Board, node: int) -> tuple[str | int, ...]:
    if node >= 0:
        return board.cities[node].path if node < len(board.cities) else ()
    return board.countries[-1 - node].path


def _skipped(ctx: CheckContext) -> bool:
    """The layout is not made for a map that already has errors (they stop `render`, and a
    broken map can take long to lay out), unless the layout checks alone were asked for."""
    return bool(ctx.cache.get("errors")) and not ctx.cache.get("layout_asked")


def _run(code: str, ctx: CheckContext) -> Iterator[Problem]:
    if not ctx.board.routes or _skipped(ctx):
        return
    yield from layout_findings(ctx.board, theme=ctx.theme)[code]


@check(LAYOUT_NOT_CHECKED, Severity.WARNING,
       "The layout checks were not run, because the map has errors.")
def layout_not_checked(ctx: CheckContext) -> Iterator[Problem]:
    """The layout checks (TTR201-TTR208) lay the board out only when the rest of the map has
    no error: a map with errors cannot be rendered (except as a draft) and may take long to
    lay out.  Asking for the layout checks alone (``--select TTR2``) runs them anyway.

    Passing: ``validate --layout`` on a map without errors.

    Failing: ``validate --layout`` on a map with an unknown city in a ticket.
    """
    if ctx.board.routes and _skipped(ctx):
        errors = ctx.cache["errors"]
        yield Problem(f"the layout checks (TTR201-TTR208) were not run: the map has {errors} "
                      f"error(s); fix them first, or ask for the layout alone with "
                      "`--select TTR2`", ())


@check(SPACES_OVERLAP, Severity.WARNING,
       "Train spaces of different routes overlap on the printed board.", autofix="safe")
def spaces_overlap(ctx: CheckContext) -> Iterator[Problem]:
    """No train space of one route touches a space of another at print size.

    Passing: cities far enough apart that the tracks between them diverge.

    Failing: two routes from one city to two cities 1 mm apart.
    """
    yield from _run(SPACES_OVERLAP, ctx)


@check(SPACE_COVERS_CITY, Severity.WARNING,
       "A train space covers a city marker or a border point's disc.", autofix="safe")
def space_covers_city(ctx: CheckContext) -> Iterator[Problem]:
    """No train space lies over a city's marker or a border point's disc (its own ends'
    included).

    Passing: a route whose straight line passes well away from other cities.

    Failing: a 1-space route from A to C with B exactly between them.
    """
    yield from _run(SPACE_COVERS_CITY, ctx)


@check(ROUTES_CROSS, Severity.WARNING, "The tracks of two routes cross.")
def routes_cross(ctx: CheckContext) -> Iterator[Problem]:
    """Tracks do not cross (routes meet only at cities).

    Passing: the four sides of a square.

    Failing: both diagonals of a square as routes.
    """
    yield from _run(ROUTES_CROSS, ctx)


@check(LABELS_OVERLAP, Severity.WARNING,
       "A city or country label overlaps another label, a train space or a marker.")
def labels_overlap(ctx: CheckContext) -> Iterator[Problem]:
    """Every label finds free room next to its city.

    Passing: cities with room around them.

    Failing: two cities at the same position.
    """
    yield from _run(LABELS_OVERLAP, ctx)


@check(ROUTE_TOO_SHORT_TO_DRAW, Severity.WARNING,
       "A route's spaces are too few for the distance between its ends.")
def route_too_short(ctx: CheckContext) -> Iterator[Problem]:
    """The spaces of a route fill the distance between its ends: what the gaps between its
    cars do not take is at most two cars' length.

    A route with too much room for its spaces is first drawn with longer cars, as printed
    boards draw a route between far-apart places, up to ``car_stretch_max`` times
    ``car_length`` (1.6 x 24 mm by default); the check measures the cars as drawn, and the
    message names their length when they are stretched.  When it still fires, the route
    needs more spaces (``length``) or its cities closer together; a print size too large
    for the board's routes is named as the likely cause when it is one.

    Passing: ``length: 3`` between cities 90 mm apart on the printed board.

    Failing: ``length: 1`` between cities 300 mm apart (one car, stretched to 38.4 mm, and
    about 250 mm of empty track).
    """
    yield from _run(ROUTE_TOO_SHORT_TO_DRAW, ctx)


@check(ROUTE_TOO_LONG_TO_DRAW, Severity.WARNING,
       "A route's spaces do not fit between its ends even bent.")
def route_too_long(ctx: CheckContext) -> Iterator[Problem]:
    """The spaces of a route fit between its ends (straight or along a bend).

    Passing: ``length: 3`` between cities 90 mm apart on the printed board.

    Failing: ``length: 8`` between cities 20 mm apart.
    """
    yield from _run(ROUTE_TOO_LONG_TO_DRAW, ctx)


@check(ROUTE_SHARP_TURN, Severity.WARNING,
       "Consecutive train spaces of a route turn sharply (a staircase).")
def route_sharp_turn(ctx: CheckContext) -> Iterator[Problem]:
    """One train space turns from the next by at most ``car_turn_max`` (33 degrees by default),
    so that the route reads as one smooth track from city to city.

    Passing: ``length: 3`` between cities 90 mm apart on the printed board (drawn straight).

    Failing: ``length: 3`` with waypoints that fold the route into a staircase.
    """
    yield from _run(ROUTE_SHARP_TURN, ctx)


@check(ROUTE_END_GAP, Severity.WARNING,
       "The first or last train space of a route stops short of its city or border point.",
       autofix="safe")
def route_end_gap(ctx: CheckContext) -> Iterator[Problem]:
    """The train spaces nearest to each end of a route are at most ``end_gap_max`` (14 mm by
    default) from that end's marker, so that a player sees which two places the route joins.

    A route that would stop short only for want of car length is drawn with longer cars, up
    to ``car_stretch_max`` times ``car_length`` (1.6 x 24 mm by default), and the check
    measures the cars as drawn (the message names their length when they are stretched).
    When it still fires with the longest cars, the route needs another space or its places
    closer together; when it fires because the route keeps out of the way of another at a
    busy place, the message names that route and a fix.

    Passing: ``length: 1`` between cities 64 mm apart on the printed board (one car,
    stretched to 38.4 mm, about 9 mm from each marker).

    Failing: ``length: 1`` between cities 80 mm apart (one car, stretched to 38.4 mm, still
    17 mm of empty track at each end).
    """
    yield from _run(ROUTE_END_GAP, ctx)


@check(TICKET_CARD_TEXT, Severity.WARNING,
       "A name on a ticket card does not fit the card, even set small on two lines.")
def ticket_card_text(ctx: CheckContext) -> Iterator[Problem]:
    """Every ticket card's origin, destinations and footer fit inside the card's safe area:
    a name too wide is set smaller, then on two lines; what still does not fit is reported
    (``render --tickets`` prints the same list).

    Passing: ``{from: Bern, to: West Taur-im-Duinath, points: 8}`` (set smaller).

    Failing: a destination named with sixty letters and no space or hyphen.
    """
    if _skipped(ctx):
        return
    from ttrtool.render.cardtext import card_problems

    for ticket, message in card_problems(ctx.board):
        yield Problem(message, ticket.path)
