"""Tiny boards and hand-arranged positions for rule tests."""

from __future__ import annotations

from typing import Any

from ttrtool.engine import Action, Game, GameState
from ttrtool.engine.state import MAIN
from ttrtool.model import Board, build_board


def route(a: str, b: str, length: int, color: str = "gray", **extra: Any) -> dict[str, Any]:
    return {"a": a, "b": b, "length": length, "color": color, **extra}


def ticket(a: str, b: str, points: int) -> dict[str, Any]:
    return {"from": a, "to": b, "points": points}


def tiny_board(
    routes: list[dict[str, Any]],
    tickets: dict[str, list[dict[str, Any]]] | None = None,
    rules: dict[str, Any] | None = None,
    countries: list[dict[str, Any]] | None = None,
    cities: list[str] | None = None,
) -> Board:
    """A board from a few routes; cities are the route ends that are not countries."""
    country_names = {c["name"] for c in countries or ()}
    names = list(cities or ())
    for r in routes:
        for end in (r["a"], r["b"]):
            if end not in names and end not in country_names:
                names.append(end)
    data: dict[str, Any] = {
        "format": 1,
        "meta": {"id": "tiny", "name": "Tiny"},
        "rules": rules or {},
        "cities": [{"name": n, "pos": [10 * i, 10]} for i, n in enumerate(names)],
        "routes": routes,
        "tickets": tickets or {"regular": [ticket(names[0], names[-1], 5)]},
    }
    if countries:
        data["countries"] = countries
    board, diagnostics = build_board(data)
    assert not diagnostics, diagnostics
    return board


def node(board: Board, name: str) -> int:
    city = board.city(name)
    assert city is not None, name
    return city.index


def position(
    game: Game,
    hands: dict[int, dict[str, int]] | None = None,
    market: list[str] | None = None,
    deck: list[str] | None = None,
    discards: list[str] | None = None,
    tickets: dict[int, list[int]] | None = None,
    current: int = 0,
) -> GameState:
    """A main-phase position arranged by hand.  ``deck`` lists cards top first."""
    st = GameState(game, seed=0)
    idx = game.card_index
    for p, cards in (hands or {}).items():
        for name, n in cards.items():
            st.hands[p][idx[name]] = n
    st.recount_hands()
    st.market = [idx[c] for c in market or []]
    st.deck = [idx[c] for c in reversed(deck or [])]
    st.discards = [idx[c] for c in discards or []]
    held = set()
    for p, ts in (tickets or {}).items():
        st.tickets[p] = list(ts)
        held.update(ts)
    for t in game.board.tickets:
        if t.index not in held:
            st.ticket_decks[t.deck].append(t.index)
    st.phase = MAIN
    st.current_player = current
    return st


def texts(actions: list[Action]) -> list[str]:
    return [a.text for a in actions]


def play(st: GameState, *texts_: str) -> None:
    """Apply actions by their text form."""
    from ttrtool.engine import parse_action

    for t in texts_:
        st.apply(parse_action(t))


def rearranged(st: GameState) -> GameState:
    """Forget the cached legal actions after a test changed the position by hand."""
    st._legal = st._default = None
    st.board_view = st.ticket_view = None
    st.recount_hands()
    return st
