"""The record of one code in the catalogue (:mod:`ttrtool.checks.catalog`).

It lives apart from the catalogue so that the modules listing codes
(:mod:`ttrtool.checks.balance_codes`) and the catalogue that gathers them import it
in one direction.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttrtool.codes import Code
from ttrtool.diagnostics import Severity

# Where a code comes from: validation reads the file, checks the schema, builds the board and
# runs the checks; analyze judges the board ("static" findings); simulate judges the games
# ("play") and compares two versions of a map ("baseline").
FINDING_SOURCES = {"analyze": "static", "play": "play", "baseline": "baseline"}

# What `ttrtool fix` (docs/fix.md) does about a code: a safe fix changes nothing a player sees
# (a waypoint bends a track as drawn), an unsafe one changes the game (a ticket's points, a
# city moved) and is applied only with `--unsafe`.
AUTOFIX = {
    "safe": "where the message names a waypoint, `ttrtool fix --layout` adds it, which "
            "changes nothing a player sees (safe); with `--unsafe` it may move the city the "
            "message names instead, by at most `--max-move` mm",
    "unsafe": "`ttrtool fix --tickets --unsafe` applies it: it changes the game (unsafe)",
    "tune": "`ttrtool tune --tickets` moves the ticket's points toward the line from play "
            "(it changes the game: written only with `--write`)",
}


@dataclass(frozen=True)
class CodeInfo:
    """One code: its kebab-case name, the most severe it gets, what it means, how to fix
    what it reports and an example (a YAML pair in ``doc`` for the checks, a message line
    in ``example`` for the findings)."""

    code: Code
    severity: Severity
    summary: str
    doc: str = ""
    stage: str = "check"  # "read" | "schema" | "build" | "check" | "analyze" | "play" | ...
    fix: str = ""
    example: str = ""
    autofix: str = ""  # a key of AUTOFIX, or "" when `ttrtool fix` cannot fix it

    @property
    def name(self) -> str:
        """The code's kebab-case name (:mod:`ttrtool.codes`)."""
        return self.code.name

    @property
    def source(self) -> str:
        """``validate``, or for a finding ``static``, ``play`` or ``baseline``."""
        return FINDING_SOURCES.get(self.stage, "validate")

    @property
    def is_finding(self) -> bool:
        return self.stage in FINDING_SOURCES
