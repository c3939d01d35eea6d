"""Instant start (issue 22): the engine's memory snapshot, made on the first visit and stored on
the device, boots every later visit; a damaged one falls back to a normal start without a
console error and is made again; a new build drops it; and the engine answers the same with and
without it."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import Served, wait_engine, wait_true
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

import build

# every context is a new device: the test makes, damages and drops the snapshot itself
pytestmark = [pytest.mark.fresh_profile, pytest.mark.service_worker]

BOOT_TIMEOUT = 120_000

# The engine of the page (boot.js), as the app uses it.
ENGINE = "(await import(new URL('./boot.js', location.href))).engine"

# A few dozen engine answers: seeded all-bot games played by the `bot` command, seat to move
# after seat to move, every answer kept (session ids, which count sessions, made equal).
PLAY = """
async ({ games, steps }) => {
  const engine = __ENGINE__;
  await engine.ready;
  const out = [];
  for (const [game, players, seed] of games) {
    const seats = Array.from({ length: players }, (_, i) => (
      { name: `Bot ${i + 1}`, kind: 'bot', level: i % 2 ? 'random' : 'normal' }));
    const record = { v: 1, game, players, seed, options: {}, seats, actions: [] };
    let snap = await engine.call({ cmd: 'start', record, seat: null });
    out.push(snap);
    for (let k = 0; k < steps && snap.ok && !snap.over; k++) {
      snap = await engine.call(
        { cmd: 'bot', session: snap.session, seat: snap.to_move[0], view_seat: null });
      out.push(snap);
    }
    out.push(await engine.call({ cmd: 'close', session: snap.session }));
  }
  return JSON.stringify(out).replace(/"session":"?[^,"}]*"?/g, '"session":"-"');
}
""".replace("__ENGINE__", ENGINE)

GAMES = [["marie", 4, 2206], ["pharaoh", 3, 22], ["hitokai", 4, 7]]

# The stored snapshot record (worker.js: database pygames-engine, store snapshot, key engine):
# its key and size, or null.
RECORD = """
() => new Promise((resolve, reject) => {
  const open = indexedDB.open('pygames-engine', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('snapshot');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const get = db.transaction('snapshot').objectStore('snapshot').get('engine');
    get.onsuccess = () => {
      db.close();
      const r = get.result;
      resolve(r ? { key: r.key, bytes: r.blob.size, raw: r.raw } : null);
    };
    get.onerror = () => reject(get.error);
  };
})
"""

# Damage the stored snapshot, keeping its key: `junk` (bytes that are no gzip) or `gzip` (a
# valid gzip of bytes that are no snapshot).
CORRUPT = """
async (how) => {
  const junk = new Uint8Array(1 << 16).map((_, i) => (i * 7919) & 255);
  const blob = how === 'gzip'
    ? await new Response(
      new Blob([junk]).stream().pipeThrough(new CompressionStream('gzip'))).blob()
    : new Blob([junk]);
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('pygames-engine', 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('snapshot', 'readwrite');
      const store = tx.objectStore('snapshot');
      const get = store.get('engine');
      get.onsuccess = () => store.put({ ...get.result, blob }, 'engine');
      tx.oncomplete = () => { db.close(); resolve(true); };
      tx.onerror = () => reject(tx.error);
    };
  });
}
"""


def html_data(page: Page, name: str) -> str | None:
    """An attribute of the page's root element."""
    return page.get_attribute("html", name)


def first_visit(page: Page, url: str) -> dict[str, Any]:
    """Open the site on a fresh device: a normal start, the site stored for offline use and the
    engine snapshot stored; returns the stored snapshot record."""
    page.goto(url)
    wait_engine(page, timeout=BOOT_TIMEOUT)
    assert html_data(page, "data-engine-boot") == "normal"
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT)
    page.wait_for_selector(
        "html[data-engine-snapshot=stored]", state="attached", timeout=BOOT_TIMEOUT
    )
    record: dict[str, Any] = page.evaluate(RECORD)
    assert record and record["bytes"] > 1_000_000 and record["raw"] > record["bytes"], record
    return record


def site_version(site: Path) -> str:
    """The build's version (sw.js and build.json say the same)."""
    info = json.loads((site / "build.json").read_text("utf-8"))
    version: str = info["site"]
    assert f'"version":"{version}"' in (site / "sw.js").read_text("utf-8")
    return version


def reload_ready(page: Page) -> float:
    """Reload and wait for the engine; the milliseconds from navigation to ready."""
    page.reload()
    wait_engine(page, timeout=BOOT_TIMEOUT)
    return float(page.evaluate("performance.now()"))


# --------------------------------------------------------------------------------------------


