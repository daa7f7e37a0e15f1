"""Fitting a ticket card's text inside its safe area, and what does not fit (TTR209).

A card's origin, each destination and the footer have a width they may take
(the destination stops short of the points badge).  A name too wide for it is
set smaller, down to a least size that still reads; below that it is wrapped
onto two lines (at the space or hyphen that leaves the wider line narrowest)
and set as large as both lines allow.  What does not fit even so is drawn at
the least size and reported: :func:`card_problems` is the one list that
``render --tickets`` prints and ``validate --layout`` reports as TTR209.

Widths are estimated as the board's labels are (:func:`ttrtool.render.labels.text_width`,
no font file read), with a margin for the estimate.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttrtool.model import Board, Ticket
from ttrtool.render.labels import text_width

MARGIN = 1.08  # the width estimate may be this much short of a real face


@dataclass(frozen=True)
class Fitted:
    """Text set in one or two lines at ``size`` mm; ``fits`` False when even the least size
    and two lines leave it wider than its room."""

    lines: tuple[str, ...]
    size: float
    fits: bool


@dataclass(frozen=True)
class Room:
    """Where a text goes on the card: its width (mm), its size, the least size it may be
    set at, the largest size of a text wrapped onto two lines (0: never wrapped)."""

    width: float
    size: float
    least: float
    wrapped: float = 0.0


# The card face of templates/card.svg: text inside the inner frame (2.5 to 61 mm) with a
# margin, the destinations stopping short of the points badge (centre 54 mm, radius 3 mm).
ORIGIN = Room(54.0, 4.6, 3.2, 3.6)
DESTINATION = Room(44.0, 3.8, 2.7, 2.8)
FOOTER = Room(54.0, 2.2, 1.5)


def _width(text: str, size: float) -> float:
    return text_width(text, size) * MARGIN


def fit(text: str, room: Room, prefix: str = "") -> Fitted:
    """``text`` (after ``prefix`` on its first line, such as the arrow of a destination) set
    to fit ``room``: as large as it fits up to ``room.size``; smaller down to ``room.least``;
    else on two lines; else at the least size, marked as not fitting."""
    full = prefix + text
    w = _width(full, room.size)
    if w <= room.width:
        return Fitted((full,), room.size, True)
    scaled = room.size * room.width / w
    if scaled >= room.least:
        return Fitted((full,), round(scaled, 2), True)
    if room.wrapped:
        breaks = [i + 1 for i, ch in enumerate(text) if ch in " -" and 0 < i < len(text) - 1]
        best: tuple[float, str, str] | None = None
        for i in breaks:
            one, two = prefix + text[:i].rstrip(), text[i:].lstrip()
            wide = max(_width(one, 1.0), _width(two, 1.0) + _width(prefix, 1.0))
            if best is None or wide < best[0]:
                best = (wide, one, two)
        if best is not None:
            size = min(room.wrapped, room.width / best[0])
            if size >= room.least:
                return Fitted((best[1], best[2]), round(size, 2), True)
    return Fitted((full,), room.least, False)


def card_problems(board: Board) -> list[tuple[Ticket, str]]:
    """What does not fit on the ticket cards of ``board``: a name too long even set small on
    two lines, and more destinations than the card has room for (each ticket once)."""
    out = []
    footers: list[tuple[Ticket, str]] = []  # the map's name on every card: told once
    for t in board.tickets:
        if t.copy > 1:
            continue
        for what, text, room, prefix in (
                [("origin", t.origin, ORIGIN, "")]
                + [("destination", d.name, DESTINATION, "→ ") for d in t.destinations]
                + [("footer", f"{board.meta.name} · {t.id}", FOOTER, "")]):
            got = fit(text, room, prefix)
            if got.fits:
                continue
            size = (f"even set at {room.least:g} mm{' on two lines' if room.wrapped else ''} "
                    f"({_width(prefix + text, room.least):.0f} mm wide, room for "
                    f"{room.width:g} mm)")
            if what == "footer":
                footers.append((t, size))
                continue
            out.append((t, f"the ticket card of {t.id}: the {what} '{text}' does not fit "
                           f"the card {size}: shorten it"))
        if len(t.destinations) > ROWS_MAX:
            out.append((t, f"the ticket card of {t.id} lists {len(t.destinations)} "
                           f"destinations, more than the {ROWS_MAX} rows the card has room "
                           "for: split the ticket"))
    if footers:
        first, size = footers[0]
        many = (f"{len(footers)} ticket cards" if len(footers) > 1
                else f"the ticket card of {first.id}")
        out.insert(0, (first, f"the footer of {many} ('{board.meta.name} · {first.id}': the "
                              f"map's name and the ticket's id) does not fit {size}: shorten "
                              "meta.name"))
    return out


ROWS_MAX = 10  # destination rows of 6 mm between the origin and the footer of the card
