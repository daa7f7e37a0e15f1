"""``ttrtool render MAP``: the printable board (SVG, PDF, tiles) and the ticket cards.

Exit codes: 0 written (layout warnings are printed but allowed); 1 the map has
errors (printed as file:line:column); 2 usage or I/O error (unreadable map,
theme or report, an output that would overwrite the map, an output folder that
does not exist — none is ever created —, bad option, an empty ``--theme ''`` or an
empty file name such as ``-o ''``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ttrtool.commands.argv import empty_theme_name, parse
from ttrtool.commands.shapes import SHAPES
from ttrtool.draw import RenderRequest

if TYPE_CHECKING:
    import typer


# The file options of ``render``, and what each names, for the message of an empty one.
FILE_OPTIONS = (("--output", "the board: .svg, .pdf or .png"),
                ("--tickets", "the ticket cards: .pdf, .svg or .png"),
                ("--heatmap", "a simulate --out report, JSON"))


def refused_empty(files: tuple[str | None, str | None, str | None], theme: str | None) -> bool:
    """Print the error for a file option given an empty name (exit 2, as for any bad option)
    and say so.  ``files``: the values of :data:`FILE_OPTIONS`.  An empty name is not taken
    for the option left out: ``-o "$OUT"`` with ``OUT`` unset would otherwise write the
    board to its default file, and ``--theme ''`` would draw with the default theme
    (``validate`` and ``preview`` refuse that one alike)."""
    empty = empty_theme_name(theme)
    if not empty:
        for (flag, what), value in zip(FILE_OPTIONS, files, strict=True):
            if value == "":
                empty = f"{flag} needs a file name ({what})"
                break
    if empty:
        sys.stderr.write(f"error: {empty}\n")
    return empty is not None


def run_render(request: RenderRequest) -> int:
    """Run :func:`ttrtool.draw.run`, print what it says, return the exit code."""
    from ttrtool.draw import RenderStopped, run

    try:
        result = run(request)
    except RenderStopped as stop:
        sys.stderr.write("".join(stop.messages))
        return stop.code
    sys.stderr.write("".join(result.messages))
    sys.stdout.write(f"wrote {', '.join(str(p) for p in result.written)}\n")
    return result.code


def fast_main(argv: list[str]) -> int | None:
    """Run a plain ``render MAP [options]`` without Typer (see :mod:`ttrtool.commands.argv`);
    None leaves ``argv`` to Typer."""
    got = parse(argv, SHAPES["render"])
    if got is None:
        return None
    if refused_empty((got.value("output_arg"), got.value("tickets_arg"), got.value("heatmap_arg")),
                     got.value("theme_file_arg")):
        return 2

    def path(name: str) -> Path | None:
        value = got.value(name)
        return Path(value) if value else None

    return run_render(RenderRequest(
        got.positional[0], path("output_arg"), "pdf" in got.flags, got.value("tiles"),
        got.value("overlap") or "15mm", path("tickets_arg"), got.value("paper") or "a4",
        path("heatmap_arg"), path("theme_file_arg"), "draft" in got.flags))


def register(app: typer.Typer) -> None:
    """Add the ``render`` command to the Typer app (Typer is imported here, so that the fast
    path does not pay for it)."""
    import typer

    def render_command(
        map_file: str = typer.Argument(..., metavar="MAP",
                                       help="Map file, or a bundled map id."),
        output_arg: str | None = typer.Option(
            None, "--output", "-o", metavar="FILE",
            help="Board file: .svg (default <map id>.svg; none when only --tickets is given), "
                 ".pdf or .png."),
        pdf: bool = typer.Option(False, "--pdf",
                                 help="Also write the board as PDF beside the SVG."),
        tiles: str | None = typer.Option(
            None, "--tiles", metavar="PAPER",
            help="Also write OUTPUT-tiles.pdf: the board on a4, letter or a3 sheets."),
        overlap: str = typer.Option("15mm", "--overlap", metavar="LENGTH",
                                    help="Overlap between tiles."),
        tickets_arg: str | None = typer.Option(None, "--tickets", metavar="FILE",
                                               help="Ticket cards: .pdf, .svg or .png."),
        paper: str = typer.Option("a4", "--paper", metavar="PAPER",
                                  help="Paper for ticket sheets: a4, letter, a3."),
        heatmap_arg: str | None = typer.Option(
            None, "--heatmap", metavar="REPORT",
            help="Simulation report (JSON): route claim rates."),
        theme_file_arg: str | None = typer.Option(None, "--theme", metavar="FILE",
                                                  help="Theme file (JSON or YAML)."),
        draft: bool = typer.Option(
            False, "--draft",
            help="Draw a map whose errors do not prevent drawing (no tickets yet, a bad "
                 "ticket value), marked DRAFT; the errors are printed and the exit code is "
                 "still 1."),
    ) -> None:
        """Draw the board at print size, tiles for home printing, and the ticket cards.

        Exit codes: 0 written (layout warnings allowed); 1 the map has errors (with --draft:
        drawn all the same where it can be, marked DRAFT); 2 usage or I/O error (a file
        that cannot be read, a malformed theme or --heatmap report, an output that cannot be
        written or a full disk: the previous file is kept); 130 interrupted.  See
        docs/render.md.
        """
        if refused_empty((output_arg, tickets_arg, heatmap_arg), theme_file_arg):
            raise typer.Exit(2)
        code = run_render(RenderRequest(
            map_file, Path(output_arg) if output_arg else None, pdf, tiles, overlap,
            Path(tickets_arg) if tickets_arg else None, paper,
            Path(heatmap_arg) if heatmap_arg else None,
            Path(theme_file_arg) if theme_file_arg else None, draft))
        if code:
            raise typer.Exit(code)

    app.command("render")(render_command)
