"""Every table watched while bots play (issue 21): an all-bot game of each game runs at the real
table at the `fast` bot speed, the way a person watches one, until :data:`PLIES` positions were
drawn (or the game ended), and the page logs no console error, no uncaught page error and no
Content-Security-Policy violation.

The console oracle of ``conftest.py`` (``no_console_errors``) fails the test on any of those;
this test checks that the table kept moving, each position drawn in turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.conftest import link, wait_true

PLIES = 30  # positions drawn while watching (the bots answer every 250 ms at most, thinking aside)
PLAYERS = {"marie": 4, "pharaoh": 4, "baggai": 5, "hitokai": 5, "yadokashi": 4}

# The plies the table was drawn at, in the order drawn (each change of its data-ply), from the
# call on (the observer is added once to the page the module's tests share).
WATCH_PLIES = """() => {
  window.__plies = [];
  if (window.__pliesWatched) return;
  window.__pliesWatched = true;
  new MutationObserver(() => {
    const ply = document.querySelector('[data-testid=table]')?.dataset.ply;
    if (ply !== undefined && window.__plies.at(-1) !== Number(ply)) {
      window.__plies.push(Number(ply));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ply'] });
}"""
WATCHED = (
    f"window.__plies.length >= {PLIES} "
    "|| document.querySelector('[data-testid=table]')?.dataset.waiting === 'over'"
)


@pytest.mark.parametrize("game", list(PLAYERS))
def test_an_all_bot_table_plays_without_a_console_error(
    warm_page: Page, base_url: str, game: str
) -> None:
    page = warm_page
    page.evaluate("localStorage.setItem('pygames.speed', 'fast');")
    page.evaluate(WATCH_PLIES)
    players = PLAYERS[game]
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)]
    record = {
        "v": 1, "game": game, "players": players, "seed": 2100, "options": {},
        "seats": seats, "actions": [],
    }  # fmt: skip
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    page.get_by_test_id("table").wait_for()
    wait_true(page, WATCHED, timeout=180_000)
    plies: list[int] = page.evaluate("window.__plies")
    over = page.get_by_test_id("table").get_attribute("data-waiting") == "over"
    # the bots played on all along, one move after another
    assert len(plies) >= PLIES or (over and len(plies) > 1), plies
    assert plies == sorted(plies), plies
