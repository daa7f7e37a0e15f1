"""The layout search's work budget: deterministic, counted in moves, per lane."""

from __future__ import annotations

import pytest

from tests.render.conftest import dense_board
from ttrtool.model import Board
from ttrtool.render import search
from ttrtool.render.lanes import Lane
from ttrtool.render.layout import RouteLayout
from ttrtool.render.theme import Theme


def _attempts(board: Board, theme: Theme, monkeypatch: pytest.MonkeyPatch
              ) -> list[tuple[int, ...]]:
    """The lanes of every pair and escape move the search starts, in order."""
    calls: list[tuple[int, ...]] = []
    pair, escape = search.Search.move_pair, search.Search.escape

    def move_pair(self: search.Search, x: Lane, y: Lane) -> bool:
        calls.append((x.index, y.index))
        return pair(self, x, y)

    def escape_(self: search.Search, x: Lane) -> bool:
        calls.append((x.index,))
        return escape(self, x)

    monkeypatch.setattr(search.Search, "move_pair", move_pair)
    monkeypatch.setattr(search.Search, "escape", escape_)
    search.Search(RouteLayout(board, theme.sizes)).solve()
    return calls


def test_a_lane_that_has_spent_its_share_is_not_tried_again(
        theme: Theme, monkeypatch: pytest.MonkeyPatch) -> None:
    board = dense_board(cols=7, rows=4, doubles=0.5, seed=3)
    assert len(_attempts(board, theme, monkeypatch)) > 1  # the board needs several moves
    monkeypatch.setattr(search, "LANE_WORK", 1)
    calls = _attempts(board, theme, monkeypatch)
    lanes = [i for call in calls for i in call]
    assert calls and len(lanes) == len(set(lanes))  # each lane in one move at most


def test_the_budget_gives_the_same_layout_every_time(theme: Theme) -> None:
    board = dense_board(cols=7, rows=4, doubles=0.5, seed=3)
    one, two = search.layout_routes(board, theme.sizes), search.layout_routes(board, theme.sizes)
    assert [ln.shape for ln in one.lanes] == [ln.shape for ln in two.lanes]
    assert [sp.box for sp in one.spaces()] == [sp.box for sp in two.spaces()]
