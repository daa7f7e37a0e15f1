"""``ttrtool render MAP``: the printable board (SVG, PDF, tiles) and the ticket cards.

Exit codes: 0 written (layout warnings are printed but allowed); 1 the map has
errors (printed as file:line:column); 2 usage or I/O error (unreadable map,
theme or report, an output that would overwrite the map, an output folder that
does not exist — none is ever created —, bad option, an empty ``--theme ''`` or an
empty file name such as ``-o ''``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ttrtool.commands.argv import Shape, empty_theme_name, parse
from ttrtool.outputs import first_output_problem

if TYPE_CHECKING:
    import typer

    from ttrtool.loader import Document
    from ttrtool.model import Board
    from ttrtool.render.plan import BoardPlan

PAPERS = ("a4", "letter", "a3")


class _Stop(Exception):
    """Stop with an exit code (the message, if any, is already printed)."""

    def __init__(self, code: int) -> None:
        self.code = code


def _fail(message: str) -> _Stop:
    sys.stderr.write(f"error: {message}\n")
    return _Stop(2)


@dataclass(frozen=True)
class RenderOptions:
    map_file: str
    output: Path | None = None
    pdf: bool = False
    tiles: str | None = None
    overlap: str = "15mm"
    tickets: Path | None = None
    paper: str = "a4"
    heatmap: Path | None = None
    theme_file: Path | None = None
    draft: bool = False


def parse_length(text: str) -> float:
    """``15mm``, ``1.5cm``, ``0.5in`` or a bare number of millimetres."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*", text)
    if not m:
        raise ValueError(f"'{text}' is not a length (e.g. 15mm)")
    return float(m.group(1)) * {"mm": 1.0, "cm": 10.0, "in": 25.4}[m.group(2) or "mm"]


def _write(path: Path, data: bytes | Callable[[Path], None]) -> None:
    """Write an output that :func:`first_output_problem` has passed: ``data``, or what
    a writer given the path writes.  Into a temporary file first, renamed onto ``path``
    when whole (ttrtool/outputs.py): a failure leaves the previous file as it was."""
    from ttrtool.outputs import OutputError, replacing, why_not_written, write_output

    try:
        if isinstance(data, bytes):
            write_output(path, data)
            return
        with replacing(path) as temp:
            try:
                data(temp)
            except Exception as e:  # cairo reports a failed write as its own error
                raise OutputError(why_not_written(path, e)) from e
    except OutputError as e:
        raise _fail(str(e)) from None


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


def run_render(opts: RenderOptions) -> int:
    """The whole command without Typer: returns the exit code.  The cycle collector stays
    paused to the end (ttrtool/render/collector.py): once the layout is made, labels and
    drawing would otherwise walk its memo tables again."""
    from ttrtool.render.collector import collector_paused

    try:
        with collector_paused():
            _render(opts)
    except _Stop as stop:
        return stop.code
    return 0


def _render(opts: RenderOptions) -> None:
    map_file, output, pdf, tiles, overlap = (opts.map_file, opts.output, opts.pdf, opts.tiles,
                                             opts.overlap)
    tickets, paper, heatmap, theme_file = opts.tickets, opts.paper, opts.heatmap, opts.theme_file
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
        raise _Stop(2 if e.io_error else 1) from None
    # The layout checks (TTR2xx) run below on the layout actually drawn (with --theme).
    result = validate_document(doc, ignore=("TTR2",))
    board = result.board
    errors = len(result.errors)
    if board is None:
        sys.stderr.write(format_text([(result.file, result.errors)], False))
        board = draft_board(doc, result.built) if opts.draft else None
        if board is None:
            if opts.draft:
                sys.stderr.write("error: the map cannot be drawn even as a draft: its cities "
                                 "and routes have errors (above)\n")
            raise _Stop(1)
        sys.stderr.write(f"note: drawn as a draft despite {errors} error(s); the sheet is "
                         "marked DRAFT\n")

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
    # The board is written when -o (or an option about the board) asks for it, or when
    # nothing else was asked for; `--tickets cards.pdf` alone writes only the cards.
    board_wanted = (output is not None or tickets is None or pdf or tiles is not None
                    or heat is not None)
    out = output or Path(f"{board.meta.id}.svg")
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".pdf", ".png"):
        raise _fail(f"output must end in .svg, .pdf or .png: {out}")
    if tickets is not None and tickets.suffix.lower() not in (".svg", ".pdf", ".png"):
        raise _fail(f"--tickets must end in .pdf, .svg or .png: {tickets}")
    pdf_out = out.with_suffix(".pdf") if board_wanted and pdf and suffix != ".pdf" else None
    tiles_out = (out.with_name(out.stem + "-tiles.pdf") if board_wanted and tiles is not None
                 else None)
    # Every output is checked before anything is drawn or written.
    problem = first_output_problem((out if board_wanted else None, pdf_out, tiles_out, tickets),
                                   source)
    if problem:
        raise _fail(problem)
    written: list[Path] = []
    target = out
    from ttrtool.render import pdf as pdfmod
    from ttrtool.render.svg import page_size

    try:
        if board_wanted:
            the_plan = plan(board, theme)
            _report_layout(the_plan, source, theme_file)
            svg = render_board(board, theme, heat, the_plan,
                               draft=errors if result.board is None else None)
            grown = page_size(svg)[1] - the_plan.routes.frame.page[1]
            if grown > 0.005:
                sys.stderr.write("note: the map has no free room for the title block or the "
                                 f"legend: the page grows {grown:.0f} mm below the board for "
                                 "them\n")
            written.append(out)
            if suffix == ".svg":
                _write(out, svg)
            elif suffix == ".pdf":
                _write(out, lambda p: pdfmod.svg_to_pdf(svg, p))
            else:
                _write(out, lambda p: pdfmod.svg_to_png(svg, p))
            if pdf_out is not None:
                target = pdf_out
                _write(target, lambda p: pdfmod.svg_to_pdf(svg, p))
                written.append(target)
            if tiles_out is not None and tiles is not None:
                target = tiles_out
                w, h = page_size(svg)  # the page may have grown for the title block
                tile_pages = pdfmod.tile_pages(svg, w, h, tiles, overlap_mm)
                _write(target, lambda p: pdfmod.pages_to_pdf(tile_pages, p))
                written.append(target)
        if tickets is not None:
            from ttrtool.render.tickets import sheets_svg, ticket_sheets

            target = tickets
            _report_cards(board)
            pages = ticket_sheets(board, theme, paper)
            kind = tickets.suffix.lower()
            if kind == ".svg":
                _write(tickets, sheets_svg(pages, paper))
            elif kind == ".png":  # every sheet, one below the other, as the SVG has them
                pdfmod.svg_to_png(sheets_svg(pages, paper), tickets)
            else:
                _write(tickets, lambda p: pdfmod.pages_to_pdf(pages, p))
            written.append(tickets)
    except ValueError as e:
        raise _fail(str(e)) from None
    except OSError as e:
        # cairo's errors carry a status number where the OS error text would be.
        reason = e.strerror if isinstance(e.strerror, str) else "check that the folder is writable"
        raise _fail(f"cannot write {target}: {reason}") from None
    sys.stdout.write(f"wrote {', '.join(str(p) for p in written)}\n")
    if result.board is None:
        raise _Stop(1)  # a draft: written, but the map still has errors


