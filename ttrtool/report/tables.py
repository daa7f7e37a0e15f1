"""Sortable HTML tables and the small formatting helpers the page's cells share.

A table is plain HTML (it reads and prints without a script); the page's
script sorts it when a column head is clicked, by each cell's ``data-sort``
value where the shown text is not the order (``45% (31–60%)`` sorts by 0.45).
A row may carry a subject key (``tickets:regular-1``) so that choosing a
finding marks the rows of its subjects as well as the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

Cell = str | tuple[str, float | str]  # shown text, or (shown text, sort value)


@dataclass(frozen=True)
class Row:
    cells: Sequence[Cell]
    key: str | None = None  # "tickets:regular-1": the subject the row is about
    css: str = ""


@dataclass(frozen=True)
class Table:
    ident: str
    caption: str
    columns: Sequence[str]
    rows: Sequence[Row]
    numeric: frozenset[int] = field(default_factory=frozenset)  # right-aligned columns
    note: str = ""

    def html(self) -> str:
        if not self.rows:
            return ""
        head = "".join(
            f'<th scope="col"{" class=num" if i in self.numeric else ""}>'
            f'<button type="button" class="sort">{escape(c)}</button></th>'
            for i, c in enumerate(self.columns))
        body = "".join(self._row(r) for r in self.rows)
        note = f'<p class="note">{escape(self.note)}</p>' if self.note else ""
        return (f'<div class="table-wrap"><table class="sortable" id="{escape(self.ident)}">'
                f"<caption>{escape(self.caption)}</caption><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>{note}</div>")

    def _row(self, row: Row) -> str:
        attrs = f' data-key="{escape(row.key)}"' if row.key else ""
        if row.css:
            attrs += f' class="{escape(row.css)}"'
        cells = []
        for i, cell in enumerate(row.cells):
            text, sort = (cell, None) if isinstance(cell, str) else cell
            a = f' data-sort="{escape(str(sort))}"' if sort is not None else ""
            if i in self.numeric:
                a += ' class="num"'
            cells.append(f"<td{a}>{escape(text)}</td>")
        return f"<tr{attrs}>{''.join(cells)}</tr>"


def pct(x: Any, digits: int = 0) -> Cell:
    """A share as ``45%``, sorted by its value; a dash when missing."""
    if not isinstance(x, int | float):
        return ("–", -1.0)
    return (f"{100 * x:.{digits}f}%", float(x))


def rate(r: Any) -> Cell:
    """A report rate ``{"count", "of", "rate", "ci95"}`` as ``45% (31–60%) of 40``."""
    if not isinstance(r, Mapping) or not isinstance(r.get("rate"), int | float):
        return ("–", -1.0)
    lo, hi = r.get("ci95", [r["rate"], r["rate"]])
    return (f"{100 * r['rate']:.0f}% ({100 * lo:.0f}–{100 * hi:.0f}%) of {r.get('of', '?')}",
            float(r["rate"]))


def diff(d: Any, percent: bool = False) -> Cell:
    """A difference with its interval (``{"diff", "ci95"}``): ``+7.3 (−4.0…+18.6)``."""
    if not isinstance(d, Mapping) or not isinstance(d.get("diff"), int | float):
        return ("–", 0.0)
    k = 100.0 if percent else 1.0
    lo, hi = d.get("ci95", [d["diff"], d["diff"]])
    unit = " pts" if percent else ""
    return (f"{k * d['diff']:+.1f}{unit} ({k * lo:+.1f}…{k * hi:+.1f})", float(d["diff"]))


def number(x: Any, digits: int = 1) -> Cell:
    if isinstance(x, bool) or not isinstance(x, int | float):
        return ("–", -1e18)
    text = str(x) if isinstance(x, int) else f"{x:.{digits}f}"
    return (text, float(x))
