"""Fixtures for the end-to-end tests: dist/ served on 127.0.0.1, Debian's Chromium, no network.

The session builds ``dist/`` once (unless ``build.py test`` already did and says so with
``PYGAMES_DIST_READY=1``), serves it on a free port and points pytest-playwright's ``base_url``
at it. Every request of every page, frame and worker is recorded; a test fails if anything
was asked of a host other than 127.0.0.1.

The console is a test oracle too: every console message of type ``error`` (pages, frames, Web
Workers and the service worker), every uncaught page error and every Content-Security-Policy
violation (``securitypolicyviolation``, reported by an init script) of every browser context is
recorded, and a browser test fails at teardown listing those it saw. A test that provokes an
error on purpose says which with ``@pytest.mark.console_errors_expected(r"regex", ...)``; a CSP
violation is never expected.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    ViewportSize,
    WebError,
    expect,
)
from playwright.sync_api import Error as PlaywrightError

# An assertion that waits for the engine's answer may wait on a worker starved by a loaded
# machine: 15 s instead of Playwright's 5 (it only waits longer for the right state)
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lan import Lan, LanError, open_lan  # noqa: E402  (e2e/lan.py)

import build  # noqa: E402  (build.py lives at the repository root)
from pygames.core.record import Record, record_from_json  # noqa: E402
from pygames.web import Bridge  # noqa: E402

ARTIFACTS = ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
LANDSCAPE: ViewportSize = {"width": 1024, "height": 768}
PORTRAIT: ViewportSize = {"width": 768, "height": 1024}
LOCAL_SCHEMES = {"data", "blob", "about"}
CHROMIUM_ARGS = build.CHROMIUM_ARGS


def dist_folder() -> Path:
    """The built site the tests serve: dist/, or the folder named by ``PYGAMES_DIST`` (a
    private build, so that someone else rebuilding dist/ meanwhile does not disturb a run)."""
    folder = os.environ.get("PYGAMES_DIST")
    return Path(folder).resolve() if folder else build.DIST


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The folder of :func:`dist_folder`, for the session."""
    return dist_folder()


# The modules that take longest, most of it waiting on one long test after another: under
# pytest-xdist they go first, so that the two workers end together rather than one running
# these alone at the end. Each module's tests stay together and in their order.
SLOW_MODULES = (
    "test_snapshot.py", "test_devices.py", "test_analysis.py", "test_app.py", "test_saves.py",
)  # fmt: skip


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a pytest-xdist worker, put the tests of :data:`SLOW_MODULES` first."""
    if not hasattr(config, "workerinput"):
        return

    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return SLOW_MODULES.index(name) if name in SLOW_MODULES else len(SLOW_MODULES)

    items.sort(key=rank)  # stable: the order within each module is kept


def build_for_workers(config: pytest.Config) -> None:
    """With pytest-xdist workers (``-n 2``), each worker's session serves dist/ on a port of its
    own, but only the controller builds it, once, before the workers start; they are told so by
    ``PYGAMES_DIST_READY=1`` in the environment they inherit. Without workers, :func:`site_url`
    builds it."""
    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not workers:
        return
    folder = dist_folder()
    if os.environ.get("PYGAMES_DIST_READY") != "1" or not (folder / "build.json").exists():
        build.build(folder)
    os.environ["PYGAMES_DIST_READY"] = "1"


@pytest.fixture(scope="session")
def built_dist(dist_dir: Path) -> Path:
    """:func:`dist_dir`, built once for the session (unless ``PYGAMES_DIST_READY=1`` says that
    it is already)."""
    if os.environ.get("PYGAMES_DIST_READY") != "1" or not (dist_dir / "build.json").exists():
        build.build(dist_dir)
    return dist_dir


@pytest.fixture(scope="session")
def site_url(built_dist: Path) -> Iterator[str]:
    """Build dist/ once and serve it on a free port; yields ``http://127.0.0.1:PORT/``."""
    server, thread = build.start_server(built_dist, 0)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


SUB_PATH = "/some/sub/path/"


class Served:
    """A site served by :func:`build.start_server` on its own port, until :meth:`stop`."""

    def __init__(self, directory: Path, prefix: str = "/") -> None:
        self.server, self.thread = build.start_server(directory, 0, prefix)
        self.url = (
            f"http://127.0.0.1:{self.server.server_address[1]}{build.normalize_prefix(prefix)}"
        )
        self.stopped = False

    def stop(self) -> None:
        """Stop answering (the port closes: the site is gone, as when the network is)."""
        if self.stopped:
            return
        self.stopped = True
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture(scope="session")
def sub_path_url(site_url: str, dist_dir: Path) -> Iterator[str]:
    """dist/ served under ``/some/sub/path/`` (as GitHub Pages serves a project), nothing
    elsewhere; yields ``http://127.0.0.1:PORT/some/sub/path/``."""
    served = Served(dist_dir, SUB_PATH)
    try:
        yield served.url
    finally:
        served.stop()


