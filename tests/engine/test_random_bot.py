"""The random bot and the bot protocol."""

from __future__ import annotations

import random

from ttrtool.bots.base import Bot
from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game
from ttrtool.model import Board


def test_random_bot_follows_the_protocol_and_picks_legal_actions(usa: Board) -> None:
    game = Game(usa, 2)
    bot = RandomBot(game, 0, random.Random(3))
    assert isinstance(bot, Bot) and bot.name == "random"
    st = game.new_state(1)
    for _ in range(30):
        actions = st.legal_actions()
        choice = bot.choose(st.view(st.current_player), actions)
        assert choice in actions
        st.apply(choice)


def test_random_bot_uses_only_its_own_generator(usa: Board) -> None:
    game = Game(usa, 2)
    st = game.new_state(1)
    actions = st.legal_actions()
    picks = []
    saved = random.getstate()
    for global_seed in (1, 2):
        bot = RandomBot(game, 0, random.Random(9))
        random.seed(global_seed)  # the global generator must not matter
        picks.append([bot.choose(st.view(0), actions) for _ in range(20)])
    random.setstate(saved)
    assert picks[0] == picks[1]
    assert len(set(picks[0])) > 1  # and it does spread over the actions
