"""Concrete fixes for what the layout could not draw cleanly, in the map's own units.

When two routes leaving a busy place (a *hub*) overlap, the fix says at which
place, how far apart the two leave it and how far apart they must, and either
where to move the far end of one of them or where to give it a waypoint.  When
a car covers a third city's marker, it says how far to move that city.  When two
routes overlap elsewhere, it says where a waypoint takes one clear of the other; when a
route's cars stop short of a place, the move that brings its places closer.
Positions are given as the map writes them (``board.units``), so that they can
be pasted into the file; each text comes with the same fixes as :class:`Fix` records,
which ``ttrtool fix`` applies (:mod:`ttrtool.edit.layout`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ttrtool.render.geometry import Box, Point
from ttrtool.render.layout import RouteLayout


@dataclass(frozen=True)
class Fix:
    """One fix a message suggests: ``move`` the place ``subject`` (a node index) to ``at``,
    or give the route ``subject`` (a route index) a ``waypoint`` at ``at``.  ``at`` is in
    the map's units, rounded as the message shows it; ``mm`` is how far a move goes on the
    printed board (0 for a waypoint)."""

    kind: str
    subject: int
    at: tuple[float, float]
    mm: float = 0.0


Suggested = tuple[str, tuple[Fix, ...]]


def _to_map(lay: RouteLayout, p: Point) -> Point:
    f = lay.frame
    return ((p[0] - f.offset) / f.scale, (p[1] - f.offset) / f.scale)


def _pos(lay: RouteLayout, p: Point) -> str:
    x, y = _to_map(lay, p)
    return f"[{x:.0f}, {y:.0f}]" if lay.board.geometry.units == "px" else f"[{x:.4g}, {y:.4g}]"


def _at(lay: RouteLayout, p: Point) -> tuple[float, float]:
    """``p`` in map units as :func:`_pos` shows it (whole pixels, else 4 digits)."""
    x, y = _to_map(lay, p)
    if lay.board.geometry.units == "px":
        return (float(round(x)), float(round(y)))
    return (float(f"{x:.4g}"), float(f"{y:.4g}"))


def _amount(lay: RouteLayout, mm: float) -> str:
    units = lay.board.geometry.units
    value = mm / lay.frame.scale
    shown = f"{value:.0f}" if units == "px" else f"{value:.3g}"
    return f"{shown} {units} ({mm:.0f} mm on the printed board)"


def _lane_of(lay: RouteLayout, route: int) -> int:
    for lane in lay.lanes:
        if route in lane.routes:
            return lane.index
    raise ValueError(route)


def _reach(lay: RouteLayout, i: int, j: int, angle: float) -> float:
    """How far from their place two lanes leaving it ``angle`` degrees apart must start to
    keep out of each other's way (the nearer of the two, as the give-way rule chooses)."""
    hi = lay.lanes[i].half_width + lay.sizes.clearance
    hj = lay.lanes[j].half_width + lay.sizes.clearance
    a = math.radians(angle)
    cos, sin = math.cos(a), max(math.sin(a), 0.05)
    if cos <= 0:
        return min(hi, hj) / sin
    return min((hi * cos + hj) / sin, (hj * cos + hi) / sin)


