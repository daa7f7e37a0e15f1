"""How large a map ttrtool handles: the counts checked right after the schema.

Every later step grows with the board, some faster than its size (the layout, the
analysis' paths, the bots' plans), so a map past these counts is refused before any of
them starts (TTR006), at the first element past the limit.  Measured on the 2-core
development machine with a grid board like ``benchmarks/dense_crowded.py``'s (1,000
cities, 1,935 routes, 1,000 tickets): validate 4 s, analyze 29 s and 210 MB, render 26 s
and 300 MB, one game 34 s with random bots and 87 s with the default table; 2,500 cities
and 2,000 tickets took over 150 s and a gigabyte before.  The ceilings of single values
(``copies``, card counts, players) are in the schema; the loader's
:data:`~ttrtool.loader.MAX_VALUES` bounds the file itself.
"""

from __future__ import annotations

from typing import Any

from ttrtool.codes import MAP_TOO_LARGE
from ttrtool.diagnostics import Diagnostic, Severity
from ttrtool.loader import Document

MAX_CITIES = 1_000
MAX_ROUTES = 2_500
MAX_COUNTRIES = 100
MAX_TICKET_CARDS = 1_000  # in all decks, each ticket's copies counted


def size_diagnostics(doc: Document) -> list[Diagnostic]:
    """TTR006 for each count of a schema-valid document past its limit, at the first
    element past it."""
    data: dict[str, Any] = doc.data
    out = []
    for key, limit, what in (("cities", MAX_CITIES, "cities"), ("routes", MAX_ROUTES, "routes"),
                             ("countries", MAX_COUNTRIES, "countries")):
        items = data.get(key) or []
        if len(items) > limit:
            out.append(_too_large(doc, (key, limit),
                                  f"the map has {len(items):,} {what}, more than the "
                                  f"{limit:,} ttrtool handles"))
    cards, first_past = 0, None
    for deck, tickets in (data.get("tickets") or {}).items():
        for n, ticket in enumerate(tickets):
            cards += ticket.get("copies", 1)
            if cards > MAX_TICKET_CARDS and first_past is None:
                first_past = ("tickets", deck, n)
    if first_past is not None:
        out.append(_too_large(doc, first_past,
                              f"the decks hold {cards:,} ticket cards (copies counted), more "
                              f"than the {MAX_TICKET_CARDS:,} ttrtool handles"))
    return out


def _too_large(doc: Document, path: tuple[str | int, ...], what: str) -> Diagnostic:
    return Diagnostic(MAP_TOO_LARGE, MAP_TOO_LARGE.name, Severity.ERROR,
                      f"{what}: split the board, or remove some (docs/map-format.md, "
                      "\"Limits\")", path, doc.file, doc.locate(path))
