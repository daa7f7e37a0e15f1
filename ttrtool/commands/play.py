"""``ttrtool play MAP``: play the map in the browser, human seats against bots.

A thin adapter over :mod:`ttrtool.human`: it starts (or resumes) the game in its
log, serves the page on 127.0.0.1, opens it (unless ``--no-browser``) and serves
until Ctrl-C.  The game is saved after every move, so Ctrl-C keeps it and the
same command resumes it.

Exit codes: 0 stopped with Ctrl-C, or the game over; 1 the map has errors; 2
usage or I/O error (a bad --seats, a port taken, a log that cannot be read or
written, or holds an unfinished game of other seats).

Typer is imported only in :func:`register`; for that reason this module does not
use postponed annotations (Typer reads the real objects).
"""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

if TYPE_CHECKING:
    import typer


def run(map_file: str, seats: str | None = None, seed: int | None = None, port: int = 8766,
        open_browser: bool = True, log: Path | None = None, theme_file: str | None = None) -> int:
    """Serve the game until Ctrl-C; return the exit code."""
    from ttrtool.commands.argv import theme_option
    from ttrtool.human.server import PlayError, open_table
    from ttrtool.render.theme import ThemeError
    from ttrtool.report.live import serve_until_stopped, url_of

    try:
        theme = theme_option(theme_file)
        server, sitting = open_table(map_file, seats, seed, log, port, theme)
    except ThemeError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    except PlayError as e:
        sys.stderr.write(f"{e.details}error: {e}\n")
        return e.code
    url = url_of(server)
    where = sitting.log.path
    resumed = " (resumed)" if sitting.resumed else ""

    def announce() -> None:
        sys.stdout.write(f"playing {sitting.board.meta.name}, game {sitting.number}, seats "
                         f"{','.join(sitting.seats)}, seed {sitting.seed}{resumed} at {url} "
                         f"(Ctrl-C to stop; the game is saved in {where})\n")
        sys.stdout.flush()
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    # Ctrl-C and SIGTERM (``kill``, a CI job cancelled) both end the server: the game is
    # saved after every move, so nothing is lost either way.
    try:
        serve_until_stopped(server, announce)
    finally:
        server.server_close()
    state = "over" if sitting.over else "saved; run the same command to resume it"
    sys.stdout.write(f"play stopped; the game is {state} ({where})\n")
    return 0


def register(app: "typer.Typer") -> None:
    """Add the ``play`` command to the Typer app."""
    import typer

    def play_command(
        map_file: Annotated[str, typer.Argument(metavar="MAP", help="The map to play.")],
        seats: Annotated[str | None, typer.Option(
            "--seats", metavar="LIST",
            help="Seats in order, 'human' or a bot name (default human,expert,expert).")] = None,
        seed: Annotated[int | None, typer.Option(
            "--seed", metavar="N", help="The game's seed (default: its number in the log "
                                        "plus one).")] = None,
        port: Annotated[int, typer.Option(
            "--port", metavar="N", help="Port on 127.0.0.1 (0: any free port).")] = 8766,
        no_browser: Annotated[bool, typer.Option(
            "--no-browser", help="Do not open a browser tab; print the address only.")] = False,
        log: Annotated[Path | None, typer.Option(
            "--log", metavar="FILE",
            help="The game log, also the save (default play-<map id>.jsonl here).")] = None,
        theme_file: Annotated[str | None, typer.Option(
            "--theme", metavar="FILE", help="Theme file (JSON or YAML).")] = None,
    ) -> None:
        """Play the map in the browser: human seats against bots, hot-seat for several.

        The page (127.0.0.1 only) shows the board as render draws it; every action is a
        click.  The game is logged as simulate --log --log-actions logs one, so replay
        re-plays it; it is saved after every move and resumed by the same command.
        Exit codes: 0 stopped with Ctrl-C; 1 the map has errors; 2 usage or I/O error.
        See docs/play.md.
        """
        code = run(map_file, seats, seed, port, not no_browser, log, theme_file)
        if code:
            raise typer.Exit(code)

    app.command("play")(play_command)
