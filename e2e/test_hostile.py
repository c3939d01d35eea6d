"""Hostile input in the browser: the 1,000 mutated links of ``tests/test_hostile.py`` through the
real worker (Pyodide), 25 of them through the page's own routes, and damaged saves.

Every answer must match the engine in this CPython (so a Pyodide-only failure, such as a stack
overflow that kills the interpreter, shows up); the worker must still play a normal game
afterwards; the page must show its friendly error screen with a way back to the lobby, and no
uncaught error may reach it.
"""

from __future__ import annotations

import base64
import json
import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ConsoleLog, engine, link, wait_engine
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.test_hostile import HARMLESS, MUTATIONS, Mutant, base_records, mutants

BLANK = "e2e-hostile.html"
BOOT_SCRIPT = """async () => {
    const { createEngine } = await import("./engine.js");
    window.engine = createEngine({});
    await window.engine.ready;
}"""
# one request after another through engine.call; only what the test compares comes back
BULK_SCRIPT = """async (links) => {
    const out = [];
    for (const link of links) {
        let answer;
        try {
            answer = await window.engine.call({ cmd: "start", link });
        } catch (error) {
            out.push({ rejected: String(error && error.message || error) });
            continue;
        }
        const text = JSON.stringify(answer);
        out.push({
            ok: answer.ok, kind: answer.kind ?? null, error: answer.error ?? null,
            traceback: text.includes("Traceback"), detail: answer.detail ?? null,
        });
        if (answer.ok) await window.engine.call({ cmd: "close", session: answer.session });
    }
    return out;
}"""
CHUNK = 250
LINKS = 1000  # every mutant of tests/test_hostile.py, whatever the unit run samples
UI_COUNT = 25
ROUTED = re.compile(r"^#g=|[#&]g=")  # the hashes web/app.js opens as a game link
TABLE = "[data-testid=table], [data-testid=privacy-screen]"


def cpython(request: dict[str, Any]) -> dict[str, Any]:
    """The same request answered by the engine in this CPython (sessions closed again)."""
    answer = engine(**request)
    if answer.get("session"):
        engine(cmd="close", session=answer["session"])
    return answer


def as_hash(mutant: Mutant) -> str:
    """The mutant as an address fragment the page may be opened with: its own fragment when it
    has one, else its text (JSON and the like) carried as ``#g=``."""
    link = mutant.link
    if link.startswith("#"):
        return link
    if "#" in link:
        return "#" + link.split("#", 1)[1]
    if link.startswith("g="):
        return "#" + link
    raw = link.encode("utf-8")
    return "#g=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# ------------------------------------------------------------------------- the worker alone


