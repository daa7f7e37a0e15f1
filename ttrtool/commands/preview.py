"""``ttrtool preview MAP``: the board in a browser tab, drawn again at every save.

A thin adapter over :mod:`ttrtool.report.live`: it checks the map and the
port, starts the server on 127.0.0.1, opens the page (unless
``--no-browser``) and serves until Ctrl-C.

Exit codes: 0 stopped with Ctrl-C (the normal way to end it); 2 usage or I/O
error (a map file that does not exist, a port that is taken or out of range, a
theme that cannot be read or an empty ``--theme ''``).  A map with errors is
not an exit: the page shows them, and the drawing follows the file as it is fixed.

Typer is imported only in :func:`register`; for that reason this module does not
use postponed annotations (Typer reads the real objects).
"""

import sys
from typing import TYPE_CHECKING, Annotated

if TYPE_CHECKING:
    import typer


def run(map_file: str, port: int = 8765, open_browser: bool = True, layout: bool = False,
        theme_file: str | None = None) -> int:
    """Serve the preview until Ctrl-C; return the exit code."""
    from ttrtool import resolve_map_path
    from ttrtool.commands.argv import theme_option
    from ttrtool.render.theme import ThemeError
    from ttrtool.report.live import Preview, make_server, serve_until_stopped, url_of

    path = resolve_map_path(map_file)
    if not path.is_file():
        sys.stderr.write(f"error: {path}: no such map file (give the YAML file you edit)\n")
        return 2
    if not 0 <= port <= 65535:
        sys.stderr.write(f"error: --port must be from 0 to 65535, not {port}\n")
        return 2
    try:  # an empty name is refused as render does, not taken for the default theme
        theme = theme_option(theme_file)
    except ThemeError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    preview = Preview(path, theme, layout)
    try:
        server = make_server(preview, port)
    except OSError as e:
        sys.stderr.write(f"error: cannot listen on 127.0.0.1:{port}: {e.strerror or e} "
                         "(give another port with --port, or --port 0 for any free one)\n")
        return 2
    url = url_of(server)

    def announce() -> None:
        sys.stdout.write(f"previewing {path} at {url} (Ctrl-C to stop)\n")
        sys.stdout.flush()
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    try:
        serve_until_stopped(server, announce)
    finally:
        server.server_close()
    sys.stdout.write("preview stopped\n")
    return 0


def register(app: "typer.Typer") -> None:
    """Add the ``preview`` command to the Typer app."""
    import typer

    def preview_command(
        map_file: Annotated[str, typer.Argument(metavar="MAP", help="The map file you edit.")],
        port: Annotated[int, typer.Option(
            "--port", metavar="N", help="Port on 127.0.0.1 (0: any free port).")] = 8765,
        no_browser: Annotated[bool, typer.Option(
            "--no-browser", help="Do not open a browser tab; print the address only.")] = False,
        layout: Annotated[bool, typer.Option(
            "--layout", help="Also run the layout checks (TTR2xx) at every save.")] = False,
        theme_file: Annotated[str | None, typer.Option(
            "--theme", metavar="FILE", help="Theme file (JSON or YAML).")] = None,
    ) -> None:
        """Serve the board on 127.0.0.1 and draw it again in the open tab at every save.

        The validate diagnostics are listed beside the board and marked on it; a save that
        cannot be read shows its error (file:line:column) while the last good drawing stays.
        Exit codes: 0 stopped with Ctrl-C; 2 usage or I/O error (no such map file, a port
        taken).  See docs/report.md.
        """
        code = run(map_file, port, not no_browser, layout, theme_file)
        if code:
            raise typer.Exit(code)

    app.command("preview")(preview_command)
