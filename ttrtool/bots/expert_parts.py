"""The expert as its parts read it: a typed interface, so the parts need not import the bot.

The expert's core (:class:`~ttrtool.bots.expert_core.ExpertCore`) holds parts that read
its plan, its weights and its board tables when they choose: the worth of tickets
(:mod:`~ttrtool.bots.ticket_worth`), its choices off the plan
(:mod:`~ttrtool.bots.off_plan`), the final claims (:mod:`~ttrtool.bots.final_claims`),
the claims for points (:mod:`~ttrtool.bots.point_claims`), its changes of plan
(:mod:`~ttrtool.bots.replans`), the plans that suit the hand
(:mod:`~ttrtool.bots.hand_plans`) and the trunk and the plan within its trains
(:mod:`~ttrtool.bots.trunk`).  :class:`ExpertBot` names exactly what they read; the core
satisfies it (mypy checks that wherever the core hands itself to a part), and the parts
import this module instead of the core, so the core may import them without an import
circle.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol

from ttrtool.bots.blocking import Detours
from ttrtool.bots.hand_odds import HandOdds
from ttrtool.engine.actions import Action, ClaimRoute, DrawTickets
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView
from ttrtool.graph import PathSearch
from ttrtool.model import Board

# (cost, routes, points) of a ticket's cheapest path (StrategicBot.ticket_path)
Found = tuple[float, tuple[int, ...], int]
# (paths, points, routes still to claim, tickets open, tickets blocked) (ticket_plans)
Plans = tuple[dict[int, tuple[int, ...]], dict[int, int], set[int], list[int], list[int]]


class Menu(Protocol):
    """The claims open this decision (:class:`~ttrtool.engine.board_menu.BoardMenu`)."""

    def of(self, route: int) -> tuple[ClaimRoute, ...]: ...

    def routes(self) -> list[int]: ...

    def claimable(self) -> frozenset[int]: ...

    def __iter__(self) -> Iterator[ClaimRoute]: ...


class ExpertBot(Protocol):
    """What the expert's parts read from the bot that holds them."""

    # --- the game, its board tables and the seat (StrategicBot, ExpertCore) ---
    game: Game
    board: Board
    seat: int
    loco: int  # the locomotives' card index
    lengths: tuple[int, ...]
    trains_of: tuple[int, ...]
    colors: tuple[int, ...]
    points: tuple[int, ...]
    partners: tuple[tuple[int, ...], ...]
    tunnel_routes: tuple[bool, ...]
    base_weights: tuple[float, ...]  # each route's planning cost on an empty board
    loco_routes: tuple[bool, ...] | None  # where locomotives may pay (None: everywhere)
    top_points: tuple[int, ...]  # each ticket's best points
    short_routes: frozenset[int]  # routes it may take to block
    # --- its weights (ExpertCore's class attributes) ---
    train_cost: float
    draw_worth: float
    turn_margin: float  # turns held back when keeping or drawing tickets in play
    hand_bias: float
    network_draws: bool
    long_min: int
    block_gain: float
    # --- the plan: routes still to claim, its tickets and their points ---
    needed: set[int]
    open_tickets: list[int]
    blocked_tickets: list[int]
    ticket_points: dict[int, int]
    plans: int  # plans made: what was worked out for an older one is stale
    seen: set[int]  # tickets offered to it and let go
    # --- the decision under way: its ticket draw, if legal ---
    ticket_draw: DrawTickets | None
    # --- parts of its own the others ask ---
    odds: HandOdds
    detours: Detours

    @property
    def menu(self) -> Menu: ...

    @property
    def paths(self) -> Mapping[int, tuple[int, ...]]: ...

    # --- time, the plan and its cards ---

    def turns(self, view: PlayerView) -> float: ...

    def refresh(self, view: PlayerView) -> None: ...

    def closed(self, owner: Sequence[int], route: int) -> bool: ...

    def closed_routes(self, owner: Sequence[int]) -> list[bool]: ...

    def path_weights(self, owner: Sequence[int], free: set[int]) -> list[float]: ...

    def ticket_path(self, weights: Sequence[float], ticket: int,
                    searches: dict[tuple[int, ...], PathSearch] | None = None,
                    ) -> Found | None: ...

    def ticket_plans(self, owner: Sequence[int], weights: list[float],
                     order: Sequence[int]) -> Plans: ...

    def planned_cost(self) -> int: ...

    def planned_cards(self) -> int: ...

    def plan_cards(self) -> tuple[list[int], int, int]: ...

    def plan_wishes(self, view: PlayerView) -> list[int]: ...

    def wishes(self, view: PlayerView) -> list[int]: ...

    def plan_loss(self, view: PlayerView, a: ClaimRoute) -> int: ...

    def path_weights_now(self, view: PlayerView) -> list[float]: ...

    # --- the plan changed between plans (only these change it outside a new plan) ---

    def swap_tracks(self, swaps: dict[int, int]) -> None: ...

    def take_plan(self, needed: set[int], paths: dict[int, tuple[int, ...]],
                  points: dict[int, int]) -> None: ...

    def add_to_plan(self, route: int) -> None: ...

    # --- tickets and routes: what they are worth to it ---

    def race(self, view: PlayerView) -> float: ...

    def draw_odds(self, view: PlayerView, need: float, turns: float,
                  todo: Sequence[int]) -> float: ...

    def wants_tickets(self, view: PlayerView, turns: float) -> bool: ...

    def route_extra(self, owner: Sequence[int], route: int) -> float: ...

    def route_extras(self, owner: Sequence[int], routes: Sequence[int]) -> list[float]: ...

    def route_worth(self, owner: Sequence[int], route: int) -> float: ...

    def points_order(self, min_length: int) -> tuple[int, ...]: ...

    # --- claims and draws ---

    def claims_of(self, route: int) -> tuple[ClaimRoute, ...]: ...

    def locos_pay(self, r: int) -> bool: ...

    def tunnel_ok(self, view: PlayerView, a: ClaimRoute) -> bool: ...

    def cards_spent(self, a: ClaimRoute) -> int: ...

    def spent_by_card(self, a: ClaimRoute) -> list[int]: ...

    def draw_cards(self, view: PlayerView, actions: Sequence[Action]) -> Action: ...
