"""The render theme: colours, fonts and sizes (millimetres).

The built-in default is ``templates/theme.json``; ``--theme FILE`` (JSON or
YAML) overrides any of its keys.  Unknown keys and bad values are reported as
a :class:`ThemeError` that names the file and the key, never a traceback.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ttrtool.resources import templates_dir

_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|none)$")


class ThemeError(Exception):
    """A theme file that cannot be read or has a bad value."""


@dataclass(frozen=True)
class Sizes:
    """Physical sizes in millimetres (the train space defaults to 25 x 8 mm)."""

    car_length: float
    car_width: float
    car_gap: float
    car_gap_max: float
    double_gap: float
    clearance: float
    city_radius: float
    border_radius: float
    frame: float
    label_size: float
    label_pad: float
    title_size: float
    max_arc_degrees: float  # unused since curves are limited by car_turn_max; still accepted
    car_turn_max: float  # degrees one car may turn from the next along a route
    end_gap_max: float  # mm between a route's end marker and its nearest car, at most


@dataclass(frozen=True)
class Theme:
    sizes: Sizes
    colors: dict[str, str]
    routes: dict[str, str]
    countries: tuple[str, ...]
    heatmap: tuple[str, ...]
    font_family: str

    def route_color(self, name: str) -> str:
        """The theme's colour for a card colour, or the name itself (a CSS colour)."""
        return self.routes.get(name, name)

    def space_outline(self, name: str) -> float:
        """The width (mm) of the outline of a train space of colour ``name``: the plain 0.3,
        or 0.7 where the colour is too close to the map's (white and yellow on the default
        cream: contrast ratios 1.2 and 1.3), so that its cars stand out all the same."""
        ratio = contrast_ratio(self.route_color(name), self.colors["map"])
        return 0.7 if ratio is not None and ratio < LOW_CONTRAST else 0.3


LOW_CONTRAST = 1.6  # below this contrast ratio with the map a car's outline is drawn heavier


def contrast_ratio(a: str, b: str) -> float | None:
    """The WCAG contrast ratio (1 to 21) of two ``#rrggbb`` colours; None for a colour given
    by name (the theme's own colours are all ``#rrggbb``)."""

    def luminance(c: str) -> float | None:
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", c):
            return None
        channels = [int(c[k:k + 2], 16) / 255 for k in (1, 3, 5)]
        r, g, b = (x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
                   for x in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    la, lb = luminance(a), luminance(b)
    if la is None or lb is None:
        return None
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _merge(base: dict[str, Any], over: dict[str, Any], where: str) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if key not in base and where not in ("colors", "routes"):
            known = ", ".join(sorted(base))
            raise ThemeError(f"unknown theme key '{where + '.' if where else ''}{key}' "
                             f"(known: {known})")
        if isinstance(base.get(key), dict):
            if not isinstance(value, dict):
                raise ThemeError(f"theme key '{key}' must be a mapping")
            out[key] = _merge(base[key], value, key)
        else:
            out[key] = value
    return out


def _colour(value: Any, key: str) -> str:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise ThemeError(f"theme colour '{key}' must be #rrggbb or a colour name, got {value!r}")
    return value


def theme_from_data(data: dict[str, Any]) -> Theme:
    sizes: dict[str, float] = {}
    for f in fields(Sizes):
        value = data["sizes"].get(f.name)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise ThemeError(f"theme size '{f.name}' must be a number >= 0, got {value!r}")
        sizes[f.name] = float(value)
    if sizes["car_length"] <= 0 or sizes["car_width"] <= 0:
        raise ThemeError("theme sizes 'car_length' and 'car_width' must be greater than 0")
    colors = {k: _colour(v, f"colors.{k}") for k, v in data["colors"].items()}
    routes = {k: _colour(v, f"routes.{k}") for k, v in data["routes"].items()}
    countries = tuple(_colour(v, "countries") for v in data["countries"])
    heatmap = tuple(_colour(v, "heatmap") for v in data["heatmap"])
    if len(heatmap) < 2 or not countries:
        raise ThemeError("theme needs at least two 'heatmap' colours and one 'countries' colour")
    family = data["font_family"]
    if not isinstance(family, str) or not re.match(r"^[\w ,'-]+$", family):
        raise ThemeError(f"theme 'font_family' must be a list of font names, got {family!r}")
    return Theme(Sizes(**sizes), colors, routes, countries, heatmap, family)


def default_theme_data() -> dict[str, Any]:
    with open(templates_dir() / "theme.json", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def default_theme() -> Theme:
    return theme_from_data(default_theme_data())


def load_theme(path: str | Path | None = None) -> Theme:
    """The default theme, overridden by the JSON or YAML file at ``path``."""
    base = default_theme_data()
    if path is None:
        return theme_from_data(base)
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ThemeError(f"{p}: cannot read theme: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise ThemeError(f"{p}: cannot read theme: not UTF-8 text ({e.reason} at byte "
                         f"{e.start}); save it as UTF-8") from None
    try:
        if p.suffix.lower() == ".json":
            over = json.loads(text)
        else:
            import yaml

            over = yaml.safe_load(text)
    except json.JSONDecodeError as e:
        raise ThemeError(f"{p}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}") from None
    except Exception as e:  # yaml.YAMLError carries its own mark
        mark = getattr(e, "problem_mark", None)
        where = f"{p}:{mark.line + 1}:{mark.column + 1}" if mark else str(p)
        raise ThemeError(f"{where}: not valid YAML: {getattr(e, 'problem', e)}") from None
    if over is None:
        over = {}
    if not isinstance(over, dict):
        raise ThemeError(f"{p}: a theme is a mapping of keys to values")
    try:
        return theme_from_data(_merge(base, over, ""))
    except ThemeError as e:
        raise ThemeError(f"{p}: {e}") from None
