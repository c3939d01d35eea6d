"""BAG-GAI played in a real browser, by clicking through the page like a person."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
from conftest import (
    ROOT,
    assert_nearly_all_drawn,
    current_record,
    link,
    pace_bots,
    switch_lang,
    wait_turn,
)
from playwright.sync_api import Page, expect


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
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage); bots move at once."""
    warm_page.evaluate("localStorage.setItem('pygames.speed', 'instant');")
    return warm_page


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def choose_range(page: Page, turn: int, shoot: Callable[[], None] | None) -> str:
    """Tap the two ends of a range (or one spot), confirm it; the viewer's bar then covers it."""
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
    expect(confirm).to_be_enabled()  # one spot is a range already
    spots.nth(lo).click()  # the same spot again keeps the single spot
    for i in range(lo, hi + 1):
        expect(spots.nth(i)).to_have_class(re.compile(r"\bis-preview\b"))
    if hi + 1 < n:
        expect(spots.nth(hi + 1)).not_to_have_class(re.compile(r"\bis-preview\b"))
    preview = page.get_by_test_id("range-preview")
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("data-lo", str(lo))
    expect(preview).to_have_attribute("data-hi", str(hi))
    assert_bar_covers(page, preview, lo, hi)
    expect(confirm).to_be_enabled()
    expect(confirm).to_have_attribute("data-action", "bg-confirm-range")
    if shoot:
        shoot()
    confirm.click()
    bar = page.get_by_test_id("range-0")
    expect(bar).to_have_attribute("data-lo", str(lo))
    expect(bar).to_have_attribute("data-hi", str(hi))
    assert_bar_covers(page, bar, lo, hi)
    return f"range {lo}-{hi}"


def assert_bar_covers(page: Page, bar: Any, lo: int, hi: int) -> None:
    """The bar's box spans the spot cells lo..hi of the window, no more (measured again for up
    to 5 s while the table is still being drawn: bots play on after the human's move)."""
    cells = page.locator("[data-testid=window] .bg-spot")
    for _ in range(100):
        box, first, last = (
            bar.bounding_box(),
            cells.nth(lo).bounding_box(),
            cells.nth(hi).bounding_box(),
        )
        if box and first and last:
            left = abs(box["x"] - first["x"])
            right = abs(box["x"] + box["width"] - (last["x"] + last["width"]))
            if left <= 2 and right <= 2:
                return
        page.wait_for_timeout(50)
    raise AssertionError(f"the bar does not cover spots {lo}-{hi}: {box}, {first}, {last}")


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
    # the move the page sends is the engine's, as offered; the figures are the move's own
    expect(confirm).to_have_attribute("data-action", "move")
    action = str(confirm.get_attribute("data-a"))
    assert action == pick.get_attribute("data-a") and re.fullmatch(r"p\d+", action)
    price = int(str(pick.get_attribute("data-price")))
    expect(page.get_by_test_id("price-cost")).to_contain_text(f"¥{price} × ")
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
            expect(choices.first).to_have_attribute("data-action", "move")
            action = str(choices.first.get_attribute("data-a"))
            choices.first.click()
            if page.get_by_test_id("waste-confirm").count():  # a side the engine marks (B16)
                page.get_by_test_id("confirm-yes").click()
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
    assert any(a.startswith("range") for a in actions) and any(a.startswith("p") for a in actions)


def test_open_money_in_japanese(page: Page, base_url: str, shot: Callable[..., Any]) -> None:
    switch_lang(page, "ja")
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


