"""What ``render`` says when routes cannot be drawn cleanly, and the ticket cards' footer
(issue 40): a print size to write, and a long map name told once, not once a ticket."""

from __future__ import annotations

import re
from pathlib import Path

import ttrtool
from ttrtool.render.board import plan
from ttrtool.render.cardtext import card_problems
from ttrtool.render.problems import layout_problems, summary
from ttrtool.render.theme import default_theme
from ttrtool.resources import bundled_map_path
from ttrtool.validate import validate_text


def _usa_printed(mm: int) -> str:
    text = bundled_map_path("usa").read_text(encoding="utf-8")
    assert "  print_width_mm: 800\n" in text
    return text.replace("  print_width_mm: 800\n", f"  print_width_mm: {mm}\n")


def _summary(text: str) -> str:
    board = validate_text(text, "usa.yaml").board
    assert board is not None
    p = plan(board, default_theme())
    problems = layout_problems(p)
    return summary(p.routes, problems) if problems else ""


def test_a_print_too_small_for_the_routes_names_the_size_that_draws_them() -> None:
    line = _summary(_usa_printed(520))
    assert "could not be drawn cleanly" in line
    found = re.search(r"`print_width_mm: (\d+)` under `board:`", line)
    assert found, line
    wanted = int(found.group(1))
    assert 700 <= wanted <= 900
    assert _summary(_usa_printed(wanted)) == ""  # at that size: drawn cleanly


def test_the_official_print_sizes_get_no_hint() -> None:
    for name in ("usa", "europe", "switzerland"):
        p = plan(ttrtool.load_map(name), default_theme())
        problems = layout_problems(p)
        assert "print_width_mm" not in (summary(p.routes, problems) if problems else "")


def test_a_map_name_too_long_for_the_card_footer_is_told_once(tmp_path: Path) -> None:
    text = bundled_map_path("usa").read_text(encoding="utf-8")
    name = "The Great Transcontinental Railroad Company's Very Long Map Name " * 2
    text = re.sub(r"(?m)^  name: .*$", f"  name: {name.strip()!r}", text, count=1)
    board = validate_text(text, "usa.yaml").board
    assert board is not None
    footers = [m for _t, m in card_problems(board) if "footer" in m]
    assert len(footers) == 1, footers
    assert f"{len(board.tickets)} ticket cards" in footers[0] and "meta.name" in footers[0]
