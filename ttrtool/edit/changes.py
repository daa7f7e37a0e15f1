"""One change ``ttrtool fix`` or ``ttrtool tune`` makes to a map, and the ticket fixes.

A :class:`Change` is a value written at a JSON path, with the code it answers, whether it
is safe (nothing a player sees changes: a waypoint) or changes the game (a ticket's
points, a city moved), and a line saying what it does.  :func:`ticket_changes` gives the
static ticket fixes: each destination that TTR406 or TTR407 finds off gets its fair
points, the cheapest path's train spaces kept within the fair range
(:func:`ttrtool.ticket_value.ticket_value`), the value the official designers use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ttrtool.checks.tickets import priced_destinations
from ttrtool.codes import TICKET_POINTS, TICKET_POINTS_FAR_OFF
from ttrtool.diagnostics import JsonPath
from ttrtool.edit.roundtrip import MapFile, show_path
from ttrtool.model import Board
from ttrtool.ticket_value import Pricing


@dataclass(frozen=True)
class Change:
    """``value`` written at ``path`` (``old`` was there; None: nothing)."""

    code: str
    path: JsonPath
    value: Any
    old: Any
    safe: bool
    what: str

    def line(self) -> str:
        kind = "safe" if self.safe else "unsafe"
        return f"{self.code} ({kind}) {show_path(self.path)}: {self.what}"


def apply_change(doc: MapFile, change: Change) -> None:
    """Write ``change`` into ``doc`` (a mapping's key is added where missing)."""
    parent, key = change.path[:-1], change.path[-1]
    if isinstance(key, str):
        doc.set_key(parent, key, change.value)
    else:
        doc.set(change.path, change.value)


def fair_points(points: int, spaces: int, fair: tuple[int, int]) -> int:
    """The fair points of a destination: its train spaces, kept within ``fair``."""
    low, high = fair
    return min(max(spaces, low), high)


def ticket_changes(board: Board, errors_only: bool = False) -> list[Change]:
    """The points of every destination TTR406 or TTR407 finds off, set to fair points;
    ``errors_only``: those of TTR407 alone (a map with errors gets only fixes that remove
    one)."""
    out = []
    for ticket, dest, where, _price, v in priced_destinations(board):
        if v.pricing is Pricing.FAIR or (errors_only and not v.gross):
            continue
        new = fair_points(v.points, v.spaces, v.fair)
        if new == v.points:
            continue
        code = TICKET_POINTS_FAR_OFF if v.gross else TICKET_POINTS
        out.append(Change(code, where, new, v.points, False,
                          f"ticket {ticket.origin}–{dest.name} worth {v.points} → {new} "
                          f"points (fair {v.fair[0]} to {v.fair[1]}, cheapest path "
                          f"{v.spaces} spaces)"))
    return out
