"""``ttrtool new FILE``: start a map from the full example, a bundled map, or real places.

Writes FILE and, when the folder has none, ``map.schema.json`` beside it (the
new file's first line points editors at it).  ``--region``/``--bbox`` draft a board of
real places (:func:`ttrtool.drafting.board.draft_board`).  Never overwrites a file unless
``--force`` is given (then the old file is replaced in one step, never left half written).
Exit codes: 0 written; 2 FILE exists (without ``--force``), its folder does not, an unknown
``--from`` map or region, a bad ``--bbox`` or ``--cities``, or the file cannot be written.
"""

from __future__ import annotations

import errno
import os
import shlex
import tempfile
from pathlib import Path

import typer

from ttrtool.outputs import OutputError, new_file_mode, why_not_written, write_output
from ttrtool.resources import BUNDLED_MAPS, schema_text
from ttrtool.starter import starter_text

MIN_CITIES = 6  # as ttrtool.drafting.places.MIN_CITIES (not imported: it loads the drafter)

MAX_CITIES = 80
# How file systems without hard links (FAT, some network mounts) refuse os.link.
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV}


def _create(path: Path, text: str) -> None:
    """Write a new file whole or not at all; FileExistsError if something is there.

    The text goes to a temporary file beside ``path`` that is then linked in under its
    name: a link, unlike a rename, refuses to replace a file that appeared meanwhile, and a
    full disk leaves no half-written map behind."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, new_file_mode())
        try:
            os.link(tmp, path)  # FileExistsError (EEXIST) goes up as it is
        except OSError as e:
            if e.errno not in _NO_LINKS:
                raise
            with open(path, "x", encoding="utf-8", newline="\n") as f:  # no hard links here
                f.write(text)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _draft_text(file: str, region: str | None, bbox: str | None, cities: int,
                include_islands: bool = False) -> str:
    """The drafted map (ValueError with the message for a bad region or count)."""
    from ttrtool.drafting.board import draft_board
    from ttrtool.drafting.places import region_of

    if not MIN_CITIES <= cities <= MAX_CITIES:
        raise ValueError(f"--cities {cities}: draft between {MIN_CITIES} and {MAX_CITIES} "
                         "cities (the official boards have 35 to 47)")
    parts = ["ttrtool new", shlex.quote(Path(file).name)]
    if region is not None:
        parts += ["--region", shlex.quote(region)]
    if bbox is not None:
        parts += ["--bbox", shlex.quote(bbox)]
    parts += ["--cities", str(cities)]
    if include_islands:
        parts.append("--include-islands")
    draft = draft_board(region_of(region, bbox, include_islands), cities, Path(file).stem,
                        " ".join(parts))
    typer.echo(f"drafted {draft.cities} cities, {draft.routes} routes ({draft.doubles} double, "
               f"{draft.ferries} ferries, median length {draft.median_length:g}), "
               f"{draft.tickets} tickets; {draft.trains} trains a player for 2 to "
               f"{draft.players} players (about {draft.turns:.0f} turns a player); printed "
               f"{draft.print_width_mm:g} mm wide", err=True)
    return draft.text


def run_new(file: str, source: str | None = None, region: str | None = None,
            bbox: str | None = None, cities: int = 30, force: bool = False,
            include_islands: bool = False) -> int:
    path = Path(file)
    if path.suffix not in (".yaml", ".yml"):
        typer.echo(f"error: {file}: a map file ends in .yaml (or .yml)", err=True)
        return 2
    if source is not None and (region is not None or bbox is not None):
        typer.echo("error: --from copies a bundled map; --region and --bbox draft one of real "
                   "places: give one or the other", err=True)
        return 2
    if not path.parent.is_dir():
        typer.echo(f"error: cannot write {file}: the folder {path.parent} does not exist "
                   "(create it first)", err=True)
        return 2
    if path.is_dir():
        typer.echo(f"error: cannot write {file}: it is a folder", err=True)
        return 2
    if path.exists() and not force:  # before drafting, which takes a few seconds
        typer.echo(f"error: {file} exists: ttrtool never overwrites a file unless told to; "
                   "choose another name, or add --force to replace it", err=True)
        return 2
    try:
        if region is not None or bbox is not None:
            text = _draft_text(file, region, bbox, cities, include_islands)
        else:
            text = starter_text(file, source)
        if force:
            write_output(path, text)  # replaced in one rename: a failure keeps the old file
        else:
            _create(path, text)
    except OutputError as e:
        typer.echo(f"error: {e}", err=True)
        return 2
    except ValueError as e:
        typer.echo(f"error: {e}", err=True)
        return 2
    except FileExistsError:
        typer.echo(f"error: {file} exists: ttrtool never overwrites a file unless told to; "
                   "choose another name, or add --force to replace it", err=True)
        return 2
    except OSError as e:
        typer.echo(f"error: {why_not_written(path, e, replaced=False)}", err=True)
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
    region: str | None = typer.Option(
        None, "--region", metavar="NAME|CODE",
        help="Draft a board of real places in these countries: ISO codes or English names, "
             "comma-separated (DE, Germany, BE,NL,LU)."),
    bbox: str | None = typer.Option(
        None, "--bbox", metavar="S,W,N,E",
        help="Draft a board of the real places in this box: south,west,north,east in degrees "
             "(with --region: its cities inside the box)."),
    cities: int = typer.Option(30, "--cities", metavar="N",
                               help=f"How many cities a draft has ({MIN_CITIES}-{MAX_CITIES})."),
    include_islands: bool = typer.Option(
        False, "--include-islands",
        help="Keep the region's outlying islands, exclaves and far-off parts (the Canaries, "
             "Okinawa, Alaska), which a draft leaves out."),
    force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
) -> None:
    """Start a new map file: the full example, a bundled map, or a draft of real places.

    Exit codes: 0 written; 2 the file exists (without --force), its folder does not, --from
    or --region is unknown, --bbox or --cities is bad (nothing is overwritten without
    --force).
    """
    code = run_new(file, source, region, bbox, cities, force, include_islands)
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command("new")(new_command)
