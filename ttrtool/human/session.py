"""A game with people at the table: the session ``ttrtool play`` serves (docs/play.md).

A :class:`Sitting` holds one engine state and the seats: ``human`` or a bot's
name.  The bots move at once, until a human seat is to move or the game is
over; a human's move comes in as action text (the log's notation), is read,
checked against the legal actions of the seat to move and applied through
:meth:`GameState.apply` — the sitting holds no rules of its own.  A refused
move raises :class:`Refused` and leaves the game as it was.

After every action the game is saved in its play log (:mod:`ttrtool.human.save`):
the log is the save, and :meth:`Sitting.open` resumes an unfinished game by
playing its actions again, the bots choosing again as they did (as ``replay``
checks them).  A finished game is the log record ``simulate --log`` writes, with
its actions, so ``ttrtool replay`` re-plays it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttrtool.bots import HUMAN, canonical_name, resolve_bot
from ttrtool.engine.actions import Action, IllegalAction, KeepTickets, among, parse_action
from ttrtool.engine.game import Game
from ttrtool.engine.state import GameState
from ttrtool.human.save import PlayLog, SaveError, read_play_log
from ttrtool.model import Board
from ttrtool.simulate.playout import LOG_FORMAT, BotError, bot_seed, game_record, scoring_rules
from ttrtool.simulate.replay import UntrustedBot, describe, refuse_untrusted_bots

DEFAULT_SEATS = (HUMAN, "expert", "expert")


class Refused(ValueError):
    """A move the game did not take (the game is unchanged).  ``status`` is the HTTP
    status a server answers with: 400 unreadable, 409 not legal now or stale."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Move:
    """One action of the game, as the page lists it."""

    number: int  # 0-based index in the game's actions
    turn: int
    seat: int
    player: str  # the seat's name: human or the bot's
    text: str  # the log's notation
    says: str  # the same in the board's words


def parse_seats(text: str) -> tuple[str, ...]:
    """``human,expert,expert`` as seat names; ValueError naming a seat that is neither
    ``human`` nor a bot."""
    seats = tuple(canonical_name(s) for s in text.split(","))
    if any(not s for s in seats):
        raise ValueError(f"--seats {text!r}: give one name per seat, separated by commas")
    for s in seats:
        if s != HUMAN:
            resolve_bot(s)  # BotNotFound (a ValueError) says what there is
    return seats


