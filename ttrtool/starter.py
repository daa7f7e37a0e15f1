"""A new map file to start from: the full example of docs/map-format.md, or a copy
of a bundled map, with the new map's id and name.

Pure text in, text out: :mod:`ttrtool.commands.new` writes the files.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

from ttrtool.model import without_accents
from ttrtool.resources import BUNDLED_MAPS, bundled_map_path, templates_dir

# The two lines of a bundled map's ``meta:`` block that a copy changes.
_META_ID = re.compile(r"^  id: .*$", re.M)
_META_NAME = re.compile(r"^  name: .*$", re.M)


def map_id(stem: str) -> str:
    """A ``meta.id`` (lower case letters, digits, '-' and '_') from a file name."""
    plain = re.sub(r"[^a-z0-9_-]+", "-", without_accents(stem).lower()).strip("-_")
    return plain or "my-map"


def map_name(stem: str) -> str:
    """A readable name from a file name: ``alpine-rails`` -> ``Alpine Rails``."""
    words = re.sub(r"[-_]+", " ", stem).split()
    return " ".join(w[:1].upper() + w[1:] for w in words) or "My Map"


def starter_text(file: str, source: str | None = None) -> str:
    """The text of a new map written to ``file``.

    ``source`` None: the full example (every feature, validates with no
    diagnostic).  ``source`` a bundled map id: that map, renamed.
    """
    stem = Path(file).stem
    ident, name = map_id(stem), map_name(stem)
    if source is None:
        template = (templates_dir() / "starter.yaml").read_text(encoding="utf-8")
        return string.Template(template).safe_substitute(
            id=ident, name=name, name_yaml=json.dumps(name, ensure_ascii=False),
            file=Path(file).name)
    if source not in BUNDLED_MAPS:
        raise ValueError(f"no bundled map '{source}': use one of {', '.join(BUNDLED_MAPS)}")
    text = bundled_map_path(source).read_text(encoding="utf-8")
    text = _META_ID.sub(f"  id: {ident}", text, count=1)
    text = _META_NAME.sub(f"  name: {json.dumps(name, ensure_ascii=False)}", text, count=1)
    # The bundled files point at the schema in the source tree; a copy points beside itself.
    return re.sub(r"^# yaml-language-server: \$schema=.*$",
                  "# yaml-language-server: $schema=map.schema.json", text, count=1, flags=re.M)
