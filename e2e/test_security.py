"""User text never becomes HTML: a player named like an HTML injection is shown as text, and
nothing of it runs, in every game's table, the log and the end screen."""

from __future__ import annotations

import pytest
from conftest import INSTANT_BOTS, link, wait_engine
from playwright.sync_api import Page, expect

# names are at most 24 characters; d() is a function the page gets from the test, which would
# mark the page if anything of a name ever ran (the site's CSP would also refuse it)
NAME = "<img src=x onerror=d()>"
SCRIPT_NAME = "<script>d()</script>"
PLAYERS = {"marie": 3, "hitokai": 3, "pharaoh": 3, "baggai": 4, "yadokashi": 3}


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage): bots at once, ``d()`` marks the page."""
    warm_page.evaluate(INSTANT_BOTS)
    warm_page.evaluate("window.d = () => { window.__pwned = true; }; delete window.__pwned;")
    return warm_page


def assert_nothing_ran(page: Page) -> None:
    assert page.evaluate("window.__pwned") is None
    # no element was made from the names: every <img> of the page is the site's own
    sources = page.evaluate("[...document.images].map((i) => i.getAttribute('src'))")
    assert "x" not in sources
    assert page.locator("script:not([src])").count() == 0


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_html_in_names_is_shown_as_text(page: Page, base_url: str, game: str) -> None:
    players = PLAYERS[game]
    seats = [
        {"name": NAME, "kind": "human"},
        {"name": SCRIPT_NAME, "kind": "bot", "level": "normal"},
    ]
    seats += [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in range(2, players)]
    record = {"v": 1, "game": game, "players": players, "seed": 5, "options": {}, "seats": seats}
    page.goto(base_url + link(record))
    table = page.get_by_test_id("table")
    expect(table).to_be_visible(timeout=90_000)
    # the names appear as the literal text the players typed
    expect(page.get_by_text(NAME, exact=True).first).to_be_visible()
    page.wait_for_selector("[data-testid=table][data-waiting=human]", timeout=60_000)
    assert_nothing_ran(page)  # and the console oracle (conftest.py) saw no page error


def test_a_name_typed_in_the_setup_is_text(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}#/setup/yadokashi")
    wait_engine(page)  # the setup page draws itself again once the engine is ready
    name = page.get_by_test_id("seat-name-0")
    expect(name).to_be_visible(timeout=30_000)
    name.fill(NAME)
    expect(name).to_have_value(NAME)
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("table")).to_be_visible(timeout=90_000)
    expect(page.get_by_text(NAME, exact=True).first).to_be_visible()
    assert_nothing_ran(page)
