"""The generated decks and colourings beside the official ones (docs/deck.md's tables).

For each bundled map: the official deck's figures, then those of the deck ``ttrtool deck``
proposes for the same network with its tickets taken out (seed 0): tickets, cities on a
ticket, lengths (short / medium / long against the board's diameter, the median and the
longest as shares of it) and the share of kept tickets completed in seeded games at each
of the map's player counts.  Then the colours: the official board's spread of train
spaces per card over the colours, and that of ``ttrtool colour`` from an all-gray board.

    .venv/bin/python -m benchmarks.deck_figures [--games N] [--seed S]   # N per count: 200
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
from collections import Counter
from pathlib import Path

import ttrtool
from ttrtool.analysis.findings import board_diameter
from ttrtool.design.colouring import colour_balance, propose_colours
from ttrtool.design.deck import length_band
from ttrtool.design.proposing import propose_deck
from ttrtool.design.sketch import read_sketch
from ttrtool.design.trial import player_counts
from ttrtool.model import Board
from ttrtool.resources import bundled_map_path
from ttrtool.simulate.session import play_tallies
from ttrtool.ticket_value import TicketPricer

MAPS = ("usa", "europe", "switzerland", "nordiccountries", "india")


def without_tickets(text: str) -> str:
    start = text.index("\ntickets:") + 1
    body = text.index("\n", start) + 1
    rest = re.search(r"^[a-z_]+:", text[body:], re.MULTILINE)
    return text[:start] + (text[body + rest.start():] if rest else "")


def figures(board: Board, games: int, seed: int) -> list[str]:
    """tickets, cities on a ticket, short/medium/long, median and longest share, completion."""
    diameter = board_diameter(board)
    pricer = TicketPricer(board)
    spaces = []
    for t in board.tickets:
        prices = [pricer.price(t.origin_nodes, d.nodes, cards=False) for d in t.destinations]
        spaces.append(min(p.spaces for p in prices if p is not None))
    cities = {n.index for n in board.nodes if n.kind == "city"}
    ends: set[int] = set()
    for t in board.tickets:
        ends |= t.origin_nodes
        for d in t.destinations:
            ends |= d.nodes
    bands = Counter(length_band(s, diameter) for s in spaces)
    tallies = play_tallies(board, player_counts(board), games, seed)
    kept = sum(sum(t.ticket_kept.values()) for t in tallies)
    done = sum(sum(t.ticket_completed.values()) for t in tallies)
    return [str(len(board.tickets)), f"{len(cities & ends)}/{len(cities)}",
            f"{bands['short']}/{bands['medium']}/{bands['long']}",
            f"{statistics.median(spaces) / diameter:.2f}", f"{max(spaces) / diameter:.2f}",
            f"{100 * done / kept:.0f}%"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    print(f"Decks ({args.games} games at each player count, seed {args.seed}):\n")
    print("| map | deck | tickets | cities on a ticket | short/medium/long | median | longest "
          "| completed | trial |")
    print("|---|---|---|---|---|---|---|---|---|")
    colours = []
    for name in MAPS:
        official = ttrtool.load_map(name)
        text = without_tickets(bundled_map_path(name).read_text(encoding="utf-8"))
        path = folder / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        proposal = propose_deck(read_sketch(path), seed=args.seed)
        generated = proposal.trial.board
        assert generated is not None, name
        print(f"| {name} | official | " + " | ".join(figures(official, args.games, args.seed))
              + " | |")
        problems = len(proposal.trial.problems)
        print("| | generated | " + " | ".join(figures(generated, args.games, args.seed))
              + f" | {f'{problems} warnings' if problems else 'clean'}, deck "
              f"{proposal.rounds} |")
        gray = folder / f"{name}-gray.yaml"
        gray.write_text(re.sub(r"color: [a-z]+", "color: gray", text), encoding="utf-8")
        after = propose_colours(read_sketch(gray), seed=args.seed).after
        before = colour_balance(official)
        colours.append(f"| {name} | {before.gray_routes}/{len(official.routes)} | "
                       f"{100 * ((before.spread or 1) - 1):.0f}% | "
                       f"{after.gray_routes}/{len(official.routes)} | "
                       f"{100 * ((after.spread or 1) - 1):.0f}% | "
                       f"{len(before.findings)} / {len(after.findings)} |")
    print("\nColours (official; ttrtool colour from an all-gray board):\n")
    print("| map | official: gray tracks | spread | proposed: gray tracks | spread | TTR505/506 |")
    print("|---|---|---|---|---|---|")
    print("\n".join(colours))


if __name__ == "__main__":
    main()
