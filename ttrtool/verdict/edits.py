"""What a designer changed between two versions of a map: the edits ``--baseline`` tracks.

:func:`map_edits` compares the two boards, not the two runs: a route is the
same route on both when it joins the same two places and is the same track of
its group of parallel tracks; a ticket is the same ticket when it is in the
same deck between the same places.  Length, colour, kind and points are never
part of that identity, since an edit may change any of them.  Where a group of
parallel tracks gains or loses a track, the tracks that stay are those whose
colour, length and kind match best (a double cut to its orange track keeps
the orange track and loses the black one, in file order among equals).

The result (:class:`MapDiff`) lists the edits in words, in the order a
designer reads them (routes, tickets, then the rules), and maps each route and
ticket id of the map to its id on the baseline, which the play comparison
(:mod:`ttrtool.verdict.baseline`) uses to put each track beside itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ttrtool.codes import COLOUR_PRESSURE_CHANGED, SEAT_WIN_RATE_CHANGED, TEMPO_CHANGED
from ttrtool.findings import Finding
from ttrtool.model import Board, Route, Ticket
from ttrtool.rules import Rules
from ttrtool.verdict.paired import Pair, same_openings


@dataclass(frozen=True)
class Edit:
    """One change a designer made: ``kind`` (e.g. ``route lengthened``), ``text`` in
    words, and the items it touched on the map and on the baseline (by id)."""

    kind: str
    text: str
    routes: tuple[str, ...] = ()  # ids on the map
    baseline_routes: tuple[str, ...] = ()  # ids on the baseline
    tickets: tuple[str, ...] = ()
    baseline_tickets: tuple[str, ...] = ()
    places: tuple[str, ...] = ()  # the route's ends, or the ticket's places
    colours: tuple[str, ...] = ()  # colours a recolouring moved a track between

    @property
    def is_global(self) -> bool:
        """An edit of the rules or decks, touching no single route or ticket."""
        return not (self.routes or self.baseline_routes or self.tickets
                    or self.baseline_tickets or self.places)

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v
                for k, v in dataclasses.asdict(self).items()}


@dataclass(frozen=True)
class MapDiff:
    """The edits, and each route and ticket of the map beside its baseline self."""

    edits: tuple[Edit, ...] = ()
    routes: Mapping[str, str] = field(default_factory=dict)  # map id -> baseline id
    tickets: Mapping[str, str] = field(default_factory=dict)


def _ends(r: Route) -> tuple[tuple[str, ...], str | None]:
    return tuple(sorted((r.a_name, r.b_name))), r.border_point


def _name(r: Route) -> str:
    end = f"{r.b_name} ({r.border_point})" if r.border_point else r.b_name
    return f"{r.a_name}–{end}"


def _unlike(a: Route, b: Route) -> int:
    return (a.color != b.color) + (a.length != b.length) + (a.kind != b.kind)


def _align(new: Sequence[Route], old: Sequence[Route]) -> list[tuple[Route, Route]]:
    """The tracks of one group on both maps, paired.  The same number of tracks: by their
    place in the group.  Otherwise the smaller side's tracks, in order, beside the
    tracks of the larger side they differ from least (the first such choice)."""
    if len(new) == len(old):
        return list(zip(new, old, strict=True))
    small, large = (new, old) if len(new) < len(old) else (old, new)
    best = min(combinations(range(len(large)), len(small)),
               key=lambda pick: sum(_unlike(s, large[i]) for s, i in zip(small, pick,
                                                                           strict=True)))
    pairs = [(s, large[i]) for s, i in zip(small, best, strict=True)]
    return pairs if small is new else [(b, a) for a, b in pairs]


def _track_edits(r: Route, b: Route) -> Iterator[Edit]:
    ids: dict[str, Any] = {"routes": (r.id,), "baseline_routes": (b.id,),
                           "places": (r.a_name, r.b_name),
                           "colours": tuple(dict.fromkeys((b.color, r.color)))}
    if r.length != b.length:
        word = "lengthened" if r.length > b.length else "shortened"
        yield Edit(f"route {word}", f"route {_name(r)} {word} {b.length} → {r.length}", **ids)
    if r.color != b.color:
        yield Edit("route recoloured", f"route {_name(r)} recoloured {b.color} → {r.color}",
                   **ids)
    if r.kind != b.kind or r.locomotives != b.locomotives or r.mountains != b.mountains:
        yield Edit("route kind changed",
                   f"route {_name(r)} made {r.kind} (was {b.kind}"
                   + (f", {b.locomotives} locomotives → {r.locomotives}"
                      if r.locomotives != b.locomotives else "")
                   + (f", {b.mountains} mountains → {r.mountains}"
                      if r.mountains != b.mountains else "") + ")", **ids)


def _group_edits(new: Sequence[Route], old: Sequence[Route],
                 pairs: Sequence[tuple[Route, Route]]) -> Iterator[Edit]:
    kept_new = {r.id for r, _ in pairs}
    kept_old = {b.id for _, b in pairs}
    added = [r for r in new if r.id not in kept_new]
    gone = [b for b in old if b.id not in kept_old]
    if not old or not new:
        for r, word in [(r, "added") for r in added] + [(b, "removed") for b in gone]:
            side = "routes" if word == "added" else "baseline_routes"
            yield Edit(f"route {word}", f"route {_name(r)} {r.length} {r.color} {word}",
                       **{side: (r.id,)}, places=(r.a_name, r.b_name), colours=(r.color,))
        return
    ref = (new or old)[0]
    width = {1: "single", 2: "double", 3: "triple"}
    shape = width.get(len(new), f"{len(new)} tracks")
    tracks = ", ".join(f"the {t.color} track" for t in (added or gone))
    what = f"{tracks} {'added' if added else 'removed'}"
    yield Edit(f"route made {shape}", f"route {_name(ref)} made {shape}, {what}",
               tuple(r.id for r in new), tuple(b.id for b in old),
               places=(ref.a_name, ref.b_name),
               colours=tuple(dict.fromkeys(t.color for t in (*old, *new))))


def _route_diff(new: Board, old: Board) -> tuple[list[Edit], dict[str, str]]:
    groups: dict[tuple[Any, ...], tuple[list[Route], list[Route]]] = {}
    for side, board in enumerate((new, old)):
        for r in board.routes:
            groups.setdefault(_ends(r), ([], []))[side].append(r)
    edits: list[Edit] = []
    matched: dict[str, str] = {}
    for mine, theirs in groups.values():
        pairs = _align(mine, theirs) if mine and theirs else []
        for r, b in pairs:
            matched[r.id] = b.id
            edits += _track_edits(r, b)
        if len(mine) != len(theirs):
            edits += _group_edits(mine, theirs, pairs)
    return edits, matched


def _ticket_key(t: Ticket) -> tuple[str, str, tuple[str, ...]]:
    return t.deck, t.origin, tuple(sorted(d.name for d in t.destinations))


def _ticket_name(t: Ticket) -> str:
    return f"{t.origin}–{'/'.join(d.name for d in t.destinations)}"


def _ticket_diff(new: Board, old: Board) -> tuple[list[Edit], dict[str, str]]:
    groups: dict[tuple[Any, ...], tuple[list[Ticket], list[Ticket]]] = {}
    for side, board in enumerate((new, old)):
        for t in board.tickets:
            groups.setdefault(_ticket_key(t), ([], []))[side].append(t)
    edits: list[Edit] = []
    matched: dict[str, str] = {}
    for (deck, _, _), (mine, theirs) in groups.items():
        for t, b in zip(mine, theirs, strict=False):  # copies in file order
            matched[t.id] = b.id
            now = {d.name: d.points for d in t.destinations}
            then = {d.name: d.points for d in b.destinations}
            if now != then:
                change = ", ".join(f"{name} {then[name]} → {pts}" for name, pts in now.items()
                                   if then.get(name) != pts)
                places = (t.origin, *now)
                text = (f"ticket {_ticket_name(t)} ({deck}) repriced {b.points} → {t.points}"
                        if len(now) == 1 else
                        f"ticket {_ticket_name(t)} ({deck}) repriced: {change}")
                edits.append(Edit("ticket repriced", text, tickets=(t.id,),
                                  baseline_tickets=(b.id,), places=places))
        for t in mine[len(theirs):]:
            edits.append(Edit("ticket added", f"ticket {t.label()} ({deck}) added",
                              tickets=(t.id,), places=(t.origin,)))
        for b in theirs[len(mine):]:
            edits.append(Edit("ticket removed", f"ticket {b.label()} ({deck}) removed",
                              baseline_tickets=(b.id,), places=(b.origin,)))
    return edits, matched


def _table(pairs: Sequence[tuple[int, int]]) -> dict[int, int]:
    return dict(pairs)


def _rules_edits(new: Rules, old: Rules) -> Iterator[Edit]:
    """The rules' differences, the ones a designer tunes named in words."""
    if new.trains_per_player != old.trains_per_player:
        yield Edit("trains", f"trains per player {old.trains_per_player} → "
                             f"{new.trains_per_player}")
    a, b = _table(new.route_points), _table(old.route_points)
    if a != b:
        moved = ", ".join(f"length {k} worth {b.get(k, '–')} → {a.get(k, '–')}"
                          for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k))
        yield Edit("route points", f"route points table: {moved}")
    if (new.colors, new.cards_per_color, new.locomotives) != (
            old.colors, old.cards_per_color, old.locomotives):
        yield Edit("deck", f"train cards {old.deck_size} → {new.deck_size} "
                           f"({new.locomotives} locomotives, was {old.locomotives})")
    named = {"trains_per_player", "route_points", "colors", "cards_per_color", "locomotives",
             "preset"}
    for f in dataclasses.fields(Rules):
        if f.name in named:
            continue
        x, y = getattr(new, f.name), getattr(old, f.name)
        if x != y:
            yield Edit("rules", f"rules: {f.name.replace('_', ' ')} {_short(y)} → {_short(x)}")


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def map_edits(new: Board, old: Board) -> MapDiff:
    """Every edit from ``old`` (the baseline) to ``new``, and the identity of each route
    and ticket across the two (see the module's docstring)."""
    routes, route_ids = _route_diff(new, old)
    tickets, ticket_ids = _ticket_diff(new, old)
    cities = [Edit("city added", f"city {c} added", places=(c,))
              for c in sorted({c.name for c in new.cities} - {c.name for c in old.cities})]
    cities += [Edit("city removed", f"city {c} removed", places=(c,))
               for c in sorted({c.name for c in old.cities} - {c.name for c in new.cities})]
    edits = (*routes, *cities, *tickets, *_rules_edits(new.rules, old.rules))
    return MapDiff(edits, route_ids, ticket_ids)


