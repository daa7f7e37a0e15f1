"""Mountain routes (R-VAR-10 of docs/variants.md): extra trains discarded, points for each."""

from __future__ import annotations

import random

from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game
from ttrtool.engine.invariants import check_invariants
from ttrtool.engine.scoring import rescore
from ttrtool.simulate.playout import Table
from ttrtool.simulate.rescore import rescore as rescore_record

from .helpers import play, position, route, tiny_board

MARKET = ["pink", "pink", "white", "white", "orange"]
RULES = {"mountains": {"allowed": True, "points": 2}, "trains_per_player": 6,
         "end_trigger_trains": 0}


def test_r_var_10_a_mountain_takes_and_scores_its_extra_trains() -> None:
    board = tiny_board([route("A", "B", 2, "red", mountains=2), route("B", "C", 3, "blue")],
                       rules=RULES)
    g = Game(board, 2)
    st = position(g, hands={0: {"red": 2, "blue": 3}}, market=MARKET, deck=["pink"])
    play(st, "claim r0 red x2 loco0")
    assert st.trains[0] == 6 - 2 - 2
    assert st.route_score[0] == 2 + 2 * 2
    st.current_player = 0
    st._legal = None
    # 3 trains needed for blue, 2 left: the player needs the trains, not only the cards
    assert not [a for a in st.legal_actions() if a.text.startswith("claim r1")]


def test_r_var_10_without_the_rule_a_mountain_is_refused_and_ignored() -> None:
    board = tiny_board([route("A", "B", 2, "red", mountains=1)],
                       rules={"mountains": {"allowed": False}})
    g = Game(board, 2)
    assert g.route_trains == (2,) and g.route_points == (2,)


def test_r_var_10_random_games_keep_every_invariant_and_rescore() -> None:
    cities = [f"C{i}" for i in range(6)]
    routes = [route(cities[i], cities[i + 1], 2, c, mountains=i % 3)
              for i in range(5) for c in ("red", "blue")[: 1 + i % 2]]
    routes += [route("C0", "C3", 3, "green", mountains=1), route("C2", "C5", 4, "gray")]
    for r, name in zip(routes, range(len(routes)), strict=True):
        if r["color"] == "blue":
            r["double"] = f"d{name}"
            routes[name - 1]["double"] = f"d{name}"
    board = tiny_board(routes, rules={**RULES, "trains_per_player": 10,
                                      "players": {"min": 2, "max": 3}})
    for players in (2, 3):
        g = Game(board, players)
        for seed in range(4):
            st = g.new_state(seed)
            bots = [RandomBot(g, p, random.Random(seed + p)) for p in range(players)]
            while not st.is_over:
                st.apply(bots[st.current_player].choose(st.view(st.current_player),
                                                         st.legal_actions()))
                assert check_invariants(st) == []
            res = st.result()
            assert [p.score for p in res.players] == rescore(board, res)
        record = Table(board, players, ("random",)).play(3, 0, check_invariants=True)
        assert rescore_record(record) == []
        assert record["scoring"]["mountain_points"] == 2
        assert any(r.get("mountains") for p in record["results"] for r in p["claimed"])


def test_r_var_10_and_r_var_6_the_variant_example_plays_and_rescores() -> None:
    """tests/cases/valid/mountains.yaml: every variant key at once, at 2 and 3 players."""
    from pathlib import Path

    import jsonschema

    import ttrtool
    from ttrtool.bots import DEFAULT_BOTS
    from ttrtool.resources import load_schema

    validator = jsonschema.Draft7Validator(load_schema("game-log"))
    path = Path(__file__).resolve().parents[1] / "cases" / "valid" / "mountains.yaml"
    board = ttrtool.load_map(str(path))
    for players in (2, 3):
        for game in range(2):
            record = Table(board, players, DEFAULT_BOTS).play(1, game, log_actions=True,
                                                              check_invariants=True)
            assert list(validator.iter_errors(record)) == []
            assert rescore_record(record) == []
            assert all("network" in p for p in record["results"])
