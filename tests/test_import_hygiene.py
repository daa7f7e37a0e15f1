"""``import ttrtool`` stays free of presentation dependencies (STYLE.md)."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("typer", "rich", "shapely", "cairosvg", "click")


def test_library_import_does_not_pull_presentation_modules() -> None:
    code = (
        "import sys, ttrtool, ttrtool.model, ttrtool.validate, ttrtool.graph;"
        "ttrtool.load_map('usa');"
        f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_drawing_a_board_of_drawn_positions_loads_no_basemap() -> None:
    """The basemap (numpy, shapely, Natural Earth) is for boards of ``geo`` cities; a board
    placed by ``pos`` draws without it (it would cost every render about 0.12 s to load)."""
    code = (
        "import sys, ttrtool;"
        "from ttrtool.render.board import render_board;"
        "from ttrtool.render.theme import load_theme;"
        "render_board(ttrtool.load_map('switzerland'), load_theme());"
        "print(','.join(m for m in ('numpy', 'ttrtool.render.basemap') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
