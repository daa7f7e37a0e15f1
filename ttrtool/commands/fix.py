"""``ttrtool fix MAP``: write the fixes the checks compute into the map (docs/fix.md).

Exit codes (the scheme of README.md): 0 the map is left without errors (warnings
allowed); 1 it still has errors (or cannot be read as a map: not YAML, a schema error);
2 usage or I/O error: a file that cannot be read or written, a bundled map id instead
of a file, a bad ``--theme`` or ``--max-move``, or a map that changed on disk while it
was being fixed (nothing is then written).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from ttrtool.edit.roundtrip import EditError


def fix_command(
    map_file: Annotated[Path, typer.Argument(metavar="MAP", help="The map file to fix.")],
    layout: Annotated[bool, typer.Option(
        "--layout", help="Fix the board as drawn: waypoints (and city moves with --unsafe) "
                         "for the routes `render` cannot draw cleanly.")] = False,
    tickets: Annotated[bool, typer.Option(
        "--tickets", help="Set the points of tickets TTR406/TTR407 find off to fair points "
                          "(unsafe).")] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Print the changes as a unified diff and write nothing.")] = False,
    unsafe: Annotated[bool, typer.Option(
        "--unsafe", help="Also apply the fixes that change the game: ticket points, city "
                         "moves.")] = False,
    max_move: Annotated[float, typer.Option(
        "--max-move", metavar="MM",
        help="The farthest a city may move, in mm on the printed board.")] = 15.0,
    theme: Annotated[str | None, typer.Option(
        "--theme", metavar="FILE",
        help="The theme the board is laid out with (as `render --theme`).")] = None,
) -> None:
    """Apply the fixes `validate` suggests, keeping every comment and the file's style.

    Without --layout or --tickets, both.  Safe fixes change nothing a player sees (a
    waypoint); unsafe ones change the game and need --unsafe.  A map with errors gets only
    the fixes that remove an error.

    Exit codes: 0 the map is left without errors; 1 it still has errors; 2 usage or I/O
    error (a file that cannot be read or written, a bad option, a map that changed on disk
    meanwhile: nothing written); 130 interrupted (nothing written).
    """
    from ttrtool.commands.argv import theme_option
    from ttrtool.edit.fixing import FixRequest, fix_map
    from ttrtool.formats import format_text
    from ttrtool.render.theme import ThemeError

    if not math.isfinite(max_move) or max_move < 0:
        _fail(f"--max-move must be a number of mm, 0 or more (got {max_move})")
    if not map_file.exists():
        hint = (" (a bundled map cannot be fixed in place: copy it first)"
                if "/" not in str(map_file) and not map_file.suffix else "")
        _fail(f"no such file: {map_file}{hint}")
    try:
        the_theme = theme_option(theme) if theme is not None else None
    except ThemeError as e:
        _fail(str(e))
    try:
        report = fix_map(FixRequest(map_file, layout, tickets, unsafe, max_move, the_theme,
                                    write=not diff))
    except EditError as e:
        _fail(str(e))
    if report.unreadable:
        sys.stderr.write(format_text([(str(map_file), report.unreadable)], False))
    if diff:
        sys.stdout.write(report.diff)
    for line in report.summary():
        typer.echo(line, err=diff)  # with --diff the diff alone goes to standard output
    raise typer.Exit(report.exit_code)


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    app.command("fix")(fix_command)
