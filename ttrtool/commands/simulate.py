"""``ttrtool simulate MAP``: play many seeded games with bots and report on them.

A thin adapter: the options become a :class:`~ttrtool.simulate.session.RunRequest`,
:func:`ttrtool.simulate.run` does the run, and this module prints what it
returns (and a progress bar while it goes on).

Exit codes (the scheme of README.md): 0 done; 1 the map has errors, or a
``--fail-on`` threshold was crossed; 2 usage or I/O error (unknown map file
or bot, bad option, a ``--theme`` that cannot be read or has a bad value,
reported as ``render`` reports it and before any game, unwritable output, Dask
not installed or unreachable, a plug-in bot that breaks the interface, a
worker process that died); 3 the engine broke an invariant (a bug: please
report it with the seed); 130 interrupted (Ctrl-C); 143 terminated (SIGTERM).
Interrupted or terminated, the ``--log`` keeps every whole game played, and no
report is written.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any

import typer

from ttrtool import simulate
from ttrtool.model import Board
from ttrtool.outputs import OutputError, write_output
from ttrtool.simulate.runner import Terminated
from ttrtool.simulate.session import RunError, RunRequest, RunResult, Watcher
from ttrtool.verdict.summary import to_text

if TYPE_CHECKING:
    from ttrtool.render.theme import Theme


class Progress(Watcher):
    """A bar on a terminal, a plain line every 10% (or 30 s) elsewhere, nothing when quiet."""

    def __init__(self, quiet: bool, stream: IO[str] | None = None) -> None:
        self.total, self.quiet = 1, quiet
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.done = 0
        self.start = self.last = time.monotonic()
        self.next_mark = 1

    def note(self, text: str) -> None:
        typer.echo(text, err=True)

    def started(self, total: int) -> None:
        self.total = total
        self.start = self.last = time.monotonic()
        self.next_mark = max(1, total // 10)

    def played(self, label: str) -> None:
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


def show(result: RunResult) -> int:
    """Print what a run produced; return its exit code."""
    request = result.request
    if result.interrupted:
        said = "no report written"
        if result.logged == 0:
            said = f"no game was finished, {request.log} is left as it was ({said})"
        elif result.logged is not None:
            said = f"wrote {result.logged} of {result.total} games to {request.log} ({said})"
        typer.echo(f"{'terminated' if result.terminated else 'interrupted'}: {said}", err=True)
        return result.exit_code
    assert result.report is not None
    sys.stdout.write(to_text(result.report))
    for line in result.crossed:
        typer.echo(f"fail-on: {line}", err=True)
    return result.exit_code


def simulate_command(
    map_name: Annotated[str, typer.Argument(metavar="MAP",
                                            help="A map file or a bundled map id.")],
    games: Annotated[str, typer.Option(
        "--games", "-n", metavar="N|auto[:CAP]",
        help="Games per player count; auto plays batches of 100 until every tested effect "
             "is found or ruled out, up to CAP (default 2000) (docs/simulate.md).")] = "100",
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
    html: Annotated[Path | None, typer.Option(
        "--html", metavar="FILE",
        help="Write the report as one self-contained HTML page with the board "
             "(docs/report.md).")] = None,
    baseline: Annotated[str | None, typer.Option(
        "--baseline", metavar="OLD",
        help="Also play the same games (same seeds) on OLD, a map file or bundled id, and "
             "report what changed as findings (TTR62x).")] = None,
    styles: Annotated[bool, typer.Option(
        "--styles",
        help="Play the same games under each play style (strong, default, casual tables of "
             "bots) and say which findings hold for every style; the seat verdict holds "
             "only when every style agrees (docs/simulate.md, 'Play styles').")] = False,
    select: Annotated[list[str] | None, typer.Option(
        "--select", metavar="CODES",
        help="Keep only findings with these codes or prefixes, e.g. TTR6.")] = None,
    ignore: Annotated[list[str] | None, typer.Option(
        "--ignore", metavar="CODES",
        help="Leave out findings with these codes or prefixes, e.g. TTR501,TTR505.")] = None,
    theme_file: Annotated[str | None, typer.Option(
        "--theme", metavar="FILE", show_default=False,
        help="Draw the --html page's board and claim heatmap with this theme (JSON or YAML), "
             "as render --theme FILE draws them (default: the default theme); read before "
             "the first game. The other outputs draw no board and do not change.")] = None,
    from_log: Annotated[Path | None, typer.Option(
        "--from-log", metavar="LOG",
        help="Play no game: report on the finished games of LOG (written by simulate --log "
             "or ttrtool play) as on a run's.")] = None,
) -> None:
    """Play seeded games with bots on MAP and report balance statistics.

    Exit codes: 0 done; 1 the map has errors, or a --fail-on threshold was crossed; 2 usage
    or I/O error (a bad option or --theme file, a map file that cannot be read or parsed,
    an output that cannot be written or a full disk, an unusable bot, a Dask scheduler that
    cannot be reached or loses every worker, a local worker process that died, as when
    memory runs out); 3 the engine broke an invariant (a bug: report it with the seed); 130
    interrupted (Ctrl-C), 143 terminated (SIGTERM): the --log keeps every whole game played
    so far.
    """
    count, is_auto = parse_games(games)
    if from_log is not None and (games != "100" or seed):
        typer.echo("error: --from-log reports on the games of the log, so --games and --seed "
                   "cannot apply: leave them out", err=True)
        raise typer.Exit(2)
    request = RunRequest(
        map_name=map_name, games=count, auto=is_auto, players=players, bots=bots, seed=seed,
        jobs=jobs,
        backend=backend, scheduler=scheduler, out=out, log=log, log_actions=log_actions,
        markdown=markdown, fail_on=fail_on, check_invariants=check_invariants, quiet=quiet,
        baseline=baseline, styles=styles, select=finding_codes("--select", select),
        ignore=finding_codes("--ignore", ignore), from_log=from_log)
    theme = _page_theme(theme_file, html)
    page_board = _page_board(request, html) if html is not None else None
    progress = Progress(quiet)
    try:
        result = simulate.run(request, progress)
    except RunError as e:
        progress.close()
        sys.stderr.write(e.details)
        typer.echo(f"error: {e.message}", err=True)
        raise typer.Exit(e.code) from None
    except (KeyboardInterrupt, Terminated) as e:  # before the games: nothing was written
        progress.close()
        terminated = isinstance(e, Terminated)
        typer.echo(f"ttrtool: {'terminated' if terminated else 'interrupted'}", err=True)
        raise typer.Exit(143 if terminated else 130) from None
    progress.close()
    code = show(result)
    if html is not None and page_board is not None and result.report is not None:
        _write_page(html, result.report, page_board, request, theme, theme_file)
    if code:
        raise typer.Exit(code)


def _page_theme(theme_file: str | None, html: Path | None) -> Theme | None:
    """The ``--theme`` the page draws with, read before any game is played (exit code 2 with
    render's message for a bad one or an empty name); None without the option.  Without
    ``--html`` it is still read, and a note says that nothing draws with it."""
    from ttrtool.commands.argv import theme_option
    from ttrtool.render.theme import ThemeError

    if theme_file is None:
        return None
    try:
        theme = theme_option(theme_file)
    except ThemeError as e:  # the file, line and column, as render prints them
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if html is None:
        typer.echo("note: --theme applies to the board of the --html page, which was not "
                   "asked for; the other outputs draw no board", err=True)
    return theme


def _page_board(request: RunRequest, html: Path) -> Board | None:
    """Check ``--html`` with the other outputs before any game is played (exit code 2), and
    load the board the page will draw (None: the run itself will report the map's errors)."""
    from ttrtool import resolve_map_path
    from ttrtool.outputs import first_output_problem
    from ttrtool.validate import validate_file

    source = resolve_map_path(request.map_name)
    problem = first_output_problem((request.out, request.log, request.markdown, html), source)
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    return validate_file(source).board


def command_line(request: RunRequest, html: Path, theme_file: str | None = None) -> str:
    """The command that plays the same games again (or reads the same log) and writes the
    page (the run's own figures: what was asked for, not how it was typed), with the page's
    ``--theme``."""
    games = f"auto:{request.games}" if request.auto else str(request.games)
    words = ["ttrtool", "simulate", request.map_name]
    words += (["--from-log", str(request.from_log)] if request.from_log is not None
              else ["--games", games, "--seed", str(request.seed)])
    if request.players:
        words += ["--players", request.players]
    if request.bots:
        words += ["--bots", request.bots]
    words += ["--html", str(html)]
    if theme_file is not None:
        words += ["--theme", theme_file]
    return " ".join(shlex.quote(w) for w in words)


def _write_page(path: Path, report: dict[str, Any], board: Board, request: RunRequest,
                theme: Theme | None = None, theme_file: str | None = None) -> None:
    """Write the page, its board drawn with ``theme`` (read from ``theme_file`` before the
    run; None: the default theme)."""
    from ttrtool.render.theme import load_theme
    from ttrtool.report.simulation import simulation_page

    text = simulation_page(report, board, theme if theme is not None else load_theme(None),
                           None, command_line(request, path, theme_file))
    try:
        write_output(path, text)
    except OutputError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None


def parse_games(text: str) -> tuple[int, bool]:
    """``100`` -> (100, False); ``auto`` -> (cap, True); ``auto:500`` -> (500, True)."""
    from ttrtool.verdict.auto import CAP

    word, _, cap = text.strip().lower().partition(":")
    if word == "auto" and (not cap or cap.isdigit() and int(cap) >= 1):
        return (int(cap) if cap else CAP), True
    if word.isdigit() and int(word) >= 1 and not cap:
        return int(word), False
    typer.echo(f"error: --games takes a number of games (1 or more), auto or auto:CAP, not "
               f"'{text}'", err=True)
    raise typer.Exit(2)


def finding_codes(option: str, values: list[str] | None) -> tuple[str, ...]:
    """``--select TTR6,TTR501`` -> ('TTR6', 'TTR501'); exit 2 for a code no finding has."""
    from ttrtool.checks.catalog import FINDINGS

    out: list[str] = []
    for v in values or ():
        out += [c.strip().upper() for c in v.split(",") if c.strip()]
    for code in out:
        if not any(i.code.startswith(code) for i in FINDINGS):
            typer.echo(f"error: {option} {code}: no finding has this code or prefix "
                       "(see docs/checks.md)", err=True)
            raise typer.Exit(2)
    return tuple(out)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
