"""What a hand lacks to pay a set of routes: the expert's one count of missing cards.

The expert asks it everywhere it weighs cards against turns: a ticket's odds
(judgement.fitted_odds), the final set of claims (:mod:`ttrtool.bots.final_claims`), the
plans that go round a missing colour.  :class:`HandLacks` holds a row per route, made
once a game from the board and the bot's reading of the rules:

* its colour (-1: gray, R-CLAIM-1), the cards of a colour it takes and its locomotive
  symbols (a ferry's, R-EU-6);
* whether locomotives may not, and may, pay it (R-VAR-1: on Nordic Countries only ferries
  and tunnels, on Switzerland only tunnels), as far as the bot heeds that rule.

It reads nothing else: a hand is a list of counts by card index, locomotives last.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from ttrtool.graph import INF


class HandLacks:
    """The cards a hand lacks for routes, from one row per route."""

    __slots__ = ("loco", "rows")

    def __init__(self, loco: int, colors: Sequence[int], lengths: Sequence[int],
                 min_locos: Sequence[int], locos_ok: Sequence[bool] | None) -> None:
        """``locos_ok``: the routes locomotives may pay (None: every route)."""
        self.loco = loco
        ok = locos_ok
        # per route: colour, cards of a colour, locomotive symbols, locomotives may not
        # pay it, locomotives may pay it
        self.rows = tuple((c, n - m, m, ok is not None and not ok[r], ok is None or ok[r])
                          for r, (c, n, m) in enumerate(zip(colors, lengths, min_locos,
                                                            strict=True)))

    def cards(self, routes: Iterable[int], hand: Sequence[int],
              even: bool = False) -> list[int]:
        """The cards ``hand`` lacks to pay all of ``routes``: per colour, locomotives
        last.  A gray route takes the colour with most cards left (longest route
        first); a ferry's locomotive symbols take locomotives (R-EU-6); the other
        locomotives fill the colours' gaps on the routes they may pay (R-VAR-1), a
        colour's own cards going first to the routes they may not.  The smallest gaps
        are filled first, so the fewest colours stay missing; with ``even`` the largest,
        so the largest gap of one colour is as small as it can be."""
        left, strict, ferry = self._left(routes, hand)
        loco = self.loco
        per = [0] * (loco + 1)
        gaps: list[tuple[int, int]] = []  # (the part locomotives may fill, colour)
        locos = hand[loco] - ferry
        if locos < 0:
            per[loco] = -locos
            locos = 0
        for c, x in enumerate(left):
            if x < 0:
                short = per[c] = -x
                if strict is None:
                    gaps.append((short, c))
                else:
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

    def _left(self, routes: Iterable[int], hand: Sequence[int]
              ) -> tuple[list[int], list[int] | None, int]:
        """What ``hand`` keeps of each colour once ``routes`` are paid (below 0: cards
        short), the part of each colour's need on routes locomotives may not pay (None:
        no such route), and the ferries' locomotive symbols."""
        loco, rows = self.loco, self.rows
        want = [0] * loco
        strict: list[int] | None = None  # of ``want``, on routes locomotives may not pay
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
                    if strict is None:
                        strict = [0] * loco
                    strict[c] += n
        # the colours (want has no locomotive: zip stops there)
        left = [h - w for h, w in zip(hand, want, strict=False)]
        if grays:
            grays.sort(reverse=True)
            for n, s in grays:
                c = left.index(max(left))
                left[c] -= n
                if s:
                    if strict is None:
                        strict = [0] * loco
                    strict[c] += n
        return left, strict, ferry

    def count(self, routes: Collection[int], hand: Sequence[int]) -> int:
        """``sum(self.cards(routes, hand))``, without the colours: whichever gaps the
        locomotives fill first (``even`` or not), they fill as many cards."""
        rows = self.rows
        want: dict[int, int] = {}  # by colour, while no route is gray or strict
        ferry = 0
        for r in routes:
            c, n, m, s, _pays = rows[r]
            if c < 0 or s:
                break  # the colour held most, or locomotives that may not pay: in full
            ferry += m
            want[c] = want.get(c, 0) + n
        else:
            locos = hand[self.loco] - ferry
            fill = 0
            for c, n in want.items():
                if n > hand[c]:
                    fill += n - hand[c]
            if locos < 0:
                return fill - locos
            return fill - (locos if locos < fill else fill)
        left, strict, ferry = self._left(routes, hand)
        locos = hand[self.loco] - ferry
        total = 0
        if locos < 0:
            total, locos = -locos, 0
        fill = 0  # the cards short that locomotives may fill
        for c, x in enumerate(left):
            if x < 0:
                total -= x
                if strict is None:
                    fill -= x
                else:
                    fill += -x - min(-x, max(0, strict[c] - hand[c]))
        return total - min(locos, fill)

    def route(self, r: int, hand: Sequence[int]) -> int:
        """``sum(self.cards((r,), hand))``, for one route (:meth:`each`)."""
        return self.each((r,), hand)[0]

    def each(self, routes: Iterable[int], hand: Sequence[int]) -> list[int]:
        """``sum(self.cards((r,), hand))`` for each ``r`` of ``routes``, without the lists
        and with the colour held most looked up once: the final set asks it of every
        open route."""
        loco, rows = self.loco, self.rows
        most = max(hand[:loco], default=0)
        locos_held = hand[loco]
        out = []
        for r in routes:
            c, n, m, _strict, pays = rows[r]
            gap = n - (hand[c] if c >= 0 else most)
            if gap < 0:
                gap = 0
            locos = locos_held - m
            if locos < 0:
                out.append(gap - locos)
            elif gap and pays:
                out.append(gap - locos if locos < gap else 0)
            else:
                out.append(gap)
        return out

    def charge(self, weights: list[float], hand: Sequence[int], pen: float) -> None:
        """Make each open route of ``weights`` (a plan's costs: 0 owned, INF closed)
        dearer by ``pen`` a card the hand lacks for it (:meth:`each`: its colour, or the
        colour held most for a gray route, a ferry's locomotive symbols, and locomotives
        where they may pay)."""
        for r, (w, miss) in enumerate(zip(weights, self.each(range(len(weights)), hand),
                                          strict=True)):
            if 0.0 < w < INF and miss > 0:
                weights[r] = w + pen * miss
