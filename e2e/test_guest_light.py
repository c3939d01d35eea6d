"""A guest's device (issue 34): a page opened at ``#join=...`` plays a seat of a game hosted on
another device and runs no engine. Its first visit fetches no Pyodide file, no wheel and no engine
worker, and transfers under 1.5 MB; the service worker stores the page's own files (the shell)
only, and the page reopens offline. The first time that device runs the engine (it goes to the
lobby), the engine starts then, and its files are stored too: the device is then offline-capable
as any host.

The bytes are counted at the server, which sees every request of the page, its workers and the
service worker alike. Until the app has a screen of its own for ``#join=`` the router shows the
lobby there; nothing here depends on which screen it is, only on the engine staying idle."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Served, wait_engine, wait_true
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build

# every context is a new device, and the service worker is what is looked at
pytestmark = [pytest.mark.fresh_profile, pytest.mark.service_worker]

BUDGET = 1_500_000  # bytes: a guest's first visit (issue 34's acceptance)
BOOT_TIMEOUT = 120_000
ENGINE_PATHS = ("/pyodide/", "/wheels/", "/worker.js", "/vault.js")

# The paths in the site's caches (the service worker's: one per version)
CACHED = """
async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      paths.push(new URL(request.url).pathname);
    }
  }
  return paths;
}
"""
# The engine's snapshot record (worker.js: database pygames-engine, store snapshot, key engine),
# or null. The service worker opens the database on activation (to drop an old build's).
SNAPSHOT = """
() => new Promise((resolve, reject) => {
  const open = indexedDB.open('pygames-engine', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('snapshot');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const get = db.transaction('snapshot').objectStore('snapshot').get('engine');
    get.onsuccess = () => { db.close(); resolve(get.result ? 'stored' : null); };
    get.onerror = () => reject(get.error);
  };
})
"""
# Are all these paths in the site's caches?
ALL_CACHED = f"async (want) => {{ const have = new Set(await ({CACHED})()); "
ALL_CACHED += "return want.every((path) => have.has(path)); }"


class Counted(Served):
    """The site served on its own port, each answer's path and body size counted (stopped as
    conftest's :class:`Served` is)."""

    def __init__(self, directory: Path) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int]] = []
        handler = functools.partial(self.Handler, directory=str(directory), prefix="/")
        self.server = build.SiteServer(("127.0.0.1", 0), handler)
        self.server.counted = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.stopped = False

    class Handler(build.SiteHandler):
        """The site's own handler (build.py), telling :class:`Counted` what it sent."""

        def copyfile(self, source: Any, outputfile: Any) -> None:
            """Send the file and count its bytes."""
            start = source.tell()
            super().copyfile(source, outputfile)
            self.server.counted.add(self.path, source.tell() - start)  # type: ignore[attr-defined]

    def add(self, path: str, size: int) -> None:
        """One answer of ``size`` body bytes for ``path``."""
        with self.lock:
            self.sent.append((path.split("?")[0], size))

    def answers(self) -> list[tuple[str, int]]:
        """The answers so far (path, body bytes)."""
        with self.lock:
            return list(self.sent)


@pytest.fixture
def counted(dist_dir: Path, site_url: str) -> Iterator[Counted]:
    """The built site (``site_url`` makes sure it is built) on a counting server."""
    served = Counted(dist_dir)
    try:
        yield served
    finally:
        served.stop()


def settled(page: Page, served: Counted, quiet_ms: int = 1500) -> list[tuple[str, int]]:
    """Wait until the server has answered nothing for ``quiet_ms``; the answers."""
    seen = -1
    answers = served.answers()
    while len(answers) != seen:
        seen = len(answers)
        page.wait_for_timeout(quiet_ms)
        answers = served.answers()
    return answers


def engine_fetches(paths: list[str]) -> list[str]:
    """The paths of ``paths`` that only the engine needs."""
    return [p for p in paths if p.startswith(ENGINE_PATHS) or p in ENGINE_PATHS]


def open_guest(ctx: BrowserContext, url: str) -> Page:
    """Open ``url#join=...`` on the fresh device ``ctx``; wait until the service worker
    controls the page (it stored the shell)."""
    page = ctx.new_page()
    page.goto(f"{url}#join=anything")
    page.wait_for_selector("html[data-engine=idle]", state="attached")
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)
    wait_true(page, "navigator.serviceWorker.controller !== null")
    return page


