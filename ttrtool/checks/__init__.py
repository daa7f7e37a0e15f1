"""The registry of semantic checks run by ``ttrtool validate``.

Each check is a small generator registered with :func:`check`: it reads the
built :class:`~ttrtool.model.Board` (and the raw document where it needs
source positions) and yields diagnostics.  The code, name, severity and the
one-line reason live in the registration, so the docs list is made from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ttrtool.diagnostics import Diagnostic, JsonPath, Severity
from ttrtool.loader import Document
from ttrtool.model import Board

CheckFn = Callable[["CheckContext"], Iterator["Finding"]]


@dataclass(frozen=True)
class Finding:
    """What a check yields: a message and the JSON path it is about."""

    message: str
    path: JsonPath
    severity: Severity | None = None  # None: the check's own severity


@dataclass(frozen=True)
class CheckContext:
    board: Board
    document: Document


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: Severity
    summary: str
    fn: CheckFn

    @property
    def doc(self) -> str:
        return self.fn.__doc__ or ""


REGISTRY: dict[str, Check] = {}


def check(code: str, name: str, severity: Severity, summary: str) -> Callable[[CheckFn], CheckFn]:
    """Register a check under a stable code and kebab-case name."""

    def register(fn: CheckFn) -> CheckFn:
        if code in REGISTRY:
            raise ValueError(f"check code {code} registered twice")
        REGISTRY[code] = Check(code, name, severity, summary, fn)
        return fn

    return register


def run_checks(board: Board, document: Document) -> list[Diagnostic]:
    """Run every registered check; diagnostics carry file, line and column."""
    _load_all()
    ctx = CheckContext(board, document)
    out = []
    for c in sorted(REGISTRY.values(), key=lambda c: c.code):
        for f in c.fn(ctx):
            out.append(Diagnostic(
                c.code, c.name, f.severity or c.severity, f.message, f.path,
                document.file, document.locate(f.path),
            ))
    return out


def _load_all() -> None:
    # Importing the modules registers their checks.
    from ttrtool.checks import references, routes, supply, tickets  # noqa: F401
