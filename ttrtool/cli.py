"""The ``ttrtool`` command line: a Typer app with one module per command.

A plain ``validate``, ``analyze`` or ``render`` command line runs through that
command's ``fast_main`` before Typer or any other command is imported (see
:mod:`ttrtool.commands.argv`); everything else — help, the other commands,
unusual options — goes to the Typer app, built on first use.

Exit codes (documented in README.md):
  0  no errors (warnings allowed)
  1  errors found (or warnings with --strict; or a --fail-on threshold crossed)
  2  usage or I/O error (missing file, a directory, bad option)
  3  simulate: the engine broke an invariant
  130 interrupted (Ctrl-C)
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

# In the order `ttrtool --help` lists them; each is ttrtool/commands/<name>.py.
COMMANDS = ("new", "validate", "schema", "analyze", "simulate", "replay", "render")
FAST = ("validate", "analyze", "render")


def build_app() -> typer.Typer:
    """The Typer app with every command registered."""
    import typer

    app = typer.Typer(
        name="ttrtool",
        help="Validate, analyse, render and simulate Ticket to Ride boards.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for name in COMMANDS:
        importlib.import_module(f"ttrtool.commands.{name}").register(app)
    return app


def __getattr__(name: str) -> Any:
    """``ttrtool.cli.app`` is built when first asked for (tests use it with CliRunner)."""
    if name == "app":
        app = build_app()
        globals()["app"] = app
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    try:
        argv = sys.argv[1:]
        if argv and argv[0] in FAST:
            code = importlib.import_module(f"ttrtool.commands.{argv[0]}").fast_main(argv)
            if code is not None:
                sys.exit(code)
        build_app()()
    except KeyboardInterrupt:
        # Ctrl-C: a short word and the shell's usual code for SIGINT, never a traceback.
        print("ttrtool: interrupted", file=sys.stderr)
        sys.exit(130)
