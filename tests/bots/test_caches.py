"""The bots' speed caches give exactly what working from scratch gives.

Each strategic bot keeps some answers for as long as their inputs stay the
same (benchmarks/notes/bots.md, "Speed (issue 13, the bots' part)"); the expert
also grows what it knows of each player's longest trail as routes are claimed.  Here
every bot of seeded games checks, at each of its decisions, each cache against a
recomputation written out plainly (the code the caches replaced), then decides as
usual; the games are played by those checking bots through ``simulate``'s table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from ttrtool.bots.destination_hungry import DestinationHungry
from ttrtool.bots.expert import Expert
from ttrtool.bots.hand_plans import track_choices
from ttrtool.bots.long_route_junkie import LongRouteJunkie
from ttrtool.bots.one_step_thinker import OneStepThinker
from ttrtool.bots.planning import StrategicBot
from ttrtool.bots.route_focus import RouteFocus
from ttrtool.engine.actions import Action
from ttrtool.engine.claims import group_open
from ttrtool.engine.longest import longest_trail
from ttrtool.engine.view import PlayerView
from ttrtool.graph import INF
from ttrtool.model import Board
from ttrtool.simulate.playout import Table

CHECKS: dict[str, int] = {}


def count(name: str) -> None:
    CHECKS[name] = CHECKS.get(name, 0) + 1


def closed_from_scratch(bot: StrategicBot, owner: Sequence[int], route: int) -> bool:
    if owner[route] >= 0:
        return owner[route] != bot.seat
    return not group_open(owner, bot.partners[route], bot.game.group_cap[route], bot.seat)


def path_weights_from_scratch(bot: StrategicBot, owner: Sequence[int],
                              free: set[int]) -> list[float]:
    weights = list(bot.base_weights)
    for r in free:
        weights[r] = 0.0
    for r, o in enumerate(owner):
        if o >= 0:
            weights[r] = 0.0 if o == bot.seat else INF
    for r in bot.doubled:
        if owner[r] < 0 and closed_from_scratch(bot, owner, r):
            weights[r] = INF
    return weights


def completion_gain_from_scratch(bot: OneStepThinker, owner: Sequence[int], route: int) -> int:
    gain = 0
    for t in bot.open_tickets:
        left = [r for r in bot._paths.get(t, ()) if owner[r] != bot.seat]
        if left == [route]:
            gain += 2 * max(p for _, p in bot.game.ticket_dests[t])
    return gain


def trail_from_scratch(bot: Expert, routes: list[int]) -> int:
    g = bot.game
    return longest_trail(routes, g.route_a, g.route_b, g.route_len, g.terminal)


def check_trails(bot: Expert, owner: Sequence[int], rng: random.Random) -> None:
    """The expert's longest-path block (TrailWorth: gain, others, worth) against
    whole-network searches (the code it replaced), for the routes touching its
    network and a few others, once per board."""
    if getattr(bot, "checked_owner", None) == owner:
        return
    bot.checked_owner = tuple(owner)  # type: ignore[attr-defined]
    g, seat = bot.game, bot.seat
    mine = [r for r, o in enumerate(owner) if o == seat]
    base = trail_from_scratch(bot, mine)
    theirs: dict[int, list[int]] = {}
    for r, o in enumerate(owner):
        if o >= 0 and o != seat:
            theirs.setdefault(o, []).append(r)
    others = max((trail_from_scratch(bot, rs) for rs in theirs.values()), default=0)
    for board in (list(owner), owner):
        assert bot.trail.others(board) == others
    places = {g.route_a[r] for r in mine} | {g.route_b[r] for r in mine}
    for r in range(g.n_routes):
        if owner[r] < 0 and (g.route_a[r] in places or g.route_b[r] in places
                             or rng.random() < 0.05):
            gain = trail_from_scratch(bot, mine + [r]) - base
            assert bot.trail.gain(owner, r) == gain
            worth: float = gain
            if gain and bot.path_lead is not None:
                worth = max(0.0, min(gain, others + bot.path_lead - base))
            assert bot.trail.worth(owner, r) == bot.trail_weight * worth
            count("trail gains")


def check(bot: StrategicBot, view: PlayerView) -> None:
    """Every cache of ``bot`` against its recomputation, on this position and on
    a copy of it as a list (the caches must not care which object they get)."""
    owner = view.route_owner
    rng = random.Random(view.turn * 7 + bot.seat)
    n = bot.game.n_routes
    some = {r for r in range(n) if rng.random() < 0.2}
    for board in (owner, list(owner)):
        assert bot.closed_routes(board) == [closed_from_scratch(bot, board, r)
                                            for r in range(n)]
        for free in (set(), set(bot.needed), some):
            assert bot.path_weights(board, free) == path_weights_from_scratch(bot, board, free)
        count("position")
    if isinstance(bot, OneStepThinker):
        gains = bot.completion_gains(owner)
        for r in range(n):
            assert gains.get(r, 0) == completion_gain_from_scratch(bot, owner, r)
        count("completion gains")


class Checked:
    """Mixed into a bot: check its caches before each decision."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        assert isinstance(self, StrategicBot)
        check(self, view)
        count(type(self).__name__)
        action: Action = super().choose(view, actions)  # type: ignore[misc]
        return action


class CheckedRouteFocus(Checked, RouteFocus):
    pass


class CheckedDestinationHungry(Checked, DestinationHungry):
    pass


class CheckedOneStepThinker(Checked, OneStepThinker):
    pass


class CheckedLongRouteJunkie(Checked, LongRouteJunkie):
    pass