# The all-bot game: after every drawing, what the table shows is read in the page (the range bars'
# boxes against the spot cells' boxes, the seats' money, prices and bags, the window's content).
WATCH = r"""
() => {
  window.__baggai = [];
  if (window.__baggaiWatched) return;  // the observer is added once to the shared page
  window.__baggaiWatched = true;
  const near = (a, b) => Math.abs(a - b) <= 2;
  const bar = (root, cells, s) => {
    const el = root.querySelector(`[data-testid="range-${s}"]`);
    if (!el || el.classList.contains('bg-bar-none')) return { covers: null, edges: true };
    const b = el.getBoundingClientRect();
    const inside = cells.filter((c) => {
      const r = c.getBoundingClientRect();
      return r.left + r.width / 2 > b.left && r.left + r.width / 2 < b.right;
    }).map((c) => Number(c.dataset.index));
    if (!inside.length) return { covers: [], edges: false };
    const first = cells[inside[0]].getBoundingClientRect();
    const last = cells[inside[inside.length - 1]].getBoundingClientRect();
    return {
      covers: [inside[0], inside[inside.length - 1]], count: inside.length,
      edges: near(b.left, first.left) && near(b.right, last.right),
    };
  };
  const seat = (root, cells, s) => {
    const q = (id) => root.querySelector(`[data-testid="${id}-${s}"]`);
    return {
      ...bar(root, cells, s),
      money: q('money')?.dataset.money ?? null,
      price: q('price')?.dataset.price ?? null,
      bags: Number(q('bags')?.dataset.count ?? -1),
      vp: Number(q('vp')?.dataset.vp ?? -1),
    };
  };
  const read = (root) => {
    const cells = [...root.querySelectorAll('[data-testid=window] .bg-spot')];
    return {
      ply: Number(root.dataset.ply),
      phase: root.dataset.phase,
      viewer: root.dataset.viewer,
      over: root.querySelector('[data-testid=end-screen]') !== null,
      moves: root.querySelectorAll('[data-action="move"], button.bg-spot').length,
      spots: cells.map((c) => ({
        index: Number(c.dataset.index), money: Number(c.dataset.money), bag: c.dataset.bag,
      })),
      seats: [...root.querySelectorAll('article[data-seat]')]
        .map((el) => seat(root, cells, Number(el.dataset.seat))),
    };
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.attributeName === 'data-drawn' && m.target.dataset.game === 'baggai') {
        window.__baggai.push(read(m.target));
      }
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}
"""


def check_drawing(drawn: dict[str, Any], view: dict[str, Any]) -> None:
    """One drawing of the table against the spectator's view of that ply (open money)."""
    where = f"ply {drawn['ply']}"
    assert drawn["phase"] == view["phase"], where
    assert drawn["viewer"] == "spectator" and drawn["moves"] == 0, where
    assert drawn["spots"] == [
        {"index": w["index"], "money": w["money"], "bag": w["bag"]["code"] if w["bag"] else ""}
        for w in view["window"]
    ], where
    assert len(drawn["seats"]) == view["players"], where
    for s, shown in enumerate(drawn["seats"]):
        sv = view["seats"][s]
        at = f"{where}, seat {s}"
        # the bar covers exactly the spots of the seat's range, its edges on theirs
        assert shown["covers"] == sv["range"], (at, shown, sv["range"])
        assert shown["edges"], (at, shown)
        assert shown["money"] == str(sv["money"]), at
        assert shown["price"] == ("" if sv["price"] is None else str(sv["price"])) or (
            shown["price"] is None and sv["price_status"] is None
        ), (at, shown["price"], sv["price"], sv["price_status"])
        assert shown["bags"] == len(sv["bags"]), at
        assert shown["vp"] == sv["vp"]["total"], at


def test_all_bot_game_shows_what_the_engine_says(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    page.evaluate(WATCH)
    pace_bots(page)
    rec = record(seed=29, open_money=True)
    rec["seats"] = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(4)]
    page.evaluate("(hash) => { location.hash = hash; }", link(rec))
    assert wait_turn(page, timeout=120_000) == "over"
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    shot(page, "baggai-all-bots-end", both=True)
    drawings: list[dict[str, Any]] = page.evaluate("window.__baggai")
    sys.path.insert(0, str(ROOT))
    from pygames.core.record import record_from_json, replay

    final_record = record_from_json(current_record(page))
    final = replay(final_record)
    assert final.is_over()
    for s, score in enumerate(final.result().scores):
        expect(page.get_by_test_id(f"final-score-{s}")).to_have_attribute("data-score", str(score))
    during = [d for d in drawings if not d["over"]]
    plies = {d["ply"] for d in during}
    assert_nearly_all_drawn(plies, final.ply)  # and each drawing is checked below
    views = {p: replay(final_record, p).view(None) for p in plies}
    for drawn in during:
        check_drawing(drawn, views[drawn["ply"]])
    # ranges of every width were drawn, and prices once revealed
    widths = {s["count"] for d in during for s in d["seats"] if s["covers"]}
    assert len(widths) >= 2, widths
    assert any(s["price"] not in (None, "") for d in during for s in d["seats"])
