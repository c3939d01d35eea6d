"""Return of the Pharaoh played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import link, record_of, unlink, wait_turn
from conftest import simulate as simulate_game
from playwright.sync_api import BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent


def engine(**request: Any) -> dict[str, Any]:
    """Ask the Python engine directly (the same code the page runs in Pyodide)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames import web

    answer: dict[str, Any] = json.loads(web.handle(json.dumps(request)))
    return answer


def snapshot(record: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The engine's snapshot of ``record`` for ``seat`` (its session closed at once)."""
    snap = engine(cmd="start", record=record, seat=seat)
    engine(cmd="close", session=snap["session"])
    return snap


def simulate(seed: int, bots: str = "normal,easy,random") -> dict[str, Any]:
    """A finished three-player game from the command line."""
    return simulate_game("pharaoh", 3, seed, bots)


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots move at once (no pacing) so a whole game fits in a test."""
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    return context


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def legal(page: Page) -> list[str]:
    """The legal list the page holds (read through the engine, as a check only)."""
    fragment = page.evaluate("location.hash")
    record = unlink(fragment)
    snap = snapshot(record, int(str(table(page).get_attribute("data-viewer"))))
    result: list[str] = snap["legal"]
    return result


def human_record(seed: int, start: int = 0) -> dict[str, Any]:
    return {
        "v": 1,
        "game": "pharaoh",
        "players": 3,
        "seed": seed,
        "options": {"start": start},
        "seats": [
            {"name": "Aya", "kind": "human"},
            {"name": "Bastet bot", "kind": "bot", "level": "normal"},
            {"name": "Khufu bot", "kind": "bot", "level": "random"},
        ],
        "actions": [],
    }


def select_until_legal(page: Page) -> bool:
    """Tap hand cards from the right until Declare is enabled; False (selection cleared) if no
    selection of those cards is a legal declaration."""
    cards = page.get_by_test_id("hand-card")
    confirm = page.get_by_test_id("declare")
    n = cards.count()
    for i in range(n - 1, -1, -1):
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
        if confirm.is_enabled():
            return True
    if n:
        page.get_by_test_id("clear-selection").click()
    return False


def play_turn(page: Page, turn: int) -> str:
    """One legal choice through the UI: declare most turns, else a pass."""
    controls = page.get_by_test_id("controls")
    expect(controls).to_be_visible()
    confirm = page.get_by_test_id("declare")
    hospital = int(str(page.get_by_test_id("hospital").get_attribute("data-count")))
    pharaoh = page.get_by_test_id("pass-pharaoh")
    horus = page.get_by_test_id("pass-horus")
    plain = page.get_by_test_id("pass-plain")
    expect(plain).to_be_enabled()  # the plain pass is always open
    if hospital >= 4 and pharaoh.is_enabled():
        pharaoh.click()
        return "pharaoh"
    if turn % 4 != 3 and confirm.count() and select_until_legal(page):
        action = str(confirm.get_attribute("data-action"))
        confirm.click()
        return action
    if turn % 3 == 0 and horus.is_enabled():
        horus.click()
        return "horus"
    plain.click()
    return "pass"


def test_one_human_against_two_bots(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    page.goto(base_url + link(human_record(seed=7)))
    shots: set[str] = set()
    actions: list[str] = []
    checked_bonus = False
    turn = 0
    while True:
        phase = wait_turn(page)
        assert phase != "pass", "one human: never a privacy screen"
        if phase == "over":
            break
        assert phase == "auction"
        assert table(page).get_attribute("data-viewer") == "0"
        expect(page.get_by_test_id("seat-0")).to_have_class(re.compile(r"\bis-active\b"))
        # every pass button is enabled exactly when its string is legal
        allowed = set(legal(page)) if turn < 6 else None
        if allowed is not None:
            for act, testid in (
                ("horus", "pass-horus"),
                ("pharaoh", "pass-pharaoh"),
                ("pass", "pass-plain"),
            ):
                button = page.get_by_test_id(testid)
                if act in allowed:
                    expect(button).to_be_enabled()
                else:
                    expect(button).to_be_disabled()
        # the start bonus: offered as a switch, on by default (P5), and it changes the string
        bonus = page.get_by_test_id("bonus")
        if bonus.count() and not checked_bonus and page.get_by_test_id("hand-card").count():
            expect(bonus).to_be_checked()
            # the keyboard works too: a hand card is a toggle button
            page.get_by_test_id("hand-card").first.focus()
            page.keyboard.press("Space")
            expect(page.get_by_test_id("hand-card").first).to_have_attribute("aria-pressed", "true")
            confirm = page.get_by_test_id("declare")
            expect(confirm).to_be_enabled()
            with_bonus = str(confirm.get_attribute("data-action"))
            assert with_bonus.endswith("+")
            page.locator("label.ph-bonus").click()
            expect(bonus).not_to_be_checked()
            assert str(confirm.get_attribute("data-action")) == with_bonus[:-1]
            page.locator("label.ph-bonus").click()
            expect(bonus).to_be_checked()
            page.get_by_test_id("clear-selection").click()
            expect(confirm).to_be_disabled()
            checked_bonus = True

        declared = page.locator("[data-testid^=declared-]").count()
        bidding = declared and page.get_by_test_id("declare").count()
        if "auction" not in shots and bidding and select_until_legal(page):
            shots.add("auction")
            shot(page, "pharaoh-auction", both=True)
            page.get_by_test_id("clear-selection").click()
        hospital = int(str(page.get_by_test_id("hospital").get_attribute("data-count")))
        if "hospital" not in shots and hospital >= 3:
            shots.add("hospital")
            shot(page, "pharaoh-hospital", both=True)
        actions.append(play_turn(page, turn))
        turn += 1
        assert turn < 150
    assert {"auction", "hospital"} <= shots, shots
    assert checked_bonus
    assert any(a.startswith("d") for a in actions) and any(not a.startswith("d") for a in actions)

    # the end screen: every seat's breakdown, the engine's totals, the winners highlighted
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    fragment = page.evaluate("location.hash")
    record = unlink(fragment)
    final = snapshot(record, None)
    assert final["over"]
    res = final["result"]
    for seat in range(3):
        b = res["breakdown"][seat]
        cells = {"final-score": "total", "items": "items", "kinds": "kinds_bonus", "flags": "flags"}
        for testid, key in {**cells, "member-sum": "member_sum"}.items():
            attr = "data-score" if testid == "final-score" else "data-value"
            expect(page.get_by_test_id(f"{testid}-{seat}")).to_have_attribute(attr, str(b[key]))
        winner = "yes" if seat in res["winners"] else "no"
        expect(page.get_by_test_id(f"result-row-{seat}")).to_have_attribute("data-winner", winner)
    # what the human played is in the record, in the same order
    human = [a.split(":", 1)[1] for a in record["actions"] if a.startswith("0:")]
    assert human == actions
    shot(page, "pharaoh-end", both=True)


def test_setup_page_and_table_in_japanese(
    context: BrowserContext, base_url: str, shot: Callable[..., Any]
) -> None:
    context.add_init_script("localStorage.setItem('pygames.lang', 'ja');")
    page = context.new_page()
    # the setup page: 3 players, a bot holds the Horus chip first
    page.goto(f"{base_url}#/setup/pharaoh")
    page.get_by_test_id("players-3").click()
    page.get_by_test_id("seat-kind-0-human").click()
    page.get_by_test_id("seat-kind-1-bot").click()
    page.get_by_test_id("seat-kind-2-bot").click()
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill("5")
    expect(page.get_by_text("最初にホルスチップを持つ人")).to_be_visible()
    page.get_by_test_id("opt-start").select_option("1")
    page.get_by_test_id("start-game").click()
    assert wait_turn(page) == "auction"
    record = unlink(page.evaluate("location.hash"))
    assert record["options"] == {"start": 1}
    expect(page.get_by_test_id("round")).to_have_text("第1ラウンド / 全5")
    expect(page.get_by_test_id("pass-plain")).to_contain_text("パス")
    expect(page.get_by_test_id("hospital")).to_contain_text("病院")

    # a position in the middle of a game (from a bot game, seat 0 taken over by a human)
    line = simulate(seed=3)
    full = record_of(line)
    full["seats"][0] = {"name": "あや", "kind": "human"}

    def hospital_busy(i: int) -> bool:
        snap = snapshot({**full, "actions": full["actions"][:i]}, 0)
        return bool(snap["view"]["hospital"])

    moves = enumerate(full["actions"])
    cut = next(i for i, a in moves if i > 24 and a.startswith("0:") and hospital_busy(i))
    page.goto(base_url + link({**full, "actions": full["actions"][:cut]}))
    assert wait_turn(page) == "auction"
    expect(page.get_by_test_id("controls")).to_be_visible()
    select_until_legal(page)
    main = page.locator(".table-main")
    for english in ("Hospital", "Deck", "Highest", "Your hand", "Pass", "Round"):
        expect(main).not_to_contain_text(english)
    shot(page, "pharaoh-ja-auction", both=True)

    # the finished game opens on the end screen
    page.goto(base_url + link(full))
    assert wait_turn(page) == "over"
    expect(page.get_by_test_id("end-screen")).to_contain_text("同点判定")
    for seat, score in enumerate(line["scores"]):
        expect(page.get_by_test_id(f"final-score-{seat}")).to_have_attribute(
            "data-score", str(score)
        )
    shot(page, "pharaoh-ja-end", both=True)


def test_two_humans_hide_their_hands(page: Page, base_url: str) -> None:
    record = human_record(seed=11)
    record["seats"][1] = {"name": "Ben", "kind": "human"}
    page.goto(base_url + link(record))
    seen: set[str] = set()
    for turn in range(12):
        phase = wait_turn(page)
        if phase == "pass":
            expect(table(page)).to_have_attribute("data-viewer", "spectator")
            assert page.get_by_test_id("hand-card").count() == 0
            expect(page.get_by_test_id("hand-zone")).to_contain_text("hidden")
            page.get_by_test_id("privacy-continue").click()
            continue
        viewer = str(table(page).get_attribute("data-viewer"))
        seen.add(viewer)
        play_turn(page, turn)
    assert seen == {"0", "1"}
