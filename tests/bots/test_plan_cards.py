"""The strategic archetypes keep the cards their open plan takes (``keep_plan_cards``).

On Nordic Countries the only way into Kirkenes without a ferry is the 5-space blue
Rovaniemi-Kirkenes, and locomotives play only on ferries and tunnels (R-VAR-1): five
blue cards.  Route Focus and the Long Route Junkie used to pay claims for points with
the blue they were collecting, and ferries with "any 3 cards" sets (R-VAR-3) that the
engine takes from the colour held most, even with a locomotive in hand.  Each test
here is a small board where the old way (``keep_plan_cards = False``, still the way of
expert-2025) spends the plan's cards and the new way does not.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.bots.test_expert import seat0_view
from tests.engine.helpers import route, ticket, tiny_board
from ttrtool.bots.expert import Expert2025
from ttrtool.bots.long_route_junkie import LongRouteJunkie
from ttrtool.bots.planning import StrategicBot
from ttrtool.bots.route_focus import RouteFocus
from ttrtool.engine.actions import Action, ClaimRoute, DrawFaceUp
from ttrtool.engine.game import Game
from ttrtool.model import Board

# H-R is the bot's; R-K (5 blue) is the way in; S-T (gray 4) and S-U (gray 5) are
# worth points only.
ROUTES = [
    route("H", "R", 2, "red"),  # r0
    route("R", "K", 5, "blue"),  # r1
    route("S", "T", 4),  # r2
    route("T", "U", 5),  # r3
]
TICKETS = {"regular": [ticket("H", "K", 13), ticket("S", "U", 9)]}
# 24 cards, so the shared policy claims for points (docs/bots.md, "Late game"); of the
# colours only blue and green pay the gray 4, and blue comes first in card order.
FULL_HAND = {"blue": 4, "green": 4, "pink": 3, "white": 3, "yellow": 3, "orange": 3,
             "black": 3, "red": 1}


def old(cls: type[StrategicBot]) -> type[StrategicBot]:
    """The bot as it was: each colour's first payment, points paid with any cards."""
    return type(f"Old{cls.__name__}", (cls,), {"keep_plan_cards": False})


def decide(cls: type[StrategicBot], game: Game, hand: dict[str, int],
           owner: dict[int, int] | None = None) -> tuple[StrategicBot, Action]:
    view = seat0_view(game, owner if owner is not None else {0: 0}, (40, 40),
                      tickets=(0,), hand=hand)
    bot = cls(game, 0, random.Random(0))
    return bot, bot.choose(view, [game.draw_blind])


@pytest.fixture(scope="module")
def way_in() -> Board:
    return tiny_board(ROUTES, TICKETS)


def test_a_full_hand_claims_for_points_without_the_plans_blue(way_in: Board) -> None:
    game = Game(way_in, 2)
    bot, before = decide(old(RouteFocus), game, FULL_HAND)
    assert bot.needed == {1}
    assert isinstance(before, ClaimRoute) and before.route == 2 and before.color == "blue"
    bot, now = decide(RouteFocus, game, FULL_HAND)
    assert isinstance(now, ClaimRoute) and now.route == 2 and now.color == "green"
    view = seat0_view(game, {0: 0}, (40, 40), tickets=(0,), hand=FULL_HAND)
    assert bot.plan_loss(view, before) == 4 and bot.plan_loss(view, now) == 0


def test_it_draws_when_only_the_plans_cards_pay_for_points(way_in: Board) -> None:
    game = Game(way_in, 2)
    only_blue = {"blue": 4, "pink": 3, "white": 3, "yellow": 3, "orange": 3, "black": 3,
                 "red": 3, "green": 2}
    _, before = decide(old(RouteFocus), game, only_blue)
    assert isinstance(before, ClaimRoute) and before.color == "blue"
    _, now = decide(RouteFocus, game, only_blue)
    assert now == game.draw_blind