# --- what each edit changed in play -------------------------------------------------------

Config = Mapping[str, Any]
# the baseline findings a rules or deck edit may move, whichever route or ticket it touches
GLOBAL_CODES = frozenset({SEAT_WIN_RATE_CHANGED, COLOUR_PRESSURE_CHANGED, TEMPO_CHANGED})


def _relation(f: Finding, e: Edit, ends: Mapping[str, tuple[str, str]]) -> str | None:
    """``edited`` when the finding is about the edited item itself, ``beside`` when about
    a route at one of an edited route's (or city's) places, ``after`` when a rules edit
    may move it; None when the edit has nothing to do with it."""
    routes = set(f.subjects.get("routes", ()))
    colour = (f.code == COLOUR_PRESSURE_CHANGED
              and set(f.subjects.get("colours", ())) & set(e.colours))
    if routes & set(e.routes) or set(f.subjects.get("tickets", ())) & set(e.tickets) or (
            colour and e.kind == "route recoloured"):
        return "edited"
    if colour:
        return "beside"
    if e.is_global:
        return "after" if f.code in GLOBAL_CODES else None
    if e.kind.startswith(("route", "city")) and routes and any(
            set(ends.get(r, ())) & set(e.places) for r in routes):
        return "beside"
    return None


def attribute(found: Sequence[Finding], diff: MapDiff, board: Board) -> list[Finding]:
    """The baseline findings with the edit that caused each named in its message and kept
    in its evidence (``edit``): a finding about an edited route or ticket leads with the
    edit; one about a route beside an edited route, or one a rules edit moves, ends with
    it.  Findings no edit explains are left as they are (the other changes)."""
    ends = {r.id: (r.a_name, r.b_name) for r in board.routes}
    out = []
    for f in found:
        if f.source != "baseline":
            out.append(f)
            continue
        tied = [(rel, e) for e in diff.edits for rel in [_relation(f, e, ends)] if rel]
        if not tied:
            out.append(f)
            continue
        rel = next(r for r in ("edited", "beside", "after") if any(t == r for t, _ in tied))
        texts = [e.text for r, e in tied if r == rel]
        said = "; ".join(texts)
        message = (f"edit {said}: {f.message}" if rel == "edited" else
                   f"{f.message} ({'beside the edit' if rel == 'beside' else 'after the edit'}"
                   f"{'s' if len(texts) > 1 else ''}: {said})")
        out.append(dataclasses.replace(f, message=message, evidence={
            **f.evidence, "edit": {"relation": rel, "edits": texts}}))
    return out


