"""``ttrtool validate``: the pipeline, the command line, and inputs that must never crash it."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from ttrtool.checks import selected
from ttrtool.cli import app
from ttrtool.commands.validate import fast_main, use_color
from ttrtool.resources import bundled_map_path
from ttrtool.validate import validate_file, validate_text

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
runner = CliRunner()


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_bundled_maps_have_no_errors_and_no_warnings(name: str) -> None:
    result = validate_file(bundled_map_path(name))
    assert result.diagnostics == []
    assert result.board is not None


def test_validate_text_matches_validate_file() -> None:
    path = CASES / "invalid" / "route-double-same-color.yaml"
    from_file = validate_file(path)
    from_text = validate_text(path.read_bytes(), str(path))
    assert from_text.diagnostics == from_file.diagnostics
    assert [d.code for d in from_file.diagnostics] == ["TTR303"]
    assert from_file.board is None


def test_warnings_keep_the_board() -> None:
    result = validate_file(CASES / "invalid" / "ticket-points-far.yaml")
    assert [d.code for d in result.warnings] == ["TTR406"] and not result.errors
    assert result.board is not None


def test_network_checks_are_skipped_after_build_errors() -> None:
    # Without Crewe-Derby (an unknown place) the Bury-Derby ticket would need 6 trains of 5:
    # that follow-on TTR405 would only repeat the TTR101.
    result = validate_file(CASES / "invalid" / "ref-unknown-place-route.yaml")
    assert [d.code for d in result.diagnostics] == ["TTR101"]


def test_select_and_ignore() -> None:
    assert selected("TTR302", ("TTR3",), ())
    assert not selected("TTR302", ("TTR4",), ())
    assert not selected("TTR302", (), ("TTR30",))
    assert selected("TTR010", (), ("TTR3",))
    # Layout checks are opt-in: only a selector that names them runs them.
    assert not selected("TTR201", (), ())
    assert not selected("TTR201", ("TTR",), ())
    assert selected("TTR201", ("TTR2",), ())
    assert selected("TTR203", ("TTR203", "TTR4"), ())
    path = CASES / "invalid" / "ticket-blocked-by-doubles.yaml"
    assert [d.code for d in validate_file(path, select=("TTR4",)).diagnostics] == ["TTR404"]
    assert [d.code for d in validate_file(path, ignore=("TTR404",)).diagnostics] == ["TTR302"]


def cli(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def test_bundled_map_ids_are_accepted_unless_a_file_has_that_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(app, ["validate", "--format", "json", "usa"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["files"][0]["file"].endswith("usa.yaml")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "usa").write_text("format: 1\n", encoding="utf-8")  # a file wins over the id
    result = runner.invoke(app, ["validate", "usa"])
    assert result.exit_code == 1 and "TTR010" in result.output


def test_exit_codes_and_strict() -> None:
    warn = str(CASES / "invalid" / "ticket-points-far.yaml")
    err = str(CASES / "invalid" / "route-unknown-color.yaml")
    ok = str(CASES / "valid" / "tiny.yaml")
    assert cli("validate", ok)[0] == 0
    assert cli("validate", warn)[0] == 0
    assert cli("validate", "--strict", warn)[0] == 1
    assert cli("validate", ok, err)[0] == 1
    assert cli("validate", "--ignore", "TTR305", err)[0] == 0
    assert cli("validate", err, str(ROOT / "no-such-file.yaml"))[0] == 2


def test_bad_options_are_usage_errors() -> None:
    ok = str(CASES / "valid" / "tiny.yaml")
    code, out, err = cli("validate", "--format", "xml", ok)
    assert code == 2 and "unknown format" in err and out == ""
    code, _out, err = cli("validate", "--select", "TTR9X", ok)
    assert code == 2 and "TTR9X" in err
    assert cli("validate")[0] == 2


def test_github_format_is_chosen_on_github_actions() -> None:
    err = str(CASES / "invalid" / "route-unknown-color.yaml")
    code, out, _ = cli("validate", err, env={"GITHUB_ACTIONS": "true"})
    assert code == 1 and out.startswith("::error file=")
    _, out, _ = cli("validate", "--format", "text", err, env={"GITHUB_ACTIONS": "true"})
    assert not out.startswith("::")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color() -> None:
    assert use_color(_Tty(), {})
    assert not use_color(_Tty(), {"NO_COLOR": "1"})
    assert use_color(_Tty(), {"NO_COLOR": ""})  # no-color.org: only a non-empty value counts
    assert not use_color(io.StringIO(), {})


BLOCKED = "tests/cases/invalid/ticket-blocked-by-doubles.yaml"
FAR = "tests/cases/invalid/ticket-points-far.yaml"
TINY = "tests/cases/valid/tiny.yaml"


@pytest.mark.parametrize("args", [
    ["validate", BLOCKED, TINY],
    ["validate", "--format", "json", "--select", "TTR4,TTR3", BLOCKED],
    ["validate", "--ignore=TTR302", "-f", "github", BLOCKED],
    ["validate", "--strict", "--format=sarif", FAR, "nope.yaml"],
    ["validate", "--select", "TTR0X", TINY],
])
def test_fast_path_matches_typer(args: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "NO_COLOR")}
    proc = subprocess.run([sys.executable, "-m", "ttrtool", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    code, out, err = cli(*args, env={"GITHUB_ACTIONS": ""})
    assert "Traceback" not in proc.stderr
    assert (proc.returncode, proc.stdout) == (code, out)


@pytest.mark.parametrize("argv", [
    ["validate", "--help"], ["validate"], ["validate", "-fjson", "x.yaml"],
    ["validate", "--format"], ["validate", "--format", "json", "--format", "text", "x.yaml"],
    ["validate", "--colour", "x.yaml"], ["schema"], [],
])
def test_fast_path_leaves_everything_else_to_typer(argv: list[str]) -> None:
    assert fast_main(argv) is None


def test_nothing_is_written_to_the_input(tmp_path: Path) -> None:
    files = [tmp_path / "europe.yaml", tmp_path / "broken.yaml"]
    shutil.copy(bundled_map_path("europe"), files[0])
    shutil.copy(CASES / "invalid" / "yaml-duplicate-key.yaml", files[1])
    before = [(f.read_bytes(), f.stat().st_mtime_ns) for f in files]
    for fmt in ("text", "json", "github", "sarif"):
        cli("validate", "--format", fmt, *map(str, files))
    proc = subprocess.run([sys.executable, "-m", "ttrtool", "validate", *map(str, files)],
                          capture_output=True, timeout=60)
    assert proc.returncode == 1
    assert [(f.read_bytes(), f.stat().st_mtime_ns) for f in files] == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.yaml", "europe.yaml"]


def _mutations(rng: random.Random) -> list[object]:
    return [None, True, False, 0, -1, 3, 2.0, 10**9, 1.5, "", "x", "Zürich", "gray", "ferry",
            [], [1], [1, 2], {}, {"a": 1}, "x" * 90, rng.random()]


def _paths(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, prefix + (i,))
    return out


def _replace(data: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {k: (_replace(v, rest, value) if k == head else v) for k, v in data.items()}
    assert isinstance(data, list)
    return [(_replace(v, rest, value) if i == head else v) for i, v in enumerate(data)]


def test_mutated_maps_never_crash() -> None:
    """Change one value of a valid map at random, many times: every result is diagnostics."""
    rng = random.Random(20261122)
    sources = [yaml.safe_load((CASES / "valid" / n).read_text(encoding="utf-8"))
               for n in ("lakes.yaml", "countries.yaml", "tiny.yaml")]
    codes: set[str] = set()
    for _ in range(300):
        data = rng.choice(sources)
        path = rng.choice(_paths(data))
        mutated = _replace(data, path, rng.choice(_mutations(rng)))
        if rng.random() < 0.3:  # sometimes a second change
            mutated = _replace(mutated, rng.choice(_paths(mutated)), rng.choice(_mutations(rng)))
        text = yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False)
        result = validate_text(text, "fuzz.yaml")
        assert all(d.code != "TTR999" for d in result.diagnostics), (text, result.diagnostics)
        assert all(d.location.line >= 1 for d in result.diagnostics)
        codes.update(d.code for d in result.diagnostics)
    # The mutations reach the schema and the semantic checks, not only the parser.
    assert {"TTR010", "TTR101"} <= codes and any(c.startswith(("TTR3", "TTR4")) for c in codes)


@pytest.mark.slow  # over 8 s: make test-slow and CI
def test_maps_that_validate_can_be_analysed_and_played() -> None:
    """A map with no error must never crash a later command (a float such as ``length: 2.0``
    once passed the schema and broke render and simulate)."""
    from ttrtool.analysis import analyze
    from ttrtool.engine import Game
    from ttrtool.render.board import render_board
    from ttrtool.render.theme import default_theme

    rng = random.Random(5)
    sources = [yaml.safe_load((CASES / "valid" / n).read_text(encoding="utf-8"))
               for n in ("lakes.yaml", "countries.yaml", "tiny.yaml")]
    played = 0
    for _ in range(600):
        data = rng.choice(sources)
        mutated = _replace(data, rng.choice(_paths(data)), rng.choice(_mutations(rng)))
        text = yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False)
        result = validate_text(text, "fuzz.yaml")
        if result.errors or result.board is None:
            continue
        analyze(result.board)
        render_board(result.board, default_theme())
        game = Game(result.board, players=result.board.rules.min_players)
        state = game.new_state(seed=played)
        for _step in range(3000):
            if state.is_over:
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        state.result()
        played += 1
    assert played >= 25


def _integers(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    return [p for p in _paths(data, prefix) if type(_get(data, p)) is int]


def _get(data: object, path: tuple[object, ...]) -> object:
    for key in path:
        data = data[key]  # type: ignore[index]
    return data


@pytest.mark.parametrize("name", ["lakes.yaml", "countries.yaml"])
def test_every_integer_written_as_a_float_is_refused(name: str) -> None:
    """JSON Schema counts 2.0 as an integer; ttrtool does not (a float count crashes later)."""
    data = yaml.safe_load((CASES / "valid" / name).read_text(encoding="utf-8"))
    paths = _integers(data)
    assert len(paths) > 20
    for path in paths:
        mutated = _replace(data, path, float(_get(data, path)))  # type: ignore[arg-type]
        text = yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False)
        result = validate_text(text, "float.yaml")
        found = [d for d in result.errors if d.path == path]
        # Positions and board sizes are numbers, and so may be floats; every other integer
        # (a length, a count, points) must stay one.
        if {"pos", "waypoints", "board"} & set(path):
            assert not found, path
            continue
        assert found and "whole number" in found[0].message, (path, result.diagnostics)


def test_garbled_text_never_crashes() -> None:
    rng = random.Random(7)
    base = (CASES / "valid" / "lakes.yaml").read_text(encoding="utf-8")
    alphabet = list("{}[]:,-&*!|>'\"#%@`?\t\n \\") + ["\x00", "\x85", "é", "---", "...", "0x", "~"]
    for _ in range(400):
        chars = list(base)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars.insert(i, rng.choice(alphabet))
            elif op < 0.7:
                del chars[i]
            else:
                chars[i:i + rng.randint(1, 40)] = []
        result = validate_text("".join(chars), "garbled.yaml")
        assert all(d.code != "TTR999" for d in result.diagnostics)
    for _ in range(100):
        blob = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
        result = validate_text(blob, "random.bin")
        assert all(d.code != "TTR999" for d in result.diagnostics)


def test_garbage_files_through_the_command(tmp_path: Path) -> None:
    inputs = {
        "random.yaml": bytes(random.Random(3).randrange(256) for _ in range(2000)),
        "json.yaml": b'{"format": 1, "meta": [], "cities": {}}',
        "scalar.yaml": b"just a sentence\n",
        "list.yaml": b"- 1\n- 2\n",
        "huge-number.yaml": b"format: 1" + b"0" * 5000 + b"\n",
        "huge-float.yaml": b"format: 1" + b"0" * 400 + b".5\n",
        "deep.yaml": b"a: " + b"[" * 10000 + b"\n",
    }
    for name, data in inputs.items():
        (tmp_path / name).write_bytes(data)
    paths = [str(tmp_path / n) for n in inputs]
    proc = subprocess.run([sys.executable, "-m", "ttrtool", "validate", "--format", "json",
                           *paths], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    report = json.loads(proc.stdout)
    assert [f["file"] for f in report["files"]] == paths
    assert all(f["errors"] >= 1 for f in report["files"])


def test_schema_errors_are_reported_whatever_is_selected() -> None:
    path = str(CASES / "invalid" / "schema-bad-kind.yaml")
    code, out, _ = cli("validate", "--select", "TTR3", "--ignore", "TTR010", path)
    assert code == 1 and "TTR010" in out


def test_closed_pipe_and_narrow_encoding_are_not_crashes(tmp_path: Path) -> None:
    missing = [str(tmp_path / f"missing-{i}.yaml") for i in range(3000)]  # > a pipe buffer
    proc = subprocess.Popen([sys.executable, "-m", "ttrtool", "validate", *missing],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 2
    assert "Traceback" not in err
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    out = subprocess.run([sys.executable, "-m", "ttrtool", "validate",
                          str(CASES / "invalid" / "route-double-other-ends.yaml")],
                         capture_output=True, env=env, timeout=60)
    assert out.returncode == 1 and b"Traceback" not in out.stderr
    assert b"Aston\\u2013Derby" in out.stdout


def test_an_endless_file_is_refused() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    result = validate_file("/dev/zero")
    assert result.io_error and [d.name for d in result.diagnostics] == ["unreadable-file"]
    assert "not a regular file" in result.diagnostics[0].message


@pytest.mark.parametrize(("name", "warned"), [
    ("Zürich", False), ("Москва", False), ("Αθήνα", False), ("さいたま市", False),
    ("Boсton", True), ("Αthens", True), ("Kyiv Київ", True),
])
def test_mixed_script_names(name: str, warned: bool) -> None:
    """TTR112: look-alike letters from another script; kanji with kana is no mixture."""
    base = (CASES / "valid" / "tiny.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(base)
    data["cities"][0]["aliases"] = [name]
    result = validate_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "s.yaml")
    assert ("TTR112" in [d.code for d in result.diagnostics]) == warned


def test_a_folder_stands_for_the_map_files_under_it(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """As linters take folders: every .yaml and .yml file under it, sorted, hidden folders
    (.git) skipped; a folder with none is an error of its own (exit 2), never a silent pass."""
    (tmp_path / "maps" / "old").mkdir(parents=True)
    (tmp_path / "maps" / ".git").mkdir()
    shutil.copy(bundled_map_path("switzerland"), tmp_path / "maps" / "b.yaml")
    shutil.copy(bundled_map_path("usa"), tmp_path / "maps" / "old" / "a.yml")
    (tmp_path / "maps" / ".git" / "c.yaml").write_text("x: [", encoding="utf-8")
    (tmp_path / "maps" / "notes.txt").write_text("not a map", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    for main in (fast_main, None):
        argv = ["validate", "--format", "json", str(tmp_path / "maps")]
        if main is None:
            result = CliRunner().invoke(app, argv)
            code, out = result.exit_code, result.stdout
        else:
            code = main(argv) or 0
            out = capsys.readouterr().out
        assert code == 0
        files = [Path(f["file"]).relative_to(tmp_path).as_posix() for f in json.loads(out)["files"]]
        assert files == ["maps/b.yaml", "maps/old/a.yml"]
    code, out, _err = cli("validate", str(tmp_path / "empty"), str(tmp_path / "maps"))
    assert code == 2
    assert "empty is a folder with no map files (.yaml, .yml) in it" in out
    assert "3 file(s): 1 error(s)" in out
