"""A phone (390x844) at each game's largest table, a person in seat 0 and bots in the others, at
the person's first turn: the page never scrolls sideways, the person's action zone is tall enough
to act in and shows its whole content, and no seat's name is cut with an ellipsis.

Found by looking at each game on a phone's width (a guest's seat, issue 34, plays there): the
Pharaoh board made the page 564px wide and its action zone was 16px high (sized by a table of
fixed height), Yadokashi's ring was squeezed into a 90px column, and five BAG-GAI seats in a row
pushed the page to 407px and cut the names on the window's lanes to "Y…". Screenshots:
artifacts/screenshots/phone-<game>-390x844.png."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import INSTANT_BOTS, READY, SCREENSHOTS, link, record_of, resize, simulate
from playwright.sync_api import Page, ViewportSize, expect
from test_hitokai import round_ended_by_bots
from test_holds import NORMAL, find, legal

PHONE: ViewportSize = {"width": 390, "height": 844}
TABLES = {
    "marie": 5,
    "hitokai": 5,
    "pharaoh": 4,
    "pharaoh-3": 3,
    "baggai": 5,
    "yadokashi": 4,
}
NAMES = ["Yuki", "Benjamin", "Chie", "Dai", "Emi"]
# the boards drawn at a width of their own: as wide as the phone's column, near enough
BOARDS = {
    "pharaoh": "[data-testid=board]",
    "baggai": "[data-testid=window]",
    "yadokashi": ".yd-ring",
}

# what the checks read: the page's width, the action zone's box (its rendered height and whether
# its content is cut), and the visible elements that hold a seat's name and cut it (ellipsis)
MEASURE = r"""
(names) => {
  const zone = document.querySelector('[data-testid=table] [data-testid=action-zone]');
  const cut = [];
  for (const el of document.querySelectorAll('[data-testid=table] *')) {
    if (!el.getClientRects().length || getComputedStyle(el).textOverflow !== 'ellipsis') continue;
    if (el.matches('.bg-lane-name')) continue;  // a lane's legend: about five letters (below)
    const text = el.textContent.trim();
    if (el.scrollWidth > el.clientWidth + 1 && names.some((n) => text.includes(n))) cut.push(text);
  }
  return {
    width: document.documentElement.scrollWidth,
    zone: zone ? {
      height: zone.getBoundingClientRect().height,
      clipped: zone.scrollHeight > zone.clientHeight + 1,  // its content taller than its box
    } : null,
    cut,
  };
}
"""


def record(game: str, players: int) -> dict[str, Any]:
    """A new game: seat 0 a person, the others `normal` bots, names long and short."""
    seats: list[dict[str, Any]] = [{"name": NAMES[0], "kind": "human"}]
    seats += [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[1:players]]
    return {"v": 1, "game": game, "players": players, "seed": 3, "options": {}, "seats": seats,
            "actions": []}  # fmt: skip


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage), at a phone's size, the bots instant."""
    resize(warm_page, PHONE)
    warm_page.evaluate(INSTANT_BOTS)
    return warm_page


@pytest.mark.parametrize("game", list(TABLES))
def test_a_phone_shows_the_whole_table_in_one_column(page: Page, base_url: str, game: str) -> None:
    players = TABLES[game]
    game = game.split("-")[0]  # (a smaller table of the same game)
    page.evaluate("(hash) => { location.hash = hash; }", link(record(game, players)))
    page.wait_for_selector("[data-testid=table][data-waiting=human]", timeout=60_000)
    page.wait_for_selector(READY, timeout=5_000)
    seen: dict[str, Any] = page.evaluate(MEASURE, NAMES[:players])
    page.screenshot(path=str(SCREENSHOTS / f"phone-{game}-{players}-390x844.png"), full_page=True)
    assert seen["width"] <= PHONE["width"], seen  # no sideways scrolling
    assert seen["zone"] is not None, seen
    assert seen["zone"]["height"] >= 120, seen  # room to act in
    assert not seen["zone"]["clipped"], seen
    assert not seen["cut"], seen
    if game in BOARDS:  # Yadokashi's ring was once squeezed into a 90px column
        box = page.locator(BOARDS[game]).bounding_box()
        assert box is not None and box["width"] >= 300, box
        if game == "yadokashi":  # a square ring
            assert abs(box["height"] - box["width"]) <= 2, box
    if game == "baggai":  # the window's lanes: short names whole, long ones to about five letters
        lanes = page.locator(".bg-lane-name").evaluate_all(
            "(els) => els.map((el) => [el.textContent, el.scrollWidth <= el.clientWidth + 1,"
            " el.parentElement.getBoundingClientRect().width])"
        )
        assert len(lanes) == players, lanes
        assert all(whole for name, whole, _ in lanes if len(name) <= 4), lanes
        assert all(width >= 36 for *_, width in lanes), lanes  # the names' column


