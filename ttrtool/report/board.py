"""The board on the page: render's drawing, and what each finding subject points at in it.

The drawing is :func:`ttrtool.render.board.render_board`'s SVG, unchanged (with
the claim heatmap as its own layer when there are claim rates).  Beside it the
page needs to know which drawn elements a finding's subjects are, and what to
say when the pointer rests on a route or a city; both are worked out here from
the board and the plan the drawing was made from, by the ids render gives its
elements: ``route-<route id>``, ``city-<node index>``, ``country-<k>`` and
``country-<k>-point-<j>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ttrtool.model import Board, Ticket
from ttrtool.render.plan import BoardPlan

# Subject kinds that have rows in the page's tables (``colors`` is read as ``colours``).
ROW_KINDS = ("routes", "tickets", "colours", "colors", "seats", "bots")


@dataclass(frozen=True)
class Drawing:
    """The board's SVG (no XML declaration, ready to sit in a page) and its index."""

    svg: str
    route_ids: Mapping[str, str]  # route id -> element id
    place_ids: Mapping[str, tuple[str, ...]]  # place name -> element ids (a city, a country)
    node_ids: Mapping[int, str] = field(default_factory=dict)  # node index -> element id


def drawing(board: Board, the_plan: BoardPlan, svg: bytes) -> Drawing:
    """Index the SVG that render drew from ``the_plan``."""
    text = svg.decode("utf-8")
    if text.startswith("<?xml"):
        text = text.split("\n", 1)[1]
    route_ids = {r.id: f"route-{r.id}" for r in board.routes}
    node_ids: dict[int, str] = {i: f"city-{i}" for i in the_plan.routes.cities}
    country_of = {c.name: k for k, c in enumerate(the_plan.countries)}
    for node in board.nodes:
        if node.kind == "city" or node.name not in country_of:
            continue
        k = country_of[node.name]
        ident = f"country-{k}"
        if node.kind == "border":
            for j, (bp, _x, _y) in enumerate(the_plan.countries[k].points):
                if bp == node.border_point:
                    ident = f"country-{k}-point-{j}"
        node_ids[node.index] = ident
    places: dict[str, list[str]] = {}
    for node in board.nodes:
        if node.index in node_ids:
            places.setdefault(node.name, []).append(node_ids[node.index])
    for k, c in enumerate(the_plan.countries):
        places.setdefault(c.name, [f"country-{k}"])
    return Drawing(text, route_ids, {n: tuple(dict.fromkeys(v)) for n, v in places.items()},
                   node_ids)


def ticket_ends(board: Board, ticket: Ticket) -> list[str]:
    """The places a ticket joins: its origin, then each destination."""
    return [ticket.origin, *(d.name for d in ticket.destinations)]


def targets(board: Board, d: Drawing, subjects: Mapping[str, Sequence[Any]]) -> list[str]:
    """Element ids on the board that a finding's subjects are: its routes, its cities, the
    ends of its tickets, every route of its colours.  Seats and bots have no place on the
    board (the page marks their table rows instead)."""
    out: list[str] = []
    tickets = {t.id: t for t in board.tickets}
    for kind, values in subjects.items():
        for value in values:
            if kind == "routes" and str(value) in d.route_ids:
                out.append(d.route_ids[str(value)])
            elif kind == "cities":
                out.extend(d.place_ids.get(str(value), ()))
            elif kind == "tickets" and str(value) in tickets:
                for place in ticket_ends(board, tickets[str(value)]):
                    out.extend(d.place_ids.get(place, ()))
            elif kind in ("colours", "colors"):
                out.extend(d.route_ids[r.id] for r in board.routes if r.color == value)
    return list(dict.fromkeys(out))


