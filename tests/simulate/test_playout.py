"""Seeded bot games on every bundled map and player count: every record is valid
against the game-log schema and re-scores exactly without the engine."""

from __future__ import annotations

from typing import Any

import pytest

from ttrtool.bots import DEFAULT_BOTS
from ttrtool.engine.actions import parse_action
from ttrtool.model import Board
from ttrtool.simulate.playout import Table
from ttrtool.simulate.rescore import rescore

CASES = [("usa", 2), ("usa", 3), ("usa", 4), ("usa", 5), ("europe", 2), ("europe", 3),
         ("europe", 4), ("europe", 5), ("switzerland", 2), ("switzerland", 3)]


@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_strategic_games_log_valid_records_that_rescore_exactly(
        boards: dict[str, Board], log_validator: Any, map_id: str, players: int) -> None:
    board = boards[map_id]
    table = Table(board, players, DEFAULT_BOTS)
    for game in range(4):
        record = table.play(11, game, log_actions=game == 0, check_invariants=True)
        errors = [e.message for e in log_validator.iter_errors(record)]
        assert errors == []
        assert rescore(record) == []
        assert record["end"] == "normal"
        assert record["players"] == players and len(record["results"]) == players
        if game == 0:
            assert all(parse_action(text).text == text for _, text in record["actions"])


@pytest.mark.parametrize("map_id", ["usa", "europe", "switzerland"])
def test_random_bot_games_rescore_exactly(boards: dict[str, Board], log_validator: Any,
                                          map_id: str) -> None:
    board = boards[map_id]
    table = Table(board, board.rules.min_players, ("random",))
    for game in range(3):
        record = table.play(5, game, check_invariants=True)
        assert list(log_validator.iter_errors(record)) == []
        assert rescore(record) == []


def test_same_seed_same_game_and_other_seeds_differ(usa: Board) -> None:
    table = Table(usa, 4, DEFAULT_BOTS)
    a = table.play(3, 7, log_actions=True)
    b = Table(usa, 4, DEFAULT_BOTS).play(3, 7, log_actions=True)
    c = table.play(3, 8, log_actions=True)
    assert a == b
    assert a["actions"] != c["actions"]


def test_offered_tickets_include_every_kept_ticket(usa: Board) -> None:
    record = Table(usa, 4, DEFAULT_BOTS).play(1, 0)
    for p in record["results"]:
        offered = p["offered"]
        assert len(offered) >= 3  # the setup deal (R-SET-4)
        for t in p["tickets"]:
            assert t["id"] in offered


def test_tunnels_and_stations_happen_and_are_logged(europe: Board) -> None:
    table = Table(europe, 4, DEFAULT_BOTS)
    counters: dict[str, int] = {}
    stations = 0
    for game in range(6):
        record = table.play(2, game)
        for k, v in record["counters"].items():
            counters[k] = counters.get(k, 0) + v
        stations += sum(len(p["stations"]) for p in record["results"])
    assert counters["tunnels_paid"] + counters["tunnels_withdrawn"] > 0
    assert counters["stations_built"] == stations


def test_stuck_markets_are_counted_once_each_in_the_log_and_the_report(log_validator: Any) -> None:
    """R-DRAW-5 hole: a deck of mostly locomotives leaves markets stuck with 3+ of them.

    Each spell of a stuck market counts once; the count is checked against a
    replay that watches the market after every action.
    """
    import ttrtool
    from ttrtool.engine import Game
    from ttrtool.verdict.report import Tally, build_report
    from ttrtool.verdict.summary import to_markdown

    from .test_tiny_boards import _board

    board = _board({"train_cards": {"colors": {"red": 4, "blue": 4}, "locomotives": 40}})
    table = Table(board, 2, ("random", "random"))  # random bots take face-up cards often
    tally = Tally(2)
    total = 0
    for game in range(4):
        record = table.play(3, game, log_actions=True)
        assert list(log_validator.iter_errors(record)) == []
        st = Game(board, 2).new_state(record["seed"])
        loco, wipe = st.game.loco, board.rules.market_locomotive_wipe
        stuck = spells = 0
        for _, text in [(None, None), *record["actions"]]:
            if text is not None:
                st.apply(parse_action(text))
            now = st.market.count(loco) >= wipe
            spells += now and not stuck
            stuck = now
        assert record["counters"]["wipes_stopped"] == spells
        total += spells
        tally.add(record)
    assert total > 0
    report = build_report(board, [tally], {"seed": 3, "games": 4, "bots": []},
                          ttrtool.__version__)
    assert report["configurations"][0]["events"]["wipes_stopped"] == total
    assert f"wipes_stopped {total}" in to_markdown(report)


class _Recorder:
    """A bot that records the main-phase lists it is handed and plays their first
    action (or the first claim of its menu when it reads one)."""

    name = "recorder"
    seen: list[list[object]] = []

    def __init__(self, game: Any, seat: int, rng: Any) -> None:
        self.game = game

    def choose(self, view: Any, actions: Any) -> Any:
        if view.phase == "main":
            type(self).seen.append(list(actions))
        return actions[0]


class _MenuOnly(_Recorder):
    board_menu = True  # without default_payments: the promise is not made


class _MenuReader(_Recorder):
    default_payments = True
    board_menu = True


@pytest.mark.parametrize(("bot", "listed"), [(_Recorder, True), (_MenuOnly, True),
                                             (_MenuReader, False)])
def test_r_claim_1_only_a_default_payment_bot_that_reads_a_menu_gets_no_claims_listed(
        usa: Board, bot: type[_Recorder], listed: bool, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """board_menu counts only beside default_payments (docs/bots.md, "Writing your
    own bot"): such a bot's main-phase lists hold no claim unless nothing else is
    left (GameState.default_actions); any other bot's do."""
    from ttrtool.engine.actions import BuildStation, ClaimRoute, Pass

    monkeypatch.setattr(bot, "seen", [])
    table = Table(usa, 2, ("route-focus",))
    table.classes = {"route-focus": bot}
    table.play(3, 0)
    claims = [any(isinstance(a, ClaimRoute) for a in actions) for actions in bot.seen]
    assert len(claims) > 10
    if listed:
        assert any(claims)
    else:
        assert claims.count(False) > 10
        for actions in bot.seen:
            if any(isinstance(a, ClaimRoute) for a in actions):
                assert all(isinstance(a, (ClaimRoute, BuildStation, Pass)) for a in actions)
