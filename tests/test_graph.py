"""The connectivity module: union-find, cheapest trees, R-CH-9 border points, track masks."""

from __future__ import annotations

import itertools
import random

import pytest

from ttrtool.graph import (
    INF,
    UnionFind,
    cheapest_path,
    cheapest_tree,
    components,
    joined,
    usable_tracks,
)
from ttrtool.loader import parse_map_text
from ttrtool.model import Board, build_board

HEADER = """
format: 1
meta: {id: t, name: T}
rules: {preset: switzerland%s}
"""


def board_from(body: str, junction: bool = False) -> Board:
    text = HEADER % (", countries: {junction: true}" if junction else "") + body
    doc = parse_map_text(text, "t.yaml")
    board, problems = build_board(doc.data, doc.file)
    assert problems == []
    return board


# Two cities joined to the same border point R1 of a country, and Biel also to
# its other border point R2.  Through the country they would be 2 apart; the
# only legal chain is the long route (R-CH-9).
THROUGH_COUNTRY = """
cities:
  - {name: Aarau, pos: [0, 0]}
  - {name: Biel, pos: [10, 0]}
countries:
  - name: Ruritania
    border_points: [{id: R1, pos: [0, 5]}, {id: R2, pos: [10, 5]}]
routes:
  - {a: Aarau, b: Ruritania, border_point: R1, length: 1, color: red}
  - {a: Biel, b: Ruritania, border_point: R1, length: 1, color: blue}
  - {a: Biel, b: Ruritania, border_point: R2, length: 1, color: green}
  - {a: Aarau, b: Biel, length: 6, color: gray}
tickets:
  regular:
    - {from: Aarau, to: Biel, points: 6}
"""


def node(board: Board, name: str) -> int:
    return next(n.index for n in board.nodes if n.name == name and n.kind == "city")


def test_r_ch_9_a_path_never_passes_through_a_country() -> None:
    board = board_from(THROUGH_COUNTRY)
    a, b = node(board, "Aarau"), node(board, "Biel")
    tree = cheapest_tree(board, [a])
    assert tree.cost[b] == 6.0
    assert [board.routes[i].length for i in tree.chain_to(board, b)] == [6]
    found = cheapest_path(board, [a], [b])
    assert found is not None and found[0] == 6.0
    # without the long route the two cities are not joined at all
    usable = [r.length != 6 for r in board.routes]
    assert cheapest_tree(board, [a], usable=usable).cost[b] == INF
    assert cheapest_path(board, [a], [b], usable=usable) is None


def test_r_ch_9_a_country_is_reached_through_any_border_point() -> None:
    board = board_from(THROUGH_COUNTRY)
    ruritania = {n.index for n in board.nodes if n.kind == "border"}
    assert len(ruritania) == 2
    tree = cheapest_tree(board, [node(board, "Biel")])
    assert tree.best(ruritania) == (1.0, min(ruritania))
    assert all(tree.cost[n] == 1.0 for n in ruritania)
    # from the country: every border point starts a chain
    back = cheapest_tree(board, ruritania)
    assert back.cost[node(board, "Aarau")] == 1.0 and back.cost[node(board, "Biel")] == 1.0
    assert back.chains[node(board, "Biel")] == 2  # from R1 or from R2


def test_countries_as_junctions_is_an_explicit_rules_option() -> None:
    board = board_from(THROUGH_COUNTRY, junction=True)
    a, b = node(board, "Aarau"), node(board, "Biel")
    assert cheapest_tree(board, [a]).cost[b] == 2.0


PARALLEL = """
cities:
  - {name: A, pos: [0, 0]}
  - {name: B, pos: [1, 0]}
  - {name: C, pos: [2, 0]}
  - {name: D, pos: [3, 0]}
routes:
  - {a: A, b: B, length: 1, color: red, double: AB}
  - {a: A, b: B, length: 1, color: blue, double: AB}
  - {a: B, b: D, length: 2, color: gray}
  - {a: A, b: C, length: 2, color: green}
  - {a: C, b: D, length: 1, color: gray}
  - {a: A, b: D, length: 4, color: pink}
tickets:
  regular:
    - {from: A, to: D, points: 3}
"""


