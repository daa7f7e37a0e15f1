"""A map still being drawn: read it with the gaps ``deck`` and ``colour`` exist to fill.

A designer who has drawn cities and routes may have no tickets yet (the file has no
``tickets:``, or decks too small for the deal) and routes without a colour.  ``validate``
calls both errors; :func:`read_sketch` stands in for them (an empty deck for each deck the
rules deal from, gray for a route with no ``color``), validates what is left, and refuses
the map (:class:`SketchError`, with the diagnostics) when any other error stands.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ttrtool.codes import NOT_ENOUGH_TICKETS, UNKNOWN_TICKET_DECK
from ttrtool.diagnostics import Diagnostic
from ttrtool.loader import Document, LoadError, read_map_file
from ttrtool.model import GRAY, Board
from ttrtool.rules import resolve_rules
from ttrtool.validate import validate_document

# The errors a ticket deck removes: decks the rules deal from that are missing or too small.
TICKET_GAPS = frozenset({UNKNOWN_TICKET_DECK, NOT_ENOUGH_TICKETS})


class SketchError(Exception):
    """The map cannot be worked on: ``diagnostics`` name the errors (empty for an
    unreadable file, then the message says why); ``io_error``: the file could not be read."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = (),
                 io_error: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = tuple(diagnostics)
        self.io_error = io_error


@dataclass(frozen=True)
class Sketch:
    """A map read for ``deck`` or ``colour``.

    ``data`` is the document with the stand-ins (plain data, not written anywhere);
    ``board`` is built from it.  ``uncoloured``: route indices with no ``color`` in the
    file; ``ticketless``: the file has no ``tickets:`` at all; ``gaps``: the diagnostics
    the stand-ins leave (too few tickets), which the work removes; ``warnings``: the
    warnings of ``validate`` that stand."""

    file: str
    document: Document
    data: dict[str, Any]
    board: Board
    uncoloured: tuple[int, ...]
    ticketless: bool
    gaps: tuple[Diagnostic, ...]
    warnings: tuple[Diagnostic, ...]

    @property
    def dealt_decks(self) -> tuple[str, ...]:
        """The decks the rules deal from at the start, in the rules' order."""
        return tuple(name for name, _ in self.board.rules.tickets.setup_deal)


def _stand_ins(data: dict[str, Any]) -> tuple[dict[str, Any], tuple[int, ...], bool]:
    """A copy of ``data`` with an empty deck for each dealt deck when there are no tickets,
    and gray on routes with no colour; the routes so marked, and whether tickets were added."""
    out = copy.deepcopy(data)
    uncoloured = []
    routes = out.get("routes")
    if isinstance(routes, list):
        for i, route in enumerate(routes):
            if isinstance(route, dict) and "color" not in route:
                route["color"] = GRAY
                uncoloured.append(i)
    ticketless = out.get("tickets") in (None, {})  # missing, `tickets:` or `tickets: {}`
    if ticketless:
        rules = out.get("rules")
        try:
            deal = resolve_rules(rules if isinstance(rules, dict) else None)["tickets"]
            names = [str(k) for k in deal["setup_deal"]] or ["regular"]
        except (KeyError, TypeError, AttributeError):  # a malformed rules block: the schema says
            names = ["regular"]
        out["tickets"] = {name: [] for name in names}
    return out, tuple(uncoloured), ticketless


def sketch_of(doc: Document, tolerate: frozenset[str] = frozenset()) -> Sketch:
    """The sketch of a parsed map; :class:`SketchError` when errors other than missing
    tickets and colours stand (``tolerate``: further codes that the caller removes too,
    such as the ticket errors of a deck it replaces)."""
    if not isinstance(doc.data, dict):
        raise SketchError(f"{doc.file}: not a map (a YAML mapping of format, meta, cities, "
                          "routes)")
    data, uncoloured, ticketless = _stand_ins(doc.data)
    result = validate_document(replace(doc, data=data))
    gaps = tuple(d for d in result.errors if d.code in TICKET_GAPS | tolerate)
    others = [d for d in result.errors if d not in gaps]
    if others or result.built is None:
        raise SketchError(f"{doc.file} has errors besides missing tickets and colours: fix "
                          "them first (`ttrtool validate` shows them all)", others)
    return Sketch(doc.file, doc, data, result.built, uncoloured, ticketless, gaps,
                  tuple(result.warnings))


def read_sketch(path: str | Path, tolerate: frozenset[str] = frozenset()) -> Sketch:
    """:func:`sketch_of` the map file at ``path`` (:class:`SketchError` if unreadable)."""
    try:
        doc = read_map_file(path)
    except LoadError as e:
        d = e.diagnostic
        if e.io_error:
            raise SketchError(d.message, (), io_error=True) from None
        raise SketchError(f"{d.file} cannot be read as a map", (d,)) from None
    return sketch_of(doc, tolerate)
