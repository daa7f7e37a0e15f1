"""The inline-SVG plots: every count is drawn, every point lies inside the plot area."""

from __future__ import annotations

import re

from ttrtool.report import plots


def test_a_histogram_draws_every_game_once() -> None:
    counts = {str(v): (v % 7) + 1 for v in range(60, 190)}  # 130 values: binned by 4
    svg = plots.histogram("scores", counts, "points")
    bars = [int(n) for n in re.findall(r"<title>[^<]*: (\d+)</title></rect>", svg)]
    assert len(bars) <= 40 and sum(bars) == sum(counts.values())


def test_points_stay_inside_the_plot_whatever_their_top() -> None:
    for top in (20.0, 21.0, 99.0, 101.0):
        svg = plots.scatter("t", [(4.0, 4.0, 4.0, 4.0, "a"), (20.0, top, top, top, "b")],
                            "x", "y", percent=False, diagonal=True)
        ys = [float(y) for y in re.findall(r'<circle cx="[^"]+" cy="([^"]+)"', svg)]
        assert ys and all(plots.TOP <= y <= plots.H - plots.BOTTOM for y in ys), (top, ys)


def test_a_box_plot_skips_what_has_no_games() -> None:
    d = {"n": 5, "mean": 10.0, "min": 1, "p10": 2, "p25": 5, "median": 9, "p75": 12,
         "p90": 18, "max": 30}
    svg = plots.boxes("b", [("seat 1", d), ("seat 2", {"n": 0})], "points")
    assert svg.count('<g class="box">') == 1 and "seat 2" not in svg
    assert plots.boxes("b", [("seat 2", {"n": 0})], "points") == ""
