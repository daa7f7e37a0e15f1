"""The render theme: colours, fonts and sizes (millimetres).

The built-in default is ``templates/theme.json``; ``--theme FILE`` (JSON or
YAML) overrides any of its keys.  Unknown keys and bad values are reported as
a :class:`ThemeError` that names the file, the line and column where the file
gives the key, and the key, never a traceback.  A size must be a finite
number within the range that makes sense for it (:data:`SIZE_RANGES`: no zero
car, no car a kilometre long, no NaN); heatmap colours are blended, so they
are hex colours or the names of the theme's route colours.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ttrtool.outputs import not_a_regular_file
from ttrtool.resources import templates_dir

_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|none)$")


class ThemeError(Exception):
    """A theme file that cannot be read or has a bad value; ``key`` is the path of the
    bad value (``("sizes", "car_length")``), to find it in the file."""

    def __init__(self, message: str, key: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.key = key


# Millimetres (degrees for the two angles, a factor of car_length for car_stretch_max):
# (lowest, highest, may it be the lowest?).  The highest are far beyond any board (a car of
# 200 mm, a city a metre wide, a car four times the theme's) yet keep the layout's
# arithmetic finite; the lowest keep it from dividing by zero (a stretch of 1 is none).
SIZE_RANGES: dict[str, tuple[float, float, bool]] = {
    "car_length": (0.0, 200.0, False),
    "car_stretch_max": (1.0, 4.0, True),
    "car_width": (0.0, 100.0, False),
    "car_turn_max": (0.0, 180.0, False),
    "max_arc_degrees": (0.0, 360.0, True),
}
DEFAULT_RANGE = (0.0, 1000.0, True)


@dataclass(frozen=True)
class Sizes:
    """Physical sizes in millimetres (the train space defaults to 25 x 8 mm)."""

    car_length: float
    car_stretch_max: float  # times car_length a lane's cars may grow to fill a long lane
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
        path = (where, key) if where else (key,)
        if key not in base and where not in ("colors", "routes"):
            known = ", ".join(sorted(base))
            raise ThemeError(f"unknown theme key '{where + '.' if where else ''}{key}' "
                             f"(known: {known})", path)
        if isinstance(base.get(key), dict):
            if not isinstance(value, dict):
                raise ThemeError(f"theme key '{key}' must be a mapping", path)
            out[key] = _merge(base[key], value, key)
        else:
            out[key] = value
    return out


def _colour(value: Any, key: str, path: tuple[str | int, ...]) -> str:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise ThemeError(f"theme colour '{key}' must be #rrggbb or a colour name, got {value!r}",
                         path)
    return value


_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def _heat_colour(value: Any, n: int, routes: dict[str, str]) -> str:
    """A heatmap stop as #rrggbb: the heatmap blends between its stops, so a colour name
    must be one the theme itself defines (a route colour such as ``red``)."""
    colour = routes.get(value, value) if isinstance(value, str) else value
    if not isinstance(colour, str) or not _HEX.match(colour):
        names = ", ".join(sorted(routes))
        raise ThemeError(f"theme heatmap colour {n + 1} must be #rgb, #rrggbb or one of the "
                         f"theme's route colours ({names}), got {value!r}", ("heatmap", n))
    h = colour[1:]
    return "#" + (h if len(h) == 6 else "".join(c * 2 for c in h)).lower()


def _size(name: str, value: Any) -> float:
    lo, hi, lo_ok = SIZE_RANGES.get(name, DEFAULT_RANGE)
    bound = f"{'at least' if lo_ok else 'more than'} {lo:g} and at most {hi:g}"
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or not (lo <= value if lo_ok else lo < value)
            or value > hi):
        unit = ("degrees" if name in ("car_turn_max", "max_arc_degrees") else
                "times car_length" if name == "car_stretch_max" else "mm")
        raise ThemeError(f"theme size '{name}' must be a number {bound} ({unit}), got "
                         f"{value!r}", ("sizes", name))
    return float(value)


def theme_from_data(data: dict[str, Any]) -> Theme:
    sizes = {f.name: _size(f.name, data["sizes"].get(f.name)) for f in fields(Sizes)}
    colors = {k: _colour(v, f"colors.{k}", ("colors", k)) for k, v in data["colors"].items()}
    routes = {k: _colour(v, f"routes.{k}", ("routes", k)) for k, v in data["routes"].items()}
    if not isinstance(data["countries"], list) or not isinstance(data["heatmap"], list):
        raise ThemeError("theme 'countries' and 'heatmap' must be lists of colours",
                         ("countries",) if not isinstance(data["countries"], list)
                         else ("heatmap",))
    countries = tuple(_colour(v, "countries", ("countries", n))
                      for n, v in enumerate(data["countries"]))
    heatmap = tuple(_heat_colour(v, n, routes) for n, v in enumerate(data["heatmap"]))
    if len(heatmap) < 2 or not countries:
        raise ThemeError("theme needs at least two 'heatmap' colours and one 'countries' colour",
                         ("heatmap",) if len(heatmap) < 2 else ("countries",))
    family = data["font_family"]
    if not isinstance(family, str) or not re.match(r"^[\w ,'-]+$", family):
        raise ThemeError(f"theme 'font_family' must be a list of font names, got {family!r}",
                         ("font_family",))
    return Theme(Sizes(**sizes), colors, routes, countries, heatmap, family)


def _where(text: str, key: tuple[str | int, ...]) -> str:
    """``:line:column`` of ``key`` in the theme's text (JSON is read as YAML for this),
    or nothing when it cannot be found."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return ""
    for part in key:
        if isinstance(node, yaml.MappingNode):
            found = [v for k, v in node.value if getattr(k, "value", None) == part]
            if not found:
                return ""
            node = found[-1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                return ""
            node = node.value[part]
        else:
            return ""
    if node is None:
        return ""
    return f":{node.start_mark.line + 1}:{node.start_mark.column + 1}"


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
        refused = not_a_regular_file(p)
        if refused:
            raise ThemeError(f"{p}: cannot read theme: {refused}")
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
    except RecursionError:
        raise ThemeError(f"{p}: nested too deeply to be a theme") from None
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
        raise ThemeError(f"{p}{_where(text, e.key) if e.key else ''}: {e}", e.key) from None
