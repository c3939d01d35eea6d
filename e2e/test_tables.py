"""Every table watched while bots play (issue 21): an all-bot game of each game runs at the real
table for 30 s at the `fast` bot speed, the way a person watches one, and the page logs no
console error, no uncaught page error and no Content-Security-Policy violation.

The console fixture of ``conftest.py`` fails any test on those too; this test also counts them
itself, so that its figure stands on its own, and checks that the table kept moving."""

from __future__ import annotations

import pytest
from playwright.sync_api import ConsoleMessage, Page

from e2e.conftest import link, wait_engine

WATCH_SECONDS = 30
PLAYERS = {"marie": 4, "pharaoh": 4, "baggai": 5, "hitokai": 5, "yadokashi": 4}

COUNT_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`);
});
"""


@pytest.mark.parametrize("game", list(PLAYERS))
def test_an_all_bot_table_plays_30_s_without_a_console_error(
    page: Page, base_url: str, game: str
) -> None:
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.add_init_script("localStorage.setItem('pygames.speed', 'fast');")
    page.add_init_script(COUNT_VIOLATIONS)
    page.goto(base_url)
    wait_engine(page)
    players = PLAYERS[game]
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": "normal"} for i in range(players)]
    record = {
        "v": 1, "game": game, "players": players, "seed": 2100, "options": {},
        "seats": seats, "actions": [],
    }  # fmt: skip
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    table = page.get_by_test_id("table")
    table.wait_for()
    first = int(table.get_attribute("data-ply") or 0)
    page.wait_for_timeout(WATCH_SECONDS * 1000)
    last = int(table.get_attribute("data-ply") or 0)
    violations: list[str] = page.evaluate("window.__violations")
    assert errors == [], errors[:5]
    assert violations == [], violations[:5]
    # the bots played on all along (a move every 250 ms at most, thinking included)
    assert last - first >= 20 or table.get_attribute("data-waiting") == "over", (first, last)
