"""A ticket's price in train spaces and in expected cards (ferry locomotives, tunnel risk):
one definition (ttrtool/ticket_value.py) for ``validate`` (TTR406, TTR407), ``analyze``
(tables, JSON) and the static findings (TTR501, TTR502), and the path shown is the path
priced.  Rules: R-TIX-2 (a ticket's path), R-EU-6 (ferry locomotives), R-EU-7 (tunnels)."""

from __future__ import annotations

import json
import random

import pytest

from ttrtool.analysis import CostWeights, analyze
from ttrtool.analysis.findings import static_findings
from ttrtool.analysis.formats import render, to_dict
from ttrtool.model import Board
from ttrtool.render.theme import load_theme
from ttrtool.report.analysis import analysis_page
from ttrtool.resources import bundled_map_path
from ttrtool.ticket_value import CARDS_RATIO, Pricing, ticket_value
from ttrtool.validate import validate_text

F, L, H, FL, FH = Pricing.FAIR, Pricing.LOW, Pricing.HIGH, Pricing.FAR_LOW, Pricing.FAR_HIGH
MAPS = ("usa", "europe", "switzerland", "nordiccountries", "india")


@pytest.mark.parametrize(("points", "spaces", "cards", "pricing", "measure"), [
    (8, 8, 10.42, F, ""), (11, 8, 10.42, F, ""), (12, 8, 10.42, F, ""),  # up to cards + 2
    (13, 8, 10.42, H, "cards"), (20, 8, 10.42, H, "cards"), (21, 8, 10.42, FH, "cards"),
    (16, 16, 20.99, F, ""),  # Nordic Bergen-Narvik: 5.0 cards over, 1.31 times
    (8, 8, 11.28, F, ""),  # Nordic Stavanger-Karlskrona: 3.3 cards over, 1.41 times
    (3, 3, 5.13, F, ""),  # Swiss Chur-Österreich: 1.71 times, 2.1 cards over
    (10, 10, 18.6, L, "cards"), (12, 10, 18.6, L, "cards"), (13, 10, 18.6, F, ""),
    (7, 8, 11.28, L, "cards"), (5, 8, 11.28, L, "spaces"), (3, 8, 11.28, FL, "spaces"),
    (0, 3, 5.13, FL, "spaces"),
])
def test_verdict_reads_the_range_from_spaces_to_cards(points: int, spaces: int, cards: float,
                                                      pricing: Pricing, measure: str) -> None:
    v = ticket_value(points, spaces, cards=cards)
    assert (v.pricing, v.measure) == (pricing, measure), v
    low, high = v.fair
    assert (low <= points <= high) == (pricing is F)


def test_without_tunnels_or_ferries_the_verdict_is_the_spaces_band() -> None:
    for spaces in range(1, 25):
        for points in range(0, 60):
            a, b = ticket_value(points, spaces), ticket_value(points, spaces, cards=spaces)
            assert (a.pricing, a.fair, a.measure) == (b.pricing, b.fair, b.measure)
            assert ticket_value(points, spaces).measure in ("", "spaces")


def test_too_cheap_for_cards_needs_both_the_ratio_and_the_gap() -> None:
    # 1.6 times the points but only 3.6 cards over: fair; 4.2 over at 1.42 times: fair
    assert ticket_value(6, 6, cards=9.6).pricing is F
    assert ticket_value(10, 10, cards=14.2).pricing is F
    assert ticket_value(10, 10, cards=10 * CARDS_RATIO + 0.01).pricing is L


# --- validate, analyze and the static findings on the same tickets -------------------------

Verdicts = dict[tuple[str, str], str]  # (ticket origin, destination) -> 'low' / 'far-high' ...


def _by_validate(text: str) -> tuple[Board, Verdicts]:
    result = validate_text(text, "m.yaml")
    board = result.built
    assert board is not None
    out: Verdicts = {}
    for d in result.diagnostics:
        if d.code in ("TTR406", "TTR407"):
            ticket = d.message.split(" is worth ")[0].removeprefix("ticket ")
            origin, to = ticket.split("–", 1)
            low = "below the spaces" in d.message or "too cheap" in d.message \
                or "less than 1/" in d.message or "nothing to win" in d.message
            out[(origin, to)] = ("far-" if d.code == "TTR407" else "") + (
                "low" if low else "high")
    return board, out


def _by_analyze(board: Board) -> Verdicts:
    return {(leg.ticket.origin, leg.destination.name): leg.value.pricing.value
            for leg in analyze(board).legs
            if leg.value is not None and leg.value.pricing is not F}


def _by_findings(board: Board) -> Verdicts:
    out: Verdicts = {}
    for f in static_findings(analyze(board)):
        if f.code in ("TTR501", "TTR502"):
            origin = f.message.removeprefix("ticket ").split("–", 1)[0]
            out[(origin, str(f.evidence["to"]))] = str(f.evidence["pricing"])
    return out


