"""Privacy covers in both directions (issue 33): a move taken back at the pass screen gives the
tablet back behind a cover, and no path that changes the viewer (undo, opening a saved game,
reload, the back button) puts a seat's private view in the page before that seat taps.

For every game with hidden information the test opens a pass-and-play game (every seat a
person) at a position found with the engine in this process: the seat to move holds something
the spectator does not see, and has a move that can be taken back and hands the tablet on. The
page plays that move, the next pass screen's "Undo" is tapped, and a MutationObserver checks
that no element of the private view is ever put in the DOM until the give-back cover is
dismissed (the DOM, not only what is visible)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import engine, link, simulate
from playwright.sync_api import Page, expect

NAMES = ["Aya", "Ben", "Cho", "Dai"]

# each game with hidden information: its players, and the elements only a seat's own view draws
HIDDEN = {
    "hitokai": (3, "[data-testid=hand-value], [data-testid=hand-group]"),
    "pharaoh": (3, "[data-testid=hand], [data-testid=hand-card]"),
    "marie": (3, "[data-testid=history], [data-testid=hand]"),
    "baggai": (4, "[data-testid^=money-]:not([data-money=''])"),
}


def private(spectator: Any, own: Any) -> bool:
    """Whether a seat's view holds something the spectator's does not (the log aside)."""
    if isinstance(spectator, dict) and isinstance(own, dict):
        keys = (set(spectator) | set(own)) - {"log", "seat"}
        return any(private(spectator.get(k), own.get(k)) for k in keys)
    if isinstance(spectator, list) and isinstance(own, list) and len(spectator) == len(own):
        return any(private(a, b) for a, b in zip(spectator, own, strict=True))
    return bool(spectator != own)


def position(game: str, players: int) -> tuple[dict[str, Any], int, list[str]]:
    """A record (people in every seat) whose seat to move sees something hidden and has moves
    that can be taken back and hand the tablet to another seat: (record, seat, those moves)."""
    line = simulate(game, players, 7)
    seats = [{"name": NAMES[i], "kind": "human"} for i in range(players)]
    base = {
        "v": 1,
        "game": game,
        "players": players,
        "seed": 7,
        "options": line["options"],
        "seats": seats,
    }
    for k in range(60):
        record = {**base, "actions": line["actions"][:k]}
        spectator = engine(cmd="start", record=record)
        seat = spectator["to_move"][0]
        own = engine(cmd="start", record=record, seat=seat)
        if not private(spectator["view"], own["view"]):
            continue
        good = []
        for move in own["moves"]:
            if "warn" in move:  # the table would ask first (a move that can only lose)
                continue
            after = engine(
                cmd="start",
                record={**record, "actions": [*record["actions"], f"{seat}:{move['a']}"]},
            )
            if after["ok"] and after["to_move"] and seat not in after["to_move"]:
                mine = engine(cmd="view", session=after["session"], seat=seat)
                if mine["can_undo"]:
                    good.append(move["a"])
        if good:
            return record, seat, good
    raise AssertionError(f"no position to test in {game}")


WATCH = """(sel) => {
  window.__leaks = [];
  const table = () => document.querySelector('[data-testid=table]');
  const look = (why) => {
    if (document.querySelector(sel)) window.__leaks.push(`${why}: ${sel}`);
    const viewer = table()?.dataset.viewer;
    if (viewer !== undefined && viewer !== 'spectator') {
      window.__leaks.push(`${why}: viewer ${viewer}`);
    }
  };
  window.__watch = new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        const hit = node instanceof Element && (node.matches(sel) || node.querySelector(sel));
        if (hit) window.__leaks.push('added');
      }
    }
    look('after');
  });
  window.__watch.observe(document.body, { childList: true, subtree: true, attributes: true });
  look('now');
}"""


def watch(page: Page, selector: str) -> None:
    """From now on, note every time an element of a private view is in the DOM."""
    page.evaluate(WATCH, selector)


def leaks(page: Page) -> list[str]:
    """What the watch saw; it stops watching."""
    found: list[str] = page.evaluate("window.__watch.disconnect(); window.__leaks")
    return found


def covered_for(page: Page, name: str, selector: str, back: bool = False) -> None:
    """The cover is up for ``name`` and no private element is anywhere in the DOM."""
    cover = page.get_by_test_id("privacy-screen")
    expect(cover).to_have_attribute("data-seat-name", name)
    expect(cover).to_have_attribute("data-pass", "back" if back else "on")
    expect(page.locator("[data-testid=table][data-waiting=pass]")).to_have_attribute(
        "data-viewer", "spectator"
    )
    assert page.locator(selector).count() == 0


def show_mine(page: Page, seat: int, selector: str) -> None:
    """Tap the cover: the seat's own view, private elements included, is drawn."""
    page.get_by_test_id("privacy-continue").click()
    expect(page.locator("[data-testid=table][data-waiting=human]")).to_have_attribute(
        "data-viewer", str(seat)
    )
    expect(page.locator(selector).first).to_be_attached()


