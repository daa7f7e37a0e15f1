"""The page of ``ttrtool play``: the board as ``render`` draws it and the game around it.

One HTML document with its style (``templates/play.css``) and script
(``templates/play.js``) inline; the board is render's SVG inline, with its
deterministic ids (``route-<id>``, ``city-<n>``), which the script colours as
routes are claimed and stations built and makes clickable.  What does not change
in a game (names by index, card colours, seat colours) is embedded as JSON; the
rest comes from ``GET /state``.  Every map string reaches the page escaped: in
HTML through :func:`html.escape`, in the JSON with ``<``, ``>`` and ``&`` written
as ``\\u003c`` and the like (no ``</script>`` in a name can end the script), and
the script writes names with ``textContent`` only.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ttrtool.human.table import board_facts
from ttrtool.model import Board
from ttrtool.render.theme import Theme
from ttrtool.report.page import CSP, draw
from ttrtool.resources import templates_dir

# Seat colours (train pieces), as distinct from the route colours as eight can be.
SEAT_COLORS = ("#d62728", "#1f5fd6", "#2ca02c", "#ff9f1a", "#8c2bd6", "#17becf",
               "#e377c2", "#7f7f7f")
# A locomotive is every colour at once.
LOCOMOTIVE_FACE = "conic-gradient(#d62728,#ff9f1a,#e8d31a,#2ca02c,#1f5fd6,#8c2bd6,#d62728)"


def safe_json(data: Any) -> str:
    """JSON to sit inside a ``<script>``: no character of it can close the element or
    open a comment."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def play_page(board: Board, theme: Theme, token: str) -> str:
    """The whole page for a game on ``board``; ``token`` goes into its ``<meta>``."""
    folder = templates_dir()
    css = (folder / "play.css").read_text(encoding="utf-8")
    script = (folder / "play.js").read_text(encoding="utf-8")
    drawing = draw(board, theme, None)
    facts = board_facts(board)
    facts["route_ids"] = [drawing.route_ids[r.id] for r in board.routes]
    facts["node_ids"] = [drawing.node_ids.get(n.index) for n in board.nodes]
    facts["card_colors"] = {name: theme.routes.get(name, "#9a9a9a") for name in facts["cards"]}
    facts["card_colors"]["locomotive"] = LOCOMOTIVE_FACE
    facts["seat_colors"] = list(SEAT_COLORS)
    csp = CSP.replace("default-src 'none'", "default-src 'none'; connect-src 'self'")
    title = escape(board.meta.name)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f'<meta name="token" content="{escape(token)}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title} — ttrtool play</title><style>{css}</style></head><body>"
        f'<header><h1>{title}</h1><p id="status" data-move="-1">loading…</p></header>'
        '<main>'
        f'<section id="board"><div id="board-frame">{drawing.svg}</div></section>'
        '<aside id="side">'
        '<section id="seats-box"><h2>Players</h2><table id="seats"></table></section>'
        '<section id="turn-box"><h2 id="turn-title">Your turn</h2>'
        '<p id="prompt"></p><div id="choices" aria-live="polite"></div><div id="actions"></div>'
        '<h3>Face-up cards</h3><div id="market" class="cards"></div>'
        '<h3>Your hand</h3><div id="hand" class="cards"></div>'
        '<h3>Your tickets</h3><ul id="tickets"></ul></section>'
        '<section id="moves-box"><h2>Moves</h2><ol id="moves"></ol></section>'
        '</aside></main>'
        '<div id="curtain" hidden><div><p id="curtain-text"></p>'
        '<button id="curtain-button" type="button">Show my hand</button></div></div>'
        '<section id="final" hidden><h2>Final scores</h2><table id="final-table"></table>'
        '<h2>Decisive moments: the expert beside you</h2><table id="moments"></table>'
        '<h2>Tickets and routes, seat by seat</h2><table id="compare"></table>'
        '<p id="log-note"></p></section>'
        f'<script type="application/json" id="play-facts">{safe_json(facts)}</script>'
        f"<script>{script}</script></body></html>\n")
