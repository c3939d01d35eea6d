"""The rules written for learning (web/rules/<id>.js) on the rules page and in the Rules dialog.

One page walks the five games: each rules page shows every section, the drawn example and the
glossary in both languages, as the guide's data says; at a real table of each game the Rules
button opens that game's guide over the table, and closing it (Escape) gives back the very same
table: same ply, same drawing, the same address, the focus on the button, and no request sent
to the engine's worker meanwhile. The replay viewer and the pass-and-play cover have the button
too.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import (
    INSTANT_BOTS,
    Shot,
    link,
    record_of,
    settle,
    simulate,
    wait_turn,
)

GAMES = {"marie": 4, "hitokai": 4, "pharaoh": 3, "baggai": 4, "yadokashi": 4}
SECTIONS = ["goal", "setup", "turn", "scoring", "end"]
SEED = 24

# Count every message the page posts to a worker (the engine's requests go that way).
COUNT_POSTS = """
window.__posts = 0;
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (...args) {
  window.__posts += 1;
  return post.apply(this, args);
};
"""

TITLE = """(id) => fetch('./catalog.json').then((r) => r.json())
  .then((c) => c.games.find((g) => g.id === id).titles.en)"""

CREDITS = """(id) => fetch('./catalog.json').then((r) => r.json())
  .then((c) => c.games.find((g) => g.id === id).credits.map((x) => x.en))"""

GUIDE = "(id) => import(`./rules/${id}.js`).then((m) => m.default)"


@pytest.fixture(scope="module")
def warm_init_scripts() -> list[str]:
    """The module's shared page counts its messages to workers."""
    return [COUNT_POSTS]


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage), bots at the instant speed."""
    warm_page.evaluate(INSTANT_BOTS)
    return warm_page


def seats(players: int, humans: set[int]) -> list[dict[str, Any]]:
    return [
        {"name": f"Player {i + 1}", "kind": "human"}
        if i in humans
        else {"name": f"Bot {i + 1}", "kind": "bot", "level": "easy"}
        for i in range(players)
    ]


def check_guide(page: Page, scope: Any, guide: dict[str, Any], lang: str) -> None:
    """The guide in `scope` shows every section's title, the example and every glossary term."""
    for section in guide["sections"]:
        part = scope.get_by_test_id(f"guide-{section['id']}")
        expect(part.locator("h2")).to_have_text(section["title"][lang])
    assert [s["id"] for s in guide["sections"]] == SECTIONS
    example = scope.get_by_test_id("guide-example")
    expect(example.first.locator("figcaption")).not_to_be_empty()
    assert example.first.locator(".guide-art > *").count() > 0, "the example draws nothing"
    terms = scope.get_by_test_id("guide-glossary").locator("dt")
    expect(terms).to_have_text([g["term"][lang] for g in guide["glossary"]])


def test_each_rules_page_shows_its_guide_in_both_languages(
    page: Page, base_url: str, shot: Shot
) -> None:
    page.goto(base_url + "#/rules/marie")
    for lang in ["en", "ja"]:
        page.get_by_test_id(f"lang-{lang}").click()
        for game in GAMES:
            page.evaluate("(h) => { location.hash = h; }", f"#/rules/{game}")
            expect(page.get_by_test_id("guide")).to_have_attribute("data-game", game)
            guide = page.evaluate(GUIDE, game)
            check_guide(page, page.get_by_test_id("guide"), guide, lang)
            expect(page.get_by_test_id("credits").locator("li").first).to_be_visible()
            if lang == "en" or game == "baggai":
                page.get_by_test_id("guide-example").scroll_into_view_if_needed()
                settle(page, 500)
                shot(page, f"rules-guide-{game}-{lang}", both=True)
    # the contents scroll to a section; the address stays the rules page's
    page.get_by_test_id("guide-toc").locator("button").nth(3).click()
    expect(page.get_by_test_id("guide-scoring").locator("h2")).to_be_focused()
    assert page.url.endswith("#/rules/yadokashi")


