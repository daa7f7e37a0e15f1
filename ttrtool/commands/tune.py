"""``ttrtool tune MAP --tickets``: set ticket points from play (docs/fix.md).

Exit codes (the scheme of README.md): 0 every ticket ends within its interval; 1 some
ticket is still off after the rounds, or the map has errors; 2 usage or I/O error (a file
that cannot be read or written, a bad option, a map that changed on disk meanwhile:
nothing written); 130 interrupted (nothing written).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer


def tune_command(
    map_file: Annotated[Path, typer.Argument(metavar="MAP", help="The map file to tune.")],
    tickets: Annotated[bool, typer.Option(
        "--tickets", help="Tune the tickets' points (the one thing tune tunes today).")
    ] = False,
    games: Annotated[str, typer.Option(
        "--games", "-n", metavar="N|auto",
        help="Games per player count and round; auto: batches until the verdicts settle "
             "(at most 2000).")] = "200",
    players: Annotated[str | None, typer.Option(
        "--players", "-p", metavar="N[,N...]", help="Player counts, as simulate's.")] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N",
                                      help="The seed of every round's games.")] = 0,
    rounds: Annotated[int, typer.Option(
        "--rounds", metavar="K", min=1, max=10,
        help="The most times the points are moved (each followed by a play).")] = 3,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", metavar="N", min=1, help="Worker processes (default: every core).")
    ] = None,
    baseline: Annotated[bool, typer.Option(
        "--baseline", help="Finally play the tuned map against the file as read (same "
                           "seeds) and print what changed.")] = False,
    write: Annotated[bool, typer.Option(
        "--write", help="Write the tuned points into the map (else only the diff).")] = False,
) -> None:
    """Play the map, move each ticket whose keepers sit off their deck's line toward it,
    play again on the same seeds, until every ticket is within its interval.

    Prints the diff, the verdict before and after, and the games and time it took; --write
    applies the diff as `ttrtool fix` does (comments and style kept).

    Exit codes: 0 every ticket within its interval at the end; 1 some still off, or the map
    has errors; 2 usage or I/O error (nothing written); 130 interrupted (nothing written).
    """
    from ttrtool.edit.roundtrip import EditError
    from ttrtool.edit.tune import TuneError, TuneRequest, tune_tickets

    if not tickets:
        _fail("say what to tune: --tickets")
    auto = games.strip().lower() == "auto"
    if auto:
        count = 2000
    elif games.strip().isdigit() and int(games) > 0:
        count = int(games)
    else:
        _fail(f"--games takes a number of games or 'auto' (got {games!r})")
    if not map_file.is_file():
        _fail(f"no such file: {map_file} (tune writes into a map file: copy a bundled map "
              "first)" if not map_file.exists() else f"{map_file} is not a regular file")
    try:
        report = tune_tickets(TuneRequest(map_file, count, auto, players, seed, rounds, jobs,
                                          baseline, write))
    except TuneError as e:
        if e.details:
            sys.stderr.write(e.details)
        typer.echo(f"error: {e.message}", err=True)
        raise typer.Exit(e.code) from None
    except EditError as e:
        _fail(str(e))
    if report.interrupted:
        typer.echo("ttrtool: interrupted (nothing written)", err=True)
        raise typer.Exit(130)
    sys.stdout.write(report.diff)
    for line in describe(report):
        typer.echo(line)
    raise typer.Exit(report.exit_code)


def describe(report: object) -> list[str]:
    """The verdict before and after, per round (``report``: a
    :class:`~ttrtool.edit.tune.TuneReport`)."""
    from ttrtool.edit.tune import TuneReport

    assert isinstance(report, TuneReport)
    lines = []
    for k, r in enumerate(report.rounds):
        word = "before" if k == 0 else f"after round {k}"
        lines.append(f"{word}: {len(r.off)} of {len(r.verdicts)} ticket(s) off their interval "
                     f"({r.games} games, {r.seconds:.0f} s)")
        for v in r.off:
            est = (f"play says about {v.estimate:.1f}" if v.estimate is not None
                   else "too few keepers to tell")
            lines.append(f"  {v.label} worth {v.points}: {est}; fair {v.fair[0]} to "
                         f"{v.fair[1]}; within {v.allowed[0]} to {v.allowed[1]}")
        lines += [f"  {c.line()}" for c in r.changes]
    if report.rounds:
        lines += [f"  {f}" for f in report.rounds[-1].findings]
    if report.baseline:
        lines.append("against the file as read (same seeds):")
        lines += [f"  {f}" for f in report.baseline]
    name = report.doc.path
    done = ("written" if report.written else
            "not written (give --write)" if report.changes else "nothing to change")
    lines.append(f"{name}: {len(report.changes)} ticket(s) changed, {done}; "
                 f"{report.games} games in {report.seconds:.0f} s")
    return lines


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    app.command("tune")(tune_command)
