"""Train cards: the deck, the discard pile and the face-up market (R-SET-2/3, R-DRAW).

Cards are integers: colour indices in rules order, then the locomotive.  The
deck is a list whose *end* is the top.  These functions change a state in
place; the state decides when they are legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ttrtool.engine.actions import Action
    from ttrtool.engine.state import GameState

def new_deck(counts: tuple[int, ...]) -> list[int]:
    """Every card of the deck in card order (R-SET-2); the caller shuffles it."""
    deck: list[int] = []
    for card, n in enumerate(counts):
        deck.extend([card] * n)
    return deck


def draw_card(st: GameState) -> int:
    """Top card of the deck, reshuffling the discards when the deck is empty (R-DRAW-6).
    Returns -1 when deck and discards are both empty (R-DRAW-7)."""
    deck = st.deck
    if not deck:
        if not st.discards:
            return -1
        deck.extend(st.discards)
        st.discards.clear()
        st.rng.shuffle(deck)
    return deck.pop()


def refill_market(st: GameState) -> None:
    """Turn up cards until the market is full or no card is left, then apply R-DRAW-5."""
    market = st.market
    g = st.game
    while len(market) < g.market_size:
        card = draw_card(st)
        if card < 0:
            break
        market.append(card)
    if g.wipe_at > 0 and market.count(g.loco) >= g.wipe_at:
        settle_market(st)
    else:
        st.market_stuck = False  # what settle_market says of a market it leaves alone


def legal_market_possible(st: GameState) -> bool:
    """Could deck + discards + market turn up a market with fewer locomotives
    than the wipe threshold (R-DRAW-5)?  Decided from card counts alone.

    A wipe only moves cards between these three places, so the answer stays
    the same through any run of wipes; only cards coming back from a hand
    (a claim, a station, a tunnel) or going to one can change it.
    """
    threshold = st.game.rules.market_locomotive_wipe
    loco = st.game.loco
    pool = len(st.deck) + len(st.discards) + len(st.market)
    others = pool - st.deck.count(loco) - st.discards.count(loco) - st.market.count(loco)
    size = min(st.game.rules.market_size, pool)
    return others >= size - (threshold - 1)


def settle_market(st: GameState) -> None:
    """R-DRAW-5: while the market shows too many locomotives, discard it and turn up a new one.

    The wipes go on for as long as a legal market is possible at all
    (:func:`legal_market_possible`, from the card counts); the run then ends
    with a legal market: each time the deck runs out the discards are
    shuffled into a new one, and a shuffled pool that holds a legal market
    turns one up with a chance above zero.  When no legal market is possible
    the market is left as it is: stuck.  A stuck market is counted once in
    ``wipes_stopped`` when it gets stuck, not again while it stays stuck
    through later changes; it counts anew only after the market has shown
    fewer locomotives than the threshold.  :func:`top_up_market` checks it
    again at the end of every turn, so cards that come back settle it.
    """
    threshold = st.game.rules.market_locomotive_wipe
    if threshold <= 0:
        return
    loco = st.game.loco
    market = st.market
    size = st.game.rules.market_size
    if market.count(loco) >= threshold and not legal_market_possible(st):
        if not st.market_stuck:  # the R-DRAW-5 hole: counted for the report
            st.market_stuck = True
            st.wipes_stopped += 1
        return
    while market.count(loco) >= threshold:
        st.discards.extend(market)
        market.clear()
        while len(market) < size:
            card = draw_card(st)
            if card < 0:
                break
            market.append(card)
        st.market_wipes += 1
    st.market_stuck = False


def top_up_market(st: GameState) -> None:
    """At the end of a turn: refill a market left short (R-DRAW-6/7) and settle
    a stuck one (R-DRAW-5) when cards have come back to deck or discards."""
    if (len(st.market) < st.game.market_size or st.market_stuck) and (
            st.deck or st.discards):
        refill_market(st)


def take_face_up(st: GameState, player: int, card: int) -> None:
    """Move a face-up card to a hand and replace it at once (R-DRAW-2)."""
    st.market.remove(card)
    st.hands[player][card] += 1
    st.hand_count[player] += 1
    refill_market(st)


def take_blind(st: GameState, player: int) -> None:
    """Move the top card of the deck to a hand (R-DRAW-1)."""
    card = draw_card(st)
    if card < 0:  # legal-action generation never offers this
        raise AssertionError("blind draw with no card left")
    st.hands[player][card] += 1
    st.hand_count[player] += 1


def draw_actions(st: GameState, second: bool, out: list[Action]) -> None:
    """Card draws: a face-up card of each colour shown, then the deck.

    On the second card a face-up locomotive is not allowed when the rules say
    a face-up locomotive is the whole draw (R-DRAW-3; not so in R-CH-6).
    With deck and discards both empty nothing is offered, not even a face-up
    card (R-DRAW-7): drawing train cards is then not a legal action, and a
    draw that emptied them ends with its first card.

    The row of draws depends only on which colours the market shows, so it is
    made once per set of colours, with the game (``Game.draw_rows``).
    """
    if not (st.deck or st.discards):
        return  # R-DRAW-7
    g = st.game
    second = second and g.face_up_loco_ends_draw
    rows = g.second_draw_rows if second else g.draw_rows
    shown = frozenset(st.market)
    row = rows.get(shown)
    if row is None:  # a market larger than the rules', arranged by hand (tests)
        row = rows[shown] = g.draw_row(shown, second)
    out.extend(row)


def card_total(st: GameState) -> int:
    """Cards in deck, discards, market, hands and a pending tunnel (for invariant checks)."""
    total = len(st.deck) + len(st.discards) + len(st.market)
    total += sum(sum(h) for h in st.hands)
    if st.tunnel is not None:
        total += st.tunnel.cards + st.tunnel.locomotives + len(st.tunnel.revealed)
    return total
