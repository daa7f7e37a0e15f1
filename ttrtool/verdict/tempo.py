"""TTR610: games far longer or shorter than the official maps play.

The official range is measured, not set: benchmarks/official_tempo.py plays
every official map at each of its player counts under each table of
:data:`ttrtool.verdict.styles.STYLES` and keeps each map's mean turns per
player and trains left per player, with its standard error, in
official_tempo.json beside this module.  A run is compared with the range of
its own table at its own player count (a tempo depends on who plays), with
one-sided tests adjusted together by Holm; a warning when the near end of the
95% interval is :attr:`PressureLimits.tempo_margin` beyond the range.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from typing import Any

from ttrtool.codes import TEMPO_OUT_OF_RANGE
from ttrtool.diagnostics import Severity
from ttrtool.findings import Effect, Finding, Test
from ttrtool.verdict.pressure import PRESSURE_LIMITS, PressureLimits
from ttrtool.verdict.statistics import Z95, equals, holm, normal_sf

Config = Mapping[str, Any]


def official_tempo(bots: Sequence[str] | None, players: int
                   ) -> dict[str, tuple[float, float]] | None:
    """The official maps' range of each tempo measure at ``players`` under the table
    ``bots`` (None: the default table), measured by benchmarks/official_tempo.py and kept
    in official_tempo.json: from the lowest map mean to the highest, each widened by
    :data:`TEMPO_SES` standard errors of its own measurement (so a clean map, measured
    again with more games, is not found outside its own range).  None for a table that
    was not measured: a tempo depends on who plays, and TTR610 then tests nothing.  A
    count no official map is played at takes the nearest one measured."""
    table = _tempo_tables().get(tuple(bots) if bots else DEFAULT_TABLE)
    if not table:
        return None
    n = min(table, key=lambda k: (abs(k - players), k))
    return {measure: (round(min(m - TEMPO_SES * se for m, se in means.values()), 2),
                      round(max(m + TEMPO_SES * se for m, se in means.values()), 2))
            for measure, means in table[n].items()}


TEMPO_SES = 3.0
DEFAULT_TABLE = ("expert", "route-focus", "expert", "long-route-junkie")


@functools.cache
def _tempo_tables() -> dict[tuple[str, ...], dict[int, dict[str, dict[str, list[float]]]]]:
    data = json.loads(resources.files("ttrtool.verdict").joinpath("official_tempo.json")
                      .read_text(encoding="utf-8"))
    return {tuple(t["bots"]): {int(n): row for n, row in t["players"].items()}
            for t in data["tables"].values()}


def _tempo_measures(c: Config) -> Iterator[tuple[str, float, float, int]]:
    """(measure, mean, standard deviation, count) per player of one configuration."""
    n, turns, left = c["players"], c.get("turns", {}), c.get("trains_left", {})
    if turns.get("n"):
        yield "turns per player", turns["mean"] / n, turns["stdev"] / n, turns["n"]
    if left.get("n"):
        yield "trains left per player", left["mean"], left["stdev"], left["n"]


def tempo(configs: Sequence[Config], limits: PressureLimits = PRESSURE_LIMITS,
          bots: Sequence[str] | None = None) -> Iterator[Finding]:
    """TTR610: a run's tempo outside the official maps' range at the same player count
    under the same table of bots (:func:`official_tempo`; ``bots`` the run's table, None
    the default).  One one-sided test per measure and count, adjusted together by Holm."""
    tests: list[tuple[float, Any]] = []
    for c in configs:
        n = c["players"]
        official = official_tempo(bots, n)
        if official is None:
            continue
        for measure, mean, sd, count in _tempo_measures(c):
            if count < limits.tempo_games:
                continue
            low, high = official[measure]
            se = sd / math.sqrt(count) if count > 1 else 0.0
            lo, hi = mean - Z95 * se, mean + Z95 * se
            bound = high if mean > high else low
            inside = low <= mean <= high
            p = 1.0 if inside else (normal_sf(abs(mean - bound) / se) if se else 0.0)
            tests.append((p, (n, measure, mean, lo, hi, low, high, bound, count)))
    adjusted = holm([p for p, _ in tests])
    control = f"Holm over the {len(tests)} tempo tests of the run"
    for (p, (n, measure, mean, lo, hi, low, high, bound, count)), p_adj in zip(
            tests, adjusted, strict=True):
        if p_adj >= limits.alpha or (low <= hi and lo <= high):
            continue  # not significant, or the interval reaches the official range
        near = lo if mean > high else hi
        far = abs(near - bound) / bound >= limits.tempo_margin
        word = "above" if mean > high else "below"
        yield Finding(
            TEMPO_OUT_OF_RANGE, Severity.WARNING if far else Severity.INFO,
            f"{measure} {mean:.1f} at {n} players (95% CI {lo:.1f}–{hi:.1f}) is "
            f"{word} the official maps' {low:g}–{high:g} under the same bots "
            f"({equals('p', p_adj)} after Holm)",
            {}, {"measure": measure, "mean": round(mean, 4), "official": [low, high],
                 "games": count},
            players=(n,),
            effect=Effect(f"{measure} minus the official range's nearer end",
                          mean - bound, (lo - bound, hi - bound), measure),
            test=Test("one-sided z-test of the mean against the official range", p, p_adj,
                      control))
