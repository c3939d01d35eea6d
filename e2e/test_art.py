"""Each game looks like itself (issue 24): its own art on its lobby tile, in its rules page's
header and as a small emblem on its table; and the collection has a name, "Five Tables" /
「五つの卓」, in the header, the document title and the manifest."""

from __future__ import annotations

import itertools
import json

import pytest
from conftest import INSTANT_BOTS, LANDSCAPE, PORTRAIT, Shot, dist_folder, resize, wait_engine
from playwright.sync_api import BrowserContext, Page, expect

GAMES = ("marie", "hitokai", "pharaoh", "baggai", "yadokashi")


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots at full speed, English unless a test switches."""
    context.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    return context


def lobby(page: Page, base_url: str) -> None:
    """Open the lobby and wait until every tile has its art, for the engine and for the site to
    be kept offline: the lobby is drawn again when each is ready (a note of its own), which would
    take a tile away from under a screenshot."""
    page.goto(base_url)
    wait_engine(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=60_000)
    for game in GAMES:
        expect(page.get_by_test_id(f"game-{game}").get_by_test_id("game-art")).to_be_visible()


@pytest.mark.service_worker
def test_the_five_tiles_art_differs(page: Page, base_url: str, shot: Shot) -> None:
    lobby(page, base_url)
    markup = {}
    pixels = {}
    for game in GAMES:
        tile = page.get_by_test_id(f"game-{game}")
        art = tile.get_by_test_id("game-art")
        # hidden from screen readers, the game's title next to it names the game
        expect(art).to_have_attribute("aria-hidden", "true")
        expect(art).to_have_attribute("data-art", game)
        expect(tile.get_by_test_id("game-title")).to_be_visible()
        box = art.bounding_box()
        assert box is not None and box["width"] >= 96 and box["height"] >= 90, (game, box)
        # a drawing, not an empty box: several shapes
        assert art.locator("svg path, svg circle, svg rect, svg ellipse").count() >= 10, game
        markup[game] = art.inner_html()
        pixels[game] = art.screenshot()
    for a, b in itertools.combinations(GAMES, 2):
        assert markup[a] != markup[b], f"{a} and {b} have the same art"
        # the same pixels would give the same PNG bytes (one browser, one encoder)
        assert pixels[a] != pixels[b], f"{a} and {b} look the same"
    # the old placeholder (the cake on a plate) is gone
    assert page.locator("[data-testid=game-list] .plate").count() == 0
    shot(page, "art-lobby-en", both=True)
    page.get_by_test_id("lang-ja").click()
    expect(page.get_by_test_id("game-marie").get_by_test_id("game-title")).to_have_text(
        "マリーの食卓"
    )
    shot(page, "art-lobby-ja", both=True)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_header_shows_the_games_art(warm_page: Page, base_url: str, game: str) -> None:
    page = warm_page
    page.goto(f"{base_url}#/rules/{game}")
    # the page is drawn again once the engine is ready (a full run once measured the art between
    # two drawings: no box): the checks read the page as it stays
    wait_engine(page)
    expect(page.get_by_test_id("rules-title")).to_be_visible()
    art = page.locator(".rules-head [data-testid=game-art]")
    expect(art).to_have_count(1)
    expect(art).to_be_visible()
    expect(art).to_have_attribute("data-art", game)
    expect(art).to_have_attribute("aria-hidden", "true")
    box = None
    for _ in range(20):  # a drawing still under way: measure again
        box = art.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None and box["width"] >= 140, box  # larger than on the tile
    # the lobby tile draws the same picture
    drawn = art.locator("svg").first.inner_html() if game != "marie" else None
    page.goto(base_url + "#/")
    tile_art = page.get_by_test_id(f"game-{game}").get_by_test_id("game-art")
    expect(tile_art).to_be_visible()
    if drawn is not None:
        assert tile_art.locator("svg").first.inner_html() == drawn


def test_rules_headers_in_both_languages(warm_page: Page, base_url: str, shot: Shot) -> None:
    page = warm_page
    for lang in ("en", "ja"):
        for game in GAMES:
            page.goto(f"{base_url}#/rules/{game}")
            expect(page.locator(".rules-head [data-testid=game-art]")).to_have_attribute(
                "data-art", game
            )
            if game == GAMES[0]:
                page.get_by_test_id(f"lang-{lang}").click()
                expect(page.locator("html")).to_have_attribute("lang", lang)
            shot(page, f"art-rules-{game}-{lang}", both=game in ("pharaoh", "yadokashi"))


@pytest.mark.parametrize("game", GAMES)
def test_the_table_shows_the_games_emblem(
    warm_page: Page, base_url: str, shot: Shot, game: str
) -> None:
    page = warm_page
    page.evaluate(INSTANT_BOTS)
    page.goto(f"{base_url}#/setup/{game}")
    expect(page.get_by_test_id("start-game")).to_be_visible(timeout=90_000)
    page.get_by_test_id("start-game").click()
    emblem = page.get_by_test_id("status").get_by_test_id("game-emblem")
    expect(emblem).to_be_visible(timeout=90_000)
    expect(emblem).to_have_attribute("data-art", game)
    expect(emblem).to_have_attribute("aria-hidden", "true")
    # the table names the game for screen readers
    expect(page.get_by_test_id("table-title")).not_to_be_empty()
    box = emblem.bounding_box()
    assert box is not None and box["width"] <= 40 and box["height"] <= 40, box  # small
    shot(page, f"art-table-{game}", both=True)


@pytest.mark.service_worker
def test_the_collection_has_a_name(page: Page, base_url: str) -> None:
    lobby(page, base_url)
    expect(page.get_by_test_id("brand")).to_have_text("Five Tables")
    expect(page).to_have_title("Five Tables · 五つの卓")
    expect(page.locator(".brand-logo .collection-mark")).to_have_count(1)
    page.get_by_test_id("lang-ja").click()
    expect(page.get_by_test_id("brand")).to_have_text("五つの卓")
    expect(page).to_have_title("五つの卓 · Five Tables")
    title = page.locator("meta[name=apple-mobile-web-app-title]")
    expect(title).to_have_attribute("content", "Five Tables")
    manifest = json.loads((dist_folder() / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["short_name"] == "Five Tables"
    assert "五つの卓" in manifest["name"] and "Five Tables" in manifest["name"]
    for size in (LANDSCAPE, PORTRAIT):
        resize(page, size)
        brand = page.get_by_test_id("brand")
        assert brand.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), size
