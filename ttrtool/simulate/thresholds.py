"""``--fail-on`` thresholds: conditions on a report that make ``simulate`` exit 1.

A spec is a comma-separated list of checks, each ``name>value``, ``name<value``
or a bare flag::

    seat-advantage>0.1,stall-rate>0.01,ticket-never-completed
    seat-p<0.01

Every check is evaluated on every player count of the report.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Config = Mapping[str, Any]


def _spread(items: list[Mapping[str, Any]]) -> float:
    rates = [i["wins"]["rate"] for i in items if i["wins"]["of"] > 0]
    return max(rates) - min(rates) if len(rates) > 1 else 0.0


def _seat_advantage(c: Config) -> float:
    return _spread(c["seats"])


def _seat_p(c: Config) -> float:
    test = c.get("seat_test")
    return float(test["p_value"]) if test else 1.0


def _bot_advantage(c: Config) -> float:
    return _spread(c["bots"])


def _stall_rate(c: Config) -> float:
    return float(c["stall_rate"]["rate"])


def _min_ticket_completion(c: Config) -> float:
    kept = [t["completion"]["rate"] for t in c["tickets"] if t["kept"] > 0]
    return min(kept) if kept else 1.0


def _min_route_claim_rate(c: Config) -> float:
    return min((r["claim_rate"] for r in c["routes"]), default=1.0)


# name -> (what it measures, function of one configuration)
METRICS: dict[str, tuple[str, Callable[[Config], float]]] = {
    "seat-advantage": ("highest minus lowest win rate over seats", _seat_advantage),
    "seat-p": ("p-value of the chi-square test that every seat wins equally often "
               "(small: a seat effect that is unlikely to be chance)", _seat_p),
    "bot-advantage": ("highest minus lowest win rate over bots", _bot_advantage),
    "stall-rate": ("share of games not ending normally (stalled or turn cap)", _stall_rate),
    "ticket-completion": ("lowest completion rate of any ticket kept at least once",
                          _min_ticket_completion),
    "route-claim-rate": ("lowest share of games in which a route was claimed",
                         _min_route_claim_rate),
}


def _never_completed(c: Config) -> list[str]:
    return [t["label"] for t in c["tickets"] if t["completed"] == 0]


def _never_claimed(c: Config) -> list[str]:
    return [r["label"] for r in c["routes"] if r["claimed"] == 0]


FLAGS: dict[str, tuple[str, Callable[[Config], list[str]]]] = {
    "ticket-never-completed": ("a ticket no player completed in the run", _never_completed),
    "route-never-claimed": ("a route no player claimed in the run", _never_claimed),
}

_CHECK = re.compile(r"^\s*([a-z-]+)\s*(?:([<>])\s*([0-9]*\.?[0-9]+)\s*)?$")


@dataclass(frozen=True)
class Threshold:
    name: str
    op: str | None = None  # ">" or "<"; None for a flag
    value: float = 0.0

    def __str__(self) -> str:
        return self.name if self.op is None else f"{self.name}{self.op}{self.value:g}"


def parse_fail_on(spec: str) -> list[Threshold]:
    """Parse a ``--fail-on`` spec; ValueError with a message saying what is allowed."""
    out: list[Threshold] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        m = _CHECK.match(part)
        known = ", ".join([f"{k}>X or {k}<X" for k in METRICS] + list(FLAGS))
        if not m:
            raise ValueError(f"cannot read --fail-on check '{part}': use one of {known}")
        name, op, value = m.groups()
        if name in FLAGS and op is None:
            out.append(Threshold(name))
        elif name in METRICS and op is not None:
            out.append(Threshold(name, op, float(value)))
        elif name in METRICS:
            raise ValueError(f"--fail-on '{name}' needs a limit, e.g. {name}>0.1")
        elif name in FLAGS:
            raise ValueError(f"--fail-on '{name}' is a flag and takes no limit")
        else:
            raise ValueError(f"unknown --fail-on check '{name}': use one of {known}")
    return out


def failures(report: Mapping[str, Any], thresholds: list[Threshold]) -> list[str]:
    """Human-readable lines, one per crossed threshold and player count."""
    out: list[str] = []
    for c in report["configurations"]:
        where = f"{c['players']} players"
        for t in thresholds:
            if t.op is None:
                hits = FLAGS[t.name][1](c)
                if hits:
                    more = f" and {len(hits) - 5} more" if len(hits) > 5 else ""
                    shown = ", ".join(hits[:5]) + more
                    out.append(f"{where}: {t.name}: {shown}")
                continue
            value = METRICS[t.name][1](c)
            crossed = value > t.value if t.op == ">" else value < t.value
            if crossed:
                out.append(f"{where}: {t.name} is {value:.4g} ({t})")
    return out
