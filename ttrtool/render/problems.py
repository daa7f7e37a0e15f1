"""What is wrong with a board as it is drawn: the one list both commands report.

``ttrtool render`` says how many routes could not be drawn cleanly and names them;
``ttrtool validate --layout`` prints one TTR2xx warning per problem.  Both read
:func:`layout_problems`, so the routes one names are exactly those the other
lists.  The tests are made on the drawn geometry (the cars' boxes, the markers'
discs, the track lines, the label boxes), in plain Python like the rest of the
renderer: spaces of two routes that overlap (TTR201), a space over a marker
(TTR202), tracks that cross (TTR203), a label over a label, a space or a marker
(TTR204), routes that do not fit (TTR205, TTR206), a staircase (TTR207) and an
end car that stops short (TTR208).

Where two routes meet at a busy place (a *hub*) or a car covers a third city,
the message says where and suggests a concrete fix (:mod:`ttrtool.render.fixes`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ttrtool.codes import (
    LABELS_OVERLAP,
    ROUTE_END_GAP,
    ROUTE_SHARP_TURN,
    ROUTE_TOO_LONG_TO_DRAW,
    ROUTE_TOO_SHORT_TO_DRAW,
    ROUTES_CROSS,
    SPACE_COVERS_CITY,
    SPACES_OVERLAP,
)
from ttrtool.render.fixes import Fix, closer_fix, crossing_fix, hub_fix, marker_fix
from ttrtool.render.geometry import (
    Box,
    Grid,
    Point,
    axis_box,
    box_circle_overlap,
    boxes_overlap,
    point_box_distance,
    polyline_bbox,
    tracks_cross,
)
from ttrtool.render.labels import Label
from ttrtool.render.layout import Lane, RouteLayout
from ttrtool.render.plan import BoardPlan

CODES = (SPACES_OVERLAP, SPACE_COVERS_CITY, ROUTES_CROSS, LABELS_OVERLAP, ROUTE_TOO_SHORT_TO_DRAW,
         ROUTE_TOO_LONG_TO_DRAW, ROUTE_SHARP_TURN, ROUTE_END_GAP)


@dataclass(frozen=True)
class Problem:
    """One thing drawn badly: its code, the routes it concerns (by index, the first is the
    one the warning points at), the label's place for TTR204 (else None), the text, and
    the fixes the text suggests (any one of them may do)."""

    code: str
    routes: tuple[int, ...]
    message: str
    node: int | None = None
    fixes: tuple[Fix, ...] = ()


def layout_problems(plan: BoardPlan) -> list[Problem]:
    """Every problem of the drawn board, by code and then in the board's order."""
    lay = plan.routes
    out: list[Problem] = []
    out += _overlaps(lay)
    out += _covered_markers(lay)
    out += _crossings(lay)
    out += _labels(plan)
    cause = print_size_cause(lay)
    out += _fits(lay, cause)
    out += _turns_and_ends(lay, cause)
    order: dict[str, int] = {c: k for k, c in enumerate(CODES)}
    return sorted(out, key=lambda p: (order[p.code], p.routes, p.node or 0, p.message))


def _route_ids(lay: RouteLayout, problems: list[Problem]) -> list[str]:
    return sorted({lay.board.routes[r].id for p in problems for r in p.routes})


def _space_grid(lay: RouteLayout) -> tuple[list[Box], list[int], Grid]:
    spaces = lay.spaces()
    boxes = [sp.box for sp in spaces]
    grid = Grid(30.0)
    for k, b in enumerate(boxes):
        grid.add(k, b.bbox())
    return boxes, [sp.route for sp in spaces], grid


def _overlaps(lay: RouteLayout) -> list[Problem]:
    """TTR201: train spaces of two routes that overlap."""
    boxes, owner, grid = _space_grid(lay)
    pairs: dict[tuple[int, int], tuple[Box, Box]] = {}
    for k, b in enumerate(boxes):
        for j in sorted(grid.near(b.bbox())):
            a, c = owner[k], owner[j]
            if a < c and (a, c) not in pairs and boxes_overlap(b, boxes[j]):
                pairs[(a, c)] = (b, boxes[j])
    out = []
    for (a, c), (ba, bc) in sorted(pairs.items()):
        ra, rc = lay.board.routes[a], lay.board.routes[c]
        shared = sorted({ra.a, ra.b} & {rc.a, rc.b})
        fix, fixes = ((hub_fix(lay, a, c, shared[0]) if shared else None)
                      or crossing_fix(lay, c, ba, bc))
        out.append(Problem(SPACES_OVERLAP, (a, c),
                           f"the train spaces of {ra.id} overlap those of {rc.id} on the "
                           f"printed board{fix}", fixes=fixes))
    return out


