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
from ttrtool.ticket_value import (
    POINTS_BAND,
    PointsBand,
    Pricing,
    points_band,
    ticket_costs,
    ticket_value,
)
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


def test_a_map_sets_its_own_band_and_both_commands_follow_it() -> None:
    """TTR406's band is a setting (rules.tickets.points_band) whose default is today's band."""
    text = (CASES / "invalid" / "ticket-points-far.yaml").read_text(encoding="utf-8")
    deal = "tickets: {setup_deal: {regular: 1}, setup_keep_min: 1, draw: 1}"
    assert text.count(deal) == 1 and "{from: Aston, to: Derby, points: 7}" in text
    board, by_validate = _priced_by_validate(text)
    assert board is not None and points_band(board) is POINTS_BAND
    assert list(by_validate.values()) == ["TTR406"]  # 7 points for a 4-space path
    wide = text.replace(deal, deal[:-1] + ", points_band: {above: 3}}")
    board, by_validate = _priced_by_validate(wide)
    assert board is not None
    assert points_band(board) == PointsBand(below=2, above=3, factor=2.0)
    assert by_validate == {} == _priced_by_analyze(board)
    # Bury-Derby at 4 points, one under its 5-space path: fair by default, low with no band
    one_under = text.replace("{from: Bury, to: Derby, points: 5}",
                             "{from: Bury, to: Derby, points: 4}")
    board, by_validate = _priced_by_validate(one_under)
    assert board is not None and len(by_validate) == 1
    strict = one_under.replace(deal, deal[:-1] + ", points_band: {below: 0, above: 0}}")
    board, by_validate = _priced_by_validate(strict)
    assert board is not None
    assert sorted(k[0][2] for k in by_validate) == [1, 2]
    assert by_validate == _priced_by_analyze(board)


def test_a_ticket_over_mountains_is_priced_with_the_mountain_trains() -> None:
    """R-VAR-10: the trains a mountain route discards count in a ticket's cheapest cost."""
    text = (CASES / "valid" / "mountains.yaml").read_text(encoding="utf-8")
    board = validate_text(text).built
    assert board is not None
    assert ticket_costs(board) == tuple(r.length + r.mountains for r in board.routes)
    assert any(r.mountains for r in board.routes)

    def fleet_crewe(b: Board) -> int | None:
        (found,) = [leg.spaces for leg in analyze(b).legs
                    if (leg.ticket.origin, leg.destination.name) == ("Fleet", "Crewe")]
        return found

    # Fleet-Aston-Bury-Crewe is 7 spaces, and 2 mountain trains more on Bury-Crewe:
    # 9, as much as Fleet-Ely-Derby-Crewe (8 spaces, 1 mountain train on Fleet-Ely)
    assert fleet_crewe(board) == 9
    flat = validate_text(text.replace("mountains: {allowed: true, points: 2}",
                                      "mountains: {allowed: false}")).built
    assert flat is not None and fleet_crewe(flat) == 7
