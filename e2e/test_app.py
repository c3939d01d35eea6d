"""The site as an app on a tablet: offline after one visit, games saved and resumed, the replay
viewer, undo, settings, a new version offered, and the site served under a sub-path."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    PLAY_ADDRESS,
    RECORD_KEYS,
    SUB_PATH,
    Served,
    cpython_bridge,
    current_record,
    engine,
    link,
    switch_lang,
    unlink,
    wait_engine,
    wait_true,
)
from conftest import simulate as simulate_game
from conftest import wait_turn as shared_wait_turn
from playwright.sync_api import Browser, BrowserContext, Page, expect
from policies import marie_act as act

from pygames.web import LOG_WINDOW

INSTANT = "localStorage.setItem('pygames.speed', 'instant');"


# ------------------------------------------------------------------------------------ helpers


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots move at once (no pacing) so whole games fit in a test."""
    context.add_init_script(INSTANT)
    return context


@pytest.fixture
def shared(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage); bots move at once."""
    warm_page.evaluate(INSTANT)
    return warm_page


def fragment(record: dict[str, Any]) -> str:
    """``g=`` + base64url of the JSON record (a link without its ``#``)."""
    return link(record)[1:]


def simulate(
    seed: int, players: int = 4, bots: str = "normal,normal,random,easy"
) -> dict[str, Any]:
    """A finished game from the command line: the record plus its scores and winners."""
    return simulate_game("marie", players, seed, bots)


def record_of(line: dict[str, Any], names: list[str] | None = None) -> dict[str, Any]:
    record = {key: line[key] for key in RECORD_KEYS}
    if names:
        record["seats"] = [
            {**seat, "name": name} for seat, name in zip(record["seats"], names, strict=True)
        ]
    return record


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def wait_turn(page: Page) -> str:
    """Wait (up to a minute) until a human must act, the privacy screen is up, or the game is
    over."""
    return shared_wait_turn(page, 60_000)


def play_to_end(page: Page, steps: int = 400) -> None:
    for _ in range(steps):
        phase = wait_turn(page)
        if phase == "over":
            return
        if phase == "pass":
            page.get_by_test_id("privacy-continue").click()
        else:
            act(page, phase)
    raise AssertionError("the game did not end")


def setup_game(page: Page, players: int, humans: list[int], seed: int) -> None:
    """Fill the setup page (already open) and start the game."""
    expect(page.get_by_test_id("start-game")).to_be_visible(timeout=30_000)
    page.get_by_test_id(f"players-{players}").click()
    for seat in range(players):
        kind = "human" if seat in humans else "bot"
        page.get_by_test_id(f"seat-kind-{seat}-{kind}").click()
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("opt-elder").select_option("0")
    page.get_by_test_id("start-game").click()
    expect(table(page)).to_be_visible(timeout=90_000)


def ply(page: Page) -> int:
    return int(str(table(page).get_attribute("data-ply")))


def stored(page: Page, prefix: str) -> dict[str, Any]:
    """The localStorage entries whose keys start with ``prefix``, parsed."""
    raw: dict[str, str] = page.evaluate(
        """(prefix) => Object.fromEntries(Object.keys(localStorage)
            .filter((k) => k.startsWith(prefix)).map((k) => [k, localStorage.getItem(k)]))""",
        prefix,
    )
    return {key: json.loads(value) for key, value in raw.items()}


def put(page: Page, entries: dict[str, Any]) -> None:
    """Write localStorage entries (values that are not strings as JSON)."""
    page.evaluate(
        "(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))",
        {k: v if isinstance(v, str) else json.dumps(v) for k, v in entries.items()},
    )


def finished_entry(entry_id: str, line: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """A finished game as the page keeps it (ui/saves.js)."""
    now = int(time.time() * 1000)
    return {
        "v": 1,
        "id": entry_id,
        "game": "marie",
        "players": record["players"],
        "names": [s["name"] for s in record["seats"]],
        "kinds": [s["kind"] for s in record["seats"]],
        "created": now - 1_500_000,
        "finished": now - 600_000,
        "ply": len(record["actions"]),
        "record": fragment(record),
        "scores": line["scores"],
        "winners": line["winners"],
    }


def save_entry(entry_id: str, record: dict[str, Any], minutes_ago: int = 5) -> dict[str, Any]:
    """A game in progress as the page keeps it, from a record cut short."""
    snap = engine(cmd="start", record=record)
    now = int(time.time() * 1000)
    return {
        "v": 1,
        "id": entry_id,
        "game": "marie",
        "players": record["players"],
        "names": [s["name"] for s in record["seats"]],
        "kinds": [s["kind"] for s in record["seats"]],
        "created": now - minutes_ago * 60_000 - 600_000,
        "updated": now - minutes_ago * 60_000,
        "ply": snap["ply"],
        "round": {"n": snap["view"]["round"], "of": snap["view"]["rounds"]},
        "save": snap["save"],
    }


DEFAULT_NAMES = {"en": ("Player {0}", "Bot {0}"), "ja": ("プレイヤー{0}", "ボット{0}")}


def shown_name(name: str, seat: int, lang: str) -> str:
    """A seat's name as the page shows it in ``lang``: a default name follows the language."""
    for kind in range(2):
        if name in (DEFAULT_NAMES[other][kind].format(seat + 1) for other in DEFAULT_NAMES):
            return DEFAULT_NAMES[lang][kind].format(seat + 1)
    return name


def named(entries: list[dict[str, Any]], record: dict[str, Any], lang: str = "en") -> list[str]:
    """Log entries as the page shows them: the seats' names in place of {0}, {1}... (a default
    name, "Player 2" or "ボット3" of its seat, in the language of the page: issue 24)"""
    names = [shown_name(s["name"], i, lang) for i, s in enumerate(record["seats"])]
    out = []
    for entry in entries:
        text = entry["text"][lang]
        for i, s in enumerate(entry["seats"]):
            text = text.replace("{" + str(i) + "}", names[s])
        out.append(text)
    return out


def log_texts(record: dict[str, Any], at: int) -> list[str]:
    """The spectator's whole log after ``at`` actions, read page by page as the replay viewer
    reads it (an answer carries only the newest lines), names filled in (English)."""
    entries: list[dict[str, Any]] = []
    while True:
        page = engine(cmd="log", record=record, ply=at, **{"from": len(entries)})
        entries += page["log"]
        if not page["log"] or len(entries) >= page["total"]:
            return named(entries, record)


def panel_log(page: Page) -> list[str]:
    """The lines of the table's log panel."""
    return [t.strip() for t in page.locator("[data-testid=log] li").all_text_contents()]


def engine_log(record: dict[str, Any], seat: int | None, lang: str = "en") -> list[str]:
    """The whole log of ``record`` as the engine keeps it for ``seat``, names filled in."""
    snap = engine(cmd="start", record=record, seat=seat)
    log = cpython_bridge().sessions[snap["session"]].state.view(seat)["log"]
    engine(cmd="close", session=snap["session"])
    return named(log, record, lang)


def check_panel(page: Page, record: dict[str, Any], seat: int | None, lang: str = "en") -> None:
    """The table's log panel is the newest lines of ``seat``'s log: all of them, or (the page
    having been given only the newest lines, for another seat or a long game) at least the
    newest window of them."""
    panel = panel_log(page)
    full = engine_log(record, seat, lang)
    assert len(panel) >= min(len(full), LOG_WINDOW), (seat, len(panel), len(full))
    assert panel == full[len(full) - len(panel) :], seat


def saved_record(page: Page) -> dict[str, Any]:
    """The whole record of the game in progress, from the engine worker's vault."""
    return current_record(page)


def check_replay_log(page: Page, record: dict[str, Any], at: int) -> None:
    """The viewer shows the position after ``at`` actions and its log is the engine's."""
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-ply", str(at))
    expect(viewer).to_have_attribute("data-loading", "no")
    past = page.locator("[data-testid=log] li[data-state=past]")
    expect(past).to_have_count(len(log_texts(record, at)))
    assert [t.strip() for t in past.all_text_contents()] == log_texts(record, at)
    total = len(record["actions"])
    expect(page.get_by_test_id("replay-position")).to_have_text(
        f"After move {at} of {total}" if at else f"Before move 1 of {total}"
    )


# ------------------------------------------------------------------------------- offline


@pytest.mark.service_worker
def test_offline_after_one_visit(
    browser: Browser,
    browser_context_args: dict[str, Any],
    serve_site: Callable[..., Served],
    shot: Callable[..., Any],
) -> None:
    served = serve_site()
    ctx = browser.new_context(**browser_context_args)
    ctx.add_init_script(INSTANT)
    try:
        page = ctx.new_page()
        page.goto(served.url)
        wait_engine(page)
        # the service worker has stored the whole site and controls the page
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)
        expect(page.get_by_test_id("offline-ready")).to_be_visible()
        wait_true(page, "navigator.serviceWorker.controller !== null")
        # installable: a manifest with an SVG icon, PNG icons and a maskable one, all loading
        manifest_url = page.evaluate("document.querySelector('link[rel=manifest]').href")
        manifest = page.evaluate("(u) => fetch(u).then((r) => r.json())", manifest_url)
        assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
        icons = manifest["icons"]
        assert {"192x192", "512x512"} <= {i["sizes"] for i in icons}
        assert any(i.get("purpose") == "maskable" for i in icons)
        assert any(i["type"] == "image/svg+xml" for i in icons)
        for icon in icons:
            kind = page.evaluate(
                "([src, base]) => fetch(new URL(src, base)).then((r) => r.ok && "
                "r.headers.get('content-type'))",
                [icon["src"], manifest_url],
            )
            assert kind == icon["type"], icon

        # the network goes away: the server stops, the browser is offline, requests fail
        served.stop()
        aborted: list[str] = []
        ctx.route("**/*", lambda route: (aborted.append(route.request.url), route.abort()))
        ctx.set_offline(True)
        page.reload()
        wait_engine(page)
        expect(page.get_by_test_id("lobby")).to_be_visible()
        expect(page.get_by_test_id("game-marie")).to_be_visible()
        page.get_by_test_id("play-marie").click()
        setup_game(page, 4, [0], seed=5)
        play_to_end(page)
        expect(page.get_by_test_id("end-screen")).to_be_visible()
        for seat in range(4):
            expect(page.get_by_test_id(f"final-score-{seat}")).to_be_visible()
        # the finished game went to the history; its replay works offline too
        page.get_by_test_id("watch-replay").click()
        expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", "0")
        page.get_by_test_id("replay-forward").click()
        expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", "1")
        page.get_by_test_id("back-lobby").click()
        expect(page.get_by_test_id("finished-item")).to_have_count(1)
        expect(page.get_by_test_id("save-item")).to_have_count(0)
        # nothing needed the network (the browser may look for a new sw.js: it finds none)
        assert [url for url in aborted if not url.endswith("/sw.js")] == []
    finally:
        ctx.close()


@pytest.mark.service_worker
def test_new_version_is_offered(
    browser: Browser,
    browser_context_args: dict[str, Any],
    serve_site: Callable[..., Served],
    dist_dir: Path,
    tmp_path: Path,
    shot: Callable[..., Any],
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    sw = (site / "sw.js").read_text("utf-8")
    served = serve_site(site)
    ctx = browser.new_context(**browser_context_args)
    try:
        page = ctx.new_page()
        page.goto(served.url)
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=90_000)
        wait_true(page, "navigator.serviceWorker.controller !== null")
        old = page.evaluate("caches.keys()")
        assert len(old) == 1 and old[0].startswith("pygames-")
        expect(page.get_by_test_id("update-banner")).to_have_count(0)
        # a new build: another version in sw.js
        marker = '"version":"'
        start = sw.index(marker) + len(marker)
        (site / "sw.js").write_text(sw[:start] + "new" + sw[start + 3 :], "utf-8")
        # ask for the update without waiting on its promise (the banner below is the check)
        page.evaluate(
            "navigator.serviceWorker.getRegistration()"
            ".then((r) => { r.update().catch(() => {}); return true; })"
        )
        banner = page.get_by_test_id("update-banner")
        expect(banner).to_be_visible(timeout=60_000)
        expect(banner).to_contain_text("A new version is ready.")
        shot(page, "update-banner")
        page.evaluate("window.__before_reload = true")
        page.get_by_test_id("update-reload").click()
        wait_true(page, "window.__before_reload === undefined", timeout=30_000)
        expect(page.get_by_test_id("lobby")).to_be_visible()
        # the old version's cache is gone
        wait_true(page, "caches.keys().then((k) => k.length === 1)")
        keys = page.evaluate("caches.keys()")
        assert keys != old and keys[0].startswith("pygames-new")
    finally:
        ctx.close()


# ------------------------------------------------------------------------------- resume


def test_reload_mid_turn_resumes_the_same_position(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}#/setup/marie")
    setup_game(page, 4, [0], seed=2)
    saves = stored(page, "pygames.save.")
    assert len(saves) == 1  # saved from the first position on
    # play until the human drafts in round 2, last: the bots' picks before are secret; the
    # address bar names the game only, the vault has them
    for _ in range(80):
        phase = wait_turn(page)
        if phase == "draft" and page.get_by_test_id("round").inner_text() == "Round 2 of 5":
            break
        act(page, phase)
    else:  # pragma: no cover
        raise AssertionError("never drafted in round 2")
    at = ply(page)
    hand = page.get_by_test_id("hand-card").evaluate_all("els => els.map((e) => e.dataset.card)")
    page.get_by_test_id("hand-card").first.click()  # mid-turn: one card chosen, not confirmed
    log_lines = page.get_by_test_id("log").locator("li").count()
    assert PLAY_ADDRESS.fullmatch(str(page.evaluate("location.hash")))
    (entry,) = stored(page, "pygames.save.").values()
    assert entry["ply"] == at and entry["round"] == {"n": 2, "of": 5}
    assert "save" not in entry  # the record is in the vault only
    assert len(current_record(page)["actions"]) == at

    page.reload()
    assert wait_turn(page) == "draft"
    assert ply(page) == at
    expect(page.get_by_test_id("round")).to_have_text("Round 2 of 5")
    expect(page.get_by_test_id("log").locator("li")).to_have_count(log_lines)
    cards = page.get_by_test_id("hand-card")
    assert cards.evaluate_all("els => els.map((e) => e.dataset.card)") == hand
    act(page, "draft")
    wait_turn(page)
    assert ply(page) > at
    assert len(stored(page, "pygames.save.")) == 1  # the same save goes on


def test_simultaneous_vote_survives_a_reload_and_a_closed_tab(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}#/setup/marie")
    setup_game(page, 3, [0, 1, 2], seed=11)
    voter = None
    for _ in range(60):
        phase = wait_turn(page)
        if phase == "pass":
            page.get_by_test_id("privacy-continue").click()
        elif phase == "vote":
            voter = int(str(table(page).get_attribute("data-viewer")))
            act(page, "vote")
            break
        else:
            act(page, phase)
    assert voter is not None
    # the first vote is in; the tablet goes to the next voter
    assert wait_turn(page) == "pass"
    nxt = page.get_by_test_id("privacy-screen").get_attribute("data-seat-name")
    at = ply(page)
    assert current_record(page)["actions"][-1] == f"{voter}:down"

    page.reload()
    assert wait_turn(page) == "pass"
    expect(page.get_by_test_id("privacy-screen")).to_have_attribute("data-seat-name", str(nxt))
    assert ply(page) == at
    expect(table(page)).to_have_attribute("data-phase", "vote")
    expect(page.get_by_test_id(f"seat-{voter}").locator("[data-vote=voted]")).to_have_count(1)

    # the tab is closed: the lobby of a new one offers the game, which goes on from there
    page.close()
    again = context.new_page()
    again.goto(base_url)
    item = again.get_by_test_id("save-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Marie's Table")
    expect(item.get_by_test_id("save-meta")).to_contain_text("Round 1 of 6")
    expect(item.get_by_test_id("save-meta")).to_contain_text(f"move {at}")
    for name in ("Player 1", "Player 2", "Player 3"):
        expect(item).to_contain_text(name)
    item.get_by_test_id("save-continue").click()
    assert wait_turn(again) == "pass"
    expect(again.get_by_test_id("privacy-screen")).to_have_attribute("data-seat-name", str(nxt))
    again.get_by_test_id("privacy-continue").click()
    assert wait_turn(again) == "vote"
    viewer = int(str(table(again).get_attribute("data-viewer")))
    assert viewer != voter
    expect(again.get_by_test_id(f"seat-{voter}").locator("[data-vote=voted]")).to_have_count(1)
    expect(again.get_by_test_id(f"seat-{viewer}").locator("[data-vote=waiting]")).to_have_count(1)
    # the two other votes; then all three show
    for _ in range(2):
        act(again, "vote")
        if wait_turn(again) == "pass":
            again.get_by_test_id("privacy-continue").click()
    expect(again.locator("[data-vote=down]")).to_have_count(3)


def test_damaged_saves_are_reported_and_skipped(
    page: Page, base_url: str, wait_engine: Callable[..., None]
) -> None:
    page.goto(base_url)
    expect(page.get_by_test_id("lobby")).to_be_visible()
    good = save_entry(
        "good1",
        record_of(simulate(4), ["Aya", "Ben", "Chie", "Dai"]) | {"actions": []},
    )
    unreadable = dict(good, id="bad1", save="g=bm90IGEgcmVjb3Jk")  # "not a record"
    put(
        page,
        {
            "pygames.save.broken": "{this is not json",
            "pygames.save.foreign": dict(good, id="foreign", game="chess"),
            "pygames.done.old": {"v": 99, "id": "old"},
            "pygames.save.good1": good,
            "pygames.save.bad1": unreadable,
        },
    )
    page.reload()
    expect(page.get_by_test_id("game-list")).to_contain_text("Marie's Table")
    notice = page.get_by_test_id("saves-damaged")
    expect(notice).to_have_text("3 saved games could not be read and were skipped.Remove them")
    expect(page.get_by_test_id("save-item")).to_have_count(2)
    # Japanese too
    page.get_by_test_id("lang-ja").click()
    expect(notice).to_contain_text("保存されたゲーム3件が読み込めなかった")
    page.get_by_test_id("lang-en").click()

    # the one whose record the engine refuses: said so, never fatal, and it can be deleted
    wait_engine(page)
    page.locator("[data-save-id=bad1]").get_by_test_id("save-continue").click()
    error = page.get_by_test_id("resume-error")
    expect(error).to_be_visible(timeout=30_000)
    expect(error).to_contain_text("This saved game could not be opened.")
    page.get_by_test_id("delete-broken-save").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page.get_by_test_id("save-item")).to_have_count(1)

    # deleting asks first
    item = page.locator("[data-save-id=good1]")
    item.get_by_test_id("save-delete").click()
    page.get_by_test_id("confirm-no").click()
    expect(item).to_be_visible()
    page.get_by_test_id("remove-damaged").click()
    expect(page.get_by_test_id("saves-damaged")).to_have_count(0)
    kept = set(stored(page, "pygames.save.")) | set(stored(page, "pygames.done."))
    assert kept == {"pygames.save.good1"}
    item.get_by_test_id("save-delete").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("saves")).to_have_count(0)
    assert stored(page, "pygames.save.") == {}


