"""The expert's trunk and a plan kept within its trains (issue 37: human pace and networks).

Two parts of the expert's plan (:class:`~ttrtool.bots.expert.Expert`), each a function of
the bot and its view that returns what the bot then plans with:

* :func:`trunk_route` — the long route a trunk takes next.  Strong players build one long
  line of long routes (the strong humans' table: a longest path of 38 of 45 trains, where
  four experts built 33) and claim long routes early, before another player does.  With
  trains to spare beyond its tickets' plan and a reserve, the expert adds to its plan
  the open route of ``trunk_min`` trains or more, joined to its network or its plan, that
  is worth most (its points, what it adds to its network's worth and to its longest
  trail); it collects for it and claims it as it does any planned route.  One at a time:
  the next is chosen once it is claimed (or lost).
* :func:`within_trains` — the plan of its open tickets cut to the trains it has.  A
  plan found anew after another player took a route it needed may run longer than its
  trains: it then plans its tickets most points first and lets go of those whose routes
  no longer fit (counted lost), so it collects for the ones it can finish rather than
  for all of them until the game ends.

Both read the map only through the bot: route lengths, points and trains (R-CLAIM-3),
the longest-path bonus where the rules have one (R-SCORE-3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttrtool.bots.expert_parts import ExpertBot
from ttrtool.engine.view import PlayerView
from ttrtool.graph import INF

# (paths by ticket, points by ticket, routes to claim, open tickets, tickets let go)
Plan = tuple[dict[int, tuple[int, ...]], dict[int, int], set[int], list[int], list[int]]


def trunk_route(bot: ExpertBot, view: PlayerView, planned: set[int], min_length: int,
                reserve: float, worth: Callable[[Sequence[int], int], float]) -> int | None:
    """The open route of at least ``min_length`` trains, joined to a place of its own
    routes or of ``planned`` (its plan's routes; anywhere before it has either), that its
    trains beyond the plan and ``reserve`` lay and that ``worth`` rates highest (the
    first of equal worths in the points order); None when none is."""
    seat = bot.seat
    spare = view.trains[seat] - bot.planned_cost() - reserve
    if spare < min_length:
        return None
    owner = view.route_owner
    game = bot.game
    end_a, end_b = game.end_a, game.end_b
    places: set[int] = set()
    for r, o in enumerate(owner):
        if o == seat:
            places.add(end_a[r])
            places.add(end_b[r])
    for r in planned:
        places.add(end_a[r])
        places.add(end_b[r])
    closed = bot.closed_routes(owner)
    trains_of = bot.trains_of
    best: int | None = None
    best_worth = 0.0
    for r in bot.points_order(min_length):
        if owner[r] >= 0 or closed[r] or r in planned or trains_of[r] > spare:
            continue
        if places and end_a[r] not in places and end_b[r] not in places:
            continue
        value = worth(owner, r)
        if best is None or value > best_worth:
            best, best_worth = r, value
    return best


def within_trains(bot: ExpertBot, view: PlayerView, weights: list[float],
                  tickets: Sequence[int]) -> Plan:
    """The plan of ``tickets`` (most points first), each ticket's path found with the
    routes of those before it riding free (``weights`` is changed so), leaving out a
    ticket whose routes would take the plan beyond the bot's trains even on the path
    that takes fewest."""
    owner, seat = view.route_owner, bot.seat
    trains = view.trains[seat]
    trains_of = bot.trains_of
    paths: dict[int, tuple[int, ...]] = {}
    points: dict[int, int] = {}
    needed: set[int] = set()
    kept: list[int] = []
    dropped: list[int] = []
    used = 0
    for t in tickets:
        found = bot.ticket_path(weights, t)
        if found is None:
            dropped.append(t)
            continue
        _, path, pts = found
        todo = [r for r in path if owner[r] != seat and r not in needed]
        extra = sum(trains_of[r] for r in todo)
        if used + extra > trains:
            # the plan's paths save claims; the path with the fewest trains may still fit
            fewest = bot.ticket_path([w if w == 0.0 or w == INF else float(trains_of[r])
                                      for r, w in enumerate(weights)], t)
            if fewest is not None:
                _, path, pts = fewest
                todo = [r for r in path if owner[r] != seat and r not in needed]
                extra = sum(trains_of[r] for r in todo)
        if used + extra > trains:
            dropped.append(t)
            continue
        used += extra
        paths[t] = path
        points[t] = pts
        kept.append(t)
        needed.update(todo)
        for r in todo:
            weights[r] = 0.0
    return paths, points, needed, kept, dropped
