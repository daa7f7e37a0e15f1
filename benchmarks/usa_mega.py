"""USA with Board Game Arena's "Mega" option of USA 1910: a benchmark map, not a bundled one.

The strong humans of the bots' reference table (benchmarks/README.md, "Against strong
humans") played the WBC 2025 semifinals and finals on Board Game Arena with this option.
Its rules, as BGA's public source gives them (github.com/thoun/tickettoride,
``modules/maps/usa/settings.php``, expansion option 2; read at commit 689f9b78):

* the tickets of USA 1910 and the revised base tickets of the Mega game together, 69 in
  all (``get1910Destinations() + getMegaDestinations()`` in
  ``modules/maps/usa/destinations.php``, read at commit cc22b0b6, transcribed below;
  the city numbers of ``modules/maps/usa/cities.php`` are the alphabetical order of the
  USA map's cities);
* five tickets dealt at the start, at least three kept; four drawn in play, at least
  one kept;
* both the longest-path bonus (10 points) and the Globetrotter bonus for the most
  completed tickets (15 points, the USA 1910 rule book's value).

The source's own note on card 113 (Los Angeles - Oklahoma City) says 12 points; its data,
which BGA scores, says 9, and 9 is transcribed here.

    .venv/bin/python -m benchmarks.usa_mega [out.yaml]     # writes the map file
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.validate import validate_file

ROOT = Path(__file__).resolve().parent.parent

# (BGA card number, from, to, points): 101-135 the USA 1910 tickets, 201-234 the Mega game's.
MEGA_TICKETS: tuple[tuple[int, str, str, int], ...] = (
    (101, "Calgary", "Nashville", 14),
    (102, "Chicago", "Atlanta", 5),
    (103, "Chicago", "Boston", 5),
    (104, "Chicago", "New York", 5),
    (105, "Denver", "Saint Louis", 6),
    (106, "Duluth", "Dallas", 7),
    (107, "Houston", "Washington", 10),
    (108, "Kansas City", "Boston", 11),
    (109, "Las Vegas", "Miami", 21),
    (110, "Las Vegas", "New York", 19),
    (111, "Los Angeles", "Atlanta", 15),
    (112, "Los Angeles", "Calgary", 12),
    (113, "Los Angeles", "Oklahoma City", 9),
    (114, "Montréal", "Dallas", 13),
    (115, "Montréal", "Raleigh", 7),
    (116, "Nashville", "New York", 6),
    (117, "New York", "Miami", 10),
    (118, "Omaha", "New Orleans", 8),
    (119, "Phoenix", "Boston", 19),
    (120, "Pittsburgh", "New Orleans", 8),
    (121, "Portland", "Houston", 16),
    (122, "Portland", "Pittsburgh", 19),
    (123, "Salt Lake City", "Chicago", 11),
    (124, "Salt Lake City", "Kansas City", 7),
    (125, "San Francisco", "Sault St. Marie", 17),
    (126, "San Francisco", "Washington", 21),
    (127, "Sault St. Marie", "Miami", 12),
    (128, "Seattle", "Las Vegas", 10),
    (129, "Seattle", "Oklahoma City", 14),
    (130, "Saint Louis", "Miami", 8),
    (131, "Toronto", "Charleston", 6),
    (132, "Vancouver", "Denver", 11),
    (133, "Vancouver", "Duluth", 13),
    (134, "Washington", "Atlanta", 4),
    (135, "Winnipeg", "Santa Fe", 10),
    (201, "Boston", "Miami", 12),
    (202, "Boston", "Washington", 4),
    (203, "Calgary", "Phoenix", 13),
    (204, "Calgary", "Salt Lake City", 7),
    (205, "Chicago", "New Orleans", 7),
    (206, "Chicago", "Santa Fe", 9),
    (207, "Dallas", "New York", 11),
    (208, "Denver", "El Paso", 4),
    (209, "Denver", "Pittsburgh", 11),
    (210, "Duluth", "El Paso", 10),
    (211, "Duluth", "Houston", 8),
    (212, "Helena", "Los Angeles", 8),
    (213, "Kansas City", "Houston", 5),
    (214, "Los Angeles", "Chicago", 16),
    (215, "Los Angeles", "Miami", 19),
    (216, "Los Angeles", "New York", 20),
    (217, "Montréal", "Atlanta", 9),
    (218, "Montréal", "Chicago", 7),
    (219, "Montréal", "New Orleans", 13),
    (220, "New York", "Atlanta", 6),
    (221, "Portland", "Nashville", 17),
    (222, "Portland", "Phoenix", 11),
    (223, "San Francisco", "Atlanta", 17),
    (224, "Sault St. Marie", "Nashville", 8),
    (225, "Sault St. Marie", "Oklahoma City", 8),
    (226, "Seattle", "Los Angeles", 9),
    (227, "Seattle", "New York", 20),
    (228, "Toronto", "Miami", 10),
    (229, "Vancouver", "Montréal", 20),
    (230, "Vancouver", "Portland", 2),
    (231, "Vancouver", "Santa Fe", 13),
    (232, "Winnipeg", "Houston", 12),
    (233, "Winnipeg", "Little Rock", 11),
    (234, "Winnipeg", "Omaha", 6),
)

MEGA_RULES: dict[str, Any] = {
    "tickets": {"setup_deal": {"regular": 5}, "setup_keep_min": 3, "draw": 4,
                "draw_keep_min": 1},
    "bonuses": [{"type": "longest_path", "name": "Longest Path", "points": 10},
                {"type": "most_tickets", "name": "Globetrotter", "points": 15}],
}


def mega_document() -> dict[str, Any]:
    """The USA map's document with the Mega option's tickets and rules."""
    data: dict[str, Any] = yaml.safe_load(bundled_map_path("usa").read_text(encoding="utf-8"))
    data["meta"]["id"] = "usa-mega"
    data["meta"]["name"] = "Ticket to Ride (USA, BGA's USA 1910 Mega option) - benchmark"
    data["meta"]["description"] = ("The USA board with the 69 tickets and the rules of "
                                   "Board Game Arena's USA 1910 Mega option (benchmarks/"
                                   "usa_mega.py cites the source).")
    data["rules"] = {**data["rules"], **MEGA_RULES}
    data["tickets"] = {"regular": [{"from": a, "to": b, "points": p}
                                   for _, a, b, p in MEGA_TICKETS]}
    return data


def write_mega(path: Path) -> None:
    path.write_text(yaml.safe_dump(mega_document(), allow_unicode=True, sort_keys=False),
                    encoding="utf-8")


def mega_board() -> Board:
    """The Mega benchmark map, loaded as every command loads a map."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "usa-mega.yaml"
        write_mega(path)
        result = validate_file(path)
    assert result.board is not None, [d.message for d in result.errors]
    return result.board


if __name__ == "__main__":
    if len(sys.argv) > 1:
        write_mega(Path(sys.argv[1]))
    else:
        board = mega_board()
        print(f"{len(board.tickets)} tickets, {len(board.routes)} routes")
