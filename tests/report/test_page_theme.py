"""``analyze --format html --theme FILE`` and ``simulate --html FILE --theme FILE``: the page's
board (and the run's claim heatmap) is drawn with the designer's theme, read by render's own
loader before any work; a bad theme stops the command as ``render`` stops; the outputs that
draw no board are the same bytes with or without ``--theme``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ttrtool.simulate
from ttrtool.cli import app
from ttrtool.commands.analyze import fast_main
from ttrtool.render.heatmap import heat_color
from ttrtool.render.theme import load_theme

runner = CliRunner()

# City markers 6 mm wide in dark blue (the default: 4.2 mm, #b3261e), and a heatmap from
# black to white (the default: blue to red through five stops).
HOUSE = ('colors:\n  city_fill: "#123456"\nsizes:\n  city_radius: 6\n'
         'heatmap: ["#000000", "#ffffff"]\n')
BAD = "sizes:\n  car_length: 0\n"  # no car of no length: render names line 2, column 15
EMPTY_THEME = "error: --theme needs a file name (JSON or YAML)\n"
# Few games, one process: the page is tested here, not the statistics.
RUN = ["usa", "-p", "2", "--games", "4", "--seed", "3", "--jobs", "1", "--quiet"]


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def write(folder: Path, text: str, name: str = "house.yaml") -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def cities(page: str) -> set[tuple[str, str]]:
    """(radius, fill) of every city marker on the page's board."""
    return set(re.findall(r'<circle id="city-\d+" class="city"[^>]* r="([^"]+)" '
                          r'fill="([^"]+)"', page))


def heat(page: str) -> list[tuple[str, float]]:
    """(fill, claim rate) of every heatmap cell on the page's board."""
    return [(fill, float(rate)) for fill, rate in re.findall(
        r'<rect id="heat-[^"]+" class="heat"[^>]* fill="([^"]+)" data-claim-rate="([^"]+)"',
        page)]


