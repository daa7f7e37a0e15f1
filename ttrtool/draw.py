"""One ``render`` run as a library call: :func:`run` takes a :class:`RenderRequest` and
draws and writes what it asks for, returning a :class:`RenderResult`.

Nothing here prints or exits: the lines a user should read (the map's errors, the layout
warnings, notes) come back in order in :attr:`RenderResult.messages`, and a run that must
stop raises :class:`RenderStopped` with its exit code and lines.  The ``render`` command
(:mod:`ttrtool.commands.render`) prints them; a test or another front end reads them.

Every output is checked before anything is drawn or written, and each is written into a
temporary file renamed onto its name when whole (:mod:`ttrtool.outputs`): a failure leaves
the previous file as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ttrtool.outputs import first_output_problem

if TYPE_CHECKING:
    from ttrtool.loader import Document
    from ttrtool.model import Board
    from ttrtool.render.plan import BoardPlan
    from ttrtool.render.theme import Theme

PAPERS = ("a4", "letter", "a3")
SUFFIXES = (".svg", ".pdf", ".png")


@dataclass(frozen=True)
class RenderRequest:
    """What to draw and where: the options of ``ttrtool render``."""

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


@dataclass
class RenderResult:
    """The files written, in order, and the text for the user: ``warning:`` and ``note:``
    lines and the map's diagnostics, each ending in a newline, in the order they arose.
    ``code`` is 1 when a draft was drawn despite errors, else 0."""

    written: list[Path] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    code: int = 0


class RenderStopped(Exception):
    """The run stopped: ``code`` 1 (the map has errors) or 2 (a usage or I/O error), with
    the text the user should read (as :attr:`RenderResult.messages`), the last saying why."""

    def __init__(self, code: int, messages: list[str]) -> None:
        super().__init__("".join(messages))
        self.code = code
        self.messages = messages


def parse_length(text: str) -> float:
    """``15mm``, ``1.5cm``, ``0.5in`` or a bare number of millimetres."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*", text)
    if not m:
        raise ValueError(f"'{text}' is not a length (e.g. 15mm)")
    return float(m.group(1)) * {"mm": 1.0, "cm": 10.0, "in": 25.4}[m.group(2) or "mm"]


def run(request: RenderRequest) -> RenderResult:
    """Draw and write what ``request`` asks for.  The cycle collector stays paused to the end
    (:mod:`ttrtool.render.collector`): once the layout is made, labels and drawing would
    otherwise walk its memo tables again."""
    from ttrtool.render.collector import collector_paused

    result = RenderResult()
    with collector_paused():
        _Run(request, result).go()
    return result


