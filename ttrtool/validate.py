"""Validation pipeline: read, check against the schema, build, run semantic checks.

Schema errors come first and stop the pipeline (the board cannot be built
from a document the schema refuses), and so does a map larger than ttrtool
handles (:mod:`ttrtool.limits`); otherwise the references the builder
could not resolve and every semantic check are reported together, sorted by
position.  Nothing here raises for bad input and nothing writes to the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ttrtool.checks import run_checks, selected
from ttrtool.codes import INTERNAL_ERROR
from ttrtool.diagnostics import Diagnostic, Location, Severity
from ttrtool.limits import size_diagnostics
from ttrtool.loader import Document, LoadError, parse_map_text, read_map_file
from ttrtool.model import Board, build_board
from ttrtool.schema import schema_diagnostics

if TYPE_CHECKING:
    from ttrtool.render.theme import Theme


@dataclass
class ValidationResult:
    file: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    board: Board | None = None
    io_error: bool = False  # the file could not be read at all (exit code 2)
    # The board whenever it could be built, even if checks then found errors (an unreachable
    # ticket, a short supply): analyze reports on such a board; nothing may play or draw it.
    built: Board | None = None

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]


def validate_document(doc: Document, select: Iterable[str] = (),
                      ignore: Iterable[str] = (), theme: Theme | None = None
                      ) -> ValidationResult:
    """Schema, build and semantic checks of a parsed document.

    ``select``/``ignore`` keep or drop diagnostics by code or code prefix
    (``TTR4``); the codes of reading the file and of the schema (TTR0xx) are
    always kept, since while they stand nothing else was checked.  The board
    is returned only when no error is left.  ``theme`` is the one the layout
    checks (TTR2xx) lay the board out with, as ``render --theme`` does, and
    whose markers TTR114 measures (None: the default theme).
    """
    sel, ign = tuple(select), tuple(ignore)
    result = ValidationResult(doc.file)
    # Not filtered: while the document fails the schema, or is larger than ttrtool handles
    # (ttrtool/limits.py), nothing else is checked.
    stopped = schema_diagnostics(doc) or size_diagnostics(doc)
    if stopped:
        result.diagnostics = stopped
        return result
    try:
        board, build_errors = build_board(doc.data, doc.file)
        located = [d.at(doc.file, doc.locate(d.path)) for d in build_errors]
        found = located + run_checks(board, doc, sel, ign, complete=not build_errors,
                                       theme=theme)
    except Exception as e:  # noqa: BLE001 - a bug must not become a traceback for the user
        result.diagnostics = [Diagnostic(
            INTERNAL_ERROR, INTERNAL_ERROR.name, Severity.ERROR,
            f"ttrtool failed while checking this file ({type(e).__name__}: {e}); please report "
            "it with the file attached", (), doc.file, Location(1, 1))]
        return result
    result.diagnostics = sorted((d for d in found if selected(d.code, sel, ign)),
                                key=Diagnostic.sort_key)
    if not any(d.is_error for d in located):
        result.built = board
        if not result.errors:
            result.board = board
    return result


def validate_file(path: str | Path, select: Iterable[str] = (),
                  ignore: Iterable[str] = (), theme: Theme | None = None) -> ValidationResult:
    """Validate one map file.  Never raises for bad input: everything is a diagnostic."""
    try:
        doc = read_map_file(path)
    except LoadError as e:  # named as the loader names it ('<empty path>' for '')
        return ValidationResult(e.diagnostic.file, [e.diagnostic], None, e.io_error)
    return validate_document(doc, select, ignore, theme)


def validate_text(text: str | bytes, file: str = "<string>", select: Iterable[str] = (),
                  ignore: Iterable[str] = (), theme: Theme | None = None) -> ValidationResult:
    """Validate map text held in memory (same results as :func:`validate_file`)."""
    try:
        doc = parse_map_text(text, file)
    except LoadError as e:
        return ValidationResult(file, [e.diagnostic], None, e.io_error)
    return validate_document(doc, select, ignore, theme)
