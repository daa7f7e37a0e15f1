"""``validate --theme FILE``: the layout checks (TTR2xx) lay the board out with the theme
``render --theme FILE`` draws with, read by render's own loader, so the two commands name
the same routes; a theme that cannot be read is a usage error (exit 2), as in render."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttrtool.cli import app
from ttrtool.commands.render import fast_main as render_fast
from ttrtool.commands.validate import fast_main
from ttrtool.render.theme import load_theme
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parent.parent
NORDIC = str(ROOT / "maps" / "nordiccountries.yaml")
runner = CliRunner()

# No stretching: Helsinki-Tampere (one car, 1.6 times its length by default) then stops
# short of Helsinki, and render says so.
NO_STRETCH = "sizes:\n  car_stretch_max: 1.0\n"


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"GITHUB_ACTIONS": ""})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def theme_file(tmp_path: Path, text: str = NO_STRETCH, name: str = "theme.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def routes_named(stdout: str) -> list[tuple[str, str]]:
    """(code, route id) of each layout finding in a JSON report of the Nordic map."""
    import ttrtool

    board = ttrtool.load_map(NORDIC)
    out = []
    for d in json.loads(stdout)["files"][0]["diagnostics"]:
        at = re.fullmatch(r"/routes/(\d+)(/.*)?", d["path"])
        assert at is not None, d
        out.append((d["code"], board.routes[int(at.group(1))].id))
    return out


def test_the_layout_checks_use_the_theme_render_draws_with(tmp_path: Path) -> None:
    theme = theme_file(tmp_path)
    code, out, _err = cli("validate", "--layout", "--format", "json", NORDIC)
    assert code == 0 and routes_named(out) == []
    code, out, _err = cli("validate", "--layout", "--theme", theme, "--format", "json", NORDIC)
    assert code == 0, out
    assert routes_named(out) == [("TTR208", "helsinki-tampere")]
    # Again without the theme, in the same process: the default theme's layout, not the last.
    code, out, _err = cli("validate", "--layout", "--format", "json", NORDIC)
    assert routes_named(out) == []


def test_render_and_validate_name_the_same_routes_with_one_theme(tmp_path: Path) -> None:
    theme = theme_file(tmp_path)
    rendered = runner.invoke(app, ["render", NORDIC, "--theme", theme,
                                   "-o", str(tmp_path / "board.svg")])
    assert rendered.exit_code == 0, rendered.output
    drawn = re.search(r"could not be drawn cleanly \(([^)]*)\)", rendered.stderr)
    assert drawn is not None, rendered.stderr
    _code, out, _err = cli("validate", "--layout", "--theme", theme, "-f", "json", NORDIC)
    assert {route for _, route in routes_named(out)} == set(drawn.group(1).split(", "))
    # render's hint gives the command that lists the same problems.
    assert f"`ttrtool validate --layout --theme {theme} {NORDIC}`" in rendered.stderr
    plain = runner.invoke(app, ["render", NORDIC, "-o", str(tmp_path / "plain.svg")])
    assert plain.exit_code == 0 and "could not be drawn" not in plain.stderr


def test_the_library_takes_the_theme(tmp_path: Path) -> None:
    theme = load_theme(theme_file(tmp_path))
    found = validate_file(NORDIC, ("TTR2",), theme=theme).diagnostics
    assert [(d.code, d.location.line) for d in found] == [("TTR208", 91)]
    assert validate_file(NORDIC, ("TTR2",)).diagnostics == []


def test_one_board_laid_out_with_two_themes_gives_the_findings_of_each(tmp_path: Path) -> None:
    """The layout is kept for the checks of one run; another theme is another layout."""
    import ttrtool
    from ttrtool.checks.layout import layout_findings

    board = ttrtool.load_map(NORDIC)
    theme = load_theme(theme_file(tmp_path))
    assert layout_findings(board)["TTR208"] == []
    assert [p.path for p in layout_findings(board, theme=theme)["TTR208"]] == [
        board.routes[[r.id for r in board.routes].index("helsinki-tampere")].path]
    assert layout_findings(board)["TTR208"] == []


def test_the_fast_path_reads_the_theme_as_typer_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    theme = theme_file(tmp_path)
    argv = ["validate", "--layout", f"--theme={theme}", "-f", "json", NORDIC]
    assert fast_main(argv) == 0
    fast = capsys.readouterr().out
    code, out, _err = cli(*argv)
    assert code == 0 and fast == out and '"TTR208"' in out


def test_a_theme_without_layout_checks_says_what_it_applies_to(tmp_path: Path) -> None:
    """Without layout checks the theme sets only TTR114's markers (tests/test_checks_places.py);
    one that changes no marker changes nothing."""
    theme = theme_file(tmp_path)
    plain = cli("validate", "-f", "json", NORDIC)
    code, out, err = cli("validate", "--theme", theme, "-f", "json", NORDIC)
    assert (code, out) == plain[:2]
    assert err == ("note: --theme applies to the layout checks (TTR2xx), which were not asked "
                   "for (add --layout), and to the marker sizes of TTR114\n")
    # Selecting a layout check is asking for the layout checks: the theme applies, no note.
    code, out, err = cli("validate", "--select", "TTR208", "--theme", theme, "-f", "json",
                         NORDIC)
    assert routes_named(out) == [("TTR208", "helsinki-tampere")] and err == ""


@pytest.mark.parametrize(("name", "text", "where"), [
    ("theme.yaml", "sizes:\n  car_length: 20\n  car_stretch_max: 0.5\n", ":3:20: theme size "
     "'car_stretch_max' must be a number at least 1 and at most 4"),
    ("theme.yaml", "sizes: [\n", ":2:1: not valid YAML"),
    ("theme.json", '{"sizes": {', ":1:12: not valid JSON"),
    ("theme.yaml", "colours: {}\n", ":1:10: unknown theme key 'colours'"),
    ("missing.yaml", None, ": cannot read theme: "),
])
def test_a_bad_theme_is_reported_as_render_reports_it(
        tmp_path: Path, name: str, text: str | None, where: str) -> None:
    path = theme_file(tmp_path, text, name) if text is not None else str(tmp_path / name)
    code, out, err = cli("validate", "--layout", "--theme", path, NORDIC)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {path}{where}"), err
    assert "Traceback" not in err and err.count("\n") == 1
    rendered = runner.invoke(app, ["render", NORDIC, "--theme", path,
                                   "-o", str(tmp_path / "board.svg")])
    assert rendered.exit_code == 2 and rendered.stderr == err


EMPTY_THEME = "error: --theme needs a file name (JSON or YAML)\n"


@pytest.mark.parametrize("spelling", [["--theme", ""], ["--theme="]])
def test_an_empty_theme_name_is_a_usage_error_in_validate_and_render(
        tmp_path: Path, spelling: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--theme ''`` is refused (exit 2, one line on stderr), not read as the default theme:
    by validate and by render alike, through Typer and through the fast path."""
    assert cli("validate", *spelling, NORDIC) == (2, "", EMPTY_THEME)
    board = tmp_path / "board.svg"
    assert cli("render", NORDIC, *spelling, "-o", str(board)) == (2, "", EMPTY_THEME)
    assert render_fast(["render", NORDIC, *spelling, "-o", str(board)]) == 2
    assert capsys.readouterr().err == EMPTY_THEME
    assert not board.exists()


def test_the_help_names_the_option_and_the_default() -> None:
    text = " ".join(runner.invoke(app, ["validate", "-h"]).output.split())
    assert "--theme FILE" in text
    assert "default theme" in text