def _claims(c: Config, ids: Sequence[str]) -> tuple[int, int]:
    """(claims of these tracks, games) in one configuration."""
    rows = [r for r in c["routes"] if r["id"] in ids]
    return sum(r["claimed"] for r in rows), c["games"]


def _route_play(e: Edit, c: Config, b: Config) -> str:
    now, games = _claims(c, e.routes)
    then, old_games = _claims(b, e.baseline_routes)
    if not e.routes:
        return f"was claimed in {100 * then / max(1, old_games):.0f}% of games on the baseline"
    if not e.baseline_routes:
        return f"claimed in {100 * now / max(1, games):.0f}% of games"
    if len(e.routes) == len(e.baseline_routes) == 1:
        return (f"claimed in {100 * now / max(1, games):.0f}% of games against "
                f"{100 * then / max(1, old_games):.0f}% on the baseline")
    return (f"its tracks claimed {now / max(1, games):.2f} times a game against "
            f"{then / max(1, old_games):.2f} on the baseline")


def _ticket_play(e: Edit, c: Config, b: Config) -> str:
    def kept(config: Config, ids: Sequence[str]) -> tuple[int, int]:
        rows = [t for t in config["tickets"] if t["id"] in ids]
        return sum(t["kept"] for t in rows), sum(t["completed"] for t in rows)

    k, done = kept(c, e.tickets)
    k0, done0 = kept(b, e.baseline_tickets)
    now = f"kept {k} times, completed by {100 * done / k:.0f}% of its keepers" if k else \
        "never kept"
    then = (f"kept {k0} times, {100 * done0 / k0:.0f}% completed" if k0 else "never kept")
    if not e.baseline_tickets:
        return now
    if not e.tickets:
        return f"was {then} on the baseline"
    return f"{now}; on the baseline {then}"


