"""Checks TTR125-TTR126: routes between cities given by ``geo``, against land and sea.

A route is drawn straight between its cities; Natural Earth's land (1:10m) says how much of
that line lies at sea.  A ferry drawn mostly over land between two places joined by land, or
a land route drawn mostly over the sea, is likely a mistake of kind.  The rule is the one the
drafter (``ttrtool new --region``) makes its ferries by (:func:`ttrtool.drafting.routes.is_ferry`
and :mod:`ttrtool.geo.land`), so a fresh draft passes both.
"""

from __future__ import annotations

from collections.abc import Iterator

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import FERRY_OVER_LAND, LAND_ROUTE_OVER_SEA
from ttrtool.diagnostics import Severity
from ttrtool.model import Board, Route

OVER_LAND = 0.5  # a ferry more than this share over land, within one land mass
OVER_SEA = 2 / 3  # a land route more than this share at sea


def _measured(ctx: CheckContext) -> list[tuple[Route, float, bool]]:
    """(route, share at sea, its cities on one land mass) for the routes between geo cities,
    measured once a run."""
    cached = ctx.cache.get("sea-routes")
    if cached is None:
        cached = _measure(ctx.board)
        ctx.cache["sea-routes"] = cached
    assert isinstance(cached, list)
    return cached


def _measure(board: Board) -> list[tuple[Route, float, bool]]:
    projection = board.geometry.projection
    if projection is None:
        return []
    from ttrtool.geo.land import land_masses, sea_shares

    geo = {c.index: c.geo for c in board.cities if c.geo is not None}
    routes = [r for r in board.routes if r.a in geo and r.b in geo]
    if not routes:
        return []
    pos = {c.index: c.pos for c in board.cities}
    seas = sea_shares(projection, [(pos[r.a], pos[r.b]) for r in routes])
    order = sorted(geo)
    mass = dict(zip(order, land_masses([geo[i][0] for i in order],
                                       [geo[i][1] for i in order]),
                    strict=True))
    return [(r, sea, mass[r.a] == mass[r.b]) for r, sea in zip(routes, seas, strict=True)]


@check(FERRY_OVER_LAND, Severity.WARNING,
       "A ferry between cities joined by land is drawn mostly over land.")
def ferry_over_land(ctx: CheckContext) -> Iterator[Problem]:
    """A ferry (``kind: ferry``) whose cities are on one land mass and whose line runs more
    than half over land: a land route is more likely meant (Athens to Corinth over the
    isthmus).  Ferries between islands, or across a fjord or gulf, pass.

    Passing::

        routes:
          - {a: Piraeus, b: Chania, length: 5, color: gray, kind: ferry, locomotives: 2}

    Failing::

        # both on the mainland, two thirds of the line over land
        routes:
          - {a: Athens, b: Corinth, length: 3, color: gray, kind: ferry, locomotives: 1}
    """
    for r, sea, same_land in _measured(ctx):
        if r.kind == "ferry" and same_land and 1.0 - sea > OVER_LAND:
            yield Problem(f"ferry {r.label()} runs {100 * (1 - sea):.0f}% over land between "
                          "cities joined by land: make it a land route (remove kind: ferry "
                          "and locomotives), or check the cities' geo",
                          r.path + ("kind",))


@check(LAND_ROUTE_OVER_SEA, Severity.WARNING,
       "A land route (not a ferry) is drawn mostly over the sea.")
def land_route_over_sea(ctx: CheckContext) -> Iterator[Problem]:
    """A route that is not a ferry runs more than two thirds of its line at sea: trains do not
    cross the Barents Sea (Sabetta to Murmansk).  Make it a ferry, or route it by land through
    a city between.

    Passing::

        routes:
          - {a: Sabetta, b: Murmansk, length: 6, color: gray, kind: ferry, locomotives: 2}

    Failing::

        routes:
          - {a: Sabetta, b: Murmansk, length: 6, color: red}
    """
    for r, sea, _ in _measured(ctx):
        if r.kind != "ferry" and sea > OVER_SEA:
            yield Problem(f"route {r.label()} runs {100 * sea:.0f}% at sea: make it a ferry "
                          "(kind: ferry, locomotives: 1, and rules.ferries.allowed: true), or "
                          "link the cities by land through a city between",
                          r.path + ("kind",) if r.kind != "normal" else r.path)
