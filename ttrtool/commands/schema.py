"""``ttrtool schema``: print the JSON Schema of the map format."""

from __future__ import annotations

import typer

from ttrtool.resources import schema_text


def schema_command(
    name: str = typer.Argument("map", help="Which schema: 'map' or 'game-log'."),
) -> None:
    """Print the JSON Schema (draft-07) of map files, for editors and other tools.

    Exit codes: 0 printed; 2 no schema of that name.
    """
    try:
        typer.echo(schema_text(name), nl=False)
    except FileNotFoundError:
        typer.echo(f"error: no schema named '{name}' (try 'map' or 'game-log')", err=True)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    app.command("schema")(schema_command)
