"""The ``ttrtool`` command line: a Typer app with one module per command.

A plain ``validate``, ``analyze`` or ``render`` command line runs through that
command's ``fast_main`` before Typer or any other command is imported (see
:mod:`ttrtool.commands.argv`); everything else — help, the other commands,
unusual options — goes to the Typer app, built on first use.  (No postponed
annotations here: Typer reads the root callback's annotations as objects.)

Exit codes, the same in every command (README.md's table; each command's help
says which of them it uses):
  0  done, no errors (warnings allowed)
  1  the input has problems: a map with errors (or warnings with --strict), a
     --fail-on threshold crossed, a replay that disagrees with its log
  2  usage or I/O error: a bad option, a file that cannot be read or written
  3  simulate: the engine broke an invariant (a bug)
  130 interrupted (Ctrl-C)
  143 simulate: terminated by SIGTERM
"""

import errno
import importlib
import os
import sys
from typing import TYPE_CHECKING, Annotated, Any

from ttrtool.commands.argv import BOOLEAN_WORDS, flag_given_a_value

if TYPE_CHECKING:
    import typer

# In the order `ttrtool --help` lists them; each is ttrtool/commands/<name>.py.
COMMANDS = ("new", "validate", "schema", "analyze", "simulate", "replay", "render", "preview",
            "play", "fix", "tune", "deck", "colour")
FAST = ("validate", "analyze", "render")


def build_app() -> "typer.Typer":
    """The Typer app with every command registered."""
    import typer

    import ttrtool

    def show_version(value: bool) -> None:
        if value:
            typer.echo(f"ttrtool {ttrtool.__version__}")
            raise typer.Exit()

    app = typer.Typer(
        name="ttrtool",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        # Plain help: flags show no value type (Rich panels print `--strict <bool>`, which
        # reads as if the flag took a value).
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def ttrtool_root(
        version: Annotated[bool, typer.Option(
            "--version", callback=show_version, is_eager=True,
            help="Print the version and exit.")] = False,
    ) -> None:
        """Validate, analyse, render and simulate Ticket to Ride boards.

        Exit codes: 0 done; 1 the map has errors (or a check asked for failed); 2 usage or
        I/O error (a file that cannot be read or is malformed, a full disk); 3 an engine bug
        (simulate); 130 interrupted; 143 terminated (simulate).  See README.md.
        """

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


def _flag_misuse(argv: list[str]) -> str | None:
    """A message when a flag of the command is followed by a word like ``false``.

    Flags take no value, so ``--strict false`` would read ``false`` as a file name.
    The Typer app is consulted only when such a word is on the command line at all."""
    if not argv or argv[0] not in COMMANDS or not BOOLEAN_WORDS & {a.lower() for a in argv}:
        return None
    import typer.main

    group = typer.main.get_command(build_app())
    command = group.commands[argv[0]]  # type: ignore[attr-defined]
    flags = {opt for p in command.params if getattr(p, "is_flag", False)
             for opt in (*p.opts, *p.secondary_opts)}
    return flag_given_a_value(argv[1:], flags)


# Why a write to standard output can fail other than by a closed pipe.
_STDOUT_FAILURES = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)


def _stdout_failed(error: OSError) -> bool:
    """Did ``error`` come from writing to standard output?  Output files are written
    through :mod:`ttrtool.outputs`, which names them; what reaches :func:`main` with no
    file name and a write's reason, or while standard output cannot be flushed, is
    standard output's."""
    try:
        sys.stdout.flush()
    except OSError:
        return True
    return error.errno in _STDOUT_FAILURES and error.filename is None


def _dispatch() -> None:
    argv = sys.argv[1:]
    misuse = _flag_misuse(argv)
    if misuse:
        print(f"error: {misuse}", file=sys.stderr)
        sys.exit(2)
    if argv and argv[0] in FAST:
        code = importlib.import_module(f"ttrtool.commands.{argv[0]}").fast_main(argv)
        if code is not None:
            sys.exit(code)
    build_app()()


def main() -> None:
    try:
        try:
            _dispatch()
        finally:
            sys.stdout.flush()  # here, where a failure can still be reported
    except KeyboardInterrupt:
        # Ctrl-C: a short word and the shell's usual code for SIGINT, never a traceback.
        print("ttrtool: interrupted", file=sys.stderr)
        sys.exit(130)
    except OSError as e:
        if not _stdout_failed(e):
            raise
        # Standard output on a full disk (or /dev/full): say so, exit 2, and point it at
        # nothing so that Python's own flush at exit does not report it again.
        reason = ("the disk is full (no space left on device)"
                  if e.errno in (errno.ENOSPC, errno.EDQUOT) else e.strerror or str(e))
        print(f"error: cannot write to standard output: {reason}", file=sys.stderr)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(2)
    except BaseException as e:
        # SIGTERM while a simulation runs (ttrtool.simulate.runner.Terminated, not
        # imported here: it would load the engine for every command): 128 + 15.
        if type(e).__name__ != "Terminated":
            raise
        print("ttrtool: terminated", file=sys.stderr)
        sys.exit(143)