def _global_play(c: Config, b: Config) -> str:
    return (f"game length {c['turns'].get('mean', 0):.1f} turns against "
            f"{b['turns'].get('mean', 0):.1f}, winner's score "
            f"{c['winner_scores'].get('mean', 0):.1f} against "
            f"{b['winner_scores'].get('mean', 0):.1f}")


def edits_in_play(diff: MapDiff, new: Mapping[str, Any], old: Mapping[str, Any],
                  found: Sequence[Finding]) -> list[dict[str, Any]]:
    """Each edit with what changed in play at each player count both runs played (its
    claims, keeps and completions, or for a rules edit the game's length and the
    winner's score), and the codes of the findings it caused: the report's
    ``baseline.edits``."""
    before = {c["players"]: c for c in old["configurations"]}
    shared = [(c, before[c["players"]]) for c in new["configurations"]
              if c["players"] in before]
    out = []
    for e in diff.edits:
        if e.routes or e.baseline_routes:
            play = [f"at {c['players']} players {_route_play(e, c, b)}" for c, b in shared]
        elif e.tickets or e.baseline_tickets:
            play = [f"at {c['players']} players {_ticket_play(e, c, b)}" for c, b in shared]
        elif e.is_global:
            play = [f"at {c['players']} players {_global_play(c, b)}" for c, b in shared]
        else:
            play = []
        mine = [f for f in found if e.text in (f.evidence.get("edit") or {}).get("edits", ())]
        mine.sort(key=lambda f: (f.evidence["edit"]["relation"] != "edited", f.sort_key()))
        caused = [f.to_dict() for f in mine]
        out.append({**e.to_dict(), "play": play, "findings": caused})
    return out


def untested_openings(diff: MapDiff, pairs: Mapping[int, Pair]) -> list[str]:
    """What the paired games could not test: where the maps differ but every game opened
    with the same claims on both (the first three rounds), the bots' openings ignored the
    edits, so no effect of them on the opening (a route worth racing for, points for
    moving first) was tried."""
    if not diff.edits:
        return []
    out = []
    for n, pair in sorted(pairs.items()):
        games = len(pair[0])
        if games and same_openings(pair, diff.routes) == games:
            out.append(f"at {n} players the claims of the first three rounds were the same "
                       f"in all {games} games on both maps: the bots' openings did not "
                       "respond to the edits, so their effect on the opening (a route worth "
                       "racing for, points for moving first) was not tested")
    return out
