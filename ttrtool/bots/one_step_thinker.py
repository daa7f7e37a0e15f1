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

from ttrtool.bots.planning import LOCO, StrategicBot
from ttrtool.engine.actions import Action, ClaimRoute
from ttrtool.engine.view import PlayerView

PLAN_BONUS = 6
MIN_GAIN = 4


class OneStepThinker(StrategicBot):
    name = "one-step-thinker"
    default_payments = True  # picks a colour's first payment: decides on default_actions()
    keep_budget = 0.5
    keep_max = 2

    def ticket_value(self, points: int, cost: float) -> float:
        return -cost  # the cheapest tickets: quickest points

    def completion_gain(self, view: PlayerView, route: int) -> int:
        """Points gained if claiming ``route`` completes one of the open tickets."""
        owner = view.route_owner
        gain = 0
        for t in self.open_tickets:
            path = self._paths.get(t, ())
            left = [r for r in path if owner[r] != self.seat]
            if left == [route]:
                gain += 2 * max(p for _, p in self.game.ticket_dests[t])
        return gain

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        missing = dict(zip(self.game.card_names, self.wishes(view), strict=True))
        best: ClaimRoute | None = None
        best_gain = 0.0
        points, needed, tunnels = self.points, self.needed, self.tunnel_routes
        route, value = -1, 0.0
        # Claims come by route index, a route's payments together (docs/engine.md): the
        # first of equal gains is the lowest route, paid the engine's first way.
        for a in self.claims:
            r = a.route
            if tunnels[r] and not self.tunnel_ok(view, a):
                continue
            if r != route:
                route, value = r, float(points[r])
                if r in needed:
                    value += PLAN_BONUS + self.completion_gain(view, r)
            gain = value - a.locomotives * 0.75
            if a.color != LOCO:
                gain -= min(a.cards, missing[a.color]) * 0.5
            if best is None or gain > best_gain:
                best, best_gain = a, gain
        if best is not None and (
                best_gain >= MIN_GAIN or best.route in needed or self.endgame(view)):
            return best
        if not self.needed:
            late = self.after_plan(view, actions)
            if late is not None:
                return late
        return self.fallback(view, actions)
