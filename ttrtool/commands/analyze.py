"""``ttrtool analyze MAP``: ticket reachability, costs and the map's balance figures.

A thin adapter over :func:`ttrtool.analysis.analyze` and
:mod:`ttrtool.analysis.formats`.  Exit code 0: analysed; 1: the map (or the
``--compare`` map) has errors, printed as ``validate`` prints them; 2: a file
cannot be read or written, or an option is wrong.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ttrtool import resolve_map_path
from ttrtool.analysis import Analysis, analyze
from ttrtool.analysis.costs import CostWeights, WeightError
from ttrtool.analysis.formats import FORMATS, TOP_CHOKEPOINTS, render
from ttrtool.formats import format_text
from ttrtool.validate import validate_file


def _load(name: str, weights: CostWeights) -> Analysis:
    result = validate_file(resolve_map_path(name))
    if result.board is None:
        sys.stderr.write(format_text([(result.file, result.diagnostics)]))
        raise typer.Exit(2 if result.io_error else 1)
    return analyze(result.board, weights)


def analyze_command(
    map_file: str = typer.Argument(..., metavar="MAP",
                                   help="Map file, or a bundled map: usa, europe, switzerland."),
    compare: str | None = typer.Option(None, "--compare", "-c", metavar="MAP",
                                help="Show the figures side by side with this map."),
    output_format: str = typer.Option("text", "--format", "-f", help="text, json, markdown"),
    output: str | None = typer.Option(None, "--output", "-o", help="Write to this file."),
    tunnel_weight: str = typer.Option(
        "expected", "--tunnel-weight",
        help="Extra cards per tunnel: 'expected' (from the deck), 'none' or a number."),
    ferry_weight: str = typer.Option(
        "scarcity", "--ferry-weight",
        help="Extra cards per ferry locomotive symbol: 'scarcity' (from the deck), "
             "'none' or a number."),
    top: int = typer.Option(TOP_CHOKEPOINTS, "--top", min=0,
                            help="Chokepoints to list in text and Markdown."),
) -> None:
    """Can every ticket be completed, what does it cost, and how is the map balanced?

    Exit code 0: analysed; 1: the map has errors; 2: a file cannot be read or
    written, or an option is wrong.
    """
    if output_format not in FORMATS:
        typer.echo(f"error: unknown format '{output_format}': use one of {', '.join(FORMATS)}",
                   err=True)
        raise typer.Exit(2)
    try:
        weights = CostWeights.parse(tunnel_weight, ferry_weight)
    except WeightError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    analysis = _load(map_file, weights)
    other = _load(compare, weights) if compare else None
    text = render(analysis, output_format, other, top)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as e:
        typer.echo(f"error: cannot write {output}: {e.strerror or e}", err=True)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    app.command("analyze")(analyze_command)
