"""One simulation run from start to finish: ``simulate.run(request)``.

This is the whole of ``ttrtool simulate`` but the printing.  A run checks the
request (outputs first, so a long run is not lost at its end), loads and
validates the map, plays every game in game order (locally, on a process pool
or on Dask), streams each game to the ``--log``, builds the report, writes
``--out`` and ``--markdown`` and checks the ``--fail-on`` thresholds.  It
never prints and never exits:

* problems that stop the run raise :class:`RunError`, which carries the exit
  code of the README's scheme and the text to show;
* what happens while the run goes on (a note, the total, each game played)
  goes to a :class:`Watcher`, which the command turns into a progress bar;
* what the run produced comes back as a :class:`RunResult` (the report, the
  thresholds crossed, an interruption and what the log kept), which the
  command prints.

To add an option: give :class:`RunRequest` a field with a default (so every
caller keeps working), act on it in :func:`run`, and put what it produced on
:class:`RunResult`, again with a default.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ttrtool
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.bots import DEFAULT_BOTS, BotNotFound, canonical_name, resolve_bot
from ttrtool.checks import selected
from ttrtool.checks.catalog import BALANCE_ERRORS
from ttrtool.findings import from_dicts, ordered
from ttrtool.formats import format_text
from ttrtool.model import Board
from ttrtool.outputs import OutputError, first_output_problem, write_output
from ttrtool.resources import BUNDLED_MAPS
from ttrtool.rules import Rules
from ttrtool.simulate.gamelog import GameLog
from ttrtool.simulate.logged import LoggedGamesError, tally_log
from ttrtool.simulate.playout import BotError, InvariantError, Table
from ttrtool.simulate.runner import (
    BackendLost,
    BackendUnavailable,
    Chunk,
    Terminated,
    chunks,
    default_jobs,
    run_games,
    sigterm_stops_the_run,
)
from ttrtool.simulate.seating import SEED_BITS
from ttrtool.validate import validate_file
from ttrtool.verdict import auto
from ttrtool.verdict.baseline import compare_reports
from ttrtool.verdict.edits import attribute, edits_in_play, map_edits, untested_openings
from ttrtool.verdict.paired import matching
from ttrtool.verdict.report import Tally, build_report
from ttrtool.verdict.styles import MAIN, STYLES, combine
from ttrtool.verdict.summary import to_markdown
from ttrtool.verdict.thresholds import Threshold, failures, parse_fail_on

BACKENDS = ("local", "dask")


class RunError(Exception):
    """The run cannot go on: ``message`` for the user, ``code`` the exit code
    (1 the map has errors, 2 usage or I/O, 3 the engine broke an invariant), and
    ``details`` text to show before the message (a map's diagnostics)."""

    def __init__(self, message: str, code: int = 2, details: str = "") -> None:
        super().__init__(message)
        self.message, self.code, self.details = message, code, details


@dataclass(frozen=True)
class RunRequest:
    """Everything a run is asked to do; the fields are ``ttrtool simulate``'s options."""

    map_name: str
    games: int = 100
    players: str | None = None  # "4" or "2,3,4"; None: one seat per bot, within the map's range
    bots: str | None = None  # comma-separated; None: ttrtool.bots.DEFAULT_BOTS
    seed: int = 0
    jobs: int | None = None  # None: every core
    backend: str = "local"
    scheduler: str | None = None
    out: Path | None = None
    log: Path | None = None
    log_actions: bool = False
    markdown: Path | None = None
    fail_on: str | None = None
    check_invariants: bool = False
    quiet: bool = False  # no notes
    auto: bool = False  # --games auto: batches until settled, ``games`` is then the cap
    baseline: str | None = None  # a map file or bundled id to compare with (same seeds)
    styles: bool = False  # --styles: every table of ttrtool.verdict.styles.STYLES, same seeds
    select: tuple[str, ...] = ()  # finding codes or prefixes to keep (as validate's)
    ignore: tuple[str, ...] = ()  # finding codes or prefixes to leave out
    from_log: Path | None = None  # --from-log: report on this log's games, play none


class Watcher:
    """What a front end hears while a run goes on; this one hears nothing."""

    def note(self, text: str) -> None:
        """Something worth saying before the games start."""

    def started(self, total: int) -> None:
        """The games are about to be played: ``total`` of them."""

    def played(self, label: str) -> None:
        """One more game is done (``label``: the map id and player count)."""


@dataclass
class RunResult:
    """What a run produced.

    ``report`` is None when the run was interrupted; ``logged`` is then the
    number of whole games the ``--log`` kept (None without a log)."""

    request: RunRequest
    total: int  # games asked for, over every player count
    report: dict[str, Any] | None = None
    crossed: list[str] = field(default_factory=list)  # --fail-on checks that failed
    interrupted: bool = False  # by a Ctrl-C, or by SIGTERM (then ``terminated`` too)
    terminated: bool = False
    logged: int | None = None

    @property
    def exit_code(self) -> int:
        """0 done, 1 a ``--fail-on`` threshold crossed, 130 interrupted (Ctrl-C), 143
        terminated (SIGTERM: 128 + 15, as a shell reports a process that signal ended)."""
        if self.interrupted:
            return 143 if self.terminated else 130
        return 1 if self.crossed else 0


def parse_players(text: str | None, rules: Rules, bots: int) -> list[int]:
    """``4`` or ``2,3,4``; default: as many seats as bots, within the map's range."""
    if text is None:
        return [min(max(bots, rules.min_players), rules.max_players)]
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise ValueError(f"--players takes a number or a list like 2,3,4, not '{text}'")
        n = int(part)
        problem = rules.players_problem(n)  # the engine's own check and message
        if problem:
            raise ValueError(problem)
        if n not in out:
            out.append(n)
    return out


def _check(request: RunRequest) -> Path:
    """The map's path, once the options that need no map are known to be good."""
    if request.backend not in BACKENDS:
        raise RunError(f"unknown backend '{request.backend}': use local or dask")
    if request.seed >= 2 ** SEED_BITS:
        raise RunError(f"--seed must be below 2**{SEED_BITS}")
    source = ttrtool.resolve_map_path(request.map_name)
    # Every output is checked before the first game: a long run must not be lost at the end.
    problem = first_output_problem((request.out, request.log, request.markdown), source)
    if problem:
        raise RunError(problem)
    if request.from_log is not None:
        read = request.from_log.resolve()
        for out in (request.out, request.markdown):
            if out is not None and out.resolve() == read:
                raise RunError(f"{out} is the log the report is made from: give the report "
                               "another name")
    return source


def _load(request: RunRequest, source: Path) -> tuple[Board, str]:
    """The built board and the map file's resolved path, or RunError."""
    result = validate_file(source)
    if result.board is None and result.built is not None and result.errors and all(
            d.code in BALANCE_ERRORS for d in result.errors):
        # a ticket grossly mispriced is a balance question: play shows whether it matters
        return result.built, str(Path(result.file).resolve())
    if result.board is None:
        details = ""
        if not result.io_error:
            details = format_text([(result.file, result.errors)], False)
        elif result.diagnostics:
            details = f"error: {result.diagnostics[0].message}\n"
        bundled = ", ".join(BUNDLED_MAPS)
        hint = "" if Path(request.map_name).suffix else f" (bundled maps: {bundled})"
        # A map with errors is a problem in the input (1), as in validate, analyze and render;
        # a map that cannot be read is an I/O error (2).
        raise RunError(f"cannot simulate {request.map_name}: the map could not be loaded{hint}",
                       2 if result.io_error else 1, details)
    return result.board, str(Path(result.file).resolve())


def _bots(request: RunRequest) -> tuple[str, ...]:
    if not request.bots:
        return DEFAULT_BOTS
    names = tuple(canonical_name(b) for b in request.bots.split(",") if b.strip())
    if not names:
        raise RunError("--bots is empty")
    # A plug-in bot imports from the installed packages and PYTHONPATH only: the current
    # folder on the path would let any file there shadow a module imported later.
    return names


def _write_outputs(request: RunRequest, report: dict[str, Any]) -> None:
    for path, text in ((request.out, json.dumps(report, indent=2, ensure_ascii=False) + "\n"),
                       (request.markdown, to_markdown(report))):
        if path is not None:
            # GitHub's step summary file collects every step's output: append to it.
            summary = os.environ.get("GITHUB_STEP_SUMMARY")
            try:
                write_output(path, text, append=summary is not None and Path(summary) == path)
            except OutputError as e:
                raise RunError(str(e)) from None


def _settled(tally: Tally, counts: int) -> dict[str, str]:
    n = tally.players
    return auto.settled(n, tally.games, tally.seat_wins[0],
                        [tally.seat_wins[s] for s in range(n)],
                        tally.games - tally.end["normal"], auto.seat_family(counts))


def _with_baseline(request: RunRequest, report: dict[str, Any], counts: list[int],
                   names: tuple[str, ...], jobs: int, size: int,
                   ours: Sequence[Tally], ours_board: Board) -> None:
    """Play the same games (the same run seed, so the same game seeds) on the baseline map
    and add what changed to the report's findings (source ``baseline``); ``ours``: the
    map's tallies, whose games are paired with the baseline's game by game; the two
    maps' edits (:mod:`ttrtool.verdict.edits`) match each route and ticket with itself
    and are named in the findings they cause."""
    assert request.baseline is not None
    source = ttrtool.resolve_map_path(request.baseline)
    board, map_path = _load(RunRequest(map_name=request.baseline), source)
    lo, hi = board.rules.min_players, board.rules.max_players
    shared = [n for n in counts if lo <= n <= hi]
    if not shared:
        raise RunError(f"the baseline {request.baseline} is played by {lo} to {hi} players, "
                       "none of the counts of this run")
    tallies = []
    try:
        for n in shared:
            tally = Tally(n, keep_games=True)
            work = chunks(map_path, n, names, request.seed, request.games, size)
            with closing(run_games(work, request.backend, jobs, request.scheduler,
                                   {map_path: board})) as played:
                for record in played:
                    tally.add(record)
            tallies.append(tally)
    except (BackendUnavailable, BotError) as e:
        raise RunError(str(e)) from None
    except InvariantError as e:
        raise RunError(f"engine error on the baseline: {e}", 3) from None
    old = build_report(board, tallies, {"seed": request.seed}, ttrtool.__version__)
    mine = {t.players: t for t in ours}
    pairs = {t.players: pair for t in tallies if t.players in mine
             for pair in [matching(mine[t.players].games_kept, t.games_kept)] if pair}
    diff = map_edits(ours_board, board)
    changes = attribute(compare_reports(report, old, pairs=pairs, diff=diff), diff, ours_board)
    found = ordered([*from_dicts(report["findings"]), *changes])
    report["findings"] = [f.to_dict() for f in found]
    for c in report["configurations"]:
        c["findings"] = [f.to_dict() for f in found if c["players"] in f.players]
    report["baseline"] = {
        "map": {"id": board.meta.id, "name": board.meta.name, "version": board.meta.version},
        "map_sha256": hashlib.sha256(Path(map_path).read_bytes()).hexdigest(),
        "players": shared, "games": request.games, "seed": request.seed,
        "seats": {str(c["players"]): [s["wins"] for s in c["seats"]]
                  for c in old["configurations"]},
        "changes": len(changes), "paired": sorted(pairs),
        "edits": edits_in_play(diff, report, old, changes),
        "untested": untested_openings(diff, pairs)}


def keep_selected(report: dict[str, Any], select: tuple[str, ...], ignore: tuple[str, ...]
                  ) -> None:
    """Leave in the report only the findings ``--select``/``--ignore`` keep."""
    if not select and not ignore:
        return
    report["findings"] = [f for f in report["findings"]
                          if selected(f["code"], select, ignore)]
    for c in report["configurations"]:
        c["findings"] = [f for f in c.get("findings", ())
                         if selected(f["code"], select, ignore)]


def run(request: RunRequest, watcher: Watcher | None = None) -> RunResult:
    """Play the games ``request`` asks for, write its outputs, and say how it went.

    Raises :class:`RunError` when the run cannot start or cannot go on; a
    Ctrl-C or SIGTERM while games are played ends the run with ``interrupted``
    set, the workers stopped and the log holding whole games only (before the
    games, they raise KeyboardInterrupt or :class:`~ttrtool.simulate.runner.Terminated`).
    """
    with sigterm_stops_the_run():
        return _run(request, watcher or Watcher())


def _run(request: RunRequest, watcher: Watcher) -> RunResult:
    source = _check(request)
    board, map_path = _load(request, source)
    if request.from_log is not None:
        return _report_log(request, board, map_path)
    names = _bots(request)
    if request.styles and request.bots:
        raise RunError("--styles plays its own tables of bots (docs/simulate.md, 'Play "
                       "styles'): leave out --bots, or --styles")
    try:
        for name in names:
            resolve_bot(name)
        rules = board.rules
        counts = parse_players(request.players, rules, len(names))
        thresholds: list[Threshold] = parse_fail_on(request.fail_on) if request.fail_on else []
    except (BotNotFound, ValueError) as e:
        raise RunError(str(e)) from None
    games = request.games
    jobs = request.jobs or default_jobs()
    size = max(1, min(100, (auto.BATCH if request.auto else games) // (4 * jobs) or 1))
    described: dict[str, Any] = {
        "map_sha256": hashlib.sha256(Path(map_path).read_bytes()).hexdigest(),
        "seed": request.seed, "games": games, "players": counts, "bots": list(names),
        "seed_rule": "sha256('ttrtool:{seed}:{players}:{game}'), first 63 bits",
        "seating": "rotations of each combination of the bots, cycled by game number",
    }
    if request.backend == "dask" and not request.scheduler and not request.quiet:
        watcher.note(f"note: --backend dask without --scheduler plays on {jobs} local "
                     "processes, as --backend local does (a Dask cluster started here would "
                     "only compete with the games for the cores)")
    tables = dict(STYLES) if request.styles else {"": names}
    result = RunResult(request, games * len(counts) * len(tables))
    game_log = GameLog(request.log) if request.log is not None else None
    played: dict[str, tuple[list[Tally], dict[int, dict[str, Any]]]] = {}
    watcher.started(result.total)
    try:
        for style, table in tables.items():
            # the log keeps the main table's games: one game per seed, as --replay reads it
            played[style] = _play_table(request, board, map_path, table, counts, jobs, size,
                                        watcher, game_log if style in ("", MAIN) else None)
    except (BackendUnavailable, BotError, OutputError) as e:
        raise RunError(str(e)) from None
    except BackendLost as e:
        kept = (f"; {request.log} keeps the {game_log.games} game(s) played"
                if game_log is not None and game_log.started else "")
        raise RunError(f"{e}{kept}") from None
    except InvariantError as e:
        raise RunError(f"engine error: {e}", 3) from None
    except (KeyboardInterrupt, Terminated) as e:
        result.interrupted = True
        result.terminated = isinstance(e, Terminated)
        if game_log is not None:
            game_log.close()
            result.logged = game_log.games
        return result
    except OSError as e:
        raise RunError(f"simulation failed: {e}") from None
    finally:
        if game_log is not None:
            game_log.close()
    static = static_findings(analyze(board))
    reports = {}
    for style, (tallies, settling) in played.items():
        run_info = {**described, "bots": list(tables[style])}
        if request.auto:
            run_info["games"] = "auto"
            run_info["auto"] = {"batch": auto.BATCH, "cap": games,
                                "played": {str(n): settling[n]["games"] for n in settling}}
        report = build_report(board, tallies, run_info, ttrtool.__version__, static)
        for c in report["configurations"]:
            if c["players"] in settling:
                c["auto"] = settling[c["players"]]
        if settling:
            auto.agree(report)
        if request.baseline is not None and style in ("", MAIN):
            _with_baseline(request, report, counts, tables[style], jobs, size, tallies, board)
        reports[style] = report
    if request.styles:
        result.report = combine(reports)
        result.report["run"]["styles"] = {s: list(t) for s, t in tables.items()}
    else:
        result.report = reports[""]
    keep_selected(result.report, request.select, request.ignore)
    _write_outputs(request, result.report)
    result.crossed = failures(result.report, thresholds)
    return result


# Options that choose the games to play: with --from-log the games are the log's.
PLAYING = (("bots", "--bots"), ("styles", "--styles"), ("baseline", "--baseline"),
           ("auto", "--games auto"), ("log", "--log"), ("log_actions", "--log-actions"),
           ("check_invariants", "--check-invariants"))


def _report_log(request: RunRequest, board: Board, map_path: str) -> RunResult:
    """The report on the finished games of ``request.from_log``, none played."""
    assert request.from_log is not None
    given = [option for name, option in PLAYING if getattr(request, name)]
    if given:
        raise RunError(f"--from-log reports on the games of the log, so {', '.join(given)} "
                       "cannot apply: leave it out")
    try:
        counts = (parse_players(request.players, board.rules, 1) if request.players else [])
        thresholds = parse_fail_on(request.fail_on) if request.fail_on else []
        logged = tally_log(request.from_log, board, counts)
    except (ValueError, LoggedGamesError) as e:
        raise RunError(str(e)) from None
    result = RunResult(request, sum(t.games for t in logged.tallies))
    report = build_report(board, logged.tallies, logged.run_info(map_path, request.from_log),
                          ttrtool.__version__, static_findings(analyze(board)))
    keep_selected(report, request.select, request.ignore)
    result.report = report
    _write_outputs(request, report)
    result.crossed = failures(report, thresholds)
    return result


def _play_table(request: RunRequest, board: Board, map_path: str, names: tuple[str, ...],
                counts: Sequence[int], jobs: int, size: int, watcher: Watcher,
                game_log: GameLog | None
                ) -> tuple[list[Tally], dict[int, dict[str, Any]]]:
    """The games of one table of bots at every player count (in batches with ``--games
    auto``), streamed to the log: their tallies, and per count what ``auto`` settled."""
    games = request.games
    tallies = []
    settling: dict[int, dict[str, Any]] = {}
    for n in counts:
        tally = Tally(n, keep_games=request.baseline is not None)
        start, batch = 0, (auto.BATCH if request.auto else games)
        while start < games:
            stop = min(start + batch, games)
            work = [Chunk(map_path, n, names, request.seed, s, min(s + size, stop),
                          request.log_actions, request.check_invariants)
                    for s in range(start, stop, size)]
            with closing(run_games(work, request.backend, jobs, request.scheduler,
                                   {map_path: board})) as played:
                for record in played:
                    tally.add(record)
                    if game_log is not None:
                        game_log.write(record)
                    watcher.played(f"{board.meta.id} {n}p")
            start = stop
            if request.auto:
                state = _settled(tally, len(counts))
                settling[n] = auto.summary(state, tally.games, games, n)
                if auto.done(state):
                    break
        tallies.append(tally)
    return tallies, settling


def play_tallies(board: Board, counts: Sequence[int], games: int, seed: int,
                 bots: tuple[str, ...] = DEFAULT_BOTS, keep_games: bool = False
                 ) -> list[Tally]:
    """``games`` seeded games at each player count, played here one after the other and
    tallied: what a test or a benchmark builds a report from (``simulate.run`` plays the
    same games in chunks, on workers, with a log and interrupts)."""
    tallies = []
    for n in counts:
        table, tally = Table(board, n, bots), Tally(n, keep_games=keep_games)
        for g in range(games):
            tally.add(table.play(seed, g))
        tallies.append(tally)
    return tallies