@pytest.fixture
def serve_site(site_url: str, dist_dir: Path) -> Iterator[Callable[..., Served]]:
    """``serve_site(directory=dist, prefix="/")``: a site on its own port that a test may stop
    (``.stop()``) to take the network away; every one still running stops after the test."""
    started: list[Served] = []

    def start(directory: Path | None = None, prefix: str = "/") -> Served:
        served = Served(directory or dist_dir, prefix)
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL: the local site, with a trailing slash."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (never a downloaded browser) with quiet flags."""
    return {
        **browser_type_launch_args,
        "executable_path": str(build.CHROMIUM),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A landscape tablet in English unless a test overrides it."""
    return {**browser_context_args, "viewport": dict(LANDSCAPE), "locale": "en-US"}


def is_local(url: str) -> bool:
    """Whether a request URL stays on this machine's site."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "https", "ws"} and parts.hostname == "127.0.0.1"


class RequestLog:
    """Every URL requested by any browser context of the session, pages and workers alike."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.checked = 0

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Record the requests of ``context`` from now on."""
        context.on("request", lambda req: self.urls.append(req.url))
        return context

    def unchecked(self) -> list[str]:
        """The URLs recorded since the last call."""
        new = self.urls[self.checked :]
        self.checked = len(self.urls)
        return new


@pytest.fixture(scope="session")
def request_log() -> RequestLog:
    """The session's :class:`RequestLog`."""
    return RequestLog()


# The init script of every context: a CSP violation (the page's `style-src 'self'` refusing a
# style attribute, a blocked script...) becomes a console error with this prefix. It runs in
# every document of the context, frames included, before the page's own scripts.
CSP_PREFIX = "[csp-violation]"
CSP_REPORTER = """
document.addEventListener('securitypolicyviolation', (event) => {
  const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
  const sample = event.sample ? ` sample ${JSON.stringify(event.sample)}` : '';
  console.error(`%PREFIX% ${event.effectiveDirective || event.violatedDirective} refused `
    + `${event.blockedURI || 'inline'}${where}${sample}`);
}, true);
""".replace("%PREFIX%", CSP_PREFIX)
# Chromium's own console line for a violation ("Applying inline style violates the following
# Content Security Policy directive...", "Refused to load the script ... because it violates
# ..."): a violation too.
CSP_NATIVE = re.compile(r"violates the following Content Security Policy directive")


def where_from(message: ConsoleMessage) -> str:
    """``url:line`` of a console message, and whether a worker said it."""
    location = message.location
    url = location.get("url") or (message.page.url if message.page is not None else "?")
    url = url.split("#", 1)[0]  # a game link's fragment says nothing here and is long
    place = f"{url}:{location.get('lineNumber', '?')}"
    return f"worker {place}" if message.worker is not None else place


class ConsoleLog:
    """Every console error, uncaught page error and CSP violation of the session's browser
    contexts, pages and workers alike."""

    def __init__(self) -> None:
        self.entries: list[str] = []
        self.checked = 0

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Record the console errors, page errors and CSP violations of ``context`` from now
        on (its pages, frames, Web Workers and service workers)."""
        context.add_init_script(CSP_REPORTER)
        context.on("console", self.console)
        context.on("weberror", self.web_error)
        return context

    def console(self, message: ConsoleMessage) -> None:
        """Keep a message of type ``error``."""
        if message.type != "error":
            return
        text = message.text
        if text.startswith(CSP_PREFIX) or CSP_NATIVE.search(text):
            self.entries.append(f"CSP violation ({where_from(message)}): {text}")
        else:
            self.entries.append(f"console error ({where_from(message)}): {text}")

    def web_error(self, error: WebError) -> None:
        """Keep an uncaught error (or unhandled rejection) of a page. Not those of the blank
        page a new tab starts with: only the tests' own init scripts run there, and storage
        refuses them (``localStorage`` is denied to ``about:blank``)."""
        url = error.page.url.split("#", 1)[0] if error.page is not None else "?"
        if url == "about:blank":
            return
        self.entries.append(f"uncaught error ({url}): {error.error.message}")

    def pending(self) -> list[str]:
        """The entries recorded since the last :meth:`unchecked`, left for it."""
        return self.entries[self.checked :]

    def unchecked(self) -> list[str]:
        """The entries recorded since the last call."""
        new = self.pending()
        self.checked = len(self.entries)
        return new


@pytest.fixture(scope="session")
def console_log() -> ConsoleLog:
    """The session's :class:`ConsoleLog`."""
    return ConsoleLog()


# ------------------------------------------------------------------- the engine's snapshot
#
# A new browser context is a new device: its first visit boots Pyodide from scratch, then makes
# the engine's memory snapshot in a second worker (web/engine.js), about ten seconds of CPU in
# all. Unless its test is marked ``fresh_profile``, each context of the session's site is given
# the snapshot stored by the worker's first visit before its test opens the site, as a device
# that visited before holds it: the engine boots from it in about a second, the way every later
# visit does (e2e/test_snapshot.py shows that the engine answers the same either way).

FRESH_PROFILE = "fresh_profile"
# The service worker precaches the whole site (15 MB, Pyodide's files most of it; a guest's page
# only the shell, test_guest_light.py) in every new context, a first visit's work that costs about
# 1.6 s of processor time a context and that no other test looks at. Unless a test is marked
# ``service_worker``, its contexts are made with Playwright's ``service_workers="block"``: the
# page finds no way to register one (ui/pwa.js says so with console.warn and goes on), as on a
# browser without service workers. The tests of the offline app, its updates and its snapshot
# (test_app.py, test_snapshot.py, test_art.py, test_guest_light.py) are marked and run with it.
SERVICE_WORKER = "service_worker"
SEED_PAGE = "__e2e__/seed.html"  # a blank page of the site's origin (answered by a route)


def answer_seed_pages(page: Page) -> None:
    """Answer :data:`SEED_PAGE` of any origin in ``page`` with a blank document."""
    page.route(
        f"**/{SEED_PAGE}",
        lambda route: route.fulfill(content_type="text/html", body="<!doctype html>"),
    )


# The stored snapshot record (worker.js: database pygames-engine, store snapshot, key engine)
# with its gzipped bytes in base64, or null
READ_SNAPSHOT = """
() => new Promise((resolve, reject) => {
  const open = indexedDB.open('pygames-engine', 1);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const get = db.transaction('snapshot').objectStore('snapshot').get('engine');
    get.onerror = () => reject(get.error);
    get.onsuccess = async () => {
      db.close();
      const record = get.result;
      if (!record) return resolve(null);
      const bytes = new Uint8Array(await record.blob.arrayBuffer());
      let text = '';
      for (let at = 0; at < bytes.length; at += 0x8000) {
        text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      }
      const { blob, ...fields } = record;
      resolve({ fields, data: btoa(text) });
    };
  };
})
"""
# Store the record (its fields, and the bytes fetched from a URL) as worker.js does
WRITE_SNAPSHOT = """
async ([fields, url]) => {
  const blob = await (await fetch(url)).blob();
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('pygames-engine', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('snapshot');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction('snapshot', 'readwrite');
    tx.objectStore('snapshot').put({ ...fields, blob }, 'engine');
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}
"""


class SnapshotServer(ThreadingHTTPServer):
    """Serves one file's bytes to any origin (CORS), on a free port of 127.0.0.1, until closed:
    the snapshot reaches a new context's page by the network, not through Playwright's pipe."""

    def __init__(self, data: bytes) -> None:
        super().__init__(("127.0.0.1", 0), SnapshotHandler)
        self.data = data
        self.url = f"http://127.0.0.1:{self.server_address[1]}/snapshot.gz"
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        """Stop serving."""
        self.shutdown()
        self.server_close()
        self.thread.join(5)


class SnapshotHandler(BaseHTTPRequestHandler):
    """Answers every GET with the server's bytes."""

    server: SnapshotServer

    def do_GET(self) -> None:
        """The bytes, readable by any page."""
        self.send_response(200)
        self.send_header("Content-Type", "application/gzip")
        self.send_header("Content-Length", str(len(self.server.data)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(self.server.data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


class SnapshotSeed:
    """The engine snapshot of one first visit to the site, made once (on first use) and given to
    the new contexts that want it."""

    def __init__(self, make_context: Callable[..., BrowserContext], site: str) -> None:
        self.make_context = make_context
        self.site = site
        self.made = False
        self.fields: dict[str, Any] = {}
        self.server: SnapshotServer | None = None

    def make(self) -> None:
        """Visit the site on a new device until its snapshot is stored, and keep it (nothing is
        kept if none was stored: contexts then boot as new devices do)."""
        self.made = True
        context = self.make_context()
        try:
            page = context.new_page()
            page.goto(self.site)
            wait_engine(page, timeout=180_000)
            page.wait_for_selector("html[data-engine-snapshot]", state="attached", timeout=180_000)
            found = page.evaluate(READ_SNAPSHOT)
        finally:
            context.close()
        if found:
            self.fields = found["fields"]
            self.server = SnapshotServer(base64.b64decode(found["data"]))

    def seed(self, context: BrowserContext, permissions: list[str] | None) -> None:
        """Store the snapshot in ``context`` for the site's origin, before any page opens it.

        The seeding page may fetch from the snapshot's port only with Chromium's permission to
        reach the loopback address space; the permission is taken back at once (and the context's
        own ``permissions`` given again)."""
        if not self.made:
            self.make()
        if self.server is None:
            return
        origin = self.site.rstrip("/")
        context.grant_permissions(["local-network-access"], origin=origin)
        page = context.new_page()
        try:
            answer_seed_pages(page)
            page.goto(self.site + SEED_PAGE)
            page.evaluate(WRITE_SNAPSHOT, [self.fields, self.server.url])
        finally:
            page.close()
            context.clear_permissions()
            if permissions:
                context.grant_permissions(permissions)

    def seed_lan(self, context: BrowserContext, base_url: str) -> None:
        """Store the snapshot in a context of the ``lan`` network for ``base_url`` (the site
        served inside the namespace, whose loopback cannot reach the snapshot's server: the
        bytes come through a route of the test process instead)."""
        if not self.made:
            self.make()
        if self.server is None:
            return
        url = base_url + "__e2e__/snapshot.gz"
        data = self.server.data
        page = context.new_page()
        try:
            answer_seed_pages(page)
            page.route(url, lambda route: route.fulfill(body=data, content_type="application/gzip"))
            page.goto(base_url + SEED_PAGE)
            page.evaluate(WRITE_SNAPSHOT, [self.fields, url])
        finally:
            page.close()

    def close(self) -> None:
        """Stop serving the snapshot."""
        if self.server is not None:
            self.server.close()


_RUNNING: list[pytest.Item] = []  # the test being set up or run


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Note the test whose fixtures are set up now (see :func:`wants_snapshot`)."""
    _RUNNING[:] = [item]
    _PHASE[0] = "setup"


def wants_service_worker() -> bool:
    """Whether a context made now may register the site's service worker: only in a
    ``service_worker`` test (see :data:`SERVICE_WORKER`)."""
    return bool(_RUNNING and _RUNNING[0].get_closest_marker(SERVICE_WORKER))


def wants_snapshot() -> bool:
    """Whether a context made now gets the stored snapshot: not for a ``fresh_profile`` test."""
    return not (_RUNNING and _RUNNING[0].get_closest_marker(FRESH_PROFILE))


@pytest.fixture(scope="session")
def browser(
    browser: Browser, request_log: RequestLog, console_log: ConsoleLog, site_url: str
) -> Iterator[Browser]:
    """pytest-playwright's browser, whose every new context is watched by ``request_log`` and
    ``console_log`` and, but in a ``fresh_profile`` test, holds the engine snapshot of the
    site (see :class:`SnapshotSeed`)."""
    original = browser.new_context

    def watched(*args: Any, **kwargs: Any) -> BrowserContext:
        return console_log.watch(request_log.watch(original(*args, **kwargs)))

    snapshot = SnapshotSeed(watched, site_url)

    def new_context(*args: Any, **kwargs: Any) -> BrowserContext:
        if not wants_service_worker():
            kwargs.setdefault("service_workers", "block")
        context = watched(*args, **kwargs)
        if wants_snapshot():
            snapshot.seed(context, kwargs.get("permissions"))
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    _SEEDS[:] = [snapshot]  # the lan fixture's host devices are given it too
    yield browser
    del browser.new_context
    snapshot.close()


PLAYWRIGHT_FIXTURES = {"page", "context", "new_context", "browser", "lan"}
_SEEDS: list[SnapshotSeed] = []  # the session's snapshot seed, once the browser fixture made it


# ------------------------------------------------------------------ contexts kept between tests
#
# A new browser context is a new device: it fetches and compiles Pyodide again (its HTTP and code
# caches start empty) and is given the engine snapshot, about one second of processor time more than
# a page opened in a context that has done it before (2.5 s against 1.5, measured). So a test's
# ``context`` (and its ``page``) is taken from a pool kept per worker: the tests with the same
# context fixtures (by name and where each is defined: a module's own fixture keeps its module's
# contexts to itself) and the same context arguments share one context, one after the other, across
# modules. Between two tests its pages are closed (one is left on about:blank) and the storage of
# every origin it visited is emptied (local storage, IndexedDB but the engine snapshot, Cache
# Storage, cookies), so a test starts as on a device that visited the site before and kept nothing
# but the snapshot and the browser's caches. What a test changes in the context itself while it runs
# (an init script, a route, a permission, going offline...) is its own: that context is closed after
# it, as is the context of a test that failed. Tests marked ``service_worker`` or ``fresh_profile``
# (or ``fresh_context``) always get a new one.
FRESH_CONTEXT = "fresh_context"
CONTEXT_USES = 60  # a kept context serves this many tests at most (its memory)
# what a test may change in a context: recorded, and not applied twice in a kept context
CONTEXT_CHANGES = (
    "add_init_script", "route", "route_from_har", "route_web_socket", "unroute", "unroute_all",
    "grant_permissions", "clear_permissions", "set_offline", "expose_binding", "expose_function",
    "set_extra_http_headers", "set_geolocation", "add_cookies", "set_default_timeout",
    "set_default_navigation_timeout",
)  # fmt: skip
# Empty the page's origin: all but the engine snapshot's database (worker.js), whatever the page
# holds in local storage or Cache Storage
CLEAN_ORIGIN = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const db of await indexedDB.databases()) {
    if (db.name === 'pygames-engine') continue;
    await new Promise((resolve, reject) => {
      const del = indexedDB.deleteDatabase(db.name);
      del.onsuccess = resolve; del.onerror = () => reject(del.error); del.onblocked = resolve;
    });
  }
  if (self.caches) for (const key of await caches.keys()) await caches.delete(key);
}"""
_PHASE = ["setup"]  # the phase of the test running now: setup, call or teardown


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Note that the test's own code runs now, once its kept context (if any) is checked (see
    :class:`KeptContext`)."""
    kept = item.stash.get(KEPT, None)
    if kept is not None:
        kept.check()
    _PHASE[0] = "call"
    yield
    _PHASE[0] = "teardown"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    """Keep whether any phase of the test failed (a kept context is not kept after a failure)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        item.stash[FAILED] = True


FAILED = pytest.StashKey[bool]()
KEPT = pytest.StashKey["KeptContext"]()


class KeptContext:
    """A context of the pool, with what was changed in it (each change once, by its arguments)
    and whether a test changed it while running (then it is not kept)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.applied: list[str] = []
        self.asked: list[str] = []  # the changes asked by the test now
        self.uses = 0
        self.dirty = False
        self.origins: set[str] = set()
        # A page left open between two tests: a context whose last page closed pays about one
        # second of processor time more for its next page (2.1 s against 3.1 for a page that
        # starts the engine, measured), as its first page did.
        self.anchor: Page | None = None
        context.on("request", self.visited)
        for name in CONTEXT_CHANGES:
            setattr(context, name, self.recorder(name, getattr(context, name)))

    def visited(self, req: Any) -> None:
        """Note the origin of every document the context loads (emptied after each test)."""
        parts = urlsplit(req.url)
        if req.resource_type == "document" and parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def recorder(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        """``method`` (a change of the context) applied once per arguments; a change made while
        a test runs, or one not made before in a context used already, is the test's own: the
        context is not kept after it."""

        def change(*args: Any, **kwargs: Any) -> Any:
            key = f"{name}:{args!r}:{sorted(kwargs.items())!r}"
            self.asked.append(key)
            if key in self.applied and _PHASE[0] == "setup":
                return None
            if _PHASE[0] != "setup" or self.uses > 1 or name.startswith(("unroute", "clear")):
                self.dirty = True
            self.applied.append(key)
            return method(*args, **kwargs)

        return change

    def begin(self) -> None:
        """A test takes the context."""
        self.uses += 1
        self.asked = []

    def check(self) -> None:
        """Before the test runs: the context carries no change its fixtures did not ask for."""
        extra = [key for key in self.applied if key not in self.asked]
        if extra and not self.dirty:
            pytest.fail(
                f"a kept browser context carries changes this test's fixtures did not ask for: "
                f"{extra}; mark the test {FRESH_CONTEXT}",
                pytrace=False,
            )

    def release(self, site_url: str) -> bool:
        """After the test: close its pages and empty the storage it left; whether the context
        may serve another test. The page that empties the storage stays open on about:blank
        until the next test is over (:attr:`anchor`)."""
        for page in list(self.context.pages):
            if page is not self.anchor:
                page.close()
        if self.dirty or self.uses >= CONTEXT_USES:
            return False
        if self.anchor is None or self.anchor.is_closed():
            self.anchor = self.context.new_page()
            answer_seed_pages(self.anchor)
        for origin in sorted(self.origins | {site_url.rstrip("/")}):
            self.anchor.goto(f"{origin}/{SEED_PAGE}")
            self.anchor.evaluate(CLEAN_ORIGIN)
        self.anchor.goto("about:blank")
        self.context.clear_cookies()
        self.origins.clear()
        return True


class ContextPool:
    """The kept contexts of this worker, by module, fixtures and context arguments."""

    def __init__(self) -> None:
        self.kept: dict[str, KeptContext] = {}

    def take(self, key: str, make: Callable[[], BrowserContext]) -> KeptContext:
        """The kept context of ``key`` (made now if there is none)."""
        kept = self.kept.pop(key, None) or KeptContext(make())
        kept.begin()
        return kept

    def give_back(self, key: str, kept: KeptContext, ok: bool, site_url: str) -> None:
        """Keep ``kept`` for the next test of ``key``, or close it."""
        try:
            keep = ok and kept.release(site_url)
        except PlaywrightError:
            keep = False
        if keep:
            self.kept[key] = kept
        else:
            kept.context.close()

    def close(self) -> None:
        """Close every kept context."""
        for kept in self.kept.values():
            kept.context.close()
        self.kept.clear()


@pytest.fixture(scope="session")
def context_pool(browser: Browser) -> Iterator[ContextPool]:
    """The session's :class:`ContextPool` (closed before the browser)."""
    pool = ContextPool()
    yield pool
    pool.close()


def may_keep(item: pytest.Item) -> bool:
    """Whether the test may use a kept context (see :data:`FRESH_CONTEXT`)."""
    return not any(
        item.get_closest_marker(name) for name in (SERVICE_WORKER, FRESH_PROFILE, FRESH_CONTEXT)
    )


def context_fixtures(request: pytest.FixtureRequest) -> list[str]:
    """The fixtures of the test that use its ``context``, directly or through another (those
    that may change it as they set up), by name and where each is defined."""
    defs = request.node._fixtureinfo.name2fixturedefs
    uses: dict[str, bool] = {}

    def using(name: str) -> bool:
        if name not in uses:
            uses[name] = False  # (a fixture overriding its namesake asks for itself)
            found = defs.get(name, ())
            uses[name] = name == "context" or any(
                using(arg) for d in found for arg in d.argnames if arg != name
            )
        return uses[name]

    return sorted(
        f"{name}@{d.baseid}" for name in request.fixturenames if using(name) for d in defs[name]
    )


@pytest.fixture
def context(
    request: pytest.FixtureRequest,
    browser: Browser,
    browser_context_args: dict[str, Any],
    new_context: Callable[..., BrowserContext],
    context_pool: ContextPool,
    site_url: str,
) -> Iterator[BrowserContext]:
    """pytest-playwright's ``context``, taken from the worker's :class:`ContextPool` unless the
    test must start on a new device."""
    if not may_keep(request.node):
        yield new_context()
        return
    args = dict(browser_context_args)
    marker = request.node.get_closest_marker("browser_context_args")
    args.update(marker.kwargs if marker else {})
    key = json.dumps(
        [context_fixtures(request), args],
        sort_keys=True,
        default=repr,
    )
    kept = context_pool.take(key, lambda: browser.new_context(**args))
    request.node.stash[KEPT] = kept
    yield kept.context
    failed = request.node.stash.get(FAILED, False)
    context_pool.give_back(key, kept, not failed, site_url)


# ------------------------------------------------------------------ a page kept between tests
#
# Opening the site in a new page costs 2.5 to 3.5 s of processor time before a table is drawn (the
# page's modules, the engine's start from its snapshot, the first drawing's compiled code);
# opening another link in a page already on the site costs about 0.5 s (measured: a table of three
# games, six visits each way). Tests that only open links and look at what the page draws share
# one page per module and worker (``warm_page``): between two of them the page goes back to the
# lobby through its own address (a hash change, as a player's tap on "Back to the lobby"), its
# open dialogs close, its storage is emptied (local and session storage, the vault's saved games:
# the engine keeps its database open, so its records are deleted, not the database), its viewport
# and media are the defaults again. A test that fails leaves its page closed: the next one boots a
# new page. Tests that need a new device, a reload, their own context or a first visit keep their
# own ``page``.

WARM_RESET = """async () => {
  for (const d of document.querySelectorAll('dialog[open]')) d.close();
  localStorage.clear();
  sessionStorage.clear();
  const db = await new Promise((resolve) => {
    const r = indexedDB.open('pygames-games');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => resolve(null);
    r.onupgradeneeded = () => { r.transaction.abort(); };
  });
  if (db && db.objectStoreNames.contains('records')) {
    await new Promise((resolve, reject) => {
      const t = db.transaction('records', 'readwrite');
      t.objectStore('records').clear();
      t.oncomplete = resolve; t.onerror = () => reject(t.error);
    });
  }
  db?.close();
}"""
LOBBY_READY = "[data-testid=lobby] [data-testid^=game-]"


class WarmPage:
    """The page a module's tests share (see ``warm_page``), booted on first use."""

    def __init__(
        self, browser: Browser, base_url: str, args: dict[str, Any], scripts: Iterable[str]
    ) -> None:
        self.browser = browser
        self.base_url = base_url
        self.args = args
        self.scripts = list(scripts)
        self.context: BrowserContext | None = None
        self.page: Page | None = None
        self.uses = 0

    def take(self) -> Page:
        """The shared page on the lobby with nothing stored, booted now if there is none."""
        if self.page is None or self.page.is_closed():
            self.close()
            self.context = self.browser.new_context(**self.args)
            for script in self.scripts:
                self.context.add_init_script(script)
            self.page = self.context.new_page()
            self.page.goto(self.base_url + "#/")
            wait_engine(self.page)
        page = self.page
        self.uses += 1
        page.evaluate(WARM_RESET)
        page.goto(self.base_url + "#/")
        page.wait_for_selector(LOBBY_READY, timeout=30_000)
        if page.evaluate("document.documentElement.lang") != "en":  # a test switched language
            switch_lang(page, "en")
            page.evaluate("localStorage.clear()")
        resize(page, LANDSCAPE)
        page.emulate_media(reduced_motion="no-preference", color_scheme="light")
        return page

    def give_back(self, ok: bool) -> None:
        """After a test: close the other pages it opened in the context; keep the page for the
        next test unless this one failed, the page closed or it has served
        :data:`CONTEXT_USES` tests."""
        if self.context is None or self.page is None:
            return
        others = [p for p in self.context.pages if p is not self.page]
        for other in others:
            other.close()
        if not ok or self.page.is_closed() or self.uses >= CONTEXT_USES:
            self.close()

    def close(self) -> None:
        """Close the page's context."""
        if self.context is not None:
            with contextlib.suppress(PlaywrightError):
                self.context.close()
        self.context = None
        self.page = None
        self.uses = 0


@pytest.fixture(scope="module")
def warm_init_scripts() -> list[str]:
    """Scripts the shared page runs before its own, once, as it boots (a module may override
    this fixture: a script that counts, say, must then be reset by each test)."""
    return []


@pytest.fixture(scope="module")
def warm_holder(
    browser: Browser,
    base_url: str,
    browser_context_args: dict[str, Any],
    warm_init_scripts: list[str],
) -> Iterator[WarmPage]:
    """The module's :class:`WarmPage` (closed after its last test)."""
    holder = WarmPage(browser, base_url, dict(browser_context_args), warm_init_scripts)
    yield holder
    holder.close()


def switch_lang(page: Page, lang: str) -> None:
    """Show the page in ``lang`` (``en`` or ``ja``) with the header's language buttons, as a
    player does (a page already open has read the stored language)."""
    if page.evaluate("document.documentElement.lang") != lang:
        page.get_by_test_id(f"lang-{lang}").click()
        page.wait_for_selector(f"html[lang={lang}]", state="attached")


@pytest.fixture
def warm_page(request: pytest.FixtureRequest, warm_holder: WarmPage) -> Iterator[Page]:
    """A page on the site's lobby, shared with the module's other tests that ask for it (see
    :class:`WarmPage`): nothing stored, landscape, no reduced motion."""
    page = warm_holder.take()
    yield page
    warm_holder.give_back(not request.node.stash.get(FAILED, False))


@pytest.fixture(autouse=True)
def no_outside_requests(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test if anything was requested from a host other than 127.0.0.1.

    ``data:``, ``blob:`` and ``about:`` URLs pass. Requests made while module or session
    fixtures set up are checked with the first test that uses them.
    """
    if not PLAYWRIGHT_FIXTURES & set(request.fixturenames):
        yield
        return
    log: RequestLog = request.getfixturevalue("request_log")
    yield
    outside = sorted({url for url in log.unchecked() if not is_local(url)})
    assert not outside, f"requests left the site: {outside}"


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker of tests that provoke console errors on purpose; in a run of several
    pytest-xdist workers, build dist/ once before they start (see :func:`build_for_workers`)."""
    build_for_workers(config)
    config.addinivalue_line(
        "markers",
        "console_errors_expected(*patterns): the test provokes console or page errors on "
        "purpose; each entry that one of the regexes finds (re.search) is allowed. "
        "A Content-Security-Policy violation never is.",
    )
    config.addinivalue_line(
        "markers",
        f"{SERVICE_WORKER}: the test's browser contexts may register the site's service worker "
        "(by default Playwright blocks it: see conftest.SERVICE_WORKER).",
    )
    config.addinivalue_line(
        "markers",
        f"{FRESH_PROFILE}: the test's browser contexts start as a new device's, with no engine "
        "snapshot stored (by default each holds the one of the worker's first visit).",
    )
    config.addinivalue_line(
        "markers",
        f"{FRESH_CONTEXT}: the test's ``context`` is a new one, never one kept from an earlier "
        "test (see conftest.ContextPool).",
    )


def expected_errors(request: pytest.FixtureRequest) -> list[re.Pattern[str]]:
    """The regexes of the test's ``console_errors_expected`` markers."""
    patterns: list[re.Pattern[str]] = []
    for marker in request.node.iter_markers("console_errors_expected"):
        if not marker.args or not all(isinstance(arg, str) for arg in marker.args):
            raise pytest.UsageError("console_errors_expected takes one or more regex strings")
        patterns += [re.compile(arg) for arg in marker.args]
    return patterns


def unexpected(entries: list[str], allowed: list[re.Pattern[str]]) -> list[str]:
    """The entries no allowed pattern covers; CSP violations always stay."""
    return [
        entry
        for entry in entries
        if entry.startswith("CSP violation") or not any(p.search(entry) for p in allowed)
    ]


def summarize(entries: list[str], limit: int = 12) -> str:
    """The entries for a failure message: each distinct one once, with how often it came, CSP
    violations first."""
    counts: dict[str, int] = {}
    for entry in sorted(entries, key=lambda e: not e.startswith("CSP violation")):
        counts[entry] = counts.get(entry, 0) + 1
    lines = [f"{entry} (x{n})" if n > 1 else entry for entry, n in counts.items()]
    more = f"\n... and {len(lines) - limit} more distinct" if len(lines) > limit else ""
    head = f"{len(entries)} console errors, page errors or CSP violations ({len(lines)} distinct):"
    return "\n".join([head, *lines[:limit]]) + more


@pytest.fixture(autouse=True)
def no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test that logged a console error, let an error go uncaught or met a CSP
    violation (docs/table-layer.md: the console is a test oracle), unless the test's
    ``console_errors_expected`` marker allows that error.

    What module or session fixtures log while they set up counts for the first test that uses
    them; the check runs after the test's own page and context have closed, so that what they
    logged last is in.
    """
    if not PLAYWRIGHT_FIXTURES & set(request.fixturenames):
        yield
        return
    log: ConsoleLog = request.getfixturevalue("console_log")
    allowed = expected_errors(request)
    yield
    if "lan" in request.fixturenames:  # the devices the test opened on the lan are its own
        request.getfixturevalue("lan").close_devices()
    found = unexpected(log.unchecked(), allowed)
    if found:
        pytest.fail(summarize(found), pytrace=False)


# ------------------------------------------------------------------ devices on a private network
#
# WebRTC between devices (issue 34): the ``lan`` fixture runs the site's server and a Chromium of
# their own inside a network namespace that the session makes (e2e/lan.py). It needs root and
# ``ip netns``; without them it fails, it is never skipped.


@pytest.fixture(scope="session")
def lan(
    playwright: Playwright,
    built_dist: Path,
    request_log: RequestLog,
    console_log: ConsoleLog,
    browser_type_launch_args: dict[str, Any],
    browser: Browser,
) -> Iterator[Lan]:
    """The worker's private network (:class:`lan.Lan`): ``lan.browser`` runs inside it, the site
    is at ``lan.base_url``, and ``lan.new_page(viewport=...)`` is a page of a new browser context,
    one device, landscape and English unless told otherwise. Its requests and console are checked
    as every test's; the contexts a test opened are closed after it."""
    opened = open_lan(
        playwright,
        built_dist,
        watchers=[request_log, console_log],
        launch_args=browser_type_launch_args,
        context_args={"viewport": dict(LANDSCAPE), "locale": "en-US"},
    )
    with contextlib.ExitStack() as stack:
        problem = ""
        try:
            net = stack.enter_context(opened)
        except LanError as exc:
            problem = f"lan: {exc}"
        if problem:  # a failure, never a skip (issue 34: these tests run in CI)
            pytest.fail(problem, pytrace=False)
        net.seed = _SEEDS[0].seed_lan if _SEEDS else None  # (`browser` made it)
        yield net


def resize(page: Page, size: ViewportSize) -> None:
    """Set the viewport and let layout settle (nothing to do if it already has that size)."""
    if page.viewport_size != size:
        page.set_viewport_size(size)
        page.wait_for_timeout(200)


class Shot(Protocol):
    """``shot(page, name, both=False)``: save screenshots under artifacts/screenshots/."""

    def __call__(self, page: Page, name: str, both: bool = False) -> list[Path]: ...


@pytest.fixture
def shot() -> Shot:
    """Save ``artifacts/screenshots/<name>-<w>x<h>.png`` at the page's viewport.

    With ``both=True``, shoot landscape 1024x768 and portrait 768x1024, then restore the size.
    """

    def take(page: Page, name: str, both: bool = False) -> list[Path]:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        original = page.viewport_size or LANDSCAPE
        paths = []
        for size in [LANDSCAPE, PORTRAIT] if both else [original]:
            resize(page, size)
            path = SCREENSHOTS / f"{name}-{size['width']}x{size['height']}.png"
            # written whole, then renamed: another worker reading the folder sees no half file
            part = path.with_name(f"{path.stem}.{os.getpid()}.part.png")
            page.screenshot(path=str(part))
            part.replace(path)
            paths.append(path)
        resize(page, original)
        return paths

    return take


def _evaluate_quietly(page: Page, expression: str) -> Any:
    """The expression's value, or None while the page is between documents (a reload)."""
    try:
        return page.evaluate(expression)
    except PlaywrightError as exc:
        if "context was destroyed" in str(exc) or "navigat" in str(exc):
            return None
        raise


def wait_true(page: Page, expression: str, timeout: float = 30_000) -> None:
    """Poll a JavaScript expression (a promise is awaited) until it is truthy.

    Not ``page.wait_for_function``: after its first try, Playwright re-evaluates a string
    predicate inside the page, where the site's Content-Security-Policy (no 'unsafe-eval')
    refuses it; ``page.evaluate`` goes through the debugging protocol and is not refused.
    """
    deadline = time.monotonic() + timeout / 1000
    while not _evaluate_quietly(page, expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)


# Wait (at most ``ms``) for every running CSS animation and transition that plays once to end
# (one that repeats is a cue that pulses a few times: a mark, an option)
SETTLE = """async (ms) => {
  const running = document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect?.getComputedTiming().iterations === 1
    && Number.isFinite(a.effect?.getComputedTiming().endTime));
  const done = Promise.all(running.map((a) => a.finished.catch(() => null)));
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, ms))]);
}"""


def settle(page: Page, ms: int = 3000) -> None:
    """Let the page's fades, slides and moves finish (``ms`` at most), instead of a fixed wait."""
    page.evaluate(SETTLE, ms)


SCROLL_TOP = (
    "() => { scrollTo(0, 0); for (const el of document.querySelectorAll('*')) "
    "if (el.scrollTop) el.scrollTop = 0; }"
)


def scroll_top(page: Page) -> None:
    """Scroll the page and every scrolled element of it back to the top."""
    page.evaluate(SCROLL_TOP)


def wait_engine(page: Page, timeout: float = 90_000) -> None:
    """Wait until the page says the engine is ready (``<html data-engine="ready">``)."""
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=timeout)


@pytest.fixture(name="wait_engine")
def wait_engine_fixture() -> Callable[..., None]:
    """The :func:`wait_engine` helper as a fixture: ``wait_engine(page, timeout=90000)``."""
    return wait_engine


# ---------------------------------------------------------------------- game links and turns

READY = (
    "[data-testid=table][data-waiting=human], [data-testid=table][data-waiting=over], "
    "[data-testid=table][data-waiting=hold], [data-testid=privacy-screen]"
)
# The table drawn behind the privacy screen
PASSING = "[data-testid=table][data-waiting=pass]"


def link(record: dict[str, Any] | Record) -> str:
    """``#g=`` + base64url of the JSON record (docs/protocol.md), written by the engine's own
    encoder (:meth:`pygames.core.record.Record.to_fragment`); a dict is read as the engine reads
    a record first (:func:`~pygames.core.record.record_from_json`: it must be a readable one)."""
    readable = record if isinstance(record, Record) else record_from_json(record)
    return "#" + readable.to_fragment()


def unlink(fragment: str) -> dict[str, Any]:
    """The record of a ``#g=`` or ``g=`` fragment."""
    body = fragment.lstrip("#")
    body = body[2:] if body.startswith("g=") else body
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    return data


@functools.cache
def cpython_bridge() -> Bridge:
    """The one bridge of this test process (``pygames/web.py``: the same code the page runs in
    Pyodide); its sessions last across calls, as the worker's do."""
    return Bridge()


def engine(**request: Any) -> dict[str, Any]:
    """The engine in this CPython answers a request as the page's worker does."""
    answer: dict[str, Any] = json.loads(cpython_bridge().handle(json.dumps(request)))
    return answer


def engine_snapshot(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The engine's snapshot of ``record`` from ``seat``'s chair (its session closed at once)."""
    snap = engine(cmd="start", record=record, seat=seat)
    if snap.get("session"):
        engine(cmd="close", session=snap["session"])
    return snap


def pace_bots(page: Page) -> None:
    """Bots pause after each move (the fast speed) and pieces are drawn in their places, not
    moving to them (reduced motion, ui/flip.js): every answer is drawn, on a loaded machine too."""
    page.evaluate("localStorage.setItem('pygames.speed', 'fast')")
    page.emulate_media(reduced_motion="reduce")


def assert_nearly_all_drawn(drawn: Iterable[int], plies: int) -> None:
    """Every position of a game of ``plies`` moves was drawn (the plies in ``drawn``), but for a
    tenth of them: a frame can still come late on a loaded machine."""
    missed = sorted(set(range(plies)) - set(drawn))
    assert len(missed) <= plies // 10, (missed, plies)


def wait_turn(page: Page, timeout: float = 30_000) -> str:
    """Wait until a human must act, the privacy screen is up, or the game is over; returns
    ``pass``, ``over`` or the table's phase."""
    page.wait_for_selector(READY, timeout=timeout)
    if page.get_by_test_id("privacy-screen").count():
        # the screen goes up in the task that asks for the table's next drawing: wait for that
        # drawing (the position after the move) before the caller reads the table
        page.wait_for_selector(PASSING, state="attached", timeout=timeout)
        return "pass"
    table = page.get_by_test_id("table")
    return (
        "over"
        if table.get_attribute("data-waiting") == "over"
        else str(table.get_attribute("data-phase"))
    )


INSTANT_BOTS = "localStorage.setItem('pygames.speed', 'instant');"


RECORD_KEYS = ("v", "game", "players", "seed", "options", "seats", "actions")
_SIMULATED: dict[tuple[str, int, int, str | None], dict[str, Any]] = {}


def simulate(game: str, players: int, seed: int, bots: str | None = None) -> dict[str, Any]:
    """A finished bot game from ``python -m pygames simulate``: its last line (the record, the
    scores, the winners, whether it finished), a fresh copy on every call."""
    key = (game, players, seed, bots)
    if key not in _SIMULATED:
        command = ["simulate", game, "--players", str(players), "--seed", str(seed)]
        if bots:
            command += ["--bots", bots]
        out = subprocess.run(
            [sys.executable, "-m", "pygames", *command],
            cwd=build.ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
        _SIMULATED[key] = json.loads(out.strip().splitlines()[-1])
    line: dict[str, Any] = json.loads(json.dumps(_SIMULATED[key]))
    return line


def record_of(line: dict[str, Any]) -> dict[str, Any]:
    """The record in a ``simulate`` line."""
    return {key: line[key] for key in RECORD_KEYS}


# ---------------------------------------------------------------------- the vault (issue 33)

# Every record the engine's worker keeps in its vault (web/vault.js): [{id, save, rev, updated}].
# Tests may read it; the page never does during play.
VAULT_READ = """async () => {
  const db = await new Promise((resolve, reject) => {
    const r = indexedDB.open('pygames-games', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('records', { keyPath: 'id' });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  try {
    return await new Promise((resolve, reject) => {
      const q = db.transaction('records', 'readonly').objectStore('records').getAll();
      q.onsuccess = () => resolve(q.result);
      q.onerror = () => reject(q.error);
    });
  } finally {
    db.close();
  }
}"""

PLAY_ADDRESS = re.compile(r"#play/([A-Za-z0-9_-]{1,40})")


def vault_records(page: Page) -> dict[str, dict[str, Any]]:
    """The vault's entries by game id: ``{id: {id, save, rev, updated}}``."""
    rows: list[dict[str, Any]] = page.evaluate(VAULT_READ)
    return {row["id"]: row for row in rows}


def current_record(page: Page, timeout: float = 30.0) -> dict[str, Any]:
    """The whole record of the game on the table: a finished game's from the address, a game in
    progress's from the vault once it holds the position on the table (its entry's revision and
    ply, web/ui/saves.js, match the vault's and the table's)."""
    deadline = time.monotonic() + timeout
    while True:
        address = str(page.evaluate("location.hash"))
        if address.startswith("#g="):
            return unlink(address)
        found = PLAY_ADDRESS.fullmatch(address)
        assert found, address
        game_id = found[1]
        entry = page.evaluate(
            "(k) => JSON.parse(localStorage.getItem(k))", f"pygames.save.{game_id}"
        )
        kept = vault_records(page).get(game_id)
        ply = page.get_by_test_id("table").get_attribute("data-ply")
        if entry and kept and kept["rev"] == entry["rev"] and str(entry["ply"]) == ply:
            return unlink(kept["save"])
        if time.monotonic() > deadline:
            raise AssertionError(
                f"the vault does not hold the table's game: {entry}, {kept}, {ply}"
            )
        page.wait_for_timeout(50)