@pytest.fixture(scope="module")
def shared_context(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[BrowserContext]:
    """One browser context for the module: its second page boots Pyodide from the cache."""
    context = browser.new_context(**browser_context_args)
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    yield context
    context.close()


@pytest.fixture(scope="module")
def engine_page(shared_context: BrowserContext, base_url: str) -> Iterator[Page]:
    """A blank page of the site with a booted engine as ``window.engine`` (no UI)."""
    page = shared_context.new_page()
    page.set_default_timeout(120_000)

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>h</title>")

    page.route(base_url + BLANK, fulfill)
    page.goto(base_url + BLANK)
    page.evaluate(BOOT_SCRIPT)
    yield page
    page.close()


def test_1000_mutated_links_through_the_worker(
    engine_page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    page = engine_page
    links = [m.link for m in mutants(LINKS)]
    started = time.monotonic()
    answers: list[dict[str, Any]] = []
    for i in range(0, len(links), CHUNK):
        answers += page.evaluate(BULK_SCRIPT, links[i : i + CHUNK])
    seconds = time.monotonic() - started
    with capsys.disabled():
        print(f"\n[e2e] {len(links)} mutated links through the worker in {seconds:.1f} s")
    assert len(answers) == len(links) == LINKS
    seen: Counter[tuple[str, bool]] = Counter()
    for mutant, answer in zip(mutants(LINKS), answers, strict=True):
        where = f"{mutant.kind}: {mutant.link[:120]!r} -> {answer}"
        assert "rejected" not in answer, where  # the worker died
        assert answer["kind"] != "EngineError" and not answer["traceback"], where
        expected = cpython({"cmd": "start", "link": mutant.link})
        assert answer["ok"] == expected["ok"], where
        if not answer["ok"]:
            assert answer["error"]["en"].strip() and answer["error"]["ja"].strip(), where
            assert answer["error"] == expected["error"], where
            assert answer["kind"] == expected["kind"], where
        seen[(mutant.kind, answer["ok"])] += 1
    for kind in {m.kind for m in mutants(LINKS)} - HARMLESS:
        assert seen[(kind, False)], kind
    # no uncaught page error either: the console oracle (conftest.py) checks it

    # still alive: a normal game starts and plays
    record = base_records()[0] | {"actions": []}
    record["seats"] = [{"name": f"P{i}", "kind": "human"} for i in range(record["players"])]
    start = page.evaluate("(r) => window.engine.call({cmd: 'start', record: r})", record)
    assert start["ok"] is True and start["ply"] == 0
    seat = start["to_move"][0]
    view = page.evaluate(
        "(r) => window.engine.call(r)", {"cmd": "view", "session": start["session"], "seat": seat}
    )
    act = page.evaluate(
        "(r) => window.engine.call(r)",
        {"cmd": "act", "session": start["session"], "seat": seat, "action": view["moves"][0]["a"]},
    )
    assert act["ok"] is True and act["ply"] == 1


# ------------------------------------------------------------------------- the page


class AppPage:
    """The site's page with its engine ready; :attr:`errors`, the console errors, uncaught errors
    and CSP violations the console oracle (conftest.py) recorded that no test has checked yet
    (web/app.js's crashed() logs every error it catches)."""

    def __init__(self, page: Page, console_log: ConsoleLog) -> None:
        self.page = page
        self.console_log = console_log

    @property
    def errors(self) -> list[str]:
        """The oracle's entries since its last check (left for it to check too)."""
        return self.console_log.pending()

    def go(self, hash_: str) -> str:
        """Open the address ``hash_`` of the site; returns ``location.hash`` as the page has it
        (the browser percent-encodes what an address may not hold)."""
        url = self.page.url.split("#", 1)[0] + hash_
        self.page.goto(url)
        return str(self.page.evaluate("location.hash"))

    def lobby(self) -> None:
        """Show the lobby afresh (it reads the saves when it is drawn)."""
        if self.go("#/") == "#/":
            self.page.evaluate("window.dispatchEvent(new HashChangeEvent('hashchange'))")
        expect(self.page.get_by_test_id("lobby")).to_be_visible()


@pytest.fixture(scope="module")
def app(
    shared_context: BrowserContext, base_url: str, console_log: ConsoleLog
) -> Iterator[AppPage]:
    page = shared_context.new_page()
    page.set_default_timeout(60_000)
    app = AppPage(page, console_log)
    page.goto(base_url)
    wait_engine(page)
    yield app
    page.close()


def ui_cases() -> list[tuple[str, Mutant, str]]:
    """25 mutants the page should refuse, each kind of damage at least once: (route, mutant,
    hash); the last five go to the replay viewer (``#/replay&g=...``)."""
    picked: list[tuple[str, Mutant, str]] = []
    kinds: Counter[str] = Counter()
    for mutant in mutants(LINKS):
        hash_ = as_hash(mutant)
        if not ROUTED.search(hash_) or cpython({"cmd": "start", "link": hash_})["ok"]:
            continue
        if kinds[mutant.kind] >= (1 if len(picked) < 20 else 2):
            continue
        kinds[mutant.kind] += 1
        picked.append(("game", mutant, hash_))
        if len(picked) == UI_COUNT:
            break
    out = picked[:20]
    for _, mutant, hash_ in picked[20:]:
        part = next(p for p in re.split("[#&]", hash_) if p.startswith("g="))
        out.append(("replay", mutant, f"#/replay&{part}&ply=2"))
    return out


def test_mutated_links_open_a_friendly_error_page(app: AppPage) -> None:
    page = app.page
    cases = ui_cases()
    assert len(cases) == UI_COUNT
    assert len({m.kind for r, m, _ in cases if r == "game"}) == len(MUTATIONS) - len(HARMLESS)
    for n, (route, mutant, hash_) in enumerate(cases):
        where = f"{mutant.kind}: {hash_[:120]!r}"
        seen = app.go(hash_)
        if route == "game":
            expected = cpython({"cmd": "start", "link": seen})
        else:
            part = next(p for p in seen.split("&") if p.startswith("g="))
            expected = cpython({"cmd": "replay", "link": part})  # the viewer's first request
        assert expected["ok"] is False, where
        error = page.get_by_test_id("link-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("This game link could not be opened.")
        expect(page.get_by_test_id("error-message")).to_have_text(expected["error"]["en"])
        if n % 8 == 0:  # in Japanese too
            page.get_by_test_id("lang-ja").click()
            expect(page.get_by_test_id("error-message")).to_have_text(expected["error"]["ja"])
            page.get_by_test_id("lang-en").click()
        back = page.get_by_test_id("back-lobby")
        expect(back).to_be_visible()
        back.click()  # the way back
        expect(page.get_by_test_id("lobby")).to_be_visible()
        assert app.errors == [], where
    # nothing was saved from a link that did not open
    assert (
        page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('pygames.save'))") == []
    )


# ------------------------------------------------------------------------- damaged saves


def put(page: Page, store: str, entries: dict[str, Any]) -> None:
    """Write storage entries (values that are not strings as JSON)."""
    page.evaluate(
        "([store, entries]) => Object.entries(entries).forEach(([k, v]) => "
        "window[store].setItem(k, v))",
        [store, {k: v if isinstance(v, str) else json.dumps(v) for k, v in entries.items()}],
    )


def clear_storage(page: Page) -> None:
    page.evaluate("localStorage.clear(); sessionStorage.clear();")
    page.evaluate("localStorage.setItem('pygames.speed', 'instant')")


def marie_record(actions: int = 0) -> dict[str, Any]:
    """A real Marie's Table game between people, cut after ``actions`` actions."""
    record = base_records()[0]
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(record["players"])]
    return record | {"seats": seats, "actions": record["actions"][:actions]}


def save_entry(entry_id: str, record_fragment: str, players: int) -> dict[str, Any]:
    """A game in progress as web/ui/saves.js keeps it."""
    now = int(time.time() * 1000)
    return {
        "v": 1,
        "id": entry_id,
        "game": "marie",
        "players": players,
        "names": [f"P{i + 1}" for i in range(players)],
        "kinds": ["human"] * players,
        "created": now - 60_000,
        "updated": now,
        "ply": 1,
        "round": {"n": 1, "of": 6},
        "save": record_fragment,
    }


def test_damaged_saves_recover(app: AppPage) -> None:
    """What e2e/test_app.py does not cover: a game's address (``#play/<id>``) whose save was
    damaged or tampered with, an id this device does not keep, and a finished game whose
    record was damaged. The game is reached through the page's routes, as a reload does,
    without booting the engine again."""
    page = app.page
    app.lobby()
    clear_storage(page)
    record = marie_record(0)
    players = record["players"]

    # 1. the save is not JSON any more: not a game of this device; the lobby offers to remove it
    put(page, "localStorage", {"pygames.save.tab1": "{damaged"})
    app.go("#play/tab1")
    expect(page.get_by_test_id("game-not-here")).to_be_visible()
    app.lobby()
    expect(page.get_by_test_id("saves-damaged")).to_be_visible()
    page.get_by_test_id("remove-damaged").click()
    expect(page.get_by_test_id("saves-damaged")).to_have_count(0)
    expect(page.get_by_test_id("save-item")).to_have_count(0)
    clear_storage(page)

    # 2. the save reads, but its record was tampered with (an action no one may play): said
    #    so, with the way to delete it and the way back
    bad = marie_record(3)
    bad["actions"][2] = bad["actions"][2].split(":")[0] + ":eat77"
    put(page, "localStorage", {"pygames.save.tab2": save_entry("tab2", link(bad)[1:], players)})
    app.go("#play/tab2")
    error = page.get_by_test_id("resume-error")
    expect(error).to_be_visible()
    expect(page.get_by_test_id("error-message")).to_contain_text("action 2")
    expect(error.get_by_test_id("back-lobby")).to_be_visible()
    page.get_by_test_id("delete-broken-save").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page.get_by_test_id("saves")).to_have_count(0)
    clear_storage(page)

    # 3. an id this device does not keep (another device's game, one deleted since)
    app.go("#play/tab3")
    expect(page.get_by_test_id("game-not-here")).to_contain_text("not on this device")
    page.get_by_test_id("back-lobby").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()

    # 4. a finished game whose record was damaged: the replay viewer says so, with a way back
    now = int(time.time() * 1000)
    finished = save_entry("old1", "g=bm90IGEgcmVjb3Jk", players)  # "not a record"
    del finished["save"], finished["updated"], finished["round"]
    finished |= {"record": "g=bm90IGEgcmVjb3Jk", "finished": now, "scores": [], "winners": []}
    put(page, "localStorage", {"pygames.done.old1": finished})
    app.lobby()
    page.get_by_test_id("finished-replay").click()
    expect(page.get_by_test_id("link-error")).to_be_visible()
    expect(page.get_by_test_id("error-message")).to_have_text("The link is damaged.")
    page.get_by_test_id("back-lobby").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    clear_storage(page)
    assert app.errors == []
