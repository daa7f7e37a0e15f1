"""``ttrtool simulate MAP``: play many seeded games with bots and report on them.

Exit codes (the scheme of README.md): 0 done; 1 the map has errors, or a
``--fail-on`` threshold was crossed; 2 usage or I/O error (unknown map file
or bot, bad option, unwritable output, Dask not installed or unreachable, a
plug-in bot that breaks the interface); 3 the engine broke an invariant (a
bug: please report it with the seed); 130 interrupted.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import IO, Annotated, Any

import typer

import ttrtool
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.bots import DEFAULT_BOTS, BotNotFound, canonical_name, resolve_bot
from ttrtool.commands.outputs import first_output_problem
from ttrtool.formats import format_text
from ttrtool.resources import BUNDLED_MAPS
from ttrtool.simulate.playout import BotError, InvariantError
from ttrtool.simulate.report import Tally, build_report
from ttrtool.simulate.runner import BackendUnavailable, chunks, default_jobs, run_games
from ttrtool.simulate.seating import SEED_BITS
from ttrtool.simulate.summary import to_markdown, to_text
from ttrtool.simulate.thresholds import Threshold, failures, parse_fail_on
from ttrtool.validate import validate_file


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def parse_players(text: str | None, lo: int, hi: int, bots: int) -> list[int]:
    """``4`` or ``2,3,4``; default: as many seats as bots, within the map's range."""
    if text is None:
        return [min(max(bots, lo), hi)]
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise ValueError(f"--players takes a number or a list like 2,3,4, not '{text}'")
        n = int(part)
        if not lo <= n <= hi:
            raise ValueError(f"this map is played by {lo} to {hi} players, not {n}")
        if n not in out:
            out.append(n)
    return out


