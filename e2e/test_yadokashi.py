"""Yadokashi played in a real browser, by tapping through the page like a person."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import INSTANT_BOTS, link, unlink, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
TURN_BUTTONS = {"hi": "act-high", "lo": "act-low", "adv": "act-advance", "new": "act-tenants"}


def snapshot(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The engine's snapshot of ``record`` for ``seat`` (the same code the page runs)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames import web

    snap: dict[str, Any] = json.loads(
        web.handle(json.dumps({"cmd": "start", "record": record, "seat": seat}))
    )
    web.handle(json.dumps({"cmd": "close", "session": snap["session"]}))
    return snap


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots move at once (no pacing) so a whole game fits in a test."""
    context.add_init_script(INSTANT_BOTS)
    return context


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def engine_snap(page: Page) -> dict[str, Any]:
    """What the engine says of the page's game for the human seat (a check, not a shortcut)."""
    return snapshot(unlink(page.evaluate("location.hash")), 0)


def record(seed: int) -> dict[str, Any]:
    return {
        "v": 1,
        "game": "yadokashi",
        "players": 3,
        "seed": seed,
        "options": {"start": 0},
        "seats": [
            {"name": "Aya", "kind": "human"},
            {"name": "Kani bot", "kind": "bot", "level": "normal"},
            {"name": "Yado bot", "kind": "bot", "level": "normal"},
        ],
        "actions": [],
    }


def check_buttons(page: Page, legal: set[str]) -> None:
    """Every action button is enabled exactly when the engine lists its action."""
    for action, testid in TURN_BUTTONS.items():
        button = page.get_by_test_id(testid)
        if action in legal:
            expect(button).to_be_enabled()
        else:
            expect(button).to_be_disabled()
    buy = page.get_by_test_id("act-buy")
    rearrange = page.get_by_test_id("act-rearrange")
    expect(buy).to_be_enabled() if any(a.startswith("b") for a in legal) else expect(
        buy
    ).to_be_disabled()
    can_rearrange = any(re.fullmatch(r"r\d+", a) for a in legal)
    expect(rearrange).to_be_enabled() if can_rearrange else expect(rearrange).to_be_disabled()


def buy_through_the_ring(page: Page, snap: dict[str, Any]) -> str:
    """Tap a buyable shell on the ring, then a place in the row, then confirm."""
    legal = set(snap["legal"])
    shells = sorted({int(a[1:].split("@")[0]) for a in legal if a.startswith("b")})
    page.get_by_test_id("act-buy").click()
    expect(page.get_by_test_id("buy-panel")).to_be_visible()
    shell = shells[0]
    ring_card = page.get_by_test_id("ring").get_by_test_id(f"shell-{shell}")
    expect(ring_card).to_have_class(re.compile(r"\bis-buyable\b"))
    ring_card.click()
    row = snap["view"]["rows"][0]
    position = len(row) + 1  # the end of the row: always a legal place
    page.get_by_test_id(f"insert-{position}").click()
    confirm = page.get_by_test_id("buy-confirm")
    expect(confirm).to_be_enabled()
    action = f"b{shell}@{position}"
    assert confirm.get_attribute("data-action") == action and action in legal
    confirm.click()
    return action


def rearrange_by_swapping(page: Page, snap: dict[str, Any]) -> list[str]:
    """Swap the first two empty shells of the row and confirm; returns the expected row."""
    row = snap["view"]["rows"][0]
    empty = [c["shell"] for c in row if c["crab"] is None]
    page.get_by_test_id("act-rearrange").click()
    confirm = page.get_by_test_id("rearrange-confirm")
    expect(confirm).to_be_disabled()  # the order must change first (Y6)
    page.get_by_test_id(f"swap-{empty[0]}").click()
    page.get_by_test_id(f"swap-{empty[1]}").click()
    expect(confirm).to_be_enabled()
    order = [c["shell"] for c in row]
    i, j = order.index(empty[0]), order.index(empty[1])
    order[i], order[j] = order[j], order[i]
    confirm.click()
    return [str(s) for s in order]


