"""The README's gallery (issue 24, part 5): the lobby and each game's table mid-game, 1024x768.

Skipped unless ``PYGAMES_GALLERY`` names a folder: ``python3 tools/gallery.py`` runs this module
with it set, then checks the images and moves them to ``docs/gallery/``. What is shot (the
games, seeds, how far in, the file names, the JPEG quality) is defined in ``tools/gallery.py``.

Each table is a seeded game of ``normal`` bots whose seat 0 becomes the one human, "Player 1",
cut just before that seat's first action after a share of the game: the table is shown as the
human sees it when it is their turn (their own hand and pieces, the others' hidden), never the
privacy screen (one human only) and never a loading screen (the test waits for the table).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.conftest import (
    LANDSCAPE,
    READY,
    link,
    record_of,
    scroll_top,
    settle,
    simulate,
    wait_engine,
)
from tools.gallery import ENV_OUT, LOBBIES, QUALITY, TABLES, Table

pytestmark = pytest.mark.skipif(
    not os.environ.get(ENV_OUT), reason=f"the gallery is made by tools/gallery.py ({ENV_OUT})"
)


def out_dir() -> Path:
    """The folder the images go to."""
    folder = Path(os.environ[ENV_OUT])
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser: Browser, lang: str) -> Iterator[Page]:
    """A landscape page in ``lang`` whose bots move at once."""
    context = browser.new_context(viewport=LANDSCAPE, locale="en-US")
    context.add_init_script(
        "localStorage.setItem('pygames.speed', 'instant');"
        f"localStorage.setItem('pygames.lang', '{lang}');"
    )
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def en_page(browser: Browser) -> Iterator[Page]:
    """An English landscape page."""
    yield from new_page(browser, "en")


def save(page: Page, name: str) -> None:
    """Let the page settle, scroll everything to its top and save the JPEG."""
    settle(page, 2000)
    scroll_top(page)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out_dir() / name), type="jpeg", quality=QUALITY)


def mid_game(table: Table) -> dict[str, Any]:
    """The table's record: seat 0 a human, "Player 1"; cut before its turn (see Table)."""
    line = simulate(table.game, table.players, table.seed, "normal")
    record = record_of(line)
    seats = [
        {"name": "Player 1", "kind": "human"} if i == 0 else {**seat, "name": f"Bot {i + 1}"}
        for i, seat in enumerate(record["seats"])
    ]
    actions: list[str] = record["actions"]
    for i in range(int(len(actions) * table.share), len(actions)):
        if actions[i].startswith(f"0:{table.before}"):
            return {**record, "seats": seats, "actions": actions[:i]}
    raise AssertionError(f"{table.game}: no 0:{table.before} after {table.share:.0%} of the game")


@pytest.mark.parametrize("lang", list(LOBBIES))
def test_lobby(browser: Browser, base_url: str, lang: str) -> None:
    for page in new_page(browser, lang):
        page.goto(base_url + "#/")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("game-yadokashi")).to_be_visible()
        wait_engine(page)
        save(page, LOBBIES[lang])


@pytest.mark.parametrize("table", TABLES, ids=[table.game for table in TABLES])
def test_table(en_page: Page, base_url: str, table: Table) -> None:
    page = en_page
    record = mid_game(table)
    page.goto(base_url + link(record))
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.get_by_test_id("privacy-screen")).to_have_count(0)
    board = page.get_by_test_id("table")
    expect(board).to_have_attribute("data-waiting", "human")
    assert int(board.get_attribute("data-ply") or 0) > 0, "the game has not started"
    save(page, table.file)
