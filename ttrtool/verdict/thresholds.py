"""``--fail-on`` thresholds: conditions on a report that make ``simulate`` exit 1.

A spec is a comma-separated list of checks, each ``name>value``, ``name<value``
or a bare flag::

    findings
    seat-advantage>0.1,stall-rate>0.01,ticket-never-completed
    seat-p<0.01

``findings`` fails on any finding of severity warning or error (the gate
docs/ci.md recommends); every other check is evaluated on every player count
of the report.
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


def _links(c: Config) -> list[Mapping[str, Any]]:
    """One row per link: a double route whose second track is closed at this player
    count (R-CLAIM-5) is one link, so the closed track never counts as idle."""
    seen: dict[str, Mapping[str, Any]] = {}
    for r in c["routes"]:
        seen.setdefault(r.get("link", r["label"]), r)
    return list(seen.values())


def _link_rate(r: Mapping[str, Any]) -> float:
    return float(r["link_claim_rate"]["rate"]) if "link_claim_rate" in r else float(r["claim_rate"])


def _min_route_claim_rate(c: Config) -> float:
    return min((_link_rate(r) for r in _links(c)), default=1.0)


def _least_claimed(c: Config) -> str:
    links = _links(c)
    if not links:
        return ""
    r = min(links, key=_link_rate)
    return str(r.get("link", r["label"]))


def _hardest_ticket(c: Config) -> str:
    kept = [t for t in c["tickets"] if t["kept"] > 0]
    return min(kept, key=lambda t: t["completion"]["rate"])["label"] if kept else ""


# name -> (what it measures, function of one configuration)
METRICS: dict[str, tuple[str, Callable[[Config], float]]] = {
    "seat-advantage": ("highest minus lowest win rate over seats", _seat_advantage),
    "seat-p": ("p-value of the chi-square test that every seat wins equally often "
               "(small: a seat effect that is unlikely to be chance)", _seat_p),
    "bot-advantage": ("highest minus lowest win rate over bots", _bot_advantage),
    "stall-rate": ("share of games not ending normally (stalled or turn cap)", _stall_rate),
    "ticket-completion": ("lowest completion rate of any ticket kept at least once",
                          _min_ticket_completion),
    "route-claim-rate": ("lowest share of games in which a route was claimed (a double route "
                         "whose second track is closed counts once)", _min_route_claim_rate),
}

# metric -> what the value belongs to, named in the failure message
SUBJECTS: dict[str, Callable[[Config], str]] = {
    "route-claim-rate": _least_claimed,
    "ticket-completion": _hardest_ticket,
}


def _never_completed(c: Config) -> list[str]:
    return [t["label"] for t in c["tickets"] if t["completed"] == 0]


def _never_claimed(c: Config) -> list[str]:
    return [str(r.get("link", r["label"])) for r in _links(c)
            if r.get("link_claimed", r["claimed"]) == 0]


FLAGS: dict[str, tuple[str, Callable[[Config], list[str]]]] = {
    "ticket-never-completed": ("a ticket no player completed in the run", _never_completed),
    "route-never-claimed": ("a route no player claimed in the run (a double route whose "
                            "second track is closed counts once)", _never_claimed),
    "findings": ("a finding of severity warning or error (docs/simulate.md, Findings)",
                 lambda c: []),  # read from the whole report: see failures()
    "play-findings": ("a finding from play (or from --baseline) of severity warning or "
                      "error: static findings do not fail the run", lambda c: []),
}
GATES = {"findings": ("static", "play", "baseline"), "play-findings": ("play", "baseline")}

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
    sources = {src for t in thresholds for src in GATES.get(t.name, ())}
    if sources:
        for f in report.get("findings", []):
            if f["severity"] in ("warning", "error") and f.get("source", "static") in sources:
                counts = ", ".join(map(str, f.get("players") or ()))
                where = f"{counts} players: " if counts else ""
                out.append(f"{where}findings: {f['severity']} {f['code']} {f['name']}: "
                           f"{f['message']}")
    for c in report["configurations"]:
        where = f"{c['players']} players"
        for t in thresholds:
            if t.name in GATES:
                continue
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
                subject = SUBJECTS[t.name](c) if t.name in SUBJECTS else ""
                named = f" ({subject})" if subject else ""
                out.append(f"{where}: {t.name} is {value:.4g}{named} ({t})")
    return out
