"""What the bots of a table share per position (bots/trails.py, bots/blocking.py) is each
thread's own: games played on two threads at once are those played one after another,
and the shared networks answer what a search of the bot's own would."""

from __future__ import annotations

import random
import sys
import threading

import ttrtool
from ttrtool.bots.blocking import Detours, PositionNetworks, position_networks
from ttrtool.bots.trails import position_trails
from ttrtool.engine.game import Game
from ttrtool.graph import INF, cheapest_path
from ttrtool.simulate.playout import Table, make_bots, uses_board_menu
from ttrtool.simulate.seating import game_seed, seating

BOTS = ("expert",)


def play(table: Table, g: int) -> list[str]:
    game = table.game
    seed = game_seed(1, 4, g)
    seated = make_bots(game, seating(BOTS, 4, g), seed, table.classes)
    menu = [uses_board_menu(b) for b in seated]
    state = game.new_state(seed)
    actions = []
    while not state.is_over:
        p = state.current_player
        a = seated[p].choose(state.view(p), state.default_actions(menu=menu[p]))
        actions.append(repr(a))
        state.apply(a)
    return actions


def test_games_on_two_threads_are_those_played_alone() -> None:
    table = Table(ttrtool.load_map("usa"), 4, BOTS)
    alone = {g: play(table, g) for g in range(6)}
    together: dict[int, list[str]] = {}

    def run(games: range) -> None:
        for g in games:
            together[g] = play(table, g)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, inside the bots' decisions
    try:
        threads = [threading.Thread(target=run, args=(range(i, 6, 2),)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert together == alone


def cost_plainly(game: Game, owner: tuple[int, ...], seat: int, r: int) -> float:
    """Detours.cost written out: a union-find of each other player's routes, a search."""
    partners = game.partners[r]
    if any(owner[o] < 0 for o in partners) and \
            1 + sum(owner[o] >= 0 for o in partners) < game.group_cap[r]:
        return 0.0
    a, b = game.end_a[r], game.end_b[r]
    worst = 0.0
    for q in range(game.players):
        if q == seat:
            continue
        mine = [x for x, o in enumerate(owner) if o == q]
        touched = {game.end_a[x] for x in mine} | {game.end_b[x] for x in mine}
        if a not in touched or b not in touched:
            continue
        weights = [0.0 if o == q else (INF if o >= 0 else float(n))
                   for o, n in zip(owner, game.route_len, strict=True)]
        if cheapest_path(game.board, (a,), (b,),
                         weight=[0.0 if o == q else INF for o in owner]) is not None:
            continue  # one part already
        weights[r] = INF
        for o in partners:
            weights[o] = INF
        around = cheapest_path(game.board, (a,), (b,), weight=weights)
        worst = max(worst, INF if around is None else around[0] - game.route_len[r])
    return worst


def test_shared_networks_answer_as_a_plain_search() -> None:
    """Positions grown claim by claim (as in a game) and unrelated ones (started
    afresh), on USA and Europe: every seat's Detours against the plain count."""
    for name in ("usa", "europe"):
        game = Game(ttrtool.load_map(name), 3)
        rng = random.Random(5)
        detours = [Detours(game, seat) for seat in range(3)]
        every = frozenset(range(game.n_routes))
        owner = [-1] * game.n_routes
        for step in range(60):
            if step == 30:  # a new game: the shared networks start afresh
                owner = [-1] * game.n_routes
            for _ in range(3):
                r = rng.randrange(game.n_routes)
                if owner[r] < 0:
                    owner[r] = rng.randrange(3)
            now = tuple(owner)
            for seat, d in enumerate(detours):
                d.sync(now)
                gaps = d.gaps(now, every)
                for r in range(game.n_routes):
                    if now[r] < 0:
                        plain = cost_plainly(game, now, seat, r)
                        assert d.known_cost(now, r) == plain, (name, step, seat, r)
                        assert plain <= 0 or r in gaps


def test_a_position_holds_no_claims_of_another_game() -> None:
    net = PositionNetworks()
    usa, europe = (Game(ttrtool.load_map(m), 2) for m in ("usa", "europe"))
    net.sync(usa, tuple([0] * usa.n_routes))
    net.sync(europe, tuple([-1] * europe.n_routes))
    assert all(not touched for _uf, touched in net.networks)


def test_each_thread_has_its_own_positions() -> None:
    mine = (position_trails(), position_networks())
    theirs: list[object] = []
    t = threading.Thread(target=lambda: theirs.extend((position_trails(), position_networks())))
    t.start()
    t.join()
    assert mine == (position_trails(), position_networks())  # kept on this thread
    assert all(a is not b for a, b in zip(mine, theirs, strict=True))
