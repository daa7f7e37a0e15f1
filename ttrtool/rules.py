"""The rules of a variant as data: schema defaults, named presets, overrides.

A map's ``rules:`` block is resolved in three layers: the defaults written in
the JSON Schema (the USA base game), then the named ``preset``, then the keys
the map gives.  Objects of named settings merge key by key; tables (the
colour counts, the route-points table, the ticket deal) are replaced whole.
The result is a frozen :class:`Rules` that the engine, the checks and the
analysis read; nothing downstream looks at a map's name.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from ttrtool.resources import load_schema

# Values a preset changes from the defaults.  Rule ids are those of docs/rules.md.
PRESETS: dict[str, dict[str, Any]] = {
    "usa": {},
    "europe": {
        "stations": {
            "per_player": 3,
            "costs": [1, 2, 3],
            "unused_points": 4,
        },  # R-EU-1, R-EU-3, R-EU-5
        "tunnels": {"allowed": True, "reveal": 3},  # R-EU-7
        "ferries": {"allowed": True},  # R-EU-6
        # R-SCORE-1, the whole table to 8: the printed Europe table lists only the
        # lengths on its board (no 5 or 7), but a map on this preset may have them.
        "route_points": {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15, "7": 18, "8": 21},
        "longest_path": {"name": "European Express", "bonus": 10},  # R-EU-9
        "tickets": {  # R-EU-2
            "setup_deal": {"long": 1, "regular": 3},
            "setup_rejected": "removed",
            "undealt_decks": "removed",
        },
        "tie_breakers": ["completed_tickets", "fewest_stations_used", "longest_path"],  # R-EU-9
    },
    "switzerland": {
        "players": {"min": 2, "max": 3},  # R-CH-1
        "trains_per_player": 40,  # R-CH-1
        "locomotives": {"face_up_ends_draw": False, "playable_on": "tunnels"},  # R-CH-6, R-CH-7
        "tunnels": {"allowed": True, "reveal": 3},  # R-CH-8
        "double_routes": {"both_tracks_min_players": 3},  # R-CH-5
        "longest_path": {"name": "Trans-Alpine Express", "bonus": 10},  # R-CH-8
        "tickets": {  # R-CH-4
            "setup_deal": {"regular": 5},
            "setup_rejected": "removed",
            "draw_rejected": "removed",
        },
    },
    # Nordic Countries (docs/variants.md).  The route-specific substitution (any 4 cards
    # for one coloured card on Murmansk-Lieksa) names a route, so it lives in the map file.
    "nordiccountries": {
        "players": {"min": 2, "max": 3},
        "trains_per_player": 40,
        "market": {"locomotive_wipe": 0},  # the display is never flushed
        "locomotives": {"face_up_ends_draw": False, "playable_on": ["tunnel", "ferry"]},  # R-VAR-1
        "tunnels": {"allowed": True, "reveal": 3},
        "ferries": {"allowed": True, "colored": True},  # R-VAR-2
        "substitutes": [{"replaces": "locomotive", "cards": 3, "kinds": ["ferry"]}],  # R-VAR-3
        "double_routes": {"both_tracks_min_players": 3, "tracks_may_differ": True},  # R-VAR-5
        "route_points": {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15, "9": 27},
        "bonuses": [{"type": "most_tickets", "name": "Globetrotter", "points": 10}],  # R-VAR-7
        "tickets": {
            "setup_deal": {"regular": 5},
            "setup_rejected": "removed",
            "draw_rejected": "removed",
        },
        "tie_breakers": ["completed_tickets"],
    },
    # India (docs/variants.md): ferries, both tracks from 4 players, and the Grand Tour.
    "india": {
        "players": {"min": 2, "max": 4},
        "ferries": {"allowed": True},
        "route_points": {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15, "7": 18, "8": 21},
        "bonuses": [  # R-VAR-6, R-VAR-9
            {"type": "longest_path", "name": "Indian Express", "points": 10},
            {"type": "multi_path_tickets", "name": "Grand Tour", "table": [5, 10, 20, 30, 40]},
        ],
        "tickets": {"setup_deal": {"regular": 4}},
    },
}

# Settings that are tables: an override replaces the whole table.
_TABLES = {("train_cards", "colors"), ("tickets", "setup_deal"), ("route_points",),
           ("double_routes", "usable_tracks")}

ROUTE_KINDS = ("normal", "tunnel", "ferry")
# Bonus types that compare players (the others score each player on their own).
CONTESTED = ("longest_path", "most_tickets", "largest_network")


def schema_defaults() -> dict[str, Any]:
    """The default of every rule, read from the JSON Schema (one source of truth)."""
    props = load_schema()["properties"]["rules"]["properties"]
    out: dict[str, Any] = {}
    for key, spec in props.items():
        if key == "preset":
            continue
        if "default" in spec:
            out[key] = copy.deepcopy(spec["default"])
    return out


def _merge(
    base: dict[str, Any], over: dict[str, Any], path: tuple[str, ...] = ()
) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        here = path + (key,)
        if isinstance(value, dict) and isinstance(out.get(key), dict) and here not in _TABLES:
            out[key] = _merge(out[key], value, here)
        else:
            out[key] = copy.deepcopy(value)
    return out


def resolve_rules(block: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults, then the preset, then the map's own keys, as plain data."""
    block = dict(block or {})
    preset = block.pop("preset", None)
    rules = schema_defaults()
    if preset:
        rules = _merge(rules, PRESETS[preset])
    return _merge(rules, block)