class _Run:
    """One run's steps, sharing the request and the lines said so far."""

    def __init__(self, request: RenderRequest, result: RenderResult) -> None:
        self.rq = request
        self.result = result

    def say(self, line: str) -> None:
        self.result.messages.append(line + "\n")

    def say_text(self, text: str) -> None:
        self.result.messages.append(text)

    def stop(self, code: int, line: str | None = None) -> RenderStopped:
        if line is not None:
            self.say(line)
        return RenderStopped(code, self.result.messages)

    def fail(self, message: str) -> RenderStopped:
        return self.stop(2, f"error: {message}")

    def go(self) -> None:
        rq = self.rq
        from ttrtool import resolve_map_path
        from ttrtool.formats import format_text
        from ttrtool.loader import LoadError, read_map_file
        from ttrtool.validate import validate_document

        source = resolve_map_path(rq.map_file)
        if rq.tiles is not None and rq.tiles not in PAPERS:
            raise self.fail(f"--tiles must be one of {', '.join(PAPERS)}, not '{rq.tiles}'")
        if rq.paper not in PAPERS:
            raise self.fail(f"--paper must be one of {', '.join(PAPERS)}, not '{rq.paper}'")
        try:
            overlap_mm = parse_length(rq.overlap)
        except ValueError as e:
            raise self.fail(str(e)) from None
        try:
            doc = read_map_file(source)
        except LoadError as e:
            self.say_text(format_text([(str(source), [e.diagnostic])], False))
            raise self.stop(2 if e.io_error else 1) from None
        # The layout checks (TTR2xx) run below on the layout actually drawn (with --theme).
        checked = validate_document(doc, ignore=("TTR2",))
        board = checked.board
        errors = len(checked.errors)
        if board is None:
            self.say_text(format_text([(checked.file, checked.errors)], False))
            board = draft_board(doc, checked.built) if rq.draft else None
            if board is None:
                raise self.stop(1, "error: the map cannot be drawn even as a draft: its "
                                   "cities and routes have errors (above)" if rq.draft
                                else None)
            self.say(f"note: drawn as a draft despite {errors} error(s); the sheet is "
                     "marked DRAFT")
        self.draw(board, source, overlap_mm, errors if checked.board is None else None)
        if checked.board is None:
            self.result.code = 1  # a draft: written, but the map still has errors

    def draw(self, board: Board, source: Path, overlap_mm: float, draft: int | None) -> None:
        rq = self.rq
        from ttrtool.render.heatmap import ReportError, read_report
        from ttrtool.render.theme import ThemeError, load_theme

        try:
            theme = load_theme(rq.theme_file)
        except ThemeError as e:
            raise self.fail(str(e)) from None
        heat = None
        if rq.heatmap is not None:
            try:
                heat = read_report(rq.heatmap, board)
            except ReportError as e:
                raise self.fail(str(e)) from None
        # The board is written when -o (or an option about the board) asks for it, or when
        # nothing else was asked for; `--tickets cards.pdf` alone writes only the cards.
        board_wanted = (rq.output is not None or rq.tickets is None or rq.pdf
                        or rq.tiles is not None or heat is not None)
        out = rq.output or Path(f"{board.meta.id}.svg")
        suffix = out.suffix.lower()
        if suffix not in SUFFIXES:
            raise self.fail(f"output must end in .svg, .pdf or .png: {out}")
        if rq.tickets is not None and rq.tickets.suffix.lower() not in SUFFIXES:
            raise self.fail(f"--tickets must end in .pdf, .svg or .png: {rq.tickets}")
        pdf_out = out.with_suffix(".pdf") if board_wanted and rq.pdf and suffix != ".pdf" else None
        tiles_out = (out.with_name(out.stem + "-tiles.pdf")
                     if board_wanted and rq.tiles is not None else None)
        # Every output is checked before anything is drawn or written.
        problem = first_output_problem(
            (out if board_wanted else None, pdf_out, tiles_out, rq.tickets), source)
        if problem:
            raise self.fail(problem)
        target = out
        from ttrtool.render import pdf as pdfmod
        from ttrtool.render.board import plan, render_board
        from ttrtool.render.svg import page_size

        try:
            if board_wanted:
                the_plan = plan(board, theme)
                self.report_layout(the_plan, source)
                svg = render_board(board, theme, heat, the_plan, draft=draft)
                grown = page_size(svg)[1] - the_plan.routes.frame.page[1]
                if grown > 0.005:
                    self.say("note: the map has no free room for the title block or the "
                             f"legend: the page grows {grown:.0f} mm below the board for them")
                self.result.written.append(out)
                if suffix == ".svg":
                    self.write(out, svg)
                elif suffix == ".pdf":
                    self.write(out, lambda p: pdfmod.svg_to_pdf(svg, p))
                else:
                    self.write(out, lambda p: pdfmod.svg_to_png(svg, p))
                if pdf_out is not None:
                    target = pdf_out
                    self.write(target, lambda p: pdfmod.svg_to_pdf(svg, p))
                    self.result.written.append(target)
                if tiles_out is not None and rq.tiles is not None:
                    target = tiles_out
                    w, h = page_size(svg)  # the page may have grown for the title block
                    tile_pages = pdfmod.tile_pages(svg, w, h, rq.tiles, overlap_mm)
                    self.write(target, lambda p: pdfmod.pages_to_pdf(tile_pages, p))
                    self.result.written.append(target)
            if rq.tickets is not None:
                target = rq.tickets
                self.draw_tickets(board, theme, rq.tickets)
        except ValueError as e:
            raise self.fail(str(e)) from None
        except OSError as e:
            # cairo's errors carry a status number where the OS error text would be.
            reason = (e.strerror if isinstance(e.strerror, str)
                      else "check that the folder is writable")
            raise self.fail(f"cannot write {target}: {reason}") from None

    def draw_tickets(self, board: Board, theme: Theme, tickets: Path) -> None:
        from ttrtool.render import pdf as pdfmod
        from ttrtool.render.cardtext import card_problems
        from ttrtool.render.tickets import sheets_svg, ticket_sheets

        # The cards whose text does not fit: TTR209 of `validate --layout`, from one function.
        for _ticket, message in card_problems(board):
            self.say(f"warning: {message}")
        pages = ticket_sheets(board, theme, self.rq.paper)
        kind = tickets.suffix.lower()
        if kind == ".svg":
            self.write(tickets, sheets_svg(pages, self.rq.paper))
        elif kind == ".png":  # every sheet, one below the other, as the SVG has them
            pdfmod.svg_to_png(sheets_svg(pages, self.rq.paper), tickets)
        else:
            self.write(tickets, lambda p: pdfmod.pages_to_pdf(pages, p))
        self.result.written.append(tickets)

    def write(self, path: Path, data: bytes | Callable[[Path], None]) -> None:
        """Write an output that :func:`first_output_problem` has passed: ``data``, or what
        a writer given the path writes, through a temporary file (:mod:`ttrtool.outputs`)."""
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
            raise self.fail(str(e)) from None

    def report_layout(self, the_plan: BoardPlan, source: Path) -> None:
        """Name the routes (and labels) not drawn cleanly: the problems of
        :func:`ttrtool.render.problems.layout_problems`, which ``validate --layout`` lists one
        by one (both read that one function; with the same ``--theme``, the same list)."""
        from ttrtool.render.problems import layout_problems, summary

        problems = layout_problems(the_plan)
        if problems:
            theme = f" --theme {self.rq.theme_file}" if self.rq.theme_file is not None else ""
            self.say(f"warning: {summary(the_plan.routes, problems)}; "
                     f"`ttrtool validate --layout{theme} {source}` lists the "
                     f"{len(problems)} problem(s) with a fix for each")


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
