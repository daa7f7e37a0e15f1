"""Diagnostics: what validation found, as plain records.

A diagnostic names a stable code (``TTR101``), a kebab-case name, a severity, a
message that says what to do, and where: the file, the JSON path inside the
document and the 1-based line and column.  Formatting them (text, JSON,
GitHub annotations, SARIF) is a separate step in :mod:`ttrtool.formats`.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass, field, replace

JsonPath = tuple[str | int, ...]


class Severity(enum.Enum):
    """How much a diagnostic or a balance finding matters: the one severity type of ttrtool.

    Validation reports errors and warnings; balance findings (TTR5xx from the map,
    TTR6xx from play) also info.  Severities order by :attr:`rank`
    (``Severity.INFO < Severity.WARNING < Severity.ERROR``)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        return _RANK[self.value]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Severity):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Severity):
            return NotImplemented
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Severity):
            return NotImplemented
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Severity):
            return NotImplemented
        return self.rank >= other.rank

    @classmethod
    def named(cls, name: str) -> Severity:
        """``'warning'`` -> :attr:`Severity.WARNING`; ValueError for an unknown name."""
        try:
            return cls(name.lower())
        except ValueError:
            raise ValueError(f"unknown severity '{name}': use info, warning or error") from None


_RANK = {"info": 0, "warning": 1, "error": 2}


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


# Characters that draw nothing but are neither ASCII spaces nor controls (the loader refuses
# those, TTR001): format characters (zero-width space and joiners, bidi marks, the soft
# hyphen), spaces other than U+0020, and the other default-ignorable code points (fillers,
# variation selectors).  Pasted into a name they make two names that look the same differ.
_IGNORABLE = frozenset((0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E,
                        0x180F, 0x2800, 0x3164, 0xFFA0))
_IGNORABLE_RANGES = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
_JOINERS = ("\u200c", "\u200d")  # zero-width non-joiner and joiner
# Scripts whose words never need a joiner; elsewhere (Arabic, Persian, Indic scripts) a joiner
# between two letters shapes the word and is part of its correct spelling.
_NO_JOINER_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC"})


def _is_invisible(ch: str) -> bool:
    cp = ord(ch)
    category = unicodedata.category(ch)
    return (category == "Cf" or (category == "Zs" and ch != " ") or cp in _IGNORABLE
            or any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES))


def _shaping_letter(ch: str) -> bool:
    script = unicodedata.name(ch, "").split(" ", 1)[0]
    return unicodedata.category(ch)[0] in "LM" and script not in _NO_JOINER_SCRIPTS


def invisible_characters(text: str) -> list[tuple[int, str]]:
    """(index, character) of every character of ``text`` that shows as nothing or as an
    ordinary space; a joiner between two letters of a script that uses joiners is kept."""
    if text.isascii():  # ASCII has none (its controls are refused when the file is read)
        return []
    out = []
    for i, ch in enumerate(text):
        if not _is_invisible(ch):
            continue
        if ch in _JOINERS and 0 < i < len(text) - 1 and _shaping_letter(text[i - 1]) \
                and _shaping_letter(text[i + 1]):
            continue
        out.append((i, ch))
    return out


def character_name(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE``."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"


def visible(text: str) -> str:
    """``text`` with each invisible character written as ``<U+200B>``, for messages."""
    found = dict(invisible_characters(text))
    return "".join(f"<U+{ord(ch):04X}>" if i in found else ch for i, ch in enumerate(text))


def describe_invisible(text: str) -> str:
    """What is invisible in ``text`` and where: ``U+200B ZERO WIDTH SPACE at character 6``
    (characters counted from 1); empty when nothing is."""
    return ", ".join(f"{character_name(ch)} at character {i + 1}"
                     for i, ch in invisible_characters(text))


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
