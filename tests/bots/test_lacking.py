"""HandLacks.cards and count, written for speed, against the plain count they replaced."""

from __future__ import annotations

import random
from collections.abc import Sequence

import ttrtool
from ttrtool.bots.lacking import HandLacks
from ttrtool.engine.game import Game


def cards_plainly(lacks: HandLacks, routes: Sequence[int], hand: Sequence[int],
                  even: bool = False) -> list[int]:
    loco, rows = lacks.loco, lacks.rows
    want = [0] * loco
    strict = [0] * loco
    grays: list[tuple[int, bool]] = []
    ferry = 0
    for r in routes:
        c, n, m, s, _pays = rows[r]
        ferry += m
        if c < 0:
            grays.append((n, s))
        else:
            want[c] += n
            if s:
                strict[c] += n
    left = [hand[c] - want[c] for c in range(loco)]
    for n, s in sorted(grays, reverse=True):
        c = left.index(max(left))
        left[c] -= n
        if s:
            strict[c] += n
    per = [0] * (loco + 1)
    gaps: list[tuple[int, int]] = []
    locos = hand[loco] - ferry
    if locos < 0:
        per[loco] = -locos
        locos = 0
    for c in range(loco):
        short = -left[c]
        if short > 0:
            per[c] = short
            fill = short - min(short, max(0, strict[c] - hand[c]))
            if fill:
                gaps.append((fill, c))
    if locos and gaps:
        if even:
            room = {c: g for g, c in gaps}
            while locos and room:
                c = max(room, key=lambda k: (per[k], -k))
                per[c] -= 1
                locos -= 1
                room[c] -= 1
                if not room[c]:
                    del room[c]
        else:
            for g, c in sorted(gaps):
                d = min(locos, g)
                per[c] -= d
                locos -= d
                if not locos:
                    break
    return per


def test_cards_equal_the_plain_count() -> None:
    rng = random.Random(37)
    for name in ("usa", "nordiccountries", "switzerland", "europe"):
        g = Game(ttrtool.load_map(name), 3)
        for locos_ok in (None, g.route_locos_ok):
            lacks = HandLacks(g.loco, g.route_color, g.route_len, g.route_min_locos, locos_ok)
            for _ in range(3000):
                routes = rng.sample(range(g.n_routes), rng.randint(0, 6))
                hand = [rng.randint(0, 7) for _ in range(g.loco + 1)]
                assert lacks.each(routes, hand) == [
                    sum(cards_plainly(lacks, (r,), hand)) for r in routes], (name, routes, hand)
                for even in (False, True):
                    plain = cards_plainly(lacks, routes, hand, even)
                    assert lacks.cards(routes, hand, even) == plain, (name, routes, hand, even)
                    assert lacks.count(routes, hand) == sum(plain), (name, routes, hand)
