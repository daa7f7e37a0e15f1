"""Train cards: the deck, the face-up market and the draws they offer (R-SET-2/3, R-DRAW).

Cards are integers: colour indices in rules order, then the locomotive.  The
deck is a list whose *end* is the top.  These functions only look; moving
cards is the state's own (:meth:`GameState.apply
<ttrtool.engine.state.GameState.apply>` and the moves it makes).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttrtool.engine.actions import Action
from ttrtool.engine.tables import BoardTables


def new_deck(counts: tuple[int, ...]) -> list[int]:
    """Every card of the deck in card order (R-SET-2); the caller shuffles it."""
    deck: list[int] = []
    for card, n in enumerate(counts):
        deck.extend([card] * n)
    return deck


def legal_market_possible(g: BoardTables, deck: Sequence[int], discards: Sequence[int],
                          market: Sequence[int]) -> bool:
    """Could deck + discards + market turn up a market with fewer locomotives
    than the wipe threshold (R-DRAW-5)?  Decided from card counts alone.

    A wipe only moves cards between these three places, so the answer stays
    the same through any run of wipes; only cards coming back from a hand
    (a claim, a station, a tunnel) or going to one can change it.
    """
    threshold = g.wipe_at
    loco = g.loco
    pool = len(deck) + len(discards) + len(market)
    others = pool - deck.count(loco) - discards.count(loco) - market.count(loco)
    size = min(g.market_size, pool)
    return others >= size - (threshold - 1)


def draw_actions(g: BoardTables, market: Sequence[int], deck: Sequence[int],
                 discards: Sequence[int], second: bool, out: list[Action]) -> None:
    """Card draws: a face-up card of each colour shown, then the deck.

    On the second card a face-up locomotive is not allowed when the rules say
    a face-up locomotive is the whole draw (R-DRAW-3; not so in R-CH-6).
    With deck and discards both empty nothing is offered,
    not even a face-up card (R-DRAW-7): drawing train cards is then not a legal
    action, and a draw that emptied them ends with its first card.

    The row of draws depends only on which colours the market shows, so it is
    made once per set of colours (``PlayCache.draw_rows``).
    """
    if not (deck or discards):
        return  # R-DRAW-7
    second = second and g.face_up_loco_ends_draw
    rows = g.cache.second_draw_rows if second else g.cache.draw_rows
    shown = frozenset(market)
    row = rows.get(shown)
    if row is None:  # a market larger than the rules', arranged by hand (tests)
        row = rows[shown] = g.draw_row(shown, second)
    out.extend(row)
