"""The engine in the browser: web/engine.js + web/worker.js + Pyodide answer as CPython does.

These tests use only ``engine.js`` on a blank page of the site (no UI), boot the engine once per
module and talk to it with ``engine.call(request)``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import engine as cpython_engine
from conftest import record_of, simulate
from playwright.sync_api import Browser, Page, Route

# the engine boots as on a new device (a normal start: its progress stages are checked)
pytestmark = pytest.mark.fresh_profile

BLANK = "e2e-engine.html"
BOOT_SCRIPT = """async () => {
    const t0 = performance.now();
    const { createEngine } = await import("./engine.js");
    const events = [];
    window.engine = createEngine({ onProgress: (m) => events.push(m) });
    await window.engine.ready;
    return { ms: performance.now() - t0, events };
}"""
FAIL_SCRIPT = """async () => {
    const { createEngine } = await import("./engine.js");
    const events = [];
    const engine = createEngine({ onProgress: (m) => events.push(m) });
    const ready = await engine.ready.then(() => "ready", (e) => e.error);
    const call = await engine.call({ cmd: "catalog" }).then(() => "answered", (e) => e.error);
    return { ready, call, events };
}"""
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def blank_page(page: Page, base_url: str) -> None:
    """Open an empty document of the site (no UI), so only engine.js runs."""

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>e</title>")

    page.route(base_url + BLANK, fulfill)
    page.goto(base_url + BLANK)


@pytest.fixture(scope="module")
def engine(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str
) -> Iterator[tuple[Page, dict[str, Any]]]:
    """A page with a booted engine as ``window.engine``; also the boot time and progress."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    page.set_default_timeout(90_000)
    blank_page(page, base_url)
    boot: dict[str, Any] = page.evaluate(BOOT_SCRIPT)
    yield page, boot
    context.close()


def call(page: Page, request: dict[str, Any]) -> dict[str, Any]:
    """Send one request through ``engine.call`` and return the answer."""
    answer: dict[str, Any] = page.evaluate("(request) => window.engine.call(request)", request)
    return answer


def cpython(request: dict[str, Any]) -> dict[str, Any]:
    """The same request answered by the engine in this CPython."""
    return cpython_engine(**request)


def simulated_record() -> dict[str, Any]:
    """A finished bot game from ``python -m pygames simulate`` (seed 7, four mixed bots)."""
    return simulate("marie", 4, 7, "normal,random,easy,random")


def test_boot_reports_progress(
    engine: tuple[Page, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    _, boot = engine
    with capsys.disabled():
        print(f"\n[e2e] engine boot in Chromium (Pyodide + wheels): {boot['ms'] / 1000:.2f} s")
    stages = [event["stage"] for event in boot["events"] if event["type"] == "progress"]
    assert stages[0] == "download" and stages[-1] == "ready"
    order = ["download", "start", "install", "ready"]
    assert [s for s in order if s in stages] == order
    assert [order.index(s) for s in stages] == sorted(order.index(s) for s in stages)
    pcts = [event["pct"] for event in boot["events"]]
    assert pcts == sorted(pcts) and pcts[-1] == 100


def test_catalog_matches_static_file(engine: tuple[Page, dict[str, Any]], dist_dir: Path) -> None:
    page, _ = engine
    answer = call(page, {"cmd": "catalog"})
    assert answer["ok"] is True
    assert "marie" in [game["id"] for game in answer["games"]]
    static = json.loads((dist_dir / "catalog.json").read_text(encoding="utf-8"))
    assert answer["games"] == static["games"]


def test_replay_gives_the_cpython_result(engine: tuple[Page, dict[str, Any]]) -> None:
    page, _ = engine
    simulated = simulated_record()
    record = record_of(simulated)
    request = {"cmd": "start", "record": record, "seat": None}
    browser_answer = call(page, request)
    cpython_answer = cpython(request)
    assert browser_answer["ok"] is True and browser_answer["over"] is True
    result = browser_answer["result"]
    assert result["scores"] == simulated["scores"]
    assert result["winners"] == simulated["winners"]
    assert result["tie_break"] == simulated["tie_break"]
    assert result == cpython_answer["result"]
    session = browser_answer.pop("session")
    del cpython_answer["session"]
    # the worker keeps the record of the session (`save`); the page gets at most its number
    assert "save" not in browser_answer
    browser_answer.pop("keep", None)
    assert cpython_answer.pop("save")
    assert browser_answer == cpython_answer  # views, share link and record too
    assert call(page, {"cmd": "close", "session": session})["ok"] is True


def human_game(seats: str = "human") -> dict[str, Any]:
    """A fresh four-player Marie's Table record, all seats ``human`` or all ``bot``."""
    return {
        "v": 1,
        "game": "marie",
        "players": 4,
        "seed": 7,
        "options": {},
        "seats": [{"name": f"P{i}", "kind": seats, "level": "normal"} for i in range(4)],
        "actions": [],
    }


def test_illegal_action_is_refused_in_both_languages(engine: tuple[Page, dict[str, Any]]) -> None:
    page, _ = engine
    start = call(page, {"cmd": "start", "record": human_game(), "seat": 0})
    seat = start["to_move"][0]
    before = call(page, {"cmd": "view", "session": start["session"], "seat": seat})
    offered = [m["a"] for m in before["moves"]]
    assert offered, "the seat to move has legal moves"
    illegal = "eat77" if "eat77" not in offered else "take9"
    answer = call(
        page, {"cmd": "act", "session": start["session"], "seat": seat, "action": illegal}
    )
    assert answer["ok"] is False
    assert answer["error"]["en"] and not JAPANESE.search(answer["error"]["en"])
    assert JAPANESE.search(answer["error"]["ja"])
    after = call(page, {"cmd": "view", "session": start["session"], "seat": seat})
    assert after["ply"] == before["ply"]
    assert after["moves"] == before["moves"]
    legal = call(
        page,
        {"cmd": "act", "session": start["session"], "seat": seat, "action": offered[0]},
    )
    assert legal["ok"] is True and legal["ply"] == before["ply"] + 1


def test_bot_moves(engine: tuple[Page, dict[str, Any]]) -> None:
    page, _ = engine
    start = call(page, {"cmd": "start", "record": human_game("bot"), "seat": None})
    session, seat = start["session"], start["to_move"][0]
    seen = call(page, {"cmd": "view", "session": session, "seat": seat})
    legal = [m["a"] for m in seen["moves"]]
    answer = call(page, {"cmd": "bot", "session": session, "seat": seat, "view_seat": None})
    assert answer["ok"] is True
    assert answer["actor"] == seat and answer["action"] in legal
    assert answer["ply"] == start["ply"] + 1
    assert answer["moves"] == [] and answer["choices"] == []  # a spectator's snapshot


def test_failed_boot_rejects_ready_and_calls(browser: Browser, base_url: str) -> None:
    """Without build.json the worker reports failure in both languages; calls reject."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.route(base_url + "build.json", lambda route: route.fulfill(status=404, body="gone"))
    blank_page(page, base_url)
    outcome = page.evaluate(FAIL_SCRIPT)
    context.close()
    assert outcome["ready"]["en"] and JAPANESE.search(outcome["ready"]["ja"])
    assert outcome["call"] == outcome["ready"]
    failed = [event for event in outcome["events"] if event["type"] == "failed"]
    assert len(failed) == 1 and "build.json" in failed[0]["detail"]
