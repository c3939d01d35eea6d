"""Redraws: a table drawn without listeners is laid over the one on screen (web/ui/patch.js).

The patch is checked on its own against random trees (what is on screen afterwards is exactly
the fresh drawing; nodes are kept only where allowed), then in all-bot games: the bots' moves
patch the table and keep its nodes, and every game still ends on its end screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from e2e.conftest import INSTANT_BOTS, link, wait_engine

# Random trees of a few tags, attributes and texts; each case draws an "old" tree (on screen)
# and a "fresh" one, places the fresh children over the old ones, and reports what it saw.
PATCH_CASES = "\n".join(
    line
    for line in (Path(__file__).parent / "patch_cases.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")  # the file's own heading: evaluate() takes the function alone
)


def test_a_patch_shows_exactly_the_fresh_drawing(page: Page, base_url: str) -> None:
    page.goto(base_url)
    wait_engine(page)
    seen: dict[str, Any] = page.evaluate(PATCH_CASES, 300)
    assert seen["cases"] == 300
    assert seen["same"] == 300, seen.get("differs")
    assert seen["keptSome"] > 75, seen  # of 150 drawings a little changed, most keep nodes
    assert seen["listenedKept"] == 0 and seen["inputKept"] == 0, seen
    assert seen["replaced"] and seen["keptPlaced"] and seen["counted"], seen


# Counts the table's redraws by kind while a game plays, and how many patches kept the status
# bar that was on screen before them.
WATCH = r"""
() => {
  window.__redraws = { patch: 0, replace: 0, keptBar: 0 };
  let last = null;
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.attributeName !== 'data-redraw') continue;
      const kind = m.target.dataset.redraw;
      window.__redraws[kind] += 1;
      const bar = m.target.querySelector('[data-testid=status]');
      if (kind === 'patch' && bar && bar === last) window.__redraws.keptBar += 1;
      last = bar;
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-redraw'] });
}
"""


@pytest.mark.parametrize("game", ["marie", "hitokai", "pharaoh", "baggai", "yadokashi"])
def test_bot_moves_patch_the_table(page: Page, base_url: str, game: str) -> None:
    page.add_init_script(INSTANT_BOTS)
    page.goto(base_url)
    wait_engine(page)
    page.evaluate(WATCH)
    players = {"pharaoh": 2, "baggai": 4}.get(game, 3)
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)]
    record = {
        "v": 1, "game": game, "players": players, "seed": 41, "options": {},
        "seats": seats, "actions": [],
    }  # fmt: skip
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    page.wait_for_selector(
        "[data-testid=table][data-waiting=over]", state="attached", timeout=120_000
    )
    page.get_by_test_id("end-screen").wait_for()
    counts: dict[str, int] = page.evaluate("window.__redraws")
    plies = int(page.get_by_test_id("table").get_attribute("data-ply") or 0)
    assert plies > 10
    # the bots' moves are patched in, bar the end screen (it has buttons) and, in The Egyptian
    # Buyer, the moves under a round's summary (its "Continue" stays up for a spectator until the
    # next round ends)
    assert counts["patch"] >= (20 if game == "hitokai" else plies // 2), counts
    assert counts["replace"] >= 1, counts
    # a patch keeps the nodes on screen: the status bar stayed the same element
    assert counts["keptBar"] >= counts["patch"] - 2, counts
