"""Paired tests for ``--baseline``: game ``k`` on the map against game ``k`` on the baseline.

Both runs deal game ``k`` at ``n`` players from the same seed with the same
seating (docs/simulate.md, "Determinism"), so where the maps allow, the two
games start from the same cards and tickets.  A figure of one game on the map
minus the same figure of the same game on the baseline takes out what the
deal alone decides (a seat dealt two easy tickets wins on both maps), and the
test is over those per-game differences: a paired test, with the variance of
the differences instead of the sum of two variances.

:class:`GameSummary` is what a run keeps of each game for this (the
:class:`~ttrtool.verdict.report.Tally` of a run with a baseline keeps one per
game, in game order); :func:`paired` is the test.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ttrtool.verdict.statistics import normal_sf


@dataclass(frozen=True)
class GameSummary:
    """What a paired comparison needs of one game."""

    winners: frozenset[int]  # seats, from 0
    winner_score: int
    turns: int
    claimed: frozenset[str]  # route ids
    # the route ids claimed in the game's first three rounds, in turn order: whether the
    # bots' openings respond to an edit at all
    opening: tuple[str, ...] = ()


# the map's games and the baseline's, game k beside game k
Pair = tuple[Sequence[GameSummary], Sequence[GameSummary]]

PAIRED = "paired over games dealt from the same seeds"


@dataclass(frozen=True)
class Paired:
    """Mean of the per-game differences, its standard error and the two-sided p-value."""

    diff: float
    se: float
    p_value: float
    games: int


def paired(pair: Pair, figure: Callable[[GameSummary, bool], float]) -> Paired:
    """The paired test of ``figure(game, on_baseline)``: mean over games of the map's
    figure minus the baseline's in the same game, with a normal test (hundreds of
    games: the t and the normal agree to the figures shown)."""
    new, old = pair
    diffs = [figure(a, False) - figure(b, True) for a, b in zip(new, old, strict=True)]
    n = len(diffs)
    if n < 2:
        return Paired(0.0, math.inf, 1.0, n)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(var / n)
    if se == 0:
        return Paired(mean, 0.0, 1.0 if mean == 0 else 0.0, n)
    return Paired(mean, se, min(1.0, 2 * normal_sf(abs(mean) / se)), n)


# the paired test estimates the spread of the differences from the games themselves and
# reads it on the normal curve: with a handful of games that is too bold (4 games gave
# q = 1e-4 for a colour), so short runs are compared unpaired
MIN_PAIRED_GAMES = 30


def matching(new: Sequence[GameSummary], old: Sequence[GameSummary]) -> Pair | None:
    """The two runs' games as pairs, when both played the same games (the same number:
    ``--games auto`` against a fixed baseline is compared unpaired) and at least
    :data:`MIN_PAIRED_GAMES` of them."""
    if len(new) != len(old) or len(new) < MIN_PAIRED_GAMES:
        return None
    return new, old


def same_openings(pair: Pair, ids: Mapping[str, str]) -> int:
    """How many games opened with the same claims on both maps (``ids``: a route id on the
    map -> the same track's id on the baseline)."""
    new, old = pair
    return sum(tuple(ids.get(r, r) for r in a.opening) == b.opening
               for a, b in zip(new, old, strict=True))
