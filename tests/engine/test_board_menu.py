"""Claims and stations on demand: BoardMenu asks for the claims of one route and the
stations of one city from a view, and apply checks either against the rules without any
list (docs/engine.md, "Claims and stations on demand"; R-CLAIM-1, R-CLAIM-2, R-CLAIM-4,
R-CLAIM-5, R-CH-5, R-EU-3, R-EU-6, R-VAR-3, R-VAR-10).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import ttrtool
from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import BuildStation, ClaimRoute, Game, IllegalAction, claims, stations
from ttrtool.engine.actions import Action
from ttrtool.engine.board_menu import BoardMenu
from ttrtool.engine.state import GameState

from .helpers import route, tiny_board

MAPS = [("usa", 4), ("usa", 2), ("europe", 4), ("switzerland", 3), ("nordiccountries", 3),
        ("india", 4)]


def claim_is_legal(st: GameState, p: int, action: ClaimRoute) -> bool:
    return claims.claim_is_legal(st.game, st.hands[p], st.trains[p], st.open_for[p], action)


def station_is_legal(st: GameState, p: int, action: BuildStation) -> bool:
    return stations.station_is_legal(st.game, st.hands[p], st.stations_left[p],
                                     st.station_owner, action)


def mountain_game() -> Game:
    """Mountains (R-VAR-10) and double routes on a small board."""
    cities = [f"C{i}" for i in range(6)]
    routes = [route(cities[i], cities[i + 1], 2, c, mountains=i % 3)
              for i in range(5) for c in ("red", "blue")[: 1 + i % 2]]
    routes += [route("C0", "C3", 3, "green", mountains=1), route("C2", "C5", 4, "gray")]
    for i, r in enumerate(routes):
        if r["color"] == "blue":
            r["double"] = routes[i - 1]["double"] = f"d{i}"
    board = tiny_board(routes, rules={"mountains": {"allowed": True, "points": 2},
                                      "trains_per_player": 12, "end_trigger_trains": 0})
    return Game(board, 2)


def main_positions(game: Game, seeds: int) -> list[GameState]:
    """Every main-phase position of a few random games."""
    out = []
    for seed in range(seeds):
        st = game.new_state(seed)
        bots = [RandomBot(game, p, random.Random(seed * 10 + p)) for p in range(game.players)]
        while not st.is_over:
            if st.phase_name == "main":
                out.append(st.clone())
            p = st.current_player
            st.apply(bots[p].choose(st.view(p), st.legal_actions()))
    return out


def games() -> list[tuple[str, Game]]:
    out = [(f"{m} {p}p", Game(ttrtool.load_map(m), p)) for m, p in MAPS]
    return [*out, ("mountains", mountain_game())]


@pytest.mark.parametrize("name,game", games(), ids=[n for n, _ in games()])
def test_r_claim_1_the_menu_offers_the_claims_of_the_default_list(name: str, game: Game) -> None:
    """At every main-phase decision of random games: each route's menu entry is that
    route's claims in default_actions, as the same shared values, and the menu read in
    full is the default list's claims in order; the list without claims is the rest."""
    checked = 0
    for st in main_positions(game, 2):
        p = st.current_player
        listed = st.default_actions()
        seen: set[tuple[int, str]] = set()
        default: list[ClaimRoute] = []  # the first payment of each route and colour
        for a in st.legal_actions():
            if isinstance(a, ClaimRoute) and (a.route, a.color) not in seen:
                seen.add((a.route, a.color))
                default.append(a)
        # the routes with a claim, as a set, asked first (the bots' walk in points order)
        assert BoardMenu(game, st.view(p)).claimable() == {a.route for a in default}
        menu = BoardMenu(game, st.view(p))
        for r in range(game.n_routes):
            want = [a for a in default if a.route == r]
            got = menu.of(r)
            assert len(got) == len(want), (name, r)
            assert all(a is b for a, b in zip(got, want, strict=True)), (name, r)
        assert list(menu) == default
        assert menu.routes() == sorted({a.route for a in default})
        stations = [a for a in listed if isinstance(a, BuildStation)]
        for city in range(game.n_nodes):
            want_at = [a for a in stations if a.city == city]
            got_at = menu.stations_at(city)
            assert len(got_at) == len(want_at), (name, city)
            assert all(a is b for a, b in zip(got_at, want_at, strict=True)), (name, city)
        assert menu.can_build() == bool(stations)
        rest = [a for a in listed if not isinstance(a, (ClaimRoute, BuildStation))]
        assert st.default_actions(menu=True) == (rest if rest else listed)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("name,game", games(), ids=[n for n, _ in games()])
def test_r_var_3_every_payment_of_a_route_is_the_full_lists(name: str, game: Game) -> None:
    """``menu.every(route)`` is that route's claims in the full legal list, every
    payment (locomotives and substitute sets, R-VAR-3) in the list's order."""
    more = 0
    for st in main_positions(game, 1):
        p = st.current_player
        full = [a for a in st.legal_actions() if isinstance(a, ClaimRoute)]
        menu = BoardMenu(game, st.view(p))
        for r in range(game.n_routes):
            want = [a for a in full if a.route == r]
            got = menu.every(r)
            assert list(got) == want, (name, r)
            more += len(got) - len(menu.of(r))
    assert more > 0  # the default list hides some payments


