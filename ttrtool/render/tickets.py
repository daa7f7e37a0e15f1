"""Destination-ticket cards on printable sheets: poker size, cut marks, locator map.

Each card is ``templates/card.svg`` filled with the ticket's cities and
points (a row per destination for multi-destination tickets) and a small map
of the board with the ticket's places marked.  Cards are laid in a grid on
the paper with cut marks along the edges of the cards on each sheet (in the
margins, or in the empty slots of a last sheet that is not full).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ttrtool.model import Board, Ticket
from ttrtool.render.cardtext import DESTINATION, FOOTER, ORIGIN, fit
from ttrtool.render.labels import text_width
from ttrtool.render.pdf import PAPER_MM
from ttrtool.render.svg import document, el, fill_template, load_template, num, repeat, to_bytes
from ttrtool.render.theme import Theme

CARD_W, CARD_H = 63.5, 88.9
ROW_STEP = 6.0


def _locator(board: Board, ticket: Ticket, theme: Theme, x: float, y: float, w: float,
             h: float) -> ET.Element:
    outer = el(None, "g", {"class": "locator"})
    bw, bh = board.geometry.width, board.geometry.height
    inset = 1.7  # room for a marked place (r 1.3 mm) on the edge of the map
    scale = min((w - 2 * inset) / bw, (h - 2 * inset) / bh)
    ox, oy = x + (w - bw * scale) / 2, y + (h - bh * scale) / 2
    px, py, pw, ph = ox - inset, oy - inset, bw * scale + 2 * inset, bh * scale + 2 * inset
    el(outer, "rect", {"x": px, "y": py, "width": pw, "height": ph, "rx": 1,
                       "fill": theme.colors["card_map"]})
    # Everything drawn on the locator stays inside its panel (a map may have places or
    # waypoints beyond its stated size).
    clip = f"locator-clip-{ticket.index}"
    el(el(outer, "clipPath", {"id": clip}), "rect", {"x": px, "y": py, "width": pw, "height": ph,
                                                "rx": 1})
    g = el(outer, "g", {"clip-path": f"url(#{clip})"})

    def at(node: int) -> tuple[float, float]:
        nx, ny = board.nodes[node].pos
        return (ox + nx * scale, oy + ny * scale)

    lines = []
    for r in board.routes:
        (ax, ay), (bx, by) = at(r.a), at(r.b)
        lines.append(f"M{num(ax)},{num(ay)}L{num(bx)},{num(by)}")
    el(g, "path", {"d": "".join(lines), "stroke": theme.colors["card_route"],
                   "stroke-width": 0.25, "fill": "none"})
    for n in board.nodes:
        if n.kind == "city":
            cx, cy = at(n.index)
            el(g, "circle", {"cx": cx, "cy": cy, "r": 0.5, "fill": theme.colors["text"]})
    marked = sorted(ticket.origin_nodes | {n for d in ticket.destinations for n in d.nodes})
    first = at(min(ticket.origin_nodes))
    for d in ticket.destinations:
        tx, ty = at(min(d.nodes))
        el(g, "path", {"d": f"M{num(first[0])},{num(first[1])}L{num(tx)},{num(ty)}",
                       "stroke": theme.colors["card_highlight"], "stroke-width": 0.5,
                       "stroke-dasharray": "1 0.6", "fill": "none"})
    for node in marked:
        cx, cy = at(node)
        el(g, "circle", {"cx": cx, "cy": cy, "r": 1.3, "fill": theme.colors["card_highlight"],
                         "stroke": theme.colors["card"], "stroke-width": 0.3})
    return outer


def _badge(points: str) -> dict[str, str]:
    """Font size and baseline of the points in their badge (r 3 mm at y 21.8 mm): one digit
    large, two or more smaller so that they fit inside the circle."""
    size = 3.6 if len(points) < 2 else 2.8 if len(points) == 2 else 2.0
    return {"psize": num(size), "py": num(21.8 + size * 0.36)}


def _row(name: str) -> dict[str, str]:
    """A destination's text: one line at baseline 23 mm, or two around it."""
    got = fit(name, DESTINATION, "→ ")
    one, two = (got.lines + ("",))[:2]
    if not two:
        return {"to": one, "to2": "", "tsize": num(got.size), "ty": "23", "ty2": "23",
                "tx2": "6"}
    indent = text_width("→ ", got.size)
    return {"to": one, "to2": two, "tsize": num(got.size), "ty": num(23 - got.size * 0.55),
            "ty2": num(23 + got.size * 0.6), "tx2": num(6 + indent)}


def _origin(name: str) -> dict[str, str]:
    got = fit(name, ORIGIN)
    one, two = (got.lines + ("",))[:2]
    if not two:
        return {"origin": one, "origin2": "", "osize": num(got.size), "oy": "15", "oy2": "15"}
    return {"origin": one, "origin2": two, "osize": num(got.size), "oy": "12.6", "oy2": "16.6"}