def row_targets(board: Board, d: Drawing) -> dict[str, list[str]]:
    """Table row key (``routes:<id>``, ``tickets:<id>``, ``colours:<colour>``) -> the board
    elements of that subject, so that choosing a row marks it on the board as a finding
    does (the same :func:`targets`)."""
    out: dict[str, list[str]] = {}
    for r in board.routes:
        out[f"routes:{r.id}"] = targets(board, d, {"routes": [r.id]})
    for t in board.tickets:
        out.setdefault(f"tickets:{t.id}", targets(board, d, {"tickets": [t.id]}))
    for colour in dict.fromkeys(r.color for r in board.routes):
        out[f"colours:{colour}"] = targets(board, d, {"colours": [colour]})
    return out


def row_keys(subjects: Mapping[str, Sequence[Any]]) -> list[str]:
    """The table rows a finding's subjects are, as ``kind:id`` keys (``seats:1``)."""
    keys = [f"{_kind(kind)}:{value}" for kind, values in subjects.items() if kind in ROW_KINDS
            for value in values]
    return list(dict.fromkeys(keys))


def _kind(kind: str) -> str:
    return "colours" if kind == "colors" else kind


def tickets_through(board: Board) -> dict[str, list[str]]:
    """Place name -> labels of the tickets that start or end there (one per distinct card)."""
    out: dict[str, list[str]] = {}
    for t in board.tickets:
        if t.copy > 1:
            continue
        for place in dict.fromkeys(ticket_ends(board, t)):
            out.setdefault(place, []).append(t.label())
    return out


def place_hover(board: Board, d: Drawing) -> dict[str, list[str]]:
    """Element id -> lines shown on hover for every drawn place: its name and its tickets."""
    through = tickets_through(board)
    hover: dict[str, list[str]] = {}
    for place, ids in d.place_ids.items():
        lines = [place]
        labels = through.get(place, [])
        lines.append(f"{len(labels)} ticket{'s' if len(labels) != 1 else ''} through it"
                     + (":" if labels else ""))
        lines.extend(labels)
        for ident in ids:
            hover.setdefault(ident, lines)
    return hover


def route_hover(board: Board, d: Drawing, per_players: Iterable[tuple[int, Mapping[str, Any]]]
                ) -> dict[str, list[str]]:
    """Element id -> lines shown on hover for every route: its label, then for each player
    count the claim rate, the mean turn it was claimed and the claimer's edge when known."""
    hover = {d.route_ids[r.id]: [r.label()] for r in board.routes}
    for players, routes in per_players:
        for rid, entry in routes.items():
            if rid not in d.route_ids:
                continue
            hover[d.route_ids[rid]].append(f"{players} players: " + route_figures(entry))
    return hover


def route_figures(entry: Mapping[str, Any]) -> str:
    """``claimed in 45% of games, mean turn 90.2, claimer's edge +12 points`` from one
    configuration's route entry (the parts the report has)."""
    parts = []
    rate = entry.get("claim_rate")
    if isinstance(rate, int | float):
        parts.append(f"claimed in {100 * rate:.0f}% of games")
    turn = entry.get("mean_claim_turn")
    if isinstance(turn, int | float):
        parts.append(f"mean turn {turn:.1f}")
    edge = claimer_edge(entry)
    if edge is not None:
        parts.append(f"claimer's edge {edge}")
    return ", ".join(parts) or "no figures"


def claimer_edge(entry: Mapping[str, Any]) -> str | None:
    """The claimers' edge over the other players as the report states it, if it does
    (``like_for_like``: against players of the same bot and seat who did not claim it):
    a win-rate difference (``+8.0 pts win rate``) and/or a score difference."""
    adv = entry.get("like_for_like") or entry.get("advantage")
    if not isinstance(adv, Mapping):
        return None
    parts = []
    wins = adv.get("wins")
    if isinstance(wins, Mapping) and isinstance(wins.get("diff"), int | float):
        parts.append(f"{100 * wins['diff']:+.1f} pts win rate")
    score = adv.get("score")
    if isinstance(score, Mapping) and isinstance(score.get("diff"), int | float):
        parts.append(f"{score['diff']:+.1f} points")
    return ", ".join(parts) or None