def draft_board(doc: Document, built: Board | None) -> Board | None:
    """The board of a map with errors, for ``--draft``: the one the checks built, or, when
    only the tickets kept the map from being built (none yet, or a value the schema
    refuses), the board built without them.  None when its places or routes are wrong."""
    if built is not None:
        return built
    from ttrtool.model import build_board
    from ttrtool.schema import schema_diagnostics

    if not isinstance(doc.data, dict):
        return None
    data = dict(doc.data)
    data["tickets"] = {"regular": []}
    bare = replace(doc, data=data)
    if schema_diagnostics(bare):
        return None
    try:
        board, build_errors = build_board(data, doc.file)
    except Exception:  # noqa: BLE001 - what cannot be built is not drawn; the errors are shown
        return None
    return None if any(d.is_error for d in build_errors) else board


def _report_layout(the_plan: BoardPlan, source: Path, theme_file: Path | None = None) -> None:
    """Name the routes (and labels) not drawn cleanly: the problems of
    :func:`ttrtool.render.problems.layout_problems`, which `validate --layout` lists one by
    one (both commands read that one function; with the same ``--theme``, the same list)."""
    from ttrtool.render.problems import layout_problems, summary

    problems = layout_problems(the_plan)
    if problems:
        theme = f" --theme {theme_file}" if theme_file is not None else ""
        sys.stderr.write(f"warning: {summary(the_plan.routes, problems)}; "
                         f"`ttrtool validate --layout{theme} {source}` lists the "
                         f"{len(problems)} problem(s) with a fix for each\n")


def _report_cards(board: Board) -> None:
    """Name the ticket cards whose text does not fit (TTR209 of `validate --layout`, from
    the same function)."""
    from ttrtool.render.cardtext import card_problems

    for _ticket, message in card_problems(board):
        sys.stderr.write(f"warning: {message}\n")


PLAIN = Shape("render", {"-o": "output", "--output": "output", "--tiles": "tiles",
                         "--overlap": "overlap", "--tickets": "tickets", "--paper": "paper",
                         "--heatmap": "heatmap", "--theme": "theme_file"},
              flags={"--pdf": "pdf", "--draft": "draft"})


def fast_main(argv: list[str]) -> int | None:
    """Run a plain ``render MAP [options]`` without Typer (see :mod:`ttrtool.commands.argv`);
    None leaves ``argv`` to Typer."""
    got = parse(argv, PLAIN)
    if got is None:
        return None
    if refused_empty((got.value("output"), got.value("tickets"), got.value("heatmap")),
                     got.value("theme_file")):
        return 2

    def path(name: str) -> Path | None:
        value = got.value(name)
        return Path(value) if value else None

    return run_render(RenderOptions(
        got.positional[0], path("output"), "pdf" in got.flags, got.value("tiles"),
        got.value("overlap") or "15mm", path("tickets"), got.value("paper") or "a4",
        path("heatmap"), path("theme_file"), "draft" in got.flags))


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
        code = run_render(RenderOptions(
            map_file, Path(output_arg) if output_arg else None, pdf, tiles, overlap,
            Path(tickets_arg) if tickets_arg else None, paper,
            Path(heatmap_arg) if heatmap_arg else None,
            Path(theme_file_arg) if theme_file_arg else None, draft))
        if code:
            raise typer.Exit(code)

    app.command("render")(render_command)
