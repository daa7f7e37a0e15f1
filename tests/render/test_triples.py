"""Bundles of three tracks (triples, R-VAR-4) at crowded places: the search turns them apart
from their neighbours harder than it turns a pair of narrower lanes (render/search.py)."""

from __future__ import annotations

import pytest

from tests.render.conftest import triples_board
from ttrtool.render import search
from ttrtool.render.board import plan
from ttrtool.render.problems import layout_problems
from ttrtool.render.theme import default_theme

# A 4 x 3 grid, 30 % of its routes triples: searched as narrow lanes (triples turned apart
# from a double by 24 degrees at most) and without tracks moved alone, three layout problems
# are left.  (Seed 11, used before, drew its unequal triples as a bundle and a lane of their
# own once render/lanes.py parted them, and kept two problems.)
SMALL = {"cols": 4, "rows": 3, "seed": 10, "triples": 0.3, "tickets": 4}


def test_a_triple_at_a_crowded_place_is_turned_clear_of_its_neighbours() -> None:
    board = triples_board(**SMALL)
    assert any(sum(1 for o in board.routes if {o.a, o.b} == {r.a, r.b}) == 3
               for r in board.routes)
    assert layout_problems(plan(board, default_theme())) == []


def test_the_same_board_searched_as_narrow_lanes_keeps_its_problems(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The board above is no easy one: searched as if its triples were as narrow as doubles
    (and without the tracks moved alone after the search, render/stagger.py, which clear it
    too), its layout has problems (so the test above can fail)."""
    monkeypatch.setattr(search, "wide", lambda lane: False)
    monkeypatch.setattr(search.Stagger, "run", lambda self: 0)
    problems = layout_problems(plan(triples_board(**SMALL), default_theme()))
    assert len(problems) >= 1