def _covered_markers(lay: RouteLayout) -> list[Problem]:
    """TTR202: a train space over a city's marker or a border point's disc."""
    hits: dict[tuple[int, int], Box] = {}
    for sp in lay.spaces():
        for n in sorted(lay.marker_grid.near(sp.box.bbox())):
            if (sp.route, n) not in hits and box_circle_overlap(sp.box, lay.pos[n],
                                                                 lay.radius[n]):
                hits[(sp.route, n)] = sp.box
    out = []
    for (r, c), b in sorted(hits.items()):
        route, place = lay.board.routes[r], lay.board.nodes[c]
        what = (f"the marker of {place.name}" if place.kind == "city" else
                f"the border point {place.border_point} of {place.name}")
        fix, fixes = marker_fix(lay, r, c, b)
        out.append(Problem(SPACE_COVERS_CITY, (r,),
                           f"a train space of {route.id} covers {what}{fix}", fixes=fixes))
    return out


def _crossings(lay: RouteLayout) -> list[Problem]:
    """TTR203: tracks that cross (one finding per pair of lanes, named by their first
    routes)."""
    lanes = [ln for ln in lay.lanes if len(ln.track) >= 2]
    bbs = [polyline_bbox(ln.track) for ln in lanes]
    grid = Grid(30.0)
    for k, bb in enumerate(bbs):
        grid.add(k, bb)
    out = []
    for i, ln in enumerate(lanes):
        for j in sorted(grid.near(bbs[i])):
            if j <= i or not _meet(ln.track, lanes[j].track):
                continue
            a, c = ln.routes[0], lanes[j].routes[0]
            ra, rc = lay.board.routes[a], lay.board.routes[c]
            out.append(Problem(ROUTES_CROSS, (a, c),
                               f"the tracks of {ra.id} and {rc.id} cross: routes on a board do "
                               "not cross; move a city or add waypoints"))
    return out


def _meet(a: list[Point], b: list[Point]) -> bool:
    """Whether two track lines meet away from their ends: cross, or touch at a point inside
    both (a shared waypoint), as a reader sees it."""
    ba, bb = polyline_bbox(a), polyline_bbox(b)
    if not _touch(ba, bb):
        return False
    if tracks_cross(a, ba, b, bb):
        return True
    ends = (a[0], a[-1], b[0], b[-1])
    for p1, p2 in zip(a, a[1:], strict=False):
        if not _touch(polyline_bbox((p1, p2)), bb):
            continue
        for q1, q2 in zip(b, b[1:], strict=False):
            d = (p2[0] - p1[0]) * (q2[1] - q1[1]) - (p2[1] - p1[1]) * (q2[0] - q1[0])
            if abs(d) < 1e-12:
                continue
            t = ((q1[0] - p1[0]) * (q2[1] - q1[1]) - (q1[1] - p1[1]) * (q2[0] - q1[0])) / d
            u = ((q1[0] - p1[0]) * (p2[1] - p1[1]) - (q1[1] - p1[1]) * (p2[0] - p1[0])) / d
            if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
                x = (p1[0] + t * (p2[0] - p1[0]), p1[1] + t * (p2[1] - p1[1]))
                if all(math.dist(x, e) > 0.5 for e in ends):
                    return True
    return False


def _labels(plan: BoardPlan) -> list[Problem]:
    """TTR204: a label over another label, a train space or a marker."""
    lay = plan.routes
    labels: list[Label] = [c.label for c in plan.countries] + list(plan.labels)
    boxes = [axis_box(*lab.box) for lab in labels]
    out = []
    for i in range(len(labels)):
        for j in range(i + 1, len(labels)):
            if _touch(labels[i].box, labels[j].box):
                out.append(Problem(LABELS_OVERLAP, (), f"the labels '{labels[i].text}' and "
                                   f"'{labels[j].text}' overlap", labels[i].node))
    cars, _owner, grid = _space_grid(lay)
    for i, lab in enumerate(labels):
        near = sorted(grid.near(lab.box))
        if any(boxes_overlap(boxes[i], cars[k]) for k in near):
            out.append(Problem(LABELS_OVERLAP, (), f"the label '{lab.text}' covers a train space: "
                               "there is no free room around it; move the city", lab.node))
        if any(box_circle_overlap(boxes[i], lay.pos[n], lay.radius[n])
               for n in sorted(lay.marker_grid.near(lab.box))):
            out.append(Problem(LABELS_OVERLAP, (), f"the label '{lab.text}' covers a marker: there "
                               "is no free room around it; move the city", lab.node))
    return out


