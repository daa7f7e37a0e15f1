"""What the table shows: the JSON of ``GET /state`` and the board facts the page keeps.

:func:`board_facts` is what does not change in a game (route, city and ticket
names by index, the card names), sent once inside the page.  :func:`table_state`
is the position as the seat to move may know it (its hand, tickets and offer;
everything public; never another seat's hand or tickets), its legal actions in
the log's notation, the recent moves, and once the game is over the final
scores with each player's breakdown and the review of the human's play.
"""

from __future__ import annotations

from typing import Any

from ttrtool.engine.result import GameResult
from ttrtool.human.session import Move, Sitting
from ttrtool.model import Board

RECENT_MOVES = 40  # moves listed with the state: a round of bots' moves and more


def board_facts(board: Board) -> dict[str, Any]:
    """Names by index, for the page to describe actions and find their drawn elements."""
    rules = board.rules
    return {
        "map": board.meta.name,
        "cards": [*rules.colors, "locomotive"],
        "routes": [{"id": r.id, "label": r.label(), "a": r.a_name, "b": r.b_name,
                    "length": r.length, "color": r.color, "kind": r.kind,
                    "locomotives": r.locomotives} for r in board.routes],
        "nodes": [{"name": n.name, "kind": n.kind} for n in board.nodes],
        "tickets": [{"label": t.label(), "from": t.origin,
                     "to": [{"name": d.name, "points": d.points} for d in t.destinations]}
                    for t in board.tickets],
    }


def table_state(sitting: Sitting) -> dict[str, Any]:
    """The state the page (or any client) shows and plays from."""
    with sitting.lock:
        st = sitting.state
        over = st.is_over
        seat = st.current_player
        view = st.view(seat)
        names = view.card_names
        now = st.score()  # the position scored as if it ended now: tickets done so far
        mine = {t.ticket: t.completed for t in now.players[seat].tickets}
        # A hand is shown to the human whose turn it is, never a bot's, nor once it is over.
        private = not over and sitting.bots[seat] is None
        out: dict[str, Any] = {
            "move": len(sitting.moves),
            "over": over,
            "seat": None if over else seat,
            "human": private,
            "phase": view.phase,
            "turn": view.turn,
            "final_round": view.final_round,
            "turns_left": view.turns_left,
            "seats": [{"seat": q, "player": sitting.seats[q], "trains": view.trains[q],
                       "stations": view.stations_left[q], "cards": view.hand_sizes[q],
                       "tickets": view.ticket_counts[q], "score": view.route_scores[q]}
                      for q in range(len(sitting.seats))],
            "hand": {names[c]: n for c, n in enumerate(view.hand) if n and private},
            "tickets": [{"ticket": t, "done": mine.get(t, False)}
                        for t in view.tickets if private],
            "offered": list(view.offered) if private else [],
            "market": [names[c] for c in view.market],
            "deck": view.deck_size,
            "discards": view.discard_size,
            "ticket_deck": view.ticket_deck_size,
            "claimed": [[r, q] for r, q in enumerate(view.route_owner) if q >= 0],
            "stations": [[city, q] for city, q in view.stations],
            "tunnel": None if view.tunnel is None else {
                "route": view.tunnel.route, "color": names[view.tunnel.color],
                "cards": view.tunnel.cards, "locomotives": view.tunnel.locomotives,
                "revealed": [names[c] for c in view.tunnel.revealed],
                "extra": view.tunnel.extra},
            "legal": sitting.legal(),
            "recent": [seen_move(m, None if over else seat)
                       for m in sitting.moves[-RECENT_MOVES:]],
            "log": str(sitting.log.path),
        }
        if over:
            out["final"] = final_scores(sitting.board, st.result(), sitting.seats)
            if sitting.after is None:  # worked out once: the game will not change again
                from ttrtool.human.review import review

                sitting.after = review(sitting)
            out["review"] = sitting.after
        return out


def seen_move(m: Move, seat: int | None) -> dict[str, Any]:
    """A move as ``seat`` may know it: which tickets another player kept is theirs to know
    (R-TIX-1), so only how many; with no seat (the game over), everything."""
    text, says = m.text, m.says
    if seat is not None and m.seat != seat and text.startswith("keep"):
        kept = len(text.split()) - 1
        text, says = "keep", f"keeps {kept} ticket{'s' if kept != 1 else ''}"
    return {"move": m.number, "turn": m.turn, "seat": m.seat, "player": m.player,
            "text": text, "says": says}


def final_scores(board: Board, result: GameResult, seats: tuple[str, ...]) -> dict[str, Any]:
    """Every player's score and where it came from (R-SCORE-1..4)."""
    players = []
    for p in result.players:
        b = p.breakdown
        players.append({
            "seat": p.seat, "player": seats[p.seat], "score": p.score,
            "breakdown": {"routes": b.routes, "tickets": b.tickets, "stations": b.stations,
                          "longest": b.longest,
                          **{k.replace("_", " "): v for k, v in b.bonuses}},
            "trains_left": p.trains_left, "longest_path": p.longest_path,
            "tickets": [{"label": board.tickets[t.ticket].label(), "completed": t.completed,
                         "scored": t.scored} for t in p.tickets],
        })
    return {"end": result.end_reason, "turns": result.turns,
            "winners": list(result.winners), "players": players}
