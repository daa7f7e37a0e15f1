"""Per-game seeds and seating, derived from the run's seed and the game number only.

A game's seed and its bots depend on ``(seed, players, game number)`` and
nothing else — not on the worker that plays it nor on the order games finish —
so a run gives the same games with one process, many, or a Dask cluster.
"""

from __future__ import annotations

import hashlib
from itertools import combinations

SEED_BITS = 63


def game_seed(run_seed: int, players: int, game: int) -> int:
    """The seed of game number ``game`` (0-based) of a run.

    A hash rather than ``run_seed + game`` so that neighbouring runs do not
    share games; stable across Python versions and machines (no ``hash()``).
    """
    digest = hashlib.sha256(f"ttrtool:{run_seed}:{players}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def seating_cycle(bots: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    """Every seating a run cycles through, in a fixed order.

    * as many bots as seats: the ``players`` rotations of the list, so each bot
      plays each seat equally often (seat and bot effects separate);
    * more bots than seats (the four archetypes on a 2–3 player map): every
      combination of ``players`` bots (in list order), each in all its rotations;
    * fewer bots than seats: the list repeated to fill the table, then rotated.
    """
    if players < 1:
        raise ValueError("a game needs at least one player")
    if not bots:
        raise ValueError("no bots given")
    if len(bots) > players:
        tables = [tuple(c) for c in combinations(bots, players)]
    else:
        tables = [tuple(bots[i % len(bots)] for i in range(players))]
    cycle: list[tuple[str, ...]] = []
    for table in tables:
        for shift in range(players):
            cycle.append(table[shift:] + table[:shift])
    return tuple(cycle)


def seating(bots: tuple[str, ...], players: int, game: int) -> tuple[str, ...]:
    """The bot in each seat for game number ``game``."""
    cycle = seating_cycle(bots, players)
    return cycle[game % len(cycle)]
