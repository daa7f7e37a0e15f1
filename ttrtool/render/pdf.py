"""PDF output through cairosvg: one page, several pages, and print-at-home tiles.

cairosvg draws one SVG per surface; for several pages we hand it one shared
cairo PDF surface and call ``show_page`` between the SVGs.  Tiles show a
window of the board on each sheet (nested ``<svg>`` with a ``viewBox``), with
``overlap`` mm repeated between neighbours, alignment crosses at the overlap
corners and a page label (row letter, column number).
"""

from __future__ import annotations

import math
import os
import time
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ttrtool.render.svg import document, el, num, to_bytes

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
MARGIN_MM = 10.0
PT_PER_MM = 72 / 25.4


def svg_to_pdf(svg: bytes, out: Path) -> None:
    pages_to_pdf([svg], out)


def svg_to_png(svg: bytes, out: Path, width_px: int = 2400) -> None:
    import cairosvg

    cairosvg.svg2png(bytestring=svg, write_to=str(out), output_width=width_px)


def pages_to_pdf(pages: Sequence[bytes], out: Path) -> None:
    """Several SVG pages (each sized in mm) into one PDF."""
    import cairocffi
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    shared = cairocffi.PDFSurface(str(out), 100, 100)
    # A fixed date (SOURCE_DATE_EPOCH when set) so that the same map gives the same bytes.
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "946684800"))
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))
    shared.set_metadata(cairocffi.PDF_METADATA_CREATE_DATE, stamp)
    shared.set_metadata(cairocffi.PDF_METADATA_CREATOR, "ttrtool render")

    class _Page(PDFSurface):  # type: ignore[misc]
        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            shared.set_size(width, height)
            return shared, width, height

    for svg in pages:
        page = _Page(Tree(bytestring=svg), None, 96)
        page.context.show_page()
    shared.finish()


def tile_grid(width: float, height: float, paper: str, overlap: float
              ) -> tuple[tuple[float, float], list[tuple[float, float]], float, float]:
    """Paper size (portrait or landscape, whichever needs fewer sheets), tile origins
    on the board, and the printable window size."""
    pw, ph = PAPER_MM[paper]
    best: tuple[int, tuple[float, float]] | None = None
    for size in ((pw, ph), (ph, pw)):
        ww, wh = size[0] - 2 * MARGIN_MM, size[1] - 2 * MARGIN_MM
        n = _count(width, ww, overlap) * _count(height, wh, overlap)
        if best is None or n < best[0]:
            best = (n, size)
    assert best is not None
    size = best[1]
    ww, wh = size[0] - 2 * MARGIN_MM, size[1] - 2 * MARGIN_MM
    cols, rows = _count(width, ww, overlap), _count(height, wh, overlap)
    origins = [(c * (ww - overlap), r * (wh - overlap)) for r in range(rows) for c in range(cols)]
    return size, origins, ww, wh


def _count(total: float, window: float, overlap: float) -> int:
    if window <= overlap:
        raise ValueError("the overlap must be smaller than the printable area of the paper")
    return max(1, math.ceil((total - overlap) / (window - overlap)))


def _cross(g: ET.Element, x: float, y: float, arm: float = 4.0) -> None:
    el(g, "path", {"d": f"M{num(x - arm)},{num(y)}H{num(x + arm)}M{num(x)},{num(y - arm)}"
                   f"V{num(y + arm)}", "stroke": "#000000", "stroke-width": 0.25,
                   "fill": "none"})
    el(g, "circle", {"cx": x, "cy": y, "r": arm / 2, "stroke": "#000000",
                     "stroke-width": 0.25, "fill": "none"})


def tile_pages(board_svg: bytes, width: float, height: float, paper: str,
               overlap: float) -> list[bytes]:
    """One SVG page per tile of the board."""
    board = ET.fromstring(board_svg)
    for e in board.iter():
        if e.tag.startswith("{"):
            e.tag = e.tag.split("}", 1)[1]
    size, origins, ww, wh = tile_grid(width, height, paper, overlap)
    cols = sum(1 for o in origins if o[1] == 0)
    pages = []
    for n, (ox, oy) in enumerate(origins):
        row, col = divmod(n, cols)
        label = f"{chr(65 + row % 26)}{col + 1}"
        root = document(size[0], size[1], f"tile {label}")
        inner = el(root, "svg", {"x": MARGIN_MM, "y": MARGIN_MM, "width": ww, "height": wh,
                                 "viewBox": f"{num(ox)} {num(oy)} {num(ww)} {num(wh)}",
                                 "overflow": "hidden"})
        for child in board:
            if child.tag != "title":
                inner.append(child)
        marks = el(root, "g", {"id": "tile-marks"})
        x0, y0, x1, y1 = MARGIN_MM, MARGIN_MM, MARGIN_MM + ww, MARGIN_MM + wh
        for x in (x0 + overlap, x1 - overlap):
            for y in (y0 + overlap, y1 - overlap):
                _cross(marks, x, y)
        el(marks, "rect", {"x": x0, "y": y0, "width": ww, "height": wh, "fill": "none",
                           "stroke": "#888888", "stroke-width": 0.2,
                           "stroke-dasharray": "2 2"})
        el(marks, "text", {"x": x0, "y": y1 + 6, "font-size": 4, "font-family": "sans-serif"},
           f"{label}  (page {n + 1} of {len(origins)}, row {row + 1}, column {col + 1}) — "
           f"overlap {num(overlap)} mm: align the crosses")
        pages.append(to_bytes(root))
    return pages
