"""The rules engine: game definition, state, actions (docs/rules.md).

    from ttrtool.engine import Game
    game = Game(board, players=4)
    state = game.new_state(seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
"""

from ttrtool.engine.actions import (
    LOCOMOTIVE,
    Action,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    IllegalAction,
    KeepTickets,
    Pass,
    TunnelPay,
    TunnelWithdraw,
    parse_action,
)
from ttrtool.engine.game import Game
from ttrtool.engine.result import GameResult, PlayerResult, ScoreBreakdown, TicketResult
from ttrtool.engine.state import GameState
from ttrtool.engine.view import PlayerView, TunnelView

__all__ = [
    "LOCOMOTIVE",
    "Action",
    "BuildStation",
    "ClaimRoute",
    "DrawBlind",
    "DrawFaceUp",
    "DrawTickets",
    "Game",
    "GameResult",
    "GameState",
    "IllegalAction",
    "KeepTickets",
    "Pass",
    "PlayerResult",
    "PlayerView",
    "ScoreBreakdown",
    "TicketResult",
    "TunnelPay",
    "TunnelView",
    "TunnelWithdraw",
    "parse_action",
]
