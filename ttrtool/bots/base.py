"""The bot interface: how a player program plugs into the engine.

A bot is constructed once per game and seat, ``Bot(game, seat, rng)``, and
asked for a decision with ``choose(view, actions)`` whenever it is that
seat's turn to decide (including setup ticket choices, the second card of a
draw and tunnel payments).  ``view`` holds only what the seat may know;
``actions`` is the non-empty list of legal actions, and the bot must return
one of them.  All randomness must come from ``rng`` so games replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ttrtool.engine.actions import Action
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A player program.  ``name`` identifies it in reports."""

    name: str

    def __init__(self, game: Game, seat: int, rng: random.Random) -> None: ...

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """Return one of ``actions``."""
        ...
