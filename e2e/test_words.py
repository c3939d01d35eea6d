"""Words that are right (issue 24): a walk through every screen of every game in Japanese fails on
any Latin word outside an allow-list; the same walk in English fails on a count whose noun does
not agree ("1 cards", "1 kinds"). And the page's own strings follow a switch of language: the
"Link copied." toast and the default names of the seats ("Player 1", "Bot 2") of a game started
in the other language.

Screens: the lobby, then per game the rules, the setup, the table a few moves in, the round
summary where the game has one (The Egyptian Buyer), the end screen of a finished all-bot game
and the replay viewer of it. The seats of the games carry the English default names, so the
Japanese walk also checks that they are shown in Japanese. Bots play at the instant speed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import (
    INSTANT_BOTS,
    Shot,
    link,
    record_of,
    simulate,
    switch_lang,
    wait_engine,
    wait_true,
    wait_turn,
)
from pygames.core.play import bot_move
from pygames.core.record import Record, Seat, new_state

PLAYERS = {"marie": 4, "hitokai": 4, "pharaoh": 3, "baggai": 4, "yadokashi": 4}
SEED = 24

#: Latin words a Japanese screen may show: the game BAG-GAI's own name, units, the language
#: button (EN, titled English), and the names of people and books in the credits (printed as
#: published: added by the walk from the rules page)
ALLOWED = {"BAG", "GAI", "EN", "English", "kB", "MB", "KB"}
#: an English count whose noun or verb does not agree with it
NOUNS = (
    "card|star|kind|bag|point|pt|crab|die|treasure|coin|spot|shell|member|item|game|jar|sword"
    "|ankh|throne|crab|dice"
)
SLIP = re.compile(
    rf"(?<![\d.,¥+#/-])\b1 (?:\w+ )?(?:{NOUNS})s\b|(?<![\d.,¥+#/-])\b1 (?:are|were|have)\b"
    r"|\bfor 0 stars\b|\bEat the (\d+), keep the \1\b"
)

VISIBLE_TEXT = """() => {
  const out = [document.body.innerText];
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    if (el.checkVisibility && !el.checkVisibility()) continue;
    for (const name of ['title', 'aria-label']) out.push(el.getAttribute(name) || '');
  }
  return out.join('\\n');
}"""


def credits_words(page: Page) -> set[str]:
    """Latin words of the credits of the rules page (names of people and books, as published)."""
    text: str = page.evaluate(
        "() => document.querySelector('[data-testid=credits]')?.innerText || ''"
    )
    return set(re.findall(r"[A-Za-z][A-Za-z'’]*", text))


def latin_words(text: str, allowed: set[str]) -> list[str]:
    """The Latin words of a Japanese screen outside the allow-list."""
    words = re.findall(r"[A-Za-z][A-Za-z'’]*", text.replace("BAG-GAI", " "))
    return sorted({w for w in words if w not in allowed})


def english_slips(text: str) -> list[str]:
    """The counts of an English screen that do not agree with their nouns."""
    return sorted({m.group(0) for m in SLIP.finditer(text)})


class Walk:
    """Visits screens in one language and keeps what is wrong on each, by the screen's name."""

    def __init__(self, page: Page, lang: str, shot: Shot) -> None:
        self.page, self.lang, self.shot = page, lang, shot
        self.allowed = set(ALLOWED)
        self.bad: dict[str, list[str]] = {}
        self.seen: list[str] = []

    def check(self, screen: str) -> None:
        """Read the visible text of the screen now on show."""
        text: str = self.page.evaluate(VISIBLE_TEXT)
        self.seen.append(screen)
        if self.lang == "ja" and ("table" in screen or screen == "lobby"):
            self.shot(self.page, "words-ja-" + screen.replace(": ", "-").replace(" ", "-"))
        found = latin_words(text, self.allowed) if self.lang == "ja" else english_slips(text)
        if found:
            self.bad[screen] = found
            Path("artifacts").mkdir(exist_ok=True)
            with Path("artifacts/words-walk.txt").open("a", encoding="utf-8") as out:
                out.write(f"== {self.lang} {screen}: {found}\n{text}\n")

    def go(self, hash_: str, selector: str) -> None:
        """Open an address of the site and wait for the screen."""
        self.page.evaluate("(hash) => { location.hash = hash; }", hash_)
        self.page.wait_for_selector(selector, timeout=60_000)


