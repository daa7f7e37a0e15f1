"""``ttrtool analyze MAP``: ticket reachability, costs and the map's balance figures.

A thin adapter over :func:`ttrtool.analysis.analyze` and
:mod:`ttrtool.analysis.formats`.  Exit code 0: analysed; 1: the map (or the
``--compare`` map) has errors, printed as ``validate`` prints them; 2: a file
cannot be read or written, or an option is wrong (a ``--theme`` file that cannot be
read or has a bad value, or an empty ``--theme ''``, as ``render`` reports them).

Typer is imported only in :func:`register`, so :func:`fast_main` runs without
it; for the same reason this module does not use postponed annotations
(Typer reads the real objects).
"""

import os
import shlex
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from ttrtool import resolve_map_path
from ttrtool.analysis import Analysis, analyze
from ttrtool.analysis.formats import FORMATS, TOP_CHOKEPOINTS, render
from ttrtool.card_costs import CostWeights, WeightError
from ttrtool.checks.catalog import BALANCE_ERRORS
from ttrtool.commands.argv import parse, theme_option
from ttrtool.commands.shapes import SHAPES
from ttrtool.formats import format_text
from ttrtool.outputs import OutputError, first_output_problem, write_output
from ttrtool.validate import validate_file

if TYPE_CHECKING:
    import typer

    from ttrtool.render.theme import Theme