def hub_fix(lay: RouteLayout, a: int, c: int, node: int) -> Suggested | None:
    """The fix for routes ``a`` and ``c`` overlapping where they leave ``node``: how far
    apart they must leave it, and a move or a waypoint for one of them (None when they
    overlap away from the place, or already leave it far enough apart)."""
    board, s = lay.board, lay.sizes
    i, j = _lane_of(lay, a), _lane_of(lay, c)
    hub = lay.pos[node]
    far = {r: lay.pos[board.routes[r].b if board.routes[r].a == node else board.routes[r].a]
           for r in (a, c)}
    limit = lay.marker(node) + s.end_gap_max  # the farthest a car may start from the place
    ang = {r: math.atan2(far[r][1] - hub[1], far[r][0] - hub[0]) for r in (a, c)}
    apart = abs((math.degrees(ang[a] - ang[c]) + 180.0) % 360.0 - 180.0)
    if apart >= 90.0 or lay.lanes[i].waypoints or lay.lanes[j].waypoints:
        return None
    need = next((d for d in range(math.ceil(apart), 91) if _reach(lay, i, j, d) <= limit),
                90)
    if need <= apart + 1:
        return None
    turn = math.radians(need - apart)
    # Move the far end that moves least; turned away from the other route.
    r = min((a, c), key=lambda r: math.dist(hub, far[r]))
    other = c if r == a else a
    side = 1.0 if (ang[r] - ang[other] + math.pi) % (2 * math.pi) - math.pi >= 0 else -1.0
    d = math.dist(hub, far[r])
    new = ang[r] + side * turn
    moved = (hub[0] + d * math.cos(new), hub[1] + d * math.sin(new))
    w = min(d / 2, limit + 2 * lay.car_length(lay.lanes[i if r == a else j]))
    waypoint = (hub[0] + w * math.cos(new), hub[1] + w * math.sin(new))
    name = board.nodes[node].name
    end = board.nodes[board.routes[r].b if board.routes[r].a == node else board.routes[r].a]
    said = f": at {name} the two leave {apart:.0f}° apart and need about {need}°; "
    bend = Fix("waypoint", r, _at(lay, waypoint))
    if far[a] == far[c]:  # tracks of one group drawn as two lanes: moving a place cannot help
        return said + f"give {board.routes[r].id} a waypoint at {_pos(lay, waypoint)}", (bend,)
    end_node = board.routes[r].b if board.routes[r].a == node else board.routes[r].a
    move = Fix("move", end_node, _at(lay, moved), math.dist(far[r], moved))
    return (said + f"move {end.name} by {_amount(lay, math.dist(far[r], moved))} to "
            f"{_pos(lay, moved)}, or give {board.routes[r].id} a waypoint at "
            f"{_pos(lay, waypoint)}"), (move, bend)


def crossing_fix(lay: RouteLayout, c: int, ba: Box, bc: Box) -> Suggested:
    """The fix for route ``c``'s car ``bc`` overlapping ``ba`` away from a shared place: a
    waypoint that takes ``c`` clear, beside where they meet."""
    s = lay.sizes
    nx, ny = -ba.uy, ba.ux
    side = (bc.cx - ba.cx) * nx + (bc.cy - ba.cy) * ny
    if side < 0:
        nx, ny, side = -nx, -ny, -side
    shift = ba.hw + bc.hw + s.clearance + 1.0 - side
    target = (bc.cx + nx * shift, bc.cy + ny * shift)
    return (f": give {lay.board.routes[c].id} a waypoint at {_pos(lay, target)} "
            f"({shift:.0f} mm aside), or move a city"), (Fix("waypoint", c, _at(lay, target)),)


def marker_fix(lay: RouteLayout, r: int, node: int, box: Box) -> Suggested:
    """The fix for a car of route ``r`` over ``node``'s marker: move the place out of the
    way (or, for the route's own end, give the route waypoints)."""
    route, place = lay.board.routes[r], lay.board.nodes[node]
    if node in (route.a, route.b):
        return ": move the place or give the route waypoints around it", ()
    centre = lay.pos[node]
    nx, ny = -box.uy, box.ux
    side = (centre[0] - box.cx) * nx + (centre[1] - box.cy) * ny
    if side < 0:
        nx, ny, side = -nx, -ny, -side
    shift = lay.radius[node] + box.hw + lay.sizes.clearance + 1.0 - side
    moved = (centre[0] + nx * shift, centre[1] + ny * shift)
    away = (box.cx - nx * shift, box.cy - ny * shift)
    fixes: tuple[Fix, ...] = (Fix("waypoint", r, _at(lay, away)),)
    if place.kind == "city":
        fixes = (Fix("move", node, _at(lay, moved), shift),) + fixes
    return (f": move {place.name} by {_amount(lay, shift)} to {_pos(lay, moved)}, or give "
            f"{route.id} a waypoint at {_pos(lay, away)}"), fixes


def closer_fix(lay: RouteLayout, r: int, node: int, mm: float) -> tuple[Fix, ...]:
    """The move that brings route ``r``'s end ``node`` (or, where that is no city, its
    other end) ``mm`` closer along its straight track: for a route whose cars stop short
    of ``node`` (none for a route with waypoints)."""
    board = lay.board
    route = board.routes[r]
    other = route.b if route.a == node else route.a
    if route.waypoints:
        return ()
    mover, toward = (node, other) if board.nodes[node].kind == "city" else (other, node)
    if board.nodes[mover].kind != "city":
        return ()
    (x, y), (tx, ty) = lay.pos[mover], lay.pos[toward]
    d = math.dist((x, y), (tx, ty))
    if d <= mm:
        return ()
    moved = (x + (tx - x) * mm / d, y + (ty - y) * mm / d)
    return (Fix("move", mover, _at(lay, moved), mm),)