# ------------------------------------------------------------------------------- replay


def test_replay_viewer_steps_through_a_finished_game(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    line = simulate(3)
    record = record_of(line, ["Aya", "Bot Ben", "Bot Chie", "Bot Dai"])
    total = len(record["actions"])
    page.goto(base_url)
    put(page, {"pygames.done.cli3": finished_entry("cli3", line, record)})
    page.reload()
    item = page.get_by_test_id("finished-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Aya")
    item.get_by_test_id("finished-replay").click()
    expect(page).to_have_url(f"{base_url}#/replay/cli3")
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-total", str(total), timeout=90_000)
    expect(viewer).to_have_attribute("data-finished", "yes")
    check_replay_log(page, record, 0)
    expect(page.get_by_test_id("replay-first")).to_be_disabled()
    expect(page.get_by_test_id("replay-back")).to_be_disabled()
    page.evaluate("window.__viewer = document.querySelector('[data-testid=replay]')")

    for at in range(1, 7):
        page.get_by_test_id("replay-forward").click()
        check_replay_log(page, record, at)
    # each position is laid over the one on screen: the viewer's section stays the same node,
    # and the game's drawing offers nothing to play
    assert page.evaluate("window.__viewer === document.querySelector('[data-testid=replay]')")
    expect(viewer.locator("[data-action=move]:enabled")).to_have_count(0)
    for at in (5, 4):
        page.get_by_test_id("replay-back").click()
        check_replay_log(page, record, at)
    page.keyboard.press("ArrowRight")
    check_replay_log(page, record, 5)

    page.get_by_test_id("replay-slider").fill(str(total // 2))
    check_replay_log(page, record, total // 2)
    shot(page, "replay", both=True)

    # a tap on a line of the log goes where it happened
    lines = page.get_by_test_id("log").locator("li")
    future = page.locator("[data-testid=log] li[data-state=future]").first
    index = int(str(future.get_attribute("data-index")))
    target = int(str(future.get_attribute("data-ply"))) + 1
    future.get_by_test_id("log-line").click()
    check_replay_log(page, record, target)
    expect(lines.nth(index)).to_have_attribute("data-state", "past")
    expect(lines.nth(index)).to_have_class("log-item is-past is-current")

    # the game is over: a seat's hand may be revealed (its own draft history shows); the log
    # stays the spectator's
    expect(page.get_by_test_id("history")).to_have_count(0)
    spectator = page.get_by_test_id("replay-perspective").locator("option[value='']")
    expect(spectator).to_have_text("Spectator (hands hidden)")
    page.get_by_test_id("replay-perspective").select_option("0")
    expect(viewer).to_have_attribute("data-perspective", "0")
    expect(page.get_by_test_id("history")).to_be_visible()
    expect(page.get_by_test_id("viewer")).to_have_text("Aya's view")
    check_replay_log(page, record, target)
    page.get_by_test_id("replay-perspective").select_option("")
    expect(viewer).to_have_attribute("data-perspective", "spectator")

    page.get_by_test_id("replay-last").click()
    check_replay_log(page, record, total)
    expect(page.get_by_test_id("replay-end")).to_be_visible()
    for seat in range(4):
        expect(page.get_by_test_id(f"final-score-{seat}")).to_have_attribute(
            "data-score", str(line["scores"][seat])
        )
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    shot(page, "replay-end", both=True)
    # the controls follow the language (the way back stayed English in Japanese)
    expect(page.get_by_test_id("back-lobby")).to_have_text("Back to the lobby")
    switch_lang(page, "ja")
    expect(page.get_by_test_id("back-lobby")).to_have_text("ロビーに戻る")
    switch_lang(page, "en")
    expect(page.get_by_test_id("back-lobby")).to_have_text("Back to the lobby")
    page.get_by_test_id("replay-first").click()
    check_replay_log(page, record, 0)

    # a shared link of a game still running: the public part, no hand revealed
    partial = dict(record, actions=record["actions"][:3])
    page.goto(f"{base_url}#/replay&{fragment(partial)}")
    expect(viewer).to_have_attribute("data-total", "3", timeout=30_000)
    expect(viewer).to_have_attribute("data-finished", "no")
    expect(page.get_by_test_id("replay-perspective")).to_have_count(0)
    page.get_by_test_id("replay-last").click()
    check_replay_log(page, partial, 3)


# ------------------------------------------------------------------------------- routes


def test_routes_and_what_the_setup_page_records(shared: Page, base_url: str) -> None:
    """Each address opens its screen: an unknown one the lobby, an unknown game an error page.
    The setup page records the seat chosen for a game's start-player option (Marie's first elder,
    drawn by Marie's renderer) and leaves a random one out of the record."""
    page = shared
    page.goto(f"{base_url}#/nowhere")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    for screen in ("setup", "rules"):
        page.goto(f"{base_url}#/{screen}/no-such-game")
        expect(page.get_by_test_id("error-page")).to_contain_text(
            "This game is not in the collection."
        )
        page.get_by_test_id("back-lobby").click()
        expect(page.get_by_test_id("lobby")).to_be_visible()

    for elder in ("", "2"):
        page.goto(f"{base_url}#/setup/marie")
        expect(page.get_by_test_id("start-game")).to_be_visible(timeout=30_000)
        page.get_by_test_id("players-5").click()
        page.get_by_test_id("seat-name-0").fill("Aya")
        # the renderer's select names the seats as typed, and follows the number of players
        expect(page.get_by_test_id("opt-elder").locator("option")).to_have_count(6)
        expect(page.get_by_test_id("opt-elder").locator("option").nth(1)).to_have_text("Aya")
        page.get_by_test_id("opt-elder").select_option(elder)
        page.get_by_test_id("seed-fixed").click()
        page.get_by_test_id("seed-input").fill("77")
        page.get_by_test_id("start-game").click()
        expect(table(page)).to_be_visible(timeout=90_000)
        wait_true(page, "location.hash.startsWith('#play/')")
        record = current_record(page)
        # one human: the setup allows hints by default and records it
        assert record["options"] == ({"elder": int(elder)} if elder else {}) | {"hints": True}
        assert record["seed"] == 77 and record["players"] == 5
        assert record["seats"][0] == {"name": "Aya", "kind": "human"}
        assert [seat["kind"] for seat in record["seats"][1:]] == ["bot"] * 4
        if elder:
            expect(page.get_by_test_id(f"elder-{elder}")).to_be_visible()


# ------------------------------------------------------------------------------- undo


def test_undo_is_offered_only_when_the_rule_allows(
    shared: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    page = shared
    page.goto(f"{base_url}#/setup/marie")
    setup_game(page, 4, [0], seed=2)
    undo = page.get_by_test_id("undo")
    seen = set()
    for _ in range(100):
        phase = wait_turn(page)
        if phase == "take":
            break
        # choosing a pile, a pick, a vote followed by the bots' (the last) votes, a decision
        # followed by others': no undo
        expect(undo).to_have_count(0)
        seen.add(phase)
        act(page, phase)
    assert {"pile", "draft", "vote", "decide"} <= seen
    act(page, "take")
    assert wait_turn(page) == "decide"
    # after a take the taker may take it back (nothing was revealed, no one else acted)
    at = ply(page)
    expect(undo).to_be_visible()
    shot(page, "undo", both=True)
    check_panel(page, saved_record(page), 0)
    undo.click()
    assert wait_turn(page) == "take"
    expect(page.get_by_test_id("toast")).to_contain_text("Move taken back.")  # up for 3 s
    assert ply(page) == at - 1
    # the log panel lost the line of the move taken back
    check_panel(page, saved_record(page), 0)
    expect(undo).to_have_count(0)
    act(page, "take")
    assert wait_turn(page) == "decide"
    assert ply(page) == at
    expect(undo).to_be_visible()
    (entry,) = stored(page, "pygames.save.").values()
    assert entry["ply"] == at


def test_the_log_panel_is_the_engine_log_of_the_seat_looking(shared: Page, base_url: str) -> None:
    """The page keeps each seat's log and asks only for new lines: at every turn of a
    pass-and-play game (the seat looking changes) the panel is that seat's whole log, private
    lines included, and after the game the spectator's log, in English and in Japanese."""
    page = shared
    page.goto(f"{base_url}#/setup/marie")
    setup_game(page, 4, [0, 1], seed=5)
    viewers = set()
    for _ in range(400):
        phase = wait_turn(page)
        if phase == "over":
            break
        if phase == "pass":
            page.get_by_test_id("privacy-continue").click()
            continue
        viewer = int(str(table(page).get_attribute("data-viewer")))
        viewers.add(viewer)
        check_panel(page, saved_record(page), viewer)
        act(page, phase)
    else:  # pragma: no cover
        raise AssertionError("the game did not end")
    assert viewers == {0, 1}
    record = unlink(page.evaluate("location.hash"))
    check_panel(page, record, None)
    page.get_by_test_id("lang-ja").click()
    expect(page.get_by_test_id("log")).to_contain_text(engine_log(record, None, "ja")[-1])
    check_panel(page, record, None, "ja")


def test_undo_a_vote_that_is_not_the_last(shared: Page, base_url: str) -> None:
    page = shared
    page.goto(f"{base_url}#/setup/marie")
    setup_game(page, 3, [0, 1, 2], seed=11)
    # choosing a pile is final: the elder goes on drafting, with no undo
    assert wait_turn(page) == "pass"
    page.get_by_test_id("privacy-continue").click()
    assert wait_turn(page) == "pile"
    act(page, "pile")
    assert wait_turn(page) == "draft"
    expect(page.get_by_test_id("undo")).to_have_count(0)
    for _ in range(60):
        phase = wait_turn(page)
        if phase == "vote":
            break
        if phase == "pass":
            expect(page.get_by_test_id("privacy-undo")).to_have_count(0)  # picks are final
            page.get_by_test_id("privacy-continue").click()
        else:
            act(page, phase)
    first = int(str(table(page).get_attribute("data-viewer")))
    at = ply(page)
    act(page, "vote")
    # the next voter is asked for; the first, still holding the tablet, may take it back
    assert wait_turn(page) == "pass"
    back = page.get_by_test_id("privacy-undo")
    expect(back).to_contain_text(f"Player {first + 1}")
    back.click()
    # the tablet goes back to the first voter behind a cover (issue 33)
    assert wait_turn(page) == "pass"
    expect(page.get_by_test_id("privacy-screen")).to_have_attribute("data-pass", "back")
    expect(page.get_by_test_id("privacy-screen")).to_contain_text(
        f"Give the tablet back to Player {first + 1}"
    )
    expect(table(page)).to_have_attribute("data-viewer", "spectator")
    page.get_by_test_id("privacy-continue").click()
    assert wait_turn(page) == "vote"
    expect(table(page)).to_have_attribute("data-viewer", str(first))
    assert ply(page) == at
    expect(page.get_by_test_id("vote-up")).to_be_enabled()
    check_panel(page, saved_record(page), first)  # the vote's line is gone
    # vote again; the second vote can be taken back as well; the third (last) cannot
    act(page, "vote")
    assert wait_turn(page) == "pass"
    page.get_by_test_id("privacy-continue").click()
    assert wait_turn(page) == "vote"
    second = int(str(table(page).get_attribute("data-viewer")))
    check_panel(page, saved_record(page), second)  # not the first's own lines
    act(page, "vote")
    assert wait_turn(page) == "pass"
    expect(page.get_by_test_id("privacy-undo")).to_be_visible()
    page.get_by_test_id("privacy-continue").click()
    assert wait_turn(page) == "vote"
    act(page, "vote")
    phase = wait_turn(page)
    if phase == "pass":
        expect(page.get_by_test_id("privacy-undo")).to_have_count(0)
    else:
        expect(page.get_by_test_id("undo")).to_have_count(0)
    expect(page.locator("[data-vote=down]")).to_have_count(3)


# ------------------------------------------------------------------------------- settings


def test_settings_dialog_and_table_options(page: Page, base_url: str, dist_dir: Path) -> None:
    catalog = json.loads((dist_dir / "catalog.json").read_text("utf-8"))
    for game in catalog["games"]:
        if game["id"] == "marie":
            game["options"]["open_money"] = False  # a boolean option its renderer leaves
    page.route(
        "**/catalog.json",
        lambda route: route.fulfill(status=200, json=catalog),
    )
    page.goto(base_url)
    page.get_by_test_id("open-settings").click()
    dialog = page.get_by_test_id("settings-dialog")
    expect(dialog).to_be_visible()
    # bot speed: the header follows
    dialog.get_by_test_id("settings-speed-fast").click()
    expect(page.get_by_test_id("speed")).to_have_value("fast")
    assert page.evaluate("localStorage.getItem('pygames.speed')") == "fast"
    # animations: off, on, like the device
    dialog.get_by_test_id("settings-motion-reduce").click()
    assert page.evaluate("document.documentElement.dataset.motion") == "reduce"
    expect(dialog.get_by_test_id("motion-now")).to_have_text("Animations are off now.")
    dialog.get_by_test_id("settings-motion-full").click()
    assert page.evaluate("document.documentElement.dataset.motion") == "full"
    dialog.get_by_test_id("settings-motion-auto").click()
    # table options of the games that have on/off ones
    expect(dialog.get_by_test_id("settings-game-baggai")).to_contain_text("Open money")
    switch = dialog.get_by_test_id("settings-opt-marie-open_money")
    expect(switch).not_to_be_checked()
    switch.check(force=True)
    assert json.loads(page.evaluate("localStorage.getItem('pygames.options.marie')")) == {
        "open_money": True
    }
    # language
    dialog.get_by_test_id("settings-lang-ja").click()
    expect(dialog).to_contain_text("設定")
    expect(page.get_by_test_id("lobby")).to_contain_text("ゲームを選んでください")
    dialog.get_by_test_id("settings-lang-en").click()
    page.get_by_test_id("dialog-close").click()
    expect(dialog).to_have_count(0)

    # setup draws a switch for the option the renderer does not handle, set as in settings
    page.goto(f"{base_url}#/setup/marie")
    expect(page.get_by_test_id("setup-options")).to_contain_text("Open money")
    expect(page.get_by_test_id("opt-open_money")).to_be_checked()
    expect(page.get_by_test_id("opt-elder")).to_be_visible()  # the renderer's own field stays

    # the device asks for reduced motion: followed by default
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    assert page.evaluate("document.documentElement.dataset.motion") == "reduce"
    page.emulate_media(reduced_motion="no-preference")
    wait_true(page, "document.documentElement.dataset.motion === 'full'")


# ------------------------------------------------------------------------------- sub-path


@pytest.mark.service_worker
def test_site_under_a_sub_path(
    browser: Browser, browser_context_args: dict[str, Any], sub_path_url: str
) -> None:
    assert sub_path_url.endswith(SUB_PATH)
    ctx = browser.new_context(**browser_context_args)
    ctx.add_init_script(INSTANT)
    urls: list[str] = []
    ctx.on("request", lambda req: urls.append(req.url))
    try:
        page = ctx.new_page()
        page.goto(sub_path_url)
        expect(page.get_by_test_id("game-marie")).to_be_visible()
        wait_engine(page)
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
        assert scope == sub_path_url
        page.get_by_test_id("play-marie").click()
        expect(page).to_have_url(f"{sub_path_url}#/setup/marie")
        setup_game(page, 4, [0], seed=2)
        for _ in range(3):
            act(page, wait_turn(page))
        phase = wait_turn(page)
        at = ply(page)
        page.reload()
        assert wait_turn(page) == phase
        assert ply(page) == at
        play_to_end(page)
        expect(page.get_by_test_id("end-screen")).to_be_visible()
        page.get_by_test_id("watch-replay").click()
        expect(page.get_by_test_id("replay")).to_have_attribute("data-ply", "0")
        page.get_by_test_id("replay-last").click()
        expect(page.get_by_test_id("replay-end")).to_be_visible()
        page.get_by_test_id("back-lobby").click()
        expect(page).to_have_url(f"{sub_path_url}#/")
        expect(page.get_by_test_id("finished-item")).to_have_count(1)
        outside = [u for u in urls if not u.startswith(sub_path_url) and not u.startswith("data:")]
        assert outside == []
    finally:
        ctx.close()


# ------------------------------------------------------------------------------- pictures


def test_lobby_with_games_to_continue(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    four = simulate(3)
    rec4 = record_of(four, ["Aya", "Bot Ben", "Bot Chie", "Bot Dai"])
    rec4["seats"][0] = {"name": "Aya", "kind": "human"}
    three = simulate(8, 3, "normal,normal,normal")
    rec3 = record_of(three, ["Emi", "Fumiko", "Goro"])
    rec3["seats"] = [{"name": s["name"], "kind": "human"} for s in rec3["seats"]]
    page.goto(base_url)
    newest = save_entry("a", dict(rec4, actions=rec4["actions"][:30]), 3)
    put(
        page,
        {
            "pygames.save.a": newest,
            "pygames.save.b": save_entry("b", dict(rec3, actions=rec3["actions"][:6]), 90),
            "pygames.done.c": finished_entry("c", four, rec4),
            "pygames.done.d": finished_entry("d", three, dict(rec3, seats=rec3["seats"])),
        },
    )
    page.reload()
    expect(page.get_by_test_id("save-item")).to_have_count(2)
    expect(page.get_by_test_id("finished-item")).to_have_count(2)
    first = page.get_by_test_id("save-item").first
    expect(first).to_have_attribute("data-save-id", "a")  # the newest first
    n = newest["round"]["n"]
    expect(first.get_by_test_id("save-meta")).to_contain_text(f"Round {n} of 5 · move 30")
    shot(page, "lobby-continue", both=True)
    page.get_by_test_id("lang-ja").click()
    expect(first.get_by_test_id("save-meta")).to_contain_text(f"第{n}ラウンド")
    shot(page, "lobby-continue-ja")
    page.get_by_test_id("lang-en").click()
    # continue the second one: three humans, so the tablet is passed first
    page.locator("[data-save-id=b]").get_by_test_id("save-continue").click()
    assert wait_turn(page) in ("pass", "over")
