"""A ticket draw's paths found from the bot's network (ttrtool.bots.draw_paths) against a
search from each ticket's origin (what expert-2025 does, StrategicBot.ticket_path).

From the network a path is the cheapest through some piece of it, or the board's plain
path when none of its routes is taken, or a search from the origin kept off the network:
never cheaper than the true cheapest, and dearer by no more than the hand's discount on
the plain path (its weights are at least ``floor`` times the plain ones).
"""

from __future__ import annotations

import random

import pytest

from ttrtool.bots.draw_paths import network_paths, plain_paths
from ttrtool.bots.expert import Expert
from ttrtool.engine.game import Game
from ttrtool.graph import INF, PathSearch
from ttrtool.model import Board


@pytest.mark.parametrize("map_id", ["usa", "europe", "switzerland", "nordiccountries", "india"])
def test_paths_from_the_network_are_the_cheapest_within_the_hands_discount(
        map_id: str, boards: dict[str, Board], variant_boards: dict[str, Board]) -> None:
    board = {**boards, **variant_boards}[map_id]
    game = Game(board, 3)
    rng = random.Random(map_id)
    floor = 0.9  # a larger discount than the expert's, so that it shows
    plain_cache: dict[int, object] = {}
    compared = through = 0
    for _ in range(40):
        bot = Expert(game, 0, random.Random(0))
        owner = [-1] * game.n_routes
        for r in rng.sample(range(game.n_routes), rng.randint(0, game.n_routes // 2)):
            owner[r] = rng.randrange(3)
        needed = {r for r in range(game.n_routes) if owner[r] < 0 and rng.random() < 0.05}
        owned = tuple(owner)
        weights = bot.path_weights(owned, needed)
        # a hand's discount: each open route up to 1 - floor cheaper than its plain weight
        weights = [w * (1.0 - rng.random() * (1.0 - floor)) if 0.0 < w < INF else w
                   for w in weights]
        plain = plain_cache.get(id(board))
        if plain is None:
            plain = plain_cache[id(board)] = plain_paths(
                board, bot.base_weights, game.ticket_origin, game.ticket_dests,
                bot.ticket_worth.draw_pool)
        free = [r for r, o in enumerate(owned) if o == 0] + sorted(needed)
        tickets = sorted(set(bot.ticket_worth.draw_pool))
        found = network_paths(board, weights, free, tickets, game.ticket_origin,
                              game.ticket_dests, plain, floor)  # type: ignore[arg-type]
        for t in tickets:
            exact = bot.ticket_path(weights, t)
            got = found[t]
            assert (got is None) == (exact is None), t
            if got is None or exact is None:
                continue
            cost, path, points = got
            # the path is real: its routes cost no more than it says, and with the free
            # network (the routes a piece joins them by: a draw's worth counts only the
            # others) they join the ticket's origin to the destination it scores
            assert sum(weights[r] for r in path) <= cost + 1e-9
            dest = next(nodes for nodes, p in game.ticket_dests[t] if p == points)
            joined = set(path) | set(free)
            free_path = [0.0 if r in joined else INF for r in range(game.n_routes)]
            assert PathSearch(board, game.ticket_origin[t], free_path).path(dest) is not None
            # ... and it is the cheapest, within the discount (the best destination's
            # points beyond its cost, R-CH-3, likewise)
            assert points - cost <= exact[2] - exact[0] + 1e-9
            assert points - cost >= exact[2] - exact[0] / floor - 1e-9
            compared += 1
            through += cost == exact[0]
    assert compared > 200 and through > compared // 2