# the setup page: every seat's name field, its three kinds and a bot's level whole and apart
SETUP = r"""
() => {
  const rows = [...document.querySelectorAll('[data-testid^=seat-row-]')].map((row) => {
    const box = (el) => el.getBoundingClientRect();
    const parts = [row.querySelector('input'), ...row.querySelectorAll('.seg-btn'),
      row.querySelector('.level-box:not(.is-off) select')].filter(Boolean).map(box);
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
      && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const overlap = parts.some((a, i) => parts.slice(i + 1).some((b) => meet(a, b)));
    const cut = [...row.querySelectorAll('.seg-btn')]
      .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent);
    return { name: box(row.querySelector('input')).width, overlap, cut };
  });
  return { width: document.documentElement.scrollWidth, rows };
}
"""


@pytest.mark.parametrize("game", ["pharaoh", "yadokashi"])
def test_a_phone_sets_up_a_table_in_one_column(page: Page, base_url: str, game: str) -> None:
    """The setup page at 390px: no sideways scrolling, and each seat's name field, its kind's
    three buttons and a bot's level whole and apart (a beginner could not make a seat a bot
    again: "Bot" lay under the level, the name field was 0px wide)."""
    page.evaluate("(hash) => { location.hash = hash; }", f"#/setup/{game}")
    page.wait_for_selector("[data-testid=seat-row-1]", timeout=30_000)
    seen: dict[str, Any] = page.evaluate(SETUP)
    page.screenshot(path=str(SCREENSHOTS / f"phone-setup-{game}-390x844.png"), full_page=True)
    assert seen["width"] <= PHONE["width"], seen
    assert len(seen["rows"]) >= 3, seen
    for row in seen["rows"]:
        assert row["name"] >= 150 and not row["overlap"] and not row["cut"], seen
    # a seat made a person, then a bot again, by taps on its buttons
    page.get_by_test_id("seat-kind-1-human").click()
    expect(page.get_by_test_id("seat-level-1")).to_be_hidden()
    page.get_by_test_id("seat-kind-1-bot").click()
    expect(page.get_by_test_id("seat-level-1")).to_be_visible()


IN_VIEW = r"""
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  const bar = document.querySelector('.status-bar').getBoundingClientRect().bottom;
  return { top: box.top, bottom: box.bottom, bar, height: innerHeight };
}
"""


def in_view(page: Page, selector: str) -> None:
    """The element lies in the screen, below the sticky status bar (scrolled there)."""
    page.wait_for_timeout(900)  # a smooth scroll's time
    box = page.evaluate(IN_VIEW, selector)
    assert box is not None, selector
    assert box["bar"] - 4 <= box["top"] and box["top"] < box["height"], box


