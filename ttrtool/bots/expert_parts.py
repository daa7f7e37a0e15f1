"""The expert as its parts read it: a typed interface, so the parts need not import the bot.

The expert's core (:class:`~ttrtool.bots.expert_core.ExpertCore`) holds parts that read
its plan and its board tables when they choose: the final claims
(:mod:`~ttrtool.bots.final_claims`), the claims for points
(:mod:`~ttrtool.bots.point_claims`), the plans that suit the hand
(:mod:`~ttrtool.bots.hand_plans`) and the trunk and the plan within its trains
(:mod:`~ttrtool.bots.trunk`).  :class:`ExpertBot` names exactly what they read; the core
satisfies it (mypy checks that where the core hands itself to a part), and the parts import
this module instead of the core, so the core may import them without an import circle.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from ttrtool.engine.actions import Action, ClaimRoute, DrawTickets
from ttrtool.engine.game import Game
from ttrtool.engine.view import PlayerView
from ttrtool.graph import PathSearch

# (cost, routes, points) of a ticket's cheapest path (StrategicBot.ticket_path)
Found = tuple[float, tuple[int, ...], int]
# (paths, points, routes still to claim, tickets open, tickets blocked) (ticket_plans)
Plans = tuple[dict[int, tuple[int, ...]], dict[int, int], set[int], list[int], list[int]]


class Menu(Protocol):
    """The claims open this decision (:class:`~ttrtool.engine.board_menu.BoardMenu`)."""

    def of(self, route: int) -> tuple[ClaimRoute, ...]: ...

    def claimable(self) -> frozenset[int]: ...

    def __iter__(self) -> Iterator[ClaimRoute]: ...


class ExpertBot(Protocol):
    """What the expert's parts read from the bot that holds them."""

    # the game, its board tables and the seat (StrategicBot)
    game: Game
    seat: int
    loco: int  # the locomotives' card index
    lengths: tuple[int, ...]
    trains_of: tuple[int, ...]
    colors: tuple[int, ...]
    points: tuple[int, ...]
    partners: tuple[tuple[int, ...], ...]
    tunnel_routes: tuple[bool, ...]
    top_points: tuple[int, ...]  # each ticket's best points (ExpertCore)
    # the plan: routes still to claim, its tickets and their points
    needed: set[int]
    open_tickets: list[int]
    blocked_tickets: list[int]
    ticket_points: dict[int, int]
    # the decision under way: its ticket draw, if legal, and the claims open
    ticket_draw: DrawTickets | None

    @property
    def menu(self) -> Menu: ...

    def turns(self, view: PlayerView) -> float: ...

    def closed(self, owner: Sequence[int], route: int) -> bool: ...

    def closed_routes(self, owner: Sequence[int]) -> list[bool]: ...

    def planned_cost(self) -> int: ...

    def plan_cards(self) -> tuple[list[int], int, int]: ...

    def plan_wishes(self, view: PlayerView) -> list[int]: ...

    def plan_loss(self, view: PlayerView, a: ClaimRoute) -> int: ...

    def ticket_path(self, weights: Sequence[float], ticket: int,
                    searches: dict[tuple[int, ...], PathSearch] | None = None,
                    ) -> Found | None: ...

    def ticket_plans(self, owner: Sequence[int], weights: list[float],
                     order: Sequence[int]) -> Plans: ...

    def points_order(self, min_length: int) -> tuple[int, ...]: ...

    def claims_of(self, route: int) -> tuple[ClaimRoute, ...]: ...

    def tunnel_ok(self, view: PlayerView, a: ClaimRoute) -> bool: ...

    def cards_spent(self, a: ClaimRoute) -> int: ...

    def spent_by_card(self, a: ClaimRoute) -> list[int]: ...

    def wants_tickets(self, view: PlayerView, turns: float) -> bool: ...

    def draw_cards(self, view: PlayerView, actions: Sequence[Action]) -> Action: ...
