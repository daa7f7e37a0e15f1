"""``ttrtool colour MAP``: colour the routes the designer left gray or unset.

A thin adapter: the options become a :class:`~ttrtool.design.runs.ColourRequest`,
:func:`ttrtool.design.runs.run_colour` colours, tries and (with ``--write``) writes, and
this module prints what it returns.

Exit codes (the scheme of README.md): 0 coloured (and written), the trial clean; 1 the map
has errors besides missing tickets and colours (named), or the trial left warnings
(printed); 2 usage or I/O error (a map that cannot be read, a file that cannot be written).
"""

from __future__ import annotations

from typing import Annotated

import typer

from ttrtool.commands.deck import refuse
from ttrtool.design.runs import ColourRequest, WriteError, run_colour
from ttrtool.design.sketch import SketchError
from ttrtool.design.text import colour_text
from ttrtool.design.trial import TRIAL_GAMES


def colour_command(
    map_path: Annotated[str, typer.Argument(
        metavar="MAP", help="The map file (or a bundled map's id, without --write).")],
    every: Annotated[bool, typer.Option(
        "--all", help="Colour every route again, not only the gray and unset ones.")] = False,
    seed: Annotated[int, typer.Option("--seed", metavar="S",
                                      help="Seed: the same seed gives the same colours.")] = 0,
    games: Annotated[int, typer.Option(
        "--games", min=0, metavar="N",
        help="Games at each player count of the trial, when the map has its tickets "
             "(0: validate and analyze only).")] = TRIAL_GAMES,
    write: Annotated[bool, typer.Option(
        "--write", help="Put the colours into MAP (comments and layout kept).")] = False,
) -> None:
    """Colour the gray or unset routes (every route with --all): the colours' train spaces
    in proportion to their cards, the two tracks of a double different, no city with all
    its routes of one colour; the balance (TTR505, TTR506) before and after.

    Exit codes: 0 coloured (and written), its trial clean; 1 the map has other errors, or
    the trial left warnings; 2 usage or I/O error.
    """
    try:
        run = run_colour(ColourRequest(map_path, every, seed, games, write))
    except SketchError as e:
        raise typer.Exit(refuse(e)) from None
    except WriteError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(colour_text(run), nl=False)
    if run.trial.problems:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("colour")(colour_command)