class Progress:
    """A bar on a terminal, a plain line every 10% (or 30 s) elsewhere, nothing when quiet."""

    def __init__(self, total: int, quiet: bool, stream: IO[str] | None = None) -> None:
        self.total, self.quiet = total, quiet
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.done = 0
        self.start = self.last = time.monotonic()
        self.next_mark = max(1, total // 10)

    def step(self, label: str) -> None:
        self.done += 1
        if self.quiet:
            return
        now = time.monotonic()
        rate = self.done / max(now - self.start, 1e-9)
        if self.tty:
            if now - self.last >= 0.1 or self.done == self.total:
                filled = int(30 * self.done / self.total)
                bar = "#" * filled + "-" * (30 - filled)
                self.stream.write(f"\r{label} [{bar}] {self.done}/{self.total} {rate:.0f} games/s")
                self.stream.flush()
                self.last = now
        elif self.done >= self.next_mark or now - self.last >= 30 or self.done == self.total:
            self.stream.write(f"{label}: {self.done}/{self.total} games ({rate:.0f}/s)\n")
            self.stream.flush()
            self.last = now
            self.next_mark = self.done + max(1, self.total // 10)

    def close(self) -> None:
        """End the bar's line (once, however often this is called)."""
        if self.tty and not self.quiet and self.done:
            self.stream.write("\n")
        self.quiet = True


def _open(path: Path | None, what: str) -> IO[str] | None:
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise _fail(f"cannot write {what} {path}: {e.strerror}") from None


def _whole_lines(path: Path) -> int:
    """How many whole lines ``path`` holds; a last line cut short is removed."""
    lines = end = size = 0
    with open(path, "rb+") as f:
        while block := f.read(1 << 20):
            lines += block.count(b"\n")
            if b"\n" in block:
                end = size + block.rfind(b"\n") + 1
            size += len(block)
        if end < size:
            f.truncate(end)
    return lines


def simulate_command(
    map_name: Annotated[str, typer.Argument(metavar="MAP",
                                            help="A map file or a bundled map id.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, metavar="N",
                                       help="Games per player count.")] = 100,
    players: Annotated[str | None, typer.Option(
        "--players", "-p", metavar="N[,N...]",
        help="Player count or list, e.g. 4 or 2,3,4; default: one seat per bot "
             "(4 with the default bots), within the map's range.")] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", "--bot", metavar="BOTS",
        help="Comma-separated bots (registry names or package.module:Class); "
             "default expert,route-focus,expert,long-route-junkie "
             "(docs/bots.md).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, metavar="N",
                                      help="Run seed.")] = 0,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, metavar="N", help="Local processes (default: all cores).")] = None,
    backend: Annotated[str, typer.Option(
        "--backend", metavar="NAME",
        help="local: worker processes on this machine (the fastest here). dask: a running Dask "
             "cluster given by --scheduler, to spread the games over several machines; "
             "without --scheduler it is the same as local.")] = "local",
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS",
        help="Address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786.")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", metavar="FILE",
                                             help="Write the JSON report here.")] = None,
    log: Annotated[Path | None, typer.Option("--log", metavar="FILE",
                                             help="Write one JSON line per game here.")] = None,
    log_actions: Annotated[bool, typer.Option("--log-actions",
                                              help="Add every action to the log.")] = False,
    markdown: Annotated[Path | None, typer.Option(
        "--markdown", metavar="FILE", help="Write a markdown summary here.")] = None,
    fail_on: Annotated[str | None, typer.Option(
        "--fail-on", metavar="CHECKS",
        help="findings (any warning or worse), or figures such as "
             "seat-p<0.01,stall-rate>0.01,ticket-never-completed (docs/simulate.md)",
    )] = None,
    check_invariants: Annotated[bool, typer.Option(
        "--check-invariants",
        help="Check the engine's invariants after every action; re-score every game.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress output.")] = False,
) -> None:
    """Play seeded games with bots on MAP and report balance statistics.

    Exit codes: 0 done; 1 the map has errors, or a --fail-on threshold was crossed; 2 usage
    or I/O error (a bad option, an output that cannot be written, an unusable bot or Dask
    scheduler); 3 the engine broke an invariant (a bug: report it with the seed); 130
    interrupted (the --log keeps the games played so far).
    """
    if backend not in ("local", "dask"):
        raise _fail(f"unknown backend '{backend}': use local or dask")
    if seed >= 2 ** SEED_BITS:
        raise _fail(f"--seed must be below 2**{SEED_BITS}")
    source = ttrtool.resolve_map_path(map_name)
    # Every output is checked before the first game: a long run must not be lost at the end.
    problem = first_output_problem((out, log, markdown), source)
    if problem:
        raise _fail(problem)
    result = validate_file(source)
    if result.board is None:
        if not result.io_error:
            sys.stderr.write(format_text([(result.file, result.errors)], False))
        elif result.diagnostics:
            typer.echo(f"error: {result.diagnostics[0].message}", err=True)
        bundled = ", ".join(BUNDLED_MAPS)
        hint = "" if Path(map_name).suffix else f" (bundled maps: {bundled})"
        # A map with errors is a problem in the input (1), as in validate, analyze and render;
        # a map that cannot be read is an I/O error (2).
        raise _fail(f"cannot simulate {map_name}: the map could not be loaded{hint}",
                    2 if result.io_error else 1)
    board = result.board
    names = tuple(canonical_name(b) for b in bots.split(",") if b.strip()) if bots else DEFAULT_BOTS
    if not names:
        raise _fail("--bots is empty")
    if any(":" in n for n in names) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # plug-in bots import like `python -m` would
    try:
        for name in names:
            resolve_bot(name)
        rules = board.rules
        counts = parse_players(players, rules.min_players, rules.max_players, len(names))
        thresholds: list[Threshold] = parse_fail_on(fail_on) if fail_on else []
    except (BotNotFound, ValueError) as e:
        raise _fail(str(e)) from None
    map_path = str(Path(result.file).resolve())
    jobs = jobs or default_jobs()
    size = max(1, min(100, games // (4 * jobs) or 1))
    run: dict[str, Any] = {
        "map_sha256": hashlib.sha256(Path(map_path).read_bytes()).hexdigest(),
        "seed": seed, "games": games, "players": counts, "bots": list(names),
        "seed_rule": "sha256('ttrtool:{seed}:{players}:{game}'), first 63 bits",
        "seating": "rotations of each combination of the bots, cycled by game number",
    }
    if backend == "dask" and not scheduler and not quiet:
        typer.echo(f"note: --backend dask without --scheduler plays on {jobs} local processes, "
                   "as --backend local does (a Dask cluster started here would only compete "
                   "with the games for the cores)", err=True)
    log_file = _open(log, "the game log")
    tallies = []
    progress = Progress(games * len(counts), quiet)
    try:
        for n in counts:
            tally = Tally(n)
            work = chunks(map_path, n, names, seed, games, size, log_actions or False,
                          check_invariants)
            with closing(run_games(work, backend, jobs, scheduler, {map_path: board})) as played:
                for record in played:
                    tally.add(record)
                    if log_file is not None:
                        # One write per game, so an interrupted log ends with a whole game.
                        log_file.write(json.dumps(record, ensure_ascii=False,
                                                  separators=(",", ":")) + "\n")
                    progress.step(f"{board.meta.id} {n}p")
            tallies.append(tally)
    except (BackendUnavailable, BotError) as e:
        raise _fail(str(e)) from None
    except InvariantError as e:
        raise _fail(f"engine error: {e}", 3) from None
    except KeyboardInterrupt:
        progress.close()
        said = "no report written"
        if log_file is not None and log is not None:
            log_file.close()
            said = (f"wrote {_whole_lines(log)} of {games * len(counts)} games to {log} "
                    f"({said})")
        typer.echo(f"interrupted: {said}", err=True)
        raise typer.Exit(130) from None
    except OSError as e:
        raise _fail(f"simulation failed: {e}") from None
    finally:
        progress.close()
        if log_file is not None:
            log_file.close()
    static = static_findings(analyze(board))
    report = build_report(board, tallies, run, ttrtool.__version__, static)
    for path, text in ((out, json.dumps(report, indent=2, ensure_ascii=False) + "\n"),
                       (markdown, to_markdown(report))):
        if path is not None:
            # GitHub's step summary file collects every step's output: append to it.
            summary = os.environ.get("GITHUB_STEP_SUMMARY")
            mode = "a" if summary and Path(summary) == path else "w"
            try:
                with open(path, mode, encoding="utf-8") as f:
                    f.write(text)
            except OSError as e:
                raise _fail(f"cannot write {path}: {e.strerror}") from None
    sys.stdout.write(to_text(report))
    crossed = failures(report, thresholds)
    for line in crossed:
        typer.echo(f"fail-on: {line}", err=True)
    if crossed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
