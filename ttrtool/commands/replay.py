"""``ttrtool replay games.jsonl --game K``: print a logged game turn by turn.

A game still in play (the save ``ttrtool play`` keeps) replays up to its last move.

Exit codes (the scheme of README.md): 0 the replay agrees with the log; 1 it
disagrees (the log was not written by this version, or determinism is
broken), or the map has errors; 2 usage or I/O error, or a file that is no
game log (not a regular file, not UTF-8, not JSON, a record that breaks the
log's schema), or a log seating a bot that is neither registered nor from a
``--bot-module`` (nothing of it is imported).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Annotated

import typer

import ttrtool
from ttrtool.bots import BotNotFound
from ttrtool.formats import format_text
from ttrtool.resources import BUNDLED_MAPS, bundled_map_path
from ttrtool.simulate.playout import BotError
from ttrtool.simulate.replay import (
    ReplayError,
    UntrustedBot,
    in_play,
    read_log,
    refuse_untrusted_bots,
    replay,
)
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
    bot_modules: Annotated[list[str] | None, typer.Option(
        "--bot-module", metavar="MODULE",
        help="Allow the log's plug-in bots MODULE:Class from this module (installed or on "
             "PYTHONPATH); repeat for several. Without it only registered bots are seated.")
    ] = None,
) -> None:
    """Re-simulate one logged game from its seed, check every action and every field the
    replay recomputes (winners, end, turns, each player's score and breakdown), print it
    turn by turn. A game still in play (a ``play`` save) replays up to its last move.

    Exit codes: 0 the replay agrees with the log; 1 it disagrees (the fields that differ are
    named), or the map has errors; 2 usage or I/O error (a log that cannot be read or is
    malformed: not a regular file, not UTF-8, not JSON, a record breaking the log's schema;
    no such game; a missing map; a bot that is neither registered nor from a --bot-module,
    of which nothing is imported); 130 interrupted.
    """
    modules = tuple(m.strip() for m in bot_modules or ())
    for m in modules:
        if not MODULE_NAME.fullmatch(m):
            typer.echo(f"error: --bot-module {m!r} is not a module name "
                       "(dotted words: mypkg.mybots)", err=True)
            raise typer.Exit(2)
    try:
        record = read_log(log, game, players)
        refuse_untrusted_bots(record["bots"], modules)
    except ReplayError as e:
        typer.echo(f"error: {log}: {e}", err=True)
        raise typer.Exit(2) from None
    # The log names a bundled map by its id; any other file only through --map, so that a
    # log cannot make the replay read a file of its choosing.
    source = map_name or record["map"]
    if map_name is None and source not in BUNDLED_MAPS:
        typer.echo(f"error: the log's map '{source}' is not a bundled map: give the map file "
                   "with --map", err=True)
        raise typer.Exit(2)
    result = validate_file(ttrtool.resolve_map_path(source) if map_name
                           else bundled_map_path(source))
    if result.board is None:
        if not result.io_error:
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
        for step in replay(board, record, bot_modules=modules):
            typer.echo(f"turn {step.turn:>3}  seat {step.seat + 1} {step.bot:<18} "
                       f"{step.description:<60} [{step.text}]")
    except UntrustedBot as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    except ReplayError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1 if "actions" in record else 2) from None
    except BotNotFound as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    except BotError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if in_play(record):
        typer.echo(f"game in play after {len(record['actions'])} moves, every one as the log "
                   f"has it; `ttrtool play {source} --log {log}` resumes it")
        return
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


# A dotted Python module name: words of letters, digits and underscores.
MODULE_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
