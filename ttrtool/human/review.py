"""After the game: the human's play beside the bots'.

:func:`review` plays the finished game again from its seed.  At each decision
of a human seat an expert sitting in that seat (seeded as a bot of that seat
would be, and asked at every one of the seat's decisions, so its plans follow
the game) says what it would have done; the moments where it differs most are
the decisive ones: a different ticket keep, or a claim one of the two made and
the other did not (the longer the route, the more it weighs), each advice shown
once.  Beside them, each seat's tickets and routes, so the human sees how the
bots used the same map.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ttrtool.bots import resolve_bot
from ttrtool.engine.actions import Action, ClaimRoute, KeepTickets, parse_action
from ttrtool.simulate.playout import bot_seed
from ttrtool.simulate.replay import describe

if TYPE_CHECKING:
    from ttrtool.human.session import Sitting

ADVISER = "expert"
MOMENTS = 4  # decisive moments shown per human seat


def _weight(board_lengths: list[int], human: Action, expert: Action) -> int:
    """How much a difference between two choices is likely to matter (0: not shown)."""
    if isinstance(human, KeepTickets) or isinstance(expert, KeepTickets):
        return 20
    lengths = [board_lengths[a.route] for a in (human, expert) if isinstance(a, ClaimRoute)]
    if lengths and not (isinstance(human, ClaimRoute) and isinstance(expert, ClaimRoute)
                        and human.route == expert.route):
        return max(lengths)
    return 0


def review(sitting: Sitting) -> dict[str, Any]:
    """The decisive moments of each human seat and every seat's tickets and routes."""
    board, game = sitting.board, sitting.game
    lengths = [r.length for r in board.routes]
    humans = [q for q, b in enumerate(sitting.bots) if b is None]
    cls = resolve_bot(ADVISER)
    advisers = {q: cls(game, q, random.Random(bot_seed(sitting.seed, q))) for q in humans}
    found: dict[int, list[tuple[int, int, dict[str, Any]]]] = {q: [] for q in humans}
    state = game.new_state(sitting.seed)
    for m in sitting.moves:
        action = parse_action(m.text)
        if m.seat in advisers:
            legal = state.legal_actions()
            if len(legal) > 1:
                choice = advisers[m.seat].choose(state.view(m.seat), legal)
                weight = _weight(lengths, action, choice) if choice != action else 0
                if weight and all(e["expert_text"] != choice.text for _, _, e in found[m.seat]):
                    found[m.seat].append((weight, m.number, {
                        "move": m.number, "turn": m.turn, "seat": m.seat,
                        "human": m.says, "expert": describe(board, choice),
                        "expert_text": choice.text}))
        state.apply(action)
    moments = []
    for q in humans:
        top = sorted(found[q], key=lambda w: (-w[0], w[1]))[:MOMENTS]
        moments += [entry for _, _, entry in sorted(top, key=lambda w: w[1])]
    result = state.result()
    seats = []
    for p in result.players:
        claimed = [board.routes[r] for r in p.claimed]
        kept = len(p.tickets)
        seats.append({
            "seat": p.seat, "player": sitting.seats[p.seat], "score": p.score,
            "tickets_kept": kept, "tickets_completed": p.completed_tickets,
            "ticket_points": p.breakdown.tickets,
            "routes": len(claimed), "route_points": p.breakdown.routes,
            "mean_length": round(sum(r.length for r in claimed) / len(claimed), 1)
            if claimed else 0.0,
            "longest_path": p.longest_path, "trains_left": p.trains_left,
        })
    return {"adviser": ADVISER, "moments": moments, "seats": seats}
