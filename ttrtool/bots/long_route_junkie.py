"""Long Route Junkie: long routes and route points first.

Policy (docs/bots.md): plans its tickets with long routes made cheaper (so
its paths use them), keeps few tickets, the most valuable first; sets its
sights on the longest open route it can hope to pay for and collects that
colour too; claims any route of 5 or more trains as soon as it can (if the trains
left still cover its plan), then its plan, then draws.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import Action
from ttrtool.engine.view import PlayerView

LONG = 5


class LongRouteJunkie(StrategicBot):
    name = "long-route-junkie"
    keep_budget = 0.6
    keep_max = 2
    long_bias = 0.4

    target: int | None = None

    def ticket_value(self, points: int, cost: float) -> float:
        return points - 0.25 * cost

    def pick_target(self, view: PlayerView) -> int | None:
        """The longest open route that fits its trains; ties: the colour it holds most of."""
        owner, hand = view.route_owner, view.hand
        trains = view.trains[self.seat]
        best: tuple[int, int, int] | None = None
        target = None
        closed = self.closed_routes(owner)
        for r in range(self.game.n_routes):
            if self.lengths[r] < LONG or self.trains_of[r] > trains or closed[r]:
                continue
            if owner[r] == self.seat:
                continue
            c = self.colors[r]
            held = max(hand[: self.loco]) if c < 0 else hand[c]
            key = (self.lengths[r], held, -r)
            if best is None or key > best:
                best, target = key, r
        return target

    def wishes(self, view: PlayerView) -> list[int]:
        missing = super().wishes(view)
        t = self.target
        if t is not None:
            hand = view.hand
            c = self.colors[t]
            if c < 0:
                c = max(range(self.loco), key=lambda k: (hand[k], -k))
            missing[c] += max(0, self.lengths[t] - hand[c])
        return missing

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        if self.target is None or self.closed(view.route_owner, self.target) or \
                view.route_owner[self.target] >= 0:
            self.target = self.pick_target(view)
        # paid with cards its plan can spare (plan_guard), as every claim for points
        long_claim = self.points_claim(view, actions, min_length=LONG,
                                       allowed=self.plan_guard(view))
        if long_claim is not None and (
                long_claim.route in self.needed
                or view.trains[self.seat] - self.trains_of[long_claim.route]
                >= self.planned_cost() + 4):
            return long_claim
        return super().main_turn(view, actions)
