"""Destination Hungry: draw and complete as many tickets as possible.

Policy (docs/bots.md): keeps every offered ticket (up to three) that fits 80%
of the trains it can still expect to place, valuing points over efficiency;
draws new tickets as soon as its open plan costs less than a quarter of those
trains minus 6 (and that is 18 or more), even with tickets still open;
otherwise follows its plan like Route Focus.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import Action
from ttrtool.engine.view import PlayerView


class DestinationHungry(StrategicBot):
    name = "destination-hungry"
    keep_budget = 0.8
    keep_max = 3

    def ticket_value(self, points: int, cost: float) -> float:
        return points + points / max(cost, 1.0)

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        horizon = self.horizon(view)
        if (horizon >= 18 and self.ticket_draw is not None and not self.endgame(view)
                and self.planned_cost() * 4 < horizon - 6):
            return self.ticket_draw
        return super().main_turn(view, actions)
