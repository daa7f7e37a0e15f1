"""``ttrtool deck`` and ``ttrtool colour`` from start to finish, but the printing.

Each run reads the map as a sketch (:mod:`ttrtool.design.sketch`), proposes, puts the
proposal on trial and, when asked, writes it into the map file through the round-trip
writer (:mod:`ttrtool.edit.roundtrip`: the designer's comments, order and layout kept).
Problems that stop a run raise :class:`~ttrtool.design.sketch.SketchError` (the map has
other errors, or cannot be read), :class:`~ttrtool.design.deck.DeckError` (the deck cannot
be made as asked) or :class:`WriteError` (nothing was written).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ttrtool import resolve_map_path
from ttrtool.checks import all_checks
from ttrtool.design.colouring import Colouring, propose_colours
from ttrtool.design.deck import LONG_DECK, ProposedTicket
from ttrtool.design.proposing import DeckProposal, propose_deck
from ttrtool.design.sketch import TICKET_GAPS, Sketch, SketchError, read_sketch, sketch_of
from ttrtool.design.trial import TRIAL_GAMES, Trial, try_map
from ttrtool.edit.roundtrip import EditError, MapFile
from ttrtool.loader import LoadError, parse_map_text

# With --replace the old deck goes, and with it the errors of its tickets: the codes of the
# ticket checks (TTR4xx), read from the registry so that a new ticket check is one of them.
OLD_DECK_ERRORS = frozenset(c.code for c in all_checks() if c.code.startswith("TTR4"))


class WriteError(Exception):
    """The proposal was not written: the message says why and what to do."""


@dataclass(frozen=True)
class DeckRequest:
    """``ttrtool deck``'s options."""

    map_path: str  # a file, or a bundled map's id
    tickets: int | None = None
    long: int | None = None
    exclude: tuple[str, ...] = ()
    seed: int = 0
    games: int = TRIAL_GAMES
    write: bool = False
    replace: bool = False


@dataclass(frozen=True)
class DeckRun:
    sketch: Sketch
    proposal: DeckProposal
    written: bool


def run_deck(request: DeckRequest) -> DeckRun:
    """Propose a deck for the map, try it, and write it when asked."""
    path, edit = _open(request.map_path, request.write)
    sketch = _sketch(path, edit,
                     OLD_DECK_ERRORS if request.replace else frozenset())
    has_deck = bool(sketch.board.tickets)
    if request.write and has_deck and not request.replace:
        raise WriteError(f"{sketch.file} has a deck of {len(sketch.board.tickets)} tickets: "
                         "give --replace to replace it (or leave out --write to see the "
                         "proposal)")
    proposal = propose_deck(sketch, request.tickets, request.long, request.exclude,
                            request.seed, request.games)
    written = edit is not None and _write_tickets(edit, proposal.tickets)
    return DeckRun(sketch, proposal, written)


@dataclass(frozen=True)
class ColourRequest:
    """``ttrtool colour``'s options."""

    map_path: str  # a file, or a bundled map's id
    every: bool = False
    seed: int = 0
    games: int = TRIAL_GAMES
    write: bool = False


@dataclass(frozen=True)
class ColourRun:
    sketch: Sketch
    colouring: Colouring
    trial: Trial  # games played only when the map has its tickets
    written: bool


def coloured_data(sketch: Sketch, colours: Sequence[str]) -> dict[str, Any]:
    """The sketch's data with these route colours."""
    routes = [{**route, "color": colour}
              for route, colour in zip(sketch.data["routes"], colours, strict=True)]
    return {**sketch.data, "routes": routes}


def run_colour(request: ColourRequest) -> ColourRun:
    """Colour the map's open routes, try the result, and write it when asked."""
    path, edit = _open(request.map_path, request.write)
    sketch = _sketch(path, edit)
    colouring = propose_colours(sketch, request.every, request.seed)
    gaps = {d.code for d in sketch.gaps}
    deckless = sketch.ticketless or bool(gaps & TICKET_GAPS)
    games = 0 if deckless or not colouring.changed else request.games
    trial = try_map(sketch.file, coloured_data(sketch, colouring.colours), games,
                    request.seed, tolerate=gaps)
    if deckless:  # the board's other findings are about its tickets: the deck's trial's
        trial = replace(trial, static=colouring.after.findings)
    written = edit is not None and _write_colours(edit, sketch, colouring.colours,
                                                  colouring.changed)
    return ColourRun(sketch, colouring, trial, written)


def _open(name: str, write: bool) -> tuple[Path, MapFile | None]:
    """The map's path (a bundled map's id gives its file) and, when the run writes, the
    file read for editing (WriteError when it cannot be, or is a bundled map)."""
    path = resolve_map_path(name)
    if not write:
        return path, None
    if path != Path(name):
        raise WriteError(f"'{name}' is a bundled map, which --write does not change: copy it "
                         f"first (ttrtool new my-{name}.yaml --from {name})")
    try:
        return path, MapFile.read(path)
    except EditError as e:
        raise WriteError(str(e)) from None


def _sketch(path: Path, edit: MapFile | None, tolerate: frozenset[str] = frozenset()
            ) -> Sketch:
    """The sketch of the file, of the very bytes the writer read when it writes."""
    if edit is None:
        return read_sketch(path, tolerate)
    try:
        doc = parse_map_text(edit.original, str(path))
    except LoadError as e:
        raise SketchError(f"{path} cannot be read as a map", (e.diagnostic,)) from None
    return sketch_of(doc, tolerate)


def _flow_items(edit: MapFile) -> bool:
    """Are the map's routes written one to a line (``- {a: X, b: Y, ...}``)?"""
    routes = edit.get("routes")
    return bool(len(routes)) and bool(routes[0].fa.flow_style())


def _save(edit: MapFile) -> bool:
    try:
        return edit.write()
    except EditError as e:
        raise WriteError(str(e)) from None


def _write_tickets(edit: MapFile, tickets: Sequence[ProposedTicket]) -> bool:
    """The deck into the file: each deck's list replaced whole (a new ``tickets:`` after
    the routes when the file has none), its tickets written as the routes are."""
    decks: dict[str, list[dict[str, Any]]] = {}
    for t in sorted(tickets, key=lambda t: t.deck == LONG_DECK):
        decks.setdefault(t.deck, []).append(
            {"from": t.origin, "to": t.destination, "points": t.points})
    if not edit.has("tickets"):
        edit.set_key((), "tickets", decks, after="routes")
    elif not edit.get("tickets"):  # `tickets:` with nothing, or `tickets: {}`
        edit.set("tickets", decks)
    else:
        for name, items in decks.items():
            edit.set(("tickets", name), items)
    if _flow_items(edit):
        for name in decks:
            for item in edit.get(("tickets", name)):
                item.fa.set_flow_style()
    return _save(edit)


def _write_colours(edit: MapFile, sketch: Sketch, colours: Sequence[str],
                   changed: Sequence[int]) -> bool:
    """The routes' new colours into the file (a missing ``color`` added after ``length``)."""
    for ri in changed:
        if ri in sketch.uncoloured:
            edit.set_key(("routes", ri), "color", colours[ri], after="length")
        else:
            edit.set(("routes", ri, "color"), colours[ri])
    return _save(edit)
