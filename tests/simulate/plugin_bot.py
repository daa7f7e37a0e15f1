"""A user's own bot for the plug-in tests: always the first legal action but
keeping tickets like everyone else."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ttrtool.engine.actions import Action
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView


class FirstBot:
    name = "first"

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.seat = seat

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        assert view.seat == self.seat
        return actions[0]


class CheatBot(FirstBot):
    """Returns an action that is not in the list."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        from ttrtool.engine.actions import ClaimRoute

        return ClaimRoute(0, "red", 0, 99)


class NotABot:
    pass
