"""Small plots as inline SVG text: histograms, box plots and a scatter with intervals.

Written by hand rather than with a chart library: the page must stay one small
file with no script from elsewhere, and three plot shapes drawn from the
report's own summaries (histograms by value, the percentiles of a distribution,
rates with their 95% intervals) take less code than wiring a library would.
Every plot is a ``<figure>`` with an ``<svg>`` that scales with the page and a
``<title>`` on each mark, so the exact figure shows on hover and in print.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

W, H = 480.0, 220.0  # the plot's own units; the page scales the SVG to its column
LEFT, RIGHT, TOP, BOTTOM = 46.0, 12.0, 12.0, 34.0
BAR = "#4a78b5"
MARK = "#c0392b"


def _n(v: float) -> str:
    s = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round values spanning ``lo``..``hi`` for an axis."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step) * step
    ticks = []
    v = first
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 10))
        v += step
    return ticks


@dataclass(frozen=True)
class Scale:
    lo: float
    hi: float
    a: float  # pixel position of lo
    b: float  # pixel position of hi

    def __call__(self, v: float) -> float:
        span = self.hi - self.lo or 1.0
        return self.a + (v - self.lo) / span * (self.b - self.a)


def _label(v: float, percent: bool) -> str:
    return f"{100 * v:.0f}%" if percent else _n(v)


def _frame(title: str, body: list[str], x_axis: str, y_axis: str, css: str) -> str:
    return (f'<figure class="plot {css}"><figcaption>{escape(title)}</figcaption>'
            f'<svg viewBox="0 0 {_n(W)} {_n(H)}" role="img" aria-label="{escape(title)}">'
            + "".join(body)
            + f'<text class="axis-title" x="{_n((LEFT + W - RIGHT) / 2)}" y="{_n(H - 4)}" '
              f'text-anchor="middle">{escape(x_axis)}</text>'
            + (f'<text class="axis-title" x="10" y="{_n((TOP + H - BOTTOM) / 2)}" '
               f'text-anchor="middle" transform="rotate(-90 10 {_n((TOP + H - BOTTOM) / 2)})">'
               f'{escape(y_axis)}</text>' if y_axis else "")
            + "</svg></figure>")


def _x_axis(x: Scale, percent: bool = False) -> list[str]:
    y = H - BOTTOM
    out = [f'<line class="axis" x1="{_n(LEFT)}" y1="{_n(y)}" x2="{_n(W - RIGHT)}" y2="{_n(y)}"/>']
    for t in _nice_ticks(x.lo, x.hi):
        px = x(t)
        out.append(f'<line class="tick" x1="{_n(px)}" y1="{_n(y)}" x2="{_n(px)}" '
                   f'y2="{_n(y + 3)}"/><text x="{_n(px)}" y="{_n(y + 13)}" '
                   f'text-anchor="middle">{_label(t, percent)}</text>')
    return out


def _y_axis(y: Scale, percent: bool = False) -> list[str]:
    out = [f'<line class="axis" x1="{_n(LEFT)}" y1="{_n(TOP)}" x2="{_n(LEFT)}" '
           f'y2="{_n(H - BOTTOM)}"/>']
    for t in _nice_ticks(y.lo, y.hi, 4):
        py = y(t)
        out.append(f'<line class="grid" x1="{_n(LEFT)}" y1="{_n(py)}" x2="{_n(W - RIGHT)}" '
                   f'y2="{_n(py)}"/><text x="{_n(LEFT - 4)}" y="{_n(py + 3)}" '
                   f'text-anchor="end">{_label(t, percent)}</text>')
    return out


def histogram(title: str, counts: Mapping[str, int], x_axis: str, css: str = "") -> str:
    """Bars of how often each value occurred (``{"104": 1, "105": 2}``); values far apart
    are grouped into at most 40 bins so the bars stay readable."""
    values = sorted((float(k), int(v)) for k, v in counts.items())
    if not values:
        return ""
    lo, hi = values[0][0], values[-1][0]
    width = max(1.0, math.ceil((hi - lo + 1) / 40))
    bins: dict[float, int] = {}
    for v, c in values:
        start = lo + math.floor((v - lo) / width) * width
        bins[start] = bins.get(start, 0) + c
    x = Scale(lo, hi + width, LEFT, W - RIGHT)
    y = Scale(0, max(bins.values()), H - BOTTOM, TOP)
    body = _y_axis(y) + _x_axis(x)
    for start, c in sorted(bins.items()):
        span = f"{_n(start)}" if width == 1 else f"{_n(start)}–{_n(start + width - 1)}"
        body.append(f'<rect class="bar" x="{_n(x(start) + 0.5)}" y="{_n(y(c))}" '
                    f'width="{_n(max(0.5, x(start + width) - x(start) - 1))}" '
                    f'height="{_n(y(0) - y(c))}" fill="{BAR}"><title>{span}: {c}</title></rect>')
    return _frame(title, body, x_axis, "games" if "turn" in x_axis else "count", css)


def boxes(title: str, rows: Sequence[tuple[str, Mapping[str, Any]]], x_axis: str,
          css: str = "") -> str:
    """One box per row from a distribution summary: whiskers p10–p90, box p25–p75, the
    median as a bar and the mean as a dot; min and max as small ticks."""
    rows = [(label, d) for label, d in rows if isinstance(d, Mapping) and d.get("n")]
    if not rows:
        return ""
    lo = min(float(d["min"]) for _, d in rows)
    hi = max(float(d["max"]) for _, d in rows)
    ticks = _nice_ticks(lo, hi)
    x = Scale(min(lo, ticks[0]), max(hi, ticks[-1]), LEFT + 60, W - RIGHT)
    height = TOP + BOTTOM + 26 * len(rows)
    body = _x_axis_at(x, height - BOTTOM)
    for i, (label, d) in enumerate(rows):
        cy = TOP + 13 + 26 * i
        tip = (f"{label}: n {d['n']}, mean {_n(d['mean'])}, min {d['min']}, p10 {d['p10']}, "
               f"p25 {d['p25']}, median {d['median']}, p75 {d['p75']}, p90 {d['p90']}, "
               f"max {d['max']}")
        body.append(
            f'<g class="box"><title>{escape(tip)}</title>'
            f'<text x="{_n(LEFT + 56)}" y="{_n(cy + 4)}" text-anchor="end">{escape(label)}</text>'
            f'<line class="whisker" x1="{_n(x(d["p10"]))}" y1="{_n(cy)}" x2="{_n(x(d["p90"]))}" '
            f'y2="{_n(cy)}"/>'
            f'<rect x="{_n(x(d["p25"]))}" y="{_n(cy - 8)}" '
            f'width="{_n(max(0.5, x(d["p75"]) - x(d["p25"])))}" height="16" fill="{BAR}" '
            f'fill-opacity="0.35" stroke="{BAR}"/>'
            f'<line class="median" x1="{_n(x(d["median"]))}" y1="{_n(cy - 8)}" '
            f'x2="{_n(x(d["median"]))}" y2="{_n(cy + 8)}"/>'
            f'<circle cx="{_n(x(d["mean"]))}" cy="{_n(cy)}" r="2.5" fill="{MARK}"/>'
            f'<line class="tick" x1="{_n(x(d["min"]))}" y1="{_n(cy - 3)}" x2="{_n(x(d["min"]))}" '
            f'y2="{_n(cy + 3)}"/><line class="tick" x1="{_n(x(d["max"]))}" y1="{_n(cy - 3)}" '
            f'x2="{_n(x(d["max"]))}" y2="{_n(cy + 3)}"/></g>')
    return (f'<figure class="plot {css}"><figcaption>{escape(title)}</figcaption>'
            f'<svg viewBox="0 0 {_n(W)} {_n(height)}" role="img" aria-label="{escape(title)}">'
            + "".join(body)
            + f'<text class="axis-title" x="{_n((LEFT + 60 + W - RIGHT) / 2)}" '
              f'y="{_n(height - 4)}" text-anchor="middle">{escape(x_axis)}</text></svg></figure>')


def _x_axis_at(x: Scale, y: float) -> list[str]:
    out = [f'<line class="axis" x1="{_n(x.a)}" y1="{_n(y)}" x2="{_n(x.b)}" y2="{_n(y)}"/>']
    for t in _nice_ticks(x.lo, x.hi):
        px = x(t)
        out.append(f'<line class="grid" x1="{_n(px)}" y1="{_n(TOP)}" x2="{_n(px)}" '
                   f'y2="{_n(y)}"/><text x="{_n(px)}" y="{_n(y + 13)}" '
                   f'text-anchor="middle">{_n(t)}</text>')
    return out


def scatter(title: str, points: Sequence[tuple[float, float, float, float, str]],
            x_axis: str, y_axis: str, css: str = "", percent: bool = True,
            diagonal: bool = False) -> str:
    """Points ``(x, y, low, high, label)`` with their intervals as vertical lines; with
    ``percent`` the y axis is a rate from 0 to 100%, else it runs from 0 to the highest
    point; ``diagonal`` draws the line y = x (a ticket worth exactly its train spaces)."""
    if not points:
        return ""
    xs = [p[0] for p in points]
    ticks = _nice_ticks(min(xs), max(xs))
    x = Scale(min(min(xs), ticks[0]), max(max(xs), ticks[-1]), LEFT + 6, W - RIGHT - 6)
    top = 1.0 if percent else max(max(p[3] for p in points), max(xs) if diagonal else 0.0)
    steps = _nice_ticks(0.0, top, 4)
    y_hi = 1.0 if percent else (steps[-1] if steps[-1] >= top else 2 * steps[-1] - steps[-2])
    y = Scale(0.0, y_hi, H - BOTTOM, TOP)
    body = _y_axis(y, percent=percent) + _x_axis(x)
    if diagonal:
        end = min(x.hi, y.hi)
        body.append(f'<line class="grid diagonal" x1="{_n(x(x.lo))}" y1="{_n(y(x.lo))}" '
                    f'x2="{_n(x(end))}" y2="{_n(y(end))}" stroke-dasharray="4 3"/>')
    for px, rate, lo, hi, label in points:
        tip = (f"{label}: {100 * rate:.0f}% ({100 * lo:.0f}–{100 * hi:.0f}%)" if percent
               else f"{label}: {_n(rate)}")
        body.append(f'<g class="point"><title>{escape(tip)}</title>'
                    f'<line class="ci" x1="{_n(x(px))}" y1="{_n(y(lo))}" x2="{_n(x(px))}" '
                    f'y2="{_n(y(hi))}"/><circle cx="{_n(x(px))}" cy="{_n(y(rate))}" r="3" '
                    f'fill="{BAR}"/></g>')
    return _frame(title, body, x_axis, y_axis, css)
