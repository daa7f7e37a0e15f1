"""The catalogue of designer mistakes: each kind plants one on a bundled map, and says
which finding must name it.

A :class:`Plant` changes a fresh copy of a bundled map's document (see
:mod:`benchmarks.plant`) at a given strength, the way a designer might get
the map wrong, and lists the codes that may name it at warning severity and the
words the message must hold (the route, ticket, city, colour or setting a
designer needs to act).  The tests (tests/findings/test_plants.py) check each
kind at its default strength; benchmarks/plants_power.py builds the power table
of benchmarks/notes/analyze.md from the same records.

``late`` marks the kinds written after the checks were calibrated, never tuned
against: they say how well the findings carry to mistakes nobody showed them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from benchmarks import plant
from benchmarks.plant import Data
from ttrtool.diagnostics import Severity

Change = Callable[[Data, float], None]


@dataclass(frozen=True)
class Plant:
    """One kind of designer mistake on one bundled map."""

    name: str
    map: str
    change: Change
    strength: float  # the default: what the tests plant
    codes: tuple[str, ...]  # codes of which one must name it at warning severity
    words: tuple[str, ...]  # every one must be in that finding's message ({s}: the strength)
    what: str  # the mistake in a designer's words (the power table's row)
    late: bool = False  # written after the checks, not tuned to

    def document(self, strength: float | None = None) -> Data:
        data = plant.bundled(self.map)
        self.change(data, self.strength if strength is None else strength)
        return data


def naming(p: Plant, findings: Iterable[Any], strength: float | None = None) -> list[str]:
    """The lines of the findings (records or report dicts) that name the plant planted at
    ``strength`` (its default if None): one of its codes, warning severity or above, every
    word in the message."""
    at = f"{p.strength if strength is None else strength:g}"
    words = [w.replace("{s}", at) for w in p.words]
    out = []
    for f in findings:
        d = f if isinstance(f, dict) else f.to_dict()
        if d["code"] not in p.codes or Severity(d["severity"]) < Severity.WARNING:
            continue
        if all(w in d["message"] for w in words):
            out.append(f"{d['severity']} {d['code']}: {d['message']}")
    return out


# --- the mutators -------------------------------------------------------------------


def _rules(data: Data) -> dict[str, Any]:
    return data.setdefault("rules", {})  # type: ignore[no-any-return]


def _table(preset: str) -> dict[str, int]:
    from ttrtool.rules import PRESETS, schema_defaults

    table = PRESETS.get(preset, {}).get("route_points") or schema_defaults()["route_points"]
    return dict(table)


def route_points(length: int, preset: str = "usa") -> Change:
    """The scoring table with one length worth ``strength`` points."""
    def change(data: Data, strength: float) -> None:
        table = _table(preset)
        table[str(length)] = int(strength)
        _rules(data)["route_points"] = table
    return change


def remove_tickets_touching(*cities: str, decks: tuple[str, ...] = ()) -> Change:
    """Every ticket touching one of ``cities`` removed (from ``decks`` only, if given)."""
    def change(data: Data, strength: float) -> None:
        for deck, tickets in data["tickets"].items():
            if decks and deck not in decks:
                continue
            data["tickets"][deck] = [t for t in tickets
                                     if t.get("from") not in cities and t.get("to") not in cities]
    return change


def corner_city(name: str, pos: list[int], links: list[tuple[str, str]]) -> Change:
    """A new city joined by routes of ``strength`` spaces each, on no ticket."""
    def change(data: Data, strength: float) -> None:
        data["cities"].append({"name": name, "pos": pos})
        for other, colour in links:
            data["routes"].append({"a": other, "b": name, "length": int(strength),
                                   "color": colour})
    return change


def rule(*keys: str) -> Change:
    """Set one rule (``keys`` a path into ``rules``) to ``strength``."""
    def change(data: Data, strength: float) -> None:
        node = _rules(data)
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = int(strength)
    return change


def ticket_points(origin: str, to: str) -> Change:
    def change(data: Data, strength: float) -> None:
        plant.ticket(data, origin, to)["points"] = int(strength)
    return change


def keep_tickets(count: int) -> Change:
    """Cut the regular deck to its first ``strength`` tickets."""
    def change(data: Data, strength: float) -> None:
        data["tickets"]["regular"] = data["tickets"]["regular"][:int(strength)]
    return change


def recolour(colour: str, to: str) -> Change:
    def change(data: Data, strength: float) -> None:
        for r in data["routes"]:
            if r.get("color") == colour:
                r["color"] = to
    return change


def tickets_to_east_coast(data: Data, strength: float) -> None:
    """Every ticket with no end east of ``strength`` (board pixels) has its eastern end moved
    to the east-coast city at the nearest height: each ticket touches the east coast."""
    pos = {c["name"]: c["pos"] for c in data["cities"]}
    coast = [n for n, p in pos.items() if p[0] > strength]

    def near(name: str) -> str:
        return min(coast, key=lambda e: (abs(pos[e][1] - pos[name][1]), e))

    out = []
    for t in data["tickets"]["regular"]:
        a, b = t["from"], t["to"]
        if pos[a][0] <= strength and pos[b][0] <= strength:
            a, b = (near(a), b) if pos[a][0] > pos[b][0] else (a, near(b))
        if a != b:
            out.append({**t, "from": a, "to": b})
    data["tickets"]["regular"] = out


def grand_tour(data: Data, strength: float) -> None:
    """India's Grand Tour table (5, 10, 20, 30, 40) times ``strength``."""
    _rules(data)["bonuses"] = [
        {"type": "longest_path", "name": "Indian Express", "points": 10},
        {"type": "multi_path_tickets", "name": "Grand Tour",
         "table": [int(strength * p) for p in (5, 10, 20, 30, 40)]}]