def _touch(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1])


def _fits(lay: RouteLayout, cause: str) -> list[Problem]:
    """TTR205 and TTR206: a lane whose cars leave too much track empty, or do not fit.  The
    length named is the lane's own: a lane too short for its places has its cars stretched
    (up to ``car_stretch_max`` times ``car_length``) before it is found too short."""
    out = []
    for lane in lay.lanes:
        if lane.fit == "ok":
            continue
        route = lay.board.routes[lane.routes[0]]
        short = lane.fit == "short"
        what = ("is too short for the distance between its ends: its spaces leave more than "
                "two cars' length of empty track" if short else
                "is too long to draw between its ends even bent")
        out.append(Problem(
            ROUTE_TOO_SHORT_TO_DRAW if short else ROUTE_TOO_LONG_TO_DRAW, (lane.routes[0],),
            f"{route.id} ({route.length} {'space' if route.length == 1 else 'spaces'} of "
            f"{_car_mm(lay, lane)}) {what}: "
            + (cause if short and cause else "move the cities or change the length")))
    return out


def _car_mm(lay: RouteLayout, lane: Lane) -> str:
    """The length of ``lane``'s cars for a message: ``24 mm``, or where they are stretched
    ``38.4 mm, stretched as far as car_stretch_max (1.6) allows``."""
    c, s = lay.car_length(lane), lay.sizes
    if c <= s.car_length:
        return f"{c:g} mm"
    most = c >= s.car_length * s.car_stretch_max - 1e-9
    return (f"{c:.1f} mm, stretched "
            + (f"as far as car_stretch_max ({s.car_stretch_max:g}) allows" if most
               else f"from {s.car_length:g} mm"))


def _turns_and_ends(lay: RouteLayout, cause: str) -> list[Problem]:
    """TTR207: consecutive cars of a route turning more than ``car_turn_max``; TTR208: the
    car nearest to either end marker farther than ``end_gap_max`` from it (naming the length
    of its cars where they are stretched)."""
    sizes = lay.sizes
    lane_of = {r: lane for lane in lay.lanes for r in lane.routes}
    by_route: dict[int, list[Box]] = {}
    for sp in lay.spaces():  # in the order of the route's spaces
        by_route.setdefault(sp.route, []).append(sp.box)
    out = []
    for r in sorted(by_route):
        route = lay.board.routes[r]
        boxes = by_route[r]
        worst = 0.0
        for p, q in zip(boxes, boxes[1:], strict=False):
            cos = max(-1.0, min(1.0, p.ux * q.ux + p.uy * q.uy))
            worst = max(worst, math.degrees(math.acos(cos)))
        if worst > sizes.car_turn_max + 0.5:
            out.append(Problem(ROUTE_SHARP_TURN, (r,), (
                f"the train spaces of {route.id} turn {worst:.0f}° from one to the next (at "
                f"most {sizes.car_turn_max:g}° reads as one smooth track): move a city, or "
                "give the route other waypoints")))
        for node in (route.a, route.b):
            if node not in lay.radius:
                continue
            gap = min(point_box_distance(b, lay.pos[node]) for b in boxes) - lay.radius[node]
            if gap > sizes.end_gap_max + 0.5:
                other, why, fixes = _giving_way(lay, r, node)
                lane = lane_of[r]
                cars = (f" ({_car_mm(lay, lane)})"
                        if lay.car_length(lane) > sizes.car_length else "")
                out.append(Problem(ROUTE_END_GAP, (r,) + other, (
                    f"the train spaces of {route.id}{cars} stop {gap:.0f} mm short of "
                    f"{lay.board.nodes[node].name} (at most {sizes.end_gap_max:g} mm, or the "
                    "route does not read as reaching it): "
                    + (why or cause or "move the places closer, or lengthen the route")),
                    fixes=fixes or (() if why or cause else
                                    closer_fix(lay, r, node, gap - sizes.end_gap_max + 1.0))))
    return out


