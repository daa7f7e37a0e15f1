"""What a map may name as its projection: a CRS by name or code, or a PROJ string, and
nothing that makes PROJ open a file.

``board.projection`` is handed to PROJ, which reads files for some of its parameters:
``+init=file:code`` reads any file (a FIFO blocks the command, ``/dev/stdin`` waits on the
terminal), ``+nadgrids``, ``+geoidgrids`` and the grid-shift operations open grids (``@``
marks an optional one), and a WKT or PROJJSON definition can carry the same through a
``PARAMETERFILE`` or an embedded PROJ string.  A map is input nobody vouches for, so
:func:`refuse_file_access` turns all of these away before PROJ sees the text.  What is left
is a named CRS (``EPSG:3035``, ``WGS 84 / UTM zone 32N``; PROJ's own database) or a PROJ
string of plain parameters (``+proj=lcc +lat_1=45 +lat_2=55 +lon_0=10``).
"""

from __future__ import annotations

import json
import re
from typing import Any

# PROJ parameters whose value names a file (or a set of them): init files, grids, the
# triangulation and deformation models, grid catalogues.
FILE_PARAMETERS = frozenset({
    "init", "nadgrids", "geoidgrids", "grids", "xy_grids", "z_grids", "file", "model",
    "catalog", "hgrids", "vgrids",
})
# Operations that exist to read a grid or a model; a board's projection never is one.
FILE_OPERATIONS = frozenset({
    "pipeline", "hgridshift", "vgridshift", "xyzgridshift", "gridshift", "deformation",
    "tinshift", "defmodel",
})
# A value PROJ could take for a file: a path, a home folder, an optional grid (@name).
_PATHLIKE = re.compile(r"^[~@]|^\.\.?[\\/]|^[A-Za-z]:[\\/]|\\|(?<! )/(?! )")
_DEFINITION = re.compile(r"^\s*(\{|[A-Za-z_]+\s*\[)")  # PROJJSON or WKT
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_FILE_WORDS = re.compile(
    r"(?i)parameter_?file|proj4_grids|\b(?:" + "|".join(sorted(FILE_PARAMETERS)) + r")\s*=")


class FileReference(ValueError):
    """The projection names a file, or something PROJ would read one for."""


def refuse_file_access(text: str) -> None:
    """Raise :class:`FileReference` (its message says what to write instead) unless
    ``text`` is a CRS name or code, a WKT or PROJJSON definition, or a PROJ string that
    makes PROJ read no file."""
    if _DEFINITION.match(text):
        _check_definition(text)
    elif "=" in text or text.lstrip().startswith("+"):
        _check_proj_string(text)
    elif _PATHLIKE.search(text.strip()):
        raise FileReference(f"'{text}' looks like a file path: a projection is a PROJ string "
                            "or a CRS code such as 'EPSG:3035', never a file")


def _check_proj_string(text: str) -> None:
    found = _FILE_WORDS.search(text)  # wherever it stands: quoted, or glued to another token
    if found:
        raise FileReference(f"'+{found.group().rstrip('= ').lower()}' makes PROJ read a file, "
                            "which a map may not do: write the projection's own parameters "
                            f"instead ('{_EXAMPLE}'), or a code such as 'EPSG:3035'")
    for token in text.split():
        key, eq, value = token.strip("\"'").lstrip("+").partition("=")
        key = key.strip("\"'").lower()
        if key in FILE_PARAMETERS:
            raise FileReference(f"'+{key}' makes PROJ read a file, which a map may not do: "
                                f"write the projection's own parameters instead "
                                f"('{_EXAMPLE}'), or a code such as 'EPSG:3035'")
        if key == "proj" and value.lower() in FILE_OPERATIONS:
            raise FileReference(f"'+proj={value}' is not a map projection (it reads grids or "
                                f"chains operations): name one such as '{_EXAMPLE}'")
        if eq and _PATHLIKE.search(value):
            raise FileReference(f"'{token}' looks like a file reference, which a map may not "
                                "make: give plain numbers and names")


def _check_definition(text: str) -> None:
    found = _FILE_WORDS.search(text)
    if found:
        raise FileReference(f"the projection's definition refers to a file ('{found.group()}'),"
                            " which a map may not do: remove it, or use a code such as "
                            "'EPSG:3035'")
    if text.lstrip().startswith("{"):
        _check_projjson(text)
        return
    for quoted in _QUOTED.findall(text):
        _check_word(quoted)


def _check_projjson(text: str) -> None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise FileReference("the projection starts with '{' but is no PROJJSON: write a PROJ "
                            f"string such as '{_EXAMPLE}'") from None
    todo: list[Any] = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "parameters" and isinstance(value, list) and any(
                        isinstance(p, dict) and isinstance(p.get("value"), str) for p in value):
                    # a parameter given by text rather than a number is a file (a grid)
                    raise FileReference("the projection's definition has a parameter that "
                                        "names a file, which a map may not do: use a code "
                                        "such as 'EPSG:3035'")
                if key != "$schema":
                    todo.append(value)
        elif isinstance(node, list):
            todo.extend(node)
        elif isinstance(node, str):
            _check_word(node)


def _check_word(word: str) -> None:
    """A name or value inside a WKT or PROJJSON definition."""
    if "=" in word:  # a PROJ string inside WKT (EXTENSION["PROJ4", ...]) or PROJJSON
        _check_proj_string(word)
    elif _PATHLIKE.search(word.strip()) and " " not in word.strip():
        raise FileReference(f"'{word}' in the projection's definition looks like a file "
                            "path, which a map may not name")


_EXAMPLE = "+proj=lcc +lat_1=45 +lat_2=55 +lat_0=50 +lon_0=10"
