"""One definition of a ticket's fair value, shared by ``validate`` (TTR406, TTR407) and
``analyze`` (the flag column)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from ttrtool.analysis import analyze
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.ticket_value import POINTS_BAND, PointsBand, Pricing, ticket_value
from ttrtool.validate import validate_text

CASES = Path(__file__).resolve().parent / "cases"
F, L, H, FL, FH = Pricing.FAIR, Pricing.LOW, Pricing.HIGH, Pricing.FAR_LOW, Pricing.FAR_HIGH


@pytest.mark.parametrize(("points", "spaces", "pricing"), [
    (6, 6, F), (8, 6, F), (4, 6, F),      # the official maps: 0..+2 (one Swiss leg at -1)
    (9, 6, H), (12, 6, H), (13, 6, FH), (40, 6, FH),
    (3, 6, L), (2, 6, L), (1, 6, FL), (0, 6, FL),
    (1, 1, F), (3, 1, F), (5, 1, H), (6, 1, FH), (0, 1, FL), (0, 2, FL),
    (20, 20, F), (10, 20, L), (9, 20, FL), (40, 20, H), (41, 20, FH),
])
def test_pricing(points: int, spaces: int, pricing: Pricing) -> None:
    value = ticket_value(points, spaces)
    assert value.pricing is pricing, value
    assert value.gross == (pricing in (FL, FH))
    assert (value.phrase == "") == (pricing is F)


def test_fair_range_and_band_parameters() -> None:
    assert ticket_value(12, 6).fair == (4, 8)
    assert ticket_value(0, 1).fair == (1, 3)  # a ticket is worth at least a point
    strict = PointsBand(below=0, above=2)
    assert ticket_value(5, 6, strict).pricing is L and ticket_value(6, 6, strict).pricing is F
    assert ticket_value(13, 6, PointsBand(factor=3.0)).pricing is H
    assert PointsBand() == POINTS_BAND


Priced = dict[tuple[object, ...], str]  # (ticket entry's path, destination) -> code


def _priced_by_analyze(board: Board) -> Priced:
    """The legs analyze flags as priced off the band, with the code validate should give."""
    out: Priced = {}
    for leg in analyze(board).legs:
        if leg.value is None or leg.value.pricing is F:
            continue
        out[(leg.ticket.path, leg.destination.name)] = "TTR407" if leg.value.gross else "TTR406"
    return out


def _priced_by_validate(text: str) -> tuple[Board | None, Priced]:
    result = validate_text(text, "m.yaml")
    out: Priced = {}
    for d in result.diagnostics:
        if d.code in ("TTR406", "TTR407"):
            entry = yaml.safe_load(text)["tickets"][d.path[1]][d.path[2]]
            to = entry["destinations"][d.path[4]]["to"] if "destinations" in entry else entry["to"]
            out[(d.path[:3], to)] = d.code
    return result.built, out


def _repriced(name: str, seed: int) -> str:
    """A bundled map with a third of its ticket points replaced by random values."""
    rng = random.Random(seed)
    lines = bundled_map_path(name).read_text(encoding="utf-8").splitlines(keepends=True)
    out = []
    for line in lines:
        if "points: " in line and "{" in line and rng.random() < 0.33:
            head, rest = line.split("points: ", 1)
            digits = len(rest) - len(rest.lstrip("0123456789"))
            line = head + f"points: {rng.choice([0, 1, 2, 5, 9, 14, 25, 40])}" + rest[digits:]
        out.append(line)
    return "".join(out)


@pytest.mark.parametrize(("name", "seed"), [
    ("usa", None), ("europe", None), ("switzerland", None),
    ("usa", 1), ("europe", 2), ("switzerland", 3),
])
def test_validate_and_analyze_agree(name: str, seed: int | None) -> None:
    text = (bundled_map_path(name).read_text(encoding="utf-8") if seed is None
            else _repriced(name, seed))
    board, by_validate = _priced_by_validate(text)
    assert board is not None
    by_analyze = _priced_by_analyze(board)
    assert by_validate == by_analyze
    if seed is None:  # the official maps are priced fairly by both
        assert by_analyze == {}
    else:
        assert set(by_analyze.values()) == {"TTR406", "TTR407"}, "both tiers should be reached"


def test_gross_mispricing_is_an_error_in_validate() -> None:
    text = (CASES / "invalid" / "ticket-points-far.yaml").read_text(encoding="utf-8")
    assert text.count("{from: Aston, to: Derby, points: 7}") == 1  # 4 train spaces apart
    for points, code, error in (("7", "TTR406", False), ("40", "TTR407", True),
                                ("0", "TTR407", True)):
        changed = text.replace("{from: Aston, to: Derby, points: 7}",
                               "{from: Aston, to: Derby, points: " + points + "}")
        (d,) = [d for d in validate_text(changed).diagnostics if d.code.startswith("TTR40")]
        assert (d.code, d.is_error) == (code, error), d
        assert "between 2 and 6 points" in d.message, d.message


def test_validate_and_analyze_agree_on_every_test_case() -> None:
    checked = 0
    for path in sorted(CASES.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8", errors="replace")
        board, by_validate = _priced_by_validate(text)
        if board is None:
            continue
        assert by_validate == _priced_by_analyze(board), path.name
        checked += 1
    assert checked > 20


def test_the_suggested_band_pair_is_the_fair_band() -> None:
    from ttrtool.analysis.tickets import SUGGESTED_BAND

    low, high = SUGGESTED_BAND
    for spaces in range(1, 16):
        for points in range(1, 40):
            fair = ticket_value(points, spaces).pricing is F
            assert fair == (low <= points - spaces <= high), (points, spaces)
