"""The tables bots share per game (bots/game_memo.py) are those each bot would make alone."""

from __future__ import annotations

import random

import ttrtool
from ttrtool.bots import game_memo
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.bots.expert_core import ExpertCore
from ttrtool.bots.route_focus import RouteFocus
from ttrtool.engine.game import Game


def tables(bot: ExpertCore | RouteFocus) -> tuple[object, ...]:
    out: tuple[object, ...] = (bot.base_weights, bot.doubled, bot._closable)
    if isinstance(bot, ExpertCore):
        out += (bot.ticket_worth.draw_pool, bot.top_points, bot.short_routes, bot.lacking.rows,
                bot.prices.rate, bot.prices.surplus, bot.prices.bargains, bot.prices.scale)
    return out


def test_shared_tables_equal_fresh_ones() -> None:
    for name, players in (("usa", 4), ("europe", 3), ("nordiccountries", 3),
                          ("switzerland", 2)):
        game = Game(ttrtool.load_map(name), players)
        for cls in (Expert, Expert2025, RouteFocus):
            game_memo._KEPT.clear()
            fresh = tables(cls(game, 0, random.Random(1)))
            shared = [cls(game, seat, random.Random(seat)) for seat in range(players)]
            assert all(tables(bot) == fresh for bot in shared)
            # the second bot reads the first one's tables, not copies
            assert shared[0].base_weights is shared[1].base_weights


def test_a_value_is_kept_per_game_and_key() -> None:
    board = ttrtool.load_map("usa")
    one, two = Game(board, 2), Game(board, 3)
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    assert game_memo.per_game(one, "k", make) == 1
    assert game_memo.per_game(one, "k", make) == 1  # kept
    assert game_memo.per_game(two, "k", make) == 2  # another game
    assert game_memo.per_game(one, ("k", 1), make) == 3  # another key
    assert len(made) == 3
