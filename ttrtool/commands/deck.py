"""``ttrtool deck MAP``: propose a destination-ticket deck for the map's network.

A thin adapter: the options become a :class:`~ttrtool.design.runs.DeckRequest`,
:func:`ttrtool.design.runs.run_deck` proposes, tries and (with ``--write``) writes the
deck, and this module prints what it returns.

Exit codes (the scheme of README.md): 0 the deck was proposed (and written) and its trial
found no error or warning; 1 the map has errors besides missing tickets and colours
(named), or the trial left warnings (printed; the deck is still proposed and, with
``--write``, written); 2 usage or I/O error (an unknown ``--exclude`` city, a deck that
cannot be made as asked, a map that cannot be read, ``--write`` over an existing deck
without ``--replace``, a file that cannot be written).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ttrtool.design.deck import DeckError
from ttrtool.design.runs import DeckRequest, WriteError, run_deck
from ttrtool.design.sketch import SketchError
from ttrtool.design.text import deck_text
from ttrtool.design.trial import TRIAL_GAMES
from ttrtool.formats import format_text


def refuse(e: SketchError) -> int:
    """Print why the map cannot be worked on; the exit code."""
    if e.diagnostics:
        sys.stderr.write(format_text([(e.diagnostics[0].file, list(e.diagnostics))], False))
    typer.echo(f"error: {e.message}", err=True)
    return 2 if e.io_error or not e.diagnostics else 1


def deck_command(
    map_path: Annotated[str, typer.Argument(
        metavar="MAP", help="The map file (or a bundled map's id, without --write).")],
    tickets: Annotated[int | None, typer.Option(
        "--tickets", min=1, metavar="N",
        help="Tickets in the (regular) deck (default: about 0.9 a city, and enough for the "
             "deal at the most players).")] = None,
    long: Annotated[int | None, typer.Option(
        "--long", min=1, metavar="N",
        help="Tickets in the separate long deck, where the rules deal from one.")] = None,
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", metavar="CITY",
        help="A city that need not be on a ticket and ends none (repeat, or separate with "
             "commas).")] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S",
                                      help="Seed: the same seed gives the same deck.")] = 0,
    games: Annotated[int, typer.Option(
        "--games", min=0, metavar="N",
        help="Games at each player count of the trial (0: validate and analyze only).")
    ] = TRIAL_GAMES,
    write: Annotated[bool, typer.Option(
        "--write", help="Put the deck into MAP (comments and layout kept).")] = False,
    replace: Annotated[bool, typer.Option(
        "--replace", help="With --write, replace the deck MAP has.")] = False,
) -> None:
    """Propose a ticket deck: every city on a ticket, lengths spread like the official
    decks', each priced at its cheapest path, tried by validate, analyze and a short
    simulate.

    Exit codes: 0 proposed (and written), its trial clean; 1 the map has other errors, or
    the trial left warnings; 2 usage or I/O error.
    """
    names = tuple(n.strip() for item in exclude or () for n in item.split(",") if n.strip())
    request = DeckRequest(map_path, tickets, long, names, seed, games, write, replace)
    try:
        run = run_deck(request)
    except SketchError as e:
        raise typer.Exit(refuse(e)) from None
    except (DeckError, WriteError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(deck_text(run), nl=False)
    if run.proposal.trial.problems:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("deck")(deck_command)