def card(board: Board, ticket: Ticket, theme: Theme) -> ET.Element:
    """One card face as a group with its top-left corner at (0, 0); names too long for their
    room are set smaller or on two lines (:mod:`ttrtool.render.cardtext`)."""
    tpl = load_template("card.svg")
    rows = [{**_row(d.name), "points": str(d.points), **_badge(str(d.points))}
            for d in ticket.destinations]
    repeat(tpl, "dests", rows)
    deck = "long route" if ticket.deck == "long" else "destination"
    footer = fit(f"{board.meta.name} · {ticket.id}", FOOTER)
    values = {"card": theme.colors["card"], "stroke": theme.colors["legend_stroke"],
              "text": theme.colors["text"], "highlight": theme.colors["card_highlight"],
              "heading": f"{deck} ticket".upper(), **_origin(ticket.origin),
              "footer": footer.lines[0], "fsize": num(footer.size)}
    g = el(None, "g", {"id": f"card-{ticket.index}", "class": "ticket",
                       "font-family": theme.font_family})
    face = fill_template(tpl, values)
    for parent in list(face.iter()):  # a second line left empty is not written
        for child in list(parent):
            if child.tag.split("}")[-1] == "text" and not (child.text or "").strip():
                parent.remove(child)
    g.extend(list(face))
    top = float(tpl.get("data-rows-top", "20")) + ROW_STEP * len(rows) + 1
    bottom = float(tpl.get("data-map-bottom", "80"))
    if bottom - top > 8:
        g.append(_locator(board, ticket, theme, 5, top, CARD_W - 10, bottom - top))
    return g


def sheet_grid(paper: str) -> tuple[tuple[float, float], int, int]:
    pw, ph = PAPER_MM[paper]
    cols, rows = int((pw - 12) // CARD_W), int((ph - 12) // CARD_H)
    return (pw, ph), max(cols, 1), max(rows, 1)


def _cut_marks(g: ET.Element, x0: float, y0: float, cols: int, used: int,
               size: tuple[float, float]) -> None:
    """Marks along every edge of the ``used`` cards (filled row by row): each grid line a
    card touches gets a mark beyond the cards at both ends, in the margin or in an empty slot."""
    def down(c: int) -> int:  # rows of cards touching the vertical line c
        return max((r + 1 for k in range(used) for r, cc in [divmod(k, cols)]
                    if cc in (c - 1, c)), default=0)

    def across(r: int) -> int:  # columns of cards touching the horizontal line r
        return max((cc + 1 for k in range(used) for rr, cc in [divmod(k, cols)]
                    if rr in (r - 1, r)), default=0)

    d = []
    for c in range(min(used, cols) + 1):
        x = x0 + c * CARD_W
        d.append(f"M{num(x)},{num(y0 - 2)}V{num(max(y0 - 8, 0.5))}")
        y1 = y0 + down(c) * CARD_H
        d.append(f"M{num(x)},{num(y1 + 2)}V{num(min(y1 + 8, size[1] - 0.5))}")
    for r in range(-(-used // cols) + 1):
        y = y0 + r * CARD_H
        d.append(f"M{num(x0 - 2)},{num(y)}H{num(max(x0 - 8, 0.5))}")
        x1 = x0 + across(r) * CARD_W
        d.append(f"M{num(x1 + 2)},{num(y)}H{num(min(x1 + 8, size[0] - 0.5))}")
    el(g, "path", {"class": "cut-marks", "d": "".join(d), "stroke": "#000000",
                   "stroke-width": 0.25, "fill": "none"})


def ticket_sheets(board: Board, theme: Theme, paper: str = "a4") -> list[bytes]:
    """One SVG page per sheet of cards, every physical card once."""
    size, cols, rows = sheet_grid(paper)
    per = cols * rows
    x0 = (size[0] - cols * CARD_W) / 2
    y0 = (size[1] - rows * CARD_H) / 2
    pages = []
    tickets = list(board.tickets)
    for start in range(0, max(len(tickets), 1), per):
        chunk = tickets[start:start + per]
        root = document(size[0], size[1], f"{board.meta.name}: tickets {start + 1}-"
                                          f"{start + len(chunk)}")
        g = el(root, "g", {"id": f"sheet-{start // per + 1}"})
        for k, t in enumerate(chunk):
            r, c = divmod(k, cols)
            cg = card(board, t, theme)
            cg.set("transform", f"translate({num(x0 + c * CARD_W)} {num(y0 + r * CARD_H)})")
            g.append(cg)
        _cut_marks(g, x0, y0, cols, len(chunk), size)
        pages.append(to_bytes(root))
    return pages


def sheets_svg(pages: list[bytes], paper: str = "a4") -> bytes:
    """All sheets in one SVG, one below the other (print the PDF for real cards)."""
    pw, ph = PAPER_MM[paper]
    gap = 10.0
    root = document(pw, len(pages) * (ph + gap) - gap, "ticket sheets")
    for i, page in enumerate(pages):
        inner = ET.fromstring(page)
        el(root, "rect", {"x": 0, "y": i * (ph + gap), "width": pw, "height": ph,
                          "fill": "#ffffff"})
        for child in inner:
            tag = child.tag.split("}")[-1]
            if tag == "title":
                continue
            for e in child.iter():
                e.tag = e.tag.split("}")[-1]
            wrap = el(root, "g", {"transform": f"translate(0 {num(i * (ph + gap))})"})
            wrap.append(child)
    return to_bytes(root)
