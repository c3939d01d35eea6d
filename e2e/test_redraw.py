"""Redraws: a table drawn without listeners is laid over the one on screen (web/ui/patch.js).

The patch is checked on its own against random trees (what is on screen afterwards is exactly
the fresh drawing; nodes are kept only where allowed), then in all-bot games: the bots' moves
patch the table and keep its nodes, and every game still ends on its end screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from e2e.conftest import INSTANT_BOTS, link

# Random trees of a few tags, attributes and texts; each case draws an "old" tree (on screen)
# and a "fresh" one, places the fresh children over the old ones, and reports what it saw.
PATCH_CASES = "\n".join(
    line
    for line in (Path(__file__).parent / "patch_cases.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")  # the file's own heading: evaluate() takes the function alone
)


def test_a_patch_shows_exactly_the_fresh_drawing(warm_page: Page) -> None:
    page = warm_page
    seen: dict[str, Any] = page.evaluate(PATCH_CASES, 300)
    assert seen["cases"] == 300
    assert seen["same"] == 300, seen.get("differs")
    assert seen["keptSome"] > 75, seen  # of 150 drawings a little changed, most keep nodes
    assert seen["inputKept"] == 0, seen  # a form field is never patched into another
    assert seen["keyedKept"] == seen["keyedCases"] == 40, seen  # same key, same node
    assert seen["keptPlaced"], seen
    # style properties are copied through the CSSOM: the page's CSP saw no style attribute
    assert seen["violations"] == 0, seen


# Counts the table's draws while a game plays, how many of them kept the status bar that was on
# screen before them, and the CSP violations of the page (the counts start again at each call; the
# listeners are added once to the page the module's tests share).
WATCH = r"""
() => {
  window.__redraws = { draws: 0, keptBar: 0, violations: 0 };
  if (window.__redrawsWatched) return;
  window.__redrawsWatched = true;
  document.addEventListener('securitypolicyviolation', () => { window.__redraws.violations += 1; });
  let last = null;
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.attributeName !== 'data-drawn') continue;
      window.__redraws.draws += 1;
      const bar = m.target.querySelector('[data-testid=status]');
      if (bar && bar === last) window.__redraws.keptBar += 1;
      last = bar;
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
}
"""


@pytest.mark.parametrize("game", ["marie", "hitokai", "pharaoh", "baggai", "yadokashi"])
def test_bot_moves_patch_the_table(warm_page: Page, base_url: str, game: str) -> None:
    page = warm_page
    # the first moves at the fast speed (a pause of 250 ms before each bot's move, so that frames
    # are drawn between them even on a loaded machine), the rest at the instant speed
    page.evaluate("localStorage.setItem('pygames.speed', 'fast');")
    page.evaluate(WATCH)
    players = {"pharaoh": 2, "baggai": 4}.get(game, 3)
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)]
    record = {
        "v": 1, "game": game, "players": players, "seed": 41, "options": {},
        "seats": seats, "actions": [],
    }  # fmt: skip
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    # some moves are drawn between the first drawing and the end screen (draws are coalesced, at
    # most one a frame: at the instant speed a loaded machine once drew a whole game in one frame)
    page.wait_for_function("() => window.__redraws.draws >= 3", timeout=60_000)
    page.evaluate(INSTANT_BOTS)
    page.wait_for_selector(
        "[data-testid=table][data-waiting=over]", state="attached", timeout=120_000
    )
    page.get_by_test_id("end-screen").wait_for()
    counts: dict[str, int] = page.evaluate("window.__redraws")
    plies = int(page.get_by_test_id("table").get_attribute("data-ply") or 0)
    assert plies > 10
    assert counts["draws"] >= 3, counts
    # each draw is laid over the table on screen: the status bar stays the same element throughout
    assert counts["keptBar"] >= counts["draws"] - 1, counts
    assert counts["violations"] == 0, counts
