"""Validation pipeline: read, check against the schema, build, run semantic checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ttrtool.checks import run_checks
from ttrtool.diagnostics import Diagnostic
from ttrtool.loader import Document, LoadError, parse_map_text, read_map_file
from ttrtool.model import Board, build_board
from ttrtool.schema import schema_diagnostics


@dataclass
class ValidationResult:
    file: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    board: Board | None = None
    io_error: bool = False  # the file could not be read at all (exit code 2)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]


def validate_document(doc: Document) -> ValidationResult:
    result = ValidationResult(doc.file)
    schema_errors = schema_diagnostics(doc)
    if schema_errors:
        result.diagnostics = schema_errors
        return result
    board, build_errors = build_board(doc.data, doc.file)
    located = [d.at(doc.file, doc.locate(d.path)) for d in build_errors]
    result.diagnostics = sorted(located + run_checks(board, doc), key=Diagnostic.sort_key)
    if not result.errors:
        result.board = board
    return result


def validate_file(path: str | Path) -> ValidationResult:
    """Validate one map file.  Never raises for bad input: everything is a diagnostic."""
    try:
        doc = read_map_file(path)
    except LoadError as e:
        return ValidationResult(str(path), [e.diagnostic], None, e.io_error)
    return validate_document(doc)


def validate_text(text: str | bytes, file: str = "<string>") -> ValidationResult:
    try:
        doc = parse_map_text(text, file)
    except LoadError as e:
        return ValidationResult(file, [e.diagnostic], None, e.io_error)
    return validate_document(doc)
