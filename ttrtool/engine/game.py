"""The game definition: a board, its rules and a player count (docs/rules.md).

A :class:`Game` is immutable and shared by every state of every game played
on it: the integer tables of :mod:`ttrtool.engine.tables` (which the rule
modules and the state read) and the one way to start a game on them.
"""

from __future__ import annotations

from ttrtool.engine.state import GameState
from ttrtool.engine.tables import BoardTables, table_fields
from ttrtool.model import Board


class Game(BoardTables):
    """Board + rules + player count.  ``new_state(seed)`` starts a game.

    Raises ValueError for a player count out of the map's range (R-SET-1), a
    ``turn_cap`` below 1, or a route length the rules do not score.
    """

    __slots__ = ()

    def __init__(self, board: Board, players: int, *, turn_cap: int | None = None) -> None:
        super().__init__(**table_fields(board, players, turn_cap))

    def new_state(self, seed: int) -> GameState:
        """Shuffle and deal with a ``random.Random(seed)`` owned by the state (R-SET-3, R-SET-4)."""
        return GameState.start(self, seed)
