"""The one table of the codes ttrtool reports: every diagnostic of ``validate`` and
every balance finding of ``analyze`` and ``simulate``.

A code is a string (``"TTR101"``, what the outputs print and ``--select`` reads)
that also knows its kebab-case name.  Code that reports one names it from here
(``UNKNOWN_PLACE``), never by its number; what each means, its severity and how to fix
it are written beside the code that emits it (the checks' registrations, the findings'
entries), and the catalogue (:mod:`ttrtool.checks.catalog`) gathers them into
docs/checks.md.  Numbers: TTR0xx reading the file and the schema, TTR1xx places and
references, TTR2xx layout at print size, TTR3xx routes and rules, TTR4xx tickets,
TTR5xx balance from the board, TTR6xx balance from play, TTR9xx internal.
"""

from __future__ import annotations


class Code(str):
    """A code such as ``TTR101``, equal to its string, with its kebab-case ``name``."""

    name: str

    def __new__(cls, code: str, name: str) -> Code:
        made = super().__new__(cls, code)
        made.name = name
        return made

    def __reduce__(self) -> tuple[type[Code], tuple[str, str]]:
        return (Code, (str(self), self.name))


UNREADABLE_FILE = Code("TTR000", "unreadable-file")
BAD_CHARACTER = Code("TTR001", "bad-character")
YAML_SYNTAX = Code("TTR002", "yaml-syntax")
DUPLICATE_KEY = Code("TTR003", "duplicate-key")
YAML_ALIAS = Code("TTR004", "yaml-alias")
AMBIGUOUS_SCALAR = Code("TTR005", "ambiguous-scalar")
MAP_TOO_LARGE = Code("TTR006", "map-too-large")
SCHEMA = Code("TTR010", "schema")
UNKNOWN_PLACE = Code("TTR101", "unknown-place")
DUPLICATE_NAME = Code("TTR102", "duplicate-name")
MISSING_BORDER_POINT = Code("TTR103", "missing-border-point")
UNKNOWN_BORDER_POINT = Code("TTR104", "unknown-border-point")
BORDER_POINT_ON_CITY = Code("TTR105", "border-point-on-city")
COUNTRY_AS_FIRST_END = Code("TTR106", "country-as-first-end")
NEAR_DUPLICATE_NAME = Code("TTR107", "near-duplicate-name")
ROUTE_TO_ITSELF = Code("TTR108", "route-to-itself")
CITY_WITHOUT_ROUTE = Code("TTR109", "city-without-route")
DUPLICATE_BORDER_POINT = Code("TTR110", "duplicate-border-point")
UNUSED_BORDER_POINT = Code("TTR111", "unused-border-point")
MIXED_SCRIPT_NAME = Code("TTR112", "mixed-script-name")
PLACE_OFF_BOARD = Code("TTR113", "place-off-board")
PLACES_TOO_CLOSE = Code("TTR114", "places-too-close")
INVISIBLE_CHARACTER = Code("TTR115", "invisible-character")
PROJECTION = Code("TTR120", "projection")
CITY_IN_SEA = Code("TTR121", "city-in-sea")
CITY_OUTSIDE_REGION = Code("TTR122", "city-outside-region")
ROUTE_LENGTH_VS_DISTANCE = Code("TTR123", "route-length-vs-distance")
GAME_LENGTH_VS_TRAINS = Code("TTR124", "game-length-vs-trains")
FERRY_OVER_LAND = Code("TTR125", "ferry-over-land")
LAND_ROUTE_OVER_SEA = Code("TTR126", "land-route-over-sea")
CITY_OUTSIDE_ITS_COUNTRY = Code("TTR127", "city-outside-its-country")
LAYOUT_NOT_CHECKED = Code("TTR200", "layout-not-checked")
SPACES_OVERLAP = Code("TTR201", "spaces-overlap")
SPACE_COVERS_CITY = Code("TTR202", "space-covers-city")
ROUTES_CROSS = Code("TTR203", "routes-cross")
LABELS_OVERLAP = Code("TTR204", "labels-overlap")
ROUTE_TOO_SHORT_TO_DRAW = Code("TTR205", "route-too-short-to-draw")
ROUTE_TOO_LONG_TO_DRAW = Code("TTR206", "route-too-long-to-draw")
ROUTE_SHARP_TURN = Code("TTR207", "route-sharp-turn")
ROUTE_END_GAP = Code("TTR208", "route-end-gap")
TICKET_CARD_TEXT = Code("TTR209", "ticket-card-text")
DOUBLE_ROUTE_SIZE = Code("TTR301", "double-route-size")
DOUBLE_ROUTE_MISMATCH = Code("TTR302", "double-route-mismatch")
DOUBLE_ROUTE_SAME_COLOR = Code("TTR303", "double-route-same-color")
LENGTH_NOT_SCORED = Code("TTR304", "length-not-scored")
UNKNOWN_COLOR = Code("TTR305", "unknown-color")
FERRY_LOCOMOTIVES = Code("TTR306", "ferry-locomotives")
FERRIES_NOT_ALLOWED = Code("TTR307", "ferries-not-allowed")
TUNNELS_NOT_ALLOWED = Code("TTR308", "tunnels-not-allowed")
LOCOMOTIVES_WITHOUT_TUNNELS = Code("TTR309", "locomotives-without-tunnels")
DISCONNECTED_BOARD = Code("TTR310", "disconnected-board")
PLAYER_RANGE = Code("TTR311", "player-range")
TRAINS_VS_SPACES = Code("TTR312", "trains-vs-spaces")
ROUTE_LONGER_THAN_TRAINS = Code("TTR313", "route-longer-than-trains")
NOT_ENOUGH_CARDS = Code("TTR314", "not-enough-cards")
UNKNOWN_TICKET_DECK = Code("TTR315", "unknown-ticket-deck")
NOT_ENOUGH_TICKETS = Code("TTR316", "not-enough-tickets")
KEEP_MORE_THAN_DEALT = Code("TTR317", "keep-more-than-dealt")
STATION_COSTS = Code("TTR318", "station-costs")
DOUBLE_ROUTE_KIND = Code("TTR319", "double-route-kind")
SUBSTITUTE_UNKNOWN_ROUTE = Code("TTR320", "substitute-unknown-route")
MOUNTAINS_NOT_ALLOWED = Code("TTR321", "mountains-not-allowed")
BONUS_WITHOUT_POINTS = Code("TTR322", "bonus-without-points")
DUPLICATE_TICKET = Code("TTR401", "duplicate-ticket")
TICKET_TO_ITSELF = Code("TTR402", "ticket-to-itself")
TICKET_UNREACHABLE = Code("TTR403", "ticket-unreachable")
TICKET_BLOCKED_BY_DOUBLES = Code("TTR404", "ticket-blocked-by-doubles")
TICKET_LONGER_THAN_TRAINS = Code("TTR405", "ticket-longer-than-trains")
TICKET_POINTS = Code("TTR406", "ticket-points")
TICKET_POINTS_FAR_OFF = Code("TTR407", "ticket-points-far-off")
TICKET_OVERPRICED = Code("TTR501", "ticket-overpriced")
TICKET_UNDERPRICED = Code("TTR502", "ticket-underpriced")
ROUTE_LONGER_THAN_DETOUR = Code("TTR503", "route-longer-than-detour")
SHORTCUT = Code("TTR504", "shortcut")
COLOUR_SPACES_OUT_OF_RANGE = Code("TTR505", "colour-spaces-out-of-range")
DECK_AGAINST_DEMAND = Code("TTR506", "deck-against-demand")
CHOKEPOINT = Code("TTR507", "chokepoint")
TICKET_LENGTHS = Code("TTR508", "ticket-lengths")
ROUTE_POINTS_OUT_OF_LINE = Code("TTR510", "route-points-out-of-line")
REGION_WITHOUT_TICKETS = Code("TTR511", "region-without-tickets")
TICKET_DECK_SIZE = Code("TTR512", "ticket-deck-size")
BONUS_TOO_LARGE = Code("TTR513", "bonus-too-large")
REGION_BEHIND_TUNNELS_OR_FERRIES = Code("TTR514", "region-behind-tunnels-or-ferries")
DOUBLE_ROUTES_OPEN_EARLY = Code("TTR515", "double-routes-open-early")
TICKETS_CLUSTERED = Code("TTR516", "tickets-clustered")
RULE_FAR_FROM_OFFICIAL = Code("TTR517", "rule-far-from-official")
BOARD_FILLS_UP = Code("TTR518", "board-fills-up")
SEAT_ADVANTAGE = Code("TTR601", "seat-advantage")
ROUTE_NEVER_CLAIMED = Code("TTR602", "route-never-claimed")
ROUTE_RARELY_CLAIMED = Code("TTR603", "route-rarely-claimed")
TICKET_ADVANTAGE = Code("TTR604", "ticket-advantage")
GAMES_STALLED = Code("TTR605", "games-stalled")
ROUTE_CLAIMER_ADVANTAGE = Code("TTR606", "route-claimer-advantage")
ROUTE_RACED = Code("TTR607", "route-raced")
TICKET_COMPLETION_OFF_COST = Code("TTR608", "ticket-completion-off-cost")
COLOUR_UNDER_PRESSURE = Code("TTR609", "colour-under-pressure")
TEMPO_OUT_OF_RANGE = Code("TTR610", "tempo-out-of-range")
SEAT_WIN_RATE_CHANGED = Code("TTR621", "seat-win-rate-changed")
TICKET_CHANGED = Code("TTR622", "ticket-changed")
ROUTE_CHANGED = Code("TTR623", "route-changed")
COLOUR_PRESSURE_CHANGED = Code("TTR624", "colour-pressure-changed")
TEMPO_CHANGED = Code("TTR625", "tempo-changed")
INTERNAL_ERROR = Code("TTR999", "internal-error")


