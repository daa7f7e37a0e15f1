"""The ``ttrtool`` command line: a Typer app with one module per command.

Exit codes (documented in README.md):
  0  no errors (warnings allowed)
  1  errors found (or warnings with --strict; or a --fail-on threshold crossed)
  2  usage or I/O error (missing file, a directory, bad option)
"""

from __future__ import annotations

import typer

from ttrtool.commands import analyze, render, replay, schema, simulate, validate

app = typer.Typer(
    name="ttrtool",
    help="Validate, analyse, render and simulate Ticket to Ride boards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for command in (validate, schema, analyze, simulate, replay, render):
    command.register(app)


def main() -> None:
    import sys

    # A plain `ttrtool validate ...` skips Typer's parameter converters, which
    # import pydantic and cost more than validating a map (commands/validate.py).
    code = validate.fast_main(sys.argv[1:])
    if code is None:
        code = analyze.fast_main(sys.argv[1:])  # the same shortcut for `ttrtool analyze`
    if code is None:
        code = render.fast_main(sys.argv[1:])  # and for `ttrtool render`
    if code is not None:
        sys.exit(code)
    app()
