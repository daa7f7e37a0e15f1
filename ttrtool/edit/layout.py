"""The layout fix loop: waypoints and small city moves until the board draws cleanly.

The board is laid out as ``ttrtool render`` draws it and judged by the one list both
``render`` and ``validate --layout`` report (:func:`ttrtool.render.problems.layout_problems`).
Each problem comes with the fixes its message names (:class:`ttrtool.render.fixes.Fix`):
a waypoint for a route (safe: nothing a player sees changes), or a move of a city (it
changes the game: only with ``unsafe``); two straight tracks that cross (TTR203, whose
message names no fix) get a move of an end of one across the other's line.  A round
tries the first fix of every problem at once, and where that does not help, one fix at a
time (and once a follow-up where a waypoint moved the problem on); a fix is kept only when
the board, laid out again, has fewer routes or labels drawn badly (or as many and fewer
problems) and no more errors or warnings elsewhere.  The loop stops when the board is clean, when
no fix helps, or after a bounded number of layouts.

A city never moves more than ``max_move_mm`` on the printed board from where the file
had it.  A city placed by ``geo: [lat, lon]`` moves by a new latitude and longitude (the
board's projection taken back), so the basemap is drawn under it where it now stands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ttrtool.codes import LABELS_OVERLAP, ROUTES_CROSS
from ttrtool.edit.changes import Change, apply_change
from ttrtool.edit.roundtrip import MapFile
from ttrtool.model import Board
from ttrtool.render.fixes import Fix
from ttrtool.render.problems import Problem
from ttrtool.render.theme import Theme


@dataclass(frozen=True)
class Drawn:
    """A board laid out and judged: the routes and labels drawn badly, and the rest."""

    board: Board
    problems: tuple[Problem, ...]
    routes: tuple[str, ...]  # ids of the routes not drawn cleanly
    labels: tuple[str, ...]  # places whose label found no free room
    scale: float  # mm on the printed board per map unit
    warnings: int  # validation warnings other than the layout's

    @property
    def score(self) -> tuple[int, int]:
        return (len(self.routes) + len(self.labels), len(self.problems))


@dataclass
class LayoutFixes:
    """What the loop did: the state before and after, the changes kept, the cities moved
    (name -> mm on the printed board from where the file had them), and how many
    layouts it took."""

    before: Drawn
    after: Drawn
    changes: list[Change] = field(default_factory=list)
    moved: dict[str, float] = field(default_factory=dict)
    layouts: int = 0
    limit: int = 40  # the most layouts the loop may make
    held_back: int = 0  # city moves the messages suggest, left out without `unsafe`

    @property
    def stopped_early(self) -> bool:
        """The loop ran out of layouts with problems left (a second run may go on)."""
        return self.layouts >= self.limit and bool(self.after.problems)


def draw(doc: MapFile, theme: Theme) -> Drawn | None:
    """``doc`` as it stands, laid out and judged; None when it does not build without
    errors (a fix must never leave one)."""
    from ttrtool.render.board import plan
    from ttrtool.render.collector import collector_paused
    from ttrtool.render.problems import layout_problems, not_clean
    from ttrtool.validate import validate_text

    result = validate_text(doc.data(), str(doc.path))
    board = result.board
    if board is None:
        return None
    with collector_paused():  # the layout's memo tables: ttrtool/render/collector.py
        the_plan = plan(board, theme)
        problems = layout_problems(the_plan)
    lay = the_plan.routes
    labels = sorted({board.nodes[p.node].name if p.node >= 0
                     else board.countries[-1 - p.node].name
                     for p in problems if p.code == LABELS_OVERLAP and p.node is not None})
    return Drawn(board, tuple(problems), tuple(not_clean(lay, problems)), tuple(labels),
                 lay.frame.scale, len(result.warnings))


def fix_layout(doc: MapFile, theme: Theme, unsafe: bool = False, max_move_mm: float = 15.0,
               max_layouts: int = 40) -> LayoutFixes | None:
    """Apply the layout's fixes to ``doc`` as long as they help (see the module docstring);
    None when the map does not build without errors (it is then left as it was)."""
    start = draw(doc, theme)
    if start is None:
        return None
    out = LayoutFixes(start, start, layouts=1, limit=max_layouts)
    home = {c.name: c.pos for c in start.board.cities}
    out.held_back = len(_candidates(start, home, False, max_move_mm)[1])
    tried: set[Change] = set()
    while out.layouts < max_layouts and out.after.problems:
        found = _candidates(out.after, home, unsafe, max_move_mm)[0]
        groups = [[c for c in group if c not in tried] for group in found]
        groups = [group for group in groups if group]
        if not groups:
            break
        batch = _one_per_subject([group[0] for group in groups])
        if len(batch) > 1 and _try(doc, theme, batch, out, home, unsafe, max_move_mm, tried):
            continue
        if not any(_try(doc, theme, [change], out, home, unsafe, max_move_mm, tried)
                   for group in groups for change in group
                   if change not in tried and out.layouts < max_layouts):
            break
    for name, pos in home.items():
        city = next((c for c in out.after.board.cities if c.name == name), None)
        if city is not None and city.pos != pos:
            out.moved[name] = math.dist(city.pos, pos) * out.after.scale
    return out


def _try(doc: MapFile, theme: Theme, changes: list[Change], out: LayoutFixes,
         home: dict[str, tuple[float, float]], unsafe: bool, max_move_mm: float,
         tried: set[Change]) -> bool:
    """Apply ``changes``, lay the board out again, and keep them if the board is better.
    When it is as good but the problem has moved on (a waypoint that takes a route clear
    of one route and onto the next), the first new fix is tried on top, once."""
    if len(changes) == 1:
        tried.add(changes[0])
    undo = _apply(doc, changes)
    out.layouts += 1
    new = draw(doc, theme)
    now = out.after
    if new is not None and _better(new, now):
        out.after = new
        out.changes += changes
        return True
    if new is not None and new.score == now.score and out.layouts < out.limit:
        known = {c for g in _candidates(now, home, unsafe, max_move_mm)[0] for c in g}
        follow = next((c for g in _candidates(new, home, unsafe, max_move_mm)[0]
                       for c in g if c not in known and c not in tried), None)
        if follow is not None:
            tried.add(follow)
            more = _apply(doc, [follow])
            out.layouts += 1
            after = draw(doc, theme)
            if after is not None and _better(after, now):
                out.after = after
                out.changes += changes + [follow]
                return True
            _undo(doc, more)
    _undo(doc, undo)
    return False


def _better(new: Drawn, now: Drawn) -> bool:
    return new.score < now.score and new.warnings <= now.warnings


Undo = list[tuple[Change, Any]]


def _apply(doc: MapFile, changes: list[Change]) -> Undo:
    undo = [(c, doc.get(c.path) if doc.has(c.path) else None) for c in changes]
    for c in changes:
        apply_change(doc, c)
    return undo


def _undo(doc: MapFile, undo: Undo) -> None:
    for c, old in reversed(undo):
        if old is None:
            doc.remove(c.path)
        else:
            doc.set(c.path, old)


def _one_per_subject(changes: list[Change]) -> list[Change]:
    seen: set[tuple[str | int, ...]] = set()
    out = []
    for c in changes:
        if c.path[:2] not in seen:
            seen.add(c.path[:2])
            out.append(c)
    return out


def _candidates(now: Drawn, home: dict[str, tuple[float, float]], unsafe: bool,
                max_move_mm: float) -> tuple[list[list[Change]], list[Change]]:
    """For each problem with a fix, its changes: with ``unsafe`` the city move its message
    names first (when within ``max_move_mm`` of where the file had the city: it is the
    smallest move that clears the problem), then the waypoint.  Also the moves left out
    without ``unsafe``."""
    groups: list[list[Change]] = []
    held: list[Change] = []
    for p in now.problems:
        group = []
        fixes = p.fixes or (tuple(_uncross(now, p)) if p.code == ROUTES_CROSS else ())
        for fix in sorted(fixes, key=lambda f: f.kind == "waypoint"):
            if fix.kind == "waypoint":
                if fix.at not in now.board.routes[fix.subject].waypoints:
                    group.append(_waypoint(now.board, fix, p.code))
                continue
            change = _move(now, fix, p.code, home, max_move_mm)
            if change is not None:
                (group if unsafe else held).append(change)
        if group:
            groups.append(group)
    return groups, held


UNCROSS_MM = 6.0  # how far past the other track's line a city moves to uncross two tracks


def _uncross(now: Drawn, p: Problem) -> list[Fix]:
    """Moves for two straight tracks that cross (TTR203, whose message names no fix): an
    end of one taken across the other's line, to the side its other end is on, by
    ``UNCROSS_MM`` past it; the shortest first (the loop keeps only those within the
    bound that make the board better)."""
    board = now.board
    out = []
    for r, o in ((p.routes[0], p.routes[1]), (p.routes[1], p.routes[0])):
        mine, other = board.routes[r], board.routes[o]
        if mine.waypoints or other.waypoints:
            continue
        (x1, y1), (x2, y2) = board.nodes[other.a].pos, board.nodes[other.b].pos
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            continue
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        for end in (mine.a, mine.b):
            if end >= len(board.cities) or end in (other.a, other.b):
                continue
            ex, ey = board.nodes[end].pos
            side = (ex - x1) * nx + (ey - y1) * ny
            step = -side - math.copysign(UNCROSS_MM / now.scale, side)
            at = _rounded(board, (ex + nx * step, ey + ny * step))
            out.append(Fix("move", end, at, abs(step) * now.scale))
    return sorted(out, key=lambda f: f.mm)


def _rounded(board: Board, p: tuple[float, float]) -> tuple[float, float]:
    """A position as the fixes of :mod:`ttrtool.render.fixes` give them: whole pixels, else
    four digits."""
    if board.geometry.units == "px":
        return (float(round(p[0])), float(round(p[1])))
    return (float(f"{p[0]:.4g}"), float(f"{p[1]:.4g}"))


def _number(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def _waypoint(board: Board, fix: Fix, code: str) -> Change:
    """The route's waypoints with ``fix.at`` put where it lengthens the track least."""
    route = board.routes[fix.subject]
    a, b = board.nodes[route.a].pos, board.nodes[route.b].pos
    points = [a, *route.waypoints, b]
    best = min(range(1, len(points)), key=lambda k: math.dist(points[k - 1], fix.at)
               + math.dist(fix.at, points[k]) - math.dist(points[k - 1], points[k]))
    new = [*route.waypoints[:best - 1], fix.at, *route.waypoints[best - 1:]]
    value = tuple((_number(x), _number(y)) for x, y in new)
    old = tuple((_number(x), _number(y)) for x, y in route.waypoints) or None
    return Change(code, route.path + ("waypoints",), value, old, True,
                  f"route {route.id} bends through [{_number(fix.at[0])}, "
                  f"{_number(fix.at[1])}]")


