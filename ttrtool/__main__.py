"""``python -m ttrtool``: the same as the ``ttrtool`` command."""

import sys

from ttrtool.commands.validate import fast_main

# A plain `ttrtool validate FILE...` runs before the Typer app and the other
# commands are imported (see commands/validate.py); anything else goes to Typer.
_code = fast_main(sys.argv[1:])
if _code is not None:
    sys.exit(_code)

from ttrtool.cli import main  # noqa: E402

main()