def test_repeat_visit_boots_from_the_snapshot(
    browser: Browser, browser_context_args: dict[str, Any], dist_dir: Path, base_url: str
) -> None:
    ctx = browser.new_context(**browser_context_args)
    try:
        page = ctx.new_page()
        record = first_visit(page, base_url)
        version = site_version(dist_dir)
        info = json.loads((dist_dir / "build.json").read_text("utf-8"))
        assert record["key"] == f"{version}/{info['pyodide']}"
        reload_ready(page)
        assert html_data(page, "data-engine-boot") == "snapshot"
        expect(page.get_by_test_id("engine-status")).to_have_attribute("data-state", "ready")
        expect(page.get_by_test_id("game-marie")).to_be_visible()
        # the engine plays from the snapshot, and nothing is made again
        played = json.loads(page.evaluate(PLAY, {"games": GAMES[:1], "steps": 10}))
        assert all(answer["ok"] for answer in played)
        assert html_data(page, "data-engine-snapshot") is None
        # a second repeat visit too (the snapshot was not used up)
        reload_ready(page)
        assert html_data(page, "data-engine-boot") == "snapshot"
    finally:
        ctx.close()


def test_a_damaged_snapshot_falls_back_and_is_made_again(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str
) -> None:
    """Damaged one way (bytes that are no gzip), then, once it was made again, the other (a
    valid gzip of bytes that are no snapshot): each time a normal start, said once, and a new
    snapshot that boots the next visit. One device for both: its first visit is the long part."""
    ctx = browser.new_context(**browser_context_args)
    infos: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        if message.type == "info" and "snapshot" in message.text:
            infos.append(message.text)

    ctx.on("console", keep)
    try:
        page = ctx.new_page()
        good = first_visit(page, base_url)
        for said, how in enumerate(["junk", "gzip"], 1):
            page.goto(f"{base_url}#/")
            page.evaluate(CORRUPT, how)
            reload_ready(page)
            # a normal start the player does not notice: ready, the lobby, a game playable
            assert html_data(page, "data-engine-boot") == "fallback", how
            expect(page.get_by_test_id("engine-status")).to_have_attribute("data-state", "ready")
            played = json.loads(page.evaluate(PLAY, {"games": GAMES[:1], "steps": 30}))
            assert len(played) > 10 and all(answer["ok"] for answer in played), how
            page.get_by_test_id("play-marie").click()
            expect(page.get_by_test_id("setup")).to_be_visible()
            # said once, as information; the snapshot is made again and boots the next visit
            assert len([t for t in infos if re.search(r"cannot be used", t)]) == said, (how, infos)
            page.wait_for_selector(
                "html[data-engine-snapshot=stored]", state="attached", timeout=BOOT_TIMEOUT
            )
            again = page.evaluate(RECORD)
            assert again["key"] == good["key"] and again["bytes"] > 1_000_000, (how, again)
            reload_ready(page)
            assert html_data(page, "data-engine-boot") == "snapshot", how
    finally:
        ctx.close()


def test_a_new_build_drops_the_old_snapshot(
    browser: Browser,
    browser_context_args: dict[str, Any],
    serve_site: Callable[..., Served],
    dist_dir: Path,
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    served = serve_site(site)
    ctx = browser.new_context(**browser_context_args)
    try:
        page = ctx.new_page()
        old = first_visit(page, served.url)
        old_version = site_version(site)
        assert old["key"].startswith(f"{old_version}/")
        # a new build: a file changes, so do sw.js's version and build.json's
        style = site / "style.css"
        style.write_text(style.read_text("utf-8") + "\n/* a new build */\n", "utf-8")
        info = json.loads((site / "build.json").read_text("utf-8"))
        info.pop("site")
        build.write_json(site / "build.json", info)
        new_version, _ = build.write_precache(site)
        build.write_json(site / "build.json", {**info, "site": new_version})
        assert new_version != old_version
        page.evaluate(
            "navigator.serviceWorker.getRegistration()"
            ".then((r) => { r.update().catch(() => {}); return true; })"
        )
        expect(page.get_by_test_id("update-banner")).to_be_visible(timeout=60_000)
        page.evaluate("window.__before_reload = true")
        page.get_by_test_id("update-reload").click()
        wait_true(page, "window.__before_reload === undefined", timeout=30_000)
        wait_engine(page, timeout=BOOT_TIMEOUT)
        # the old build's snapshot is gone: this start was a normal one, then the new build's
        # snapshot was made
        assert html_data(page, "data-engine-boot") == "normal"
        page.wait_for_selector(
            "html[data-engine-snapshot=stored]", state="attached", timeout=BOOT_TIMEOUT
        )
        new = page.evaluate(RECORD)
        assert new["key"].startswith(f"{new_version}/"), new
        reload_ready(page)
        assert html_data(page, "data-engine-boot") == "snapshot"
    finally:
        ctx.close()


def test_the_same_answers_with_and_without_the_snapshot(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str
) -> None:
    ctx = browser.new_context(**browser_context_args)
    try:
        page = ctx.new_page()
        page.goto(base_url)
        wait_engine(page, timeout=BOOT_TIMEOUT)
        assert html_data(page, "data-engine-boot") == "normal"
        plain = page.evaluate(PLAY, {"games": GAMES, "steps": 15})
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT)
        page.wait_for_selector(
            "html[data-engine-snapshot=stored]", state="attached", timeout=BOOT_TIMEOUT
        )
        reload_ready(page)
        assert html_data(page, "data-engine-boot") == "snapshot"
        restored = page.evaluate(PLAY, {"games": GAMES, "steps": 15})
        answers = json.loads(plain)
        assert len(answers) >= 36 and all(answer["ok"] for answer in answers)
        assert restored == plain
    finally:
        ctx.close()