def render_error(tmp_path: Path, theme: str) -> str:
    """What ``render --theme`` prints for ``theme`` (exit 2)."""
    code, _out, err = cli("render", "usa", "--theme", theme, "-o", str(tmp_path / "b.svg"))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    return err


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The analysis page and the run page of USA, each with and without the house theme."""
    folder = tmp_path_factory.mktemp("theme")
    theme = write(folder, HOUSE)
    out: dict[str, Any] = {"theme": theme}
    for name, extra in (("plain", []), ("house", ["--theme", theme])):
        page = folder / f"analysis-{name}.html"
        assert cli("analyze", "usa", "-f", "html", "-o", str(page), *extra)[0] == 0
        out[f"analysis-{name}"] = page.read_text(encoding="utf-8")
        page = folder / f"run-{name}.html"
        assert cli("simulate", *RUN, "--html", str(page), *extra)[0] == 0
        out[f"run-{name}"] = page.read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("kind", ["analysis", "run"])
def test_the_page_draws_its_board_with_the_theme(pages: dict[str, Any], kind: str) -> None:
    assert cities(pages[f"{kind}-house"]) == {("6", "#123456")}
    assert cities(pages[f"{kind}-plain"]) == {("4.2", "#b3261e")}
    # The header's command makes the same page again, theme included.
    assert f"--theme {pages['theme']}" in pages[f"{kind}-house"]
    assert "--theme" not in pages[f"{kind}-plain"]


def test_the_run_page_colours_its_heatmap_with_the_theme(pages: dict[str, Any]) -> None:
    house, plain = heat(pages["run-house"]), heat(pages["run-plain"])
    assert house and [r for _, r in house] == [r for _, r in plain]  # the same games
    theme = load_theme(pages["theme"])
    assert [fill for fill, _ in house] == [heat_color(theme, r) for _, r in house]
    assert [fill for fill, _ in plain] == [heat_color(load_theme(), r) for _, r in plain]
    assert [fill for fill, _ in house] != [fill for fill, _ in plain]


def test_the_fast_path_draws_the_page_typer_draws(tmp_path: Path, pages: dict[str, Any]
                                                  ) -> None:
    page = tmp_path / "fast.html"
    assert fast_main(["analyze", "usa", "-f", "html", f"--theme={pages['theme']}",
                      "-o", str(page)]) == 0
    # The Typer page was written as -o .../analysis-house.html: only that name differs.
    fast = page.read_text(encoding="utf-8").replace(str(page), "PAGE")
    typer_page = re.sub(r"\S*analysis-house\.html", "PAGE", pages["analysis-house"])
    assert fast == typer_page


@pytest.mark.parametrize("fmt", ["text", "json", "markdown"])
def test_analyze_formats_without_a_board_are_the_same_bytes(
        tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    theme = write(tmp_path, HOUSE)
    plain, house, fast = (tmp_path / f"{n}.out" for n in ("plain", "house", "fast"))
    assert cli("analyze", "usa", "-f", fmt, "-o", str(plain)) == (0, "", "")
    code, out, err = cli("analyze", "usa", "-f", fmt, "-o", str(house), "--theme", theme)
    assert (code, out) == (0, "")
    assert err == (f"note: --theme applies to the board of the html page (--format html); "
                   f"the {fmt} report draws no board and is the same without it\n")
    assert fast_main(["analyze", "usa", "-f", fmt, "-o", str(fast), "--theme", theme]) == 0
    assert capsys.readouterr().err == err
    assert house.read_bytes() == plain.read_bytes() == fast.read_bytes()
    # on stdout too
    assert cli("analyze", "usa", "-f", fmt, "--theme", theme)[1] == plain.read_text("utf-8")


def test_simulate_outputs_without_a_board_are_the_same_bytes(tmp_path: Path) -> None:
    theme = write(tmp_path, HOUSE)
    got = {}
    for name, extra in (("plain", []), ("house", ["--theme", theme])):
        out, md = tmp_path / f"{name}.json", tmp_path / f"{name}.md"
        code, text, err = cli("simulate", *RUN, "--out", str(out), "--markdown", str(md),
                              *extra)
        assert code == 0
        got[name] = (text, out.read_bytes(), md.read_bytes(), err)
    assert got["house"][:3] == got["plain"][:3]
    assert got["house"][3] == got["plain"][3] + (
        "note: --theme applies to the board of the --html page, which was not asked for; the "
        "other outputs draw no board\n")


@pytest.mark.parametrize(("name", "text"), [
    ("bad.yaml", BAD), ("bad.json", '{"colors": {'), ("missing.yaml", None)])
def test_a_bad_theme_stops_analyze_as_it_stops_render(
        tmp_path: Path, name: str, text: str | None, capsys: pytest.CaptureFixture[str]
        ) -> None:
    theme = write(tmp_path, text, name) if text is not None else str(tmp_path / name)
    err = render_error(tmp_path, theme)
    page = tmp_path / "page.html"
    for fmt in ("html", "json"):  # a bad theme is an error whatever the format
        assert cli("analyze", "usa", "-f", fmt, "--theme", theme, "-o", str(page)) == (2, "",
                                                                                         err)
        assert fast_main(["analyze", "usa", "-f", fmt, "--theme", theme, "-o", str(page)]) == 2
        assert capsys.readouterr() == ("", err)
        assert not page.exists()
    if name == "bad.yaml":
        assert err.startswith(f"error: {theme}:2:15: theme size 'car_length'")


@pytest.mark.parametrize("spelling", [["--theme", ""], ["--theme="]])
def test_an_empty_theme_name_is_refused_as_render_refuses_it(
        tmp_path: Path, spelling: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    assert cli("analyze", "usa", "-f", "html", *spelling, "-o", str(page)) == (2, "",
                                                                              EMPTY_THEME)
    assert fast_main(["analyze", "usa", "-f", "html", *spelling, "-o", str(page)]) == 2
    assert capsys.readouterr() == ("", EMPTY_THEME)
    assert cli("simulate", *RUN, *spelling, "--html", str(page)) == (2, "", EMPTY_THEME)
    assert not page.exists()


def test_a_bad_theme_stops_simulate_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    theme = write(tmp_path, BAD)
    err = render_error(tmp_path, theme)
    runs: list[object] = []
    monkeypatch.setattr(ttrtool.simulate, "run", lambda *a, **k: runs.append(a))
    outputs = [tmp_path / n for n in ("report.json", "page.html", "summary.md", "games.jsonl")]
    for html in (["--html", str(outputs[1])], []):  # with or without the page
        code, out, got = cli("simulate", "usa", "--games", "5000", "--quiet",
                             "--out", str(outputs[0]), "--markdown", str(outputs[2]),
                             "--log", str(outputs[3]), "--theme", theme, *html)
        assert (code, out, got) == (2, "", err)
    assert runs == []  # the simulation was never started
    assert [p for p in outputs if p.exists()] == []


def test_the_help_names_the_option() -> None:
    for command in ("analyze", "simulate"):
        text = " ".join(runner.invoke(app, [command, "-h"]).output.split())
        assert "--theme FILE" in text and "default theme" in text, command
