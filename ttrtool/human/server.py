"""The local server of ``ttrtool play``: the page and its small JSON API.

The standard library's ``http.server``, as the preview's (:mod:`ttrtool.report.live`,
whose bounded server, quiet handler with its timeout, and Host check it shares), on
127.0.0.1 only:

* ``GET /`` the page (with the session's token in ``<meta name="token">``);
* ``GET /state`` :func:`~ttrtool.human.table.table_state` as JSON;
* ``POST /action`` with ``{"action": "<text>", "move": N}`` (``move``, optional, is the
  number of moves the sender saw: a move sent from an older state is refused as stale)
  plays for the human seat to move and answers with the new state.

Every POST must carry the token as the ``X-Token`` header, so that no other page
can play: a page elsewhere cannot read ours to learn it.  Refusals are JSON
``{"error": "..."}`` with a 4xx status (400 unreadable, 403 wrong host or token,
404, 409 not legal now or stale, 411/413 body missing or too large); a failure
of ours is a 500 with a one-line message, never a traceback.  Requests are
small and bounded, and a client that stops sending is dropped after a timeout.
"""

from __future__ import annotations

import json
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ttrtool.human.session import Refused, Sitting
from ttrtool.human.table import table_state
from ttrtool.outputs import OutputError
from ttrtool.report.live import (
    TIMEOUT,
    LocalHandler,
    LocalServer,
    local_host,
    new_token,
)

if TYPE_CHECKING:
    from ttrtool.render.theme import Theme

def make_server(sitting: Sitting, page: str, port: int = 0,
                token: str | None = None) -> ThreadingHTTPServer:
    """A server for ``sitting`` on 127.0.0.1 (``port`` 0: any free one) serving ``page``
    (which must carry ``token``); the caller runs ``serve_forever`` and ``server_close``.
    OSError when the port is taken."""
    secret = token or new_token()
    body = page.encode("utf-8")

    class Handler(LocalHandler):
        timeout = TIMEOUT  # read when the server is made (a test shortens it)

        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            if not local_host(self.headers.get("Host")):
                self._error(403, "forbidden: use http://127.0.0.1")
                return
            path = urlsplit(self.path).path
            if path == "/":
                self._send(200, body, "text/html; charset=utf-8")
            elif path == "/state":
                try:
                    state = table_state(sitting)
                except Exception as e:  # noqa: BLE001 - a bug must not show a traceback
                    self._error(500, f"ttrtool failed to read the game ({type(e).__name__})")
                    return
                self._json(200, state)
            else:
                self._error(404, f"no such page {path!r}: GET / or /state, POST /action")

        def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
            if not local_host(self.headers.get("Host")):
                self._error(403, "forbidden: use http://127.0.0.1")
                return
            if urlsplit(self.path).path != "/action":
                self._error(404, "POST /action only")
                return
            raw = self._signed_body(secret)
            if raw is None:
                return
            self._act(raw)

        def _act(self, raw: bytes) -> None:
            try:
                request = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                self._error(400, 'the body must be JSON: {"action": "<action text>"}')
                return
            if not isinstance(request, dict) or not isinstance(request.get("action"), str):
                self._error(400, 'the body must be {"action": "<action text>"}')
                return
            seen = request.get("move")
            if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
                self._error(400, '"move" must be the number of moves the state showed')
                return
            try:
                sitting.play(request["action"], seen)
                state = table_state(sitting)
            except Refused as e:
                self._error(e.status, str(e))
                return
            except OutputError as e:  # the move was made; the log could not be written
                self._error(500, f"the move was made but the game could not be saved: {e}")
                return
            except Exception as e:  # noqa: BLE001 - a bug must not show a traceback
                self._error(500, f"ttrtool failed while playing ({type(e).__name__}: {e})")
                return
            self._json(200, state)

    # The preview's server: at most a few requests at once, a dropped connection no error.
    return LocalServer(("127.0.0.1", port), Handler)


class PlayError(Exception):
    """``ttrtool play`` cannot start: ``code`` is the exit code (1 a map with errors, 2 usage
    or I/O), the message says what to do."""

    def __init__(self, message: str, code: int = 2, details: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.details = details  # printed before the message (a map's diagnostics)


def default_log(board_id: str) -> Path:
    """``play-<map id>.jsonl`` in the folder ``play`` runs in."""
    name = "".join(c if c.isalnum() or c in "-_" else "-" for c in board_id) or "map"
    return Path(f"play-{name}.jsonl")


def open_table(map_file: str, seats: str | None, seed: int | None, log: Path | None,
               port: int, theme: Theme) -> tuple[ThreadingHTTPServer, Sitting]:
    """Everything ``ttrtool play`` does before serving: read the map, start or resume the
    game in its log, build the page and listen.  :class:`PlayError` says why not."""
    from ttrtool import resolve_map_path
    from ttrtool.formats import format_text
    from ttrtool.human.page import play_page
    from ttrtool.human.save import SaveError
    from ttrtool.human.session import parse_seats
    from ttrtool.simulate.playout import BotError
    from ttrtool.validate import validate_file

    if not 0 <= port <= 65535:
        raise PlayError(f"--port must be from 0 to 65535, not {port}")
    if seed is not None and seed < 0:
        raise PlayError(f"--seed must be 0 or more, not {seed}")
    try:
        seat_names = parse_seats(seats) if seats is not None else None
    except ValueError as e:
        raise PlayError(f"--seats: {e}") from None
    result = validate_file(resolve_map_path(map_file))
    if result.board is None:
        if result.io_error:
            raise PlayError(f"cannot read map '{map_file}': give a map file or a bundled "
                            "map's name")
        raise PlayError(f"cannot play on {map_file}: the map has errors", 1,
                        format_text([(result.file, result.errors)], False))
    board = result.board
    try:
        sitting = Sitting.open(board, log or default_log(board.meta.id), seat_names, seed)
    except SaveError as e:
        raise PlayError(str(e)) from None
    except (OutputError, BotError) as e:
        raise PlayError(str(e)) from None
    token = new_token()
    page = play_page(board, theme, token)
    try:
        server = make_server(sitting, page, port, token)
    except OSError as e:
        raise PlayError(f"cannot listen on 127.0.0.1:{port}: {e.strerror or e} (give another "
                        "port with --port, or --port 0 for any free one)") from None
    return server, sitting
