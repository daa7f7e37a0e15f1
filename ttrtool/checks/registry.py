"""The registry of semantic checks: :func:`check` registers a check under its code, and
the records a check reads (:class:`CheckContext`) and yields (:class:`Problem`).

The check modules import this module; :mod:`ttrtool.checks` imports them to run them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ttrtool.codes import Code
from ttrtool.diagnostics import JsonPath, Severity
from ttrtool.loader import Document
from ttrtool.model import Board

if TYPE_CHECKING:
    from ttrtool.render.theme import Theme

CheckFn = Callable[["CheckContext"], Iterator["Problem"]]


@dataclass(frozen=True)
class Problem:
    """What a check yields: a message and the JSON path it is about."""

    message: str
    path: JsonPath
    severity: Severity | None = None  # None: the check's own severity


@dataclass(frozen=True)
class CheckContext:
    board: Board
    document: Document
    # Work shared between checks of one run (e.g. connectivity for the ticket checks).
    cache: dict[str, object] = field(default_factory=dict, compare=False)
    # The theme the layout checks (TTR2xx) lay the board out with, as ``render --theme``
    # draws it, and whose marker sizes TTR114 measures; None: the default theme.
    theme: Theme | None = None


@dataclass(frozen=True)
class Check:
    code: Code
    severity: Severity
    summary: str
    fn: CheckFn
    # Reads connectivity or totals of the route network: skipped when the builder had to leave
    # routes out (TTR101, TTR103-TTR106), since its findings would only echo those errors.
    whole_board: bool = False
    # What `ttrtool fix` can do about it: "safe", "unsafe" or "" (see code_info.AUTOFIX)
    autofix: str = ""

    @property
    def name(self) -> str:
        return self.code.name

    @property
    def doc(self) -> str:
        return self.fn.__doc__ or ""


REGISTRY: dict[str, Check] = {}


def check(code: Code, severity: Severity, summary: str,
          whole_board: bool = False, autofix: str = "") -> Callable[[CheckFn], CheckFn]:
    """Register a check under its code (from :mod:`ttrtool.codes`, which gives its stable
    number and kebab-case name); ``autofix`` says whether ``ttrtool fix`` applies its fix,
    and whether that fix is ``safe`` or ``unsafe``."""

    def register(fn: CheckFn) -> CheckFn:
        if code in REGISTRY:
            raise ValueError(f"check code {code} registered twice")
        REGISTRY[code] = Check(code, severity, summary, fn, whole_board, autofix)
        return fn

    return register


# Checks that run only when ``--select`` names them (``TTR2``, ``TTR201``): the layout checks
# lay the board out with the renderer and shapely (about a second per map, against a
# whole validation run of a tenth of that) and judge the drawing at one print size rather
# than the game, so a designer asks for them when preparing a print.
OPT_IN_PREFIXES = ("TTR2",)


def is_opt_in(code: str) -> bool:
    return code.startswith(OPT_IN_PREFIXES)


def selected(code: str, select: Iterable[str] = (), ignore: Iterable[str] = ()) -> bool:
    """Is ``code`` kept by ``--select``/``--ignore``?  Entries are codes or prefixes (``TTR4``).

    Opt-in codes (:data:`OPT_IN_PREFIXES`) are kept only when a selector names them."""
    sel = tuple(select)
    if is_opt_in(code):
        if not any(code.startswith(s) and is_opt_in(s) for s in sel):
            return False
    elif sel and not code.startswith(sel):
        return False
    return not code.startswith(tuple(ignore))


def rules_path(ctx: CheckContext, *keys: str) -> JsonPath:
    """Where a rules problem is best shown: the deepest of ``rules.<keys>`` the file spells
    out, else ``rules.preset``, else ``rules`` (the value may come from a preset or a default)."""
    data = ctx.document.data
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        return ("rules",)
    path: JsonPath = ("rules",)
    node: object = rules
    for key in keys:
        if not isinstance(node, dict) or key not in node:
            break
        node = node[key]
        path = path + (key,)
    if path == ("rules",) and "preset" in rules:
        return ("rules", "preset")
    return path
