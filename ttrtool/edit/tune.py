"""``ttrtool tune --tickets``: set ticket points from play, round by round.

Each round plays the map (``simulate.run``, the same seeds every round, so two rounds
differ only by the points changed) and reads, for every city-city ticket, where its
keepers' own edge in final score sits against its deck's line, as TTR604 reads it
(:func:`ttrtool.verdict.edges.tickets_against_line`).  A residual of ``r`` points of
score says the ticket is worth about ``r / (2c - 1)`` points too many, ``c`` being how
often its keepers complete it (a completed ticket adds its points, a failed one takes
them away).  That gives the points play asks for, and the points play still counts as on
the line, as TTR604 does: the residual within the margin of a practically large edge (5
points of score), widened by its standard error and by the spread the deck's honest
tickets show (the official maps' tickets sit several points off their line), at the level
of a Bonferroni correction over the tickets tested.

A ticket's *interval* is the points both play and the static price (the fair range of
TTR406) allow; where the two do not meet (play says the ticket is off beyond all that),
play's alone; where play has too few keepers, or a deck too small to tell its spread, the
static range alone.  A ticket outside its interval moves to play's estimate, kept
within it.  The rounds stop when every ticket is within its interval, or after
``rounds`` moves; the last round's play is the verdict after.
"""

from __future__ import annotations

import math
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any

from ttrtool.checks.catalog import BALANCE_ERRORS, finding_info
from ttrtool.checks.tickets import priced_destinations
from ttrtool.codes import TICKET_ADVANTAGE, TICKET_OVERPRICED, TICKET_UNDERPRICED
from ttrtool.diagnostics import JsonPath
from ttrtool.edit.changes import Change, apply_change
from ttrtool.edit.roundtrip import EditError, MapFile, read_bytes
from ttrtool.model import Board
from ttrtool.validate import validate_text

LEVEL = 0.05  # the family-wise level of a round's intervals (Bonferroni over the tickets)
MIN_SLOPE = 0.3  # 2c - 1 taken as at least this: a rarely completed ticket must not swing


class TuneError(Exception):
    """The map cannot be tuned; ``code`` is the exit code (1 map errors, 2 usage/I/O)."""

    def __init__(self, message: str, code: int = 2, details: str = "") -> None:
        super().__init__(message)
        self.message, self.code, self.details = message, code, details


@dataclass(frozen=True)
class TuneRequest:
    path: Path
    games: int = 200  # per player count; with ``auto`` the cap
    auto: bool = False
    players: str | None = None
    seed: int = 0
    rounds: int = 3
    jobs: int | None = None
    baseline: bool = False  # the last play compares the tuned map with the file as read
    write: bool = False


@dataclass(frozen=True)
class TicketVerdict:
    """One ticket after a round: its points, the static fair range, play's estimate and
    interval (None with too few keepers), and the interval it is judged by."""

    id: str
    label: str
    path: JsonPath
    points: int
    fair: tuple[int, int]
    estimate: float | None
    played: tuple[float, float] | None
    allowed: tuple[int, int]

    @property
    def within(self) -> bool:
        return self.allowed[0] <= self.points <= self.allowed[1]

    @property
    def target(self) -> int:
        """The points this ticket moves to: play's estimate (else the fair range's nearest
        end), kept within its interval."""
        want = self.points if self.estimate is None else round(self.estimate)
        return min(max(want, self.allowed[0]), self.allowed[1])


@dataclass
class TuneRound:
    games: int
    seconds: float
    verdicts: list[TicketVerdict]
    findings: list[str]  # the run's ticket findings (TTR501, TTR502, TTR604), one line each
    changes: list[Change] = field(default_factory=list)

    @property
    def off(self) -> list[TicketVerdict]:
        return [v for v in self.verdicts if not v.within]


@dataclass
class TuneReport:
    doc: MapFile
    rounds: list[TuneRound] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)  # from the file as read to the end
    baseline: list[str] = field(default_factory=list)  # the tuned map against the file read
    baseline_games: int = 0  # its games (both maps)
    baseline_seconds: float = 0.0
    interrupted: bool = False
    written: bool = False
    diff: str = ""  # from the file as read to the tuned file

    @property
    def games(self) -> int:
        return sum(r.games for r in self.rounds) + self.baseline_games

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.rounds) + self.baseline_seconds

    @property
    def exit_code(self) -> int:
        """0 every ticket within its interval at the end; 1 some still off; 130 Ctrl-C."""
        if self.interrupted:
            return 130
        return 1 if not self.rounds or self.rounds[-1].off else 0


