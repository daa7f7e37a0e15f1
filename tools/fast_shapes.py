"""Write ttrtool/commands/shapes.py again from the Typer app (run by hand after changing an
option of ``validate``, ``analyze`` or ``render``; tests/test_argv.py fails until then)::

    python tools/fast_shapes.py
"""

from __future__ import annotations

from pathlib import Path

from ttrtool.cli import FAST, build_app
from ttrtool.commands.argv import shapes_module

SHAPES = Path(__file__).resolve().parent.parent / "ttrtool" / "commands" / "shapes.py"

if __name__ == "__main__":
    SHAPES.write_text(shapes_module(build_app(), FAST), encoding="utf-8")
