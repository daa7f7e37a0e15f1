"""The random bot: uniform over the legal actions, for fuzzing the engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ttrtool.engine.actions import Action
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView


class RandomBot:
    """Picks uniformly among the legal actions using only its own generator."""

    name = "random"

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        return actions[self.rng.randrange(len(actions))]
