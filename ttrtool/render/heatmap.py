"""Route claim frequencies from a simulation report, drawn over the board.

The report is JSON.  For each route the claim rate (0..1: the share of
simulated games in which the route was claimed) is read from, in order:

* ``{"routes": {"<route id>": {"claim_rate": 0.42}}}`` — the simple form;
* ``{"routes": {"<route id>": 0.42}}``;
* ``{"routes": [{"id": "<route id>", "claim_rate": 0.42}, ...]}``;

and the per-route section may also sit under ``"stats"`` or ``"analysis"``
(``{"stats": {"routes": ...}}``).  ``claimed`` divided by the report's
``games`` is accepted when ``claim_rate`` is missing.  A ``ttrtool simulate``
report (``{"configurations": [{"games": 100, "routes": [{"id", "claim_rate"}]}]}``,
one configuration per player count) is read too: the rates of all
configurations are averaged, weighted by their ``games``.  Unknown route ids
are reported, not ignored.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ttrtool.model import Board
from ttrtool.outputs import not_a_regular_file
from ttrtool.render.plan import BoardPlan
from ttrtool.render.svg import el, num
from ttrtool.render.theme import Theme

HEAT_WIDTH, HEAT_HEIGHT = 60.0, 16.0


# What to do about a file that is not a report at all.
MAKE_ONE = "give the report `ttrtool simulate MAP --out report.json` writes"


class ReportError(Exception):
    """A report that cannot be read or does not match the board."""


def _section(path: str | Path, data: Any) -> Any:
    if not isinstance(data, dict):
        raise ReportError(f"{path}: the report is not a JSON object: {MAKE_ONE}")
    for outer in (data, data.get("stats"), data.get("analysis")):
        if isinstance(outer, dict) and "routes" in outer:
            return outer["routes"]
    raise ReportError(f"{path}: the report has no 'routes' section: {MAKE_ONE} "
                      "(docs/render.md lists the forms read)")


def _rate(value: Any, games: Any, rid: str) -> float:
    if isinstance(value, dict):
        if "claim_rate" in value:
            value = value["claim_rate"]
        elif "claimed" in value and isinstance(games, int | float) and games > 0:
            value = value["claimed"] / games
        else:
            raise ReportError(f"route '{rid}' has no 'claim_rate'")
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ReportError(f"route '{rid}': claim rate must be a number from 0 to 1, got {value!r}")
    return float(value)


def read_report(path: str | Path, board: Board) -> dict[str, float]:
    """Claim rate by route id; raises :class:`ReportError` with a readable message."""
    try:
        refused = not_a_regular_file(Path(path))
        if refused:
            raise ReportError(f"{path}: cannot read: {refused}")
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ReportError(f"{path}: cannot read: {e.strerror or e}") from None
    except json.JSONDecodeError as e:
        raise ReportError(f"{path}:{e.lineno}:{e.colno}: not JSON ({e.msg}): {MAKE_ONE}") from None
    except UnicodeDecodeError as e:
        raise ReportError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start}): "
                          f"{MAKE_ONE}") from None
    except RecursionError:
        raise ReportError(f"{path}: nested too deeply to be a report: {MAKE_ONE}") from None
    if isinstance(data, dict) and isinstance(data.get("configurations"), list):
        return _configurations(path, data["configurations"], board)
    games = data.get("games") if isinstance(data, dict) else None
    section = _section(path, data)
    pairs: list[tuple[str, Any]]
    if isinstance(section, dict):
        pairs = [(str(k), v) for k, v in section.items()]
    elif isinstance(section, list):
        pairs = [(str(v.get("id", "")), v) for v in section if isinstance(v, dict)]
    else:
        raise ReportError(f"{path}: 'routes' must be an object or a list")
    known = {r.id for r in board.routes}
    out: dict[str, float] = {}
    for rid, value in pairs:
        if rid not in known:
            raise ReportError(f"{path}: route '{rid}' is not on the board {board.meta.id}")
        out[rid] = _rate(value, games, rid)
    return out


def _configurations(path: str | Path, configs: list[Any], board: Board) -> dict[str, float]:
    total: dict[str, float] = {}
    weight: dict[str, float] = {}
    for n, config in enumerate(configs):
        if not isinstance(config, dict):
            raise ReportError(f"{path}: configurations[{n}] must be an object")
        games = config.get("games", 1)
        games = (games if isinstance(games, int | float) and not isinstance(games, bool)
                 and 0 < games < 1e12 else 1)
        known = {r.id for r in board.routes}
        entries = config.get("routes", [])
        if not isinstance(entries, list):
            raise ReportError(f"{path}: configurations[{n}].routes must be a list of routes, "
                              f"got {type(entries).__name__}: {MAKE_ONE}")
        for entry in entries:
            rid = str(entry.get("id", "")) if isinstance(entry, dict) else ""
            if rid not in known:
                raise ReportError(f"{path}: route '{rid}' is not on the board {board.meta.id}")
            total[rid] = total.get(rid, 0.0) + _rate(entry, games, rid) * games
            weight[rid] = weight.get(rid, 0.0) + games
    return {rid: total[rid] / weight[rid] for rid in sorted(total)}


def heat_color(theme: Theme, rate: float) -> str:
    stops = theme.heatmap
    t = max(0.0, min(1.0, rate)) * (len(stops) - 1)
    i = min(int(t), len(stops) - 2)
    frac = t - i
    a, b = _rgb(stops[i]), _rgb(stops[i + 1])
    return "#" + "".join(f"{round(x + (y - x) * frac):02x}" for x, y in zip(a, b, strict=True))


def _rgb(color: str) -> tuple[int, int, int]:
    h = color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) < 6:
        return (128, 128, 128)
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def heatmap_layer(p: BoardPlan, theme: Theme, heat: Mapping[str, float]) -> ET.Element:
    board = p.routes.board
    g = el(None, "g", {"id": "layer-heatmap", "fill-opacity": 0.8})
    for sp in p.routes.spaces():
        r = board.routes[sp.route]
        if r.id not in heat:
            continue
        b = sp.box
        el(g, "rect", {"id": f"heat-{r.id}-{sp.index + 1}", "class": "heat",
                       "x": -b.hl + 1, "y": -b.hw + 1, "width": 2 * b.hl - 2,
                       "height": 2 * b.hw - 2, "rx": 0.6,
                       "transform": f"translate({num(b.cx)} {num(b.cy)}) rotate({num(b.angle)})",
                       "fill": heat_color(theme, heat[r.id]),
                       "data-claim-rate": f"{heat[r.id]:.3f}"})
    return g


def heat_legend(theme: Theme, x: float, y: float) -> ET.Element:
    g = el(None, "g", {"id": "heat-legend", "transform": f"translate({num(x)} {num(y)})",
                       "font-family": theme.font_family, "fill": theme.colors["text"]})
    el(g, "rect", {"x": 0, "y": 0, "width": HEAT_WIDTH, "height": HEAT_HEIGHT, "rx": 2,
                   "fill": theme.colors["legend_fill"], "stroke": theme.colors["legend_stroke"],
                   "stroke-width": 0.5})
    el(g, "text", {"x": HEAT_WIDTH / 2, "y": 5, "font-size": 3.2, "font-weight": "bold",
                   "text-anchor": "middle"}, "Claimed in share of games")
    steps = 20
    bar = HEAT_WIDTH - 8
    for i in range(steps):
        el(g, "rect", {"x": 4 + i * bar / steps, "y": 6.5, "width": bar / steps + 0.05,
                       "height": 4, "fill": heat_color(theme, i / (steps - 1))})
    for k, t in enumerate((0.0, 0.5, 1.0)):
        el(g, "text", {"x": 4 + t * bar, "y": 14.5, "font-size": 2.8,
                       "text-anchor": ("start", "middle", "end")[k]}, f"{round(t * 100)}%")
    return g
