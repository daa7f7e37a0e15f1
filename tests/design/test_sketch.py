"""Reading a map still being drawn: missing tickets and colours are gaps, not refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.design.sketches import map_text, sketch_file, without_tickets
from ttrtool.design.sketch import SketchError, read_sketch
from ttrtool.model import GRAY


def test_a_map_without_tickets_is_a_sketch_with_an_empty_deck_per_dealt_deck(
        tmp_path: Path) -> None:
    sketch = read_sketch(sketch_file(tmp_path, "europe"))
    assert sketch.ticketless
    assert sketch.board.tickets == ()
    # Europe deals from a long and a regular deck: both stand in, empty, and too small
    assert set(sketch.data["tickets"]) == {"long", "regular"}
    assert {d.code for d in sketch.gaps} == {"TTR316"}
    assert sketch.dealt_decks == ("long", "regular")


def test_an_empty_deck_is_a_gap(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(without_tickets(map_text("usa")) + "tickets:\n  regular: []\n",
                    encoding="utf-8")
    sketch = read_sketch(path)
    assert not sketch.ticketless
    assert [d.code for d in sketch.gaps] == ["TTR316"]


def test_a_route_without_colour_is_read_as_gray_and_named(tmp_path: Path) -> None:
    text = map_text("usa").replace("{a: Atlanta, b: Miami, length: 5, color: blue}",
                                   "{a: Atlanta, b: Miami, length: 5}")
    path = tmp_path / "uncoloured.yaml"
    path.write_text(text, encoding="utf-8")
    sketch = read_sketch(path)
    (ri,) = sketch.uncoloured
    route = sketch.board.routes[ri]
    assert (route.a_name, route.b_name, route.color) == ("Atlanta", "Miami", GRAY)
    assert sketch.gaps == ()


def test_other_errors_refuse_the_map_and_are_named(tmp_path: Path) -> None:
    text = without_tickets(map_text("usa")).replace("{a: Atlanta, b: Miami,",
                                                    "{a: Atlantis, b: Miami,")
    path = tmp_path / "typo.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SketchError) as e:
        read_sketch(path)
    assert [d.code for d in e.value.diagnostics] == ["TTR101"]
    assert "Atlantis" in e.value.diagnostics[0].message


def test_a_missing_file_is_an_io_error(tmp_path: Path) -> None:
    with pytest.raises(SketchError) as e:
        read_sketch(tmp_path / "nothing.yaml")
    assert e.value.io_error and not e.value.diagnostics


def test_ticket_errors_are_removed_only_when_asked(tmp_path: Path) -> None:
    text = map_text("usa").replace("{from: Boston, to: Miami, points: 12}",
                                   "{from: Boston, to: Boston, points: 12}")
    path = tmp_path / "self.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SketchError) as e:
        read_sketch(path)
    assert "TTR402" in {d.code for d in e.value.diagnostics}
    assert read_sketch(path, frozenset({"TTR402"})).board.tickets
