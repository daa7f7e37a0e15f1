"""Land and sea along a board's links: how much of a straight link lies at sea, and which land
mass a place is on (Natural Earth's countries, those that touch joined into one), so that the
drafter and the checks (TTR125, TTR126) tell a ferry from a land route the same way."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from ttrtool.geo.naturalearth import on_land, world
from ttrtool.geo.projection import MapProjection, unproject

Point = tuple[float, float]
SAMPLES = 24  # points along a link (its ends left out)
TOUCH = 0.01  # degrees: country shapes this close are one land mass (a border, a causeway)


def sea_shares(projection: MapProjection, links: Sequence[tuple[Point, Point]],
               samples: int = SAMPLES) -> list[float]:
    """For each link (two board positions), the share of the straight line between them, as
    drawn on the board, that lies at sea."""
    if not links:
        return []
    t = np.arange(1, samples) / samples
    a = np.array([link[0] for link in links], dtype=float)
    b = np.array([link[1] for link in links], dtype=float)
    xs = (a[:, 0, None] + (b[:, 0] - a[:, 0])[:, None] * t).ravel()
    ys = (a[:, 1, None] + (b[:, 1] - a[:, 1])[:, None] * t).ravel()
    lons, lats = unproject(projection.crs, projection.left + xs / projection.scale,
                           projection.top - ys / projection.scale)
    land = on_land(np.asarray(lats).tolist(), np.asarray(lons).tolist())
    land = land.reshape(len(links), samples - 1)
    return [1.0 - float(row.mean()) for row in land]


def land_masses(lats: Sequence[float], lons: Sequence[float]) -> list[int]:
    """For each place, a number naming the land mass it is on or nearest to; two places with
    different numbers have no land between them (Spain and Portugal are one, Zealand and
    Jutland two)."""
    points = shapely.points(np.asarray(lons, dtype=float), np.asarray(lats, dtype=float))
    box = shapely.box(min(lons) - 1.0, min(lats) - 1.0, max(lons) + 1.0, max(lats) + 1.0)
    parts = [p for c in world().countries for p in shapely.get_parts(c.shape)
             if p.intersects(box)]
    if not parts:
        return list(range(len(points)))
    tree = shapely.STRtree(parts)
    left, right = tree.query(parts, predicate="dwithin", distance=TOUCH)
    near: list[list[int]] = [[] for _ in parts]
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        near[i].append(j)
    label = [-1] * len(parts)
    for first in range(len(parts)):  # each part's land mass, named by its first part
        if label[first] >= 0:
            continue
        label[first], stack = first, [first]
        while stack:
            for j in near[stack.pop()]:
                if label[j] < 0:
                    label[j] = first
                    stack.append(j)
    return [label[int(tree.nearest(p))] for p in points]
