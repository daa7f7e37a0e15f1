"""The four archetypes play real games (issue 4, "Bots")."""

from __future__ import annotations

import ast
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from ttrtool.bots import ARCHETYPES, BOTS, BotNotFound, resolve_bot
from ttrtool.engine.game import Game
from ttrtool.model import Board
from ttrtool.simulate.playout import Table, make_bots

BOT_DIR = Path(__file__).resolve().parents[2] / "ttrtool" / "bots"


def test_archetypes_on_usa_4p_complete_most_tickets_and_score_like_real_play(usa: Board) -> None:
    table = Table(usa, 4, ARCHETYPES)
    kept: Counter[str] = Counter()
    done: Counter[str] = Counter()
    winners = []
    ends: Counter[str] = Counter()
    for g in range(40):
        r = table.play(100, g)
        ends[r["end"]] += 1
        winners.append(max(p["score"] for p in r["results"]))
        for p in r["results"]:
            kept[p["bot"]] += len(p["tickets"])
            done[p["bot"]] += p["completed_tickets"]
    assert ends == {"normal": 40}
    assert 80 <= sum(winners) / len(winners) <= 130
    for bot in ARCHETYPES:
        assert done[bot] / kept[bot] > 0.55, bot
    assert sum(done.values()) / sum(kept.values()) > 0.7


@pytest.mark.parametrize(("map_id", "players"), [("europe", 4), ("switzerland", 3),
                                                  ("switzerland", 2)])
def test_archetypes_end_normally_on_every_map(boards: dict[str, Board], map_id: str,
                                             players: int) -> None:
    table = Table(boards[map_id], players, ARCHETYPES)
    records = [table.play(7, g) for g in range(10)]
    assert all(r["end"] == "normal" for r in records)
    assert all(max(p["score"] for p in r["results"]) > 50 for r in records)


def test_archetypes_make_every_kind_of_decision_in_europe(europe: Board) -> None:
    game = Game(europe, 4)
    kinds: dict[str, set[str]] = defaultdict(set)
    for seed in range(30):
        state = game.new_state(seed)
        bots = make_bots(game, ARCHETYPES, seed)
        while not state.is_over:
            p = state.current_player
            action = bots[p].choose(state.view(p), state.legal_actions())
            kinds[bots[p].name].add(f"{state.view(p).phase}:{type(action).__name__}")
            state.apply(action)
    every = set().union(*kinds.values())
    for kind in ("setup_tickets:KeepTickets", "tickets:KeepTickets", "main:DrawTickets",
                 "main:DrawFaceUp", "main:DrawBlind", "second_draw:DrawBlind", "main:ClaimRoute",
                 "tunnel:TunnelPay", "main:BuildStation"):
        assert kind in every, kind
    for name, seen in kinds.items():
        basic = {"setup_tickets:KeepTickets", "main:ClaimRoute", "second_draw:DrawFaceUp"}
        assert basic <= seen, name


def test_bots_decide_from_their_view_only() -> None:
    # No bot module reaches for the engine's state (hands, decks, other tickets).
    for path in BOT_DIR.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "ttrtool.engine.state", path.name


def test_registry_resolves_every_bot_and_refuses_unknown_names() -> None:
    for name in BOTS:
        assert callable(resolve_bot(name).choose)
    assert resolve_bot("Route_Focus") is resolve_bot("route-focus")
    with pytest.raises(BotNotFound, match="unknown bot"):
        resolve_bot("grandmaster")
    with pytest.raises(BotNotFound, match="no bot class"):
        resolve_bot("ttrtool.bots.planning:Nothing")
