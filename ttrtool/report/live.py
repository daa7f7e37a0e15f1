"""The live preview of a map being edited: what ``ttrtool preview`` serves.

:class:`Preview` watches one map file.  Each time the page asks (a few times a
second) it looks at the file's modification time and size, and when they
changed it reads, validates and draws the map again — the drawing is render's
SVG, the diagnostics are validate's (with the layout checks when asked), each
with the board elements it points at.  A save that cannot be read or built
keeps the last good drawing and says what is wrong, with line and column.

:func:`make_server` serves it with the standard library's ``http.server`` on
127.0.0.1 only: ``/`` the page, ``/state?seen=N`` the state as JSON (the
drawing only when it is newer than generation ``N``).  No request reaches
anything else; a Host header other than this address is refused, so a web page
elsewhere cannot read the preview through a name that points here.  A query that is
not a generation is answered 400.  ``POST /fix`` (``{"unsafe": false}``) runs
``ttrtool fix`` on the file for the page's fix buttons: only with the page's token in
the ``X-Token`` header (a page elsewhere cannot read ours to learn it), one fix at a
time; the file is written as ``fix`` writes it (comments and style kept, atomically, not
at all if it changed on disk meanwhile), and the next look draws it.

:class:`LocalServer` keeps the server's cost bounded: a client has :data:`TIMEOUT`
seconds to send its request, at most :data:`MAX_CONNECTIONS` are served at once (more
are closed at once), and a browser that goes away mid-answer is no error.
"""

from __future__ import annotations

import hmac
import json
import secrets
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ttrtool.diagnostics import Diagnostic
from ttrtool.model import Board
from ttrtool.render.theme import Theme
from ttrtool.report.board import Drawing
from ttrtool.report.page import CSP
from ttrtool.resources import templates_dir


@dataclass
class State:
    """What the page shows; ``generation`` grows by one at every new reading of the file."""

    generation: int = 0
    svg: str | None = None  # the last good drawing
    drawn_generation: int = 0  # the generation that drew it
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None  # why the last save has no drawing (the old one stays)

    def to_dict(self, seen: int) -> dict[str, Any]:
        fresh = self.drawn_generation > seen
        return {"generation": self.generation, "drawn_generation": self.drawn_generation,
                "svg": self.svg if fresh else None, "diagnostics": self.diagnostics,
                "error": self.error}


def _targets(board: Board | None, d: Drawing | None, diag: Diagnostic) -> list[str]:
    """The drawn elements a diagnostic is about: the route, city or country its JSON path
    leads into."""
    if board is None or d is None or not diag.path:
        return []
    path = tuple(diag.path)
    for r in board.routes:
        if r.path and path[:len(r.path)] == tuple(r.path):
            return [d.route_ids[r.id]]
    for c in board.cities:
        if c.path and path[:len(c.path)] == tuple(c.path):
            return list(d.place_ids.get(c.name, ()))
    for country in board.countries:
        if country.path and path[:len(country.path)] == tuple(country.path):
            return list(d.place_ids.get(country.name, ()))[:1]
    return []


def _diagnostic(diag: Diagnostic, targets: list[str]) -> dict[str, Any]:
    from ttrtool.checks.registry import REGISTRY

    known = REGISTRY.get(diag.code)
    fix = known.autofix if known is not None and known.autofix in ("safe", "unsafe") else None
    return {"code": diag.code, "name": diag.name, "severity": str(diag.severity),
            "message": diag.message, "line": diag.location.line,
            "column": diag.location.column, "targets": targets, "fix": fix}


class FixBusy(Exception):
    """A fix of the file is already running (the page asked twice)."""