def test_a_phone_brings_what_just_happened_and_then_the_moves_into_view(
    page: Page, base_url: str
) -> None:
    """Pharaoh's round results on a phone: "What just happened" and its Continue lie below the
    board; the table scrolls to them when it holds, and back up to the moves on the person's
    turn (a beginner found Continue two screens down, then the pass buttons two screens up)."""
    record, _seat, [action] = find("pharaoh", 3, {0}, "round", legal("pass"))
    page.evaluate(NORMAL)
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.locator(f'[data-action="move"][data-a="{action}"]').first.click()
    expect(table).to_have_attribute("data-waiting", "hold", timeout=20_000)
    in_view(page, "[data-testid=moment]")
    page.get_by_test_id("moment-continue").click()
    page.evaluate(INSTANT_BOTS)
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    in_view(page, "[data-testid=table] [data-testid=action-zone]")


def test_a_phone_lists_a_saved_game_whole(page: Page, base_url: str) -> None:
    """The lobby's "Continue a game" on a phone: a saved game's names whole, the page no wider
    than the screen (its buttons beside the names cut them to "B…")."""
    page.evaluate("(hash) => { location.hash = hash; }", link(record("pharaoh", 4)))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.locator('[data-action="move"][data-a="pass"]').first.click()
    expect(table).not_to_have_attribute("data-ply", "0")
    page.evaluate("() => { location.hash = '#/'; }")
    item = page.get_by_test_id("save-item").first
    expect(item).to_be_visible()
    names = item.locator(".saved-name .who").evaluate_all(
        "(els) => els.map((el) => [el.textContent, el.scrollWidth <= el.clientWidth + 1])"
    )
    assert len(names) == 4 and all(whole for _, whole in names), names
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(SCREENSHOTS / "phone-lobby-saved-390x844.png"))


def test_a_saved_game_counted_in_turns_says_its_turn(page: Page, base_url: str) -> None:
    """A Yadokashi game in the lobby's list says its turn as its table does ("Turn 3"), not a
    count of moves: a beginner read "Turn 25" at the table and "move 26" in the list."""
    rec = record("yadokashi", 3)
    rec["options"] = {"start": 0}
    page.evaluate("(hash) => { location.hash = hash; }", link(rec))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.get_by_test_id("act-advance").click()
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    turn = page.get_by_test_id("turn-number").inner_text()
    assert re.fullmatch(r"Turn \d+", turn), turn
    page.evaluate("() => { location.hash = '#/'; }")
    meta = page.get_by_test_id("save-item").first.get_by_test_id("save-meta")
    expect(meta).to_contain_text(turn + " · ")
    expect(meta).not_to_contain_text("move")


def test_a_phone_brings_the_next_step_of_a_shell_picked_on_the_ring_into_view(
    page: Page, base_url: str
) -> None:
    """Yadokashi on a phone: Buy, then a shell tapped on the ring (below the moves); its place is
    chosen in the buy panel above, which the table scrolls back to (a beginner tapped a shell and
    saw nothing happen: the next step was off the top of the screen)."""
    rec = record("yadokashi", 3)
    rec["options"] = {"start": 0}  # the person acts first: every shell can be bought
    page.evaluate("(hash) => { location.hash = hash; }", link(rec))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    # Yadokashi has no hand: the jump back up names the row ("My hand" had read oddly)
    expect(page.get_by_test_id("jump-hand")).to_have_text("My row")
    page.get_by_test_id("act-buy").click()
    expect(page.get_by_test_id("buy-panel")).to_be_visible()
    shell = page.locator("[data-testid=ring] .is-buyable").last
    shell.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    zone = "[data-testid=table] [data-testid=action-zone]"
    top = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().top", zone)
    assert top < 0, f"the moves should be off the top before the tap (top {top})"
    shell.click()
    expect(page.locator("[data-testid^=insert-]").first).to_be_visible()
    in_view(page, zone)
    # scrolled, only the status bar stays on top: the header scrolls away (the two took about
    # 240 of the phone's 844 px, the bar's bottom at 191)
    bar = page.evaluate("document.querySelector('.status-bar').getBoundingClientRect().bottom")
    assert bar < 170, f"the sticky bars end {bar} px down the screen"


