"""``colour``: which routes are open, and what a colouring must hold."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.design.sketches import MAPS, map_text, sketch_file
from ttrtool.design.colouring import (
    GRAY_SHARE,
    SPREAD,
    colour_balance,
    open_routes,
    propose_colours,
    with_colours,
)
from ttrtool.design.sketch import read_sketch
from ttrtool.model import GRAY, Board


def mono_cities(board: Board) -> list[str]:
    """Cities with two or more routes, all of one card colour."""
    out = []
    for node in board.nodes:
        colours = {r.color for r in board.routes_at(node.index)}
        if len(board.routes_at(node.index)) >= 2 and len(colours) == 1 and GRAY not in colours:
            out.append(node.name)
    return out


def same_colour_doubles(board: Board) -> list[str]:
    return [g for g, tracks in board.double_groups().items()
            if len({r.color for r in tracks}) < len(tracks)
            and any(r.color != GRAY for r in tracks)]


@pytest.mark.parametrize("name", MAPS)
def test_an_all_gray_board_is_coloured_in_balance(tmp_path: Path, name: str) -> None:
    sketch = read_sketch(sketch_file(tmp_path, name, gray=True))
    assert open_routes(sketch) == tuple(range(len(sketch.board.routes)))
    colouring = propose_colours(sketch, seed=1)
    board = with_colours(sketch, colouring.colours)
    after = colour_balance(board)
    assert after == colouring.after
    assert after.spread is not None and after.spread <= 1 + SPREAD
    assert after.judged and after.findings == ()
    assert mono_cities(board) == []
    assert same_colour_doubles(board) == []
    assert abs(after.gray_routes - GRAY_SHARE * len(board.routes)) <= 2
    # ferries stay gray unless the rules colour them (Nordic Countries do)
    if not board.rules.ferries_colored:
        assert all(r.color == GRAY for r in board.routes if r.kind == "ferry")
    # before: nothing coloured, nothing judged
    assert colouring.before.spread is None and not colouring.before.judged


def test_the_same_seed_gives_the_same_colours(tmp_path: Path) -> None:
    path = sketch_file(tmp_path, "usa", gray=True)
    first = propose_colours(read_sketch(path), seed=7).colours
    assert propose_colours(read_sketch(path), seed=7).colours == first


def test_a_coloured_board_keeps_its_colours_and_grays(tmp_path: Path) -> None:
    """Only the routes with no colour are open; the designer's gray ones stay gray."""
    text = map_text("usa")
    unset = ["{a: Atlanta, b: Miami, length: 5, color: blue}",
             "{a: Chicago, b: Omaha, length: 4, color: blue}",
             "{a: Calgary, b: Winnipeg, length: 6, color: white}"]
    for route in unset:
        assert route in text
        text = text.replace(route, route.replace(", color: " + route.split("color: ")[1][:-1],
                                                 ""))
    path = tmp_path / "three.yaml"
    path.write_text(text, encoding="utf-8")
    sketch = read_sketch(path)
    assert len(sketch.uncoloured) == 3
    colouring = propose_colours(sketch)
    assert colouring.open == sketch.uncoloured == colouring.changed
    kept = [ri for ri in range(len(sketch.board.routes)) if ri not in sketch.uncoloured]
    assert all(colouring.colours[ri] == sketch.board.routes[ri].color for ri in kept)
    assert all(colouring.colours[ri] != GRAY for ri in sketch.uncoloured)


def test_all_recolours_every_route(tmp_path: Path) -> None:
    sketch = read_sketch(sketch_file(tmp_path, "usa", tickets=True))
    assert open_routes(sketch) == ()
    colouring = propose_colours(sketch, every=True, seed=2)
    assert len(colouring.open) == len(sketch.board.routes)
    assert colouring.changed  # the official colours are not what this colouring chooses
    assert colouring.after.spread is not None and colouring.after.spread <= 1 + SPREAD


def test_the_colours_and_the_deck_do_not_depend_on_string_hashing(tmp_path: Path) -> None:
    """Python salts the hashes of strings per process: nothing may iterate a set of them
    where the order decides."""
    path = sketch_file(tmp_path, "usa", gray=True)
    code = ("import sys; from ttrtool.design.sketch import read_sketch; "
            "from ttrtool.design.colouring import propose_colours; "
            "from ttrtool.design.deck import choose_tickets, plan_deck; "
            "s = read_sketch(sys.argv[1]); c = propose_colours(s, seed=5); "
            "t = choose_tickets(s.board, plan_deck(s.board, 36), seed=5); "
            "print(c.colours, [(x.origin, x.destination, x.points) for x in t])")
    outs = {subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                           text=True, check=True, env={**os.environ, "PYTHONHASHSEED": h}
                           ).stdout for h in ("1", "2", "3")}
    assert len(outs) == 1 and "pink" in outs.pop()
