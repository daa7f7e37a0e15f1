"""The cycle collector is paused while a board is laid out (ttrtool/render/collector.py):
safe only because the layout leaves no cyclic garbage, and only if the collector is set
back as it was."""

from __future__ import annotations

import gc

import pytest

from tests.render.conftest import dense_board
from ttrtool.model import Board
from ttrtool.render.collector import collector_paused
from ttrtool.render.search import layout_routes
from ttrtool.render.theme import Theme


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_is_set_back_as_it_was(was_on: bool) -> None:
    before = gc.isenabled()
    try:
        (gc.enable if was_on else gc.disable)()
        with collector_paused():
            assert not gc.isenabled()
        assert gc.isenabled() == was_on
        with pytest.raises(KeyError), collector_paused():
            raise KeyError("a failure inside the block")
        assert gc.isenabled() == was_on
    finally:
        (gc.enable if before else gc.disable)()


def test_objects_the_caller_froze_stay_frozen() -> None:
    kept = [[i] for i in range(100)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector_paused():
            made = [[i] for i in range(100)]
        # Thawing would empty the permanent generation. The count is not compared
        # for equality: another thread of the test worker (pytest-xdist's) may free
        # an object frozen with the rest while the block runs.
        assert 0 < gc.get_freeze_count() <= frozen and kept and made
    finally:
        gc.unfreeze()


def test_a_layout_leaves_no_cyclic_garbage(boards: dict[str, Board], theme: Theme) -> None:
    """What the paused collector would have found: nothing, on a bundled board and a dense
    one (so pausing it costs no memory). A layout that made reference cycles would fail
    here, and its memory would grow while the collector is paused."""
    for board in (boards["europe"], dense_board(cols=8, rows=5, doubles=0.5, seed=2)):
        gc.collect()
        lay = layout_routes(board, theme.sizes)
        assert lay.lanes
        del lay
        assert gc.collect() == 0