@pytest.mark.parametrize("name,game", games(), ids=[n for n, _ in games()])
def test_r_claim_4_a_claim_is_legal_exactly_when_the_full_list_holds_it(
        name: str, game: Game) -> None:
    """Every claim of the full list is legal; so are none of its neighbours that the
    list leaves out (another colour, one more or one fewer locomotive, another
    route, another seat's turn)."""
    rng = random.Random(3)
    for st in main_positions(game, 1):
        p = st.current_player
        full = st.legal_actions()
        legal = {a for a in full if isinstance(a, ClaimRoute)}
        tried: list[ClaimRoute] = list(legal)
        for a in list(legal)[:20]:
            tried.append(replace(a, locomotives=a.locomotives + 1, cards=a.cards - 1))
            tried.append(replace(a, locomotives=a.locomotives - 1, cards=a.cards + 1))
            tried.append(replace(a, color=rng.choice(game.card_names)))
            tried.append(replace(a, route=rng.randrange(game.n_routes)))
        for a in tried:
            assert claim_is_legal(st, p, a) == (a in legal), (name, a.text)
        for a in list(legal)[:5]:  # R-CLAIM-4: one train short
            short = st.clone()
            short.trains[p] = game.route_trains[a.route] - 1
            assert not claim_is_legal(short, p, a), (name, a.text)
        other = (p + 1) % game.players
        theirs = set(other_seat_claims(st, other))
        for a in tried[:40]:
            assert claim_is_legal(st, other, a) == (a in theirs), (name, a.text)


def other_seat_claims(st: GameState, seat: int) -> list[ClaimRoute]:
    """The claims ``seat`` could make were it its turn (same position)."""
    other = st.clone()
    other.current_player = seat
    return [a for a in other.legal_actions() if isinstance(a, ClaimRoute)]


def test_r_claim_1_a_claim_from_the_menu_is_applied_without_any_list(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With menu=True, apply checks a claim against the rules, building no list."""
    game = Game(ttrtool.load_map("usa"), 2)
    st = next(s for s in main_positions(game, 1)
              if any(BoardMenu(game, s.view(s.current_player))))
    p = st.current_player
    st.default_actions(menu=True)
    claim = next(iter(BoardMenu(game, st.view(p))))

    def no_list(self: GameState, *args: object, **kwargs: object) -> list[Action]:
        raise AssertionError("a list of claims was built")

    monkeypatch.setattr(GameState, "_generate", no_list)
    monkeypatch.setattr("ttrtool.engine.claims.claim_actions", no_list)
    st.apply(claim)
    assert st.history[-1] == (p, claim)
    assert st.owner[claim.route] == p


def test_r_claim_1_an_unpaid_claim_is_refused_without_any_list() -> None:
    game = Game(ttrtool.load_map("usa"), 2)
    st = game.new_state(1)
    while st.phase_name != "main":
        st.apply(st.legal_actions()[-1])
    st.default_actions(menu=True)
    with pytest.raises(IllegalAction):
        st.apply(ClaimRoute(0, "red", 9, 0))
    with pytest.raises(IllegalAction):
        st.apply(ClaimRoute(game.n_routes, "red", 0, 1))


@pytest.mark.parametrize("players", [2, 4])
def test_r_eu_3_a_station_is_legal_exactly_when_the_full_list_holds_it(players: int) -> None:
    """Every station of the full list is legal; another city, colour or number of
    locomotives, or the same station for the next seat, only when its list holds it."""
    map_id = "europe"
    game = Game(ttrtool.load_map(map_id), players)
    rng = random.Random(5)
    checked = 0
    for st in main_positions(game, 2):
        p = st.current_player
        legal = {a for a in st.legal_actions() if isinstance(a, BuildStation)}
        tried: list[BuildStation] = list(legal)
        for a in list(legal)[:15]:
            tried.append(replace(a, locomotives=a.locomotives + 1, cards=a.cards - 1))
            tried.append(replace(a, color=rng.choice(game.card_names)))
            tried.append(replace(a, city=rng.randrange(game.n_nodes)))
        for a in tried:
            assert station_is_legal(st, p, a) == (a in legal), (map_id, a.text)
        other = (p + 1) % game.players
        clone = st.clone()
        clone.current_player = other
        theirs = {a for a in clone.legal_actions() if isinstance(a, BuildStation)}
        for a in tried[:30]:
            assert station_is_legal(st, other, a) == (a in theirs), (map_id, a.text)
        checked += bool(legal)
    assert checked > 10


def test_r_eu_3_a_station_from_the_menu_is_applied_without_any_list(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(ttrtool.load_map("europe"), 3)
    st = next(s for s in main_positions(game, 1)
              if BoardMenu(game, s.view(s.current_player)).can_build())
    p = st.current_player
    st.default_actions(menu=True)
    menu = BoardMenu(game, st.view(p))
    station = next(a for c in range(game.n_nodes) for a in menu.stations_at(c))

    def no_list(self: GameState, *args: object, **kwargs: object) -> list[Action]:
        raise AssertionError("a list of stations was built")

    monkeypatch.setattr(GameState, "_generate", no_list)
    monkeypatch.setattr("ttrtool.engine.stations.station_actions", no_list)
    st.apply(station)
    assert st.station_owner[station.city] == p
    with pytest.raises(IllegalAction):  # the city is taken now (R-EU-3)
        other = st.clone()
        while other.phase_name != "main":
            other.apply(other.legal_actions()[0])
        other.default_actions(menu=True)
        other.apply(replace(station, color=game.card_names[-1], locomotives=station.cards
                            + station.locomotives, cards=0))
