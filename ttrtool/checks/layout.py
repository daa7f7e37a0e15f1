"""Checks TTR201-TTR208: does the board draw cleanly at print size?

The board is laid out exactly as ``ttrtool render`` draws it with the default
theme (train spaces of 24 x 8 mm, the map scaled to ``board.print_width_mm``)
and the result is checked with shapely: spaces of different routes that
overlap, spaces over a city or border-point marker, tracks that cross, labels
that overlap, routes whose spaces cannot be drawn between their places, routes
whose cars turn sharply from one to the next (a staircase) and routes whose
first or last car stops short of its marker.  The layout is computed once per
board and shared by the checks; shapely and the renderer are imported only
when these checks run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ttrtool.checks import CheckContext, Problem, check
from ttrtool.diagnostics import Severity
from ttrtool.model import Board

if TYPE_CHECKING:
    from ttrtool.render.labels import BoardPlan

_cache: list[tuple[Board, dict[str, list[Problem]]]] = []


def layout_findings(board: Board, plan: BoardPlan | None = None) -> dict[str, list[Problem]]:
    """Findings by code for ``board`` (laid out with the default theme unless ``plan``)."""
    if plan is None:
        for b, found in _cache:
            if b is board:
                return found
        from ttrtool.render.board import plan as make_plan
        from ttrtool.render.collector import collector_paused
        from ttrtool.render.theme import default_theme

        with collector_paused():  # the layout's memo tables: ttrtool/render/collector.py
            plan = make_plan(board, default_theme())
            found = _analyse(board, plan)
        _cache[:] = [(board, found)]
        return found
    return _analyse(board, plan)


def _analyse(board: Board, plan: BoardPlan) -> dict[str, list[Problem]]:
    from shapely import STRtree
    from shapely.geometry import LineString, Point, Polygon, box

    lay = plan.routes
    out: dict[str, list[Problem]] = {c: [] for c in ("TTR201", "TTR202", "TTR203", "TTR204",
                                                      "TTR205", "TTR206", "TTR207", "TTR208")}
    spaces = lay.spaces()
    polys = [Polygon(sp.box.corners()) for sp in spaces]
    tree = STRtree(polys)
    pairs: set[tuple[int, int]] = set()
    left, right = tree.query(polys, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        a, b = spaces[i].route, spaces[j].route
        if a < b:
            pairs.add((a, b))
    for a, b in sorted(pairs):
        ra, rb = board.routes[a], board.routes[b]
        out["TTR201"].append(Problem(
            f"the train spaces of {ra.id} overlap those of {rb.id} on the printed board: move a "
            "city, or give one of them waypoints", ra.path))
    # Markers: city discs and border-point discs alike.
    nodes = sorted(lay.radius)
    discs = [Point(lay.pos[i]).buffer(lay.radius[i], 16) for i in nodes]
    hits: set[tuple[int, int]] = set()
    ctree = STRtree(discs)
    left, right = ctree.query(polys, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        hits.add((spaces[i].route, nodes[j]))
    for r, c in sorted(hits):
        route = board.routes[r]
        node = board.nodes[c]
        what = (f"the marker of {node.name}" if node.kind == "city" else
                f"the border point {node.border_point} of {node.name}")
        out["TTR202"].append(Problem(
            f"a train space of {route.id} covers {what}: move the place or give the route "
            "waypoints around it", route.path))
    lanes = [ln for ln in lay.lanes if len(ln.track) >= 2]
    lines = [LineString(ln.track) for ln in lanes]
    crossed: set[tuple[int, int]] = set()
    ltree = STRtree(lines)
    left, right = ltree.query(lines, predicate="crosses")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i < j:
            crossed.add((lanes[i].routes[0], lanes[j].routes[0]))
    for a, b in sorted(crossed):
        ra, rb = board.routes[a], board.routes[b]
        out["TTR203"].append(Problem(
            f"the tracks of {ra.id} and {rb.id} cross: routes on a board do not cross; move a "
            "city or add waypoints", ra.path))
    _labels(board, plan, polys, discs, out["TTR204"], box, STRtree)
    cause = _print_size_cause(board, lay)
    _turns_and_ends(board, lay, spaces, polys, discs, nodes, out, cause)
    for lane in lay.lanes:
        if lane.fit == "ok":
            continue
        route = board.routes[lane.routes[0]]
        code = "TTR205" if lane.fit == "short" else "TTR206"
        what = ("is too short for the distance between its ends: its spaces leave more than two "
                "cars' length of empty track" if lane.fit == "short" else
                "is too long to draw between its ends even bent")
        out[code].append(Problem(
            f"{route.id} ({route.length} {'space' if route.length == 1 else 'spaces'} of "
            f"{lay.sizes.car_length:g} mm) {what}: "
            + (cause if code == "TTR205" and cause else "move the cities or change the length"),
            route.path + ("length",)))
    return out


def _print_size_cause(board: Board, lay: Any) -> str:
    """A hint naming the print size when it, rather than one route, is the likely cause of
    routes too short for their distance (TTR205) or stopping short (TTR208): the board prints
    at least 1.25 times as large as its routes' lengths suit.  A route's length suits the
    scale at which its cars, their gaps halfway between ``car_gap`` and ``car_gap_max`` and
    its ends halfway to ``end_gap_max`` fill the straight line between its places; the board's
    routes suit the median of those scales.  Empty when the print size fits."""
    import math
    import statistics

    s = lay.sizes
    suits = []
    for lane in lay.lanes:
        d = math.dist(board.nodes[lane.a].pos, board.nodes[lane.b].pos)
        if lane.waypoints or d <= 0:
            continue
        n = max(lane.spaces)
        want = (n * s.car_length + (n - 1) * (s.car_gap + s.car_gap_max) / 2
                + lay.marker(lane.a) + lay.marker(lane.b) + s.end_gap_max)
        suits.append(want / d)
    if len(suits) < 5:  # too few routes to tell the board's scale from one route's
        return ""
    suit = statistics.median(suits)
    ratio = lay.frame.scale / suit
    if ratio < 1.25:
        return ""
    g = board.geometry
    width = g.width * suit + 2 * lay.frame.offset
    given = g.print_width_mm is not None
    return (f"the print size is the likely cause: the board prints {lay.frame.page[0]:.0f} mm "
            f"wide{' (board.print_width_mm)' if given else ''}, {ratio:.2f} times what its "
            f"routes' lengths suit; set board.print_width_mm to about {width:.0f}"
            + (" or leave it out (the board's longer side then prints 800 mm long)"
               if given and g.height > g.width else ""))


def _turns_and_ends(board: Board, lay: Any, spaces: list[Any], polys: list[Any],
                    discs: list[Any], nodes: list[int], out: dict[str, list[Problem]],
                    cause: str) -> None:
    """TTR207: consecutive cars of a route turning more than ``car_turn_max``; TTR208: the
    car nearest to either end marker farther than ``end_gap_max`` from it (``cause``, when
    given, is the hint that names the print size)."""
    import math

    sizes = lay.sizes
    disc_of = dict(zip(nodes, discs, strict=True))
    by_route: dict[int, list[int]] = {}
    for k, sp in enumerate(spaces):
        by_route.setdefault(sp.route, []).append(k)
    for r in sorted(by_route):
        route = board.routes[r]
        ks = sorted(by_route[r], key=lambda k: spaces[k].index)
        worst = 0.0
        for k0, k1 in zip(ks, ks[1:], strict=False):
            p, q = spaces[k0].box, spaces[k1].box
            cos = max(-1.0, min(1.0, p.ux * q.ux + p.uy * q.uy))
            worst = max(worst, math.degrees(math.acos(cos)))
        if worst > sizes.car_turn_max + 0.5:
            out["TTR207"].append(Problem(
                f"the train spaces of {route.id} turn {worst:.0f}° from one to the next (at most "
                f"{sizes.car_turn_max:g}° reads as one smooth track): move a city, or give the "
                "route other waypoints", route.path))
        for node in (route.a, route.b):
            disc = disc_of.get(node)
            if disc is None:
                continue
            gap = min(polys[k].distance(disc) for k in ks)
            if gap > sizes.end_gap_max + 0.5:
                out["TTR208"].append(Problem(
                    f"the train spaces of {route.id} stop {gap:.0f} mm short of "
                    f"{board.nodes[node].name} (at most {sizes.end_gap_max:g} mm, or the route "
                    "does not read as reaching it): "
                    + (cause or "move the places closer, or lengthen the route"), route.path))


def _labels(board: Board, plan: BoardPlan, spaces: list[Any], cities: list[Any],
            out: list[Problem], box: Any, tree_cls: Any) -> None:
    labels = [c.label for c in plan.countries] + list(plan.labels)
    boxes = [box(*lab.box) for lab in labels]
    seen: set[tuple[int, int]] = set()
    t = tree_cls(boxes)
    left, right = t.query(boxes, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i < j:
            seen.add((i, j))
    for i, j in sorted(seen):
        out.append(Problem(f"the labels '{labels[i].text}' and '{labels[j].text}' overlap",
                           _label_path(board, labels[i].node)))
    for what, geoms in (("a train space", spaces), ("a marker", cities)):
        gt = tree_cls(geoms)
        left, _right = gt.query(boxes, predicate="intersects")
        for i in sorted(set(left.tolist())):
            out.append(Problem(f"the label '{labels[i].text}' covers {what}: there is no free "
                               "room around it; move the city", _label_path(board, labels[i].node)))


def _label_path(board: Board, node: int) -> tuple[str | int, ...]:
    if node >= 0:
        return board.cities[node].path if node < len(board.cities) else ()
    return board.countries[-1 - node].path


def _run(code: str, ctx: CheckContext) -> Iterator[Problem]:
    if not ctx.board.routes:
        return
    yield from layout_findings(ctx.board)[code]


@check("TTR201", "spaces-overlap", Severity.WARNING,
       "Train spaces of different routes overlap on the printed board.")
def spaces_overlap(ctx: CheckContext) -> Iterator[Problem]:
    """No train space of one route touches a space of another at print size.

    Passing: cities far enough apart that the tracks between them diverge.

    Failing: two routes from one city to two cities 1 mm apart.
    """
    yield from _run("TTR201", ctx)


@check("TTR202", "space-covers-city", Severity.WARNING,
       "A train space covers a city marker or a border point's disc.")
def space_covers_city(ctx: CheckContext) -> Iterator[Problem]:
    """No train space lies over a city's marker or a border point's disc (its own ends'
    included).

    Passing: a route whose straight line passes well away from other cities.

    Failing: a 1-space route from A to C with B exactly between them.
    """
    yield from _run("TTR202", ctx)


@check("TTR203", "routes-cross", Severity.WARNING, "The tracks of two routes cross.")
def routes_cross(ctx: CheckContext) -> Iterator[Problem]:
    """Tracks do not cross (routes meet only at cities).

    Passing: the four sides of a square.

    Failing: both diagonals of a square as routes.
    """
    yield from _run("TTR203", ctx)


@check("TTR204", "labels-overlap", Severity.WARNING,
       "A city or country label overlaps another label, a train space or a marker.")
def labels_overlap(ctx: CheckContext) -> Iterator[Problem]:
    """Every label finds free room next to its city.

    Passing: cities with room around them.

    Failing: two cities at the same position.
    """
    yield from _run("TTR204", ctx)


@check("TTR205", "route-too-short-to-draw", Severity.WARNING,
       "A route's spaces are too few for the distance between its ends.")
def route_too_short(ctx: CheckContext) -> Iterator[Problem]:
    """The spaces of a route fill the distance between its ends.

    Passing: ``length: 3`` between cities 90 mm apart on the printed board.

    Failing: ``length: 1`` between cities 300 mm apart.
    """
    yield from _run("TTR205", ctx)


@check("TTR206", "route-too-long-to-draw", Severity.WARNING,
       "A route's spaces do not fit between its ends even bent.")
def route_too_long(ctx: CheckContext) -> Iterator[Problem]:
    """The spaces of a route fit between its ends (straight or along a bend).

    Passing: ``length: 3`` between cities 90 mm apart on the printed board.

    Failing: ``length: 8`` between cities 20 mm apart.
    """
    yield from _run("TTR206", ctx)


@check("TTR207", "route-sharp-turn", Severity.WARNING,
       "Consecutive train spaces of a route turn sharply (a staircase).")
def route_sharp_turn(ctx: CheckContext) -> Iterator[Problem]:
    """One train space turns from the next by at most ``car_turn_max`` (33 degrees by default),
    so that the route reads as one smooth track from city to city.

    Passing: ``length: 3`` between cities 90 mm apart on the printed board (drawn straight).

    Failing: ``length: 3`` with waypoints that fold the route into a staircase.
    """
    yield from _run("TTR207", ctx)


@check("TTR208", "route-end-gap", Severity.WARNING,
       "The first or last train space of a route stops short of its city or border point.")
def route_end_gap(ctx: CheckContext) -> Iterator[Problem]:
    """The train spaces nearest to each end of a route are at most ``end_gap_max`` (14 mm by
    default) from that end's marker, so that a player sees which two places the route joins.

    Passing: ``length: 3`` between cities 90 mm apart on the printed board.

    Failing: ``length: 1`` between cities 80 mm apart (one car, 24 mm of empty track at each
    end).
    """
    yield from _run("TTR208", ctx)
