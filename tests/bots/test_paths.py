"""A resumed PathSearch answers exactly what a fresh search, cheapest_path, answers
(cost, routes, ties).

The bots ask one search for many target sets (a ticket's several destinations,
R-CH-3; the tickets of a draw that start from the same place); each answer
must be the chain ``cheapest_path`` would return for the same arguments.
``cheapest_path`` itself is checked against its own oracles in tests/test_graph.py.
"""

from __future__ import annotations

import random

import pytest

from ttrtool.graph import INF, PathSearch, cheapest_path
from ttrtool.model import Board


@pytest.mark.parametrize("map_id", ["usa", "europe", "switzerland", "nordiccountries", "india"])
def test_path_search_agrees_with_cheapest_path(map_id: str, boards: dict[str, Board],
                                               variant_boards: dict[str, Board]) -> None:
    board = {**boards, **variant_boards}[map_id]
    rng = random.Random(map_id)
    n, m = len(board.nodes), len(board.routes)
    borders = [node.index for node in board.nodes if node.kind == "border"]
    asked = found = 0
    for _ in range(150):
        # few distinct weights make many ties; some routes free, some (or many) closed
        closed = rng.choice((0.05, 0.1, 0.6))
        weights = [INF if rng.random() < closed else rng.choice((0.0, 1.0, 2.0, 2.0, 3.0, 1.5))
                   for _ in range(m)]
        sources = rng.sample(range(n), rng.choice((1, 1, 2, 3)))
        if borders and rng.random() < 0.2:
            sources.append(rng.choice(borders))
        search = PathSearch(board, sources, weights)
        for _ in range(rng.randint(1, 8)):
            targets = rng.sample(range(n), rng.choice((1, 1, 2, 4)))
            if borders and rng.random() < 0.3:
                targets.append(rng.choice(borders))
            if rng.random() < 0.05:
                targets.append(sources[0])
            expected = cheapest_path(board, sources, targets, weight=weights)
            # asked with a cost limit first, on a search of its own: the same answer when
            # it costs less, none otherwise
            limit = rng.choice((0.5, 2.0, 4.0, 8.0, INF))
            want = expected if expected is not None and expected[0] < limit else None
            assert PathSearch(board, sources, weights).path_within(targets, limit) == want
            # ... and on the shared search, which a stop at the limit leaves to go on
            if rng.random() < 0.5:
                assert search.path_within(targets, limit) == want
            assert search.path(targets) == expected
            asked += 1
            found += expected is not None
    assert asked > 500 and 0 < found < asked