def play(page: Page, moves: list[str]) -> None:
    """Play the first of ``moves`` the page offers (a move button, or a pick and its confirm;
    The Egyptian Buyer's bid of one more)."""
    if "b1" in moves and page.get_by_test_id("bid-plus1").count():
        page.get_by_test_id("bid-plus1").click()
        return
    for a in moves:
        direct = page.locator(f'[data-action=move][data-a="{a}"]:not([disabled])')
        if direct.count():
            direct.first.click()
            return
        pick = page.locator(f'[data-a="{a}"]:not([disabled])')
        if pick.count():
            pick.first.click()
            page.locator(f'[data-action=move][data-a="{a}"]').first.click()
            return
    raise AssertionError(f"none of {moves} is on the table")


@pytest.mark.parametrize("game", list(HIDDEN))
def test_undo_at_the_pass_screen_gives_the_tablet_back_behind_a_cover(
    warm_page: Page, base_url: str, game: str, shot: Callable[..., Any]
) -> None:
    page = warm_page
    players, selector = HIDDEN[game]
    record, seat, moves = position(game, players)
    page.evaluate("localStorage.setItem('pygames.speed', 'instant');")
    # opening the game (a link, as a saved game is opened): a cover first, nothing private
    page.goto(f"{base_url}{link(record)}")
    expect(page.get_by_test_id("privacy-screen")).to_be_visible(timeout=90_000)
    covered_for(page, NAMES[seat], selector)
    show_mine(page, seat, selector)
    play(page, moves)
    # the next seat is asked for; the one who played still holds the tablet and takes it back
    cover = page.get_by_test_id("privacy-screen")
    expect(cover).to_have_attribute("data-pass", "on")
    assert cover.get_attribute("data-seat-name") != NAMES[seat]
    expect(page.get_by_test_id("privacy-undo")).to_contain_text(NAMES[seat])
    # under the cover the table has gone over to the spectator's view (the cover comes up first,
    # while the one who played still holds the tablet); from here nothing private may come back
    expect(page.locator("[data-testid=table][data-waiting=pass]")).to_have_attribute(
        "data-viewer", "spectator"
    )
    watch(page, selector)
    page.get_by_test_id("privacy-undo").click()
    covered_for(page, NAMES[seat], selector, back=True)
    expect(cover).to_contain_text(f"Give the tablet back to {NAMES[seat]}")
    expect(page.get_by_test_id("privacy-undo")).to_have_count(0)
    if game == "hitokai":
        shot(page, "cover-give-back", both=True)
    assert leaks(page) == []
    show_mine(page, seat, selector)
    assert page.get_by_test_id("table").get_attribute("data-ply") == str(len(record["actions"]))