def _move(now: Drawn, fix: Fix, code: str, home: dict[str, tuple[float, float]],
          max_move_mm: float) -> Change | None:
    """Move the city ``fix.subject`` to ``fix.at``; where that takes it more than
    ``max_move_mm`` from where the file had it, as far toward it as the bound allows, if
    that is at least half the way (a message's angle is an estimate, and half a move can
    be enough); None when not (or when it is not a city)."""
    board = now.board
    if fix.subject >= len(board.cities):
        return None
    city = board.cities[fix.subject]
    start = home.get(city.name, city.pos)
    far = math.dist(start, fix.at) * now.scale
    if far > max_move_mm + 1e-9:
        share = (max_move_mm - 0.5) / far
        if share < 0.5:
            return None
        at = _rounded(board, (start[0] + (fix.at[0] - start[0]) * share,
                              start[1] + (fix.at[1] - start[1]) * share))
        far = math.dist(start, at) * now.scale
        if far > max_move_mm + 1e-9:
            return None
        fix = Fix(fix.kind, fix.subject, at, far)
    projection = board.geometry.projection
    if city.geo is not None and projection is not None:
        lat, lon = projection.to_geo(*fix.at)
        return Change(code, city.path + ("geo",), (round(lat, 4), round(lon, 4)),
                      city.geo, False,
                      f"city {city.name} moves {far:.1f} mm to latitude {lat:.4f}, longitude "
                      f"{lon:.4f}")
    return Change(code, city.path + ("pos",), (_number(fix.at[0]), _number(fix.at[1])),
                  (_number(city.pos[0]), _number(city.pos[1])), False,
                  f"city {city.name} moves {far:.1f} mm to [{_number(fix.at[0])}, "
                  f"{_number(fix.at[1])}]")