def _repriced(name: str, seed: int) -> str:
    """A bundled map with a third of its ticket points moved by -5..+5 (near both ends of
    the range, where spaces and cards disagree) or set to 0."""
    rng = random.Random(seed)
    out = []
    for line in bundled_map_path(name).read_text(encoding="utf-8").splitlines(keepends=True):
        if "points: " in line and "{" in line and rng.random() < 0.33:
            head, rest = line.split("points: ", 1)
            digits = len(rest) - len(rest.lstrip("0123456789"))
            points = max(0, int(rest[:digits]) + rng.choice([-5, -3, -2, -2, -1, 2, 3, 4, 5, 9]))
            line = head + f"points: {points}" + rest[digits:]
        out.append(line)
    return "".join(out)


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("seed", [None, 1, 2])
def test_validate_analyze_and_findings_agree(name: str, seed: int | None) -> None:
    text = (bundled_map_path(name).read_text(encoding="utf-8") if seed is None
            else _repriced(name, seed))
    board, by_validate = _by_validate(text)
    by_analyze = _by_analyze(board)
    assert by_validate == by_analyze == _by_findings(board)
    if seed is None:  # every official ticket is fair
        assert by_analyze == {}
    else:
        assert by_analyze, "the repricing should move some ticket out of the band"


def test_the_repricing_reaches_both_sides_of_the_cards_range() -> None:
    """The agreement test above is not vacuous on the cards side: somewhere a ticket is fair
    only by its cards, and somewhere one is too cheap for its cards."""
    cards_high_fair = cards_low = 0
    for name in ("europe", "nordiccountries", "india"):
        for seed in (1, 2):
            board, _ = _by_validate(_repriced(name, seed))
            for leg in analyze(board).legs:
                v = leg.value
                if v is None or leg.spaces is None:
                    continue
                cards_low += (v.pricing, v.measure) == (L, "cards")
                cards_high_fair += v.pricing is F and leg.points > leg.spaces + v.band.above
    assert cards_high_fair > 0 and cards_low > 0


# --- planted: a Europe copy -----------------------------------------------------------------

def _europe(old: str, new: str) -> str:
    text = bundled_map_path("europe").read_text(encoding="utf-8")
    assert text.count(old) == 1
    return text.replace(old, new)


def _codes(text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.location.line, d.location.column)
            for d in validate_text(text, "m.yaml").diagnostics if d.code.startswith("TTR40")]


def test_a_ticket_that_pays_for_its_ferry_locomotives_is_fair() -> None:
    """London-Berlin (7 spaces over the 2-locomotive Channel ferry, 8.7 cards expected)
    raised to 10: the spaces band alone warned (TTR406, TTR501); the cards allow it.
    The same +3 on a ticket of land routes only still warns."""
    text = _europe("{from: London, to: Berlin, points: 7}",
                   "{from: London, to: Berlin, points: 10}")
    assert _codes(text) == []
    board = validate_text(text).built
    assert board is not None
    (leg,) = [g for g in analyze(board).legs if g.ticket.origin == "London"
              and g.destination.name == "Berlin"]
    assert (leg.spaces, round(leg.weighted or 0, 2), leg.flag) == (7, 8.71, "")
    assert not [f for f in static_findings(analyze(board)) if f.code in ("TTR501", "TTR502")]
    # with the weights off (analyze --ferry-weight none --tunnel-weight none) the price is
    # the spaces alone, and the old warning is back
    plain = analyze(board, CostWeights(tunnel="none", ferry="none"))
    assert [f.code for f in static_findings(plain) if f.code in ("TTR501", "TTR502")] == [
        "TTR501"]
    land = _europe("{from: Amsterdam, to: Pamplona, points: 7}",
                   "{from: Amsterdam, to: Pamplona, points: 10}")
    (found,) = _codes(land)
    assert found[0] == "TTR406"


def test_a_ticket_too_cheap_for_its_ferries_and_tunnels_is_named() -> None:
    """Palermo-Constantinople (8 spaces over a ferry and a tunnel, 10.4 cards expected)
    lowered to 6: inside the spaces band (8 - 2) so fair before; 10.4 cards are over 1.5
    times 6 and 4.4 more, so now TTR406 at the points' line:column, and TTR502."""
    old = "{from: Palermo, to: Constantinople, points: 8}"
    text = _europe(old, "{from: Palermo, to: Constantinople, points: 6}")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "to: Constantinople" in s)
    column = text.splitlines()[line - 1].index("points: 6") + len("points: ") + 1
    (d,) = [d for d in validate_text(text, "m.yaml").diagnostics if d.code.startswith("TTR40")]
    assert (d.code, d.location.line, d.location.column) == ("TTR406", line, column)
    assert not d.is_error
    assert "too cheap for its cards" in d.message and "make it between 7 and 12" in d.message
    board = validate_text(text).built
    assert board is not None
    (f,) = [f for f in static_findings(analyze(board)) if f.code == "TTR502"]
    assert f.severity.value == "warning" and f.evidence["priced_by"] == "cards"


