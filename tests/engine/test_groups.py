"""Parallel groups of any size (R-VAR-4, R-VAR-5 of docs/variants.md; R-CLAIM-5, R-CH-5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import Game, IllegalAction, parse_action
from ttrtool.engine.invariants import check_invariants
from ttrtool.graph import usable_tracks
from ttrtool.validate import validate_file

from .helpers import play, position, route, tiny_board

ROOT = Path(__file__).resolve().parents[2]
MARKET = ["pink", "pink", "white", "white", "orange"]
HAND = {"red": 3, "blue": 3, "green": 3, "yellow": 3}
TRIPLE = (route("A", "B", 2, "red", double="T"), route("A", "B", 2, "blue", double="T"),
          route("A", "B", 2, "green", double="T"))


def triple(rules: dict[str, object] | None = None) -> Game:
    board = tiny_board([*TRIPLE, route("B", "C", 1, "yellow")], rules=rules)
    return Game(board, 5 if rules is None else 3)


def claimable(st: object, player: int) -> set[int]:
    from ttrtool.engine.claims import route_open_to

    return {r for r in range(3) if route_open_to(st.game, st.owner, player, r)}  # type: ignore[arg-type]


def test_r_var_4_a_triple_with_default_rules_every_track_at_five_players() -> None:
    g = triple()
    st = position(g, hands={p: dict(HAND) for p in range(5)}, market=MARKET, deck=["pink"] * 9)
    play(st, "claim r0 red x2 loco0")
    assert claimable(st, 0) == set()  # never two tracks of one group to one player
    assert claimable(st, 1) == {1, 2}
    play(st, "claim r1 blue x2 loco0")
    assert claimable(st, 2) == {2}
    with pytest.raises(IllegalAction):
        st.apply(parse_action("claim r1 blue x2 loco0"))


@pytest.mark.parametrize("players,usable", [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_r_var_4_usable_tracks_by_player_count(players: int, usable: int) -> None:
    rules = {"players": {"min": 2, "max": 5},
             "double_routes": {"usable_tracks": {"2": 1, "3": 2, "5": 3}}}
    board = tiny_board(list(TRIPLE), rules=rules)
    assert board.rules.usable_tracks(players, 3) == usable
    assert board.rules.usable_tracks(players, 2) == min(usable, 2)
    g = Game(board, players)
    st = position(g, hands={p: dict(HAND) for p in range(players)}, market=MARKET,
                  deck=["pink"] * 9)
    claimed = 0
    for p in range(players):
        st.current_player = p
        st._legal = None
        acts = [a for a in st.legal_actions() if a.text.startswith("claim")]
        if not acts:
            break
        st.apply(acts[0])
        claimed += 1
    assert claimed == min(usable, players)
    assert sum(usable_tracks(board, players)) == usable


def test_r_var_4_and_r_claim_5_the_old_key_keeps_its_meaning() -> None:
    board = tiny_board(list(TRIPLE[:2]), rules={"double_routes": {"both_tracks_min_players": 3}})
    assert board.rules.usable_tracks(2, 2) == 1
    assert board.rules.usable_tracks(3, 2) == 2
    assert board.rules.both_tracks_usable(3) and not board.rules.both_tracks_usable(2)


def test_r_var_4_random_games_never_give_two_tracks_of_a_triple_to_one_player() -> None:
    """Seeded random games on a board of triples: the invariants hold after every action."""
    cities = [f"C{i}" for i in range(6)]
    routes = []
    for i in range(5):
        for colour in ("red", "blue", "green"):
            routes.append(route(cities[i], cities[i + 1], 2, colour, double=f"g{i}"))
    routes.append(route("C0", "C5", 3, "yellow"))
    board = tiny_board(routes, rules={"players": {"min": 2, "max": 5}, "trains_per_player": 12,
                                      "double_routes": {"usable_tracks": {"2": 2, "4": 3}}})
    for players in (2, 3, 5):
        g = Game(board, players)
        for seed in range(3):
            st = g.new_state(seed)
            bots = [RandomBot(g, p, random.Random(seed * 10 + p)) for p in range(players)]
            while not st.is_over:
                st.apply(bots[st.current_player].choose(st.view(st.current_player),
                                                         st.legal_actions()))
                assert check_invariants(st) == []
            for r in range(len(board.routes)):
                owners = [st.owner[q] for q in (r, *g.partners[r]) if st.owner[q] >= 0]
                assert len(owners) == len(set(owners)) <= g.group_cap[r]


def test_r_var_5_tracks_of_a_group_may_differ_when_the_rules_say_so(tmp_path: Path) -> None:
    case = tmp_path / "differ.yaml"
    base = """format: 1
meta: {id: differ, name: Differ}
rules: {players: {min: 2, max: 3}, trains_per_player: 8, tunnels: {allowed: true},
        double_routes: {tracks_may_differ: DIFFER}}
cities:
  - {name: Aston, pos: [10, 10]}
  - {name: Bury, pos: [200, 10]}
  - {name: Crewe, pos: [200, 200]}
routes:
  - {a: Aston, b: Bury, length: 2, color: red, kind: tunnel, double: AB}
  - {a: Aston, b: Bury, length: 3, color: blue, double: AB}
  - {a: Bury, b: Crewe, length: 3, color: gray}
  - {a: Aston, b: Crewe, length: 4, color: green}
tickets:
  regular:
    - {from: Aston, to: Crewe, points: 5}
    - {from: Bury, to: Crewe, points: 4}
    - {from: Aston, to: Bury, points: 3}
"""
    case.write_text(base.replace("DIFFER", "false"), encoding="utf-8")
    codes = {d.code for d in validate_file(str(case)).diagnostics}
    assert {"TTR302", "TTR319"} <= codes
    case.write_text(base.replace("DIFFER", "true"), encoding="utf-8")
    codes = {d.code for d in validate_file(str(case)).diagnostics}
    assert not {"TTR302", "TTR319"} & codes
    board = tiny_board([route("A", "B", 2, "red", kind="tunnel", double="D"),
                        route("A", "B", 3, "blue", double="D")],
                       rules={"players": {"min": 2, "max": 3}, "tunnels": {"allowed": True},
                              "double_routes": {"tracks_may_differ": True,
                                                "both_tracks_min_players": 3}})
    g = Game(board, 2)
    st = position(g, hands={0: dict(HAND), 1: dict(HAND)}, market=MARKET, deck=["pink"] * 9)
    play(st, "claim r1 blue x3 loco0")
    st.current_player = 1
    st._legal = None
    assert not [a for a in st.legal_actions() if a.text.startswith("claim r0")]
