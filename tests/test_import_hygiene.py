"""``import ttrtool`` stays free of presentation dependencies (STYLE.md)."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("typer", "rich", "svgwrite", "shapely", "cairosvg", "click")


def test_library_import_does_not_pull_presentation_modules() -> None:
    code = (
        "import sys, ttrtool, ttrtool.model, ttrtool.validate, ttrtool.graph;"
        "ttrtool.load_map('usa');"
        f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