def copies(data: Data, strength: float) -> None:
    """Every ticket printed ``strength`` times."""
    for deck, tickets in data["tickets"].items():
        data["tickets"][deck] = [{**t, "copies": int(strength)} for t in tickets]


def longest_bonus(data: Data, strength: float) -> None:
    _rules(data)["longest_path"] = {"name": "Longest Path", "bonus": int(strength)}


def thin_colour(colour: str) -> Change:
    """Recolour all but ``strength`` routes of a colour to gray (first ones kept)."""
    def change(data: Data, strength: float) -> None:
        kept = 0
        for r in data["routes"]:
            if r.get("color") != colour:
                continue
            if kept < int(strength):
                kept += 1
                continue
            r["color"] = "gray"
    return change


def routes_into(cities: set[str], kind: str, locomotives: int = 0) -> Change:
    """Every route between ``cities`` and the rest made a tunnel or ferry (and allowed)."""
    def change(data: Data, strength: float) -> None:
        rules = _rules(data)
        rules.setdefault("tunnels" if kind == "tunnel" else "ferries", {})["allowed"] = True
        for r in data["routes"]:
            if (r["a"] in cities) == (r["b"] in cities):
                continue
            r["kind"] = kind
            if kind == "ferry":
                r["color"] = "gray"
                r["locomotives"] = int(strength)
    return change


def new_route(a: str, b: str, colour: str = "gray") -> Change:
    def change(data: Data, strength: float) -> None:
        data["routes"].append({"a": a, "b": b, "length": int(strength), "color": colour})
    return change


def tickets_within(xmin: float, xmax: float) -> Change:
    """Only the tickets whose both ends lie between ``xmin`` and ``xmax`` (board
    pixels) stay, each in ``strength`` copies: a deck clustered on one side."""
    def change(data: Data, strength: float) -> None:
        x = {c["name"]: c["pos"][0] for c in data["cities"]}
        for deck, tickets in data["tickets"].items():
            kept = [t for t in tickets
                    if all(xmin <= x.get(t[k], -1) <= xmax for k in ("from", "to") if k in t)]
            data["tickets"][deck] = [{**t, "copies": int(strength)} for t in kept]
    return change


def deck_cards(colour: str) -> Change:
    def change(data: Data, strength: float) -> None:
        plant.deck_colours(data, **{colour: int(strength)})
    return change


def bonus_points(kind: str) -> Change:
    """The rules' bonus of this type worth ``strength`` points."""
    def change(data: Data, strength: float) -> None:
        from ttrtool.rules import PRESETS

        rules = _rules(data)
        listed = rules.get("bonuses") or PRESETS[rules["preset"]]["bonuses"]
        rules["bonuses"] = [{**b, "points": int(strength)} if b["type"] == kind else b
                            for b in listed]
    return change


def recolour_gray(colour: str) -> Change:
    """Every gray route of length ``strength`` or more recoloured (doubles left gray)."""
    def change(data: Data, strength: float) -> None:
        for r in data["routes"]:
            if r.get("color") == "gray" and r["length"] >= strength and "double" not in r \
                    and r.get("kind", "normal") == "normal":
                r["color"] = colour
    return change