class _Failed(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def _load(name: str, weights: CostWeights) -> tuple[Analysis, bool]:
    """The analysis of a map, and whether validation found errors in it.

    A map whose board can be built is analysed even when the checks find errors
    (an unreachable ticket, too few cards): those are what a designer runs
    ``analyze`` to understand.  The errors are printed on stderr first, and
    the exit code is 1.  A map that cannot be built is only reported.
    """
    result = validate_file(resolve_map_path(name))
    if result.errors or result.io_error:
        sys.stderr.write(format_text([(result.file, result.diagnostics)]))
    if result.built is None:
        raise _Failed(2 if result.io_error else 1)
    # pricing errors (TTR407) are balance: reported, and the analysis is what they ask for
    broken = [d for d in result.errors if d.code not in BALANCE_ERRORS]
    return analyze(result.built, weights), bool(broken)


def _emit(text: str) -> None:
    """Write to stdout; a closed pipe (``| head``) is not a crash."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python would report it again at exit


def _html(analysis: Analysis, command: list[str], theme: "Theme") -> str:
    """The page of ``--format html`` (docs/analyze.md), its board drawn with ``theme``;
    ``command``: the options that make it again."""
    from ttrtool.analysis.formats import to_dict
    from ttrtool.report.analysis import analysis_page

    words = ["ttrtool", "analyze", *command, "--format", "html"]
    return analysis_page(to_dict(analysis), analysis.board, theme,
                         " ".join(shlex.quote(w) for w in words))


def _theme(theme_file: str | None, output_format: str) -> "Theme | None":
    """The theme the html page draws its board with (the default without ``--theme``), read
    before any work; None for the other formats, which draw no board: a ``--theme`` is still
    read, so that a bad one is an error whatever the format, and a note says it changes
    nothing there.  Raises :class:`~ttrtool.render.theme.ThemeError`."""
    if output_format == "html":
        return theme_option(theme_file)
    if theme_file is not None:
        theme_option(theme_file)
        sys.stderr.write(f"note: --theme applies to the board of the html page (--format "
                         f"html); the {output_format} report draws no board and is the same "
                         "without it\n")
    return None


def run(map_file: str, compare: str | None = None, output_format: str = "text",
        output: str | None = None, tunnel_weight: str = "expected",
        ferry_weight: str = "scarcity", top: int = TOP_CHOKEPOINTS,
        select: tuple[str, ...] = (), ignore: tuple[str, ...] = (),
        theme_file: str | None = None) -> int:
    """Analyse, write the report; return the exit code.  ``theme_file``: the ``--theme``
    the html page's board is drawn with (the other formats draw no board)."""
    if output_format not in (*FORMATS, "html"):
        sys.stderr.write(f"error: unknown format '{output_format}': use one of "
                         f"{', '.join(FORMATS)}, html\n")
        return 2
    if output_format == "html" and compare:
        sys.stderr.write("error: --compare is not drawn in the html page: use --format text, "
                         "markdown or json with --compare\n")
        return 2
    try:
        weights = CostWeights.parse(tunnel_weight, ferry_weight)
    except WeightError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    from ttrtool.render.theme import ThemeError

    try:
        theme = _theme(theme_file, output_format)
    except ThemeError as e:  # the file, line and column, as render prints them
        sys.stderr.write(f"error: {e}\n")
        return 2
    target = Path(output) if output is not None else None
    problem = first_output_problem((target,), resolve_map_path(map_file))
    if problem:
        sys.stderr.write(f"error: {problem}\n")
        return 2
    try:
        analysis, errors = _load(map_file, weights)
        other, other_errors = _load(compare, weights) if compare else (None, False)
    except _Failed as e:
        return e.code
    analysis = replace(analysis, select=select, ignore=ignore)
    if theme is not None:  # the html page: the one format that draws the board
        options = [("--tunnel-weight", tunnel_weight, "expected"),
                    ("--ferry-weight", ferry_weight, "scarcity"), ("--theme", theme_file, None),
                    ("-o", output, None)]
        text = _html(analysis, [map_file, *(w for name, value, default in options
                                             if value != default for w in (name, str(value)))],
                     theme)
    else:
        text = render(analysis, output_format, other, top)
    code = 1 if errors or other_errors else 0
    if output is None:
        _emit(text)
        return code
    try:
        write_output(Path(output), text)
    except OutputError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    return code


def fast_main(argv: list[str]) -> int | None:
    """Run a plain ``analyze MAP [options]`` without Typer (see :mod:`ttrtool.commands.argv`);
    None leaves ``argv`` (a ``--top`` that is not a number, ``--select``, ``--ignore``) to
    Typer."""
    got = parse(argv, SHAPES["analyze"])
    if got is None or {"select", "ignore"} & set(got.values):
        return None  # Typer reads the codes of --select and --ignore
    values = {name: got.values[name][0] for name in got.values}
    top = values.pop("top", str(TOP_CHOKEPOINTS))
    if not top.isdigit():
        return None
    return run(got.positional[0], values.get("compare"), values.get("output_format", "text"),
               values.get("output"), values.get("tunnel_weight", "expected"),
               values.get("ferry_weight", "scarcity"), int(top),
               theme_file=values.get("theme_file"))


def register(app: "typer.Typer") -> None:
    """Add the ``analyze`` command to the Typer app (Typer is imported here)."""
    import typer

    def analyze_command(
        map_file: Annotated[str, typer.Argument(
            metavar="MAP", help="Map file, or a bundled map: usa, europe, switzerland.")],
        compare: Annotated[str | None, typer.Option(
            "--compare", "-c", metavar="MAP",
            help="Show the figures side by side with this map.")] = None,
        output_format: Annotated[str, typer.Option(
            "--format", "-f", metavar="FORMAT",
            help="text, json, markdown, or html (a page with the board).")] = "text",
        output: Annotated[str | None, typer.Option(
            "--output", "-o", metavar="FILE", help="Write to this file.")] = None,
        tunnel_weight: Annotated[str, typer.Option(
            "--tunnel-weight", metavar="WEIGHT",
            help="Extra cards per tunnel: 'expected' (from the deck), 'none' or a number.",
        )] = "expected",
        ferry_weight: Annotated[str, typer.Option(
            "--ferry-weight", metavar="WEIGHT",
            help="Extra cards per ferry locomotive symbol: 'scarcity' (from the deck), "
                 "'none' or a number.")] = "scarcity",
        top: Annotated[int, typer.Option(
            "--top", min=0, metavar="N",
            help="Chokepoints and exposed legs to list in text and Markdown.")] = TOP_CHOKEPOINTS,
        select: Annotated[list[str] | None, typer.Option(
            "--select", metavar="CODES",
            help="Keep only findings with these codes or prefixes, e.g. TTR50.")] = None,
        ignore: Annotated[list[str] | None, typer.Option(
            "--ignore", metavar="CODES",
            help="Leave out findings with these codes or prefixes, e.g. TTR505.")] = None,
        theme_file: Annotated[str | None, typer.Option(
            "--theme", metavar="FILE", show_default=False,
            help="Draw the html page's board with this theme (JSON or YAML), as render "
                 "--theme FILE draws it (default: the default theme). text, json and "
                 "markdown draw no board: they are the same with it, and a note says "
                 "so.")] = None,
    ) -> None:
        """Can every ticket be completed, what does it cost, and how is the map balanced?

        Exit codes: 0 analysed; 1 the map has errors (the report is still written when the
        board could be built); 2 a file cannot be read or written (a full disk included:
        the previous file is kept), or an option is wrong (a --theme file that cannot be
        read or has a bad value, --theme ''); 130 interrupted.  See
        docs/analyze.md.
        """
        from ttrtool.commands.simulate import finding_codes

        code = run(map_file, compare, output_format, output, tunnel_weight, ferry_weight, top,
                   finding_codes("--select", select), finding_codes("--ignore", ignore),
                   theme_file)
        if code:
            raise typer.Exit(code)

    app.command("analyze")(analyze_command)
