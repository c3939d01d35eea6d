"""The Egyptian Buyer played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import READY, link, unlink, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent


def snapshot(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What the engine (CPython) says of ``record`` from ``seat``'s chair."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames import web

    snap: dict[str, Any] = json.loads(
        web.handle(json.dumps({"cmd": "start", "record": record, "seat": seat}))
    )
    web.handle(json.dumps({"cmd": "close", "session": snap["session"]}))
    return snap


def engine_now(page: Page, seat: int | None) -> dict[str, Any]:
    """The engine's snapshot of the game in the address bar (nothing is hidden in this game's
    actions, so the share link is the whole record)."""
    return snapshot(unlink(page.evaluate("location.hash")), seat)


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    return context


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def check_summary(page: Page, names: list[str]) -> int:
    """The round summary layer shows what the engine says of the round just ended; returns the
    round number."""
    summary = engine_now(page, 0)["view"]["summaries"][-1]
    card = page.get_by_test_id("round-summary")
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-round", str(summary["round"]))
    expect(card).to_have_attribute("data-reason", summary["reason"])
    for seat, row in enumerate(summary["seats"]):
        line = page.get_by_test_id(f"summary-row-{seat}")
        expect(line).to_have_attribute("data-total", str(row["total"]))
        expect(line).to_have_attribute("data-bonus", str(row["bonus"]))
        expect(line).to_contain_text(names[seat])
    reason = page.get_by_test_id("summary-reason")
    if summary["winner"] is not None:
        expect(reason).to_contain_text(names[summary["winner"]])
        expect(reason).to_contain_text("gets 1 point")
        expect(page.get_by_test_id(f"summary-row-{summary['winner']}")).to_have_attribute(
            "data-winner", "yes"
        )
    else:
        expect(reason).to_contain_text("nobody gets the point")
    if summary["reason"] == "tie":
        expect(page.get_by_test_id("summary-tie")).to_be_visible()
    # the table under the layer cannot be used until the summary is dismissed
    expect(page.get_by_test_id("hitokai")).to_have_attribute("aria-hidden", "true")
    return int(summary["round"])


def bid_turn(page: Page, turn: int, checks: dict[str, bool]) -> str:
    """Play one bidding turn with the bid controls; returns what was done."""
    snap = engine_now(page, 0)
    legal = set(snap["legal"])
    bids = sorted(int(a[1:]) for a in legal if a.startswith("b"))
    value = int(snap["view"]["hand_value"])
    assert int(str(page.get_by_test_id("hand-value").get_attribute("data-value"))) == value
    current = int(snap["view"]["auction"]["bid"])
    withdraw = page.get_by_test_id("withdraw")
    plus1 = page.get_by_test_id("bid-plus1")
    plus5 = page.get_by_test_id("bid-plus5")
    slider = page.get_by_test_id("bid-slider")
    bid = page.get_by_test_id("bid")
    warning = page.get_by_test_id("overbid-warning")
    # the controls follow the engine's legal list
    if "pass" in legal:
        expect(withdraw).to_be_enabled()
    else:
        expect(withdraw).to_be_disabled()
    for button, step in ((plus1, 1), (plus5, 5)):
        expect(button).to_have_attribute("data-action", f"b{current + step}")
        if current + step in bids:
            expect(button).to_be_enabled()
        else:
            expect(button).to_be_disabled()
    expect(slider).to_have_attribute("min", str(bids[0]))
    expect(slider).to_have_attribute("max", str(bids[-1]))
    expect(slider).to_have_value(str(bids[0]))
    expect(bid).to_have_attribute("data-action", f"b{bids[0]}")

    # H2: a chosen bid above the hand's value shows a warning in words, before any tap on Bid
    if bids[-1] > value:
        over = max(value + 1, bids[0])
        slider.fill(str(over))
        expect(page.get_by_test_id("bid-amount")).to_have_text(str(over))
        expect(bid).to_have_attribute("data-action", f"b{over}")
        expect(warning).to_be_visible()
        expect(warning).to_contain_text(f"your hand is worth only {value}")
        expect(warning).to_contain_text("eliminated")
        if not checks.get("confirm"):
            checks["confirm"] = True
            bid.click()  # asks once more; cancelling brings the controls back
            expect(page.get_by_test_id("overbid-confirm")).to_be_visible()
            expect(page.get_by_test_id("confirm-overbid")).to_have_attribute(
                "data-action", f"b{over}"
            )
            page.get_by_test_id("cancel-overbid").click()
            expect(page.get_by_test_id("overbid-confirm")).to_have_count(0)
            expect(slider).to_be_visible()
        checks["warning"] = True
    if bids[0] <= value:
        slider.fill(str(bids[0]))
        expect(warning).to_be_hidden()

    choice = turn % 4
    if choice == 0 and "pass" in legal:
        withdraw.click()
        return "pass"
    if choice == 1 and plus1.is_enabled() and current + 1 <= value:
        plus1.click()
        return "plus1"
    if choice == 2 and plus5.is_enabled() and current + 5 <= value:
        plus5.click()
        return "plus5"
    safe = [n for n in bids if n <= value]
    if safe:
        amount = safe[min(len(safe) - 1, 2)]  # a little above the minimum, never above the hand
        slider.fill(str(amount))
        expect(bid).to_have_attribute("data-action", f"b{amount}")
        expect(bid).to_have_text(f"Bid {amount}")
        expect(warning).to_be_hidden()
        bid.click()
        return "slider"
    if "pass" in legal:
        withdraw.click()
        return "pass"
    # the opening bid is due and every bid is above the hand: confirm through the warning
    page.get_by_test_id("bid").click()
    page.get_by_test_id("confirm-overbid").click()
    return "overbid"


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    names = ["Aya", "Bes bot", "Nut bot"]
    record = {
        "v": 1,
        "game": "hitokai",
        "players": 3,
        "seed": 4,
        "options": {},
        "seats": [
            {"name": names[0], "kind": "human"},
            {"name": names[1], "kind": "bot", "level": "normal"},
            {"name": names[2], "kind": "bot", "level": "random"},
        ],
        "actions": [],
    }
    page.goto(base_url + link(record))
    shots: set[str] = set()
    done: list[str] = []
    summaries: list[int] = []
    checks: dict[str, bool] = {}
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass"  # one human: no privacy screen
        if phase == "over":
            break
        turn += 1
        assert turn < 500
        layer = page.get_by_test_id("round-summary-layer")
        if layer.count():
            held = table(page).get_attribute("data-ply")
            summaries.append(check_summary(page, names))
            if "summary" not in shots:
                shots.add("summary")
                shot(page, "hitokai-summary", both=True)
            if table(page).get_attribute("data-waiting") == "hold":
                # a bot opens the next round: instant bots wait for "Continue"
                page.wait_for_timeout(500)
                assert table(page).get_attribute("data-ply") == held
                assert table(page).get_attribute("data-waiting") == "hold"
                checks["held"] = True
            page.get_by_test_id("summary-continue").click()
            expect(layer).to_have_count(0)
            expect(page.get_by_test_id("hitokai")).not_to_have_attribute("aria-hidden", "true")
            continue
        expect(page.get_by_test_id("daughters").locator("[data-status]")).to_have_count(10)
        if phase == "pay":
            pay_this = page.get_by_test_id("pay-this")
            if not (pay_this.count() and pay_this.is_enabled()):
                page.wait_for_timeout(100)  # a "Pay this" still sending its cards
                continue
            snap = engine_now(page, 0)
            payment = snap["view"]["payment"]
            expect(page.get_by_test_id("suggestion")).to_have_attribute(
                "data-cards", ",".join(map(str, payment["suggestion"]))
            )
            legal_cards = sorted(int(a[3:]) for a in snap["legal"])
            buttons = page.get_by_test_id("controls").locator("[data-action^=pay]")
            expect(buttons).to_have_count(len(legal_cards))
            if "payment" not in shots:
                shots.add("payment")
                shot(page, "hitokai-payment", both=True)
                # one card by hand first: it goes in at once and shows in the payment
                page.get_by_test_id(f"pay-{legal_cards[0]}").click()
                done.append("card")
                continue
            pay_this.click()
            done.append("paythis")
            # the page sends the suggested cards one by one; the payment is over when it goes
            expect(pay_this).to_have_count(0)
            continue
        assert phase == "bid"
        if "auction" not in shots and page.get_by_test_id("current-bid").get_attribute(
            "data-bid"
        ) not in (None, "0"):
            shots.add("auction")
            shot(page, "hitokai-auction", both=True)
        done.append(bid_turn(page, turn, checks))
    assert {"auction", "payment", "summary"} <= shots, shots
    assert {"pass", "slider", "card", "paythis"} <= set(done), done
    assert {"plus1", "plus5"} & set(done), done
    assert checks.get("warning") and checks.get("confirm") and checks.get("held"), checks
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final = engine_now(page, None)
    assert final["over"]
    # every round but the last was summarised between rounds, in order
    rounds = len(final["view"]["summaries"])
    assert summaries == list(range(1, rounds)), (summaries, rounds)
    for seat in range(3):
        b = final["result"]["breakdown"][seat]
        expect(page.get_by_test_id(f"final-score-{seat}")).to_have_attribute(
            "data-score", str(b["points"])
        )
    last = page.get_by_test_id("end-screen").get_by_test_id("round-summary")
    expect(last).to_have_attribute("data-round", str(rounds))
    shot(page, "hitokai-end", both=True)


def round_ended_by_bots() -> dict[str, Any]:
    """A record (seat 0 a person, the others bots) stopped just after the person's last action
    of a round that the bots then end, a bot opening the next one: found with the engine."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames import web

    def call(**req: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(web.handle(json.dumps(req)))
        return answer

    levels = ["normal", "normal", "random"]
    for seed in range(1, 60):
        seats = [{"name": f"P{i}", "kind": "bot", "level": lv} for i, lv in enumerate(levels)]
        record = {"v": 1, "game": "hitokai", "players": 3, "seed": seed, "seats": seats}
        snap = call(cmd="start", record=record, seat=None)
        actions: list[str] = []
        after_person = 0
        while not snap["over"]:
            mover, before = snap["to_move"][0], snap["view"]["round"]
            snap = call(cmd="bot", session=snap["session"], seat=mover, view_seat=None)
            actions.append(f"{mover}:{snap['action']}")
            if mover == 0:
                after_person = len(actions)
            ended = snap["view"]["round"] > before and not snap["over"]
            if ended and mover != 0 and snap["to_move"][0] != 0:
                seats[0] = {"name": "Aya", "kind": "human"}
                return {**record, "options": {}, "actions": actions[:after_person]}
        call(cmd="close", session=snap["session"])
    raise AssertionError("no such game in 60 seeds")


def test_bots_wait_while_the_round_summary_is_up(page: Page, base_url: str) -> None:
    record = round_ended_by_bots()
    page.goto(base_url + link(record))
    page.wait_for_selector("[data-testid=table][data-waiting=hold]", timeout=60_000)
    layer = page.get_by_test_id("round-summary-layer")
    expect(layer).to_have_count(1)
    held = table(page).get_attribute("data-ply")
    assert int(held or 0) > len(record["actions"])  # the bots played up to the round's end
    page.wait_for_timeout(800)  # instant bots: they would have moved by now
    assert table(page).get_attribute("data-ply") == held
    expect(page.get_by_test_id("hitokai")).to_have_attribute("aria-hidden", "true")
    page.get_by_test_id("summary-continue").click()
    expect(layer).to_have_count(0)
    page.wait_for_selector(READY, timeout=30_000)
    assert int(table(page).get_attribute("data-ply") or 0) > int(held or 0)
