"""Static findings in ``ttrtool analyze``: first in text and Markdown, a list in JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from benchmarks import plant
from ttrtool.analysis import analyze
from ttrtool.analysis.findings import LIMITS, price_verdict
from ttrtool.cli import app
from ttrtool.model import Board

runner = CliRunner()


def test_findings_open_the_text_and_markdown_reports(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.deck_colours(data, green=4)
    path = plant.write(data, tmp_path)
    text = runner.invoke(app, ["analyze", str(path)]).stdout
    assert text.index("\nFindings\n") < text.index("\nTickets\n")
    assert "1 warning, most severe first" in text
    # one line a finding, as simulate prints them (a long message wraps, not a table)
    assert "\n  warning TTR506 deck-against-demand: the deck has 4 green cards" in text
    md = runner.invoke(app, ["analyze", str(path), "-f", "markdown"]).stdout
    assert md.index("## Findings") < md.index("## Tickets")
    assert "| warning | TTR506 | deck-against-demand | all |" in md


def test_json_lists_findings_with_code_severity_subjects_and_evidence(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.deck_colours(data, green=4)
    doc = json.loads(runner.invoke(app, ["analyze", str(plant.write(data, tmp_path)),
                                         "-f", "json"]).stdout)
    [f] = doc["findings"]
    assert (f["code"], f["name"], f["severity"], f["source"]) == (
        "TTR506", "deck-against-demand", "warning", "static")
    assert f["subjects"] == {"colours": ["green"]} and f["players"] == []
    assert f["evidence"]["supply_ratio"] < LIMITS.deck_supply[0]


def test_official_europe_reports_its_edinburgh_cut_off_as_info() -> None:
    doc = json.loads(runner.invoke(app, ["analyze", "europe", "-f", "json"]).stdout)
    # one finding for the link, listing both player counts
    assert [(f["severity"], f["players"]) for f in doc["findings"]] == [("info", [2, 3])]
    assert all("Edinburgh–London" in f["message"] for f in doc["findings"])


def test_the_pricing_rule_is_the_shared_ticket_value(boards: dict[str, Board]) -> None:
    for board in boards.values():
        for leg in analyze(board).legs:
            value = leg.value
            assert bool(price_verdict(leg)) == (value is not None and value.phrase != "")


def test_the_deck_is_reported_beside_the_colours(tmp_path: Path) -> None:
    data = plant.bundled("usa")
    plant.deck_colours(data, green=4)
    path = str(plant.write(data, tmp_path))
    doc = json.loads(runner.invoke(app, ["analyze", path, "-f", "json"]).stdout)
    colours = doc["colours"]
    assert colours["per_colour"]["green"] == {"routes": 7, "spaces": 27, "cards": 4}
    assert "cards" not in colours["per_colour"]["gray"]
    assert (colours["locomotives"], colours["deck_size"]) == (14, 102)
    text = runner.invoke(app, ["analyze", path]).stdout
    assert "cards in the deck" in text and "Deck: 102 train cards, 14 of them locomotives" in text
