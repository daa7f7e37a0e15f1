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


class DyingBot(FirstBot):
    """Ends the worker process that plays it at its first move, as the system's killer
    of processes ends one when memory runs out (SIGKILL), or as a bot calling sys.exit
    does; in a process that is no pool worker it plays as FirstBot."""

    how = "kill"

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        import multiprocessing
        import os
        import signal
        import sys

        if multiprocessing.parent_process() is not None:
            if self.how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            sys.exit(0)
        return super().choose(view, actions)


class LeavingBot(DyingBot):
    how = "exit"