def tiers(dist: Path) -> tuple[set[str], set[str]]:
    """The shell's and the engine's files of the build, as paths of the site."""
    shell, engine = build.precache_tiers(build.precache_files(dist))
    return {f"/{name}" for name in shell}, {f"/{name}" for name in engine}


def cached_paths(page: Page) -> set[str]:
    """The paths in the site's caches."""
    return set(page.evaluate(CACHED))


def go_offline(ctx: BrowserContext, served: Counted) -> list[str]:
    """Stop the server and take the network away; the URLs the browser then still asks for."""
    served.stop()
    aborted: list[str] = []
    ctx.route("**/*", lambda route: (aborted.append(route.request.url), route.abort()))
    ctx.set_offline(True)
    return aborted


# --------------------------------------------------------------------------------------------


def test_a_guest_first_visit_is_light_and_reopens_offline(
    browser: Browser,
    browser_context_args: dict[str, Any],
    counted: Counted,
    dist_dir: Path,
) -> None:
    ctx = browser.new_context(**browser_context_args)
    asked: list[str] = []
    ctx.on("request", lambda req: asked.append(req.url))
    try:
        page = open_guest(ctx, counted.url)
        answers = settled(page, counted)
        paths = [path for path, _ in answers]
        total = sum(size for _, size in answers)
        print(f"\nguest first visit: {total} bytes in {len(answers)} requests")
        assert engine_fetches(paths) == [], engine_fetches(paths)
        assert [u for u in asked if engine_fetches([u.removeprefix(counted.url[:-1])])] == []
        assert total < BUDGET, f"{total} bytes"
        # the engine never started: no worker, no snapshot
        assert page.get_attribute("html", "data-engine") == "idle"
        expect(page.get_by_test_id("engine-status")).to_be_hidden()
        assert page.evaluate(SNAPSHOT) is None
        # the shell alone is stored
        shell, engine = tiers(dist_dir)
        cached = cached_paths(page)
        assert shell <= cached, sorted(shell - cached)
        assert cached & engine == set()

        # offline, the guest's page opens again (its own files, from the service worker)
        aborted = go_offline(ctx, counted)
        page.close()
        page = ctx.new_page()
        page.goto(f"{counted.url}#join=x")
        expect(page.get_by_test_id("topbar")).to_be_visible()
        expect(page.locator("#app > *").first).to_be_visible()
        assert page.get_attribute("html", "data-engine") == "idle"
        page.wait_for_selector("html[data-offline=ready]", state="attached")
        # nothing needed the network (the browser may look for a new sw.js: it finds none)
        assert [url for url in aborted if not url.endswith("/sw.js")] == []
    finally:
        ctx.close()


def test_a_guest_device_stores_the_engine_the_first_time_it_runs_it(
    browser: Browser,
    browser_context_args: dict[str, Any],
    counted: Counted,
    dist_dir: Path,
) -> None:
    ctx = browser.new_context(**browser_context_args)
    try:
        page = open_guest(ctx, counted.url)
        settled(page, counted, quiet_ms=500)
        before = len(counted.answers())
        # the guest goes to the lobby: the engine starts now, once, and is kept for offline use
        page.evaluate("location.hash = '#/'")
        wait_engine(page, timeout=BOOT_TIMEOUT)
        assert page.get_attribute("html", "data-engine-boot") == "normal"
        page.wait_for_selector(
            "html[data-engine-snapshot=stored]", state="attached", timeout=BOOT_TIMEOUT
        )
        _, engine = tiers(dist_dir)
        page.wait_for_function(ALL_CACHED, arg=sorted(engine), timeout=BOOT_TIMEOUT)
        page.wait_for_selector("html[data-offline=ready]", state="attached")
        # each of the engine's files came once from the server
        later = [path for path, _ in counted.answers()[before:]]
        fetched = engine_fetches(later)
        assert sorted(set(fetched)) == sorted(engine)
        assert len(fetched) == len(set(fetched)), sorted(fetched)

        # offline, it is a host like any other: the engine boots from what the device keeps
        aborted = go_offline(ctx, counted)
        page.reload()
        wait_engine(page, timeout=BOOT_TIMEOUT)
        expect(page.get_by_test_id("game-marie")).to_be_visible()
        page.get_by_test_id("play-marie").click()
        expect(page.get_by_test_id("setup")).to_be_visible()
        assert [url for url in aborted if not url.endswith("/sw.js")] == []
    finally:
        ctx.close()
