"""What a trial's findings make the next deck leave out or seek."""

from __future__ import annotations

from ttrtool.design.proposing import _culprits
from ttrtool.design.trial import Trial
from ttrtool.diagnostics import Severity
from ttrtool.findings import Finding
from ttrtool.model import Board


def node(board: Board, name: str) -> int:
    return next(n.index for n in board.nodes if n.name == name and n.kind == "city")


def pair(board: Board, a: str, b: str) -> tuple[int, int]:
    x, y = node(board, a), node(board, b)
    return min(x, y), max(x, y)


def trial(board: Board, *found: Finding) -> Trial:
    return Trial(board, (), tuple(f for f in found if f.code.startswith("TTR5")),
                 tuple(f for f in found if f.code.startswith("TTR6")), ())


def test_a_finding_naming_a_ticket_leaves_it_out(usa: Board) -> None:
    f = Finding("TTR608", Severity.WARNING, "harder in play", {"tickets": ("regular-1",)},
                players=(3,))
    assert _culprits(trial(usa, f)) == ({pair(usa, "Boston", "Miami")}, set())
    info = Finding("TTR608", Severity.INFO, "a little harder", {"tickets": ("regular-1",)})
    assert _culprits(trial(usa, info)) == (set(), set())


def test_routes_nobody_needs_are_sought(usa: Board) -> None:
    route = usa.routes[0]
    f = Finding("TTR602", Severity.INFO, "never claimed", {"routes": (route.id,)})
    assert _culprits(trial(usa, f)) == (set(), {route.index})


def test_a_raced_route_loses_the_shorter_half_of_its_tickets(usa: Board) -> None:
    route = next(r for r in usa.routes if {r.a_name, r.b_name} == {"Portland", "Seattle"})
    f = Finding("TTR607", Severity.WARNING, "raced", {"routes": (route.id,)}, players=(4,))
    blamed, _ = _culprits(trial(usa, f))
    # of the official tickets through Portland–Seattle (Seattle–Los Angeles 9 and
    # Portland–Nashville 17 and ...), the shorter half
    assert pair(usa, "Los Angeles", "Seattle") in blamed
    assert pair(usa, "Nashville", "Portland") not in blamed


def test_crossings_into_a_region_beyond_one_a_city_are_left_out(europe: Board) -> None:
    f = Finding("TTR514", Severity.WARNING, "behind ferries",
                {"cities": ("Edinburgh", "London")})
    blamed, _ = _culprits(trial(europe, f))
    crossing = [t for t in europe.tickets
                if len({europe.nodes[min(t.origin_nodes)].name,
                        europe.nodes[min(t.destinations[0].nodes)].name}
                       & {"Edinburgh", "London"}) == 1]
    ends = {europe.nodes[n].name for t in crossing
            for n in (min(t.origin_nodes), min(t.destinations[0].nodes))} & {"Edinburgh",
                                                                             "London"}
    assert len(blamed) == len(crossing) - len(ends)
