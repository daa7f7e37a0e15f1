"""Actions: small frozen values with a stable text form (R-TURN-1).

Each action is one decision of one player.  A turn may take several
decisions: the second card of a draw (R-DRAW-1), the tickets kept after a
ticket draw (R-TIX-1), paying or withdrawing a tunnel (R-EU-7).  The text
form is what game logs and replays store; :func:`parse_action` reads it back,
so ``parse_action(a.text) == a`` for every action.

Card colours are written by name; the wild card is ``locomotive``.  Routes
are ``r<index>``, cities ``c<node index>``, tickets ``t<index>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_

LOCOMOTIVE = "locomotive"


class IllegalAction(ValueError):
    """An action that is not legal in the current position, or any action after the end."""


@dataclass(frozen=True, slots=True)
class DrawFaceUp:
    """Take a face-up card of this colour from the market (R-DRAW-1, R-DRAW-2)."""

    color: str

    @property
    def text(self) -> str:
        return f"draw {self.color}"


@dataclass(frozen=True, slots=True)
class DrawBlind:
    """Take the top card of the train deck (R-DRAW-1, R-DRAW-4)."""

    @property
    def text(self) -> str:
        return "draw deck"


@dataclass(frozen=True, slots=True)
class ClaimRoute:
    """Claim a route paying ``cards`` cards of ``color`` and ``locomotives`` locomotives
    (R-CLAIM-1, R-CLAIM-2, R-EU-6).  ``color`` is ``locomotive`` when only locomotives
    are played.  On a tunnel this lays the cards down (R-EU-7).

    ``substitutes`` are the cards given as sets of "any N cards", each set
    standing for one required card (R-VAR-3), as (card name, number) pairs in
    card order; the text adds them after ``with`` (``claim r3 red x1 loco0 with
    blue:2 green:1``), and a claim without them reads as it always did."""

    route: int
    color: str
    locomotives: int
    cards: int
    substitutes: tuple[tuple[str, int], ...] = ()

    @property
    def text(self) -> str:
        text = f"claim r{self.route} {self.color} x{self.cards} loco{self.locomotives}"
        if self.substitutes:
            text += " with " + " ".join(f"{name}:{n}" for name, n in self.substitutes)
        return text


@dataclass(frozen=True, slots=True)
class TunnelPay:
    """Pay the extra cards a tunnel demands and claim it (R-EU-7, R-EU-8)."""

    color: str
    locomotives: int
    cards: int

    @property
    def text(self) -> str:
        return f"pay {self.color} x{self.cards} loco{self.locomotives}"


@dataclass(frozen=True, slots=True)
class TunnelWithdraw:
    """Take the laid cards back; the turn ends (R-EU-7)."""

    @property
    def text(self) -> str:
        return "withdraw"


@dataclass(frozen=True, slots=True)
class DrawTickets:
    """Draw destination tickets from the draw deck (R-TIX-1)."""

    @property
    def text(self) -> str:
        return "tickets"


@dataclass(frozen=True, slots=True)
class KeepTickets:
    """Keep these of the offered tickets (R-SET-4, R-TIX-1, R-EU-2, R-CH-4)."""

    tickets: tuple[int, ...]

    @property
    def text(self) -> str:
        return "keep" + "".join(f" t{t}" for t in self.tickets)


@dataclass(frozen=True, slots=True)
class BuildStation:
    """Build a station in a city, paying ``cards`` of ``color`` and ``locomotives``
    locomotives (R-EU-1, R-EU-3)."""

    city: int
    color: str
    locomotives: int
    cards: int

    @property
    def text(self) -> str:
        return f"station c{self.city} {self.color} x{self.cards} loco{self.locomotives}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Offered only when a player has no other legal action (R-END-2, docs/engine.md)."""

    @property
    def text(self) -> str:
        return "pass"


Action = (DrawFaceUp | DrawBlind | ClaimRoute | TunnelPay | TunnelWithdraw | DrawTickets
          | KeepTickets | BuildStation | Pass)


def among(action: object, actions: Sequence[Action]) -> bool:
    """Is ``action`` one of ``actions``?

    The engine hands out shared action values, so an identity scan (in C)
    settles the usual case; an equal value built elsewhere (a parsed replay,
    a plug-in bot) is still found by comparison.
    """
    return any(map(is_, actions, repeat(action))) or action in actions


def _num(token: str, prefix: str, text: str) -> int:
    if not token.startswith(prefix) or not token[len(prefix):].isdigit():
        raise ValueError(f"cannot read action {text!r}: expected {prefix}<number>, got {token!r}")
    return int(token[len(prefix):])


def _card_count(token: str, text: str) -> tuple[str, int]:
    name, _, count = token.rpartition(":")
    if not name or not count.isdigit():
        raise ValueError(f"cannot read action {text!r}: expected <card>:<number>, got {token!r}")
    return name, int(count)


def parse_action(text: str) -> Action:
    """Read an action from its text form; raise ``ValueError`` if it is not one."""
    words = text.split()
    if not words:
        raise ValueError("cannot read an empty action")
    head, rest = words[0], words[1:]
    if head == "draw" and len(rest) == 1:
        return DrawBlind() if rest[0] == "deck" else DrawFaceUp(rest[0])
    if head == "claim" and (len(rest) == 4 or (len(rest) > 5 and rest[4] == "with")):
        return ClaimRoute(_num(rest[0], "r", text), rest[1], _num(rest[3], "loco", text),
                          _num(rest[2], "x", text), tuple(_card_count(w, text) for w in rest[5:]))
    if head == "station" and len(rest) == 4:
        return BuildStation(_num(rest[0], "c", text), rest[1], _num(rest[3], "loco", text),
                            _num(rest[2], "x", text))
    if head == "pay" and len(rest) == 3:
        return TunnelPay(rest[0], _num(rest[2], "loco", text), _num(rest[1], "x", text))
    if head == "withdraw" and not rest:
        return TunnelWithdraw()
    if head == "tickets" and not rest:
        return DrawTickets()
    if head == "keep":
        return KeepTickets(tuple(_num(w, "t", text) for w in rest))
    if head == "pass" and not rest:
        return Pass()
    raise ValueError(f"cannot read action {text!r}")
