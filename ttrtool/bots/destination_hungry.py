"""Destination Hungry: draw and complete as many tickets as possible.

Policy (docs/bots.md): keeps every offered ticket that fits its whole train
supply, valuing points over efficiency; draws new tickets as soon as its open
plan costs less than half of its remaining trains (and it has 12 or more);
otherwise follows its plan like Route Focus.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.bots.planning import StrategicBot
from ttrtool.engine.actions import Action, DrawTickets
from ttrtool.engine.view import PlayerView


class DestinationHungry(StrategicBot):
    name = "destination-hungry"
    keep_budget = 1.0
    keep_max = 4

    def ticket_value(self, points: int, cost: float) -> float:
        return points + points / max(cost, 1.0)

    def main_turn(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        trains = view.trains[self.seat]
        if (trains >= 12 and view.ticket_deck_size > 0 and not self.endgame(view)
                and self.planned_cost() * 2 < trains - 4):
            for a in actions:
                if isinstance(a, DrawTickets):
                    return a
        return super().main_turn(view, actions)
