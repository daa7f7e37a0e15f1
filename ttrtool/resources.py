"""Files that ship with ttrtool: the JSON Schemas, the bundled maps, the templates.

They live in the top-level ``schemas/``, ``maps/`` and ``templates/`` folders of
the source tree and are installed as the ``ttrtool.bundled.*`` packages.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

BUNDLED_MAPS = ("usa", "europe", "switzerland", "nordiccountries", "india")


def _folder(name: str) -> Path:
    try:
        found = resources.files(f"ttrtool.bundled.{name}")
        path = Path(str(found))
        if path.is_dir():
            return path
    except ModuleNotFoundError:
        pass
    # Running from a source checkout without installing.
    return Path(__file__).resolve().parent.parent / name


def schemas_dir() -> Path:
    return _folder("schemas")


def maps_dir() -> Path:
    return _folder("maps")


def templates_dir() -> Path:
    return _folder("templates")


def bundled_map_path(name: str) -> Path:
    """Path of a bundled map by id (``usa``, ``europe``, ``switzerland``)."""
    return maps_dir() / f"{name}.yaml"


@cache
def load_schema(name: str = "map") -> dict[str, Any]:
    with open(schemas_dir() / f"{name}.schema.json", encoding="utf-8") as f:
        schema: dict[str, Any] = json.load(f)
    return schema


def schema_text(name: str = "map") -> str:
    return (schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8")
