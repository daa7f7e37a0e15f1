"""The record of one code in the catalogue (:mod:`ttrtool.checks.catalog`).

It lives apart from the catalogue so that the modules listing codes
(:mod:`ttrtool.checks.balance_codes`) and the catalogue that gathers them import it
in one direction.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttrtool.diagnostics import Severity

# Where a code comes from: validation reads the file, checks the schema, builds the board and
# runs the checks; analyze judges the board ("static" findings); simulate judges the games
# ("play") and compares two versions of a map ("baseline").
FINDING_SOURCES = {"analyze": "static", "play": "play", "baseline": "baseline"}


@dataclass(frozen=True)
class CodeInfo:
    """One code: its kebab-case name, the most severe it gets, what it means, how to fix
    what it reports and an example (a YAML pair in ``doc`` for the checks, a message line
    in ``example`` for the findings)."""

    code: str
    name: str
    severity: Severity
    summary: str
    doc: str = ""
    stage: str = "check"  # "read" | "schema" | "build" | "check" | "analyze" | "play" | ...
    fix: str = ""
    example: str = ""

    @property
    def source(self) -> str:
        """``validate``, or for a finding ``static``, ``play`` or ``baseline``."""
        return FINDING_SOURCES.get(self.stage, "validate")

    @property
    def is_finding(self) -> bool:
        return self.stage in FINDING_SOURCES
