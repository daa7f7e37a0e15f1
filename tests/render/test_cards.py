"""Ticket cards fit their text (set smaller, or on two lines) and what cannot fit is reported
by `render --tickets` and `validate --layout` (TTR209) alike; cards as SVG, PDF and PNG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from tests.render.conftest import HEADER
from ttrtool.cli import app
from ttrtool.render.cardtext import DESTINATION, ORIGIN, _width, card_problems, fit
from ttrtool.render.theme import default_theme
from ttrtool.render.tickets import card
from ttrtool.validate import validate_text

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"
UNBREAKABLE = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogochuchaf"

MAP = HEADER + f"""rules: {{tickets: {{setup_deal: {{regular: 1}}, setup_keep_min: 1}},
        players: {{min: 2, max: 2}}}}
cities:
  - {{name: Bree, pos: [100, 100]}}
  - {{name: West Taur-im-Duinath, pos: [250, 100]}}
  - {{name: Caras Galadhon of the Golden Wood, pos: [175, 220]}}
  - {{name: {UNBREAKABLE}, pos: [330, 230]}}
routes:
  - {{a: Bree, b: West Taur-im-Duinath, length: 5, color: red}}
  - {{a: West Taur-im-Duinath, b: Caras Galadhon of the Golden Wood, length: 5, color: blue}}
  - {{a: Caras Galadhon of the Golden Wood, b: Bree, length: 5, color: gray}}
  - {{a: Caras Galadhon of the Golden Wood, b: {UNBREAKABLE}, length: 5, color: gray}}
tickets:
  regular:
    - {{from: Bree, to: West Taur-im-Duinath, points: 8}}
    - {{from: Caras Galadhon of the Golden Wood, to: West Taur-im-Duinath, points: 5}}
"""
UNFIT = MAP + f"    - {{from: Bree, to: {UNBREAKABLE}, points: 12}}\n"


def _texts(face: ET.Element) -> list[ET.Element]:
    return [e for e in face.iter() if e.tag.split("}")[-1] == "text"]


def test_a_long_destination_is_set_smaller_and_stays_left_of_the_badge() -> None:
    from ttrtool.loader import parse_map_text
    from ttrtool.model import build_board

    doc = parse_map_text(MAP, "m.yaml")
    board, _ = build_board(doc.data, doc.file)
    face = card(board, board.tickets[0], default_theme())
    row = next(e for e in _texts(face) if (e.text or "").startswith("→ West"))
    size = float(row.get("font-size") or 0)
    assert size < DESTINATION.size
    # It ends before the points badge (centre 54 mm, radius 3): 6 mm + its width.
    assert 6 + _width(row.text or "", size) <= 51.0


def test_a_long_origin_goes_onto_two_lines_inside_the_card() -> None:
    from ttrtool.loader import parse_map_text
    from ttrtool.model import build_board

    doc = parse_map_text(MAP, "m.yaml")
    board, _ = build_board(doc.data, doc.file)
    face = card(board, board.tickets[1], default_theme())
    lines = [e.text for e in _texts(face) if e.get("font-weight") == "bold"
             and e.get("text-anchor") == "middle" and e.get("x") == "31.75"]
    assert lines == ["Caras Galadhon of", "the Golden Wood"]
    got = fit("Caras Galadhon of the Golden Wood", ORIGIN)
    assert got.fits and all(_width(line, got.size) <= ORIGIN.width for line in got.lines)


def test_short_names_keep_their_size_and_one_line() -> None:
    got = fit("Bern", DESTINATION, "→ ")
    assert got == type(got)(("→ Bern",), DESTINATION.size, True)


def test_cards_that_cannot_fit_are_named_by_render_and_by_validate(tmp_path: Path) -> None:
    src = tmp_path / "unfit.yaml"
    src.write_text(UNFIT, encoding="utf-8")
    rendered = runner.invoke(app, ["render", str(src), "--tickets", str(tmp_path / "c.svg")])
    assert rendered.exit_code == 0, rendered.output
    said = [ln.removeprefix("warning: ") for ln in rendered.output.splitlines()
            if "ticket card" in ln]
    result = validate_text(UNFIT, str(src), select=("TTR209",))
    listed = [d.message for d in result.diagnostics if d.code == "TTR209"]
    assert said == listed and len(listed) == 1
    assert UNBREAKABLE in listed[0] and "regular-3" in listed[0]
    assert validate_text(MAP, "ok.yaml", select=("TTR209",)).diagnostics == []


def test_too_many_destinations_are_reported() -> None:
    from ttrtool.loader import parse_map_text
    from ttrtool.model import build_board

    dests = "\n".join(f"  - {{name: D{i}, pos: [{20 + i * 15}, 250]}}" for i in range(12))
    rows = "".join(f"        - {{to: D{i}, points: 3}}\n" for i in range(12))
    text = MAP.replace("routes:", dests + "\nroutes:").replace(
        "tickets:\n  regular:\n",
        "tickets:\n  regular:\n    - from: Bree\n      destinations:\n" + rows, 1)
    doc = parse_map_text(text, "m.yaml")
    board, _ = build_board(doc.data, doc.file)
    assert any(t.is_multi and len(t.destinations) == 12 for t in board.tickets)
    assert [m for _t, m in card_problems(board) if "12 destinations" in m] != []


def test_cards_as_png_and_the_message_for_a_wrong_suffix(tmp_path: Path) -> None:
    src = tmp_path / "m.yaml"
    src.write_text(MAP, encoding="utf-8")
    out = tmp_path / "cards.png"
    result = runner.invoke(app, ["render", str(src), "--tickets", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")
    bad = runner.invoke(app, ["render", str(src), "--tickets", str(tmp_path / "cards.jpg")])
    assert bad.exit_code == 2
    assert re.search(r"--tickets must end in \.pdf, \.svg or \.png", bad.output)
