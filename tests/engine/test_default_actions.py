"""The shorter action list: one claim per route and colour, paid the default way
(GameState.default_actions, docs/engine.md "Payments"; R-CLAIM-1, R-CLAIM-2, R-EU-6, R-VAR-3).

The strategic bots decide on it; a game must be the same whichever list they get.
"""

from __future__ import annotations

import random

import pytest

import ttrtool
from ttrtool.bots import ARCHETYPES, DEFAULT_BOTS
from ttrtool.bots.random_bot import RandomBot
from ttrtool.engine import ClaimRoute, Game, IllegalAction
from ttrtool.engine.actions import Action
from ttrtool.engine.payments import PaySpec, default_offsets, first_per_color, legal_payments
from ttrtool.engine.state import GameState
from ttrtool.simulate.playout import Table

MAPS = [("usa", 4), ("europe", 4), ("switzerland", 3), ("nordiccountries", 3)]


def test_r_claim_2_default_offsets_are_each_colours_first_payment() -> None:
    rng = random.Random(11)
    loco = 4
    for _ in range(3000):
        length = rng.randint(1, 6)
        spec = PaySpec(length, rng.choice([-1, 0, 2]), rng.randint(0, length),
                       rng.random() < 0.7)
        hand = [rng.randint(0, 5) for _ in range(loco + 1)]
        stride = length + 1
        first = [c * stride + n for c, n, _s in first_per_color(legal_payments(spec, hand, loco))]
        assert default_offsets(spec, hand, loco) == first, (spec, hand)


def expected_default(legal: list[Action]) -> list[Action]:
    """The full list with every claim but the first of its route and colour left out."""
    seen: set[tuple[int, str]] = set()
    out: list[Action] = []
    for a in legal:
        if isinstance(a, ClaimRoute):
            if (a.route, a.color) in seen:
                continue
            seen.add((a.route, a.color))
        out.append(a)
    claims = [a for a in out if isinstance(a, ClaimRoute)]
    if len(out) == 1 and claims:
        return legal
    return out


@pytest.mark.parametrize("map_id,players", MAPS)
def test_r_claim_1_default_actions_keep_the_first_payment_of_each_colour(
        map_id: str, players: int) -> None:
    """Random games: at every decision the short list is the full list with the later
    payments of each route and colour left out, as the same shared values."""
    game = Game(ttrtool.load_map(map_id), players)
    shorter = 0
    for seed in range(2):
        st = game.new_state(seed)
        bots = [RandomBot(game, p, random.Random(seed * 10 + p)) for p in range(players)]
        while not st.is_over:
            short = st.default_actions()
            legal = st.legal_actions()
            want = expected_default(legal)
            assert len(short) == len(want)
            assert all(a is b for a, b in zip(short, want, strict=True))
            shorter += len(short) < len(legal)
            for a in short:
                if isinstance(a, ClaimRoute):
                    pays = st.claim_payments(a)
                    assert pays[0] is a
                    assert all(p.route == a.route and p.color == a.color for p in pays)
            p = st.current_player
            st.apply(bots[p].choose(st.view(p), legal))
    assert shorter > 0


def test_r_claim_1_a_default_claim_is_applied_without_the_full_list(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """apply checks an action from default_actions against that list only."""
    game = Game(ttrtool.load_map("usa"), 2)
    st = game.new_state(5)
    while True:
        p = st.current_player
        short = st.default_actions()
        claims = [a for a in short if isinstance(a, ClaimRoute)]
        if claims and st.phase_name == "main" and len(short) > 1:
            break
        st.apply(short[0] if not claims else next(
            a for a in short if not isinstance(a, ClaimRoute)))

    def no_full_list(self: GameState, player: int) -> list[Action]:
        raise AssertionError("the full list was built again")

    monkeypatch.setattr(GameState, "_generate", no_full_list)
    st.apply(claims[0])
    assert st.history[-1] == (p, claims[0])


def test_r_claim_1_an_action_outside_both_lists_is_still_illegal() -> None:
    game = Game(ttrtool.load_map("usa"), 2)
    st = game.new_state(1)
    st.default_actions()
    with pytest.raises(IllegalAction):
        st.apply(ClaimRoute(0, "red", 9, 0))


@pytest.mark.parametrize("bots", [DEFAULT_BOTS, ARCHETYPES], ids=["default", "archetypes"])
@pytest.mark.parametrize("map_id,players", MAPS[:3])
def test_default_bots_play_the_same_games_on_either_list(
        map_id: str, players: int, bots: tuple[str, ...]) -> None:
    """The full list of every payment, and the list without claims or stations that
    the strategic bots get (they read those from their BoardMenu): the same games."""
    board = ttrtool.load_map(map_id)
    full = Table(board, players, bots, default_payments=False)
    short = Table(board, players, bots)
    for number in range(3):
        assert short.play(9, number, log_actions=True) == full.play(9, number, log_actions=True)
