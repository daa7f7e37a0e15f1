"""``ttrtool validate FILE...``: schema and semantic checks with file:line:column.

Exit codes (README.md): 0 no errors (warnings allowed); 1 errors, or warnings
with ``--strict``; 2 a file could not be read or an option is wrong (a theme
that cannot be read or has a bad value included).  Every file is checked even
when an earlier one is missing.
"""

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

from ttrtool import resolve_map_path
from ttrtool.checks import is_opt_in
from ttrtool.commands.argv import parse, theme_option
from ttrtool.commands.shapes import SHAPES
from ttrtool.formats import FORMATS, render
from ttrtool.loader import split_lines, unreadable
from ttrtool.validate import ValidationResult, validate_file

if TYPE_CHECKING:
    import typer

    from ttrtool.render.theme import Theme


def _split(values: list[str] | None) -> tuple[str, ...]:
    """``--select TTR1,TTR3 --select TTR401`` -> ('TTR1', 'TTR3', 'TTR401')."""
    out: list[str] = []
    for v in values or ():
        out += [p.strip().upper() for p in v.split(",") if p.strip()]
    return tuple(out)


class UsageError(Exception):
    """A bad option value: reported on stderr with exit code 2."""


def _check_codes(option: str, codes: tuple[str, ...]) -> None:
    if not codes:
        return
    from ttrtool.checks.catalog import known_codes

    known = known_codes()
    for code in codes:
        if not any(k.startswith(code) for k in known):
            raise UsageError(f"{option} {code}: no check has this code or prefix "
                             "(see docs/checks.md)")


def use_color(stream: TextIO, env: Mapping[str, str]) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set to anything (no-color.org)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not env.get("NO_COLOR")


def _exit_code(results: list[ValidationResult], strict: bool) -> int:
    if any(r.io_error for r in results):
        return 2
    if any(r.errors for r in results) or (strict and any(r.warnings for r in results)):
        return 1
    return 0


def _theme(theme_file: str | None, layout_runs: bool) -> "Theme | None":
    """The theme of ``--theme FILE``, read by render's own loader so that the layout checks
    see the board ``render --theme FILE`` draws, and TTR114 its markers; None without the
    option."""
    if theme_file is None:
        return None
    from ttrtool.render.theme import ThemeError

    try:
        theme = theme_option(theme_file)
    except ThemeError as e:  # an empty name, or the file and the line and column of a bad value
        raise UsageError(str(e)) from None
    if not layout_runs:
        sys.stderr.write("note: --theme applies to the layout checks (TTR2xx), which were "
                         "not asked for (add --layout), and to the marker sizes of TTR114\n")
    return theme


def run(files: list[str], fmt: str | None = None, select: list[str] | None = None,
        ignore: list[str] | None = None, strict: bool = False, layout: bool = False,
        theme_file: str | None = None) -> int:
    """Validate ``files``, write the report to stdout and return the exit code.

    ``layout`` adds the opt-in layout checks (TTR2xx) to whatever else is selected;
    ``theme_file`` is the theme they lay the board out with and whose markers TTR114
    measures (else the default theme)."""
    try:
        if fmt is None:
            fmt = "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"
        if fmt not in FORMATS:
            raise UsageError(f"unknown format '{fmt}': use one of {', '.join(FORMATS)}")
        sel, ign = _split(select), _split(ignore)
        _check_codes("--select", sel)
        _check_codes("--ignore", ign)
        if layout:
            sel = (sel or ("TTR",)) + ("TTR2",)
        theme = _theme(theme_file, any(is_opt_in(s) for s in sel))
    except UsageError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    results = [validate_file(f, sel, ign, theme) if isinstance(f, str | Path) else f
               for f in _map_files(files)]
    color = fmt == "text" and use_color(sys.stdout, os.environ)
    sources = _sources(results) if fmt == "text" else None
    _write(render(fmt, [(r.file, r.diagnostics) for r in results], color, sources))
    return _exit_code(results, strict)


def _map_file(name: str) -> str | Path:
    """The map file ``name`` names (:func:`ttrtool.resolve_map_path`); an empty name stays
    empty, for Path('') would read as the folder '.' and hide the mistake."""
    return resolve_map_path(name) if name else name


MAP_SUFFIXES = (".yaml", ".yml")


