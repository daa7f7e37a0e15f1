"""End-game bonuses as a list (R-VAR-6..9 of docs/variants.md; R-SCORE-3)."""

from __future__ import annotations

import random

from ttrtool.engine import Game, PlayerResult, ScoreBreakdown
from ttrtool.engine.bonuses import _two_edge_joined, award, largest_network, multi_path_tickets
from ttrtool.engine.scoring import rank_winners
from ttrtool.engine.tickets import TicketResult
from ttrtool.rules import Bonus, Rules, resolve_rules
from ttrtool.simulate.rescore import route_disjoint_paths

from .helpers import position, route, ticket, tiny_board

MARKET = ["pink", "pink", "white", "white", "orange"]


def rules(block: dict[str, object]) -> Rules:
    return Rules.from_data(resolve_rules(block), None)


def test_r_var_6_without_a_list_the_longest_path_key_is_the_one_bonus() -> None:
    assert rules({}).bonuses == (Bonus("longest_path", "Longest Continuous Path", 10),)
    assert rules({"preset": "europe"}).bonuses[0].name == "European Express"
    assert rules({"longest_path": {"bonus": 0}}).bonuses == ()
    listed = rules({"bonuses": [{"type": "most_tickets", "points": 15}]})
    assert listed.bonuses == (Bonus("most_tickets", "Globetrotter", 15),)
    assert listed.longest_path_bonus == 0


def test_r_var_6_ties_all_score_unless_the_bonus_says_none() -> None:
    assert award(Bonus("longest_path", "L", 10), [7, 9, 9]) == [0, 10, 10]
    assert award(Bonus("longest_path", "L", 10, ties="none"), [7, 9, 9]) == [0, 0, 0]
    assert award(Bonus("longest_path", "L", 10, ties="none"), [7, 9, 3]) == [0, 10, 0]
    assert award(Bonus("most_tickets", "G", 10), [0, 0]) == [0, 0]  # nothing to hold


def test_r_var_6_tie_breakers_may_name_a_bonus() -> None:
    r = rules({"bonuses": [{"type": "most_tickets", "points": 10},
                           {"type": "multi_path_tickets", "table": [5, 10]}],
               "tie_breakers": ["most_tickets", "multi_path_tickets"]})

    def pr(seat: int, bonuses: tuple[tuple[str, int], ...]) -> PlayerResult:
        return PlayerResult(seat, 50, 0, ScoreBreakdown(50, 0, 0, 0, bonuses), 0, (), (), (), (),
                            0)

    assert rank_winners(r, [pr(0, (("most_tickets", 0), ("multi_path_tickets", 10))),
                            pr(1, (("most_tickets", 10), ("multi_path_tickets", 0)))]) == (1,)
    assert rank_winners(r, [pr(0, (("most_tickets", 10), ("multi_path_tickets", 10))),
                            pr(1, (("most_tickets", 10), ("multi_path_tickets", 5)))]) == (0,)


def test_r_var_7_most_completed_tickets_scores_the_globetrotter() -> None:
    board = tiny_board([route("A", "B", 1, "red"), route("B", "C", 1, "blue"),
                        route("C", "D", 1, "green")],
                       tickets={"regular": [ticket("A", "B", 2), ticket("B", "C", 2),
                                            ticket("C", "D", 2)]},
                       rules={"preset": "nordiccountries"})
    g = Game(board, 2)
    st = position(g, market=MARKET, deck=["pink"], tickets={0: [0, 1], 1: [2]})
    st.complete_claim(0, 0)
    st.complete_claim(0, 1)
    st.complete_claim(1, 2)
    result = st.score()
    assert [p.breakdown.bonuses for p in result.players] == [(("most_tickets", 10),),
                                                             (("most_tickets", 0),)]
    assert result.players[0].score == 2 + 4 + 10
    assert result.players[0].breakdown.longest == 0  # Nordic has no longest-path bonus


def test_r_var_8_largest_network_counts_cities_of_one_network() -> None:
    board = tiny_board([route("A", "B", 1, "red"), route("B", "C", 1, "blue"),
                        route("D", "E", 3, "green"), route("E", "F", 3, "red"),
                        route("F", "D", 3, "pink")],
                       rules={"bonuses": [{"type": "largest_network", "points": 10}]})
    g = Game(board, 2)
    assert largest_network(g, [0, 1]) == 3
    assert largest_network(g, [0, 2, 3, 4]) == 3
    assert largest_network(g, [0, 2, 3]) == 3
    assert largest_network(g, []) == 0
    st = position(g, market=MARKET, deck=["pink"])
    for r in (0, 1):
        st.complete_claim(0, r)
    st.complete_claim(1, 2)
    result = st.score()
    assert [p.network for p in result.players] == [3, 2]
    assert [p.breakdown.bonus("largest_network") for p in result.players] == [10, 0]


def test_r_var_9_a_ticket_joined_by_two_route_disjoint_paths_counts() -> None:
    board = tiny_board([route("A", "B", 1, "red"), route("B", "C", 1, "blue"),
                        route("A", "C", 2, "green"), route("C", "D", 1, "pink"),
                        route("D", "E", 1, "red"), route("C", "E", 1, "white")],
                       tickets={"regular": [ticket("A", "C", 3), ticket("A", "D", 4),
                                            ticket("B", "E", 4)]},
                       rules={"preset": "india"})
    g = Game(board, 2)
    done = [TicketResult(t, True, 0, 0) for t in range(3)]
    # a loop A-B-C-A: A-C has two paths; A-D crosses the cut edge C-D
    assert multi_path_tickets(g, [0, 1, 2, 3], done) == 1
    # two loops that meet at C (the paths may cross at a city): B-E has two paths
    assert multi_path_tickets(g, [0, 1, 2, 3, 4, 5], done) == 3
    # a line only
    assert multi_path_tickets(g, [0, 1, 3], done) == 0
    # an open ticket never counts
    assert multi_path_tickets(g, [0, 1, 2], [TicketResult(0, False, 0, 0)]) == 0


def test_r_var_9_the_table_scores_one_to_five_or_more_tickets() -> None:
    grand = rules({"preset": "india"}).bonus("multi_path_tickets")
    assert grand is not None
    assert [grand.points_for_count(n) for n in range(8)] == [0, 5, 10, 20, 30, 40, 40, 40]
    assert award(grand, [0, 2, 6]) == [0, 10, 40]


def test_r_var_9_engine_and_rescorer_agree_on_random_networks() -> None:
    """Two algorithms: a cut-edge test on merged ends (engine) and augmenting paths
    (re-scorer) give the same answer on thousands of small random networks."""
    rng = random.Random(11)
    for _ in range(3000):
        n = rng.randint(2, 7)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(1, 9))]
        edges = [(a, b) for a, b in edges if a != b]
        s, t = rng.sample(range(n), 2)
        engine = _two_edge_joined(edges, frozenset({s}), frozenset({t}))
        named = [(f"c{a}", f"c{b}") for a, b in edges]
        assert engine == (route_disjoint_paths(named, f"c{s}", f"c{t}") >= 2), (edges, s, t)
