"""Route Focus: plan the cheapest paths for the tickets and claim along them.

Policy (docs/bots.md): keep the offered tickets that fit three quarters of
its trains, best points per train first; claim the longest claimable route of
its plan; otherwise draw the face-up colour its plan misses most, else from
the deck.  With every ticket done it draws new tickets while it has 15 or
more trains, then claims the routes worth most points.
"""

from __future__ import annotations

from ttrtool.bots.planning import StrategicBot


class RouteFocus(StrategicBot):
    name = "route-focus"
    keep_budget = 0.75
    keep_max = 3
