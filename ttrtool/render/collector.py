"""Python's cycle collector paused while a board is laid out and drawn.

The layout search keeps a great many small tuples and lists (millions on a dense
board) in its memo tables (curves, car placements, give-way distances, conflict costs). Each
collection of the older generations walks all of them, and finds nothing:
nothing the layout makes refers back to itself, so reference counting frees
everything it drops (peak memory is the same with the collector paused). On a
207-route board the walks took about a third of `render`'s CPU time. Pausing
changes no result, only when cyclic garbage would be found, and the collector
is set back as it was afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cycle collector off (as it was again afterwards).

    What the block made is then moved straight into the oldest generation, where the
    collections it skipped would have put it: left young, the next young collections
    would walk all of it, and then again (0.32 s on the 207-route board).  Freezing and
    thawing moves every tracked object, the caller's young ones too, which changes only
    when they are next looked at; it is skipped when the caller keeps objects frozen
    (``gc.freeze``), for thawing would undo that."""
    was_on = gc.isenabled()
    thaw = gc.get_freeze_count() == 0
    gc.disable()
    try:
        yield
    finally:
        if thaw:
            gc.freeze()
            gc.unfreeze()
        if was_on:
            gc.enable()
