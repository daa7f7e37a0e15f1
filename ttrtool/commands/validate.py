"""``ttrtool validate FILE...``: schema and semantic checks with file:line:column."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from ttrtool.formats import format_json, format_text
from ttrtool.validate import validate_file


def validate_command(
    files: list[Path] = typer.Argument(..., help="Map files to check.", show_default=False),
    output_format: str = typer.Option("text", "--format", "-f", help="text, json"),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 on warnings too."),
) -> None:
    """Check map files against the JSON Schema and the rules of the game.

    Exit code 0: no errors; 1: errors (or warnings with --strict); 2: a file
    could not be read or an option is wrong.
    """
    results = [validate_file(f) for f in files]
    pairs = [(r.file, r.diagnostics) for r in results]
    if output_format == "json":
        sys.stdout.write(format_json(pairs))
    elif output_format == "text":
        color = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        sys.stdout.write(format_text(pairs, color))
    else:
        typer.echo(f"error: unknown format '{output_format}'", err=True)
        raise typer.Exit(2)
    if any(r.io_error for r in results):
        raise typer.Exit(2)
    if any(r.errors for r in results) or (strict and any(r.warnings for r in results)):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("validate")(validate_command)
