"""``ttrtool replay games.jsonl --game K``: print a logged game turn by turn.

Exit codes (the scheme of README.md): 0 the replay agrees with the log; 1 it
disagrees (the log was not written by this version, or determinism is
broken), or the map has errors; 2 usage or I/O error, or a file that is no
game log (not a regular file, not UTF-8, not JSON, a record that breaks the
log's schema).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

import ttrtool
from ttrtool.bots import BotNotFound
from ttrtool.formats import format_text
from ttrtool.simulate.playout import BotError
from ttrtool.simulate.replay import ReplayError, read_log, replay
from ttrtool.validate import validate_file


def replay_command(
    log: Annotated[Path, typer.Argument(
        metavar="LOG", help="A game log written by simulate --log --log-actions.")],
    game: Annotated[int, typer.Option("--game", "-g", min=0, metavar="N",
                                      help="Game number in the log.")] = 0,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help="Player count, when the log holds several.")] = None,
    map_name: Annotated[str | None, typer.Option(
        "--map", metavar="MAP",
        help="Map file (default: the bundled map named in the log).")] = None,
) -> None:
    """Re-simulate one logged game from its seed, check every action and every field the
    replay recomputes (winners, end, turns, each player's score and breakdown), print it
    turn by turn.

    Exit codes: 0 the replay agrees with the log; 1 it disagrees (the fields that differ are
    named), or the map has errors; 2 usage or I/O error (a log that cannot be read or is
    malformed: not a regular file, not UTF-8, not JSON, a record breaking the log's schema;
    no such game; a missing map); 130 interrupted.
    """
    try:
        record = read_log(log, game, players)
    except ReplayError as e:
        typer.echo(f"error: {log}: {e}", err=True)
        raise typer.Exit(2) from None
    if any(":" in b for b in record.get("bots", ())) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # plug-in bots import as in simulate
    source = map_name or record.get("map", "")
    result = validate_file(ttrtool.resolve_map_path(source)) if source else None
    if result is None or result.board is None:
        if result is not None and not result.io_error:
            # A map with errors: shown as validate shows them, exit 1 as in every command.
            sys.stderr.write(format_text([(result.file, result.errors)], False))
            typer.echo(f"error: cannot replay on {source}: the map has errors", err=True)
            raise typer.Exit(1)
        typer.echo(f"error: cannot load map '{source}': give the map file with --map", err=True)
        raise typer.Exit(2)
    board = result.board
    typer.echo(f"{board.meta.name}, {record['players']} players, seed {record['seed']}: "
               + ", ".join(f"seat {i + 1} {b}" for i, b in enumerate(record["bots"])))
    try:
        for step in replay(board, record):
            typer.echo(f"turn {step.turn:>3}  seat {step.seat + 1} {step.bot:<18} "
                       f"{step.description:<60} [{step.text}]")
    except ReplayError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1 if "actions" in record else 2) from None
    except BotNotFound as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    except BotError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    for p in record["results"]:
        b = p["breakdown"]
        others = "".join(f", {x['type'].replace('_', ' ')} {x['points']}"
                         for x in b.get("bonuses", ()))
        typer.echo(f"seat {p['seat'] + 1} {p['bot']}: {p['score']} points (routes {b['routes']}, "
                   f"tickets {b['tickets']}, stations {b['stations']}, longest {b['longest']}"
                   f"{others})")
    typer.echo(f"end: {record['end']} after {record['turns']} turns; winner(s): "
               + ", ".join(f"seat {w + 1}" for w in record["winners"])
               + "; replay matches the log in every field")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
