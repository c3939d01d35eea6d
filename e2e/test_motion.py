"""Moves you can follow (issue 24, web/ui/flip.js): a piece that changes place on the table
travels there while the bots play at a normal pace; nothing travels with reduced motion or at the
instant speed; the pieces of the last bot move keep a highlight until the next move.

A watcher notes, at every draw of the table (the `data-drawn` mark, set in the same task as the
move animations start), the ply, the move animations running on marked pieces (`data-flip`),
where each marked piece is (`data-flip-at`, else its container's test id) and which pieces carry
the highlight (`flip-last`)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from playwright.sync_api import Page

from e2e.conftest import INSTANT_BOTS, SCREENSHOTS, link

WATCH = r"""
() => {
  window.__motion = [];
  if (window.__motionWatched) return;  // the observer is added once to the module's shared page
  window.__motionWatched = true;
  const placeOf = (el) => el.getAttribute('data-flip-at')
    ?? el.parentElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.attributeName !== 'data-drawn') continue;
      const root = m.target;
      const moving = document.getAnimations().filter((a) => a.id === 'flip'
        && a.effect?.target instanceof Element && a.effect.target.hasAttribute('data-flip'));
      const at = {};
      for (const el of root.querySelectorAll('[data-flip]')) {
        at[el.getAttribute('data-flip')] = placeOf(el);
      }
      window.__motion.push({
        ply: Number(root.dataset.ply), waiting: root.dataset.waiting, moving: moving.length,
        at,
        last: [...root.querySelectorAll('.flip-last')].map((el) => el.getAttribute('data-flip')),
      });
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}
"""

# Wait for move animations on the table, then freeze them half-way (for the screenshot) in the
# same frame, so that a loaded machine cannot let a 320 ms move end between the two; returns what
# is moving and whether those pieces are drawn away from their places at that moment
FREEZE = r"""
() => new Promise((resolve, reject) => {
  const deadline = performance.now() + 60000;
  const look = () => {
    const moving = document.getAnimations().filter((a) => a.id === 'flip'
      && a.playState === 'running' && a.effect?.target?.isConnected);
    if (!moving.length) {
      if (performance.now() > deadline) reject(new Error('no move animation in 60 s'));
      else requestAnimationFrame(look);
      return;
    }
    for (const a of moving) {
      a.pause();
      a.currentTime = Number(a.effect.getComputedTiming().duration) / 2;
    }
    resolve(moving.map((a) => ({
      id: a.effect.target.getAttribute('data-flip'),
      shifted: getComputedStyle(a.effect.target).transform !== 'none'
        || getComputedStyle(a.effect.target).opacity !== '1',
    })));
  };
  look();
})
"""
RESUME = "() => { for (const a of document.getAnimations()) if (a.id === 'flip') a.play(); }"


def bot_game(game: str, players: int, seed: int, human: bool = False) -> dict[str, Any]:
    """A game's record link data: bots at the normal level; seat 0 a person if `human`."""
    seats: list[dict[str, Any]] = [
        {"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)
    ]
    if human:
        seats[0] = {"name": "Ann", "kind": "human"}
    return {
        "v": 1, "game": game, "players": players, "seed": seed, "options": {},
        "seats": seats, "actions": [],
    }  # fmt: skip


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage)."""
    return warm_page


def open_game(page: Page, base_url: str, record: dict[str, Any]) -> None:
    page.evaluate(WATCH)
    page.evaluate("(hash) => { location.hash = hash; }", link(record))


# past `ply`, and drawn at three plies at least: at the instant speed a fast engine can be past
# the ply at the first draw, and one draw shows no move
UNTIL_PLY = """
(ply) => {
  const draws = window.__motion || [];
  return draws.some((d) => d.ply >= ply) && new Set(draws.map((d) => d.ply)).size >= 3;
}
"""


def draws_until_ply(page: Page, ply: int) -> list[dict[str, Any]]:
    """The table's draws from the game's opening until it is past `ply` (UNTIL_PLY)."""
    page.wait_for_function(UNTIL_PLY, arg=ply, timeout=60_000)
    draws: list[dict[str, Any]] = page.evaluate("window.__motion")
    return draws


def moved_draws(draws: list[dict[str, Any]]) -> int:
    """How many draws showed pieces in other places than the draw before."""
    count = 0
    for before, after in itertools.pairwise(draws):
        common = set(before["at"]) & set(after["at"])
        if after["ply"] != before["ply"] and any(before["at"][i] != after["at"][i] for i in common):
            count += 1
    return count


def test_pieces_travel_during_bot_moves(page: Page, base_url: str) -> None:
    open_game(page, base_url, bot_game("yadokashi", 3, 7))
    frozen: list[dict[str, Any]] = page.evaluate(FREEZE)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "motion-yadokashi-1024x768.png"))
    page.evaluate(RESUME)
    assert frozen, "no move animation to freeze"
    assert any(f["shifted"] for f in frozen), frozen  # half-way: drawn away from its place
    draws = draws_until_ply(page, 8)
    assert sum(1 for d in draws if d["moving"]) >= 2, draws
    # a piece seen mid-move in another game: a Pharaoh member card going in front of its owner
    page.evaluate("() => { window.__motion.length = 0; }")
    page.evaluate("(hash) => { location.hash = hash; }", link(bot_game("pharaoh", 3, 11)))
    frozen = page.evaluate(FREEZE)
    page.screenshot(path=str(SCREENSHOTS / "motion-pharaoh-1024x768.png"))
    page.evaluate(RESUME)
    assert frozen and any(f["shifted"] for f in frozen), frozen


def test_reduced_motion_moves_nothing(page: Page, base_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_game(page, base_url, bot_game("yadokashi", 3, 7))
    draws = draws_until_ply(page, 8)
    assert moved_draws(draws) >= 3, draws  # the pieces did change place...
    assert all(d["moving"] == 0 for d in draws), [d for d in draws if d["moving"]]  # ...at once
    assert any(d["last"] for d in draws), draws  # the highlight stays (it does not move)


def test_instant_bots_move_nothing(page: Page, base_url: str) -> None:
    page.evaluate(INSTANT_BOTS)
    open_game(page, base_url, bot_game("yadokashi", 3, 7))
    draws = draws_until_ply(page, 8)
    assert moved_draws(draws) >= 1, draws
    assert all(d["moving"] == 0 for d in draws), [d for d in draws if d["moving"]]


def human_move(page: Page) -> None:
    """Play the first move button the table offers (a pass, a bid...)."""
    button = page.locator("[data-testid=table] button[data-action=move]:not([disabled])").first
    button.wait_for(timeout=60_000)
    button.click()
    if page.get_by_test_id("waste-confirm").count():  # a move the engine marks: play it anyway
        page.get_by_test_id("confirm-yes").click()


def test_the_last_bot_move_is_highlighted_until_the_next(page: Page, base_url: str) -> None:
    open_game(page, base_url, bot_game("pharaoh", 3, 11, human=True))
    highlighted = 0
    for _ in range(8):  # the person's turns, each after bot moves (a pass moves nothing)
        page.wait_for_selector("[data-testid=table][data-waiting=human]", timeout=60_000)
        page.wait_for_function("() => window.__motion.at(-1)?.waiting === 'human'")
        draws: list[dict[str, Any]] = page.evaluate("window.__motion")
        now = draws[-1]
        # the draw before the position on screen: the last bot move changed it into this one
        before = next((d for d in reversed(draws) if d["ply"] != now["ply"]), None)
        changed = {
            piece
            for piece, at in now["at"].items()
            if before is not None and before["at"].get(piece) != at
        }
        # the highlighted pieces are pieces of that move: they appeared or came to a new place
        assert set(now["last"]) <= changed, (now["last"], changed)
        assert page.locator("[data-testid=table] .flip-last").count() == len(now["last"])
        if now["last"] and not highlighted:
            page.screenshot(path=str(SCREENSHOTS / "motion-highlight-pharaoh-1024x768.png"))
        count = len(draws)
        human_move(page)
        if not now["last"]:
            continue
        highlighted += 1
        page.wait_for_function(
            "([n, ply]) => window.__motion.slice(n).some((d) => d.ply !== ply)",
            arg=[count, now["ply"]],
        )
        later: list[dict[str, Any]] = page.evaluate("window.__motion")[count:]
        after = next(d for d in later if d["ply"] != now["ply"])
        assert after["last"] == [], after  # the person's move: the bot's highlight moved on
        if highlighted >= 2:
            break
    assert highlighted >= 2, "no bot move highlighted before the person's turn"
