"""Checks TTR301-TTR310 and TTR319: tracks, parallel routes and what the rules allow on them."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ttrtool.checks.registry import CheckContext, Problem, check, rules_path
from ttrtool.codes import (
    DISCONNECTED_BOARD,
    DOUBLE_ROUTE_KIND,
    DOUBLE_ROUTE_MISMATCH,
    DOUBLE_ROUTE_SAME_COLOR,
    DOUBLE_ROUTE_SIZE,
    FERRIES_NOT_ALLOWED,
    FERRY_LOCOMOTIVES,
    LENGTH_NOT_SCORED,
    LOCOMOTIVES_WITHOUT_TUNNELS,
    TUNNELS_NOT_ALLOWED,
    UNKNOWN_COLOR,
)
from ttrtool.diagnostics import Severity
from ttrtool.graph import components
from ttrtool.model import Route


def _ends(r: Route) -> frozenset[int]:
    return frozenset((r.a, r.b))


def _kind(r: Route) -> str:
    if r.kind == "ferry":
        return f"a ferry with {r.locomotives} locomotive symbol(s)"
    return "a tunnel" if r.kind == "tunnel" else "a normal track"


@check(DOUBLE_ROUTE_SIZE, Severity.ERROR,
       "A parallel route (double or triple) has at least two tracks (R-CLAIM-5, R-VAR-4).")
def double_route_size(ctx: CheckContext) -> Iterator[Problem]:
    """Every ``double`` group has two tracks or more (a triple has three).

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
          - {a: Bern, b: Basel, length: 2, color: blue, double: D1}

    Failing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
    """
    for group, tracks in ctx.board.double_groups().items():
        if len(tracks) == 1:
            yield Problem(f"double group '{group}' has only one track: add the parallel track with "
                          f"'double: {group}', or remove 'double' from this route",
                          tracks[0].path + ("double",))


@check(DOUBLE_ROUTE_MISMATCH, Severity.ERROR,
       "The tracks of a parallel route join the same places (and border point) with the same "
       "length, unless rules.double_routes.tracks_may_differ (R-VAR-5).")
def double_route_mismatch(ctx: CheckContext) -> Iterator[Problem]:
    """The tracks of a double group have the same ends, and the same length unless the
    rules let them differ (``double_routes.tracks_may_differ``, Nordic Countries).

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
          - {a: Basel, b: Bern, length: 2, color: blue, double: D1}

    Failing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
          - {a: Bern, b: Basel, length: 3, color: blue, double: D1}
    """
    may_differ = ctx.board.rules.tracks_may_differ
    for group, tracks in ctx.board.double_groups().items():
        first = tracks[0]
        for other in tracks[1:]:
            if _ends(other) != _ends(first):
                yield Problem(f"the tracks of double group '{group}' join different places "
                              f"({first.label()} and {other.label()}): a double route is two "
                              "parallel tracks between the same ends; fix the ends or the group",
                              other.path + ("b",))
            elif other.length != first.length and not may_differ:
                yield Problem(f"the tracks of double group '{group}' have lengths {first.length} "
                              f"and {other.length}: parallel tracks have the same length (or set "
                              "rules.double_routes.tracks_may_differ if the variant says so)",
                              other.path + ("length",))


@check(DOUBLE_ROUTE_SAME_COLOR, Severity.ERROR,
       "The two tracks of a double route have different colours, unless both are gray.")
def double_route_same_color(ctx: CheckContext) -> Iterator[Problem]:
    """Two coloured tracks of one double route differ in colour.

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: gray, double: D1}
          - {a: Bern, b: Basel, length: 2, color: gray, double: D1}

    Failing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
          - {a: Bern, b: Basel, length: 2, color: red, double: D1}
    """
    for group, tracks in ctx.board.double_groups().items():
        seen: set[str] = set()
        for r in tracks:
            if not r.is_gray and r.color in seen:
                yield Problem(f"both tracks of double group '{group}' are {r.color}: change one "
                              "colour (two gray tracks are fine)", r.path + ("color",))
            seen.add(r.color)


@check(DOUBLE_ROUTE_KIND, Severity.WARNING,
       "The tracks of a parallel route are of one kind (all tunnels, all ferries with the same "
       "locomotive symbols, or all normal): they cross the same ground.")
def double_route_kind(ctx: CheckContext) -> Iterator[Problem]:
    """The tracks of a double group have the same kind and ferry symbols, unless the rules
    let them differ (``double_routes.tracks_may_differ``, R-VAR-5).

    Most official boards keep to this; a tunnel beside an open track is usually a slip of
    the pen, and it changes which track players take.  Nordic Countries pairs a tunnel
    with a ferry on purpose, and its rules say so.

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, kind: tunnel, double: D1}
          - {a: Bern, b: Basel, length: 2, color: blue, kind: tunnel, double: D1}

    Failing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red, kind: tunnel, double: D1}
          - {a: Bern, b: Basel, length: 2, color: blue, double: D1}
    """
    if ctx.board.rules.tracks_may_differ:
        return
    for group, tracks in ctx.board.double_groups().items():
        first = tracks[0]
        for other in tracks[1:]:
            if (other.kind, other.locomotives) != (first.kind, first.locomotives):
                yield Problem(f"the tracks of double group '{group}' differ: {_kind(first)} "
                              f"and {_kind(other)}; make them the same kind, or give them "
                              "separate groups if they really are different routes",
                              other.path + ("kind",))


@check(LENGTH_NOT_SCORED, Severity.ERROR,
       "Claiming a route scores by its length; the rules' route_points table must have it "
       "(R-SCORE-1).")
def length_not_scored(ctx: CheckContext) -> Iterator[Problem]:
    """Every route length has an entry in ``rules.route_points``.

    Passing::

        rules: {route_points: {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18}}
        routes: [{a: Bern, b: Basel, length: 7, color: red}]

    Failing::

        routes: [{a: Bern, b: Basel, length: 7, color: red}]   # default table stops at 6
    """
    table = dict(ctx.board.rules.route_points)
    known = ", ".join(str(k) for k in sorted(table))
    for r in ctx.board.routes:
        if r.length not in table:
            yield Problem(f"no points for length {r.length} in rules.route_points (it has "
                          f"{known}): "
                          f"add '{r.length}: <points>' to rules.route_points or change the length",
                          r.path + ("length",))


@check(UNKNOWN_COLOR, Severity.ERROR,
       "A route is paid with cards of its colour, so the colour must be in the train-card deck "
       "(R-CLAIM-1).")
def unknown_color(ctx: CheckContext) -> Iterator[Problem]:
    """Every route colour is ``gray`` or a colour of ``rules.train_cards.colors`` with cards.

    Passing::

        routes: [{a: Bern, b: Basel, length: 2, color: pink}]

    Failing::

        routes: [{a: Bern, b: Basel, length: 2, color: purple}]
    """
    rules = ctx.board.rules
    counts = dict(zip(rules.colors, rules.cards_per_color, strict=True))
    deck = ", ".join(rules.colors)
    for r in ctx.board.routes:
        if r.is_gray:
            continue
        if r.color not in counts:
            close = difflib.get_close_matches(r.color, [*rules.colors, "gray"], n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            yield Problem(f"colour '{r.color}' is not in the train-card deck ({deck}): {hint}use "
                          "one of them or gray, or add it to rules.train_cards.colors",
                          r.path + ("color",))
        elif counts[r.color] == 0:
            yield Problem(f"the deck has no {r.color} cards: raise rules.train_cards.colors."
                          f"{r.color} above 0 or change the route's colour", r.path + ("color",))


@check(FERRY_LOCOMOTIVES, Severity.ERROR,
       "Locomotive symbols belong on ferries (gray ones, unless rules.ferries.colored) and cannot "
       "outnumber the spaces (R-EU-6, R-VAR-2).")
def ferry_locomotives(ctx: CheckContext) -> Iterator[Problem]:
    """``locomotives`` is only set on ferries, at most the length, and a ferry has at least
    one; ferries are gray unless the rules allow coloured ones (``ferries.colored``); a
    ferry's locomotives must be playable on ferries, or replaceable by substitute cards.

    Passing::

        routes: [{a: Athina, b: Smyrna, length: 2, color: gray, kind: ferry, locomotives: 1}]

    Failing::

        routes: [{a: Athina, b: Smyrna, length: 2, color: gray, kind: ferry, locomotives: 3}]
    """
    rules = ctx.board.rules
    for r in ctx.board.routes:
        where = r.path + ("locomotives",)
        if r.kind != "ferry":
            if r.locomotives:
                yield Problem(f"route {r.label()} has locomotive symbols but is not a ferry: add "
                              "'kind: ferry' or remove 'locomotives'", where)
            continue
        if r.locomotives > r.length:
            yield Problem(f"route {r.label()} has {r.locomotives} locomotive symbols on "
                          f"{r.length} spaces: use at most {r.length}", where)
        elif r.locomotives == 0:
            yield Problem(f"route {r.label()} has no locomotive symbols: set 'locomotives' "
                          "(1 or more), or make it a normal route", r.path + ("kind",))
        if not r.is_gray and not rules.ferries_colored:
            yield Problem(f"route {r.label()} is {r.color}, but ferries are gray in these rules: "
                          "set 'color: gray' (or rules.ferries.colored: true if the variant "
                          "prints coloured ferries)",
                          r.path + ("color",))
        sub = rules.substitute_for(r.id, "ferry")
        if (r.locomotives and not rules.locomotives_playable_on("ferry")
                and (sub is None or sub.replaces != "locomotive")):
            yield Problem(f"route {r.label()} needs locomotives, but the rules do not let "
                          "locomotives be played on ferries: it could never be claimed; add "
                          "ferry to rules.locomotives.playable_on or make it a tunnel", where)


@check(FERRIES_NOT_ALLOWED, Severity.ERROR,
       "The rules say whether ferries are part of the game (R-EU-6).")
def ferries_not_allowed(ctx: CheckContext) -> Iterator[Problem]:
    """No ferry unless ``rules.ferries.allowed`` (the ``europe`` preset allows them).

    Passing::

        rules: {preset: europe}
        routes: [{a: Athina, b: Smyrna, length: 2, color: gray, kind: ferry, locomotives: 1}]

    Failing::

        rules: {preset: usa}
        routes: [{a: Athina, b: Smyrna, length: 2, color: gray, kind: ferry, locomotives: 1}]
    """
    if ctx.board.rules.ferries_allowed:
        return
    for r in ctx.board.routes:
        if r.kind == "ferry":
            yield Problem(f"route {r.label()} is a ferry, but the rules do not allow ferries: set "
                          "'rules.ferries.allowed: true' (or preset europe) or make it a normal "
                          "route", r.path + ("kind",))


@check(TUNNELS_NOT_ALLOWED, Severity.ERROR,
       "The rules say whether tunnels are part of the game (R-EU-7).")
def tunnels_not_allowed(ctx: CheckContext) -> Iterator[Problem]:
    """No tunnel unless ``rules.tunnels.allowed`` (the ``europe`` and ``switzerland`` presets).

    Passing::

        rules: {preset: switzerland}
        routes: [{a: Brig, b: Sion, length: 3, color: gray, kind: tunnel}]

    Failing::

        rules: {preset: usa}
        routes: [{a: Brig, b: Sion, length: 3, color: gray, kind: tunnel}]
    """
    if ctx.board.rules.tunnels_allowed:
        return
    for r in ctx.board.routes:
        if r.kind == "tunnel":
            yield Problem(f"route {r.label()} is a tunnel, but the rules do not allow tunnels: set "
                          "'rules.tunnels.allowed: true' (or a preset with tunnels) or make it a "
                          "normal route", r.path + ("kind",))


@check(LOCOMOTIVES_WITHOUT_TUNNELS, Severity.ERROR,
       "If locomotives may be played only on some kinds of route (R-CH-7, R-VAR-1), a board "
       "without such routes leaves every locomotive card unplayable.")
def locomotives_without_tunnels(ctx: CheckContext) -> Iterator[Problem]:
    """With ``locomotives.playable_on: tunnels`` (or a list of kinds without ``normal``) the
    board has at least one route of a kind locomotives may be played on.

    Passing::

        rules: {preset: switzerland}
        routes: [{a: Brig, b: Sion, length: 3, color: gray, kind: tunnel}]

    Failing::

        rules: {preset: switzerland}
        routes: [{a: Brig, b: Sion, length: 3, color: gray}]
    """
    rules = ctx.board.rules
    kinds = rules.locomotive_kinds
    if "normal" in kinds or rules.locomotives == 0:
        return
    allowed = {"tunnel": rules.tunnels_allowed, "ferry": rules.ferries_allowed}
    if not any(r.kind in kinds and allowed.get(r.kind, False) for r in ctx.board.routes):
        where = ("only on " + " and ".join(f"{k}s" for k in sorted(kinds, reverse=True))
                 + ", but the board has none: add such routes," if kinds else
                 "on no route, so every locomotive card is dead:")
        yield Problem(f"the rules let locomotives be played {where} or set "
                      "rules.locomotives.playable_on to any",
                      rules_path(ctx, "locomotives", "playable_on"))


@check(DISCONNECTED_BOARD, Severity.WARNING,
       "Parts of the board that no chain of routes joins play as separate games.",
       whole_board=True)
def disconnected_board(ctx: CheckContext) -> Iterator[Problem]:
    """Every city can be reached from every other city by some chain of routes.

    Passing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red}
          - {a: Basel, b: Olten, length: 1, color: blue}

    Failing::

        routes:
          - {a: Bern, b: Basel, length: 2, color: red}
          - {a: Olten, b: Zug, length: 1, color: blue}
    """
    board = ctx.board
    uf = components(board)
    groups: dict[int, list[int]] = {}
    for c in board.cities:
        if board.adjacency[c.index]:  # cities without routes: TTR109
            groups.setdefault(uf.find(c.index), []).append(c.index)
    if len(groups) < 2:
        return
    parts = sorted(groups.values(), key=lambda g: (-len(g), g[0]))
    for part in parts[1:]:
        names = [board.cities[i].name for i in part]
        shown = ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
        city = board.cities[part[0]]
        yield Problem(f"{len(names)} cities ({shown}) are not joined to the rest of the board "
                      "by any "
                      "chain of routes: add a route between the two parts", city.path + ("name",))
