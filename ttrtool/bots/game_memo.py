"""What every bot of a game works out alike when it is made, worked out once a game.

A bot is made for every seat of every game, and much of what it derives from the game's
tables (its planning costs, its row of missing cards per route, the points table's
prices) depends only on the game and on a few of its weights.  :func:`per_game` keeps
such a value by the game (checked by identity) and a key naming it with those weights,
for the last :data:`GAMES` games and keys; the value must be immutable (tuples, frozen
objects): every bot of the game shares it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ttrtool.engine.game import Game

T = TypeVar("T")

GAMES = 256  # (game, key) pairs kept: a few games a process, a dozen keys each

_KEPT: dict[tuple[int, Hashable], tuple[Game, Any]] = {}
_LOCK = threading.Lock()


def per_game(game: Game, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, worked out once for ``game`` and ``key`` (which must name every
    weight ``make`` reads)."""
    slot = (id(game), key)
    known = _KEPT.get(slot)
    if known is not None and known[0] is game:
        value: T = known[1]
        return value
    value = make()
    with _LOCK:
        if len(_KEPT) >= GAMES:
            del _KEPT[next(iter(_KEPT))]
        _KEPT[slot] = (game, value)
    return value
