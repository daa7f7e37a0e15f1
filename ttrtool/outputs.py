"""Checking the files a command will write, before it does any work.

A command that plays thousands of games or draws a large board must not find
out at the end that ``--out`` names a folder that does not exist.  Each
command passes every output path it was given to :func:`output_problem`
first and stops with exit code 2 on the first problem.  No folder is ever
created: a mistyped path must not leave new folders behind.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


def output_problem(path: Path, source: Path | None = None) -> str | None:
    """Why ``path`` cannot be written (a message for the user), or None if it can.

    ``source`` is the map being read: writing over it is refused, for nothing a
    user wrote is ever overwritten.
    """
    if source is not None and path.resolve() == source.resolve():
        return f"refusing to overwrite the map file {source}"
    if path.is_dir():
        return f"cannot write {path}: it is a folder (give a file name)"
    folder = path.parent
    if not folder.is_dir():
        if folder.exists():
            return f"cannot write {path}: {folder} is not a folder"
        return f"cannot write {path}: the folder {folder} does not exist (create it first)"
    if path.exists():
        if not os.access(path, os.W_OK):
            return f"cannot write {path}: the file is read-only"
    elif not os.access(folder, os.W_OK):
        return f"cannot write {path}: the folder {folder} is not writable"
    return None


def first_output_problem(paths: Iterable[Path | None], source: Path | None = None) -> str | None:
    """The first problem among ``paths`` (None entries are skipped), including the same
    file named twice (the second write would replace the first)."""
    seen: dict[Path, Path] = {}
    for path in paths:
        if path is None:
            continue
        problem = output_problem(path, source)
        if problem:
            return problem
        key = path.resolve()
        if key in seen:
            return f"{seen[key]} and {path} name the same file: give each output its own name"
        seen[key] = path
    return None
