"""Bundled maps as a designer's sketches: tickets taken out, routes made gray or left
without a colour (text edits, so the files read as a designer's would)."""

from __future__ import annotations

import re
from pathlib import Path

from ttrtool.resources import bundled_map_path

MAPS = ("usa", "europe", "switzerland", "nordiccountries", "india")


def map_text(name: str) -> str:
    return bundled_map_path(name).read_text(encoding="utf-8")


def without_tickets(text: str) -> str:
    """The map with its ``tickets:`` block (to the next top-level key or the end) removed."""
    start = text.index("\ntickets:") + 1
    body = text.index("\n", start) + 1
    rest = re.search(r"^[a-z_]+:", text[body:], re.MULTILINE)
    return text[:start] + (text[body + rest.start():] if rest else "")


def all_gray(text: str) -> str:
    """Every route's colour made gray."""
    return re.sub(r"color: [a-z]+", "color: gray", text)


def sketch_file(folder: Path, name: str, gray: bool = False, tickets: bool = False) -> Path:
    """A bundled map written to ``folder`` without its tickets (unless ``tickets``), with
    its routes gray when ``gray``."""
    text = map_text(name)
    if not tickets:
        text = without_tickets(text)
    if gray:
        text = all_gray(text)
    path = folder / f"{name}-sketch.yaml"
    path.write_text(text, encoding="utf-8")
    return path