def seats(players: int, human: int | None) -> list[dict[str, Any]]:
    """Seats with the English default names (seat ``human`` a person, the others bots)."""
    return [
        {"name": f"Player {i + 1}", "kind": "human"}
        if i == human
        else {"name": f"Bot {i + 1}", "kind": "bot", "level": "easy"}
        for i in range(players)
    ]


def round_end(record: dict[str, Any]) -> int:
    """How many actions of the record end its first round (the view's ``round`` goes up)."""
    bots = [Seat(s["name"], "bot", "easy") for s in record["seats"]]
    state = new_state(Record(record["game"], record["players"], record["seed"], {}, bots, []))
    first = state.view(None).get("round")
    for k, action in enumerate(record["actions"]):
        seat, _, notation = action.partition(":")
        state.apply(int(seat), notation)
        if state.view(None).get("round") != first:
            return k + 1
    raise AssertionError("the game has a single round")


def walk_game(walk: Walk, game: str) -> None:
    """Rules, setup, table a few moves in, round summary, end screen and replay of a game."""
    page = walk.page
    walk.go(f"#/rules/{game}", "[data-testid=rules-title]")
    walk.allowed |= credits_words(page)
    walk.check(f"{game}: rules")
    walk.go(f"#/setup/{game}", "[data-testid=seat-name-0]")
    walk.check(f"{game}: setup")
    players = PLAYERS[game]
    finished = record_of(simulate(game, players, SEED))
    table = {**finished, "seats": seats(players, 0), "actions": finished["actions"][:6]}
    walk.go(link(table), "[data-testid=table]")
    wait_turn(page)
    walk.check(f"{game}: table")
    done = {**finished, "seats": seats(players, None)}
    if game == "hitokai":  # the replay shows the summary at the first position of a new round
        at = f"#/replay&{link(done)[1:]}&ply={round_end(finished)}"
        walk.go(at, "[data-testid=round-summary]")
        walk.check(f"{game}: round summary")
    walk.go(link(done), "[data-testid=end-screen]")
    walk.check(f"{game}: end")
    walk.go("#/replay&" + link(done)[1:], "[data-testid=replay]")
    page.wait_for_selector("[data-testid=replay-board] *")
    walk.check(f"{game}: replay")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_screen_of_every_game_speaks_its_language(
    warm_page: Page, base_url: str, lang: str, shot: Shot
) -> None:
    page = warm_page
    page.evaluate(INSTANT_BOTS)
    switch_lang(page, lang)
    page.wait_for_selector("[data-testid=game-marie]", timeout=30_000)
    walk = Walk(page, lang, shot)
    walk.check("lobby")
    for game in PLAYERS:
        walk_game(walk, game)
    assert len(walk.seen) == 1 + 5 * 5 + 1, walk.seen
    assert walk.bad == {}, walk.bad


def test_the_walk_finds_latin_words_and_english_slips() -> None:
    """The checks of the walk can fail: they find what the issue found."""
    assert latin_words("片付け:左のBankは3万円", set(ALLOWED)) == ["Bank"]
    assert latin_words("BAG-GAI プレイヤー1 12 kB", set(ALLOWED)) == []
    assert latin_words("Player 1、ボット2", set(ALLOWED)) == ["Player"]
    assert english_slips("+0 / 1 kinds") == ["1 kinds"]
    assert english_slips("each player is dealt 21 cards; 1 are left out") == ["1 are"]
    assert english_slips("Eat the 2, keep the 2") == ["Eat the 2, keep the 2"]
    assert english_slips("Eat the 2, keep the 5 · 1 kind · 2 kinds · 1 card") == []


