"""``ttrtool analyze``: formats, output file, comparison and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ttrtool.analysis.formats import JSON_FORMAT, JSON_VERSION
from ttrtool.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
EUROPE = str(ROOT / "maps" / "europe.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["analyze", *args])
    return result.exit_code, result.stdout, result.stderr


def test_text_report_has_every_section() -> None:
    code, out, _ = run(EUROPE)
    assert code == 0
    for title in ("Tickets", "Per player count", "Colours and lengths", "Capacity", "Structure"):
        assert f"\n{title}\n" in out
    assert "Comparison" not in out
    assert "London – Wien" in out
    assert "Points - cheapest train spaces per leg: +0: 44, +1: 2." in out


def test_json_is_versioned_and_complete(tmp_path: Path) -> None:
    target = tmp_path / "europe.json"
    code, out, _ = run(EUROPE, "--format", "json", "-o", str(target))
    assert code == 0 and out == ""
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert (doc["format"], doc["version"]) == (JSON_FORMAT, JSON_VERSION)
    assert doc["map"]["id"] == "europe"
    legs = [d for t in doc["tickets"] for d in t["destinations"]]
    assert len(legs) == 46 and sum(d["delta"] == 0 for d in legs) == 44
    assert doc["colours"]["per_colour"]["gray"] == {"routes": 37, "spaces": 122}
    assert [p["players"] for p in doc["players"]] == [2, 3, 4, 5]
    assert doc["weights"]["tunnel"] == "expected"
    assert "compare" not in doc
    from ttrtool import load_map
    from ttrtool.analysis import analyze

    a = analyze(load_map("europe"))
    for p in doc["players"]:
        exposed = a.exposed(p["players"])
        want = [(b.leg.ticket.id, b.leg.destination.name, b.spaces) for b in exposed]
        assert [(e["id"], e["to"], e["after"]) for e in p["exposed"]] == want
    assert any(e["after"] is None for e in doc["players"][0]["exposed"])  # a double cut at 2


def test_bundled_names_markdown_and_compare() -> None:
    code, out, _ = run("switzerland", "--format", "markdown", "--compare", "usa")
    assert code == 0
    assert out.startswith("# Ticket to Ride Switzerland")
    assert "## Comparison" in out and "| figure | switzerland | usa |" in out
    assert "| ticket cards | 46 | 30 |" in out


def test_json_compare_and_weights_off() -> None:
    code, out, _ = run("europe", "-f", "json", "-c", "usa", "--tunnel-weight", "none",
                       "--ferry-weight", "none")
    assert code == 0
    doc = json.loads(out)
    assert doc["compare"]["map"]["id"] == "usa"
    assert doc["compare"]["summary"]["tracks"] == 100
    legs = [d for t in doc["tickets"] for d in t["destinations"]]
    assert all(d["cards"] == d["spaces"] for d in legs)


def test_missing_file_exits_2() -> None:
    code, out, err = run("no/such/map.yaml")
    assert code == 2
    assert "no/such/map.yaml" in err and out == ""


def test_map_with_errors_prints_diagnostics_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nmeta: {id: x, name: X}\ncities: []\nroutes: 7\ntickets: {}\n",
                   encoding="utf-8")
    code, out, err = run(str(bad))
    assert code == 1
    assert f"{bad}:4:" in err and "Traceback" not in err + out


def test_a_board_with_check_errors_is_still_analysed(tmp_path: Path) -> None:
    """An unreachable ticket is a validate error (TTR403), and just what analyze must show."""
    case = ROOT / "tests" / "cases" / "invalid" / "ticket-unreachable.yaml"
    code, out, err = run(str(case), "--format", "json")
    assert code == 1
    assert "TTR403" in err
    doc = json.loads(out)
    flags = {t["origin"] + "-" + t["destinations"][0]["to"]: t["completable"]
             for t in doc["tickets"]}
    assert flags == {"Aston-Crewe": True, "Bury-Derby": True, "Aston-Epsom": False}


def test_bad_options_exit_2(tmp_path: Path) -> None:
    assert run(EUROPE, "--format", "yaml")[0] == 2
    code, _, err = run(EUROPE, "--tunnel-weight", "often")
    assert code == 2 and "--tunnel-weight" in err
    for value in ("inf", "nan", "-inf"):
        code, out, err = run(EUROPE, "--tunnel-weight", value, "-f", "json")
        assert code == 2 and "finite" in err and out == ""
    code, _, err = run(EUROPE, "-o", str(tmp_path / "missing" / "x.txt"))
    assert code == 2 and "cannot write" in err
    assert run(EUROPE, "--compare", "no-such-map.yaml")[0] == 2


def test_top_limits_the_lists() -> None:
    code, out, _ = run(EUROPE, "--top", "3")
    assert code == 0
    table = out.split("Chokepoints:")[1].split("\n\n")[1].splitlines()
    assert len(table) == 2 + 3


def test_the_library_part_imports_no_presentation_modules() -> None:
    import subprocess
    import sys

    code = ("import sys, ttrtool.analysis.formats, ttrtool.analysis;"
            "ttrtool.analysis.analyze(__import__('ttrtool').load_map('usa'));"
            "print(','.join(m for m in ('typer', 'rich', 'click', 'shapely')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


ISLANDS = """
cities:
  - {name: Aarau, pos: [0, 0]}
  - {name: Biel, pos: [10, 0]}
  - {name: Chur, pos: [20, 0]}
  - {name: Davos, pos: [30, 0]}
