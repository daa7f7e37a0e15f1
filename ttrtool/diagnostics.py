"""Diagnostics: what validation found, as plain records.

A diagnostic names a stable code (``TTR101``), a kebab-case name, a severity, a
message that says what to do, and where: the file, the JSON path inside the
document and the 1-based line and column.  Formatting them (text, JSON,
GitHub annotations, SARIF) is a separate step in :mod:`ttrtool.formats`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

JsonPath = tuple[str | int, ...]


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, order=True)
class Location:
    """1-based line and column in a file (0 when unknown)."""

    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class Diagnostic:
    code: str
    name: str
    severity: Severity
    message: str
    path: JsonPath = ()
    file: str = ""
    location: Location = field(default_factory=Location)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def at(self, file: str, location: Location) -> Diagnostic:
        return replace(self, file=file, location=location)

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.location.line, self.location.column, self.code)


def json_pointer(path: JsonPath) -> str:
    """RFC 6901 pointer for a path, e.g. ``/routes/3/length``."""
    parts = (str(p).replace("~", "~0").replace("/", "~1") for p in path)
    return "".join("/" + p for p in parts)


class MapError(Exception):
    """Raised by :func:`ttrtool.load_map` when a map file has errors."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        first = diagnostics[0] if diagnostics else None
        text = (
            f"{first.file}:{first.location.line}:{first.location.column}: {first.message}"
            if first
            else "map has errors"
        )
        super().__init__(text)
