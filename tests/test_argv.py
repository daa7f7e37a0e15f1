"""The Typer-free reader of plain command lines (ttrtool/commands/argv.py)."""

from __future__ import annotations

import pytest

from ttrtool.commands.argv import Shape, parse

SHAPE = Shape("cmd", {"--out": "out", "-o": "out", "--tag": "tag"}, flags={"--fast": "fast"},
              repeatable=frozenset({"tag"}), several=True)
ONE = Shape("cmd", {"--out": "out"})


def test_reads_options_flags_and_arguments_in_any_order() -> None:
    got = parse(["cmd", "a", "--out=x", "--tag", "t1", "-", "--fast", "--tag=t2", "b"], SHAPE)
    assert got is not None
    assert got.positional == ["a", "-", "b"]
    assert got.values == {"out": ["x"], "tag": ["t1", "t2"]}
    assert got.flags == {"fast"}
    assert got.value("out") == "x" and got.value("missing", "d") == "d"


def test_double_dash_ends_the_options() -> None:
    got = parse(["cmd", "--", "--fast", "-o"], SHAPE)
    assert got is not None and got.positional == ["--fast", "-o"] and not got.flags


def test_a_value_may_start_with_a_dash() -> None:
    got = parse(["cmd", "-o", "-x.svg", "a"], SHAPE)
    assert got is not None and got.value("out") == "-x.svg"


@pytest.mark.parametrize("argv", [
    [], ["other", "a"], ["cmd"], ["cmd", "a", "--help"], ["cmd", "a", "--unknown"],
    ["cmd", "a", "--out"], ["cmd", "a", "-o=x"], ["cmd", "a", "-ox"],
    ["cmd", "a", "--out", "x", "--out", "y"], ["cmd", "a", "--fast=1"],
])
def test_everything_unusual_is_left_to_typer(argv: list[str]) -> None:
    assert parse(argv, SHAPE) is None


def test_one_argument_shapes_refuse_several() -> None:
    assert parse(["cmd", "a", "b"], ONE) is None
    assert parse(["cmd", "a"], ONE) is not None


def test_a_word_like_false_after_a_flag_is_named() -> None:
    from ttrtool.commands.argv import flag_given_a_value

    message = flag_given_a_value(["a.yaml", "--strict", "False"], {"--strict"})
    assert message and message.startswith("--strict is a flag and takes no value")
    assert flag_given_a_value(["--strict", "a.yaml"], {"--strict"}) is None
    assert flag_given_a_value(["--", "--strict", "false"], {"--strict"}) is None
    assert flag_given_a_value(["--top", "false"], {"--strict"}) is None


def test_the_fast_paths_accept_what_the_typer_app_accepts() -> None:
    """ttrtool/commands/shapes.py is what tools/fast_shapes.py reads off the app."""
    from pathlib import Path

    from ttrtool.cli import FAST, build_app
    from ttrtool.commands.argv import shapes_module

    written = Path(__file__).resolve().parent.parent / "ttrtool" / "commands" / "shapes.py"
    assert written.read_text(encoding="utf-8") == shapes_module(build_app(), FAST), (
        "run: python tools/fast_shapes.py")


def test_a_shape_is_read_off_a_command() -> None:
    import click

    from ttrtool.commands.argv import shape_of

    command = click.Command("cmd", params=[
        click.Argument(["files"], nargs=-1), click.Option(["--out", "-o"]),
        click.Option(["--tag"], multiple=True), click.Option(["--fast"], is_flag=True)])
    assert shape_of("cmd", command) == Shape(
        "cmd", {"--out": "out", "-o": "out", "--tag": "tag"}, {"--fast": "fast"},
        frozenset({"tag"}), several=True)
