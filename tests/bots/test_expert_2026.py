"""What the expert does that the kept baseline ``expert-2025`` does not (issue 22).

Each test sets the weight it exercises on the bot, so that a new fit of the
weights (benchmarks/tune_expert.py) does not change what is tested, and shows
the baseline choosing otherwise in the same position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ttrtool
from tests.bots.test_expert import ROUTES, TICKETS, keeps, seat0_view
from tests.engine.helpers import route, ticket, tiny_board
from ttrtool.bots.expert import Expert, Expert2025
from ttrtool.bots.judgement import DRAW_MODEL, KEEP_MODEL
from ttrtool.engine.actions import Action, ClaimRoute, DrawBlind, DrawFaceUp, KeepTickets
from ttrtool.engine.game import Game
from ttrtool.model import Board
from ttrtool.simulate.playout import Table

# Every new behaviour off, but the one a test turns on, and the baseline's weights.
OFF: dict[str, Any] = {"deny_weight": 0.0, "long_reserve": None,
                       "hand_bias": 0.0, "path_weight": 0.0, "keep_plan": False,
                       "pick_track": False, "stuck_turns": 0.0, "loco_turns": 0.0,
                       "loco_rules": False, "ferry_symbols_apart": False,
                       "plan_on": None, "keep_model": None, "draw_model": None,
                       "network_draws": False, "trunk_min": None, "trim_plan": False,
                       **{name: getattr(Expert2025, name) for name in (
                           "draw_worth", "train_cost", "long_bias", "slack_closed",
                           "block_gain")}}


@pytest.fixture(scope="module")
def ring() -> Board:
    return tiny_board(ROUTES, TICKETS)


def expert(game: Game, **weights: Any) -> Expert:
    # a class of its own: some weights (long_bias) are read when the bot is made
    cls = type("Weighted", (Expert,), {**OFF, **weights})
    return cls(game, 0, random.Random(0))  # type: ignore[no-any-return]


def baseline(game: Game) -> Expert2025:
    return Expert2025(game, 0, random.Random(0))


def claim(game: Game, route: int, color: str) -> ClaimRoute:
    return game.claim_action(route, game.card_index[color], 0)


def test_with_every_new_weight_off_it_plays_as_the_baseline() -> None:
    table = Table(ttrtool.load_map("usa"), 2, ("expert", "expert-2025"))
    table.classes["off"] = type("Off", (Expert,), OFF)
    for number in range(2):
        seed = 1000 + number
        off = table.play_seed(seed, ("off", "expert-2025"), number, log_actions=True)
        base = table.play_seed(seed, ("expert-2025", "expert-2025"), number, log_actions=True)
        assert off["actions"] == base["actions"]


def test_claims_a_long_route_with_cards_its_plan_does_not_need_when_trains_are_spare(
        ring: Board) -> None:
    # Its plan (A-C) needs red and blue; six yellow cards pay F-G (6 trains, 15 points).
    game = Game(ring, 2)
    view = seat0_view(game, {}, (45, 45), tickets=(0,), hand={"yellow": 6})
    actions: list[Action] = [game.draw_blind, claim(game, 5, "yellow")]
    assert expert(game, long_reserve=6.0, spare_min=5).choose(view, actions) == actions[1]
    # 45 trains less the plan's 6 leave 39: a reserve of 34 leaves too few for F-G.
    assert isinstance(expert(game, long_reserve=34.0, spare_min=5).choose(view, actions),
                      DrawBlind)
    assert isinstance(baseline(game).choose(view, actions), DrawBlind)


def test_claims_first_the_planned_route_another_players_network_touches(ring: Board) -> None:
    # Ticket A-C takes A-B and B-C (3 trains each); the other player owns C-D, at C.
    game = Game(ring, 2)
    view = seat0_view(game, {2: 1}, (45, 44), tickets=(0,), hand={"red": 3, "blue": 3})
    actions: list[Action] = [game.draw_blind, claim(game, 0, "red"), claim(game, 1, "blue")]
    assert expert(game, deny_weight=1.0).choose(view, actions) == actions[2]
    assert baseline(game).choose(view, actions) == actions[1]


def test_plans_along_the_colours_it_holds(ring: Board) -> None:
    # A hand of 6 yellow and 5 black: F-G (yellow) and G-H (black) cost less to plan,
    # gray A-E too (the colour held most pays it), red A-B nothing less.
    game = Game(ring, 2)
    view = seat0_view(game, {}, (45, 45), hand={"yellow": 6, "black": 5})
    bot = expert(game, hand_bias=0.5)
    bot.choose(view, [game.draw_blind])
    held = bot.path_weights(view.route_owner, set())
    bot.hand_bias = 0.0
    plain = bot.path_weights(view.route_owner, set())
    assert held[5] == pytest.approx(plain[5] * 0.5)  # all 6 spaces paid
    assert held[6] == pytest.approx(plain[6] * 0.5)
    assert held[3] == pytest.approx(plain[3] * 0.5)
    assert held[0] == plain[0]


def test_claims_for_points_the_route_that_lengthens_its_longest_path(ring: Board) -> None:
    # It owns A-B-C-D (a trail of 7) and is in the endgame (6 trains) with six yellow
    # cards: F-G and D-X score 15 each, but D-X also makes its trail 13 long (R-SCORE-3).
    game = Game(ring, 2)
    view = seat0_view(game, {0: 0, 1: 0, 2: 0}, (6, 30), hand={"yellow": 6})
    actions: list[Action] = [game.draw_blind]
    assert game.rules.bonuses[0].type == "longest_path"
    bot = expert(game, path_weight=2.0, path_lead=None)
    assert bot.choose(view, actions) == claim(game, 8, "yellow")
    assert bot.trail.gain(view.route_owner, 8) == 6
    assert bot.trail.gain(view.route_owner, 5) == 0  # apart from its network, shorter
    assert bot.trail.worth(view.route_owner, 8) == 12.0
    # The other player has no trail: spaces beyond a lead of 8 win nothing more.
    led = expert(game, path_weight=2.0, path_lead=8.0)
    assert led.choose(view, actions) == claim(game, 8, "yellow")
    assert led.trail.worth(view.route_owner, 8) == 2.0  # 7 long already: one space counts
    assert expert(game, path_weight=2.0, path_lead=7.0).choose(view, actions) == claim(
        game, 5, "yellow")
    assert baseline(game).choose(view, actions) == claim(game, 5, "yellow")
    assert expert(game, path_weight=0.0).choose(view, actions) == claim(game, 5, "yellow")


def test_its_last_claim_counts_the_longest_path_too(ring: Board) -> None:
    # The same position in the final round (R-END-1): its last turn takes the claim
    # worth most now (best_now), and D-X lengthens its trail where F-G does not.
    game = Game(ring, 2)
    view = seat0_view(game, {0: 0, 1: 0, 2: 0}, (30, 30), hand={"yellow": 6})
    view = view._replace(final_round=True)
    actions: list[Action] = [game.draw_blind]
    assert expert(game, path_weight=2.0).choose(view, actions) == claim(game, 8, "yellow")
    assert baseline(game).choose(view, actions) == claim(game, 5, "yellow")


def test_keeps_less_slack_than_the_baseline_for_closed_double_routes(
        usa: Board, nordiccountries: Board) -> None:
    # At 2 players one track of each double route is open (R-CLAIM-5): the expert keeps
    # and draws tickets in play with fewer turns of slack than the baseline, the same
    # where tickets race for the Globetrotter bonus (Nordic Countries, R-VAR-7); with both
    # tracks open (USA at 4 players) neither keeps any.
    nordic = Game(nordiccountries, 2)
    assert not nordic.both_tracks and nordic.rules.bonus("most_tickets") is not None
    for game in (nordic, Game(usa, 2)):
        assert Expert(game, 0, random.Random(0)).turn_margin == Expert.slack_closed == 4.0
        assert Expert2025(game, 0, random.Random(0)).turn_margin == Expert2025.slack_closed
    assert Expert.slack_closed < Expert2025.slack_closed
    four = Game(usa, 4)
    assert four.both_tracks
    assert Expert(four, 0, random.Random(0)).turn_margin == 0.0
    assert Expert2025(four, 0, random.Random(0)).turn_margin == 0.0


def test_collects_for_the_track_of_a_double_route_its_cards_fit() -> None:
    # P-Q-R, with Q-R a double route of a red and a green track: the path search takes
    # the red one (the first of two equal tracks).  Holding four green cards, the expert
    # claims the green track; the baseline draws for red (R-CLAIM-5: either track serves).
    board = tiny_board([route("P", "Q", 3, "blue"), route("Q", "R", 4, "red", double="qr"),
                        route("Q", "R", 4, "green", double="qr")],
                       {"regular": [ticket("P", "R", 9)]})
    game = Game(board, 2)
    view = seat0_view(game, {}, (45, 45), tickets=(0,), hand={"green": 4})
    actions: list[Action] = [game.draw_blind, claim(game, 2, "green")]
    assert expert(game, pick_track=True).choose(view, actions) == actions[1]
    assert isinstance(expert(game).choose(view, actions), DrawBlind)
    assert isinstance(baseline(game).choose(view, actions), DrawBlind)
    # With the red cards in hand instead, the planned red track stays.
    red = seat0_view(game, {}, (45, 45), tickets=(0,), hand={"red": 4})
    bot = expert(game, pick_track=True)
    assert bot.choose(red, [game.draw_blind, claim(game, 1, "red")]) == claim(game, 1, "red")


def test_plans_round_a_colour_its_hand_lacks_late_in_the_game() -> None:
    # P-Q is its own; the ticket P-R goes on by Q-R (5 orange, the cheaper plan) or by
    # Q-S-R (3 red twice).  It holds six red and no orange.  With about four turns left
    # (the other player has 9 trains and 10 cards) it plans round the orange and claims
    # a red route; with the game far from its end, and the baseline, draw for orange.
    board = tiny_board([route("P", "Q", 2, "blue"), route("Q", "R", 5, "orange"),
                        route("Q", "S", 3, "red"), route("S", "R", 3, "red")],
                       {"regular": [ticket("P", "R", 10)]})
    game = Game(board, 2)
    late = seat0_view(game, {0: 0}, (30, 9), tickets=(0,), hand={"red": 6})
    late = late._replace(hand_sizes=(6, 10))
    actions: list[Action] = [game.draw_blind, claim(game, 2, "red"), claim(game, 3, "red")]
    bot = expert(game, stuck_turns=8.0)
    assert bot.choose(late, actions) in (actions[1], actions[2])
    assert bot.needed == {2, 3}
    assert isinstance(expert(game).choose(late, actions), DrawBlind)
    assert isinstance(baseline(game).choose(late, actions), DrawBlind)
    early = seat0_view(game, {0: 0}, (30, 40), tickets=(0,), hand={"red": 6})
    assert isinstance(expert(game, stuck_turns=8.0).choose(early, actions), DrawBlind)


def test_takes_a_face_up_locomotive_for_the_last_colour_late_in_the_game() -> None:
    # Its plan misses three orange cards (Q-R, 5 orange; two held) and no orange is face
    # up: with about four turns left it takes the face-up locomotive, where the baseline
    # and the game far from its end take the red card its plan does not need... or draw
    # blind (a face-up card of a colour the plan does not miss is never taken).
    board = tiny_board([route("P", "Q", 2, "blue"), route("Q", "R", 5, "orange")],
                       {"regular": [ticket("P", "R", 10)]})
    game = Game(board, 2)
    late = seat0_view(game, {0: 0}, (30, 9), tickets=(0,), hand={"orange": 2})
    late = late._replace(hand_sizes=(2, 10))
    loco = DrawFaceUp("locomotive")
    actions: list[Action] = [DrawFaceUp("red"), loco, game.draw_blind]
    assert expert(game, loco_turns=8.0).choose(late, actions) == loco
    assert isinstance(expert(game, loco_turns=8.0, loco_min=4).choose(late, actions), DrawBlind)
    assert isinstance(expert(game).choose(late, actions), DrawBlind)
    assert isinstance(baseline(game).choose(late, actions), DrawBlind)
    early = seat0_view(game, {0: 0}, (30, 40), tickets=(0,), hand={"orange": 2})
    assert isinstance(expert(game, loco_turns=8.0).choose(early, actions), DrawBlind)
    # With an orange card face up it takes that instead.
    orange = [DrawFaceUp("orange"), loco, game.draw_blind]
    assert expert(game, loco_turns=8.0).choose(late, orange) == orange[0]


def test_counts_locomotives_only_on_the_routes_they_may_pay() -> None:
    # Nordic Countries lets locomotives pay only ferries and tunnels (R-VAR-1): Rovaniemi-
    # Kirkenes, 5 blue, takes five blue cards.  With 3 blue and 4 locomotives in hand the
    # expert counts 2 cards missing, where locomotives as wild cards would count none (the
    # baseline's way, and the expert's on a map without the restriction).
    game = Game(ttrtool.load_map("nordiccountries"), 2)
    board = game.board
    route = next(r.index for r in board.routes if {r.a_name, r.b_name} == {"Rovaniemi", "Kirkenes"})
    hand = [0] * (game.loco + 1)
    hand[game.card_index["blue"]] = 3
    hand[game.loco] = 4
    bot = Expert(game, 0, random.Random(0))
    assert bot.loco_routes is not None and not bot.loco_routes[route]
    lacks = bot.lacking.cards([route], hand)
    assert lacks[game.card_index["blue"]] == 2 and sum(lacks) == 2
    wild = type("Wild", (Expert,), {"loco_rules": False})(game, 0, random.Random(0))
    assert wild.loco_routes is None  # locomotives as wild cards everywhere: the baseline's count
    assert sum(wild.lacking.cards([route], hand)) == 0
    assert baseline(game).loco_routes is None
    assert Expert(Game(ttrtool.load_map("usa"), 2), 0, random.Random(0)).loco_routes is None


def test_counts_what_a_hand_lacks_colour_by_colour() -> None:
    # A ferry's locomotive symbols take locomotives, not cards of its colour (R-EU-6);
    # locomotives fill the smallest gaps first, or with ``even`` the largest.
    game = Game(ttrtool.load_map("nordiccountries"), 2)
    bot = Expert(game, 0, random.Random(0))
    routes = game.board.routes
    ferry = next(r for r in routes if r.kind == "ferry" and r.color != "gray")
    hand = [0] * (game.loco + 1)
    hand[game.card_index[ferry.color]] = ferry.length
    lacks = bot.lacking.cards([ferry.index], hand)
    assert lacks[game.loco] == game.route_min_locos[ferry.index] > 0
    assert sum(lacks) == game.route_min_locos[ferry.index]
    game = Game(ttrtool.load_map("usa"), 2)
    bot = Expert(game, 0, random.Random(0))
    routes = game.board.routes
    red4 = next(r for r in routes if r.color == "red" and r.length == 4)
    blue2 = next(r for r in routes if r.color == "blue" and r.length == 2)
    red, blue = game.card_index["red"], game.card_index["blue"]
    hand = [0] * (game.loco + 1)
    hand[game.loco] = 2
    both = [red4.index, blue2.index]
    smallest = bot.lacking.cards(both, hand)
    assert (smallest[red], smallest[blue], sum(smallest)) == (4, 0, 4)
    even = bot.lacking.cards(both, hand, even=True)
    assert (even[red], even[blue], sum(even)) == (2, 2, 4)



@pytest.mark.parametrize("name", ["usa", "europe", "switzerland", "nordiccountries", "india"])
def test_one_routes_lack_is_counted_as_for_a_set(name: str) -> None:
    # HandLacks.route is HandLacks.cards' sum for one route, the final set's quick look.
    game = Game(ttrtool.load_map(name), 2)
    bot = Expert(game, 0, random.Random(0))
    rng = random.Random(5)
    for _ in range(40):
        hand = [rng.choice((0, 0, 1, 2, 3, 5)) for _ in range(game.loco + 1)]
        for r in range(game.n_routes):
            assert bot.lacking.route(r, hand) == sum(bot.lacking.cards((r,), hand)), (r, hand)


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland", "nordiccountries", "india"])
def test_a_set_lacks_no_fewer_cards_than_each_of_its_routes(name: str) -> None:
    # The final set's search skips a set whose claims and the cards the added route
    # alone lacks already take too many turns: the bound must hold.  (What the smaller
    # set lacks is no bound: a gray route may find a better colour in the larger set.)
    game = Game(ttrtool.load_map(name), 2)
    bot = Expert(game, 0, random.Random(0))
    rng = random.Random(6)
    for _ in range(6000):
        hand = [rng.choice((0, 0, 1, 2, 3, 5)) for _ in range(game.loco)]
        hand.append(rng.choice((0, 0, 1, 2, 4)))
        smaller = rng.sample(range(game.n_routes), rng.randint(1, 3))
        r = rng.choice([q for q in range(game.n_routes) if q not in smaller])
        larger = sum(bot.lacking.cards([*smaller, r], hand))
        assert larger >= bot.lacking.route(r, hand), (smaller, r, hand)


def test_goes_round_routes_dearer_by_the_cards_a_hand_lacks_ferry_symbols_too() -> None:
    # Going round a missing colour, each open route costs ``pen`` more a card the hand
    # lacks for it, counted as HandLacks.route counts it: a coloured ferry's locomotive
    # symbols take locomotives (R-EU-6), so a hand of its colour alone still lacks them.
    game = Game(ttrtool.load_map("nordiccountries"), 2)
    bot = Expert(game, 0, random.Random(0))
    ferry = next(r for r in game.board.routes if r.kind == "ferry" and r.color != "gray")
    symbols = game.route_min_locos[ferry.index]
    hand = [0] * (game.loco + 1)
    hand[game.card_index[ferry.color]] = ferry.length
    weights = [0.0] * game.n_routes
    weights[ferry.index] = 1.0
    bot.lacking.charge(weights, hand, 3.0)
    assert symbols > 0 and weights[ferry.index] == 1.0 + 3.0 * symbols
    hand[game.loco] = symbols  # its symbols paid: nothing lacks
    weights[ferry.index] = 1.0
    bot.lacking.charge(weights, hand, 3.0)
    assert weights[ferry.index] == 1.0


def test_plans_its_final_claims_with_the_turns_left() -> None:
    # Its ticket P-Q is done.  Five red cards pay R-S (3) and S-T (2) now; Q-R (6 orange,
    # 15 points) needs six orange it does not hold.  With about four turns left (the
    # other player has 9 trains and 10 cards) it plans the red pair and claims the longer
    # first; without the plan (plan_on None), as the baseline, and far from the end, it
    # draws for Q-R.
    board = tiny_board([route("P", "Q", 2, "blue"), route("Q", "R", 6, "orange"),
                        route("R", "S", 3, "red"), route("S", "T", 2, "red")],
                       {"regular": [ticket("P", "Q", 5)]})
    game = Game(board, 2)
    late = seat0_view(game, {0: 0}, (30, 9), tickets=(0,), hand={"red": 5})
    late = late._replace(hand_sizes=(5, 10))
    actions: list[Action] = [game.draw_blind, claim(game, 2, "red"), claim(game, 3, "red")]
    assert expert(game, plan_on=6.0).choose(late, actions) == actions[1]
    assert isinstance(expert(game).choose(late, actions), DrawBlind)
    assert isinstance(baseline(game).choose(late, actions), DrawBlind)
    early = seat0_view(game, {0: 0}, (30, 40), tickets=(0,), hand={"red": 5})
    assert isinstance(expert(game, plan_on=6.0).choose(early, actions), DrawBlind)


def test_keeps_the_ticket_whose_routes_its_cards_pay(ring: Board) -> None:
    # It holds A-C (A-B claimed) and is offered F-H (9 points: F-G 6 yellow, G-H 5 black)
    # and Y-E (15 points, far).  With six yellow cards, F-G paid, it keeps F-H; with six
    # green, which pay neither ticket's coloured routes, Y-E.  With odds of the baseline's
    # kind (keep_model None), which count the cards in hand and not their colours, it
    # keeps Y-E with either hand.  (Today's weights with the slack of the fit, 8.489 turns,
    # at 2 players; with the baseline's the two hands lead to the same keep either way.)
    game = Game(ring, 2)
    reader = type("Reader", (Expert,), {"slack_closed": 8.489})
    hand_blind = type("HandBlind", (reader,), {"keep_model": None})
    chosen = {}
    for colour in ("yellow", "green"):
        view = seat0_view(game, {0: 0}, (45, 45), "tickets", tickets=(0,), offered=(5, 6),
                          hand={colour: 6})
        chosen[colour] = reader(game, 0, random.Random(0)).choose(view, keeps(game, view))
        blind = hand_blind(game, 0, random.Random(0)).choose(view, keeps(game, view))
        assert isinstance(blind, KeepTickets) and blind.tickets == (6,)
    assert Expert.keep_model == KEEP_MODEL
    assert isinstance(chosen["yellow"], KeepTickets) and chosen["yellow"].tickets == (5,)
    assert isinstance(chosen["green"], KeepTickets) and chosen["green"].tickets == (6,)


def test_a_drawn_tickets_odds_count_the_cards_its_routes_lack() -> None:
    # A drawn ticket five turns of work away, with eight turns left: its routes are R-S
    # and S-T (5 red).  With five red cards beyond what the open plan takes its odds are
    # better than with five green ones, which the baseline's odds cannot tell apart.
    board = tiny_board([route("P", "Q", 2, "blue"), route("R", "S", 3, "red"),
                        route("S", "T", 2, "red")], {"regular": [ticket("P", "Q", 5)]})
    game = Game(board, 2)
    odds = {}
    for colour in ("red", "green"):
        view = seat0_view(game, {}, (30, 30), tickets=(0,), hand={colour: 5})
        bot = expert(game, draw_model=DRAW_MODEL)
        odds[colour] = bot.draw_odds(view, 5.0, 8.0, (1, 2))
        base = baseline(game)
        assert base.draw_odds(view, 5.0, 8.0, (1, 2)) == baseline(game).draw_odds(
            seat0_view(game, {}, (30, 30), tickets=(0,), hand={}), 5.0, 8.0, (1, 2))
    assert odds["red"] > odds["green"] + 0.2


def test_plans_a_long_route_joined_to_its_network_when_trains_are_spare(ring: Board) -> None:
    # It owns C-D; its ticket A-C takes A-B and B-C.  Of the routes of four trains or more,
    # H-D (4) and D-X (6, 15 points) join its network at D: D-X is planned as a trunk.
    game = Game(ring, 2)
    view = seat0_view(game, {2: 0}, (45, 45), tickets=(0,))
    bot = expert(game, trunk_min=4, trunk_reserve=0.0, trunk_turns=0.0)
    bot.refresh(view)
    assert bot.needed == {0, 1, 8}
    bot.refresh(view)  # one trunk route at a time
    assert bot.needed == {0, 1, 8}
    # with 45 trains less the plan's 6 and a reserve of 34, no route of 6 fits: H-D does
    bot = expert(game, trunk_min=4, trunk_reserve=34.0, trunk_turns=0.0)
    bot.refresh(view)
    assert bot.needed == {0, 1, 7}
    base = baseline(game)
    base.refresh(view)
    assert base.needed == {0, 1}


def test_lets_go_of_the_tickets_its_trains_cannot_lay(ring: Board) -> None:
    # A-C (6 points) takes 6 trains, E-G (20 points) 10: with 12 trains it plans E-G only
    # and counts A-C lost, where the baseline collects for both.
    game = Game(ring, 2)
    view = seat0_view(game, {}, (12, 45), tickets=(0, 2))
    bot = expert(game, trim_plan=True)
    bot.refresh(view)
    assert bot.open_tickets == [2] and bot.blocked_tickets == [0]
    assert bot.needed == {4, 5}
    base = baseline(game)
    base.refresh(view)
    assert sorted(base.open_tickets) == [0, 2] and base.needed == {0, 1, 4, 5}