def test_the_guard_is_off_in_the_endgame(way_in: Board) -> None:
    game = Game(way_in, 2)
    view = seat0_view(game, {0: 0}, (40, 5), tickets=(0,), hand=FULL_HAND)
    bot = RouteFocus(game, 0, random.Random(0))
    bot.choose(view, [game.draw_blind])
    assert bot.endgame(view) and bot.plan_guard(view) is None


def test_the_long_route_junkie_pays_long_routes_with_spare_cards(way_in: Board) -> None:
    # R-K is the other player's: the way in is R-V-K, six blue, and five blue would
    # pay the gray 5 T-U for its points
    detour = tiny_board(ROUTES + [route("R", "V", 3, "blue"), route("V", "K", 3, "blue")],
                        TICKETS)
    game = Game(detour, 2)
    owner = {0: 0, 1: 1}
    hand = {"blue": 5, "red": 1}
    bot, before = decide(old(LongRouteJunkie), game, hand, owner)
    assert bot.needed == {4, 5}
    assert isinstance(before, ClaimRoute) and before.route == 3 and before.color == "blue"
    # now it claims the plan's route with them (it still claims long routes first when
    # spare cards pay them)
    _, now = decide(LongRouteJunkie, game, hand, owner)
    assert isinstance(now, ClaimRoute) and now.route in (4, 5) and now.color == "blue"
    spare = {"blue": 5, "green": 5}
    _, long_one = decide(LongRouteJunkie, game, spare, owner)
    assert isinstance(long_one, ClaimRoute) and long_one.route == 3
    assert long_one.color == "green"


# A ferry (gray, one locomotive symbol) on the way: Nordic Countries' rules, where
# locomotives play only on ferries and tunnels and any 3 cards replace a ferry's
# locomotive (R-VAR-1, R-VAR-3).
FERRY_ROUTES = [
    route("H", "F", 2, kind="ferry", locomotives=1),  # r0
    route("F", "R", 2, "red"),  # r1
    route("R", "K", 5, "blue"),  # r2
    route("S", "T", 4),  # r3
]
FERRY_TICKETS = {"regular": [ticket("H", "K", 13), ticket("S", "T", 7)]}
NORDIC: dict[str, Any] = {"preset": "nordiccountries"}


@pytest.fixture(scope="module")
def ferry_way() -> Board:
    return tiny_board(FERRY_ROUTES, FERRY_TICKETS, rules=NORDIC)


def test_a_ferry_is_paid_with_the_held_locomotive_not_a_set_of_the_plans_blue(
        ferry_way: Board) -> None:
    game = Game(ferry_way, 2)
    hand = {"blue": 4, "pink": 1, "white": 1, "locomotive": 1}
    bot, before = decide(old(RouteFocus), game, hand, {1: 0})
    assert bot.needed == {0, 2}
    # the engine's default payment: no locomotive, a set of three taken from the colour
    # held most, the blue that R-K needs
    assert isinstance(before, ClaimRoute) and before.route == 0
    assert before.locomotives == 0 and dict(before.substitutes) == {"blue": 3}
    _, now = decide(RouteFocus, game, hand, {1: 0})
    assert isinstance(now, ClaimRoute) and now.route == 0
    assert now.locomotives == 1 and not now.substitutes and now.cards == 1


def test_a_set_pays_the_ferry_when_the_plan_needs_the_locomotive(ferry_way: Board) -> None:
    # a second ferry on the plan needs the one locomotive: a set of spare cards pays
    # this one, as before
    board = tiny_board(FERRY_ROUTES + [route("K", "M", 2, kind="ferry", locomotives=1)],
                       {"regular": [ticket("H", "M", 15), ticket("S", "T", 7)]}, rules=NORDIC)
    game = Game(board, 2)
    hand = {"pink": 4, "white": 1, "locomotive": 1}
    bot, now = decide(RouteFocus, game, hand, {1: 0, 2: 0})
    assert bot.needed == {0, 4}
    assert isinstance(now, ClaimRoute) and now.route in (0, 4)
    assert now.locomotives == 0 and now.substitutes