def place_tenants(page: Page, snap: dict[str, Any]) -> None:
    """Untoggle all but one placeable shell, then confirm."""
    placeable = snap["view"]["pending"]["placeable"]
    for shell in placeable[1:]:
        page.get_by_test_id(f"tenant-{shell}").click()
    confirm = page.get_by_test_id("tenants-confirm")
    expect(confirm).to_have_attribute("data-action", f"p{placeable[0]}")
    confirm.click()


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    page.goto(base_url + link(record(seed=11)))
    done: set[str] = set()
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "over":
            break
        snap = engine_snap(page)
        legal = set(snap["legal"])
        view = snap["view"]
        if phase == "rebirth":
            option = view["pending"]["options"][0]
            page.get_by_test_id(f"rebirth-{option}").click()
            done.add("rebirth")
            continue
        if phase == "tenants":
            place_tenants(page, snap)
            done.add("tenants")
            continue
        assert phase == "turn", phase
        if turn == 0:
            expect(page.get_by_test_id("ring").get_by_test_id("piece-0")).to_be_visible()
            shot(page, "yadokashi-ring", both=True)
        if turn < 8:
            check_buttons(page, legal)
        stars = view["stars"][0]["total"]
        expect(page.get_by_test_id("stars-0")).to_have_attribute("data-value", str(stars))
        if "buy" not in done and any(a.startswith("b") for a in legal):
            before = view["rows"][0]
            buy_through_the_ring(page, snap)
            done.add("buy")
            wait_turn(page)
            after = engine_snap(page)["view"]["rows"][0]
            assert len(after) == len(before) + 1 or after != before
        elif "rearrange" not in done and any(re.fullmatch(r"r\d+", a) for a in legal):
            expected = rearrange_by_swapping(page, snap)
            done.add("rearrange")
            wait_turn(page)
            last = engine_snap(page)["view"]["log"]
            assert any(
                "rearranges" in line["text"]["en"] and ", ".join(expected) in line["text"]["en"]
                for line in last
            ), "the confirmed order reached the engine"
        elif "new" in legal and "tenants" not in done and turn % 3 == 2:
            page.get_by_test_id("act-tenants").click()
            done.add("new")
        elif "hi" in legal:
            key = "hi" if turn % 2 == 0 else "lo"
            page.get_by_test_id(TURN_BUTTONS[key]).click()
            done.add("move")
            if "move-shot" not in done:
                wait_turn(page)
                panel = page.get_by_test_id("last-turn")
                expect(page.get_by_test_id("last-roll")).to_be_visible()
                expect(panel.locator(".yd-step").first).to_be_visible()
                page.wait_for_timeout(700)  # let the steps finish fading in
                shot(page, "yadokashi-move", both=True)
                done.add("move-shot")
        else:
            page.get_by_test_id("act-advance").click()
        turn += 1
        assert turn < 200, "the game did not end"

    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final = snapshot(unlink(page.evaluate("location.hash")), None)
    assert final["over"] and final["result"]["finished"]
    for seat in range(3):
        cell = page.get_by_test_id(f"final-score-{seat}")
        expect(cell).to_have_attribute("data-score", str(final["result"]["scores"][seat]))
    winner = final["result"]["winners"][0]
    expect(page.get_by_test_id(f"result-row-{winner}")).to_have_attribute("data-winner", "yes")
    assert max(final["result"]["scores"]) >= 27
    assert {"buy", "rearrange", "move"} <= done, done
    shot(page, "yadokashi-end", both=True)


def test_rules_page_credits_the_designer(page: Page, base_url: str) -> None:
    page.goto(base_url + "#/rules/yadokashi")
    expect(page.get_by_test_id("rules-title")).to_have_text("Yadokashi")
    credits = page.get_by_test_id("credits")
    expect(credits).to_contain_text("Game design: yio")
    expect(credits).to_contain_text("Published by the designer")
    # playable now: the rules page leads to the table setup, not "coming soon"
    page.get_by_test_id("to-setup").click()
    expect(page).to_have_url(f"{base_url}#/setup/yadokashi")
    expect(page.get_by_test_id("opt-start")).to_be_visible()