class TrailCheckedExpert(Expert):
    """An expert that checks its longest-path block before each decision (its
    plans' weights follow its hand, so ``check`` does not fit it)."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        if self.trail_weight:
            check_trails(self, view.route_owner, random.Random(view.turn * 7 + self.seat))
        return super().choose(view, actions)


def expert_weights_from_scratch(bot: Expert, owner: Sequence[int], free: set[int],
                                hand: Sequence[int]) -> list[float]:
    """The expert's planning costs: the plain ones, each open route's cut by ``hand_bias``
    of the share of it the cards in hand of its colour pay (gray: the colour held most)."""
    weights = path_weights_from_scratch(bot, owner, free)
    if not bot.hand_bias or not hand:
        return weights
    most = max(hand[:bot.loco])
    out = []
    for w, c, n in zip(weights, bot.colors, bot.lengths, strict=True):
        held = hand[c] if c >= 0 else most
        out.append(w * (1.0 - bot.hand_bias * min(held, n) / n) if 0.0 < w < INF else w)
    return out


class WeightsCheckedExpert(Expert):
    """An expert that checks its planning costs (kept while owners, free routes and hand
    stay: Expert.path_weights) before each decision, and that each is a list of its own;
    and the tracks it may swap (kept while owners and plan stay: Replans.pick_tracks)."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        seen = self.replans.picked
        if seen[0] is view.route_owner and seen[1] is self.plan_cards():
            assert seen[3] == track_choices(self, view.route_owner)
            count("expert tracks")
        self._hand = view.hand
        rng = random.Random(view.turn * 7 + self.seat)
        some = {r for r in range(self.game.n_routes) if rng.random() < 0.2}
        for board in (view.route_owner, list(view.route_owner)):
            for free in (set(), set(self.needed), some, set(self.needed)):
                weights = self.path_weights(board, free)
                assert weights == expert_weights_from_scratch(self, board, free, view.hand)
                weights[0] = -1.0  # a caller's change stays its own
                count("expert weights")
        return super().choose(view, actions)


HERE = "tests.bots.test_caches:"
# The four archetypes, so that a table of up to four seats them all (with more bots than
# seats, simulate's seating would leave the last ones out).  The expert's plans follow its
# hand, which ``check`` does not model: its longest-path block is checked below.
CHECKED = tuple(HERE + c.__name__ for c in (
    CheckedDestinationHungry, CheckedRouteFocus, CheckedOneStepThinker, CheckedLongRouteJunkie))
PLAIN = ("destination-hungry", "route-focus", "one-step-thinker", "long-route-junkie")


def plain_log(record: dict[str, Any], names: dict[str, str] | None = None
              ) -> dict[str, Any]:
    """A game's record with the checking bots' names replaced by the bots they check
    (``names``; the archetypes' by default)."""
    names = names or dict(zip(CHECKED, PLAIN, strict=True))
    record["bots"] = [names[b] for b in record["bots"]]
    for p in record["results"]:
        p["bot"] = names[p["bot"]]
    return record


@pytest.mark.parametrize(("map_id", "players"), [
    ("usa", 2), ("usa", 4), ("europe", 3), ("switzerland", 3), ("nordiccountries", 3),
    ("india", 4)])
def test_caches_agree_with_recomputation_in_seeded_games(
        map_id: str, players: int, boards: dict[str, Board],
        variant_boards: dict[str, Board]) -> None:
    board = {**boards, **variant_boards}[map_id]
    CHECKS.clear()
    checked = Table(board, players, CHECKED)
    plain = Table(board, players, PLAIN)
    seated: set[str] = set()
    for number in range(3):
        played = checked.play(5, number, log_actions=True)
        seated.update(played["bots"])
        record = plain_log(played)
        # the checks read only: the games are those of the bots they check
        assert record == plain.play(5, number, log_actions=True)
    # every bot seated was checked at its decisions
    assert seated and all(CHECKS.get(name.removeprefix(HERE), 0) > 0 for name in seated)
    assert CHECKS["position"] > 200
    assert CHECKS["completion gains"] > 20


@pytest.mark.parametrize(("map_id", "players"), [
    ("usa", 4), ("europe", 4), ("switzerland", 3), ("india", 4)])
def test_the_experts_longest_path_agrees_with_whole_network_searches(
        map_id: str, players: int, boards: dict[str, Board],
        variant_boards: dict[str, Board]) -> None:
    """Experts in every seat (the table above seats few), checked once per board."""
    board = {**boards, **variant_boards}[map_id]
    CHECKS.clear()
    names = {HERE + TrailCheckedExpert.__name__: "expert"}
    checked = Table(board, players, tuple(names))
    plain = Table(board, players, ("expert",))
    for number in range(2):
        record = plain_log(checked.play(6, number, log_actions=True), names)
        assert record == plain.play(6, number, log_actions=True)
    assert CHECKS["trail gains"] > 300


@pytest.mark.parametrize(("map_id", "players"), [("usa", 4), ("europe", 3), ("india", 4)])
def test_the_experts_planning_costs_agree_with_recomputation(
        map_id: str, players: int, boards: dict[str, Board],
        variant_boards: dict[str, Board]) -> None:
    board = {**boards, **variant_boards}[map_id]
    CHECKS.clear()
    names = {HERE + WeightsCheckedExpert.__name__: "expert"}
    checked = Table(board, players, tuple(names))
    plain = Table(board, players, ("expert",))
    record = plain_log(checked.play(6, 0, log_actions=True), names)
    assert record == plain.play(6, 0, log_actions=True)
    assert CHECKS["expert weights"] > 1000
    assert CHECKS["expert tracks"] > 50
