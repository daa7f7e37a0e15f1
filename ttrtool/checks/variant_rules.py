"""Checks TTR320-TTR322: the variant mechanisms a map's rules name (docs/variants.md)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import BONUS_WITHOUT_POINTS, MOUNTAINS_NOT_ALLOWED, SUBSTITUTE_UNKNOWN_ROUTE
from ttrtool.diagnostics import Severity


@check(MOUNTAINS_NOT_ALLOWED, Severity.ERROR,
       "The rules say whether mountain routes are part of the game (R-VAR-10).")
def mountains_not_allowed(ctx: CheckContext) -> Iterator[Problem]:
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
            yield Problem(f"route {r.label()} has mountains, but the rules do not use them: set "
                          "'rules.mountains.allowed: true' or remove 'mountains'",
                          r.path + ("mountains",))


@check(SUBSTITUTE_UNKNOWN_ROUTE, Severity.ERROR,
       "A substitution (R-VAR-3) must name route kinds or routes of the board.")
def substitute_unknown_route(ctx: CheckContext) -> Iterator[Problem]:
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
        if not sub.kinds and not sub.routes:
            yield Problem("this substitution names no route kind and no route, so it applies "
                          "nowhere: add 'kinds: [...]' or 'routes: [...]'",
                          ("rules", "substitutes", i))
        for name in sorted(sub.routes):
            if name not in ids:
                close = difflib.get_close_matches(name, ids, n=1)
                hint = f"did you mean '{close[0]}'? " if close else ""
                yield Problem(f"rules.substitutes names route '{name}', which the board does not "
                              f"have: {hint}use a route's id (set 'id' on the route to fix one)",
                              ("rules", "substitutes", i, "routes"))


@check(BONUS_WITHOUT_POINTS, Severity.ERROR,
       "An end-game bonus needs its points: `points`, or a `table` for multi-path tickets "
       "(R-VAR-6, R-VAR-9).")
def bonus_without_points(ctx: CheckContext) -> Iterator[Problem]:
    """Every entry of ``rules.bonuses`` says what it is worth.

    Passing::

        rules: {bonuses: [{type: most_tickets, points: 10},
                          {type: multi_path_tickets, table: [5, 10, 20]}]}

    Failing::

        rules: {bonuses: [{type: most_tickets}, {type: multi_path_tickets, points: 10}]}
    """
    data = ctx.document.data
    rules = data.get("rules") if isinstance(data, dict) else None
    listed = rules.get("bonuses") if isinstance(rules, dict) else None
    if not isinstance(listed, list):
        return  # a preset's list is complete
    for i, bonus in enumerate(listed):
        if not isinstance(bonus, dict):
            continue
        if bonus.get("type") == "multi_path_tickets":
            if "table" not in bonus:
                yield Problem("a multi_path_tickets bonus scores by its table: add 'table: "
                              "[points for 1 ticket, for 2, ...]'", ("rules", "bonuses", i))
        elif "points" not in bonus:
            yield Problem(f"the {bonus.get('type')} bonus has no points: add 'points: <n>'",
                          ("rules", "bonuses", i))
