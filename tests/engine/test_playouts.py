"""Seeded random playouts on the bundled maps at every player count, with the
invariants checked after every action (cards, trains, stations, tickets
conserved; routes owned once; double-route rules per player count, R-CLAIM-5
and R-CH-5; running score equals a recount), and determinism."""

from __future__ import annotations

import random

import pytest

from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game, GameState
from ttrtool.engine.invariants import check_invariants
from ttrtool.engine.scoring import rescore
from ttrtool.model import Board

GAMES_PER_CASE = 8
CASES = [("usa", n) for n in range(2, 6)] + [("europe", n) for n in range(2, 6)] + [
    ("switzerland", 2), ("switzerland", 3)]


def playout(game: Game, seed: int, check: bool) -> GameState:
    st = game.new_state(seed)
    bots = [RandomBot(game, p, random.Random(seed * 100 + p)) for p in range(game.players)]
    while not st.is_over:
        actions = st.legal_actions()
        assert actions
        p = st.current_player
        st.apply(bots[p].choose(st.view(p), actions))
        if check:
            problems = check_invariants(st)
            assert not problems, (seed, len(st.history), problems)
    return st


@pytest.mark.parametrize("map_id,players", CASES)
def test_random_playouts_keep_every_invariant(boards: dict[str, Board], map_id: str,
                                              players: int) -> None:
    game = Game(boards[map_id], players)
    for seed in range(GAMES_PER_CASE):
        st = playout(game, seed, check=True)
        res = st.result()
        assert res.end_reason in ("normal", "stalled", "turn_cap")
        assert [p.score for p in res.players] == rescore(game.board, res)
        assert res.winners and res.turns == st.turn


@pytest.mark.parametrize("map_id", ["usa", "europe", "switzerland"])
def test_same_seed_same_game(boards: dict[str, Board], map_id: str) -> None:
    game = Game(boards[map_id], 2)
    a = [act.text for _, act in playout(game, 42, check=False).history]
    b = [act.text for _, act in playout(game, 42, check=False).history]
    c = [act.text for _, act in playout(game, 43, check=False).history]
    assert a == b and a != c


def test_clone_plays_on_identically(usa: Board) -> None:
    game = Game(usa, 3)
    st = game.new_state(5)
    rng = random.Random(1)
    for _ in range(60):
        st.apply(rng.choice(st.legal_actions()))
    copy = st.clone()
    rng_a, rng_b = random.Random(2), random.Random(2)
    while not st.is_over:
        st.apply(rng_a.choice(st.legal_actions()))
        copy.apply(rng_b.choice(copy.legal_actions()))
    assert [a.text for _, a in st.history] == [a.text for _, a in copy.history]
    assert st.result() == copy.result()


def test_replaying_the_history_text_gives_the_same_result(europe: Board) -> None:
    from ttrtool.engine import parse_action

    game = Game(europe, 3)
    st = playout(game, 8, check=False)
    again = game.new_state(8)
    for player, action in st.history:
        assert again.current_player == player
        again.apply(parse_action(action.text))
    assert again.result() == st.result()


def test_same_seed_same_game_in_fresh_processes_with_any_hash_seed() -> None:
    import os
    import subprocess
    import sys

    code = (
        "import random, hashlib, ttrtool\n"
        "from ttrtool.engine import Game\n"
        "g = Game(ttrtool.load_map('europe'), 3)\n"
        "st = g.new_state(77)\n"
        "rng = random.Random(5)\n"
        "while not st.is_over:\n"
        "    st.apply(rng.choice(st.legal_actions()))\n"
        "text = '\\n'.join(a.text for _, a in st.history) + repr(st.result())\n"
        "print(hashlib.sha256(text.encode()).hexdigest())\n"
    )
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env=env)
        digests.add(out.stdout.strip())
    assert len(digests) == 1