@dataclass(frozen=True)
class PointsBand:
    """How far a ticket's points may stray from its cheapest path in train spaces
    (``rules.tickets.points_band``, judged by :mod:`ttrtool.ticket_value`)."""

    below: int = 2  # fair down to this many points under the cheapest path
    above: int = 2  # fair up to this many points over it
    # Grossly mispriced: below cost / factor or above cost x factor, and also more than
    # twice the band away from the cost.
    factor: float = 2.0


POINTS_BAND = PointsBand()  # the schema's default band, shared by every map that keeps it


@dataclass(frozen=True)
class TicketRules:
    setup_deal: tuple[tuple[str, int], ...]
    setup_keep_min: int
    setup_rejected: str  # "deck_bottom" | "removed"
    undealt_decks: str  # "kept" | "removed"
    draw: int
    draw_deck: str
    draw_keep_min: int
    draw_rejected: str  # "deck_bottom" | "removed"
    multi_destination: str  # "best_connected"
    # How far points may stray from a ticket's cheapest cost, built once here and
    # read by ttrtool.ticket_value.points_band for validate and analyze alike.
    points_band: PointsBand = POINTS_BAND


@dataclass(frozen=True)
class Substitute:
    """Any ``cards`` cards may replace one required card (R-VAR-3): a ``locomotive``
    (a ferry's symbols) on routes of ``kinds``, or a coloured ``card`` on the ``routes`` named."""

    replaces: str  # "locomotive" | "card"
    cards: int
    kinds: frozenset[str]
    routes: frozenset[str]

    def applies_to(self, route_id: str, kind: str) -> bool:
        return kind in self.kinds or route_id in self.routes


@dataclass(frozen=True)
class Bonus:
    """An end-game bonus (R-VAR-6): its type, name, points and tie rule."""

    type: str  # "longest_path" | "most_tickets" | "largest_network" | "multi_path_tickets"
    name: str
    points: int
    ties: str = "all"  # "all" tied players score | "none" of them do
    table: tuple[int, ...] = ()  # multi_path_tickets: points for 1, 2, ... qualifying tickets

    def points_for_count(self, count: int) -> int:
        """``multi_path_tickets``: the table's points for ``count`` tickets (R-VAR-9)."""
        if count <= 0 or not self.table:
            return 0
        return self.table[min(count, len(self.table)) - 1]