def tickets_moved_north(data: Data, strength: float) -> None:
    """Every ticket end south of ``strength`` (board pixels) moved to the northern city
    nearest it west to east; tickets that end where they start are dropped."""
    pos = {c["name"]: c["pos"] for c in data["cities"]}
    north = [n for n, p in pos.items() if p[1] <= strength]

    def moved(name: str) -> str:
        if pos[name][1] <= strength:
            return name
        return min(north, key=lambda n: (abs(pos[n][0] - pos[name][0]), n))

    for deck, tickets in data["tickets"].items():
        out = [{**t, "from": moved(t["from"]), "to": moved(t["to"])} for t in tickets]
        data["tickets"][deck] = [t for t in out if t["from"] != t["to"]]


def station_points(data: Data, strength: float) -> None:
    _rules(data).setdefault("stations", {})["unused_points"] = int(strength)


# --- the catalogue ------------------------------------------------------------------

_TABLE, _REGION = ("TTR510",), ("TTR511",)
_TRAINS = ("TTR124", "TTR125", "TTR126", "TTR127", "TTR128", "TTR129", "TTR312", "TTR518")
_PRICE = ("TTR501", "TTR502")

PLANTS: tuple[Plant, ...] = (
    Plant("long-route-usa", "usa", route_points(6), 25, _TABLE, ("length 6", "{s}"),
          "USA: length-6 routes worth 25 (the table gives 15)"),
    Plant("long-route-europe", "europe", route_points(8, "europe"), 35, _TABLE,
          ("length 8", "{s}"), "Europe: the length-8 route worth 35 (21)"),
    Plant("jackpot-short", "usa", route_points(1), 8, _TABLE, ("length 1", "{s}"),
          "USA: length-1 routes worth 8 (first-mover jackpots)"),
    Plant("dead-northwest", "usa", remove_tickets_touching("Seattle", "Portland", "Vancouver"),
          0, _REGION, ("Seattle", "Portland", "Vancouver"),
          "USA: every ticket touching Seattle, Portland, Vancouver removed"),
    Plant("dead-corner", "usa", corner_city("Yellowknife", [60, 40],
                                            [("Vancouver", "red"), ("Calgary", "blue")]),
          6, _REGION, ("Yellowknife",), "USA: a corner city with two 6-space routes, no ticket"),
    Plant("trains-many", "usa", rule("trains_per_player"), 60, _TRAINS, ("{s}",),
          "USA: 60 trains a player"),
    Plant("trains-few", "usa", rule("trains_per_player"), 30, _TRAINS, ("{s}",),
          "USA: 30 trains a player"),
    Plant("ticket-calgary-phoenix", "usa", ticket_points("Calgary", "Phoenix"), 17, _PRICE,
          ("Calgary–Phoenix",), "USA: Calgary–Phoenix 13 → 17"),
    Plant("ticket-chicago-santa-fe", "usa", ticket_points("Chicago", "Santa Fe"), 18, _PRICE,
          ("Chicago–Santa Fe",), "USA: Chicago–Santa Fe 9 → 18"),
    Plant("ticket-deck-short", "usa", keep_tickets(20), 20, ("TTR512",), ("{s} tickets",),
          "USA: 20 tickets for up to 5 players"),
    Plant("bonus-large", "usa", longest_bonus, 30, ("TTR513",), ("Longest Path", "{s}"),
          "USA: the longest-path bonus worth 30"),
    Plant("colour-thin", "usa", thin_colour("red"), 2, ("TTR505",), ("red",),
          "USA: red kept on 2 routes, the others gray"),
    Plant("tunnel-corridor", "europe",
          routes_into({"Madrid", "Lisboa", "Cadiz", "Barcelona", "Pamplona"}, "tunnel"), 0,
          ("TTR514",), ("Pamplona", "tunnel"), "Europe: every route into Iberia a tunnel"),
    Plant("ferry-region", "usa", routes_into({"Seattle", "Portland", "Vancouver"}, "ferry"), 2,
          ("TTR514",), ("Seattle", "ferr"), "USA: the northwest reachable only by ferries"),
    Plant("doubles-at-two", "usa", rule("double_routes", "both_tracks_min_players"), 2,
          ("TTR515",), ("both_tracks_min_players is {s}", "{s} players"),
          "USA: both tracks of double routes open from 2 players"),
    Plant("tickets-east", "usa", tickets_within(900, 1800), 2, ("TTR516",),
          ("west",), "USA: only the eastern tickets kept, twice each"),
    Plant("detour-route", "usa", new_route("Kansas City", "Chicago", "yellow"), 6, ("TTR503",),
          ("Kansas City–Chicago",), "USA: a 6-space Kansas City–Chicago beside 4 spaces"),
    Plant("shortcut", "usa", new_route("Denver", "Saint Louis"), 1, ("TTR504",),
          ("Denver–Saint Louis",), "USA: a 1-space Denver–Saint Louis"),
    Plant("ticket-doubled-europe", "europe", ticket_points("Kobenhavn", "Erzurum"), 42, _PRICE,
          ("Kobenhavn–Erzurum",), "Europe: Kobenhavn–Erzurum worth twice its 21"),
    Plant("ticket-underpriced", "usa", ticket_points("Los Angeles", "New York"), 12, _PRICE,
          ("Los Angeles–New York",), "USA: Los Angeles–New York 21 → 12"),
    Plant("deck-red-short", "usa", deck_cards("red"), 6, ("TTR505", "TTR506"), ("red",),
          "USA: 6 red cards in the deck (12)"),
    Plant("station-points", "europe", station_points, 15, ("TTR513",), ("station", "{s}"),
          "Europe: an unused station worth 15 (4)"),
    Plant("ticket-deck-long", "nordiccountries", copies, 4, ("TTR512",),
          ("for each of 2 players",), "Nordic Countries: every ticket in 4 copies"),
    Plant("hand-large", "usa", rule("initial_hand"), 8, ("TTR517",),
          ("rules.initial_hand", "{s}"), "USA: a first hand of 8 cards"),
    Plant("end-early", "usa", rule("end_trigger_trains"), 8, ("TTR517",),
          ("rules.end_trigger_trains", "{s}"), "USA: the last round from 8 trains left"),
    Plant("locomotives-few", "europe", rule("train_cards", "locomotives"), 4, ("TTR517",),
          ("locomotives", "{s} of"), "Europe: 4 locomotives in the deck (14)"),
    Plant("keep-every-ticket", "usa", rule("tickets", "setup_keep_min"), 3, ("TTR517",),
          ("setup_keep_min {s} of 3",), "USA: the first 3 tickets must all be kept"),
    # written after the checks were calibrated, and checked without tuning them
    Plant("long-route-europe-6", "europe", route_points(6, "europe"), 25, _TABLE,
          ("length 6", "{s}"), "Europe: length-6 routes worth 25 (15)", late=True),
    Plant("jackpot-two", "usa", route_points(2), 6, _TABLE, ("length 2", "{s}"),
          "USA: length-2 routes worth 6 (2)", late=True),
    Plant("globetrotter-large", "nordiccountries", bonus_points("most_tickets"), 25,
          ("TTR513",), ("Globetrotter", "{s}"), "Nordic Countries: the Globetrotter worth 25",
          late=True),
    Plant("dead-florida", "usa", remove_tickets_touching("Miami"), 0, _REGION, ("Miami",),
          "USA: every ticket to Miami removed", late=True),
    Plant("dead-south-india", "india", remove_tickets_touching("Calicut", "Quilon", "Erode",
                                                               "Mangalore"), 0, _REGION,
          ("Quilon",), "India: every ticket touching the southern tip removed", late=True),
    Plant("ferry-florida", "usa", routes_into({"Miami"}, "ferry"), 2, ("TTR514",),
          ("Miami", "ferr"), "USA: Miami reachable only by ferries", late=True),
    Plant("doubles-at-three-europe", "europe", rule("double_routes",
                                                    "both_tracks_min_players"), 3,
          ("TTR515",), ("both_tracks_min_players is {s}", "{s} players"),
          "Europe: both tracks open from 3 players", late=True),
    Plant("ticket-deck-short-europe", "europe", keep_tickets(18), 18, ("TTR512",),
          ("{s} tickets",), "Europe: 18 regular tickets for up to 5 players", late=True),
    Plant("colour-heavy", "usa", recolour_gray("green"), 3, ("TTR505",), ("green",),
          "USA: every single gray route of 3+ spaces recoloured green", late=True),
    Plant("tickets-north", "usa", tickets_moved_north, 600, ("TTR516", "TTR511"),
          ("south",), "USA: every ticket end in the south moved to a northern city",
          late=True),
    Plant("corner-southeast", "usa", corner_city("Key Largo", [1700, 1100],
                                                 [("Miami", "red"), ("New Orleans", "blue")]),
          6, _REGION, ("Key Largo",), "USA: a corner city by Miami, two 6-space routes",
          late=True),
    Plant("dead-britain", "europe", remove_tickets_touching("Edinburgh", "London"), 0,
          _REGION, ("Edinburgh",), "Europe: every ticket to Edinburgh or London removed",
          late=True),
    Plant("long-ferry-india", "india", route_points(8, "india"), 40, _TABLE,
          ("length 8", "{s}"), "India: length-8 routes (the Calcutta–Madras ferry) worth 40",
          late=True),
    Plant("italy-by-ferry", "europe", routes_into({"Roma", "Venezia", "Brindisi", "Palermo"},
                                                  "ferry"), 1, ("TTR514",), ("Roma", "ferr"),
          "Europe: Italy reachable only by ferries", late=True),
    # tuned: TTR503 asked for 1.5 times the other path until this kind (now 1.25)
    Plant("parallel-long", "europe", new_route("Madrid", "Marseille", "red"), 8, ("TTR503",),
          ("Madrid–Marseille",), "Europe: an 8-space Madrid–Marseille beside 6 by Barcelona"),
    Plant("grand-tour-large", "india", grand_tour, 3, ("TTR513",), ("Grand Tour",),
          "India: the Grand Tour table three times over (15, 30, 60, 90, 120)"),
    # a second batch written after the checks, checked without tuning (13 of 15 named; the
    # Grand Tour then joined TTR513, above; Switzerland's 55 trains stays a miss)
    Plant("dead-north-nordic", "nordiccountries",
          remove_tickets_touching("Tromsø", "Narvik", "Kiruna", "Honningsvåg"), 0, _REGION,
          ("Narvik",), "Nordic Countries: every ticket to the far north removed", late=True),
    Plant("colour-gone", "usa", recolour("black", "pink"), 0, ("TTR505",), ("black",),
          "USA: every black route recoloured pink", late=True),
    Plant("tunnel-reveal", "europe", rule("tunnels", "reveal"), 6, ("TTR517",),
          ("rules.tunnels.reveal is {s}",), "Europe: a tunnel reveals 6 cards", late=True),
    Plant("length-3-rich", "usa", route_points(3), 9, _TABLE, ("length 3", "{s}"),
          "USA: length-3 routes worth 9 (4)", late=True),
    Plant("trains-many-swiss", "switzerland", rule("trains_per_player"), 55, _TRAINS,
          ("{s}",), "Switzerland: 55 trains a player (40)", late=True),
    # tuned: TTR516 judged halves only (ends crowded away from one) until this kind; it
    # now judges thirds too, crowded into (over 1.6 times their share) or away (under 0.5)
    Plant("tickets-east-coast", "usa", tickets_to_east_coast, 1400, ("TTR516",), ("east",),
          "USA: every ticket touches the east coast (its eastern end moved there)"),
    # a third batch on the other maps, written after the checks (all named as written)
    Plant("dead-northwest-india", "india",
          remove_tickets_touching("Karachi", "Peshawar", "Lahore", "Jacobabad", "Rohri"), 0,
          _REGION, ("Karachi",), "India: every ticket to the north-west removed", late=True),
    Plant("corner-goa", "india", corner_city("Goa", [200, 900], [("Bombay", "red"),
                                                                ("Mangalore", "blue")]),
          6, _REGION, ("Goa",), "India: a city by Bombay with two 6-space routes", late=True),
    Plant("long-route-nordic", "nordiccountries", route_points(9, "nordiccountries"), 40,
          _TABLE, ("length 9", "{s}"), "Nordic Countries: length-9 routes worth 40 (27)",
          late=True),
    Plant("ticket-deck-short-nordic", "nordiccountries", keep_tickets(16), 16, ("TTR512",),
          ("{s} tickets",), "Nordic Countries: 16 tickets for up to 3 players", late=True),
    Plant("colour-thin-swiss", "switzerland", thin_colour("yellow"), 2, ("TTR505",),
          ("yellow",), "Switzerland: yellow kept on 2 routes, the others gray", late=True),
)
