"""Fuzzing every command with every kind of input (issue 26): no traceback, ever, and an
exit code of the README's scheme.

A seeded mutator (``mutate.py``) turns a small valid map, theme, heatmap report and
game log into broken ones; each goes through the commands that read it (maps through
validate, analyze, render and simulate; themes and reports through render; logs
through replay).  The size fits CI (``TTRTOOL_FUZZ_CASES`` per kind, 12 by default:
some twenty seconds); set it higher to hunt (``TTRTOOL_FUZZ_CASES=500 pytest
tests/fuzz``).  Every crasher found is kept in ``corpus/<kind>/`` and replayed by
:func:`test_the_corpus_of_past_crashers`; ``TTRTOOL_FUZZ_SAVE=1`` writes new ones there.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.fuzz.mutate import mutant
from ttrtool.cli import app

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = HERE / "corpus"
TINY = ROOT / "tests" / "cases" / "valid" / "tiny.yaml"
CASES = int(os.environ.get("TTRTOOL_FUZZ_CASES", "12"))
DOCUMENTED = {0, 1, 2, 3}  # 130 and 143 need a signal, which no input sends

cli = CliRunner()
Runner = Callable[[Path, Path], list[list[str]]]  # (input file, scratch folder) -> commands


def _map_commands(path: Path, tmp: Path) -> list[list[str]]:
    return [["validate", str(path)], ["validate", "--layout", "--format", "json", str(path)],
            ["analyze", str(path), "-f", "json"],
            ["render", str(path), "-o", str(tmp / "board.svg")],
            ["simulate", str(path), "-n", "1", "-j", "1", "-q", "--bots", "random,random"]]


def _theme_commands(path: Path, tmp: Path) -> list[list[str]]:
    return [["render", str(TINY), "-o", str(tmp / "board.svg"), "--theme", str(path)]]


def _heatmap_commands(path: Path, tmp: Path) -> list[list[str]]:
    return [["render", str(TINY), "-o", str(tmp / "board.svg"), "--heatmap", str(path)]]


def _log_commands(path: Path, tmp: Path) -> list[list[str]]:
    return [["replay", str(path)], ["replay", str(path), "--map", str(TINY), "--game", "0"]]


KINDS: dict[str, tuple[str, Runner]] = {
    "map": (".yaml", _map_commands), "theme": (".json", _theme_commands),
    "theme-yaml": (".yaml", _theme_commands), "heatmap": (".json", _heatmap_commands),
    "log": (".jsonl", _log_commands),
}


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The valid input of each kind that the mutants start from."""
    d = tmp_path_factory.mktemp("seeds")
    res = cli.invoke(app, ["simulate", str(TINY), "-n", "2", "-j", "1", "-q", "--seed", "4",
                           "--out", str(d / "report.json"), "--log", str(d / "games.jsonl"),
                           "--log-actions"])
    assert res.exit_code == 0, res.output
    theme = {"sizes": {"car_length": 20, "car_turn_max": 30, "city_radius": 4},
             "heatmap": ["#ffffff", "red", "#000"], "colors": {"text": "#222222"}}
    return {"map": TINY.read_bytes(),
            "theme": json.dumps(theme).encode(),
            "theme-yaml": (b"sizes:\n  car_length: 20\n  car_turn_max: 30\nheatmap:\n"
                           b"  - '#ffffff'\n  - red\ncolors: {text: '#222222'}\n"),
            "heatmap": (d / "report.json").read_bytes(),
            "log": (d / "games.jsonl").read_bytes().splitlines(keepends=True)[0]}


def _check(kind: str, data: bytes, tmp: Path, label: str) -> str | None:
    """What went wrong when the commands read ``data`` as a ``kind``, or None."""
    suffix, commands = KINDS[kind]
    path = tmp / f"input{suffix}"
    path.write_bytes(data)
    for args in commands(path, tmp):
        res = cli.invoke(app, args)
        crashed = res.exception is not None and not isinstance(res.exception, SystemExit)
        if crashed or res.exit_code not in DOCUMENTED or "Traceback" in res.output:
            if os.environ.get("TTRTOOL_FUZZ_SAVE"):
                name = hashlib.sha256(data).hexdigest()[:12] + suffix
                (CORPUS / kind).mkdir(parents=True, exist_ok=True)
                (CORPUS / kind / name).write_bytes(data)
            return (f"{label}: `ttrtool {' '.join(args)}` exit {res.exit_code}, "
                    f"{res.exception!r}\ninput: {data[:300]!r}\n{res.output[-800:]}")
    return None


def _tree(data: bytes) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        return None


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_mutated_inputs_end_with_a_message_and_a_documented_code(
        kind: str, seeds: dict[str, bytes], tmp_path: Path) -> None:
    start = seeds[kind]
    tree = _tree(start)
    problems = []
    for case in range(CASES):
        rng = random.Random(f"ttrtool-fuzz:{kind}:{case}")
        data = mutant(rng, start, tree)
        if kind == "log" and not data.endswith(b"\n"):
            data += b"\n"
        problem = _check(kind, data, tmp_path, f"{kind} case {case}")
        if problem:
            problems.append(problem)
    assert not problems, f"{len(problems)} of {CASES} cases crashed:\n" + "\n\n".join(
        problems[:3])


def _corpus() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.parent.name in KINDS)


@pytest.mark.parametrize("path", _corpus(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_corpus_of_past_crashers(path: Path, tmp_path: Path) -> None:
    problem = _check(path.parent.name, path.read_bytes(), tmp_path,
                     str(path.relative_to(HERE)))
    assert problem is None, problem


def test_the_corpus_is_not_empty() -> None:
    """The crashers the first hunts found stay in the suite (see corpus/README.md)."""
    assert _corpus(), "tests/fuzz/corpus/ has no input"


@pytest.mark.parametrize("args", [
    ["render", str(TINY), "-o", "{tmp}"],
    ["render", str(TINY), "-o", "{tmp}/missing/board.svg"],
    ["render", str(TINY), "-o", "{tmp}/board.txt"],
    ["render", str(TINY), "--tickets", "{tmp}/cards.txt"],
    ["analyze", str(TINY), "-o", "{tmp}"],
    ["simulate", str(TINY), "-n", "1", "-j", "1", "-q", "--out", "{tmp}/x/y.json"],
    ["simulate", str(TINY), "-n", "1", "-j", "1", "-q", "--log", "{tmp}"],
    ["replay", "{tmp}"],
    ["replay", "{tmp}/none.jsonl"],
    ["validate", "{tmp}"],
    ["render", str(TINY), "--theme", "{tmp}"],
    ["render", str(TINY), "--heatmap", "{tmp}/none.json"],
])
def test_output_and_input_paths_that_cannot_work_are_exit_2(args: list[str],
                                                           tmp_path: Path) -> None:
    res = cli.invoke(app, [a.replace("{tmp}", str(tmp_path)) for a in args])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error: ") or "error" in res.output, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("option", ["--theme", "--heatmap"])
def test_a_fifo_given_as_an_input_is_refused_not_read(option: str, tmp_path: Path) -> None:
    """Reading a FIFO blocks until something writes to it: a theme or report on one would
    hang render for ever (validate and replay refuse FIFOs the same way)."""
    fifo = tmp_path / "input.json"
    os.mkfifo(fifo)
    res = cli.invoke(app, ["render", str(TINY), "-o", str(tmp_path / "b.svg"), option,
                           str(fifo)])
    assert res.exit_code == 2, res.output
    assert "it is a FIFO (a named pipe)" in res.output
