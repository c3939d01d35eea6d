"""Accessibility: axe-core finds no serious or critical problem on any screen of the site, and the
main actions of a game can be played with the keyboard alone.

axe-core comes from npm (pinned in package.json, installed by ``npm ci``) and is injected into the
page as an inline script. The page's Content-Security-Policy forbids inline scripts, so the axe
checks run in their own browser context created with ``bypass_csp=True``; the other e2e tests keep
the policy on. Every screen is checked in one page (the engine boots once): screens change by the
address's fragment, which does not reload the document, so axe stays loaded.

Each check saves its violations of any impact to artifacts/a11y/<screen>.json and a picture to
artifacts/screenshots/a11y-<screen>-1024x768.png (with ``A11Y_PORTRAIT=1`` also 768x1024).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PASSING, READY, link, record_of, settle, simulate
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
REPORTS = ROOT / "artifacts" / "a11y"
GAMES = {  # game: (players, seed) of the bot game whose record the checks open
    "marie": (4, 3),
    "hitokai": (3, 4),
    "pharaoh": (3, 2),
    "baggai": (4, 5),
    "yadokashi": (3, 6),
}
BLOCKING = {"serious", "critical"}
SHOTS = ROOT / "artifacts" / "screenshots"
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}


def finished(game: str) -> dict[str, Any]:
    """The record of a finished bot game from ``python -m pygames simulate``."""
    players, seed = GAMES[game]
    line = simulate(game, players, seed)
    assert line["finished"], f"{game}: the simulated game did not finish"
    return record_of(line)


def with_humans(record: dict[str, Any], humans: set[int]) -> dict[str, Any]:
    """The record with the seats of ``humans`` played by people (named Aya, Ben, ...)."""
    names = ["Aya", "Ben", "Chie", "Dai", "Emi"]
    seats = [
        {"name": names[i], "kind": "human"} if i in humans else {**seat, "name": f"Bot {i + 1}"}
        for i, seat in enumerate(record["seats"])
    ]
    return {**record, "seats": seats}


def cut_before(record: dict[str, Any], seat: int, share: float) -> dict[str, Any]:
    """The record cut just before ``seat``'s first action at or after ``share`` of the game."""
    actions = record["actions"]
    start = int(len(actions) * share)
    for i in range(start, len(actions)):
        if actions[i].startswith(f"{seat}:"):
            return {**record, "actions": actions[:i]}
    raise AssertionError(f"seat {seat} never acts after {start}")


# ------------------------------------------------------------------------------------- axe


def axe(page: Page, name: str) -> list[dict[str, Any]]:
    """Run axe on the page; save every violation to artifacts/a11y/<name>.json and a screenshot;
    return the violations."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    settle(page)  # contrast is measured: let fades and slides finish first
    violations: list[dict[str, Any]] = page.evaluate(
        "(options) => axe.run(document, options).then((r) => r.violations)", AXE_OPTIONS
    )
    REPORTS.mkdir(parents=True, exist_ok=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"a11y-{name}-1024x768.png"))
    if os.environ.get("A11Y_PORTRAIT") == "1":  # also a portrait picture, to look at by eye
        page.set_viewport_size({"width": 768, "height": 1024})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"a11y-{name}-768x1024.png"))
        page.set_viewport_size({"width": 1024, "height": 768})
    (REPORTS / f"{name}.json").write_text(json.dumps(violations, indent=1), encoding="utf-8")
    return violations


def readable(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
        for node in v["nodes"][:6]:
            target = " ".join(map(str, node["target"]))
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    {target}\n      {node['html'][:160]}\n      {summary[:300]}")
    return "\n".join(lines)


class Audit:
    """The serious and critical violations of the screens a test checks; the test fails at its
    end (after checking every screen) if there is any, listing them readably."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []

    def check(self, name: str) -> None:
        violations = axe(self.page, name)
        bad = [v for v in violations if v["impact"] in BLOCKING]
        minor = [
            f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in violations if v not in bad
        ]
        if minor:
            print(f"{name}: minor: {', '.join(minor)}")
        if bad:
            self.problems.append(f"axe on {name}:\n{readable(bad)}")

    def verdict(self) -> None:
        assert not self.problems, "\n\n".join(self.problems)


# ------------------------------------------------------------------------------- fixtures


@pytest.fixture
def audit(axe_page: Page) -> Iterator[Audit]:
    """An :class:`Audit` of the shared page; call ``audit.verdict()`` at the end of the test."""
    yield Audit(axe_page)


@pytest.fixture(scope="module")
def axe_page(browser: Browser, base_url: str) -> Iterator[Page]:
    """One page for every axe check, in a context that bypasses the page's CSP: axe.min.js goes
    in as an inline script (add_script_tag), which the policy forbids. Only these checks do so."""
    assert AXE.exists(), "node_modules/axe-core is missing: run npm ci"
    context = browser.new_context(
        bypass_csp=True, viewport={"width": 1024, "height": 768}, locale="en-US"
    )
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    page = context.new_page()
    page.goto(base_url + "#/")
    yield page
    context.close()


