"""``python -m ttrtool``: the same as the ``ttrtool`` command."""

from ttrtool.cli import main

main()
