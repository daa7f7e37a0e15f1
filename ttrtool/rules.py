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

# Values a preset changes from the defaults.  Rule ids are from RULES.md.
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
}

# Settings that are tables: an override replaces the whole table.
_TABLES = {("train_cards", "colors"), ("tickets", "setup_deal"), ("route_points",)}


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


@dataclass(frozen=True)
class Rules:
    """Every number and policy that differs between variants (RULES.md, last section)."""

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
    locomotives_playable_on: str  # "any" | "tunnels"
    route_points: tuple[tuple[int, int], ...]  # (length, points), sorted
    longest_path_name: str
    longest_path_bonus: int
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

    @property
    def deck_size(self) -> int:
        return sum(self.cards_per_color) + self.locomotives

    def points_for_length(self, length: int) -> int | None:
        """Points for claiming a route of this length, or None if the table lacks it."""
        return dict(self.route_points).get(length)

    def both_tracks_usable(self, players: int) -> bool:
        """R-CLAIM-5 / R-CH-5: may both tracks of a double route be claimed?"""
        return players >= self.both_tracks_min_players

    @classmethod
    def from_data(cls, data: dict[str, Any], preset: str | None = None) -> Rules:
        t = data["tickets"]
        colors = data["train_cards"]["colors"]
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
            locomotives_playable_on=data["locomotives"]["playable_on"],
            route_points=tuple(sorted((int(k), v) for k, v in data["route_points"].items())),
            longest_path_name=data["longest_path"]["name"],
            longest_path_bonus=data["longest_path"]["bonus"],
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
            ),
            tie_breakers=tuple(data["tie_breakers"]),
        )