BONUS_NAMES = {"longest_path": "Longest Continuous Path", "most_tickets": "Globetrotter",
               "largest_network": "Largest Network", "multi_path_tickets": "Grand Tour"}


def _bonuses(data: dict[str, Any]) -> tuple[Bonus, ...]:
    """The rules' bonus list; without one, the ``longest_path`` key's bonus (if it scores)."""
    if "bonuses" not in data:
        lp = data["longest_path"]
        return (Bonus("longest_path", lp["name"], lp["bonus"]),) if lp["bonus"] > 0 else ()
    return tuple(Bonus(b["type"], b.get("name", BONUS_NAMES[b["type"]]), b.get("points", 0),
                       b.get("ties", "all"), tuple(b.get("table", ())))
                 for b in data["bonuses"])


def _points_band(data: dict[str, Any]) -> PointsBand:
    """The map's points band; the shared default when it keeps the default's values."""
    band = PointsBand(data["below"], data["above"], float(data["factor"]))
    return POINTS_BAND if band == POINTS_BAND else band


def _locomotive_kinds(value: str | list[str]) -> frozenset[str]:
    if value == "any":
        return frozenset(ROUTE_KINDS)
    if value == "tunnels":
        return frozenset({"tunnel"})
    return frozenset(value)


@dataclass(frozen=True)
class Rules:
    """Every number and policy that differs between variants (docs/rules.md, last section)."""

    preset: str | None
    min_players: int
    max_players: int
    trains_per_player: int
    end_trigger_trains: int
    colors: tuple[str, ...]
    cards_per_color: tuple[int, ...]
    locomotives: int
    initial_hand: int
    market_size: int
    market_locomotive_wipe: int
    draw_cards: int
    face_up_locomotive_ends_draw: bool
    locomotive_kinds: frozenset[str]  # route kinds locomotives may be played on (R-VAR-1)
    route_points: tuple[tuple[int, int], ...]  # (length, points), sorted
    longest_path_name: str
    longest_path_bonus: int  # points of the longest-path bonus in ``bonuses`` (0 if none)
    both_tracks_min_players: int
    stations_per_player: int
    station_costs: tuple[int, ...]
    station_unused_points: int
    tunnels_allowed: bool
    tunnel_reveal: int
    ferries_allowed: bool
    countries_junction: bool
    tickets: TicketRules
    tie_breakers: tuple[str, ...]
    ferries_colored: bool = False
    substitutes: tuple[Substitute, ...] = ()
    usable_tracks_table: tuple[tuple[int, int], ...] = ()  # (from players, tracks), sorted
    tracks_may_differ: bool = False
    bonuses: tuple[Bonus, ...] = ()
    mountains_allowed: bool = False
    mountain_points: int = 2  # points per train discarded on a mountain route (R-VAR-10)

    @property
    def deck_size(self) -> int:
        return sum(self.cards_per_color) + self.locomotives

    def points_for_length(self, length: int) -> int | None:
        """Points for claiming a route of this length, or None if the table lacks it."""
        return dict(self.route_points).get(length)

    def both_tracks_usable(self, players: int) -> bool:
        """R-CLAIM-5 / R-CH-5: may both tracks of a double route be claimed?"""
        return self.usable_tracks(players, 2) >= 2

    def usable_tracks(self, players: int, group_size: int) -> int:
        """How many tracks of a parallel group of ``group_size`` may be claimed with this
        many players (R-CLAIM-5, R-CH-5, R-VAR-4): the ``usable_tracks`` table's entry for
        the largest player count not above ``players`` (1 below all of them), else all
        tracks from ``both_tracks_min_players`` and one below it."""
        if self.usable_tracks_table:
            tracks = 1
            for least, n in self.usable_tracks_table:
                if players >= least:
                    tracks = n
            return min(tracks, group_size)
        return group_size if players >= self.both_tracks_min_players else 1

    def players_problem(self, players: int) -> str | None:
        """Why a game of ``players`` cannot be played under these rules, or None when it
        can: the one message for a player count out of the map's range (R-SET-1)."""
        if self.min_players <= players <= self.max_players:
            return None
        return (f"this map is played by {self.min_players} to {self.max_players} players, "
                f"not {players}")

    def locomotives_playable_on(self, kind: str) -> bool:
        """R-CLAIM-2, R-CH-7, R-VAR-1: may locomotives be played on a route of this kind?"""
        return kind in self.locomotive_kinds

    def substitute_for(self, route_id: str, kind: str) -> Substitute | None:
        """The first substitution rule that applies to this route (R-VAR-3), if any."""
        for s in self.substitutes:
            if s.applies_to(route_id, kind):
                return s
        return None

    def bonus(self, type_: str) -> Bonus | None:
        """The first bonus of this type, if the rules have one."""
        for b in self.bonuses:
            if b.type == type_:
                return b
        return None

    @classmethod
    def from_data(cls, data: dict[str, Any], preset: str | None = None) -> Rules:
        t = data["tickets"]
        colors = data["train_cards"]["colors"]
        bonuses = _bonuses(data)
        return cls(
            preset=preset,
            min_players=data["players"]["min"],
            max_players=data["players"]["max"],
            trains_per_player=data["trains_per_player"],
            end_trigger_trains=data["end_trigger_trains"],
            colors=tuple(colors),
            cards_per_color=tuple(colors.values()),
            locomotives=data["train_cards"]["locomotives"],
            initial_hand=data["initial_hand"],
            market_size=data["market"]["size"],
            market_locomotive_wipe=data["market"]["locomotive_wipe"],
            draw_cards=data["draw_cards"],
            face_up_locomotive_ends_draw=data["locomotives"]["face_up_ends_draw"],
            locomotive_kinds=_locomotive_kinds(data["locomotives"]["playable_on"]),
            route_points=tuple(sorted((int(k), v) for k, v in data["route_points"].items())),
            longest_path_name=next((b.name for b in bonuses if b.type == "longest_path"),
                                   data["longest_path"]["name"]),
            longest_path_bonus=sum(b.points for b in bonuses if b.type == "longest_path"),
            both_tracks_min_players=data["double_routes"]["both_tracks_min_players"],
            stations_per_player=data["stations"]["per_player"],
            station_costs=tuple(data["stations"]["costs"]),
            station_unused_points=data["stations"]["unused_points"],
            tunnels_allowed=data["tunnels"]["allowed"],
            tunnel_reveal=data["tunnels"]["reveal"],
            ferries_allowed=data["ferries"]["allowed"],
            countries_junction=data["countries"]["junction"],
            tickets=TicketRules(
                setup_deal=tuple(t["setup_deal"].items()),
                setup_keep_min=t["setup_keep_min"],
                setup_rejected=t["setup_rejected"],
                undealt_decks=t["undealt_decks"],
                draw=t["draw"],
                draw_deck=t["draw_deck"],
                draw_keep_min=t["draw_keep_min"],
                draw_rejected=t["draw_rejected"],
                multi_destination=t["multi_destination"],
                points_band=_points_band(t["points_band"]),
            ),
            tie_breakers=tuple(data["tie_breakers"]),
            ferries_colored=data["ferries"].get("colored", False),
            substitutes=tuple(
                Substitute(s["replaces"], s["cards"], frozenset(s.get("kinds", ())),
                           frozenset(s.get("routes", ())))
                for s in data.get("substitutes", ())),
            usable_tracks_table=tuple(sorted(
                (int(k), v) for k, v in data["double_routes"].get("usable_tracks", {}).items())),
            tracks_may_differ=data["double_routes"].get("tracks_may_differ", False),
            bonuses=bonuses,
            mountains_allowed=data["mountains"]["allowed"],
            mountain_points=data["mountains"]["points"],
        )