# --- planted: a small board of islands ------------------------------------------------------

ISLANDS = """\
format: 1
meta: {id: islands, name: Islands}
rules:
  players: {min: 2, max: 2}
  trains_per_player: 12
  end_trigger_trains: 0
  ferries: {allowed: true}
  tickets: {setup_deal: {regular: 1}, setup_keep_min: 1, draw: 1}
cities:
  - {name: Aegina, pos: [10, 10]}
  - {name: Baros, pos: [50, 10]}
  - {name: Corfu, pos: [90, 10]}
  - {name: Delos, pos: [130, 10]}
  - {name: Ermoupoli, pos: [70, 60]}
routes:
  - {a: Aegina, b: Baros, length: 2, color: gray, kind: ferry, locomotives: 2}
  - {a: Baros, b: Corfu, length: 2, color: gray, kind: ferry, locomotives: 2}
  - {a: Corfu, b: Delos, length: 2, color: gray, kind: ferry, locomotives: 2}
  - {a: Aegina, b: Ermoupoli, length: 6, color: red}
  - {a: Ermoupoli, b: Delos, length: LAND, color: blue}
tickets:
  regular:
    - {from: Aegina, to: Delos, points: 6}
    - {from: Baros, to: Corfu, points: 2}
"""


def test_three_all_locomotive_ferries_priced_as_spaces_are_too_cheap() -> None:
    """Aegina-Delos over three ferries of 2 spaces and 2 locomotives each: 6 spaces but
    11.1 cards expected (1.86 times), and the land way round is dearer still: 6 points
    were fair by the spaces, and are a warning by the cards."""
    text = ISLANDS.replace("LAND", "8")
    result = validate_text(text, "islands.yaml")
    (d,) = [d for d in result.diagnostics if d.code.startswith("TTR40")]
    where = text.splitlines().index("    - {from: Aegina, to: Delos, points: 6}") + 1
    assert d.code == "TTR406" and (d.location.line, d.location.column) == (where, 41)
    assert "Aegina – Baros – Corfu – Delos), 11.1 cards expected" in d.message
    assert result.built is not None
    assert _by_analyze(result.built) == {("Aegina", "Delos"): "low"}
    (leg,) = [g for g in analyze(result.built).legs if g.destination.name == "Delos"]
    value = leg.value
    assert value is not None and leg.suggested == value.fair[0] == 8  # not the 6 spaces
    assert ticket_value(6, 6).pricing is F  # the spaces alone call it fair


def test_the_path_shown_is_the_path_priced() -> None:
    """With a land way of 3 spaces more the cheapest path in cards is another path: each
    figure is shown with its own path (text, JSON, findings), and the verdict reads the
    land's 9 cards (6 points fair)."""
    text = ISLANDS.replace("LAND", "3")
    board = validate_text(text).built
    assert board is not None
    a = analyze(board)
    (leg,) = [g for g in a.legs if g.destination.name == "Delos"]
    assert (leg.spaces, leg.weighted, leg.one_path) == (6, 9.0, False)
    assert leg.places == ("Aegina", "Baros", "Corfu", "Delos")
    assert leg.cards_places == ("Aegina", "Ermoupoli", "Delos")
    assert leg.value is not None and leg.value.pricing is F
    (doc,) = [d for t in to_dict(a)["tickets"] for d in t["destinations"] if d["to"] == "Delos"]
    assert (doc["spaces"], doc["path"], doc["path_cards"]) == (
        6, ["Aegina", "Baros", "Corfu", "Delos"], 11.143)
    assert (doc["cards"], doc["cards_path"], doc["cards_path_spaces"]) == (
        9.0, ["Aegina", "Ermoupoli", "Delos"], 9)
    assert len(doc["cards_route_ids"]) == 2
    report = render(a, "text")
    row = next(r for r in report.splitlines() if "Aegina – Delos" in r)
    assert "Aegina – Baros – Corfu – Delos (11.14 cards)" in row
    assert "Aegina – Ermoupoli – Delos (9 spaces)" in row
    json.dumps(doc)
    page = analysis_page(to_dict(a), board, load_theme())
    assert "Aegina – Ermoupoli – Delos (9 spaces)" in page
    # points above the land's cards + 2: the finding names the land path's routes
    dear = validate_text(text.replace("Delos, points: 6", "Delos, points: 12")).built
    assert dear is not None
    (f,) = [f for f in static_findings(analyze(dear)) if f.code == "TTR501"]
    assert f.evidence["priced_by"] == "cards" and f.evidence["cheapest_cards"] == 9.0
    land = {r.id for r in dear.routes if r.kind != "ferry"}
    assert set(f.subjects["routes"]) == land
    assert "the path cheapest in cards (Aegina – Ermoupoli – Delos)" in f.message