def _map_files(names: list[str]) -> list[str | Path | ValidationResult]:
    """The files to check: each name as :func:`_map_file` reads it, and a folder as the map
    files under it (.yaml, .yml; sorted; hidden folders skipped), as linters take folders.
    A folder holding none stands as a TTR000 error of its own."""
    out: list[str | Path | ValidationResult] = []
    for name in names:
        if not name or not Path(name).is_dir():
            out.append(_map_file(name))
            continue
        found = sorted(p for p in Path(name).rglob("*")
                       if p.suffix.lower() in MAP_SUFFIXES and p.is_file()
                       and not any(part.startswith(".")
                                   for part in p.relative_to(name).parts[:-1]))
        if found:
            out += found
        else:
            e = unreadable(name, f"{name} is a folder with no map files (.yaml, .yml) in it: "
                               "give a map file, or the folder that holds them")
            out.append(ValidationResult(name, [e.diagnostic], None, True))
    return out


def _sources(results: list[ValidationResult]) -> dict[str, list[str]]:
    """The lines of each file that has diagnostics, for the excerpts of the text format."""
    out = {}
    for r in results:
        if r.diagnostics and not r.io_error:
            try:
                raw = Path(r.file).read_bytes()
            except (OSError, ValueError):
                continue
            out[r.file] = split_lines(raw.decode("utf-8", errors="replace"))
    return out


def _write(text: str) -> None:
    """Write the report; a closed pipe (``| head``) or a narrow encoding is not a crash."""
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:
            encoding = sys.stdout.encoding or "utf-8"
            sys.stdout.buffer.write(text.encode(encoding, "backslashreplace"))
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would report the broken pipe again at exit: point stdout at nothing.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def fast_main(argv: list[str]) -> int | None:
    """Run a plain ``validate [--format F] [--select C] [--ignore C] [--strict] [--layout]
    [--theme FILE] FILE...`` without Typer (see :mod:`ttrtool.commands.argv`); None leaves
    ``argv`` to Typer."""
    got = parse(argv, SHAPES["validate"])
    if got is None:
        return None
    return run(got.positional, got.value("output_format"), got.values.get("select", []),
               got.values.get("ignore", []), "strict" in got.flags, "layout" in got.flags,
               got.value("theme_file"))


def register(app: "typer.Typer") -> None:
    """Add the ``validate`` command to the Typer app.

    Typer is imported here, not at the top, so that :func:`fast_main` runs without it; for the
    same reason this module does not use postponed annotations (Typer reads the real objects).
    """
    import typer

    def validate_command(
        files: Annotated[list[str], typer.Argument(
            metavar="FILE", show_default=False,
            help="Map files to check, folders of them (every .yaml and .yml under it), or "
                 "a bundled map: usa, europe, switzerland.")],
        output_format: Annotated[str | None, typer.Option(
            "--format", "-f", metavar="FORMAT", show_default=False,
            help="text (default), json, github (default when GITHUB_ACTIONS=true) or sarif.",
        )] = None,
        select: Annotated[list[str] | None, typer.Option(
            "--select", metavar="CODES", show_default=False,
            help="Report only these codes or prefixes (TTR4, TTR302); repeat or separate by "
                 "commas. Layout checks (TTR2xx) run only when selected or with --layout.",
        )] = None,
        ignore: Annotated[list[str] | None, typer.Option(
            "--ignore", metavar="CODES", show_default=False,
            help="Do not report these codes or prefixes; repeat or separate by commas.")] = None,
        strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on warnings too.")] = False,
        layout: Annotated[bool, typer.Option(
            "--layout", help="Also check the board as ttrtool render draws it (TTR2xx: "
                             "overlaps, crossings, routes too short or long to draw; about a "
                             "second per map).")] = False,
        theme_file: Annotated[str | None, typer.Option(
            "--theme", metavar="FILE", show_default=False,
            help="Theme file (JSON or YAML) the layout checks lay the board out with, as "
                 "render --theme FILE draws it, and whose marker sizes TTR114 measures "
                 "(default: the default theme). It turns no check on: the layout checks "
                 "run with --layout or --select TTR2.",
        )] = None,
    ) -> None:
        """Check map files against the JSON Schema and the rules of the game.

        Exit codes: 0 no errors (warnings allowed); 1 errors, or warnings with --strict; 2 a
        file could not be read or an option is wrong (a --theme file that cannot be read or
        has a bad value included); 130 interrupted.
        """
        code = run(files, output_format, select, ignore, strict, layout, theme_file)
        if code:
            raise typer.Exit(code)

    app.command("validate")(validate_command)
