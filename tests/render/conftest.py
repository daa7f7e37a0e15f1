"""Fixtures for the renderer: each bundled board laid out and drawn once per session."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from ttrtool.loader import parse_map_text
from ttrtool.model import Board, build_board
from ttrtool.render.board import plan, render_board
from ttrtool.render.plan import BoardPlan
from ttrtool.render.theme import Theme, default_theme

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "out"

HEADER = """format: 1
meta: {id: tiny, name: "Tiny test board"}
board: {width: 400, height: 300, units: px, print_width_mm: 422}
"""


@pytest.fixture(scope="session")
def theme() -> Theme:
    return default_theme()


@pytest.fixture(scope="session")
def plans(boards: dict[str, Board], theme: Theme) -> dict[str, BoardPlan]:
    return {name: plan(board, theme) for name, board in boards.items()}


@pytest.fixture(scope="session")
def svgs(boards: dict[str, Board], plans: dict[str, BoardPlan], theme: Theme
         ) -> dict[str, bytes]:
    return {name: render_board(board, theme, None, plans[name]) for name, board in boards.items()}


def benchmark_board(module: str, maker: str, **kw: Any) -> Board:
    """A board written by ``maker`` of benchmarks/``module``.py (the boards ``make bench``
    and benchmarks/dense_quality.py draw)."""
    makers = importlib.import_module(f"benchmarks.{module}")
    doc = parse_map_text(getattr(makers, maker)(**kw), f"{maker}.yaml")
    board, errors = build_board(doc.data, doc.file)
    assert errors == []
    return board


def dense_board(**kw: float) -> Board:
    """A dense board made by benchmarks/dense_board.py (what ``make bench`` renders)."""
    return benchmark_board("dense_board", "dense_board", **kw)


def triples_board(**kw: float) -> Board:
    """A France / Old-West-like grid with triple routes (benchmarks/dense_crowded.py)."""
    return benchmark_board("dense_crowded", "triples_board", **kw)


def tiny_board(body: str) -> Board:
    """A small map (1 px = 1 mm once drawn); ``body`` holds cities, routes and tickets."""
    doc = parse_map_text(HEADER + body, "tiny.yaml")
    board, errors = build_board(doc.data, doc.file)
    assert errors == []
    return board
