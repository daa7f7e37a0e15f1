"""Verdicts across play styles: the same games judged under several tables of bots.

A designer's players are not our default table, and near a margin the yes/no of
a finding can flip with the table.  ``simulate --styles`` plays the same seeds
under each table of :data:`STYLES` and judges each run alone; :func:`combine`
then says, for each finding, under which styles it holds, and for the seats,
whether every style agrees:

* a finding is kept at the most severe level any style gives it (a designer
  acts on a flaw some players would meet), and its message ends with the styles
  it holds for: ``with every style`` or ``only with casual players``;
* "every seat's edge is within ±x" is said at a player count only when no style
  finds a seat effect there; ``x`` is then the widest of the styles' bounds.

The tables are configurations of registered bots (docs/bots.md), chosen for
play a designer can meet at a real table (docs/simulate.md, "Play styles"):

* ``strong``: four experts, the way practised players play;
* ``default``: the default table, experts beside two archetypes of different
  habits (``ttrtool.bots.DEFAULT_BOTS``);
* ``casual``: one expert beside the expert as it played before 2026 (every
  change of 2026 off, docs/bots.md "The kept baseline") and two archetypes, a
  route chooser and a long-route player: a table with fewer practised players.

The three run from practised to casual by their current experts (4, 2, 1).  Two
kinds of table were left out for habits no table of people has, each giving a
warning on a clean official map at 1,000 games per count (seed 1): tables with
the destination-hungry archetype race for USA's Kansas City–Omaha (claimed in
the first three rounds of 68% of 5-player games, 95% CI 65-71%, a TTR607
warning), and the old expert twice beside two archetypes leaves Nordic
Countries' Helsinki–Kirkenes behind its points (completed 38% against 73% at 2
players, a TTR608 warning).  The casual table above gives neither
(benchmarks/notes/simulate.md, "Play styles").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ttrtool.codes import SEAT_ADVANTAGE
from ttrtool.findings import Finding, from_dicts, ordered

Report = Mapping[str, Any]

STYLES: dict[str, tuple[str, ...]] = {
    "strong": ("expert", "expert", "expert", "expert"),
    "default": ("expert", "route-focus", "expert", "long-route-junkie"),
    "casual": ("expert", "expert-2025", "route-focus", "long-route-junkie"),
}
# the style whose report carries the figures (seats, tickets, routes) of the combined report
MAIN = "default"


def _key(f: Finding) -> str:
    return json.dumps([f.code, {k: list(v) for k, v in f.subjects.items()}], sort_keys=True)


def held_by(styles: Sequence[str], every: Sequence[str]) -> str:
    """``with every style`` or ``only with casual players`` (or ``strong and casual``)."""
    if list(styles) == list(every):
        return "with every style"
    return f"only with {' and '.join(styles)} players"


def combine_findings(by_style: Mapping[str, Sequence[Finding]]) -> list[Finding]:
    """One finding per code and subjects over the styles: the most severe style's, its
    player counts joined over the styles where it is that severe, and its message
    saying which styles it holds for (and at what level under the others)."""
    names = list(by_style)
    groups: dict[str, dict[str, Finding]] = {}
    for style, found in by_style.items():
        for f in found:
            groups.setdefault(_key(f), {}).setdefault(style, f)
    out = []
    for mine in groups.values():
        level = max(f.severity for f in mine.values())
        top = [s for s in names if s in mine and mine[s].severity == level]
        lead = mine[top[0]]
        counts = sorted({n for s in top for n in mine[s].players})
        said = held_by(top, names)
        lower = [f"{mine[s].severity} with {s}" for s in names
                 if s in mine and mine[s].severity < level]
        if lower:
            said += f" ({', '.join(lower)})"
        out.append(replace(lead, message=f"{lead.message} — {said}", players=tuple(counts),
                           evidence={**lead.evidence, "styles": {
                               s: (str(mine[s].severity) if s in mine else None)
                               for s in names}}))
    return ordered(out)


def _ruled_out(c: Mapping[str, Any]) -> float | None:
    v = c.get("seat_verdict") or {}
    every = v.get("every_seat") or v
    return every.get("ruled_out")


def seat_agreement(by_style: Mapping[str, Report]) -> dict[str, dict[str, Any]]:
    """Per player count (as a string): each style's bound on every seat's edge, whether a
    style found a seat effect (TTR601), and the bound that holds for every style (None
    when a style found one, or did not play the count)."""
    out: dict[str, dict[str, Any]] = {}
    counts = sorted({c["players"] for r in by_style.values() for c in r["configurations"]})
    for n in counts:
        bounds: dict[str, float | None] = {}
        found: list[str] = []
        for style, report in by_style.items():
            c = next((c for c in report["configurations"] if c["players"] == n), None)
            bounds[style] = None if c is None else _ruled_out(c)
            if any(f["code"] == SEAT_ADVANTAGE and n in (f.get("players") or ())
                   for f in report["findings"]):
                found.append(style)
        known = [b for b in bounds.values() if b is not None]
        every = max(known) if len(known) == len(bounds) and not found else None
        out[str(n)] = {"ruled_out": every, "by_style": bounds, "seat_found_with": found}
    return out


def combine(by_style: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    """The report of a run under every style: :data:`MAIN`'s figures (and its
    ``--baseline`` comparison), the findings combined over the styles, ``styles``: each
    style's table and warnings, and in each configuration ``styles_verdict``, the seat
    verdict every style agrees on."""
    main = dict(by_style[MAIN] if MAIN in by_style else next(iter(by_style.values())))
    # a --baseline comparison is played with the main table alone: its findings stay as
    # they are, not "only with default players"
    changes = [f for f in from_dicts(main["findings"]) if f.source == "baseline"]
    found = ordered([*combine_findings({s: [f for f in from_dicts(r["findings"])
                                            if f.source != "baseline"]
                                        for s, r in by_style.items()}), *changes])
    main["findings"] = [f.to_dict() for f in found]
    agreement = seat_agreement(by_style)
    configurations = []
    for c in main["configurations"]:
        c = dict(c)
        c["findings"] = [f.to_dict() for f in found if c["players"] in f.players]
        c["styles_verdict"] = agreement.get(str(c["players"]))
        configurations.append(c)
    main["configurations"] = configurations
    main["styles"] = {
        s: {"bots": list(r["run"].get("bots", STYLES.get(s, ()))),
            "findings": sum(f["severity"] != "info" for f in r["findings"]),
            "warnings": [f["code"] for f in r["findings"] if f["severity"] != "info"]}
        for s, r in by_style.items()}
    return main


def styles_line(c: Mapping[str, Any]) -> str | None:
    """What every style agrees on about the seats at one player count, in words."""
    v = c.get("styles_verdict")
    if not v:
        return None
    n = c["players"]
    each = ", ".join(f"{s} ±{100 * b:.1f}" if b is not None else f"{s} –"
                     for s, b in v["by_style"].items())
    if v["seat_found_with"]:
        who = held_by(v["seat_found_with"], list(v["by_style"]))
        return (f"styles: a seat effect at {n} players {who}: no fairness verdict holds for "
                f"every style ({each})")
    if v["ruled_out"] is None:
        return None
    return (f"styles: with every style, every seat's edge is within ±{100 * v['ruled_out']:.1f} "
            f"points of win rate at {n} players ({each})")