class Preview:
    """One map file, drawn again whenever it changes on disk."""

    def __init__(self, path: Path, theme: Theme, layout: bool = False) -> None:
        self.path, self.theme, self.layout = path, theme, layout
        self.state = State()
        self._seen: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self._fixing = threading.Lock()

    def fix(self, unsafe: bool) -> dict[str, Any]:
        """Run ``ttrtool fix`` on the file, as ``ttrtool fix FILE [--unsafe]`` with the
        preview's theme (the layout too when the preview checks it); what it did, as the
        page shows it.  :class:`FixBusy` while another fix runs; EditError (from
        :mod:`ttrtool.edit.roundtrip`) when the file cannot be read or written, or changed
        on disk meanwhile."""
        from ttrtool.edit.fixing import FixRequest, fix_map

        if not self._fixing.acquire(blocking=False):
            raise FixBusy("a fix is already running")
        try:
            report = fix_map(FixRequest(self.path, layout=self.layout, tickets=True,
                                        unsafe=unsafe, theme=self.theme))
        finally:
            self._fixing.release()
        return {"written": report.written, "changes": len(report.changes),
                "summary": report.summary(), "diff": report.diff}

    def refresh(self) -> State:
        """Read and draw the file again if it changed since the last look."""
        with self._lock:
            try:
                st = self.path.stat()
                stamp = (st.st_mtime_ns, st.st_size)
            except OSError as e:
                stamp = (-1, -1)
                if stamp != self._seen:
                    self._seen = stamp
                    self.state.generation += 1
                    self.state.error = f"{self.path}: cannot read: {e.strerror or e}"
                return self.state
            if stamp != self._seen:
                self._seen = stamp
                self._redraw()
            return self.state

    def _redraw(self) -> None:
        from ttrtool.loader import LoadError, read_map_file
        from ttrtool.validate import validate_document

        s = self.state
        s.generation += 1
        try:
            doc = read_map_file(self.path)
        except LoadError as e:
            s.error = _located(e.diagnostic)
            s.diagnostics = [_diagnostic(e.diagnostic, [])]
            return
        try:
            # With the theme the page draws with, as ``validate --theme`` would: the layout
            # checks then judge the drawing shown beside them.
            result = validate_document(doc, ("TTR", "TTR2") if self.layout else (),
                                       () if self.layout else ("TTR2",), self.theme)
            board = result.board or result.built
            d = self._draw(board) if board is not None else None
        except Exception as e:  # noqa: BLE001 - a bug must not stop the preview
            s.error = f"ttrtool failed while drawing this map ({type(e).__name__}: {e})"
            return
        s.diagnostics = [_diagnostic(x, _targets(board, d, x)) for x in result.diagnostics]
        if d is None:
            first = result.errors[0] if result.errors else None
            s.error = (_located(first) if first else f"{self.path}: the board cannot be built")
            return
        s.error = None
        s.svg, s.drawn_generation = d.svg, s.generation

    def _draw(self, board: Board) -> Drawing:
        from ttrtool.report.page import draw

        return draw(board, self.theme, None)


def _located(d: Diagnostic) -> str:
    """``file:line:column: error TTR001 name: message``, as validate prints it."""
    where = f"{d.file}:{d.location.line}:{d.location.column}" if d.location.line else d.file
    return f"{where}: {d.severity} {d.code} {d.name}: {d.message}"


def preview_page(title: str, token: str = "") -> str:
    """The page the browser opens: the frame; the drawing arrives from ``/state``;
    ``token`` is the one its fix buttons send."""
    folder = templates_dir()
    css = (folder / "report.css").read_text(encoding="utf-8")
    script = (folder / "preview.js").read_text(encoding="utf-8")
    csp = CSP.replace("default-src 'none'", "default-src 'none'; connect-src 'self'")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f'<meta name="token" content="{escape(token)}">'
        f"<title>{escape(title)} — ttrtool preview</title><style>{css}</style></head><body>"
        f"<header><h1>{escape(title)}</h1>"
        '<p id="preview-status" data-generation="0">waiting for the first drawing…</p></header>'
        '<main><section id="board"><pre id="preview-error" hidden></pre>'
        '<div id="board-frame"></div></section>'
        '<section id="findings"><h2>Diagnostics</h2><p id="diagnostics-count"></p>'
        '<p id="fixes" hidden><button type="button" id="fix-safe">Fix (safe)</button> '
        '<button type="button" id="fix-unsafe">Fix, unsafe too</button></p>'
        '<pre id="fix-result" hidden></pre>'
        '<ol id="diagnostics"></ol></section></main>'
        f"<script>{script}</script></body></html>\n")


