"""A city's label at a hub with no free place around it: the cars of its routes start
farther out to make room (labels.make_room), rather than the label lying on them.
Judged with shapely on the drawn label box, car polygons and marker discs."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon, box

from tests.render.conftest import tiny_board
from ttrtool.model import Board
from ttrtool.render import labels
from ttrtool.render.board import plan
from ttrtool.render.plan import BoardPlan
from ttrtool.render.problems import layout_problems
from ttrtool.render.theme import default_theme

COLORS = ("red", "blue", "green", "yellow", "black", "white", "orange", "pink")


def hub(spokes: int = 8, name: str = "Larissa") -> Board:
    """``name`` in the middle of a 400 x 300 mm board, joined by a route of three cars to
    each of ``spokes`` places 100 mm away, evenly round it: every spot around the marker
    that a label could take lies on some route's cars."""
    cities = [f"  - {{name: {name}, pos: [200, 150]}}"]
    routes = []
    for k in range(spokes):
        a = 2 * math.pi * k / spokes
        cities.append(f"  - {{name: C{k}, pos: [{200 + 100 * math.cos(a):.1f}, "
                      f"{150 + 100 * math.sin(a):.1f}]}}")
        routes.append(f"  - {{a: {name}, b: C{k}, length: 3, color: {COLORS[k % 8]}}}")
    return tiny_board("cities:\n" + "\n".join(cities) + "\nroutes:\n" + "\n".join(routes)
                      + "\ntickets:\n  regular:\n    - {from: C0, to: C1, points: 6}\n")


def label_over(p: BoardPlan, name: str) -> list[str]:
    """What the label ``name`` covers, by shapely: routes' car polygons and markers."""
    lay = p.routes
    lab = next(lab for lab in p.labels if lab.text == name)
    area = box(*lab.box)
    out = sorted({lay.board.routes[sp.route].id for sp in lay.spaces()
                  if Polygon(sp.box.corners()).intersects(area)})
    out += [lay.board.nodes[n].name for n, r in lay.radius.items()
            if SPoint(lay.pos[n]).buffer(r, 64).intersects(area)]
    return out


def test_the_cars_make_room_for_a_hubs_label() -> None:
    drawn = plan(hub(), default_theme())
    assert label_over(drawn, "Larissa") == []
    assert layout_problems(drawn) == []
    lay = drawn.routes
    # The cars that made room still start next to the marker (TTR208 would say otherwise).
    centre = lay.pos[0]
    for lane in lay.lanes:
        near = min(Polygon(sp.box.corners()).distance(SPoint(centre)) for sp in lane.cars)
        assert near - lay.radius[0] <= lay.sizes.end_gap_max + 0.5


def test_without_making_room_the_label_lies_on_cars(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hub above forces it: no spot around Larissa is free of cars."""
    monkeypatch.setattr(labels, "make_room", lambda *args: None)
    drawn = plan(hub(), default_theme())
    assert label_over(drawn, "Larissa") != []
    assert [p.code for p in layout_problems(drawn)] == ["TTR204"]
