"""``ttrtool render``: outputs, exit codes and messages (run in-process)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.render.conftest import HEADER
from tests.render.test_layout_checks import CLEAN
from ttrtool.cli import app

runner = CliRunner()


def write_map(tmp_path: Path, body: str = CLEAN) -> Path:
    path = tmp_path / "tiny.yaml"
    rules = ("rules: {tickets: {setup_deal: {regular: 1}, setup_keep_min: 1}, "
             "players: {min: 2, max: 2}}\n")
    extra = "    - {from: B, to: C, points: 5}\n"
    path.write_text(HEADER + rules + body + extra, encoding="utf-8")
    return path


def test_render_writes_svg_pdf_and_tickets(tmp_path: Path) -> None:
    src = write_map(tmp_path)
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["render", str(src), "-o", str(out), "--pdf", "--tiles", "a4",
                                 "--tickets", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"<?xml")
    assert (tmp_path / "board.pdf").read_bytes().startswith(b"%PDF-")
    assert (tmp_path / "board-tiles.pdf").read_bytes().startswith(b"%PDF-")
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF-")


def test_map_errors_exit_1_with_line_and_column(tmp_path: Path) -> None:
    src = write_map(tmp_path, CLEAN.replace("b: C, length: 5", "b: Nowhere, length: 5"))
    result = runner.invoke(app, ["render", str(src), "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 1
    assert "tiny.yaml:" in result.output and "Nowhere" in result.output
    assert not (tmp_path / "x.svg").exists()


def test_usage_and_io_errors_exit_2(tmp_path: Path) -> None:
    src = write_map(tmp_path)
    before = src.read_bytes()
    cases = [
        ["render", str(tmp_path / "missing.yaml")],
        ["render", str(src), "-o", str(src.with_suffix(".txt"))],
        ["render", str(src), "--tiles", "a5"],
        ["render", str(src), "--overlap", "lots"],
        ["render", str(src), "--theme", str(tmp_path / "nope.yaml")],
        ["render", str(src), "--heatmap", str(tmp_path / "nope.json")],
        ["render", str(src), "--tickets", str(src)],
        ["render", str(src), "--tickets", str(tmp_path / "cards.doc")],
        ["render", str(src), "-o", str(src / "under-a-file.pdf")],
    ]
    for args in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
    assert src.read_bytes() == before


def test_fast_path_gives_the_same_results_as_typer(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from ttrtool.commands.render import fast_main

    src = write_map(tmp_path)
    out = tmp_path / "fast.svg"
    assert fast_main(["render", str(src), f"--output={out}", "--paper", "a4"]) == 0
    typer_out = tmp_path / "typer.svg"
    assert runner.invoke(app, ["render", str(src), "-o", str(typer_out)]).exit_code == 0
    assert out.read_bytes() == typer_out.read_bytes()
    assert fast_main(["render", str(src), "--tiles", "a5"]) == 2
    assert "--tiles must be one of" in capsys.readouterr().err
    assert fast_main(["render", str(tmp_path / "missing.yaml")]) == 2
    bad = write_map(tmp_path, CLEAN.replace("b: C, length: 5", "b: Nowhere, length: 5"))
    assert fast_main(["render", str(bad), "-o", str(tmp_path / "x.svg")]) == 1
    # Anything unusual is left to Typer (help, unknown options, missing values).
    for argv in (["render", "--help"], ["render", str(src), "--bogus"], ["render", str(src), "-o"],
                 ["render"], ["render", "a.yaml", "b.yaml"], ["validate", str(src)]):
        assert fast_main(argv) is None, argv


def test_same_bytes_across_processes_and_hash_seeds(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    outs = []
    for seed in ("1", "4242"):
        out = tmp_path / f"swiss-{seed}.svg"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-m", "ttrtool", "render", "switzerland", "-o",
                               str(out)], env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_missing_output_folder_is_not_created(tmp_path: Path) -> None:
    src = write_map(tmp_path)
    for args in (["-o", str(tmp_path / "nowhere" / "deeper" / "x.svg")],
                 ["-o", str(tmp_path / "nowhere" / "x.svg")],
                 ["--tickets", str(tmp_path / "nowhere" / "cards.pdf")],
                 ["-o", str(tmp_path / "x.svg"), "--tickets", str(tmp_path / "no" / "c.pdf")]):
        result = runner.invoke(app, ["render", str(src), *args])
        assert result.exit_code == 2, (args, result.output)
        assert "does not exist (create it first)" in result.output
        assert "nowhere" in result.output or "no" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.yaml"], \
        "nothing written, no folder made, even when only one of the outputs is refused"
    (tmp_path / "out").mkdir()
    result = runner.invoke(app, ["render", str(src), "-o", str(tmp_path / "out" / "b.svg")])
    assert result.exit_code == 0, result.output


def test_tickets_alone_write_only_the_tickets(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    src = write_map(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["render", str(src), "--tickets", "cards.pdf"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in work.iterdir()) == ["cards.pdf"]
    assert result.output.strip() == "wrote cards.pdf"
    # Without -o but with nothing else asked for, the board goes to <map id>.svg.
    result = runner.invoke(app, ["render", str(src)])
    assert result.exit_code == 0, result.output
    assert (work / "tiny.svg").exists()
    # -o (or an option about the board) together with --tickets writes both.
    result = runner.invoke(app, ["render", str(src), "--pdf", "--tickets", "c2.svg"])
    assert result.exit_code == 0, result.output
    assert {"tiny.pdf", "c2.svg"} <= {p.name for p in work.iterdir()}


def test_render_says_when_the_page_grows_for_the_title_block(tmp_path: Path) -> None:
    from tests.render.test_furniture import crowded

    src = tmp_path / "crowded.yaml"
    rules = ("rules: {tickets: {setup_deal: {regular: 1}, setup_keep_min: 1}, "
             "players: {min: 2, max: 2}}\n")
    src.write_text(HEADER + rules + crowded() + "    - {from: P06, to: P40, points: 10}\n",
                   encoding="utf-8")
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["render", str(src), "-o", str(out), "--tiles", "a4"])
    assert result.exit_code == 0, result.output
    assert "the page grows" in result.output
    assert "mm below the board" in result.output
    assert (tmp_path / "board-tiles.pdf").read_bytes().startswith(b"%PDF-")
    clean = runner.invoke(app, ["render", str(write_map(tmp_path)), "-o", str(out)])
    assert clean.exit_code == 0 and "the page grows" not in clean.output


@pytest.mark.parametrize("spelling,message", [
    (["-o", ""], "error: --output needs a file name (the board: .svg, .pdf or .png)\n"),
    (["--output="], "error: --output needs a file name (the board: .svg, .pdf or .png)\n"),
    (["--tickets", ""], "error: --tickets needs a file name (the ticket cards: .pdf, .svg or "
                        ".png)\n"),
    (["--heatmap="], "error: --heatmap needs a file name (a simulate --out report, JSON)\n")])
def test_an_empty_file_name_is_refused_not_taken_for_the_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        spelling: list[str], message: str) -> None:
    """``-o "$OUT"`` with ``OUT`` unset: exit 2 and one line, rather than the board written to
    its default file (which may be one the user keeps), through Typer and the fast path."""
    from ttrtool.commands.render import fast_main

    src = write_map(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["render", str(src), *spelling])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
    assert fast_main(["render", str(src), *spelling]) == 2
    assert capsys.readouterr().err == message
    assert list(work.iterdir()) == []  # nothing written where the default board would go
