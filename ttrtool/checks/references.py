"""Checks TTR1xx: the names on the board and what refers to them.

Unknown places, missing or unknown border points are found while the board
is built (TTR101, TTR103-TTR106, see :mod:`ttrtool.checks.catalog`); the
checks here look at the names themselves and at places nothing uses.
"""

from __future__ import annotations

from collections.abc import Iterator

from ttrtool.checks.registry import CheckContext, Problem, check
from ttrtool.codes import (
    CITY_WITHOUT_ROUTE,
    DUPLICATE_BORDER_POINT,
    DUPLICATE_NAME,
    INVISIBLE_CHARACTER,
    MIXED_SCRIPT_NAME,
    NEAR_DUPLICATE_NAME,
    ROUTE_TO_ITSELF,
    UNUSED_BORDER_POINT,
)
from ttrtool.diagnostics import JsonPath, Severity, describe_invisible, visible
from ttrtool.model import fold, scripts


def _names(ctx: CheckContext) -> Iterator[tuple[str, str, JsonPath, str]]:
    """(name, kind, path, owner) for every city and country name, then every alias (so a
    clash between an alias and a name is reported at the alias)."""
    for c in ctx.board.cities:
        yield c.name, "city", c.path + ("name",), c.name
    for country in ctx.board.countries:
        yield country.name, "country", country.path + ("name",), country.name
    for c in ctx.board.cities:
        for i, alias in enumerate(c.aliases):
            yield alias, "alias", c.path + ("aliases", i), c.name


@check(DUPLICATE_NAME, Severity.ERROR,
       "Two places with the same name make every route and ticket that names it ambiguous.")
def duplicate_name(ctx: CheckContext) -> Iterator[Problem]:
    """Every city and country name appears once.

    Passing::

        cities:
          - {name: Bern, pos: [10, 10]}
          - {name: Basel, pos: [20, 20]}

    Failing::

        cities:
          - {name: Bern, pos: [10, 10]}
          - {name: Bern, pos: [20, 20]}
    """
    seen: dict[str, str] = {}
    for name, kind, path, _owner in _names(ctx):
        if kind == "alias":
            continue
        if name in seen:
            yield Problem(f"{kind} '{visible(name)}' is already defined as a {seen[name]}: give "
                          "each place "
                          "a different name, or delete the repeated entry", path)
        else:
            seen[name] = kind


@check(NEAR_DUPLICATE_NAME, Severity.ERROR,
       "Names that differ only by case, accents or punctuation are easy to confuse on the board "
       "and in the file.")
def near_duplicate_name(ctx: CheckContext) -> Iterator[Problem]:
    """No two places share a name once case, accents and punctuation are ignored, and no alias
    is (a folded form of) another place's name or alias.  A city's own aliases may fold to its
    name (``München`` / ``Munchen``).

    Passing::

        cities:
          - {name: Zürich, pos: [10, 10], aliases: [Zurich]}
          - {name: Zug, pos: [20, 20]}

    Failing::

        cities:
          - {name: Zürich, pos: [10, 10]}
          - {name: zurich, pos: [20, 20]}
    """
    owners: dict[str, tuple[str, str, str]] = {}  # folded -> (owner, spelling, kind)
    exact: set[str] = set()
    for name, kind, path, owner in _names(ctx):
        key = fold(name)
        if not key:
            continue
        first = owners.get(key)
        if first is None:
            owners[key] = (owner, name, kind)
        elif first[0] != owner and not (kind != "alias" and name in exact):
            yield Problem(f"{_describe(kind, name, owner)} looks the same as "
                          f"{_describe(first[2], first[1], first[0])} once case, accents and "
                          "punctuation are ignored: rename one of them so players cannot confuse "
                          "them", path)
        if kind != "alias":
            exact.add(name)


@check(MIXED_SCRIPT_NAME, Severity.WARNING,
       "A name that mixes letters of several scripts (a Cyrillic 'с' in 'Boсton') looks right "
       "but matches nothing typed on a keyboard.")
def mixed_script_name(ctx: CheckContext) -> Iterator[Problem]:
    """Each name's letters come from one script (Latin, Cyrillic, Greek, ...).

    Text pasted from other documents can carry look-alike letters of another
    script; the name then looks right on the board but a route or ticket typed
    by hand never matches it.

    Passing::

        cities:
          - {name: Zürich, pos: [10, 10]}
          - {name: Москва, pos: [20, 20]}

    Failing::

        cities:
          - {name: Boсton, pos: [10, 10]}   # the 'с' is Cyrillic
    """
    for name, kind, path, owner in _names(ctx):
        found = scripts(name)
        if len(found) > 1:
            (first, _), *others = sorted(found.items(), key=lambda kv: kv[1][0])
            odd = ", ".join(f"'{ch}' at character {i + 1} is {script.title()}"
                            for script, (i, ch) in others)
            yield Problem(f"{_describe(kind, name, owner)} mixes {first.title()} letters with "
                          f"others ({odd}): retype the name in one script", path)


def _describe(kind: str, name: str, owner: str) -> str:
    if kind == "alias":
        return f"alias '{visible(name)}' of '{visible(owner)}'"
    return f"{kind} '{visible(name)}'"


