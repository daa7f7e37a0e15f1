"""One Step Thinker: take the move with the best immediate gain.

Policy (docs/bots.md): every claimable route is valued by its route points,
plus twice the ticket's points if the claim completes a kept ticket, plus a
bonus if its plan needs the route, minus the planned cards the payment would
spend.  It claims the best one if that gain reaches 4 points (a 3-long route)
or the route is on its plan; otherwise it draws the cards its plan needs.  It
keeps only the rules' minimum of tickets, the cheapest ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.claiming import LOCO
from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import Action, ClaimRoute
from ttrtool.engine.view import PlayerView

PLAN_BONUS = 6
MIN_GAIN = 4


class OneStepThinker(StrategicBot):
    name = "one-step-thinker"
    keep_budget = 0.5
    keep_max = 2

    def ticket_value(self, points: int, cost: float) -> float:
        return -cost  # the cheapest tickets: quickest points

    def completion_gain(self, view: PlayerView, route: int) -> int:
        """Points gained if claiming ``route`` completes one of the open tickets."""
        return self.completion_gains(view.route_owner).get(route, 0)

    def completion_gains(self, owner: Sequence[int]) -> dict[int, int]:
        """:meth:`completion_gain` of every route that has one, worked out at once."""
        seat = self.seat
        dests = self.game.ticket_dests
        gains: dict[int, int] = {}
        for t in self.open_tickets:
            left = [r for r in self._paths.get(t, ()) if owner[r] != seat]
            if len(left) == 1:
                r = left[0]
                gains[r] = gains.get(r, 0) + 2 * max(p for _, p in dests[t])
        return gains

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        missing = dict(zip(self.game.card_names, self.wishes(view), strict=True))
        best: ClaimRoute | None = None
        best_gain = 0.0
        points, needed, tunnels = self.points, self.needed, self.tunnel_routes
        routes = self.menu.routes()
        values = {r: float(points[r]) for r in routes}
        if not needed.isdisjoint(values):
            gains = self.completion_gains(view.route_owner)
            for r in needed.intersection(values):
                values[r] += PLAN_BONUS + gains.get(r, 0)
        # The most valuable routes first; a payment only takes from its route's value,
        # so none worth less than the best can win.  Of equal gains the lowest route
        # wins, paid the engine's first way (the first of the engine's list).
        routes.sort(key=lambda r: (-values[r], r))
        of = self.menu.of
        for r in routes:
            value = values[r]
            if best is not None and value < best_gain:
                break
            for a in of(r):
                if tunnels[r] and not self.tunnel_ok(view, a):
                    continue
                gain = value - a.locomotives * 0.75
                if a.color != LOCO:
                    gain -= min(a.cards, missing[a.color]) * 0.5
                if best is None or gain > best_gain or (gain == best_gain and r < best.route):
                    best, best_gain = a, gain
        if best is not None and (
                best_gain >= MIN_GAIN or best.route in needed or self.endgame(view)):
            return best
        if not self.needed:
            late = self.after_plan(view, actions)
            if late is not None:
                return late
        return self.fallback(view, actions)
