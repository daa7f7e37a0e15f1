"""A dense synthetic board for the renderer's benchmarks and tests.

Official boards such as France or the Old West have about 160 routes, many of
them double, packed between some 60 cities.  None of them is bundled, so this
module makes a board of that kind: cities on a jittered grid, a route between
every pair of grid neighbours, one diagonal in some of the cells, and a share
of the routes doubled.  Each route's length is what its distance on the
printed board holds, so the board is drawable; its density is what the layout
search has to cope with.  The same seed always gives the same text.

    python -m benchmarks.dense_board > out/dense.yaml
"""

from __future__ import annotations

import heapq
import math
import random
import sys

COLORS = ("red", "blue", "green", "yellow", "black", "white", "orange", "pink", "gray")
WIDTH, HEIGHT = 1744, 1125  # px, the official boards' art
PRINT_WIDTH = 800.0  # mm


def jittered_grid(rng: random.Random, cols: int, rows: int, width: float, height: float,
                  diagonals: float, prefix: str
                  ) -> tuple[list[tuple[int, int]], list[str], list[tuple[int, int]]]:
    """Places on a ``cols`` x ``rows`` grid, each moved a little at random, their names
    (``prefix`` with row and column) and the pairs of neighbours to join: across, down, and
    one diagonal of a share ``diagonals`` of the squares."""
    dx, dy = width / (cols + 1), height / (rows + 1)
    pos = [(round(dx * (c + 1) + rng.uniform(-0.16, 0.16) * dx),
            round(dy * (r + 1) + rng.uniform(-0.16, 0.16) * dy))
           for r in range(rows) for c in range(cols)]
    names = [f"{prefix}{r:02d}{c:02d}" for r in range(rows) for c in range(cols)]
    pairs: list[tuple[int, int]] = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                pairs.append((i, i + 1))
            if r + 1 < rows:
                pairs.append((i, i + cols))
            if c + 1 < cols and r + 1 < rows and rng.random() < diagonals:
                pairs.append((i, i + cols + 1) if rng.random() < 0.5 else (i + 1, i + cols))
    return pos, names, pairs


def dense_board(cols: int = 10, rows: int = 6, seed: int = 1, doubles: float = 0.35,
                diagonals: float = 0.45, tickets: int = 24) -> str:
    """The YAML text of a ``cols`` x ``rows`` board (ids, names and lengths from ``seed``)."""
    rng = random.Random(seed)
    pos, names, pairs = jittered_grid(rng, cols, rows, WIDTH, HEIGHT, diagonals, "C")
    mm = (PRINT_WIDTH - 22.0) / WIDTH
    lines = [
        "format: 1",
        f"meta: {{id: dense-{cols}x{rows}-{seed}, name: 'Dense test board {cols}x{rows}',"
        " author: ttrtool benchmarks}",
        f"board: {{width: {WIDTH}, height: {HEIGHT}, units: px, print_width_mm: {PRINT_WIDTH:g}}}",
        "cities:",
    ]
    lines += [f"  - {{name: {n}, pos: [{x}, {y}]}}" for n, (x, y) in zip(names, pos, strict=True)]
    lines.append("routes:")
    length: dict[tuple[int, int], int] = {}
    group = 0
    for a, b in pairs:
        d = math.dist(pos[a], pos[b]) * mm
        # Cars (24 mm, gaps 1.6-6 mm, 4.2 mm markers, ends at most 14 mm out) that fill the
        # straight line between the markers: the middle of the counts that do.
        fewest = math.ceil((d - 2 * (4.2 + 14.0) + 6.0) / 30.0)
        most = math.floor((d - 2 * 4.7 + 1.6) / 25.6)
        n = max(1, min(8, (fewest + most) // 2 if fewest <= most else most))
        length[(a, b)] = length[(b, a)] = n
        if rng.random() < doubles:
            group += 1
            c1, c2 = rng.sample(COLORS[:-1], 2)
            for col in (c1, c2):
                lines.append(f"  - {{a: {names[a]}, b: {names[b]}, length: {n}, color: {col},"
                             f" double: D{group:03d}}}")
        else:
            lines.append(f"  - {{a: {names[a]}, b: {names[b]}, length: {n},"
                         f" color: {rng.choice(COLORS)}}}")
    lines += ["tickets:", "  regular:"]
    adj: dict[int, list[int]] = {}
    for a, b in pairs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    dealt: set[tuple[int, int]] = set()
    while len(dealt) < tickets:
        a, b = sorted(rng.sample(range(len(names)), 2))
        if (a, b) in dealt:
            continue
        dealt.add((a, b))
        lines.append(f"    - {{from: {names[a]}, to: {names[b]},"
                     f" points: {_cheapest(adj, length, a, b)}}}")
    return "\n".join(lines) + "\n"


def _cheapest(adj: dict[int, list[int]], length: dict[tuple[int, int], int], a: int,
              b: int) -> int:
    """Train spaces on the cheapest path from ``a`` to ``b``."""
    best = {a: 0}
    todo = [(0, a)]
    while todo:
        d, n = heapq.heappop(todo)
        if n == b:
            return d
        if d > best[n]:
            continue
        for m in adj[n]:
            e = d + length[(n, m)]
            if e < best.get(m, 1 << 30):
                best[m] = e
                heapq.heappush(todo, (e, m))
    return 1


if __name__ == "__main__":
    sys.stdout.write(dense_board())