def go(page: Page, base_url: str, fragment: str) -> None:
    """Change the screen by the address's fragment (no reload: axe stays in the page)."""
    page.goto(base_url + fragment)


def wait_turn(page: Page) -> str:
    page.wait_for_selector(READY, timeout=30_000)
    if page.get_by_test_id("privacy-screen").count():
        page.wait_for_selector(PASSING, state="attached", timeout=30_000)  # drawn behind it
        return "pass"
    table = page.get_by_test_id("table")
    return "over" if table.get_attribute("data-waiting") == "over" else "human"


# ---------------------------------------------------------------------------------- pages


def test_lobby_rules_and_setup(axe_page: Page, audit: Audit, base_url: str) -> None:
    page = axe_page
    go(page, base_url, "#/")
    expect(page.get_by_test_id("game-yadokashi")).to_be_visible()
    audit.check("lobby-en")
    page.get_by_test_id("lang-ja").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    audit.check("lobby-ja")
    page.get_by_test_id("lang-en").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    go(page, base_url, "#/rules/marie")
    expect(page.get_by_test_id("rules-title")).to_be_visible()
    audit.check("rules")
    for game in GAMES:
        go(page, base_url, f"#/setup/{game}")
        expect(page.get_by_test_id("start-game")).to_be_visible()
        audit.check(f"setup-{game}")
    page.get_by_test_id("open-settings").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    audit.check("settings")
    page.keyboard.press("Escape")
    audit.verdict()


@pytest.mark.parametrize("game", list(GAMES))
def test_game_table_and_end(axe_page: Page, audit: Audit, base_url: str, game: str) -> None:
    page = axe_page
    record = with_humans(finished(game), {0})
    for share in (0.1, 0.5, 0.8):
        go(page, base_url, link(cut_before(record, 0, share)))
        assert wait_turn(page) == "human"
        audit.check(f"{game}-table-{int(share * 100)}")
    go(page, base_url, link(record))
    assert wait_turn(page) == "over"
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    audit.check(f"{game}-end")
    audit.verdict()


def test_privacy_screen_and_replay(axe_page: Page, audit: Audit, base_url: str) -> None:
    page = axe_page
    record = with_humans(finished("marie"), {0, 1})
    go(page, base_url, link({**record, "actions": []}))
    for _ in range(5):  # the elder takes a pile, maybe a bot; then the hands go round
        if wait_turn(page) == "pass":
            break
        page.locator("[data-testid^=pile-]:enabled").first.click()
    assert wait_turn(page) == "pass", "two humans: the tablet is passed"
    audit.check("privacy")
    for _ in range(3):  # the screen covers the page: Tab stays on it
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('[data-testid=privacy-screen]')")
    go(page, base_url, link(record))
    assert wait_turn(page) == "over"
    page.get_by_test_id("copy-link").click()
    expect(page.get_by_test_id("copy-dialog")).to_be_visible()
    audit.check("copy-link-dialog")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("copy-dialog")).to_have_count(0)
    page.get_by_test_id("watch-replay").click()
    expect(page.get_by_test_id("replay")).to_be_visible()
    audit.check("replay")
    go(page, base_url, "#/")
    expect(page.get_by_test_id("game-yadokashi")).to_be_visible()
    audit.check("lobby-with-games")
    page.get_by_test_id("save-delete").first.click()
    expect(page.get_by_test_id("confirm-dialog")).to_be_visible()
    audit.check("confirm-dialog")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("confirm-dialog")).to_have_count(0)
    audit.verdict()


# ------------------------------------------------------------------------------- keyboard

FOCUS_STYLE = """() => {
  const el = document.activeElement;
  const css = getComputedStyle(el);
  const outline = css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) >= 2;
  return {
    testid: el.dataset.testid || null, visible: el.matches(':focus-visible'),
    ring: outline || css.boxShadow !== 'none', outline: `${css.outlineStyle} ${css.outlineWidth}`,
  };
}"""