MAX_BODY = 4096  # bytes a POST may send: a play's action or a fix's options are a few dozen
TIMEOUT = 10.0  # seconds a client may take to send its request (the page's take ms)
MAX_CONNECTIONS = 16  # requests served at once; one page polls one at a time
# A generation has at most this many digits (int() refuses 4,300 and more with a traceback).
SEEN_DIGITS = 18


class LocalServer(ThreadingHTTPServer):
    """A threading HTTP server whose cost is bounded: at most ``limit`` requests are served
    at once (one thread each; a connection past them is closed unanswered), and a client
    that drops the connection (a closed tab, a reload) is not an error to report."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler],
                 limit: int = MAX_CONNECTIONS) -> None:
        super().__init__(address, handler)
        self._slots = threading.BoundedSemaphore(limit)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            with stops_held():  # the thread starts with them held: they reach the main thread
                super().process_request(request, client_address)  # starts the thread
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The standard server prints a traceback for every dropped connection (a burst of
        # reloads printed thousands of lines).  The handler answers every request it can
        # read, so what ends here is the connection itself failing: nothing to say.
        pass


class LocalHandler(BaseHTTPRequestHandler):
    """What the handlers of the preview and of ``ttrtool play`` share: no line printed per
    request, a timeout on each connection, and one way to answer."""

    timeout = TIMEOUT  # set on each connection's socket by StreamRequestHandler

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
        pass

    def _send(self, code: int, body: bytes, kind: str) -> None:
        """Answer ``code`` with ``body`` of type ``kind``, neither cached nor sniffed."""
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, code: int, value: Any) -> None:
        self._send(code, json.dumps(value, ensure_ascii=False).encode("utf-8"),
                   "application/json; charset=utf-8")

    def _error(self, code: int, message: str) -> None:
        self._json(code, {"error": message})

    def _signed_body(self, token: str, limit: int = MAX_BODY) -> bytes | None:
        """The body of a POST that carries ``token`` in its ``X-Token`` header; None when it
        does not, or has no Content-Length, or more than ``limit`` bytes (the refusal is sent:
        403, 411, 413)."""
        if not hmac.compare_digest(self.headers.get("X-Token", "").encode(), token.encode()):
            self._error(403, "missing or wrong X-Token header: send the token of the "
                             "page's <meta name=\"token\">")
            return None
        length = self.headers.get("Content-Length", "")
        if not length.isdigit():
            self._error(411, "a POST needs a Content-Length")
            return None
        if int(length) > limit:
            self.close_connection = True  # the body is not read
            self._error(413, f"the request is larger than {limit} bytes")
            return None
        try:
            return self.rfile.read(int(length))
        except OSError:
            self.close_connection = True
            return None


def make_server(preview: Preview, port: int = 0, timeout: float = TIMEOUT,
                token: str | None = None) -> LocalServer:
    """A server for ``preview`` on 127.0.0.1 (``port`` 0: any free port; ``timeout``: the
    seconds a client has to send its request; ``token``: the one a fix must carry, a new
    one by default); the caller runs ``serve_forever`` and ``server_close``.  OSError when
    the port is taken."""
    secret = token or new_token()
    page = preview_page(preview.path.name, secret).encode("utf-8")
    seconds = timeout

    class Handler(LocalHandler):
        timeout = seconds

        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            if not local_host(self.headers.get("Host")):
                self._send(403, b"forbidden", "text/plain")
                return
            url = urlsplit(self.path)
            if url.path == "/":
                self._send(200, page, "text/html; charset=utf-8")
            elif url.path == "/state":
                seen = generation(parse_qs(url.query).get("seen", ["0"])[0])
                if seen is None:
                    self._send(400, b"seen must be a generation: a whole number of at most "
                               + str(SEEN_DIGITS).encode() + b" digits", "text/plain")
                    return
                state = preview.refresh().to_dict(seen)
                self._send(200, json.dumps(state).encode("utf-8"), "application/json")
            else:
                self._send(404, b"not found", "text/plain")

        def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
            from ttrtool.edit.roundtrip import EditError

            if not local_host(self.headers.get("Host")):
                self._error(403, "forbidden: use http://127.0.0.1")
                return
            if urlsplit(self.path).path != "/fix":
                self._error(404, "POST /fix only")
                return
            raw = self._signed_body(secret)
            if raw is None:
                return
            try:
                asked = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                asked = None
            if not (isinstance(asked, dict) and isinstance(asked.get("unsafe", False), bool)):
                self._error(400, 'the body must be JSON: {"unsafe": false}')
                return
            try:
                self._json(200, preview.fix(asked.get("unsafe", False)))
            except FixBusy as e:
                self._error(409, str(e))
            except EditError as e:
                self._error(409, str(e))
            except Exception as e:  # noqa: BLE001 - a bug must not show a traceback
                self._error(500, f"ttrtool failed while fixing ({type(e).__name__}: {e})")

    return LocalServer(("127.0.0.1", port), Handler)


def new_token() -> str:
    """A session token no other page can guess (the preview's fixes, ``play``'s moves)."""
    return secrets.token_urlsafe(24)


def local_host(header: str | None) -> bool:
    """Does a request's Host header name this machine's loopback address?  Anything else
    is refused: a page elsewhere could reach the server through a name of its own that
    points here (DNS rebinding).  ``ttrtool play``'s server asks the same."""
    return (header or "").rsplit(":", 1)[0] in ("127.0.0.1", "localhost")


