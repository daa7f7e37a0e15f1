"""``ttrtool render MAP``: the printable board (SVG, PDF, tiles) and the ticket cards.

Exit codes: 0 written (layout warnings are printed but allowed); 1 the map has
errors (printed as file:line:column); 2 usage or I/O error (unreadable map,
theme or report, an output that would overwrite the map, bad option).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from ttrtool.render.labels import BoardPlan

PAPERS = ("a4", "letter", "a3")


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def parse_length(text: str) -> float:
    """``15mm``, ``1.5cm``, ``0.5in`` or a bare number of millimetres."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*", text)
    if not m:
        raise ValueError(f"'{text}' is not a length (e.g. 15mm)")
    return float(m.group(1)) * {"mm": 1.0, "cm": 10.0, "in": 25.4}[m.group(2) or "mm"]


def _write(path: Path, data: bytes, source: Path) -> None:
    if path.resolve() == source.resolve():
        raise _fail(f"refusing to overwrite the map file {source}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as e:
        raise _fail(f"cannot write {path}: {e.strerror or e}") from None


def _guard(path: Path, source: Path) -> None:
    if path.resolve() == source.resolve():
        raise _fail(f"refusing to overwrite the map file {source}")


def render_command(
    map_file: str = typer.Argument(..., metavar="MAP", help="Map file, or a bundled map id."),
    output_arg: str | None = typer.Option(None, "--output", "-o",
                                help="Board file: .svg (default MAP-id.svg), .pdf or .png."),
    pdf: bool = typer.Option(False, "--pdf", help="Also write the board as PDF beside the SVG."),
    tiles: str | None = typer.Option(None, "--tiles", help="Also write OUTPUT-tiles.pdf: the board "
                              "on a4, letter or a3 sheets."),
    overlap: str = typer.Option("15mm", "--overlap", help="Overlap between tiles."),
    tickets_arg: str | None = typer.Option(None, "--tickets", help="Ticket cards: .pdf or .svg."),
    paper: str = typer.Option("a4", "--paper", help="Paper for ticket sheets: a4, letter, a3."),
    heatmap_arg: str | None = typer.Option(None, "--heatmap",
                                           help="Simulation report (JSON): route claim rates."),
    theme_file_arg: str | None = typer.Option(None, "--theme", help="Theme file (JSON or YAML)."),
) -> None:
    """Draw the board at print size, tiles for home printing, and the ticket cards."""
    output = Path(output_arg) if output_arg else None
    tickets = Path(tickets_arg) if tickets_arg else None
    heatmap = Path(heatmap_arg) if heatmap_arg else None
    theme_file = Path(theme_file_arg) if theme_file_arg else None
    from ttrtool import resolve_map_path
    from ttrtool.formats import format_text
    from ttrtool.loader import LoadError, read_map_file
    from ttrtool.validate import validate_document

    source = resolve_map_path(map_file)
    if tiles is not None and tiles not in PAPERS:
        raise _fail(f"--tiles must be one of {', '.join(PAPERS)}, not '{tiles}'")
    if paper not in PAPERS:
        raise _fail(f"--paper must be one of {', '.join(PAPERS)}, not '{paper}'")
    try:
        overlap_mm = parse_length(overlap)
    except ValueError as e:
        raise _fail(str(e)) from None
    try:
        doc = read_map_file(source)
    except LoadError as e:
        sys.stderr.write(format_text([(str(source), [e.diagnostic])], False))
        raise typer.Exit(2 if e.io_error else 1) from None
    # The layout checks (TTR2xx) run below on the layout actually drawn (with --theme).
    result = validate_document(doc, ignore=("TTR2",))
    board = result.board
    if board is None:
        sys.stderr.write(format_text([(result.file, result.errors)], False))
        raise typer.Exit(1)

    from ttrtool.render.board import plan, render_board
    from ttrtool.render.heatmap import ReportError, read_report
    from ttrtool.render.theme import ThemeError, load_theme

    try:
        theme = load_theme(theme_file)
    except ThemeError as e:
        raise _fail(str(e)) from None
    heat = None
    if heatmap is not None:
        try:
            heat = read_report(heatmap, board)
        except ReportError as e:
            raise _fail(str(e)) from None
    out = output or Path(f"{board.meta.id}.svg")
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".pdf", ".png"):
        raise _fail(f"output must end in .svg, .pdf or .png: {out}")
    for p in (out, tickets):
        if p is not None:
            _guard(p, source)
    the_plan = plan(board, theme)
    _report_layout(the_plan, source)
    svg = render_board(board, theme, heat, the_plan)
    written = [out]
    if suffix == ".svg":
        _write(out, svg, source)
    from ttrtool.render import pdf as pdfmod

    try:
        if suffix == ".pdf":
            pdfmod.svg_to_pdf(svg, out)
        elif suffix == ".png":
            pdfmod.svg_to_png(svg, out)
        if pdf and suffix != ".pdf":
            target = out.with_suffix(".pdf")
            _guard(target, source)
            pdfmod.svg_to_pdf(svg, target)
            written.append(target)
        if tiles is not None:
            target = out.with_name(out.stem + "-tiles.pdf")
            _guard(target, source)
            w, h = the_plan.routes.frame.page
            pdfmod.pages_to_pdf(pdfmod.tile_pages(svg, w, h, tiles, overlap_mm), target)
            written.append(target)
        if tickets is not None:
            from ttrtool.render.tickets import sheets_svg, ticket_sheets

            pages = ticket_sheets(board, theme, paper)
            if tickets.suffix.lower() == ".svg":
                _write(tickets, sheets_svg(pages, paper), source)
            elif tickets.suffix.lower() == ".pdf":
                pdfmod.pages_to_pdf(pages, tickets)
            else:
                raise _fail(f"--tickets must end in .pdf or .svg: {tickets}")
            written.append(tickets)
    except ValueError as e:
        raise _fail(str(e)) from None
    except OSError as e:
        raise _fail(f"cannot write: {e}") from None
    typer.echo(f"wrote {', '.join(str(p) for p in written)}")


def _report_layout(the_plan: BoardPlan, source: Path) -> None:
    # The precise TTR2xx diagnostics (with shapely) are `ttrtool validate --select TTR2`;
    # here the layout's own bookkeeping is enough to say whether to look.
    problems = the_plan.routes.problems()
    if problems:
        shown = ", ".join(problems[:8]) + (" ..." if len(problems) > 8 else "")
        typer.echo(f"warning: {len(problems)} route(s) could not be drawn cleanly ({shown}); "
                   f"run `ttrtool validate --select TTR2 {source}` for details", err=True)


def register(app: typer.Typer) -> None:
    app.command("render")(render_command)
