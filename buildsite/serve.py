"""``build.py serve``: the built site on 127.0.0.1 with explicit MIME types, optionally under a
URL path as GitHub Pages serves a project; the e2e tests and the benchmark use the same server."""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from buildsite.common import DIST, BuildError, log
from buildsite.site import build

MIME_TYPES = {
    "": "application/octet-stream",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}


#: what is sent gzipped to a browser that accepts it, as GitHub Pages does with text
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".map", ".webmanifest", ".svg", ".txt"}


@functools.lru_cache(maxsize=512)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The gzip of a file, kept while the file is unchanged (its time and size are the key)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, ``Cache-Control: no-cache`` and quiet logging.

    With a ``prefix`` other than ``/`` the site lives under that path only (as GitHub Pages
    serves a project at ``/<repo>/``); anything else is 404.
    """

    extensions_map = MIME_TYPES

    def __init__(self, *args: Any, prefix: str = "/", **kwargs: Any) -> None:
        self.prefix = prefix
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        """Redirect the prefix without its final slash to the site; else serve the file."""
        if self.prefix != "/" and self.path.split("?")[0] == self.prefix[:-1]:
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return
        super().do_GET()

    def send_head(self) -> Any:
        """Text files go gzipped to a browser that accepts gzip (the transfer GitHub Pages
        gives them); anything else as the standard handler sends it."""
        path = self.translate_path(self.path)
        if self.path.split("?")[0].endswith("/") and os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or Path(path).suffix not in COMPRESSED or not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        body = gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        """Map a URL under the prefix to a file of the directory (elsewhere: no file)."""
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / ".outside-the-prefix")
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        """Add the caching header to every answer."""
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log only failed requests."""
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)

    def log_error(self, format: str, *args: Any) -> None:
        """Say nothing more: the failed request itself is logged."""

    def log_message(self, format: str, *args: Any) -> None:
        """Log to stderr in one short line."""
        sys.stderr.write(f"[serve] {format % args}\n")


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that ignores clients hanging up early."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay quiet about connections the browser dropped; report anything else."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        super().handle_error(request, client_address)


def normalize_prefix(prefix: str) -> str:
    """``some/path`` -> ``/some/path/`` (and ``""`` -> ``/``)."""
    parts = [part for part in prefix.split("/") if part]
    return "/" + "".join(f"{part}/" for part in parts)


def start_server(
    directory: Path, port: int = 0, prefix: str = "/"
) -> tuple[SiteServer, threading.Thread]:
    """Serve ``directory`` on 127.0.0.1:``port`` (0: any free port) in a daemon thread, at the
    URL path ``prefix`` (``/`` by default)."""
    handler = functools.partial(
        SiteHandler, directory=str(directory), prefix=normalize_prefix(prefix)
    )
    server = SiteServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return server, thread


def stop_on_signal(signum: int, frame: object) -> None:
    """Turn SIGTERM into the same clean stop as Ctrl-C."""
    raise KeyboardInterrupt


def serve(port: int, prefix: str = "/") -> int:
    """Build, then serve dist/ (at the URL path ``prefix``) until Ctrl-C."""
    build()
    prefix = normalize_prefix(prefix)
    try:
        server, thread = start_server(DIST, port, prefix)
    except OSError as exc:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {exc}") from exc
    signal.signal(signal.SIGTERM, stop_on_signal)
    url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    try:
        # said inside the watch: a signal that comes as the line goes out stops the same way
        log(f"serving {DIST} on {url} (Ctrl-C stops)")
        while thread.is_alive():
            thread.join(0.5)
    except KeyboardInterrupt:
        log("stopping")
    finally:
        # a second Ctrl-C or SIGTERM while stopping (a supervisor and its child both signalled)
        # stops the same way, with no traceback
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        server.shutdown()
        server.server_close()
    return 0
