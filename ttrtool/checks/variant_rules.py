"""Checks TTR320-TTR321: the variant mechanisms a map's rules name (docs/variants.md)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ttrtool.checks import CheckContext, Finding, check
from ttrtool.diagnostics import Severity


@check("TTR321", "mountains-not-allowed", Severity.ERROR,
       "The rules say whether mountain routes are part of the game (R-VAR-10).")
def mountains_not_allowed(ctx: CheckContext) -> Iterator[Finding]:
    """No route has ``mountains`` unless ``rules.mountains.allowed``.

    Passing::

        rules: {mountains: {allowed: true}}
        routes: [{a: Lhasa, b: Kathmandu, length: 3, color: gray, mountains: 2}]

    Failing::

        routes: [{a: Lhasa, b: Kathmandu, length: 3, color: gray, mountains: 2}]
    """
    if ctx.board.rules.mountains_allowed:
        return
    for r in ctx.board.routes:
        if r.mountains:
            yield Finding(f"route {r.label()} has mountains, but the rules do not use them: set "
                          "'rules.mountains.allowed: true' or remove 'mountains'",
                          r.path + ("mountains",))


@check("TTR320", "substitute-unknown-route", Severity.ERROR,
       "A substitution for named routes (R-VAR-3) must name routes of the board.")
def substitute_unknown_route(ctx: CheckContext) -> Iterator[Finding]:
    """Every route id in ``rules.substitutes[].routes`` is the id of a route.

    Passing::

        rules: {substitutes: [{replaces: card, cards: 4, routes: [bern-basel]}]}
        routes: [{a: Bern, b: Basel, length: 2, color: red}]

    Failing::

        rules: {substitutes: [{replaces: card, cards: 4, routes: [bern-olten]}]}
        routes: [{a: Bern, b: Basel, length: 2, color: red}]
    """
    ids = sorted(r.id for r in ctx.board.routes)
    for i, sub in enumerate(ctx.board.rules.substitutes):
        for name in sorted(sub.routes):
            if name not in ids:
                close = difflib.get_close_matches(name, ids, n=1)
                hint = f"did you mean '{close[0]}'? " if close else ""
                yield Finding(f"rules.substitutes names route '{name}', which the board does not "
                              f"have: {hint}use a route's id (set 'id' on the route to fix one)",
                              ("rules", "substitutes", i, "routes"))
