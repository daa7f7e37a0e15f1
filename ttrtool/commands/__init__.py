"""One module per CLI command, each a thin adapter over the library (``ttrtool/cli.py``
registers them in the order of ``ttrtool --help``).  Two modules are not commands:
:mod:`~ttrtool.commands.argv` reads a plain command line without Typer for the commands'
fast paths, and :mod:`~ttrtool.commands.shapes` is what each fast path accepts, generated
from the Typer app."""
