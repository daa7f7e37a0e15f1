"""The headline figures of an analysis, and two maps side by side (``--compare``).

Each figure has a stable key (used in JSON), a label for people, and a
value; the comparison lines up the same keys of two analyses, so a designer
sees where a map departs from a proven one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ttrtool.analysis import Analysis

Value = int | float | str


@dataclass(frozen=True)
class Figure:
    key: str
    label: str
    value: Value


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean (importing ``statistics`` costs 10 ms of start-up time)."""
    items = list(values)
    return sum(items) / len(items)


def _range(values: list[int]) -> str:
    if not values:
        return "-"
    lo, hi = min(values), max(values)
    return str(lo) if lo == hi else f"{lo}-{hi}"


def summary(a: Analysis) -> tuple[Figure, ...]:
    """The figures a comparison lines up, in report order."""
    board = a.board
    legs = [leg for t in a.tickets for leg in t.legs]
    priced = [leg for leg in legs if leg.spaces is not None]
    city_city = [leg for leg in priced if not leg.ticket.is_multi]
    c = a.colours
    deg = [d.tracks for d in a.structure.degrees]
    top = a.structure.chokepoints[0] if a.structure.chokepoints else None
    out = [
        Figure("cities", "cities", len(board.cities)),
        Figure("tracks", "route tracks", c.tracks),
        Figure("train_spaces", "train spaces", c.spaces),
        Figure("double_routes", "double routes", c.double_routes),
        Figure("tunnels", "tunnels", c.tunnels),
        Figure("ferries", "ferries", c.ferries),
        Figure("locomotive_symbols", "locomotive symbols", c.locomotive_symbols),
        Figure("tickets", "ticket cards", len(a.tickets)),
        Figure("legs", "ticket legs (one per destination)", len(legs)),
        Figure("completable", "legs that can be completed", len(priced)),
        Figure("exact_share", "share of city-city tickets worth exactly their cheapest path",
               round(sum(leg.delta == 0 for leg in city_city) / len(city_city), 3)
               if city_city else "-"),
        Figure("mean_delta", "mean points - cheapest spaces",
               round(mean(leg.delta or 0 for leg in priced), 2) if priced else "-"),
        Figure("mean_spaces", "mean cheapest path (spaces)",
               round(mean(leg.spaces or 0 for leg in priced), 2) if priced else "-"),
        Figure("max_spaces", "longest cheapest path (spaces)",
               max((leg.spaces or 0 for leg in priced), default=0)),
        Figure("routes_per_colour", "routes per colour", _range([x.routes for x in c.coloured])),
        Figure("spaces_per_colour", "spaces per colour", _range([x.spaces for x in c.coloured])),
        Figure("gray_share_routes", "gray share of routes", round(c.gray_share_routes, 3)),
        Figure("gray_share_spaces", "gray share of spaces", round(c.gray_share_spaces, 3)),
    ]
    for length, n in c.lengths:
        out.append(Figure(f"length_{length}", f"tracks of length {length}", n))
    out += [
        Figure("mean_degree", "mean city degree (tracks)", round(mean(deg), 2) if deg else "-"),
        Figure("max_degree", "highest city degree", max(deg, default=0)),
        Figure("top_chokepoint_share", "share of legs on some cheapest path of the top link",
               round(top.on_some / len(priced), 3) if top and priced else "-"),
        Figure("cities_no_ticket", "cities no ticket touches", len(a.structure.no_ticket)),
    ]
    if a.players:
        exposed = a.exposed(a.players[0].players)
        out.append(Figure("cut_off_fewest", "legs one claim cuts off, fewest players",
                          sum(b.detour is None for b in exposed)))
    if a.capacity:
        fewest, most = a.capacity[0], a.capacity[-1]
        out += [
            Figure("players", "players", _range([fewest.players, most.players])),
            Figure("spaces_per_train_fewest", "usable spaces per train, fewest players",
                   round(fewest.ratio, 2)),
            Figure("spaces_per_train_most", "usable spaces per train, most players",
                   round(most.ratio, 2)),
        ]
    return tuple(out)


def side_by_side(a: Analysis, b: Analysis) -> tuple[tuple[str, str, str], ...]:
    """(label, value on ``a``, value on ``b``) for every figure either has."""
    left = {f.key: f for f in summary(a)}
    right = {f.key: f for f in summary(b)}
    keys = list(left) + [k for k in right if k not in left]
    lengths = sorted((k for k in keys if k.startswith("length_")), key=lambda k: int(k[7:]))
    if lengths:  # one block of lengths, in order, where the first one was
        at = min(keys.index(k) for k in lengths)
        rest = [k for k in keys if not k.startswith("length_")]
        keys = rest[:at] + lengths + rest[at:]
    rows = []
    for k in keys:
        label = (left.get(k) or right[k]).label
        missing = "0" if k.startswith("length_") else "-"
        rows.append((label, _show(left[k].value) if k in left else missing,
                     _show(right[k].value) if k in right else missing))
    return tuple(rows)


def _show(value: Value) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
