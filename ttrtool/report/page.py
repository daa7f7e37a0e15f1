"""The page's frame: head, the header that says how to reproduce it, the board, the findings.

:func:`page` puts together one self-contained HTML document: the style and the
script are read from ``templates/report.css`` and ``templates/report.js`` and
written inline, the board is render's SVG inline, and the plots are inline SVG;
nothing is fetched (the page's Content-Security-Policy forbids it), so the file
opens from disk, travels as one attachment and prints.  The sections that
differ between an analysis and a simulation report are built by
:mod:`ttrtool.report.simulation` and :mod:`ttrtool.report.analysis` and passed in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ttrtool.findings import players_tag
from ttrtool.model import Board
from ttrtool.render.theme import Theme
from ttrtool.report.board import Drawing, drawing, row_keys, targets
from ttrtool.resources import templates_dir

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
# No request of any kind leaves the page: inline style and script only, images as data.
CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
       "img-src data:; base-uri 'none'; form-action 'none'")


@dataclass(frozen=True)
class Section:
    ident: str
    title: str
    html: str


def json_script(ident: str, data: Any) -> str:
    """Data for the script, in a ``<script type="application/json">`` that no string of a
    map can close early or turn into a script: ``<``, ``>`` and ``&`` are written as JSON
    escapes (``\\u003c``), so no ``</script``, ``<!--`` or ``<script`` is left for the HTML
    parser, and ``JSON.parse`` reads the same text back.  U+2028 and U+2029 are escaped too,
    for any reader that takes the block as JavaScript."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return f'<script type="application/json" id="{ident}">{text}</script>'


def draw(board: Board, theme: Theme, heat: Mapping[str, float] | None) -> Drawing:
    """The board as ``ttrtool render`` draws it (with the heatmap layer when ``heat``)."""
    from ttrtool.render.board import plan, render_board
    from ttrtool.render.collector import collector_paused

    with collector_paused():
        the_plan = plan(board, theme)
        svg = render_board(board, theme, heat, the_plan)
    return drawing(board, the_plan, svg)


def ordered_findings(found: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Most severe first; within a severity the report's own order is kept."""
    return sorted(found, key=lambda f: SEVERITY_ORDER.get(str(f.get("severity")), 3))


def findings_section(board: Board, d: Drawing, found: Sequence[Mapping[str, Any]]) -> Section:
    """The findings as a list; each item carries the board elements and table rows of its
    subjects, which the script marks when the item is chosen."""
    items = []
    for i, f in enumerate(ordered_findings(found)):
        subjects = f.get("subjects") or {}
        players = f.get("players")
        where = players_tag([players] if isinstance(players, int) else players or [])
        hint = (f'<div class="hint">{escape(str(f["hint"]))}</div>' if f.get("hint") else "")
        chips = "".join(
            f'<span class="chip">{escape(str(kind))}: {escape(", ".join(map(str, values)))}'
            "</span>" for kind, values in subjects.items() if values)
        sev = escape(str(f.get("severity", "info")))
        items.append(
            f'<li class="finding sev-{sev}" id="finding-{i}" tabindex="0" role="button" '
            f'aria-pressed="false" data-code="{escape(str(f.get("code", "")))}" '
            f"data-targets='{escape(json.dumps(targets(board, d, subjects)))}' "
            f"data-rows='{escape(json.dumps(row_keys(subjects)))}'>"
            f'<span class="sev">{sev}</span> <b>{escape(str(f.get("code", "")))}</b> '
            f'{escape(str(f.get("name", "")))}{escape(where)}: {escape(str(f.get("message", "")))}'
            f'{hint}<div class="chips">{chips}</div></li>')
    counts = _counts(found)
    body = (f'<p class="counts">{escape(counts)}. Choose a finding to mark its subjects on '
            "the board and in the tables; choose it again (or press Escape) to clear.</p>"
            + (f'<ol id="findings-list">{"".join(items)}</ol>' if items
               else '<p id="no-findings">No findings.</p>'))
    return Section("findings", "Findings", body)


def _counts(found: Sequence[Mapping[str, Any]]) -> str:
    tally: dict[str, int] = {}
    for f in found:
        tally[str(f.get("severity"))] = tally.get(str(f.get("severity")), 0) + 1
    parts = [f"{tally[s]} {s}{'s' if tally[s] != 1 and s != 'info' else ''}"
             for s in sorted(tally, key=lambda s: SEVERITY_ORDER.get(s, 3))]
    return ", ".join(parts) or "no findings"


def board_section(d: Drawing, heat: bool, legend: str = "") -> Section:
    toggle = ('<label><input type="checkbox" id="toggle-heatmap" checked> claim heatmap</label>'
              if heat else "")
    if 'id="layer-basemap"' in d.svg:  # a board of real places: the map under it
        toggle += ('<label><input type="checkbox" id="toggle-basemap" checked> basemap'
                   "</label>")
    controls = (f'<div class="controls">{toggle}'
                '<button type="button" id="clear-selection">clear selection</button>'
                f"{legend}</div>")
    return Section("board", "Board",
                   f'{controls}<div id="board-frame">{d.svg}</div>'
                   '<div id="tip" role="tooltip" hidden></div>')


def meta_list(pairs: Sequence[tuple[str, str]]) -> str:
    return "<dl class=\"meta\">" + "".join(
        f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in pairs if v) + "</dl>"


def page(title: str, meta: Sequence[tuple[str, str]], sections: Sequence[Section],
         findings: Sequence[Mapping[str, Any]], hover: Mapping[str, list[str]],
         rows: Mapping[str, list[str]]) -> str:
    """The whole document; ``rows`` maps a table row's key to its board elements.  The
    findings are embedded as the report has them (JSON), for a
    reader or a script; the whole report is not (it would double the page: 433 KB of a
    USA run at four player counts), the JSON file ``--out`` writes keeps it."""
    folder = templates_dir()
    css = (folder / "report.css").read_text(encoding="utf-8")
    script = (folder / "report.js").read_text(encoding="utf-8")
    nav = "".join(f'<a href="#{s.ident}">{escape(s.title)}</a>' for s in sections)
    body = "".join(f'<section id="{s.ident}"><h2>{escape(s.title)}</h2>{s.html}</section>'
                   for s in sections)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="generator" content="ttrtool">'
        f"<title>{escape(title)}</title><style>{css}</style></head><body>"
        f"<header><h1>{escape(title)}</h1>{meta_list(meta)}<nav>{nav}</nav></header>"
        f"<main>{body}</main>"
        f"{json_script('ttr-hover', hover)}{json_script('ttr-rows', rows)}"
        f"{json_script('ttr-findings', ordered_findings(findings))}"
        f"<script>{script}</script></body></html>\n")