def open_table(page: Page, base_url: str, game: str) -> None:
    players = GAMES[game]
    finished = record_of(simulate(game, players, SEED))
    table = {**finished, "seats": seats(players, {0}), "actions": finished["actions"][:6]}
    page.evaluate("(h) => { location.hash = h; }", link(table))
    page.wait_for_selector("[data-testid=table]", timeout=60_000)
    assert wait_turn(page) not in ("over", "pass")
    settle(page, 1500)


def test_the_rules_dialog_leaves_each_table_as_it_was(
    page: Page, base_url: str, shot: Shot
) -> None:
    for game in GAMES:
        open_table(page, base_url, game)
        table = page.get_by_test_id("table")
        ply = table.get_attribute("data-ply")
        board = table.inner_html()
        url, posts = page.url, page.evaluate("window.__posts")
        page.get_by_test_id("rules-open").click()
        dialog = page.get_by_test_id("rules-dialog")
        expect(dialog.get_by_test_id("guide")).to_have_attribute("data-game", game)
        check_guide(page, dialog, page.evaluate(GUIDE, game), "en")
        title = page.evaluate(TITLE, game)
        expect(dialog.get_by_test_id("rules-dialog-title")).to_have_text(title)
        # the designer and publisher close the rules at the table too, as on the rules page
        credits = page.evaluate(CREDITS, game)
        expect(dialog.get_by_test_id("rules-dialog-credits").locator("li")).to_have_text(credits)
        shot(page, f"rules-dialog-{game}", both=True)
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        expect(page.get_by_test_id("rules-open")).to_be_focused()
        assert page.url == url
        assert table.get_attribute("data-ply") == ply
        assert table.inner_html() == board
        assert page.evaluate("window.__posts") == posts, "the dialog asked the engine"
    # the dialog follows a switch of language while it is open
    page.get_by_test_id("rules-open").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog.get_by_test_id("guide")).to_be_visible()
    page.evaluate("() => document.querySelector('[data-testid=lang-ja]').click()")
    check_guide(page, dialog, page.evaluate(GUIDE, "yadokashi"), "ja")
    shot(page, "rules-dialog-yadokashi-ja", both=True)
    # the contents stay at the top while the rules scroll (a beginner scrolled down and tapped
    # where they had been), and a section tapped from there stops below them
    body = dialog.get_by_test_id("rules-dialog-body")
    body.evaluate("(b) => { b.scrollTop = b.scrollHeight; }")
    toc = dialog.get_by_test_id("guide-toc")
    tb, bb = toc.bounding_box(), body.bounding_box()
    assert tb and bb and abs(tb["y"] - bb["y"]) <= 2, (tb, bb)
    link = toc.locator(".guide-toc-link").nth(3)
    link.click()
    page.wait_for_timeout(400)
    below = link.evaluate(
        """(a) => {
          const toc = a.closest('.guide-toc').getBoundingClientRect();
          const to = document.getElementById(a.dataset.guideJump).getBoundingClientRect();
          return to.top >= toc.bottom - 1 && to.top < toc.bottom + 120;
        }"""
    )
    assert below, "the section's start is hidden under the contents, or far below them"
    dialog.get_by_test_id("dialog-close").click()
    expect(dialog).to_have_count(0)


def test_rules_from_the_cover_and_the_replay(page: Page, base_url: str, shot: Shot) -> None:
    finished = record_of(simulate("marie", 4, SEED))
    table = {**finished, "seats": seats(4, {0, 1}), "actions": finished["actions"][:6]}
    page.evaluate("(h) => { location.hash = h; }", link(table))
    cover = page.get_by_test_id("privacy-screen")
    expect(cover).to_be_visible(timeout=60_000)
    page.get_by_test_id("privacy-rules").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog.get_by_test_id("guide")).to_have_attribute("data-game", "marie")
    shot(page, "rules-dialog-cover", both=True)
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(cover).to_be_visible()
    expect(page.get_by_test_id("privacy-rules")).to_be_focused()

    done = {**finished, "seats": seats(4, set())}
    page.evaluate("(h) => { location.hash = h; }", "#/replay&" + link(done)[1:])
    page.wait_for_selector("[data-testid=replay-board] *", timeout=60_000)
    page.get_by_test_id("rules-open").click()
    expect(dialog.get_by_test_id("guide")).to_have_attribute("data-game", "marie")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("rules-open")).to_be_focused()
