"""BAG-GAI played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from conftest import link, wait_turn
from playwright.sync_api import BrowserContext, Page, expect


def record(seed: int, open_money: bool = False) -> dict[str, Any]:
    return {
        "v": 1,
        "game": "baggai",
        "players": 4,
        "seed": seed,
        "options": {"start": 0, "open_money": open_money},
        "seats": [
            {"name": "Aya", "kind": "human"},
            {"name": "Ren bot", "kind": "bot", "level": "normal"},
            {"name": "Mio bot", "kind": "bot", "level": "random"},
            {"name": "Sho bot", "kind": "bot", "level": "easy"},
        ],
        "actions": [],
    }


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots move at once (no pacing) so a whole game fits in a test."""
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    return context


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def choose_range(page: Page, turn: int, shoot: Callable[[], None] | None) -> str:
    spots = page.locator("[data-testid=window] button.bg-spot")
    n = spots.count()
    assert n >= 10
    lo = 1 + (turn * 3) % (n - 4)
    hi = min(n - 1, lo + 1 + turn % 3)
    if turn % 4 == 3:
        lo, hi = 0, 0  # a bank alone
    confirm = page.get_by_test_id("confirm-range")
    expect(confirm).to_be_disabled()
    spots.nth(hi).click()  # ends in either order
    expect(spots.nth(hi)).to_have_class(re.compile(r"\bis-anchor\b"))
    spots.nth(lo).click()
    for i in range(lo, hi + 1):
        expect(spots.nth(i)).to_have_class(re.compile(r"\bis-preview\b"))
    if hi + 1 < n:
        expect(spots.nth(hi + 1)).not_to_have_class(re.compile(r"\bis-preview\b"))
    expect(page.get_by_test_id("range-preview")).to_be_visible()
    expect(confirm).to_be_enabled()
    action = str(confirm.get_attribute("data-action"))
    assert action.startswith("r")
    if shoot:
        shoot()
    confirm.click()
    return action


def choose_price(page: Page, turn: int, shoot: Callable[[], None] | None) -> str:
    options = page.locator("[data-testid=price-options] button")
    count = options.count()
    assert count >= 1
    confirm = page.get_by_test_id("confirm-price")
    expect(confirm).to_be_disabled()
    pick = options.nth(min(count - 1, 1 + turn % 3))
    pick.click()
    expect(pick).to_have_attribute("aria-pressed", "true")
    expect(confirm).to_be_enabled()
    expect(page.get_by_test_id("price-cost")).not_to_have_text("–")
    action = str(confirm.get_attribute("data-action"))
    assert re.fullmatch(r"p\d+", action)
    if shoot:
        shoot()
    confirm.click()
    return action


def test_one_human_against_three_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    page.goto(base_url + link(record(seed=11)))
    shots: set[str] = set()
    actions: list[str] = []
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "over":
            break
        assert table(page).get_attribute("data-viewer") == "0"
        # own money is shown, the others' stay hidden (open money is off)
        expect(page.get_by_test_id("money-0")).not_to_have_attribute("data-money", "")
        expect(page.get_by_test_id("money-2")).to_have_attribute("data-money", "")
        if phase == "range":
            if page.locator("[data-testid=reveal].is-last").count() and "reveal" not in shots:
                expect(page.locator("[data-testid=reveal] .bg-rev-row")).to_have_count(4)
                shot(page, "baggai-reveal", both=True)
                shots.add("reveal")
            cb = None if "range" in shots else (lambda: shot(page, "baggai-range", both=True))
            actions.append(choose_range(page, turn, cb))
            shots.add("range")
        elif phase == "price":
            cb = None if "price" in shots else (lambda: shot(page, "baggai-price", both=True))
            actions.append(choose_price(page, turn, cb))
            shots.add("price")
        elif phase == "buy":
            choices = page.locator("[data-testid=controls] button.bg-choice:enabled")
            expect(choices.first).to_be_visible()
            if "choice" not in shots:
                shot(page, "baggai-choice", both=True)
                shots.add("choice")
            action = str(choices.first.get_attribute("data-action"))
            choices.first.click()
            actions.append(action)
        else:
            raise AssertionError(f"unexpected phase {phase}")
        turn += 1
        assert turn < 80
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    rows = page.locator("[data-testid=result] tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator("[data-testid=result] tr.is-winner")).not_to_have_count(0)
    for s in range(4):
        expect(page.get_by_test_id(f"final-score-{s}")).to_have_attribute(
            "data-score", re.compile(r"^\d+$")
        )
    shot(page, "baggai-end", both=True)
    assert {"range", "price", "reveal"} <= shots
    assert any(a.startswith("r") for a in actions) and any(a.startswith("p") for a in actions)


def test_open_money_in_japanese(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    page.add_init_script("localStorage.setItem('pygames.lang', 'ja');")
    page.goto(base_url + link(record(seed=3, open_money=True)))
    assert wait_turn(page) == "range"
    # open money: everyone's money is shown
    for s in range(4):
        expect(page.get_by_test_id(f"money-{s}")).to_have_attribute(
            "data-money", re.compile(r"^\d+$")
        )
    text = page.get_by_test_id("table").inner_text()
    assert "Spot" not in text and "Choose" not in text
    shot(page, "baggai-ja", both=True)