def tune_tickets(request: TuneRequest) -> TuneReport:
    """Tune the points of ``request.path``'s tickets (see the module docstring).  Raises
    :class:`TuneError`, or :class:`EditError` when the file cannot be read or written."""
    original = read_bytes(request.path)
    board = _board(original, request.path)  # the map is judged before it is edited
    doc = MapFile(request.path, original)
    report = TuneReport(doc)
    with tempfile.TemporaryDirectory(prefix="ttrtool-tune-") as folder:
        played = Path(folder) / request.path.name
        before = Path(folder) / f"as-read-{request.path.name}"
        before.write_bytes(original)
        for k in range(request.rounds + 1):
            played.write_bytes(doc.data())
            result, seconds = _play(request, played)
            if result.report is None:
                report.interrupted = True
                return report
            found = _judge(board, result.report)
            report.rounds.append(TuneRound(result.total, seconds, found,
                                           _ticket_findings(result.report)))
            if k == request.rounds or not report.rounds[-1].off:
                break
            for v in report.rounds[-1].off:
                change = Change(TICKET_ADVANTAGE, v.path, v.target, v.points, False,
                                f"ticket {v.label}: {v.points} → {v.target} points")
                apply_change(doc, change)
                report.rounds[-1].changes.append(change)
            board = _board(doc.data(), request.path)
        if request.baseline and doc.changed:  # the tuned map against the file as read
            played.write_bytes(doc.data())
            result, seconds = _play(request, played, before)
            if result.report is None:
                report.interrupted = True
                return report
            report.baseline = _baseline_findings(result.report)
            report.baseline_games = result.total
            report.baseline_seconds = seconds
    report.changes = _net_changes(report)
    report.diff = doc.diff()
    if request.write and doc.changed:
        report.written = doc.write()
    return report


def _board(data: bytes, path: Path) -> Board:
    result = validate_text(data, str(path))
    if result.board is not None:
        return result.board
    if result.built is not None and result.errors and all(
            d.code in BALANCE_ERRORS for d in result.errors):
        return result.built  # a grossly mispriced ticket is what tuning is for
    from ttrtool.formats import format_text

    raise TuneError(f"cannot tune {path}: the map has errors",
                    2 if result.io_error else 1,
                    format_text([(result.file, result.errors or result.diagnostics)], False))


def _play(request: TuneRequest, path: Path, baseline: Path | None = None
          ) -> tuple[Any, float]:
    from ttrtool.simulate import RunRequest, run
    from ttrtool.simulate.session import RunError

    start = time.monotonic()
    try:
        result = run(RunRequest(str(path), games=request.games, players=request.players,
                                seed=request.seed, jobs=request.jobs, quiet=True,
                                auto=request.auto,
                                baseline=str(baseline) if baseline is not None else None))
    except RunError as e:
        raise TuneError(e.message, e.code, e.details) from None
    return result, time.monotonic() - start


def _judge(board: Board, report: dict[str, Any]) -> list[TicketVerdict]:
    from ttrtool.verdict.edges import EDGE_LIMITS, tickets_against_line

    configs = report["configurations"]
    lines = {t.id: t for t in tickets_against_line(configs)}
    z = NormalDist().inv_cdf(1 - LEVEL / (2 * max(1, len(lines))))
    kept: dict[str, list[int]] = {}
    for c in configs:
        for item in c["tickets"]:
            got = kept.setdefault(item["id"], [0, 0])
            got[0] += item["kept"]
            got[1] += item["completed"]
    out, seen = [], set()
    for ticket, dest, where, _price, v in priced_destinations(board):
        if ticket.is_multi or where in seen:
            continue
        seen.add(where)
        line = lines.get(ticket.id)
        estimate = played = None
        allowed = v.fair
        if line is not None and line.se < math.inf and line.spread < math.inf:
            n, done = kept.get(ticket.id, [0, 0])
            slope = max(MIN_SLOPE, 2 * done / n - 1 if n else MIN_SLOPE)
            estimate = v.points - line.residual / slope
            # on the line as TTR604 reads it: within the margin, the residual's interval
            # and the spread the deck's honest tickets show
            room = EDGE_LIMITS.score_margin + z * math.hypot(line.se, line.spread)
            played = (estimate - room / slope, estimate + room / slope)
            lo, hi = max(1, math.ceil(played[0])), max(1, math.floor(played[1]))
            both = (max(lo, v.fair[0]), min(hi, v.fair[1]))
            if both[0] <= both[1]:
                allowed = both
            elif lo <= hi:
                allowed = (lo, hi)
            else:
                allowed = (max(1, round(estimate)),) * 2
        out.append(TicketVerdict(ticket.id, f"{ticket.origin}–{dest.name}", where, v.points,
                                 v.fair, estimate, played, allowed))
    return out


def _ticket_findings(report: dict[str, Any]) -> list[str]:
    return [f"{f['severity']} {f['code']}: {f['message']}" for f in report.get("findings", ())
            if f["code"] in (TICKET_OVERPRICED, TICKET_UNDERPRICED, TICKET_ADVANTAGE)]


def _baseline_findings(report: dict[str, Any]) -> list[str]:
    out = []
    for f in report.get("findings", ()):
        try:
            source = finding_info(f["code"]).source
        except ValueError:
            continue
        if source == "baseline":
            out.append(f"{f['severity']} {f['code']}: {f['message']}")
    return out


def _net_changes(report: TuneReport) -> list[Change]:
    """One change per ticket moved, from its points as read to its points at the end."""
    first: dict[JsonPath, Change] = {}
    last: dict[JsonPath, Change] = {}
    for r in report.rounds:
        for c in r.changes:
            first.setdefault(c.path, c)
            last[c.path] = c
    out = []
    for path, c in first.items():
        end = last[path].value
        if end != c.old:
            label = c.what.split(":")[0]
            out.append(Change(TICKET_ADVANTAGE, path, end, c.old, False,
                              f"{label}: {c.old} → {end} points"))
    return out


__all__ = ["EditError", "TicketVerdict", "TuneError", "TuneReport", "TuneRequest",
           "tune_tickets"]
