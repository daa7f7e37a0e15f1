"""The tickets of a draft: the official USA deck's profile of values, scaled to the board's
longest cheapest path, each priced at its cheapest path by the shared ticket-value definition
(:mod:`ttrtool.ticket_value`), spread over the cities, the big ones first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ttrtool.drafting.places import Place

MIN_TICKETS = 20  # a deck has at least this many tickets where the board has the pairs
MAX_TICKETS = 46  # the most an official deck has (Europe's)


def usa_profile() -> list[float]:
    """The official USA deck's ticket values as shares of its largest (22): the profile the
    draft's deck follows."""
    from ttrtool import load_map

    points = sorted(t.points for t in load_map("usa").tickets)
    return [p / points[-1] for p in points]


def draft_tickets(places: Sequence[Place], costs: list[list[tuple[int, list[int]]]], trains: int
             ) -> list[tuple[int, int, int]]:
    """(from, to, points) for a deck with the official profile; points = cheapest path."""
    from ttrtool.ticket_value import Pricing, ticket_value

    n = len(places)
    pairs = [(i, j, costs[i][j][0]) for i in range(n) for j in range(i + 1, n)
             if 3 <= costs[i][j][0] <= trains]
    if len(pairs) < 2 * MIN_TICKETS:  # a small board: short tickets too
        pairs = [(i, j, costs[i][j][0]) for i in range(n) for j in range(i + 1, n)
                 if 2 <= costs[i][j][0] <= trains]
    if not pairs:
        return []
    longest = max(c for _, _, c in pairs)
    profile = usa_profile()
    count = min(max(MIN_TICKETS, n), MAX_TICKETS, len(pairs))
    targets = [max(3, round(profile[round(q * (len(profile) - 1) / max(1, count - 1))]
                            * longest)) for q in range(count)]
    used: Counter[int] = Counter()
    taken: set[tuple[int, int]] = set()
    out = []
    for target in sorted(targets, reverse=True):
        free = [p for p in pairs if (p[0], p[1]) not in taken]
        if not free:
            break
        i, j, cost = min(free, key=lambda p: (abs(p[2] - target), used[p[0]] + used[p[1]],
                                              -(places[p[0]].population
                                                + places[p[1]].population), p))
        assert ticket_value(cost, cost).pricing is Pricing.FAIR
        taken.add((i, j))
        used.update((i, j))
        out.append((i, j, cost))
    return out