ALL: tuple[Code, ...] = (
    UNREADABLE_FILE,
    BAD_CHARACTER,
    YAML_SYNTAX,
    DUPLICATE_KEY,
    YAML_ALIAS,
    AMBIGUOUS_SCALAR,
    MAP_TOO_LARGE,
    SCHEMA,
    UNKNOWN_PLACE,
    DUPLICATE_NAME,
    MISSING_BORDER_POINT,
    UNKNOWN_BORDER_POINT,
    BORDER_POINT_ON_CITY,
    COUNTRY_AS_FIRST_END,
    NEAR_DUPLICATE_NAME,
    ROUTE_TO_ITSELF,
    CITY_WITHOUT_ROUTE,
    DUPLICATE_BORDER_POINT,
    UNUSED_BORDER_POINT,
    MIXED_SCRIPT_NAME,
    PLACE_OFF_BOARD,
    PLACES_TOO_CLOSE,
    INVISIBLE_CHARACTER,
    PROJECTION,
    CITY_IN_SEA,
    CITY_OUTSIDE_REGION,
    ROUTE_LENGTH_VS_DISTANCE,
    GAME_LENGTH_VS_TRAINS,
    FERRY_OVER_LAND,
    LAND_ROUTE_OVER_SEA,
    CITY_OUTSIDE_ITS_COUNTRY,
    LAYOUT_NOT_CHECKED,
    SPACES_OVERLAP,
    SPACE_COVERS_CITY,
    ROUTES_CROSS,
    LABELS_OVERLAP,
    ROUTE_TOO_SHORT_TO_DRAW,
    ROUTE_TOO_LONG_TO_DRAW,
    ROUTE_SHARP_TURN,
    ROUTE_END_GAP,
    TICKET_CARD_TEXT,
    DOUBLE_ROUTE_SIZE,
    DOUBLE_ROUTE_MISMATCH,
    DOUBLE_ROUTE_SAME_COLOR,
    LENGTH_NOT_SCORED,
    UNKNOWN_COLOR,
    FERRY_LOCOMOTIVES,
    FERRIES_NOT_ALLOWED,
    TUNNELS_NOT_ALLOWED,
    LOCOMOTIVES_WITHOUT_TUNNELS,
    DISCONNECTED_BOARD,
    PLAYER_RANGE,
    TRAINS_VS_SPACES,
    ROUTE_LONGER_THAN_TRAINS,
    NOT_ENOUGH_CARDS,
    UNKNOWN_TICKET_DECK,
    NOT_ENOUGH_TICKETS,
    KEEP_MORE_THAN_DEALT,
    STATION_COSTS,
    DOUBLE_ROUTE_KIND,
    SUBSTITUTE_UNKNOWN_ROUTE,
    MOUNTAINS_NOT_ALLOWED,
    BONUS_WITHOUT_POINTS,
    DUPLICATE_TICKET,
    TICKET_TO_ITSELF,
    TICKET_UNREACHABLE,
    TICKET_BLOCKED_BY_DOUBLES,
    TICKET_LONGER_THAN_TRAINS,
    TICKET_POINTS,
    TICKET_POINTS_FAR_OFF,
    TICKET_OVERPRICED,
    TICKET_UNDERPRICED,
    ROUTE_LONGER_THAN_DETOUR,
    SHORTCUT,
    COLOUR_SPACES_OUT_OF_RANGE,
    DECK_AGAINST_DEMAND,
    CHOKEPOINT,
    TICKET_LENGTHS,
    ROUTE_POINTS_OUT_OF_LINE,
    REGION_WITHOUT_TICKETS,
    TICKET_DECK_SIZE,
    BONUS_TOO_LARGE,
    REGION_BEHIND_TUNNELS_OR_FERRIES,
    DOUBLE_ROUTES_OPEN_EARLY,
    TICKETS_CLUSTERED,
    RULE_FAR_FROM_OFFICIAL,
    BOARD_FILLS_UP,
    SEAT_ADVANTAGE,
    ROUTE_NEVER_CLAIMED,
    ROUTE_RARELY_CLAIMED,
    TICKET_ADVANTAGE,
    GAMES_STALLED,
    ROUTE_CLAIMER_ADVANTAGE,
    ROUTE_RACED,
    TICKET_COMPLETION_OFF_COST,
    COLOUR_UNDER_PRESSURE,
    TEMPO_OUT_OF_RANGE,
    SEAT_WIN_RATE_CHANGED,
    TICKET_CHANGED,
    ROUTE_CHANGED,
    COLOUR_PRESSURE_CHANGED,
    TEMPO_CHANGED,
    INTERNAL_ERROR,
)
BY_CODE: dict[str, Code] = {str(c): c for c in ALL}