@check(INVISIBLE_CHARACTER, Severity.WARNING,
       "A name holding a character that shows as nothing or as a plain space (a zero-width "
       "space, a no-break space, a bidi mark) differs from the same name typed on a keyboard.")
def invisible_character(ctx: CheckContext) -> Iterator[Problem]:
    """City, country and alias names and border point ids hold no invisible character:
    format characters (U+200B ZERO WIDTH SPACE, U+200E LEFT-TO-RIGHT MARK, U+00AD SOFT
    HYPHEN, ...), spaces other than the ordinary one (U+00A0 NO-BREAK SPACE, U+3000
    IDEOGRAPHIC SPACE, ...) and fillers.  Such characters come with text pasted from web
    pages and documents; the name then looks right, but a route or ticket typed by hand
    never matches it (TTR101).  A zero-width joiner or non-joiner between two letters of a
    script that needs it (Persian, the Indic scripts) is part of the spelling and allowed.

    Passing::

        cities:
          - {name: Falun, pos: [10, 10]}

    Failing::

        cities:
          - {name: "Falun\\u200b", pos: [10, 10]}   # ends with a zero-width space
    """
    places = [(name, kind, path, owner) for name, kind, path, owner in _names(ctx)]
    places += [(bp.id, "border point id", bp.path + ("id",), country.name)
               for country in ctx.board.countries for bp in country.border_points]
    for name, kind, path, owner in places:
        found = describe_invisible(name)
        if found:
            what = (f"border point id '{visible(name)}' of {owner}" if kind == "border point id"
                    else _describe(kind, name, owner))
            yield Problem(f"{what} holds an invisible character ({found}): delete it, or "
                          "retype the name", path)


@check(ROUTE_TO_ITSELF, Severity.ERROR,
       "A route must join two different places.")
def route_to_itself(ctx: CheckContext) -> Iterator[Problem]:
    """Both ends of a route are different places.

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red}

    Failing::

        routes:
          - {a: Bern, b: Bern, length: 2, color: red}
    """
    for r in ctx.board.routes:
        if r.a == r.b:
            yield Problem(f"route {r.label()} starts and ends at '{r.a_name}': change 'b' to the "
                          "place at the other end of the track", r.path + ("b",))


@check(CITY_WITHOUT_ROUTE, Severity.WARNING,
       "A city that no route touches can never be reached; tickets to it cannot be completed.",
       whole_board=True)
def city_without_route(ctx: CheckContext) -> Iterator[Problem]:
    """Every city has at least one route.

    Passing::

        cities: [{name: Bern, pos: [0, 0]}, {name: Basel, pos: [9, 9]}]
        routes: [{a: Bern, b: Basel, length: 2, color: red}]

    Failing::

        cities: [{name: Bern, pos: [0, 0]}, {name: Basel, pos: [9, 9]}, {name: Thun, pos: [5, 5]}]
        routes: [{a: Bern, b: Basel, length: 2, color: red}]
    """
    board = ctx.board
    first_index: dict[str, int] = {}
    for c in board.cities:
        first_index.setdefault(c.name, c.index)
    for c in board.cities:
        if first_index[c.name] != c.index:
            continue  # a repeated name: TTR102 reports it
        if not board.adjacency[c.index]:
            yield Problem(f"city '{c.name}' has no route: add a route to it or remove the city",
                          c.path + ("name",))


@check(DUPLICATE_BORDER_POINT, Severity.ERROR,
       "Routes name border points by id, so an id must be unique within its country.")
def duplicate_border_point(ctx: CheckContext) -> Iterator[Problem]:
    """Border point ids are unique within a country.

    Passing::

        countries:
          - {name: France, border_points: [{id: FR1, pos: [0, 5]}, {id: FR2, pos: [0, 9]}]}

    Failing::

        countries:
          - {name: France, border_points: [{id: FR1, pos: [0, 5]}, {id: FR1, pos: [0, 9]}]}
    """
    for country in ctx.board.countries:
        seen: set[str] = set()
        for bp in country.border_points:
            if bp.id in seen:
                yield Problem(f"country '{country.name}' has two border points with id '{bp.id}': "
                              "give each a different id", bp.path + ("id",))
            seen.add(bp.id)


@check(UNUSED_BORDER_POINT, Severity.WARNING,
       "A border point no route ends at is drawn on the board but plays no part in the game.",
       whole_board=True)
def unused_border_point(ctx: CheckContext) -> Iterator[Problem]:
    """Every border point is the end of at least one route.

    Passing::

        countries: [{name: France, border_points: [{id: FR1, pos: [0, 5]}]}]
        routes: [{a: Genève, b: France, border_point: FR1, length: 1, color: gray}]

    Failing::

        countries: [{name: France, border_points: [{id: FR1, pos: [0, 5]}, {id: FR2, pos: [0, 9]}]}]
        routes: [{a: Genève, b: France, border_point: FR1, length: 1, color: gray}]
    """
    used = {(r.b_name, r.border_point) for r in ctx.board.routes if r.border_point is not None}
    for country in ctx.board.countries:
        for bp in country.border_points:
            if (country.name, bp.id) not in used:
                yield Problem(f"no route ends at border point '{bp.id}' of {country.name}: add a "
                              f"route with 'b: {country.name}, border_point: {bp.id}' or "
                              "remove the point", bp.path + ("id",))