def test_the_baseline_keeps_its_way(way_in: Board) -> None:
    assert Expert2025.keep_plan_cards is False
    assert RouteFocus.keep_plan_cards is True and LongRouteJunkie.keep_plan_cards is True


# A coloured ferry (R-VAR-2): white, three spaces, one locomotive symbol.  It takes two
# white cards and a locomotive (or a set of any three cards, R-VAR-3), not three white.
COLOURED_FERRY = [
    route("H", "F", 3, "white", kind="ferry", locomotives=1),  # r0
    route("S", "T", 1, "white"),  # r1
]


@pytest.fixture(scope="module")
def white_ferry() -> Board:
    return tiny_board(COLOURED_FERRY, {"regular": [ticket("H", "F", 6), ticket("S", "T", 2)]},
                      rules=NORDIC)


def counted_whole(cls: type[StrategicBot]) -> type[StrategicBot]:
    """The bot with a coloured ferry's symbols counted as cards of its colour too."""
    return type(f"Whole{cls.__name__}", (cls,), {"ferry_symbols_apart": False})


@pytest.mark.parametrize("cls", [RouteFocus, LongRouteJunkie])
def test_a_coloured_ferrys_symbol_is_a_locomotive_not_a_card_of_its_colour(
        white_ferry: Board, cls: type[StrategicBot]) -> None:
    game = Game(white_ferry, 2)
    white, loco = game.card_index["white"], game.loco
    view = seat0_view(game, {}, (40, 40), tickets=(0,), hand={})
    bot = cls(game, 0, random.Random(0))
    bot.refresh(view)
    assert bot.needed == {0}
    want, grays, ferry_locos = bot.plan_cards()
    assert (want[white], grays, ferry_locos) == (2, 0, 1)
    missing = bot.wishes(view)
    assert (missing[white], missing[loco]) == (2, 1)
    whole = counted_whole(cls)(game, 0, random.Random(0))
    whole.refresh(view)
    assert whole.plan_cards()[0][white] == 3


def test_it_draws_the_ferrys_locomotive_not_a_third_white(white_ferry: Board) -> None:
    # two white in hand and nothing else: the ferry waits for its symbol's locomotive
    # (no set of three can be made); a third white card would go unused
    game = Game(white_ferry, 2)
    view = seat0_view(game, {}, (40, 40), tickets=(0,), hand={"white": 2})
    draws: list[Action] = [DrawFaceUp("white"), DrawFaceUp("locomotive"), game.draw_blind]
    before = counted_whole(RouteFocus)(game, 0, random.Random(0)).choose(view, draws)
    assert before == DrawFaceUp("white")
    now = RouteFocus(game, 0, random.Random(0)).choose(view, draws)
    assert now == DrawFaceUp("locomotive")


def test_a_white_beyond_the_ferrys_two_may_pay_for_points(white_ferry: Board) -> None:
    # three white: the ferry takes two of them, so the third is spare for S-T
    game = Game(white_ferry, 2)
    view = seat0_view(game, {}, (40, 40), tickets=(0,), hand={"white": 3})
    bot = RouteFocus(game, 0, random.Random(0))
    bot.refresh(view)
    points = ClaimRoute(1, "white", 0, 1)
    assert bot.plan_loss(view, points) == 0
    whole = counted_whole(RouteFocus)(game, 0, random.Random(0))
    whole.refresh(view)
    assert whole.plan_loss(view, points) == 1


def test_the_baseline_and_the_expert_count_a_coloured_ferry_as_before() -> None:
    assert Expert2025.ferry_symbols_apart is False
    assert RouteFocus.ferry_symbols_apart is True and LongRouteJunkie.ferry_symbols_apart is True
