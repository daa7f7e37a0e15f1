"""The page of ``ttrtool analyze --format html``: the board, the static findings, the tables.

It reads the dict :func:`ttrtool.analysis.formats.to_dict` makes (the JSON of
``analyze --format json``) and the board it was made from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ttrtool
from ttrtool.model import Board
from ttrtool.render.theme import Theme
from ttrtool.report import plots
from ttrtool.report.board import place_hover, row_targets
from ttrtool.report.page import Section, board_section, draw, findings_section, page
from ttrtool.report.tables import Row, Table, number


def analysis_page(data: Mapping[str, Any], board: Board, theme: Theme,
                  command_line: str = "") -> str:
    """The HTML page of one analysis (``data``: the JSON ``analyze --format json`` writes)."""
    d = draw(board, theme, None)
    hover = place_hover(board, d)
    for r in board.routes:
        hover[d.route_ids[r.id]] = [r.label(), *_route_notes(data, r.id)]
    found = data.get("findings") or []
    sections = [board_section(d, heat=False), findings_section(board, d, found),
                Section("tickets", "Tickets", _ticket_plot(data) + _tickets(data)),
                Section("routes", "Routes", _routes(data, board)),
                Section("colours", "Colours and deck", _colours(data, board)),
                Section("chokepoints", "Chokepoints", _chokepoints(data)),
                Section("players", "Player counts", _players(data))]
    m = data.get("map") or {}
    meta = [("map", f"{m.get('name', board.meta.name)} ({m.get('id', board.meta.id)})"),
            ("map version", board.meta.version), ("file", str(m.get("file", board.source))),
            ("ttrtool", ttrtool.__version__), ("command", command_line)]
    return page(f"{board.meta.name}: analysis", meta, sections, found, hover,
                row_targets(board, d))


def _route_notes(data: Mapping[str, Any], rid: str) -> list[str]:
    paths = [t["id"] for t in data.get("tickets", []) for dest in t.get("destinations", [])
             if rid in dest.get("route_ids", [])]
    notes = [f"on the cheapest path of {len(paths)} ticket{'s' if len(paths) != 1 else ''}"]
    for c in (data.get("structure") or {}).get("chokepoints", []):
        if rid in c.get("route_ids", []):
            notes.append(f"chokepoint: on some path of {c['on_some']} tickets, "
                         f"every path of {c['on_every']}")
    return notes


def _ticket_plot(data: Mapping[str, Any]) -> str:
    points = [(float(dest["spaces"]), float(dest["points"]), float(dest["points"]),
               float(dest["points"]), f"{t.get('origin', '')}–{dest.get('to', '')} "
               f"({dest['spaces']} spaces)")
              for t in data.get("tickets", []) for dest in t.get("destinations", [])
              if isinstance(dest.get("spaces"), int | float)
              and isinstance(dest.get("points"), int | float)]
    return ('<div class="plots">' + plots.scatter(
        "Ticket points against the train spaces of the cheapest path (dashed: equal)",
        points, "train spaces of the cheapest path", "points", "plot-ticket-points",
        percent=False, diagonal=True) + "</div>")


def _tickets(data: Mapping[str, Any]) -> str:
    rows = []
    for t in data.get("tickets", []):
        for dest in t.get("destinations", []):
            rows.append(Row([
                f"{t.get('origin', '')}–{dest.get('to', '')}", str(t.get("deck", "")),
                number(dest.get("points")), number(dest.get("spaces")),
                number(dest.get("cards")), number(dest.get("delta")),
                number(dest.get("suggested")), str(dest.get("pricing") or "–"),
                " – ".join(dest.get("path") or []), _cards_path(dest)],
                key=f"tickets:{t['id']}"))
    return Table("table-tickets", "Tickets: points against the cheapest path",
                 ("ticket", "deck", "points", "spaces", "cards", "points − spaces",
                  "suggested", "pricing", "cheapest path (in spaces)",
                  "cheapest in cards, when another path"), rows,
                 frozenset({2, 3, 4, 5, 6})).html()


def _cards_path(dest: Mapping[str, Any]) -> str:
    """The path the cards figure belongs to, when it is not the path in spaces."""
    path = dest.get("cards_path") or []
    if not path or path == dest.get("path"):
        return ""
    return f"{' – '.join(path)} ({dest.get('cards_path_spaces')} spaces)"


def _routes(data: Mapping[str, Any], board: Board) -> str:
    on_paths: dict[str, int] = {}
    for t in data.get("tickets", []):
        for dest in t.get("destinations", []):
            for rid in dict.fromkeys(dest.get("route_ids", [])):
                on_paths[rid] = on_paths.get(rid, 0) + 1
    rows = [Row([f"{r.a_name}–{r.b_name}", number(r.length), r.color, r.kind,
                 number(board.rules.points_for_length(r.length)), number(on_paths.get(r.id, 0))],
                key=f"routes:{r.id}") for r in board.routes]
    return Table("table-routes", "Routes", ("route", "length", "colour", "kind", "points",
                                            "on cheapest ticket paths"), rows,
                 frozenset({1, 4, 5})).html()


def _colours(data: Mapping[str, Any], board: Board) -> str:
    per = (data.get("colours") or {}).get("per_colour") or {}
    rows = [Row([colour, number(v.get("routes")), number(v.get("spaces")),
                 number(v.get("cards"))], key=f"colours:{colour}") for colour, v in per.items()]
    c = data.get("colours") or {}
    note = (f"Deck: {c.get('deck_size', '?')} cards, {c.get('locomotives', '?')} locomotives; "
            f"gray routes {100 * float(c.get('gray_share_routes', 0)):.0f}% of the routes.")
    return Table("table-colours", "Colours: routes, train spaces and cards in the deck",
                 ("colour", "routes", "spaces", "cards"), rows, frozenset({1, 2, 3}),
                 note).html()


def _chokepoints(data: Mapping[str, Any]) -> str:
    rows = [Row([str(c.get("link", "")), number(c.get("on_some")), number(c.get("on_every"))],
                key=f"routes:{c['route_ids'][0]}" if c.get("route_ids") else None)
            for c in (data.get("structure") or {}).get("chokepoints", [])]
    return Table("table-chokepoints", "Links on the cheapest paths of many tickets",
                 ("link", "on some cheapest path", "on every cheapest path"), rows,
                 frozenset({1, 2})).html()


def _players(data: Mapping[str, Any]) -> str:
    caps = {c.get("players"): c for c in data.get("capacity", [])}
    rows = []
    for p in data.get("players", []):
        cap = caps.get(p.get("players"), {})
        rows.append(Row([number(p.get("players")), number(p.get("usable_tracks")),
                         number(p.get("usable_spaces")), number(cap.get("trains")),
                         number(cap.get("spaces_per_train"), 2), number(p.get("completable")),
                         number(len(p.get("exposed") or []))]))
    return Table("table-players", "Per player count",
                 ("players", "usable tracks", "usable spaces", "trains", "spaces per train",
                  "completable tickets", "exposed legs"), rows,
                 frozenset(range(7))).html()