def tab_to(page: Page, testid: str, limit: int = 60) -> None:
    """Press Tab until the element ``testid`` has the focus; check its focus ring is drawn."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_STYLE)
        if focus["testid"] == testid:
            assert focus["visible"] and focus["ring"], f"{testid}: no visible focus ring {focus}"
            return
    raise AssertionError(f"Tab never reached {testid}")


def tab_to_any(page: Page, prefix: str, limit: int = 60) -> str:
    """Press Tab until an element whose testid starts with ``prefix`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        testid = page.evaluate("document.activeElement.dataset.testid || ''")
        if testid.startswith(prefix):
            return str(testid)
    raise AssertionError(f"Tab never reached {prefix}*")


def ply(page: Page) -> int:
    return int(str(page.get_by_test_id("table").get_attribute("data-ply")))


def test_keyboard_plays_yadokashi(axe_page: Page, audit: Audit, base_url: str) -> None:
    """Buy a shell (a four-step choice), call High and advance with Tab, Enter and Space only."""
    page = axe_page
    record = {
        "v": 1,
        "game": "yadokashi",
        "players": 3,
        "seed": 11,
        "options": {"start": 0},
        "seats": [{"name": "Aya", "kind": "human"}]
        + [{"name": f"Bot {i}", "kind": "bot", "level": "normal"} for i in (2, 3)],
        "actions": [],
    }
    go(page, base_url, link(record))
    assert wait_turn(page) == "human"
    page.locator("body").focus()
    start = ply(page)
    tab_to(page, "act-buy")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("buy-panel")).to_be_visible()
    tab_to_any(page, "buy-shell-")
    page.keyboard.press("Space")
    expect(page.get_by_test_id("insert-strip")).to_be_visible()
    audit.check("yadokashi-buy-panel")
    insert = tab_to_any(page, "insert-")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(insert)).to_have_attribute("aria-pressed", "true")
    tab_to(page, "buy-confirm")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("table")).not_to_have_attribute("data-ply", str(start))
    assert wait_turn(page) == "human"
    expect(page.get_by_test_id("log")).to_contain_text("Aya buys shell")
    for testid, key in (("act-high", "Space"), ("act-advance", "Enter")):
        target = page.get_by_test_id(testid)
        if not (target.count() and target.is_enabled()):
            continue  # another phase (new tenants, rebirth) or not legal now
        before = ply(page)
        tab_to(page, testid)
        page.keyboard.press(key)
        expect(page.get_by_test_id("table")).not_to_have_attribute("data-ply", str(before))
        assert wait_turn(page) in ("human", "over")
    audit.verdict()


def test_keyboard_plays_hitokai(axe_page: Page, audit: Audit, base_url: str) -> None:
    """Bid with the amount's step buttons, withdraw, pay and close the round summary by keyboard."""
    page = axe_page
    record = {
        "v": 1,
        "game": "hitokai",
        "players": 3,
        "seed": 4,
        "options": {},
        "seats": [{"name": "Aya", "kind": "human"}]
        + [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in (2, 3)],
        "actions": [],
    }
    go(page, base_url, link(record))
    done: set[str] = set()
    for _ in range(80):
        if wait_turn(page) == "over" or {"bid", "withdraw", "pay", "summary"} <= done:
            break
        page.locator("body").focus()
        if page.get_by_test_id("round-summary-layer").count():
            if "summary" not in done:
                audit.check("hitokai-summary")
            tab_to(page, "summary-continue")
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("round-summary-layer")).to_have_count(0)
            done.add("summary")
            continue
        before = ply(page)
        phase = page.get_by_test_id("table").get_attribute("data-phase")
        if phase == "pay":
            pay_this = page.get_by_test_id("pay-this")
            if not (pay_this.count() and pay_this.is_enabled()):
                page.wait_for_timeout(100)  # "Pay this" still sending its cards
                continue
            if "pay" not in done:
                audit.check("hitokai-payment")
            tab_to(page, "pay-this")
            page.keyboard.press("Enter")
            expect(pay_this).to_have_count(0)
            done.add("pay")
            continue
        value = int(str(page.get_by_test_id("hand-value").get_attribute("data-value")))
        amount = page.get_by_test_id("bid-amount")
        low = int(str(amount.get_attribute("data-value"))) if amount.count() else value + 1
        withdraw = page.get_by_test_id("withdraw")
        if ("bid" in done or low + 1 > value) and withdraw.is_enabled():
            tab_to(page, "withdraw")
            page.keyboard.press("Space")
            done.add("withdraw")
        elif low + 1 <= value:
            tab_to(page, "bid-up1")
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("bid")).to_have_attribute("data-amount", str(low + 1))
            tab_to(page, "bid")
            page.keyboard.press("Enter")
            done.add("bid")
        else:  # the opening bid is due and above the hand: bid, then confirm through the warning
            tab_to(page, "bid")
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("waste-confirm")).to_be_visible()
            expect(page.get_by_test_id("confirm-no")).to_be_focused()  # "Choose again" first
            page.keyboard.press("Shift+Tab")
            expect(page.get_by_test_id("confirm-yes")).to_be_focused()
            page.keyboard.press("Enter")
        expect(page.get_by_test_id("table")).not_to_have_attribute("data-ply", str(before))
    assert {"bid", "withdraw", "pay", "summary"} <= done, done
    audit.verdict()
