"""Small helpers over :mod:`xml.etree.ElementTree` for writing SVG.

Why ElementTree and not svgwrite (see docs/render.md): it is in the standard
library and maintained, it escapes every text and attribute value, it does
not patch anything globally, and it keeps attributes in the order they are
given, so the output is byte-for-byte deterministic.  Ids are always given
explicitly by the caller.  Numbers are written with two decimals at most.
"""

from __future__ import annotations

import copy
import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path

from ttrtool.render.geometry import Point
from ttrtool.resources import templates_dir

SVG_NS = "http://www.w3.org/2000/svg"
# Characters XML 1.0 cannot carry at all: dropped from every text we write.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")

Attr = str | float | int


def clean(text: str) -> str:
    """Text safe to put in an XML document (escaping itself is ElementTree's job)."""
    return _NOT_XML.sub("", text)


def num(v: float) -> str:
    """A short, stable decimal form of a coordinate."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attr(v: Attr) -> str:
    if isinstance(v, float):
        return num(v)
    return clean(str(v))


def el(parent: ET.Element | None, tag: str, attrs: Mapping[str, Attr] | None = None,
       text: str | None = None) -> ET.Element:
    """Create an element (a child of ``parent`` when given); ``class_`` means ``class``."""
    a = {k.rstrip("_").replace("__", ":").replace("_", "-") if k != "class_" else "class": _attr(v)
         for k, v in (attrs or {}).items()}
    e = ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)
    if text is not None:
        e.text = clean(text)
    return e


def points(pts: Sequence[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def path_d(pts: Sequence[Point], closed: bool = False) -> str:
    if not pts:
        return ""
    d = f"M{num(pts[0][0])},{num(pts[0][1])}" + "".join(
        f"L{num(x)},{num(y)}" for x, y in pts[1:])
    return d + ("Z" if closed else "")


def document(width_mm: float, height_mm: float, title: str) -> ET.Element:
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "version": "1.1",
        "width": f"{num(width_mm)}mm", "height": f"{num(height_mm)}mm",
        "viewBox": f"0 0 {num(width_mm)} {num(height_mm)}",
    })
    el(root, "title", text=title)
    return root


def page_size(svg: bytes) -> tuple[float, float]:
    """Width and height in mm of a document written by :func:`document` (its viewBox)."""
    box = ET.fromstring(svg).get("viewBox", "0 0 0 0").split()
    return (float(box[2]), float(box[3]))


def to_bytes(root: ET.Element) -> bytes:
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")


def load_template(name: str, folder: Path | None = None) -> ET.Element:
    """A page-furniture fragment from ``templates/``: an ``<svg>`` whose children are copied."""
    path = (folder or templates_dir()) / name
    tree = ET.parse(path)
    root = tree.getroot()
    for e in root.iter():  # drop the namespace ElementTree adds when parsing
        if e.tag.startswith("{"):
            e.tag = e.tag.split("}", 1)[1]
    return root


def fill_template(node: ET.Element, values: Mapping[str, str]) -> ET.Element:
    """Copy ``node`` substituting ``${name}`` in every text and attribute value.

    Values are cleaned, then escaped when written, so a map cannot inject markup.
    """
    out = copy.deepcopy(node)
    safe = {k: clean(v) for k, v in values.items()}
    for e in out.iter():
        if e.text and "$" in e.text:
            e.text = string.Template(e.text).safe_substitute(safe)
        for k, v in list(e.attrib.items()):
            if "$" in v:
                e.attrib[k] = string.Template(v).safe_substitute(safe)
    return out


def repeat(node: ET.Element, name: str, rows: Sequence[Mapping[str, str]]) -> None:
    """Replace each child marked ``data-repeat="name"`` by one filled copy per row,
    moved down by its ``data-step`` (mm) each time."""
    for parent in list(node.iter()):
        for i, child in enumerate(list(parent)):
            if child.get("data-repeat") != name:
                continue
            step = float(child.get("data-step", "0"))
            parent.remove(child)
            for j, row in enumerate(rows):
                filled = fill_template(child, row)
                filled.attrib.pop("data-repeat", None)
                filled.attrib.pop("data-step", None)
                filled.set("transform", f"translate(0 {num(j * step)})")
                parent.insert(i + j, filled)