def simple_paths(board: Board, start: int, goal: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def walk(n: int, seen: set[int], path: list[int]) -> None:
        if n == goal:
            out.append(tuple(path))
            return
        for ri in board.adjacency[n]:
            m = board.routes[ri].other(n)
            if m not in seen:
                walk(m, seen | {m}, path + [ri])

    walk(start, {start}, [])
    return out


def test_chain_counts_match_enumerated_cheapest_paths() -> None:
    board = board_from(PARALLEL)
    a, d = node(board, "A"), node(board, "D")
    paths = simple_paths(board, a, d)
    costs = [sum(board.routes[i].length for i in p) for p in paths]
    tree = cheapest_tree(board, [a])
    assert tree.cost[d] == min(costs) == 3
    assert tree.chains[d] == costs.count(3) == 3  # red or blue track via B, or via C


def floyd_warshall(board: Board) -> list[list[float]]:
    n = len(board.nodes)
    dist = [[0.0 if i == j else INF for j in range(n)] for i in range(n)]
    for r in board.routes:
        dist[r.a][r.b] = dist[r.b][r.a] = min(dist[r.a][r.b], float(r.length))
    for k in range(n):
        if board.nodes[k].kind == "border":
            continue  # never an intermediate node (R-CH-9)
        for i in range(n):
            for j in range(n):
                dist[i][j] = min(dist[i][j], dist[i][k] + dist[k][j])
    return dist


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_cheapest_tree_agrees_with_floyd_warshall(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    dist = floyd_warshall(board)
    for s in range(len(board.nodes)):
        assert list(cheapest_tree(board, [s]).cost) == dist[s]


def test_custom_weights_and_the_old_cheapest_path_agree(europe: Board) -> None:
    rng = random.Random(7)
    weights = [r.length + rng.random() for r in europe.routes]
    for s, t in itertools.islice(itertools.combinations(range(len(europe.nodes)), 2), 0, None, 37):
        tree = cheapest_tree(europe, [s], weights)
        old = cheapest_path(europe, [s], [t], lambda r: weights[r.index])
        assert old is not None
        assert tree.cost[t] == pytest.approx(old[0])
        assert sum(weights[i] for i in tree.chain_to(europe, t)) == pytest.approx(old[0])


def test_union_find_components_and_joined(usa: Board) -> None:
    uf = UnionFind(5)
    assert uf.union(0, 1) and uf.union(3, 4) and not uf.union(1, 0)
    assert uf.connected(0, 1) and not uf.connected(1, 3)
    assert joined(uf, [0, 2], [4, 1]) and not joined(uf, [2], [0, 3])
    whole = components(usa)
    assert len({whole.find(n.index) for n in usa.nodes}) == 1
    none = components(usa, [])
    assert len({none.find(n.index) for n in usa.nodes}) == len(usa.nodes)


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_usable_tracks_close_one_track_of_each_double(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    groups = board.double_groups()
    for players in range(board.rules.min_players, board.rules.max_players + 1):
        mask = usable_tracks(board, players)
        if players >= board.rules.both_tracks_min_players:
            assert all(mask)
            continue
        assert sum(not ok for ok in mask) == len(groups)
        for tracks in groups.values():
            assert sum(mask[r.index] for r in tracks) == 1


@pytest.mark.parametrize("name", ["europe", "switzerland"])
def test_stopping_early_keeps_the_best_target_exact(boards: dict[str, Board], name: str) -> None:
    board = boards[name]
    rng = random.Random(3)
    for _ in range(40):
        sources = rng.sample(range(len(board.nodes)), 2)
        targets = rng.sample(range(len(board.nodes)), 3)
        full = cheapest_tree(board, sources).best(targets)
        early = cheapest_tree(board, sources, stop_at=targets)
        assert early.best(targets) is not None and full is not None
        assert early.best(targets)[0] == full[0]  # type: ignore[index]


def test_route_ids_keep_letters_of_any_script() -> None:
    """Ids made from names: accents dropped, other scripts transliterated by anyascii (a
    Cyrillic map's routes do not all become 'x-x', 'x-x-2', ..., nor lose the breve of й:
    'иошкар-ола'); Latin letters as before, so the ids of maps written so far stay."""
    from ttrtool.model import slug

    names = ("St. Gallen", "Zürich", "Москва", "Йошкар-Ола", "Łódź", "Tromsø", "東京", "...")
    assert [slug(n) for n in names] == [
        "st-gallen", "zurich", "moskva", "yoshkar-ola", "łodz", "tromsø", "dongjing", "x"]


def test_one_union_find_in_the_library() -> None:
    """graph.UnionFind is the one union-find: no other module of the library writes its
    own root-finding loop (the independent re-scorer keeps one on purpose: it shares no
    code with the engine it checks)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "ttrtool"
    own = re.compile(r"(\w+)\[(\w+)\] = \1\[\1\[\2\]\]")  # parent[x] = parent[parent[x]]
    allowed = {root / "graph.py", root / "simulate" / "rescore.py"}
    found = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py"))
             if p not in allowed and own.search(p.read_text(encoding="utf-8"))]
    assert own.search("        parent[x] = parent[parent[x]]")
    assert own.search((root / "simulate" / "rescore.py").read_text(encoding="utf-8"))
    assert found == []
