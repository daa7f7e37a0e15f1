"""The registry of semantic checks run by ``ttrtool validate``, and the catalogue of codes.

Each check is a small generator registered with :func:`check` under a code of
:mod:`ttrtool.codes` (which gives its number and kebab-case name): it reads the built
:class:`~ttrtool.model.Board` (and the raw document where it needs source positions) and
yields :class:`Problem` records.  The severity, the one-line reason and whether ``ttrtool
fix`` applies its fix live in the registration, a passing and a failing example in the
docstring, so ``docs/checks.md`` is generated from here.

The pieces:

* :mod:`~ttrtool.checks.registry` — :func:`check`, the registry and what a check reads;
* the checks, by code: :mod:`~ttrtool.checks.references` and :mod:`~ttrtool.checks.places`
  (TTR1xx names, references, places), :mod:`~ttrtool.checks.geo` and
  :mod:`~ttrtool.checks.sea` (TTR12x real places), :mod:`~ttrtool.checks.tempo` (TTR124,
  the game's length), :mod:`~ttrtool.checks.layout` (TTR2xx, the board as drawn, opt-in),
  :mod:`~ttrtool.checks.routes`, :mod:`~ttrtool.checks.supply` and
  :mod:`~ttrtool.checks.variant_rules` (TTR3xx routes and rules),
  :mod:`~ttrtool.checks.tickets` (TTR4xx);
* :mod:`~ttrtool.checks.code_info`, :mod:`~ttrtool.checks.balance_codes` and
  :mod:`~ttrtool.checks.catalog` — one record per code, the balance findings' entries
  (TTR5xx, TTR6xx) and the catalogue that gathers them all into docs/checks.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ttrtool.checks.registry import (
    REGISTRY,
    Check,
    CheckContext,
    CheckFn,
    Problem,
    check,
    is_opt_in,
    rules_path,
    selected,
)
from ttrtool.diagnostics import Diagnostic
from ttrtool.loader import Document
from ttrtool.model import Board

if TYPE_CHECKING:
    from ttrtool.render.theme import Theme

__all__ = ["REGISTRY", "Check", "CheckContext", "CheckFn", "Problem", "all_checks", "check",
           "is_opt_in", "rules_path", "run_checks", "selected"]


def run_checks(board: Board, document: Document, select: Iterable[str] = (),
               ignore: Iterable[str] = (), complete: bool = True,
               theme: Theme | None = None) -> list[Diagnostic]:
    """Run every registered (and selected) check; diagnostics carry file, line and column.

    ``complete`` False: the board lacks items the builder could not resolve, so the
    checks of the whole network are skipped.  ``theme``: what the layout checks lay the
    board out with and TTR114 measures markers with (None: the default theme)."""
    _load_all()
    sel, ign = tuple(select), tuple(ignore)
    ctx = CheckContext(board, document, theme=theme)
    out: list[Diagnostic] = []
    # The opt-in (layout) checks last: they see how many errors the others found, and lay the
    # board out only when there are none or when nothing but them was asked for.
    ordered = sorted(REGISTRY.values(), key=lambda c: (is_opt_in(c.code), c.code))
    for c in ordered:
        if not selected(c.code, sel, ign) or (c.whole_board and not complete):
            continue
        if is_opt_in(c.code) and "errors" not in ctx.cache:
            ctx.cache["errors"] = sum(d.is_error for d in out) + (not complete)
            ctx.cache["layout_asked"] = bool(sel) and all(is_opt_in(s) for s in sel)
        for f in c.fn(ctx):
            out.append(Diagnostic(
                c.code, c.name, f.severity or c.severity, f.message, f.path,
                document.file, document.locate(f.path),
            ))
    return out


def all_checks() -> list[Check]:
    """Every registered check, by code."""
    _load_all()
    return sorted(REGISTRY.values(), key=lambda c: c.code)


def _load_all() -> None:
    # Importing the modules registers their checks.
    from ttrtool.checks import (  # noqa: F401
        geo,
        layout,
        places,
        references,
        routes,
        sea,
        supply,
        tempo,
        tickets,
        variant_rules,
    )
