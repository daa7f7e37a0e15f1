"""The random bot: uniform over the legal actions, for fuzzing the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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
        # randrange(n) for n > 0 is _randbelow(n): the same draw without randrange's checks.
        below: Callable[[int], int] | None = getattr(rng, "_randbelow", None)
        self._below = below if below is not None else rng.randrange

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        if not actions:
            raise ValueError("no action to choose from")  # as randrange(0) would
        return actions[self._below(len(actions))]
