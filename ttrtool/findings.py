"""Balance findings: what ``analyze`` and ``simulate`` conclude about a map, as records.

A finding is shaped like a validation :class:`~ttrtool.diagnostics.Diagnostic`:
a stable code (``TTR501``), a kebab-case name, a severity, a message that
names its subject in words (city names, colours, seats), the ``subjects``
(route ids, ticket ids, colours, seats) and the ``evidence`` (the figures
behind it, with confidence intervals where they come from play).  Static
findings come from :mod:`ttrtool.analysis.findings`, findings from play from
:mod:`ttrtool.simulate.findings`; formatting is the caller's business.

Every code is registered once in :data:`CODES` with its name, its class and a
one-line why, so docs and tests can list them from here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


class Level(enum.IntEnum):
    """How much a finding matters; ``--fail-on findings`` fails from WARNING up."""

    INFO = 0
    WARNING = 1
    ERROR = 2

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Kind:
    code: str
    name: str
    source: str  # "static" or "play"
    why: str


CODES: dict[str, Kind] = {k.code: k for k in (
    Kind("TTR501", "ticket-overpriced", "static",
         "a ticket pays more than its cheapest path by more than the official maps do"),
    Kind("TTR502", "ticket-underpriced", "static",
         "a ticket pays less than the train spaces its cheapest path needs"),
    Kind("TTR503", "route-longer-than-detour", "static",
         "a route is much longer than another path between its two ends"),
    Kind("TTR504", "shortcut", "static",
         "one link makes several tickets cheaper than their points say"),
    Kind("TTR505", "colour-spaces-out-of-range", "static",
         "one colour has far more or fewer train spaces (or routes) than the others"),
    Kind("TTR506", "deck-against-demand", "static",
         "a colour's cards in the deck are out of proportion to the spaces needing that colour"),
    Kind("TTR507", "chokepoint", "static",
         "one claim by an opponent cuts off or makes dearer many tickets at a player count"),
    Kind("TTR508", "ticket-lengths", "static",
         "the ticket deck has no long tickets, or nearly all are short"),
    Kind("TTR601", "seat-advantage", "play",
         "one seat wins more often than chance allows"),
    Kind("TTR602", "route-never-claimed", "play",
         "an open route no player claimed in the run"),
    Kind("TTR603", "route-rarely-claimed", "play",
         "an open route claimed in very few games"),
    Kind("TTR604", "ticket-advantage", "play",
         "players who keep a ticket win (or lose) more than those who do not"),
    Kind("TTR605", "games-stalled", "play",
         "games that ended by stalling or the turn cap instead of the trains running out"),
)}
NAMES: dict[str, str] = {k.name: k.code for k in CODES.values()}


@dataclass(frozen=True)
class Finding:
    """One conclusion about a map; ``players`` is None when it holds at every count."""

    code: str
    level: Level
    message: str
    subjects: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    evidence: Mapping[str, Any] = field(default_factory=dict)
    players: int | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unregistered finding code {self.code}")

    @property
    def name(self) -> str:
        return CODES[self.code].name

    @property
    def source(self) -> str:
        return CODES[self.code].source

    def sort_key(self) -> tuple[int, str, int, str]:
        return (-self.level, self.code, self.players or 0, self.message)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "severity": str(self.level),
                "source": self.source, "players": self.players, "message": self.message,
                "subjects": {k: list(v) for k, v in self.subjects.items()},
                "evidence": dict(self.evidence)}

    def line(self) -> str:
        """``warning TTR501 ticket-overpriced: message`` (with the player count if any)."""
        where = f" [{self.players} players]" if self.players else ""
        return f"{self.level} {self.code} {self.name}{where}: {self.message}"


def ordered(findings: Iterable[Finding]) -> list[Finding]:
    """Most severe first, then by code, player count and message (a stable order)."""
    return sorted(findings, key=Finding.sort_key)


def serious(findings: Iterable[Finding], at_least: Level = Level.WARNING) -> list[Finding]:
    return [f for f in findings if f.level >= at_least]


def level_of(name: str) -> Level:
    """``'warning'`` -> :attr:`Level.WARNING`; ValueError for an unknown name."""
    try:
        return Level[name.upper()]
    except KeyError:
        raise ValueError(f"unknown severity '{name}': use info, warning or error") from None


def counts_line(findings: Iterable[Finding]) -> str:
    """``2 warnings, 5 info`` (``no findings`` when empty)."""
    tally = {lv: 0 for lv in Level}
    for f in findings:
        tally[f.level] += 1
    parts = [f"{n} {lv}{'s' if n != 1 and lv is not Level.INFO else ''}"
             for lv, n in sorted(tally.items(), reverse=True) if n]
    return ", ".join(parts) or "no findings"


# Presentation: findings as JSON-ready dicts (``Finding.to_dict``) turned into lines.
# Both analyze and simulate open their text and Markdown reports with these.

def _where(f: Mapping[str, Any]) -> str:
    return f" [{f['players']} players]" if f.get("players") else ""


def text_line(f: Mapping[str, Any]) -> str:
    """One finding as the terminal shows it (``analyze`` and ``simulate`` alike)."""
    return f"  {f['severity']:<7} {f['code']} {f['name']}{_where(f)}: {f['message']}"


def text_lines(found: Iterable[Mapping[str, Any]], info: int = 10) -> list[str]:
    """``Findings (1 warning, 2 info):`` then one line per finding, most severe first;
    at most ``info`` lines of info (the rest are counted: the reports have them all)."""
    items = list(found)
    lines = [f"Findings ({counts_line(from_dicts(items))}):" if items else "Findings: none."]
    shown = [f for f in items if f["severity"] != "info"]
    quiet = [f for f in items if f["severity"] == "info"]
    shown += quiet[:info]
    lines += [text_line(f) for f in shown]
    if len(quiet) > info:
        lines.append(f"  ... and {len(quiet) - info} more info (in the JSON and Markdown reports)")
    return lines


def markdown_lines(found: Iterable[Mapping[str, Any]]) -> list[str]:
    """A ``## Findings`` section: a table, most severe first."""
    items = list(found)
    lines = ["## Findings", ""]
    if not items:
        return lines + ["No findings.", ""]
    lines += [f"{counts_line(from_dicts(items))}.", "",
              "| severity | code | finding | players | message |", "|---|---|---|---:|---|"]
    for f in items:
        message = str(f["message"]).replace("|", "\\|")
        lines.append(f"| {f['severity']} | {f['code']} | {f['name']} | "
                     f"{f.get('players') or 'all'} | {message} |")
    return lines + [""]


def from_dicts(items: Iterable[Mapping[str, Any]]) -> list[Finding]:
    """Findings back from their JSON form (``subjects`` and ``evidence`` as stored)."""
    return [Finding(f["code"], level_of(f["severity"]), f["message"],
                    {k: tuple(v) for k, v in f.get("subjects", {}).items()},
                    dict(f.get("evidence", {})), f.get("players"))
            for f in items]