def _giving_way(lay: RouteLayout, r: int, node: int
                ) -> tuple[tuple[int, ...], str, tuple[Fix, ...]]:
    """When a route stops short at a busy place because it keeps out of the way of a route
    leaving it next to it: that route (named among the problem's routes, so that `render`
    names it too) and the fix that turns the two apart (as for TTR201); else nothing."""
    board = lay.board
    mine = next(ln for ln in lay.lanes if r in ln.routes)
    end = 0 if mine.a == node else 1
    if mine.trim[end] <= lay.end_min(node) + 1.0:
        return (), "", ()  # its cars start at the marker: it does not give way here
    hub = lay.pos[node]

    def angle(route: int) -> float:
        ro = board.routes[route]
        far = lay.pos[ro.b if ro.a == node else ro.a]
        return math.atan2(far[1] - hub[1], far[0] - hub[0])

    others = [o for ln in lay.lanes if ln.index != mine.index and node in (ln.a, ln.b)
              for o in ln.routes[:1]]
    if not others:
        return (), "", ()
    nearest = min(others, key=lambda o: (abs((angle(o) - angle(r) + math.pi)
                                             % (2 * math.pi) - math.pi), o))
    found = hub_fix(lay, r, nearest, node)
    if found is None:
        return (), "", ()
    fix, fixes = found
    count = len({ln.index for ln in lay.lanes if node in (ln.a, ln.b)})
    return (nearest,), (f"its cars keep out of the way of {board.routes[nearest].id} at "
            f"{board.nodes[node].name}, where {count} routes meet;{fix.removeprefix(':')}"), fixes


def _suited_scale(lay: RouteLayout) -> float | None:
    """The print scale the board's routes suit: a route's length suits the scale at which its
    cars, their gaps halfway between ``car_gap`` and ``car_gap_max`` and its ends halfway to
    ``end_gap_max`` fill the straight line between its places; the board's routes suit the
    median of those scales.  None for a board of too few routes to tell."""
    import statistics

    board, s = lay.board, lay.sizes
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
        return None
    return statistics.median(suits)


def print_size_cause(lay: RouteLayout) -> str:
    """A hint naming the print size when it, rather than one route, is the likely cause of
    routes too short for their distance (TTR205) or stopping short (TTR208): the board prints
    at least 1.25 times as large as its routes' lengths suit (:func:`_suited_scale`).  Empty
    when the print size fits."""
    suit = _suited_scale(lay)
    if suit is None:
        return ""
    ratio = lay.frame.scale / suit
    if ratio < 1.25:
        return ""
    g = lay.board.geometry
    width = g.width * suit + 2 * lay.frame.offset
    given = g.print_width_mm is not None
    return (f"the print size is the likely cause: the board prints {lay.frame.page[0]:.0f} mm "
            f"wide{' (board.print_width_mm)' if given else ''}, {ratio:.2f} times what its "
            f"routes' lengths suit; set board.print_width_mm to about {width:.0f}"
            + (" or leave it out (the board's longer side then prints 800 mm long)"
               if given and g.height > g.width else ""))


def larger_print_hint(lay: RouteLayout) -> str:
    """For routes not drawn cleanly on a board printed smaller than its routes' lengths suit
    (at most 0.8 times): the print size that would give their cars room, as a line to write
    (``print_width_mm: 1400``).  Empty when the print size is not the cause."""
    suit = _suited_scale(lay)
    if suit is None or lay.frame.scale / suit > 0.8:
        return ""
    width = lay.board.geometry.width * suit + 2 * lay.frame.offset
    return (f"the board prints {lay.frame.page[0]:.0f} mm wide, "
            f"{lay.frame.scale / suit:.2f} times what its routes' lengths suit: with "
            f"`print_width_mm: {round(width, -1):.0f}` under `board:` their cars have room")


def not_clean(lay: RouteLayout, problems: list[Problem]) -> list[str]:
    """The ids of the routes the problems name: the routes not drawn cleanly."""
    return _route_ids(lay, problems)


def summary(lay: RouteLayout, problems: list[Problem]) -> str:
    """One line for ``render``: how many routes are not drawn cleanly and which, and the
    labels without room, naming exactly what ``validate --layout`` lists."""
    routes = not_clean(lay, problems)
    names = sorted({lay.board.nodes[p.node].name if p.node is not None and p.node >= 0
                    else lay.board.countries[-1 - p.node].name if p.node is not None else ""
                    for p in problems if p.code == LABELS_OVERLAP} - {""})
    parts = []
    if routes:
        parts.append(f"{len(routes)} route(s) could not be drawn cleanly ({', '.join(routes)})")
        hint = larger_print_hint(lay)
        if hint:
            parts.append(hint)
    if names:
        parts.append(f"{len(names)} label(s) found no free room ({', '.join(names)})")
    return "; ".join(parts)