routes:
  - {a: Aarau, b: Biel, length: 2, color: red, double: AB}
  - {a: Aarau, b: Biel, length: 2, color: blue, double: AB}
  - {a: Chur, b: Davos, length: 3, color: gray, kind: tunnel}
tickets:
  regular:
    - {from: Aarau, to: Davos, points: 9}
    - {from: Aarau, to: Biel, points: 2}
"""


def test_a_ticket_that_cannot_be_completed_renders_in_every_format() -> None:
    from tests.test_graph import board_from
    from ttrtool.analysis import analyze
    from ttrtool.analysis.formats import render

    a = analyze(board_from(ISLANDS))
    cut, ok = a.legs
    assert (cut.completable, cut.spaces, cut.path) == (False, None, ())
    assert cut.flag == "cannot be completed"
    assert ok.spaces == 2 and ok.flag == ""
    assert [p.completable for p in a.players] == [1, 1]  # switzerland preset: 2-3 players
    # at 2 players one claim on the double Aarau-Biel cuts the other ticket off; at 3 it does not
    assert [(b.leg.destination.name, b.spaces) for b in a.exposed(2)] == [("Biel", None)]
    assert a.exposed(3) == ()
    text = render(a, "text")
    assert "cannot be completed" in text and "1 of 2 ticket cards can be completed" in text
    doc = json.loads(render(a, "json"))
    leg = doc["tickets"][0]["destinations"][0]
    assert leg["spaces"] is None and leg["path"] == [] and leg["flag"] == "cannot be completed"
    assert "| regular-1 | Aarau – Davos | 9 | - |" in render(a, "markdown")


def test_the_fast_path_matches_typer(tmp_path: Path) -> None:
    from ttrtool.commands.analyze import fast_main

    for args in (["europe", "-f", "json", "--compare=usa"],
                 ["switzerland", "--top", "2", "--tunnel-weight=none", "--format", "markdown"]):
        target = tmp_path / "fast.txt"
        assert fast_main(["analyze", *args, "-o", str(target)]) == 0
        code, out, _ = run(*args)
        assert code == 0 and out == target.read_text(encoding="utf-8")
    assert fast_main(["analyze", "no/such.yaml"]) == 2
    assert fast_main(["analyze", EUROPE, "--ferry-weight", "lots"]) == 2


def test_the_fast_path_leaves_the_rest_to_typer() -> None:
    from ttrtool.commands.analyze import fast_main

    for argv in (["validate", EUROPE], ["analyze"], ["analyze", "--help"], ["analyze", EUROPE, "x"],
                 ["analyze", EUROPE, "--top", "-1"], ["analyze", EUROPE, "--colour"],
                 ["analyze", EUROPE, "-f"], ["analyze", EUROPE, "-f", "json", "-f", "text"],
                 ["analyze", EUROPE, "-f=json"]):
        assert fast_main(argv) is None, argv
