"""``ttrtool new FILE``: start a map from the full example or from a bundled map.

Writes FILE and, when the folder has none, ``map.schema.json`` beside it (the
new file's first line points editors at it).  Never overwrites anything.
Exit codes: 0 written; 2 FILE exists, its folder does not, an unknown
``--from`` map, or the file cannot be written.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import typer

from ttrtool.resources import BUNDLED_MAPS, schema_text
from ttrtool.starter import starter_text


def _create(path: Path, text: str) -> None:
    """Write a new file; FileExistsError if something is there (checked atomically)."""
    with open(path, "x", encoding="utf-8", newline="\n") as f:
        f.write(text)


def run_new(file: str, source: str | None = None) -> int:
    path = Path(file)
    if path.suffix not in (".yaml", ".yml"):
        typer.echo(f"error: {file}: a map file ends in .yaml (or .yml)", err=True)
        return 2
    if not path.parent.is_dir():
        typer.echo(f"error: cannot write {file}: the folder {path.parent} does not exist "
                   "(create it first)", err=True)
        return 2
    try:
        text = starter_text(file, source)
        _create(path, text)
    except ValueError as e:
        typer.echo(f"error: {e}", err=True)
        return 2
    except FileExistsError:
        typer.echo(f"error: {file} exists: ttrtool never overwrites a file; choose another "
                   "name", err=True)
        return 2
    except OSError as e:
        typer.echo(f"error: cannot write {file}: {e.strerror or e}", err=True)
        return 2
    wrote = [str(path)]
    schema = path.parent / "map.schema.json"
    try:
        _create(schema, schema_text("map"))
        wrote.append(str(schema))
    except OSError:
        pass  # one is there already (or the folder is read-only): the map is what matters
    typer.echo(f"wrote {', '.join(wrote)}")
    # Quoted for the shell, so that the hint can be pasted as it is ("my board.yaml").
    name, png = shlex.quote(file), shlex.quote(path.with_suffix(".png").name)
    typer.echo(f"next: ttrtool validate {name}   then   ttrtool render {name} -o {png}")
    return 0


def new_command(
    file: str = typer.Argument(..., metavar="FILE", help="The map file to create (.yaml)."),
    source: str | None = typer.Option(
        None, "--from", metavar="MAP",
        help=f"Start from a bundled map ({', '.join(BUNDLED_MAPS)}) instead of the small "
             "full example."),
) -> None:
    """Start a new map file from the full example or a bundled map (never overwrites).

    Exit codes: 0 written; 2 the file exists, its folder does not, or --from is unknown
    (nothing is ever overwritten).
    """
    code = run_new(file, source)
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command("new")(new_command)