def test_reload_and_the_back_button_cover_the_table_again(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    players, selector = HIDDEN["hitokai"]
    record, seat, _ = position("hitokai", players)
    page.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    page.goto(f"{base_url}{link(record)}")
    expect(page.get_by_test_id("privacy-screen")).to_be_visible(timeout=90_000)
    shot(page, "cover-pass", both=True)
    show_mine(page, seat, selector)
    # a reload opens the game again: the cover, before any seat's view
    page.reload()
    expect(page.get_by_test_id("privacy-screen")).to_be_visible(timeout=90_000)
    covered_for(page, NAMES[seat], selector)
    show_mine(page, seat, selector)
    # to the lobby and back into the table: the cover again
    page.evaluate("location.hash = '#/'")
    expect(page.get_by_test_id("table")).to_have_count(0)
    page.go_back()
    expect(page.get_by_test_id("privacy-screen")).to_be_visible(timeout=30_000)
    covered_for(page, NAMES[seat], selector)
    show_mine(page, seat, selector)


# ------------------------------------------------------------------ Cancel while the engine opens


def test_cancel_while_the_engine_is_busy_opening_a_game(page: Page, base_url: str) -> None:
    """A link opened while the engine cannot answer (here its worker's first file is held back,
    as a slow or stalled boot would): the opening screen offers Cancel within a second; Cancel
    goes back to the lobby, ends that worker and starts a fresh one, which answers."""
    held: list[Any] = []
    released = {"yes": False}

    def hold_first(route: Any) -> None:
        if released["yes"]:
            route.continue_()
        else:
            held.append(route)  # never answered: that worker waits for good

    page.route(base_url + "build.json", hold_first)
    record, _, _ = position("pharaoh", 3)
    page.goto(f"{base_url}{link(record)}")
    expect(page.get_by_test_id("opening")).to_be_visible(timeout=30_000)
    cancel = page.get_by_test_id("cancel-opening")
    expect(cancel).to_be_visible(timeout=1_500)
    assert held, "the worker's boot was not held"
    # the header says what is true: the engine is not ready
    expect(page.get_by_test_id("engine-status")).not_to_have_attribute("data-state", "ready")
    released["yes"] = True
    cancel.click()
    expect(page.get_by_test_id("game-pharaoh")).to_be_visible()
    assert page.evaluate("location.hash") in ("", "#/")
    # a fresh worker: it boots and answers (the game opens)
    expect(page.locator("html[data-engine=ready]")).to_be_attached(timeout=90_000)
    expect(page.get_by_test_id("engine-status")).to_have_attribute("data-state", "ready")
    page.goto(f"{base_url}{link(record)}")
    expect(page.get_by_test_id("privacy-screen")).to_be_visible(timeout=30_000)


# ------------------------------------------------------------------------------ names (NAME-1)

RTL = "مرحبا"
ISOLATED = "(el) => el.tagName === 'BDI' || getComputedStyle(el).unicodeBidi === 'isolate'"


def test_names_are_isolated_and_hidden_characters_refused_at_the_setup(
    warm_page: Page, base_url: str
) -> None:
    page = warm_page
    page.evaluate("localStorage.setItem('pygames.speed', 'instant');")
    page.goto(f"{base_url}#/setup/hitokai")
    expect(page.get_by_test_id("start-game")).to_be_visible(timeout=30_000)
    page.get_by_test_id("players-3").click()
    page.get_by_test_id("seat-kind-0-human").click()
    page.get_by_test_id("seat-kind-1-bot").click()
    page.get_by_test_id("seat-kind-2-bot").click()
    # a name with a right-to-left override, a zero-width space or a byte-order mark is refused
    name = page.get_by_test_id("seat-name-0")
    error = page.get_by_test_id("setup-error")
    for bad in ["Aya\u202eayA", "\u200b", "Aya\ufeff"]:
        name.fill(bad)
        page.get_by_test_id("start-game").click()
        expect(error).to_contain_text("Seat 1: a name")
        assert page.get_by_test_id("table").count() == 0
    page.get_by_test_id("lang-ja").click()
    page.get_by_test_id("start-game").click()
    expect(error).to_contain_text("席1")
    page.get_by_test_id("lang-en").click()
    # a right-to-left name (seat 1, a bot that bids first with this deal) is shown isolated
    name.fill("Aya")
    page.get_by_test_id("seat-name-1").fill(RTL)
    page.get_by_test_id("seed-fixed").click()
    page.get_by_test_id("seed-input").fill("7")
    page.get_by_test_id("start-game").click()
    expect(page.locator("[data-testid=table][data-waiting=human]")).to_be_visible(timeout=90_000)
    line = page.get_by_test_id("log").locator(".who", has_text=RTL).first
    expect(line).to_be_attached()
    assert line.evaluate(ISOLATED)
    label = page.get_by_test_id("seats").locator(".who", has_text=RTL).first
    expect(label).to_be_attached()
    assert label.evaluate(ISOLATED)
    # every name in the log is in an element of its own, isolated
    names = page.get_by_test_id("log").locator(".who")
    assert names.count() >= 1
    assert all(names.nth(i).evaluate(ISOLATED) for i in range(names.count()))