# the page's width, and the controls of ``sel`` that reach past the screen's right edge
OVERFLOW = """(sel) => ({
  width: document.documentElement.scrollWidth,
  out: [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length
    && el.getBoundingClientRect().right > innerWidth + 1).map((el) => el.textContent.trim()),
})"""


def test_a_phone_shows_the_end_screen_and_the_replay_whole(page: Page, base_url: str) -> None:
    """A beginner's phone trial: the end screen's buttons ran off the screen ("Back to the lobby"
    could not be reached) and the replay page was 584 px wide (its slider off the screen)."""
    rec = record_of(simulate("hitokai", 3, 4))
    page.evaluate("(hash) => { location.hash = hash; }", link(rec))
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=30_000)
    seen = page.evaluate(OVERFLOW, ".end-actions .btn")
    assert seen["width"] <= PHONE["width"] and not seen["out"], seen
    page.evaluate("(hash) => { location.hash = hash; }", f"#/replay&{link(rec)[1:]}")
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-loading", "no", timeout=30_000)
    seen = page.evaluate(OVERFLOW, "[data-testid=replay-controls] :is(button, input, select)")
    assert seen["width"] <= PHONE["width"] and not seen["out"], seen


# the results table's box against its neighbours in the end screen's result, and the page's width
RESULT_CLEAR = """() => {
  const table = document.querySelector('[data-testid=result]');
  const r = table.getBoundingClientRect();
  const wrap = table.closest('.result-wrap') || table.parentElement;
  const meets = (b) => b.width > 0 && b.left < r.right - 1 && r.left < b.right - 1
    && b.top < r.bottom - 1 && r.top < b.bottom - 1;
  const hit = [...wrap.children].filter((el) => el !== table && !el.contains(table))
    .filter((el) => meets(el.getBoundingClientRect())).map((el) => el.className);
  const room = wrap.getBoundingClientRect().right;
  return { width: document.documentElement.scrollWidth, right: r.right, room, hit };
}"""


def test_a_phone_shows_the_results_table_clear_of_the_board(page: Page, base_url: str) -> None:
    """A beginner's phone trial: Yadokashi's end screen drew its small ring over the results
    table (the two side by side in 390 px); the ring now goes under it."""
    game = "yadokashi"
    rec = record_of(simulate(game, 3, 7))
    page.evaluate("(hash) => { location.hash = hash; }", link(rec))
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=30_000)
    seen = page.evaluate(RESULT_CLEAR)
    assert seen["width"] <= PHONE["width"] and seen["right"] <= seen["room"] + 1, seen
    assert not seen["hit"], seen
    page.screenshot(path=str(SCREENSHOTS / f"phone-end-{game}-390x844.png"), full_page=True)


def test_a_phone_shows_a_round_summary_whole(page: Page, base_url: str) -> None:
    """The Egyptian Buyer's round summary on a phone: its table was 540 px wide in a 310 px
    card, its Total and VP columns scrolled out of sight; now it fits, the cards left said
    under the bonus they give."""
    rec = round_ended_by_bots()
    rec["seats"][1] = {"name": "Bartholomew", "kind": "bot", "level": "normal"}
    page.evaluate("(hash) => { location.hash = hash; }", link(rec))
    layer = page.get_by_test_id("round-summary-layer")
    expect(layer).to_be_visible(timeout=60_000)
    fits = layer.locator(".hk-sum-scroll").evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert fits[0] <= fits[1], fits
    expect(layer.locator(".hk-sum-cards").first).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "phone-hitokai-round-390x844.png"))


def test_a_phone_brings_the_coach_into_view(page: Page, base_url: str) -> None:
    """A beginner's phone trial: the coach's panel opened under the board and the player table,
    out of sight (he saw only the numbered badges on the moves); Hint now scrolls to it."""
    page.evaluate("(hash) => { location.hash = hash; }", link(record("marie", 4)))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-waiting", "human", timeout=30_000)
    page.get_by_test_id("hint").click()
    expect(page.get_by_test_id("hint-panel")).to_be_visible()
    in_view(page, "[data-testid=hint-panel]")
