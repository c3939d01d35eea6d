"""The Egyptian Buyer played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

import base64
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
READY = (
    "[data-testid=table][data-waiting=human], [data-testid=table][data-waiting=over], "
    "[data-testid=privacy-screen]"
)


def link(record: dict[str, Any]) -> str:
    raw = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return "#g=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unlink(fragment: str) -> dict[str, Any]:
    body = fragment[3:] if fragment.startswith("#g=") else fragment
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    return data


def snapshot(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
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
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    return context


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def wait_turn(page: Page) -> str:
    page.wait_for_selector(READY, timeout=30_000)
    if page.get_by_test_id("privacy-screen").count():
        return "pass"
    waiting = table(page).get_attribute("data-waiting")
    return "over" if waiting == "over" else str(table(page).get_attribute("data-phase"))


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    record = {
        "v": 1,
        "game": "hitokai",
        "players": 3,
        "seed": 4,
        "options": {},
        "seats": [
            {"name": "Aya", "kind": "human"},
            {"name": "Bes bot", "kind": "bot", "level": "normal"},
            {"name": "Nut bot", "kind": "bot", "level": "random"},
        ],
        "actions": [],
    }
    page.goto(base_url + link(record))
    shots: set[str] = set()
    sent: list[str] = []
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass"
        if phase == "over":
            break
        turn += 1
        assert turn < 400
        expect(page.get_by_test_id("daughters").locator("[data-status]")).to_have_count(10)
        if phase == "pay":
            pay_this = page.get_by_test_id("pay-this")
            if not (pay_this.count() and pay_this.is_enabled()):
                page.wait_for_timeout(100)  # a "Pay this" still sending its cards
                continue
            if "payment" not in shots:
                shots.add("payment")
                shot(page, "hitokai-payment", both=True)
            pay_this.click()
            sent.append("paythis")
            continue
        assert phase == "bid"
        if turn < 8:  # the buttons follow the engine's legal list
            allowed = set(snapshot(unlink(page.evaluate("location.hash")), 0)["legal"])
            withdraw = page.get_by_test_id("withdraw")
            if "pass" in allowed:
                expect(withdraw).to_be_enabled()
            else:
                expect(withdraw).to_be_disabled()
            bid = page.get_by_test_id("bid")
            assert bid.get_attribute("data-action") in allowed
        if (
            "auction" not in shots
            and page.get_by_test_id("current-bid").get_attribute("data-bid") != "0"
        ):
            shots.add("auction")
            shot(page, "hitokai-auction", both=True)
        withdraw = page.get_by_test_id("withdraw")
        plus1 = page.get_by_test_id("bid-plus1")
        if turn % 3 and withdraw.is_enabled():
            withdraw.click()
            sent.append("pass")
        elif plus1.count() and plus1.is_enabled():
            sent.append(str(plus1.get_attribute("data-action")))
            plus1.click()
        else:
            page.get_by_test_id("bid").click()
            sent.append("bid")
        confirm = page.get_by_test_id("confirm-overbid")
        if confirm.count():
            shots.add("overbid")
            expect(page.get_by_test_id("overbid-warning")).to_be_visible()
            confirm.click()
    assert {"auction", "payment"} <= shots, shots
    assert "paythis" in sent and "pass" in sent
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final = snapshot(unlink(page.evaluate("location.hash")), None)
    assert final["over"]
    for seat in range(3):
        b = final["result"]["breakdown"][seat]
        expect(page.get_by_test_id(f"final-score-{seat}")).to_have_attribute(
            "data-score", str(b["points"])
        )
    expect(page.get_by_test_id("summary-1").first).to_be_visible()
    shot(page, "hitokai-end", both=True)
