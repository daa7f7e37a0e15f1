"""``--games auto``: play in batches until every tested effect is found or ruled out.

After each batch of :data:`BATCH` games at a player count, :func:`settled`
asks of the games so far, for each effect with an equivalence verdict:

* the seats' edges over a fair 1/n: *found* when the seats' chi-square test
  passes 1% under Holm's adjustment over the run's seat tests, as TTR601 adjusts
  it (one per player count, and the pooled first-seat test when there are
  several counts: at the first step of Holm, the p-value times their number),
  *ruled out* when every seat's two one-sided tests (Bonferroni over the seats,
  as the report's verdict) put each edge within ±:data:`SEAT_MARGIN` times the
  fair share (25%: 12.5 points of win rate at 2 players, 8.3 at 3, 6.25 at 4,
  5 at 5) — the size TTR601 warns from, so a settled run has either found or
  ruled out every seat edge that would be a warning.  Once the report is
  built, :func:`agree` reads the found seats from its TTR601 findings, so the
  two never disagree;
* games that do not end normally: *found* when the lower end of the stall
  rate's 95% interval passes :data:`STALL_MARGIN` (1%), *ruled out* when the
  upper end is at or below it.

The player count stops when every effect is settled, or at the cap (the
``--games`` limit that goes with ``auto``, :data:`CAP` by default); the report
says which (``auto`` in each configuration).  Ticket and route edges are not
waited for: ruling out 8 points for every ticket would take tens of thousands
of games (docs/simulate.md).
"""

from __future__ import annotations

from typing import Any

from ttrtool.codes import SEAT_ADVANTAGE
from ttrtool.verdict.statistics import uniformity, wilson

BATCH = 100
CAP = 2000
SEAT_MARGIN = 0.25  # of the fair share 1/n
STALL_MARGIN = 0.01
ALPHA = 0.01  # TTR601's level (PlayLimits.alpha)


def seat_family(counts: int) -> int:
    """The seat tests TTR601 adjusts together: one per player count, and the pooled
    first-seat test when the run plays several counts."""
    return counts + (counts > 1)


def settled(players: int, games: int, first_seat_wins: int, seat_wins: list[int],
            abnormal: int, family: int = 1) -> dict[str, str]:
    """Each effect's state after ``games`` games: 'found', 'ruled out' or 'open'.
    ``family``: the number of seat tests the report adjusts together (:func:`seat_family`)."""
    from ttrtool.verdict.report import seat_verdict

    out: dict[str, str] = {}
    test = uniformity(seat_wins)
    verdict = seat_verdict(first_seat_wins, games, players, seat_wins)
    if test is not None and min(1.0, family * test["p_value"]) < ALPHA:
        out["seat"] = "found"
    elif verdict is not None and verdict["every_seat"]["ruled_out"] <= SEAT_MARGIN / players:
        out["seat"] = "ruled out"
    else:
        out["seat"] = "open"
    lo, hi = wilson(abnormal, games)
    out["stall"] = ("found" if lo > STALL_MARGIN else
                    "ruled out" if hi <= STALL_MARGIN else "open")
    return out


def done(state: dict[str, str]) -> bool:
    return all(v != "open" for v in state.values())


def summary(state: dict[str, str], games: int, cap: int, players: int) -> dict[str, Any]:
    """What ``auto`` says in a configuration: the games played, each effect's state and
    whether the run settled or stopped at the cap."""
    return {"games": games, "cap": cap, "effects": dict(state), "settled": done(state),
            "margins": {"seat": round(SEAT_MARGIN / players, 6), "stall": STALL_MARGIN}}


def agree(report: dict[str, Any]) -> None:
    """Make each configuration's ``auto`` say what the report says of its seats: found
    where TTR601 names a seat at that count (Holm over every count of the run, which
    the batches could only bound), else the batches' own state, which cannot be
    'found' then (they stopped on the stricter first step of the same test)."""
    found = {n for f in report["findings"] if f["code"] == SEAT_ADVANTAGE
             for n in f.get("players") or ()}
    for c in report["configurations"]:
        settle = c.get("auto")
        if not settle:
            continue
        state = settle["effects"]
        if c["players"] in found:
            state["seat"] = "found"
        elif state.get("seat") == "found":  # cannot happen: Holm passes what Bonferroni does
            state["seat"] = "open"
        settle["settled"] = done(state)