def test_link_copied_toast_and_default_names_follow_the_language(page: Page, base_url: str) -> None:
    page.add_init_script(INSTANT_BOTS + "localStorage.setItem('pygames.lang', 'en');")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(base_url)
    wait_engine(page)
    record = record_of(simulate("marie", 3, SEED))
    record["seats"] = seats(3, None)
    record["seats"][1]["name"] = "Bot 7"  # a typed name (not seat 2's default) never changes
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    page.get_by_test_id("end-screen").wait_for()
    text = page.evaluate("document.body.innerText")
    assert "Bot 1" in text and "Bot 3" in text and "Bot 7" in text, text
    page.get_by_test_id("copy-link").click()
    toast, status = page.get_by_test_id("toast"), page.get_by_test_id("copy-status")
    assert toast.inner_text() == "Link copied." and status.inner_text() == "Link copied."
    # the language changes while the dialog and the toast are up: both follow
    page.evaluate("async () => (await import('./i18n.js')).setLang('ja')")
    # the page redraws in the next frame: wait for it, then read
    expect(toast).to_have_text("リンクをコピーしました。")
    expect(status).to_have_text("リンクをコピーしました。")
    expect(page.get_by_test_id("dialog-close")).to_have_text("閉じる")
    page.keyboard.press("Escape")
    wait_true(page, "document.body.innerText.includes('ボット1')", timeout=6000)
    text = page.evaluate("document.body.innerText")
    assert "ボット1" in text and "ボット3" in text and "Bot 7" in text, text
    assert "Bot 1" not in text and "Bot 3" not in text and "Link copied" not in text
    # once faded out, the toast leaves no words behind (in no language)
    wait_true(page, "!document.getElementById('toast').textContent", timeout=6000)
    page.get_by_test_id("lang-en").click()
    wait_true(page, "document.body.innerText.includes('Bot 1')", timeout=6000)
    text = page.evaluate("document.body.innerText")
    assert "Bot 1" in text and "ボット1" not in text and "Link copied" not in text, text


def twin_pair_game() -> tuple[dict[str, Any], int]:
    """A Marie's Table record (3 players, bots) cut where seat 0 decides about a pair of equal
    cards, and the card."""
    for seed in range(100):
        bots = [Seat(f"Bot {s + 1}", "bot", "easy") for s in range(3)]
        record = Record("marie", 3, seed, {}, bots, [])
        state = new_state(record)
        while not state.is_over():
            if 0 in state.to_move() and state.view(0).get("phase") == "decide":
                pair = state.held(0)  # type: ignore[attr-defined]
                if pair[0] == pair[1] and f"eat{pair[0]}" in state.legal_actions(0):
                    data = record.to_json()
                    data["seats"] = seats(3, 0)
                    return data, pair[0]
            seat = state.to_move()[0]
            action = bot_move(record, state, seat)
            state.apply(seat, action)
            record.actions.append(f"{seat}:{action}")
    raise AssertionError("no pair of equal cards to decide about in 100 games")


@pytest.mark.parametrize(
    ("lang", "eat_one", "eat_both"),
    [
        ("en", "Eat one {0}, keep the other", "Eat both"),
        ("ja", "{0}を1枚食べて、もう1枚を確定", "2枚とも食べる"),
    ],
)
def test_a_pair_of_equal_cards_offers_one_eat_one_choice(
    warm_page: Page, base_url: str, lang: str, eat_one: str, eat_both: str
) -> None:
    page = warm_page
    record, card = twin_pair_game()
    page.evaluate(INSTANT_BOTS)
    switch_lang(page, lang)
    page.evaluate("(hash) => { location.hash = hash; }", link(record))
    page.wait_for_selector("[data-testid=decide-keep]", timeout=30_000)
    eats = page.locator("[data-testid^=decide-eat-]").all_inner_texts()
    assert [e.strip() for e in eats] == [eat_one.format(card), eat_both], eats


def test_plurals_go_through_intl_plural_rules(warm_page: Page) -> None:
    page = warm_page
    got = page.evaluate(
        """async () => {
          const i18n = await import('./i18n.js');
          const out = [];
          for (const lang of ['en', 'ja']) {
            i18n.setLang(lang);
            out.push(i18n.tp('pts', 1), i18n.tp('pts', 0), i18n.tp('pts', 2));
            out.push(i18n.t('savesDamaged', 1));
          }
          return out;
        }"""
    )
    assert got == [
        "1 pt",
        "0 pts",
        "2 pts",
        "1 saved game could not be read and was skipped.",
        "1点",
        "0点",
        "2点",
        "保存されたゲーム1件が読み込めなかったため、表示していません。",
    ]