class Sitting:
    """One game in play: the state, the bots, the log it is saved in.  Thread-safe: a
    lock serialises moves and reads (the server answers on several threads)."""

    def __init__(self, board: Board, seats: tuple[str, ...], seed: int, log: PlayLog,
                 number: int) -> None:
        self.board = board
        self.seats = seats
        self.seed = seed
        self.number = number
        try:
            self.game = Game(board, len(seats))
        except ValueError as e:  # a player count the map does not allow (R-SET-1)
            raise SaveError(str(e)) from None
        self.state: GameState = self.game.new_state(seed)
        self.bots: list[Any] = [
            None if name == HUMAN
            else resolve_bot(name)(self.game, seat, random.Random(bot_seed(seed, seat)))
            for seat, name in enumerate(seats)]
        self.moves: list[Move] = []
        self.offered: list[list[int]] = [[] for _ in seats]
        self.log = log
        self.resumed = False  # was the game resumed from its log?
        self.after: dict[str, Any] | None = None  # the review, once the game is over
        self.lock = threading.RLock()

    # -- starting and resuming ---------------------------------------------

    @classmethod
    def open(cls, board: Board, log_path: Path, seats: tuple[str, ...] | None = None,
             seed: int | None = None) -> Sitting:
        """Resume the unfinished game of the log at ``log_path``, or start a new one (game
        number one past the log's games; seed ``seed``, else that number plus one).

        :class:`SaveError` when the log cannot be read, holds an unfinished game of
        another map or other seats or seed, or its actions do not replay."""
        log = read_play_log(log_path)
        saved = log.unfinished
        if saved is None:
            number = log.next_game
            sitting = cls(board, seats or DEFAULT_SEATS, number + 1 if seed is None else seed,
                          log, number)
            sitting._advance()
            sitting._save()
            return sitting
        where = f"{log_path} holds an unfinished game"
        asked = (seats is not None and tuple(seats) != tuple(saved["bots"])) or (
            seed is not None and seed != saved["seed"])
        if saved["map"] != board.meta.id or asked:
            raise SaveError(f"{where} (map {saved['map']}, seats {','.join(saved['bots'])}, "
                            f"seed {saved['seed']}): resume it with the same map and no "
                            "--seats or --seed, or give another --log")
        if seats is None:  # a log never chooses the code that runs (as replay)
            try:
                refuse_untrusted_bots(saved["bots"])
            except UntrustedBot as e:
                raise SaveError(f"{where}: {e}; to resume it, name its seats yourself with "
                                f"--seats {','.join(saved['bots'])}") from None
        sitting = cls(board, tuple(saved["bots"]), saved["seed"], log,
                      saved.get("game", log.next_game))
        sitting._resume(saved["actions"], where)
        sitting.resumed = True
        sitting._advance()
        sitting._save()
        return sitting

    def _resume(self, actions: Sequence[list[Any]], where: str) -> None:
        """Play the saved actions again; the bots must choose as they did."""
        for i, (seat, text) in enumerate(actions):
            st = self.state
            if st.is_over or st.current_player != seat:
                raise SaveError(f"{where} whose action {i} ({text!r}) does not follow the "
                                "game; give another --log")
            try:
                action = parse_action(text)
            except ValueError as e:
                raise SaveError(f"{where}: action {i}: {e}; give another --log") from None
            bot = self.bots[seat]
            if bot is not None:
                try:
                    chosen = bot.choose(st.view(seat), st.legal_actions())
                except Exception as e:  # a plug-in bot's bug must name the bot
                    raise BotError(f"bot {self.seats[seat]} (seat {seat + 1}) failed while "
                                   f"the game was resumed: {e!r}") from e
                if chosen != action:
                    raise SaveError(f"{where} that this version plays differently: at action "
                                    f"{i} {self.seats[seat]} now chooses {chosen.text!r}, not "
                                    f"{text!r}; give another --log")
            try:
                self._apply(seat, action)
            except IllegalAction as e:
                raise SaveError(f"{where}: action {i}: {e}; give another --log") from None

    # -- playing ------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def seat_to_move(self) -> int | None:
        """The seat whose decision the game waits for; None once over."""
        return None if self.state.is_over else self.state.current_player

    def legal(self) -> list[str]:
        """The legal actions of the human seat to move, in the engine's order (empty when a
        bot is to move or the game is over)."""
        with self.lock:
            seat = self.seat_to_move
            if seat is None or self.bots[seat] is not None:
                return []
            return [a.text for a in self.state.legal_actions()]

    def play(self, text: str, seen: int | None = None) -> None:
        """Play ``text`` for the human seat to move, then let the bots move; ``seen`` is the
        number of moves the sender had seen (a move sent from an older state is stale).
        :class:`Refused` leaves the game unchanged; :class:`~ttrtool.outputs.OutputError`
        means the move was made but the log could not be written."""
        with self.lock:
            if self.state.is_over:
                raise Refused("the game is over")
            if seen is not None and seen != len(self.moves):
                raise Refused(f"stale: the game has moved on ({len(self.moves)} moves, the "
                              f"request saw {seen}); read the state again")
            seat = self.state.current_player
            if self.bots[seat] is not None:
                raise Refused(f"seat {seat + 1} is played by {self.seats[seat]}")
            try:
                action = parse_action(text)
            except ValueError as e:
                raise Refused(str(e), 400) from None
            if not among(action, self.state.legal_actions()):
                raise Refused(f"{action.text!r} is not legal for seat {seat + 1} now "
                              f"({self.state.phase_name}); choose one of the state's 'legal'")
            self._apply(seat, action)
            self._advance()
            self._save()

    def _advance(self) -> None:
        """The bots move until a human seat is to move or the game is over."""
        st = self.state
        while not st.is_over and self.bots[st.current_player] is not None:
            seat = st.current_player
            try:
                action = self.bots[seat].choose(st.view(seat), st.legal_actions())
                self._apply(seat, action)
            except Exception as e:  # a plug-in bot's bug must name the bot
                raise BotError(f"bot {self.seats[seat]} (seat {seat + 1}) failed: {e!r}") from e

    def _apply(self, seat: int, action: Action) -> None:
        st = self.state
        turn = st.turn
        if isinstance(action, KeepTickets):
            offered = st.view(seat).offered
        st.apply(action)  # the one place the game changes, and its legality check
        if isinstance(action, KeepTickets):
            self.offered[seat].extend(offered)
        self.moves.append(Move(len(self.moves), turn, seat, self.seats[seat], action.text,
                               describe(self.board, action)))

    # -- the log ------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game's log record: the whole record once over, else the save of a game in play."""
        actions = [[m.seat, m.text] for m in self.moves]
        if self.state.is_over:
            record = game_record(self.board, self.state.result(), self.seats, self.number,
                                 self.seed, self.offered)
            record["actions"] = actions
            return record
        meta = self.board.meta
        return {"format": LOG_FORMAT, "game": self.number, "map": meta.id,
                "map_version": meta.version, "scoring": scoring_rules(self.board.rules),
                "seed": self.seed, "players": len(self.seats), "bots": list(self.seats),
                "actions": actions}

    def _save(self) -> None:
        self.log = self.log.write(self.record())
