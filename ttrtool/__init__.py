"""ttrtool: validate, analyse, render and simulate Ticket to Ride boards.

The library never prints and never exits.  The main entry point::

    from ttrtool import load_map
    board = load_map("maps/usa.yaml")      # or load_map("usa") for a bundled map

returns a frozen :class:`~ttrtool.model.Board`, or raises
:class:`~ttrtool.diagnostics.MapError` holding every diagnostic.
"""

from __future__ import annotations

from pathlib import Path

from ttrtool.diagnostics import Diagnostic, MapError, Severity
from ttrtool.model import Board
from ttrtool.resources import BUNDLED_MAPS, bundled_map_path

__version__ = "0.1.0"
__all__ = [
    "Board",
    "Diagnostic",
    "MapError",
    "Severity",
    "load_map",
    "resolve_map_path",
    "__version__",
]


def resolve_map_path(name_or_path: str | Path) -> Path:
    """A path to a map file, or a bundled map id (``usa``) when no file has that name."""
    if (isinstance(name_or_path, str) and name_or_path in BUNDLED_MAPS
            and not Path(name_or_path).exists()):
        return bundled_map_path(name_or_path)
    return Path(name_or_path)


def load_map(name_or_path: str | Path) -> Board:
    """Load and validate a map; raise :class:`MapError` if it has errors."""
    from ttrtool.validate import validate_file

    result = validate_file(resolve_map_path(name_or_path))
    if result.board is None:
        raise MapError(result.errors or result.diagnostics)
    return result.board
