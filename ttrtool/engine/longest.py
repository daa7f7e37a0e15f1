"""The longest continuous path (R-SCORE-2, R-SCORE-3, R-EU-9, R-CH-8, R-CH-9).

Exact: a depth-first search over *trails* — each route used at most once,
cities may repeat, so loops and figure-eights count in full.  A search that
never revisits a city is wrong for TTR.  A border point ends a trail: a path
may arrive at one but never continues through it, so a country never joins
two routes (R-CH-9).
"""

from __future__ import annotations

from collections.abc import Sequence


def longest_trail(
    routes: Sequence[int],
    route_a: Sequence[int],
    route_b: Sequence[int],
    route_len: Sequence[int],
    terminal: Sequence[bool],
) -> int:
    """Trains in the longest edge-simple trail over ``routes`` (route indices)."""
    if not routes:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, r in enumerate(routes):
        a, b, length = route_a[r], route_b[r], route_len[r]
        adj.setdefault(a, []).append((1 << i, b, length))
        if b != a:
            adj.setdefault(b, []).append((1 << i, a, length))
    best = 0

    def extend(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if used and terminal[node]:
            return  # arrived at a border point: the trail ends here (R-CH-9)
        for bit, other, n in adj[node]:
            if not used & bit:
                extend(other, used | bit, length + n)

    for node in adj:
        extend(node, 0, 0)
    return best