def generation(text: str) -> int | None:
    """The generation a ``seen=`` query names, or None when it is not one: only ASCII
    digits (``²`` passes ``isdigit``, not ``int``), at most :data:`SEEN_DIGITS` of them."""
    if text.isascii() and text.isdigit() and len(text) <= SEEN_DIGITS:
        return int(text)
    return None


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


STOPS = frozenset({signal.SIGINT, signal.SIGTERM})


@contextmanager
def stops_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) and SIGTERM held back in this thread while the block runs, so a
    thread started in it never takes them (POSIX only).  Python runs signal handlers in the
    main thread only; a signal the kernel gives another thread (any that does not hold it
    back) waits until the main thread next looks, which a thread blocked in a system call
    may not do soon.  Held back in every request's thread, the signal goes to the main
    thread and interrupts its wait at once."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def serve_until_stopped(server: ThreadingHTTPServer, announce: Callable[[], None],
                        poll: float = 0.2) -> None:
    """Call ``announce`` (say where the page is), then serve until Ctrl-C (SIGINT) or
    SIGTERM; the handlers the process had before are put back.  The signals only mark
    the server stopped, and the loop looks at the mark between requests and at least every
    ``poll`` seconds.  A KeyboardInterrupt raised wherever the main thread happens to be
    can be lost: with ``serve_forever``, about one Ctrl-C in sixty reached Python's
    handler and the server served on.  The signals are let through to this thread first
    (:func:`hear_stops`)."""
    stopped: list[int] = []

    def stop(signum: int, frame: object) -> None:
        stopped.append(signum)  # no lock taken: it may run inside any code of this thread

    previous = {s: signal.signal(s, stop) for s in sorted(STOPS)}
    server.timeout = poll
    try:
        hear_stops()  # a stop held back until now is marked here, not raised
        announce()
        while not stopped:
            server.handle_request()
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def hear_stops() -> None:
    """Let Ctrl-C (SIGINT) and SIGTERM reach this thread.  A process starts with the
    signals its starter's thread held back still held (a program that blocks them while
    it starts workers, a test runner's thread), and a server held so would not stop on
    Ctrl-C; :func:`serve_until_stopped` calls this once its handlers are in (POSIX only)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
