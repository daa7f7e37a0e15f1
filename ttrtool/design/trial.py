"""A proposed map put on trial before it is shown: ``validate``, ``analyze``, a short
``simulate``.

:func:`try_map` builds the board from the proposed data and runs the checks a designer
would run next: every ``validate`` diagnostic (``--strict`` fails on a warning), the
static findings of ``analyze`` and the findings of seeded games at each player count of
the map, played here one after the other (:func:`ttrtool.simulate.session.play_tallies`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import ttrtool
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.diagnostics import Diagnostic, Severity
from ttrtool.findings import Finding, from_dicts
from ttrtool.loader import Document
from ttrtool.model import Board
from ttrtool.simulate.session import play_tallies
from ttrtool.validate import validate_document
from ttrtool.verdict.report import Tally, build_report

TRIAL_GAMES = 100  # games per player count of the trial, unless asked for another number


@dataclass(frozen=True)
class Trial:
    """What the checks say of a proposed map.  ``board`` is None when it has errors (then
    no game was played)."""

    board: Board | None
    diagnostics: tuple[Diagnostic, ...]
    static: tuple[Finding, ...]  # analyze's findings, every severity
    play: tuple[Finding, ...]  # the findings from play, every severity
    tallies: tuple[Tally, ...]

    @property
    def problems(self) -> list[Diagnostic | Finding]:
        """What a designer must not see: validate's errors and warnings, analyze's and the
        games' warnings and errors."""
        return [*self.diagnostics,
                *(f for f in (*self.static, *self.play) if f.severity >= Severity.WARNING)]

    @property
    def clean(self) -> bool:
        return not self.problems

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tallies)

    def completion(self) -> float | None:
        """Tickets completed of those kept, over every game played (None: no game)."""
        kept = sum(sum(t.ticket_kept.values()) for t in self.tallies)
        done = sum(sum(t.ticket_completed.values()) for t in self.tallies)
        return done / kept if kept else None


def player_counts(board: Board) -> tuple[int, ...]:
    """The map's player counts."""
    return tuple(range(board.rules.min_players, board.rules.max_players + 1))


def try_map(file: str, data: dict[str, Any], games: int = TRIAL_GAMES, seed: int = 0,
            counts: Sequence[int] | None = None, tolerate: Collection[str] = ()) -> Trial:
    """Validate, analyse and play ``data`` (the map as plain data); ``games`` per player
    count (0: none), at ``counts`` (the map's player counts when None).  ``tolerate``:
    codes of errors the caller knows of (a sketch's missing tickets), left out of the
    diagnostics; no game is played while one stands."""
    result = validate_document(Document(file, data))
    diagnostics = tuple(d for d in result.diagnostics if d.code not in tolerate)
    board = result.board or (result.built if not any(d.is_error for d in diagnostics)
                             else None)
    if board is None:
        return Trial(None, diagnostics, (), (), ())
    if result.board is None:
        games = 0
    static = static_findings(analyze(board))
    if games <= 0:
        return Trial(board, diagnostics, tuple(static), (), ())
    tallies = play_tallies(board, counts or player_counts(board), games, seed)
    report = build_report(board, tallies, {"seed": seed, "games": games}, ttrtool.__version__,
                          static)
    found = from_dicts(report["findings"])
    play = tuple(f for f in found if f.code.startswith("TTR6"))
    return Trial(board, diagnostics, tuple(static), play, tuple(tallies))
