"""Balance findings: what ``analyze`` and ``simulate`` conclude about a map, as records.

A finding is shaped like a validation :class:`~ttrtool.diagnostics.Diagnostic`:
a stable code (``TTR501``), a kebab-case name, a
:class:`~ttrtool.diagnostics.Severity` (the one severity type), a message that
names its subject in words (city names, colours, seats), the ``subjects`` (by
the ids the board drawing uses: route ids, ticket ids, colours, seats), the
player counts it holds at, and for findings from play the ``effect`` (size,
95% interval, unit) and the ``test`` behind it (name, p-value, the adjusted
value under the run's false-discovery control).  Static findings come from
:mod:`ttrtool.analysis.findings`, findings from play from
:mod:`ttrtool.verdict.findings`; formatting is the caller's business.

Every code is declared once, in the catalogue (:mod:`ttrtool.checks.catalog`),
with validation's codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ttrtool.checks.catalog import finding_info
from ttrtool.diagnostics import Severity


@dataclass(frozen=True)
class Effect:
    """How large a finding's effect is: ``value`` in ``unit`` with its 95% interval."""

    measure: str  # e.g. "keepers' win rate minus non-keepers' (same bot and seat)"
    value: float
    ci95: tuple[float, float]
    unit: str  # "points of win rate", "points of score", "turns", ...

    def to_dict(self) -> dict[str, Any]:
        return {"measure": self.measure, "value": round(self.value, 6),
                "ci95": [round(self.ci95[0], 6), round(self.ci95[1], 6)], "unit": self.unit}


@dataclass(frozen=True)
class Test:
    """The test behind a finding from play; ``adjusted`` under the run's error control."""

    name: str  # e.g. "Mantel-Haenszel over bot x seat strata"
    p_value: float
    adjusted: float | None = None
    control: str = ""  # e.g. "Benjamini-Hochberg over all 212 tests of the run"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "p_value": float(f"{self.p_value:.4g}"),
                "adjusted": None if self.adjusted is None else float(f"{self.adjusted:.4g}"),
                "control": self.control}


@dataclass(frozen=True)
class Finding:
    """One conclusion about a map; ``players`` empty when it holds whatever the count."""

    code: str
    severity: Severity
    message: str
    subjects: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    evidence: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[int, ...] = ()
    effect: Effect | None = None
    test: Test | None = None
    hint: str = ""  # advice shared by many findings: said once under them, not on each

    def __post_init__(self) -> None:
        finding_info(self.code)  # ValueError for a code the catalogue lacks

    @property
    def name(self) -> str:
        return finding_info(self.code).name

    @property
    def source(self) -> str:
        """``static`` (the board alone), ``play`` (games) or ``baseline`` (two versions)."""
        return finding_info(self.code).source

    def sort_key(self) -> tuple[int, str, tuple[int, ...], str]:
        return (-self.severity.rank, self.code, self.players, self.message)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "severity": str(self.severity),
                "source": self.source, "players": list(self.players), "message": self.message,
                "subjects": {k: list(v) for k, v in self.subjects.items()},
                "effect": None if self.effect is None else self.effect.to_dict(),
                "test": None if self.test is None else self.test.to_dict(),
                "hint": self.hint or None,
                "evidence": dict(self.evidence)}

    def line(self) -> str:
        """``warning TTR501 ticket-overpriced: message`` (with the player counts if any)."""
        return f"{self.severity} {self.code} {self.name}{players_tag(self.players)}: " \
               f"{self.message}"


def players_tag(players: Iterable[int] | None) -> str:
    """`` [2, 3 players]``; empty for a finding that holds whatever the count."""
    counts = list(players or ())
    if not counts:
        return ""
    return f" [{', '.join(map(str, counts))} player{'s' if counts != [1] else ''}]"


def ordered(findings: Iterable[Finding]) -> list[Finding]:
    """Most severe first, then by code, player count and message (a stable order)."""
    return sorted(findings, key=Finding.sort_key)


def counts_line(findings: Iterable[Finding]) -> str:
    """``2 warnings, 5 info`` (``no findings`` when empty)."""
    tally = {sev: 0 for sev in Severity}
    for f in findings:
        tally[f.severity] += 1
    parts = [f"{n} {sev}{'s' if n != 1 and sev is not Severity.INFO else ''}"
             for sev, n in sorted(tally.items(), key=lambda kv: -kv[0].rank) if n]
    return ", ".join(parts) or "no findings"


# Presentation: findings as JSON-ready dicts (``Finding.to_dict``) turned into lines.
# Both analyze and simulate open their text and Markdown reports with these.

def _where(f: Mapping[str, Any]) -> str:
    return players_tag(_counts(f.get("players")))


def _counts(players: Any) -> list[int]:
    """A finding's player counts as stored: a list (an int or null in reports before)."""
    if players is None:
        return []
    return [players] if isinstance(players, int) else list(players)


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
    return lines + hint_lines(items)


def hint_lines(items: Iterable[Mapping[str, Any]]) -> list[str]:
    """Each hint shared by findings, said once: ``  hint (TTR605, 3 findings): ...``."""
    hints: dict[str, list[str]] = {}
    for f in items:
        if f.get("hint"):
            hints.setdefault(f["hint"], []).append(f["code"])
    return [f"  hint ({', '.join(dict.fromkeys(codes))}, {len(codes)} "
            f"finding{'s' if len(codes) != 1 else ''}): {hint}"
            for hint, codes in hints.items()]


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
                     f"{', '.join(map(str, _counts(f.get('players')))) or 'all'} | "
                     f"{message} |")
    hints = [h.strip().replace("hint (", "Hint (", 1) for h in hint_lines(items)]
    return lines + ([""] + hints if hints else []) + [""]


def from_dicts(items: Iterable[Mapping[str, Any]]) -> list[Finding]:
    """Findings back from their JSON form (``subjects`` and ``evidence`` as stored)."""
    out = []
    for f in items:
        effect, test = f.get("effect"), f.get("test")
        out.append(Finding(
            f["code"], Severity.named(f["severity"]), f["message"],
            {k: tuple(v) for k, v in f.get("subjects", {}).items()},
            dict(f.get("evidence", {})), tuple(_counts(f.get("players"))),
            None if effect is None else Effect(effect["measure"], effect["value"],
                                               tuple(effect["ci95"]), effect["unit"]),
            None if test is None else Test(test["name"], test["p_value"], test.get("adjusted"),
                                           test.get("control", "")),
            f.get("hint") or ""))
    return out
